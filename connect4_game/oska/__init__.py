"""Oska (ECS 170 Spring 2022, Homework Assignments 3 and 4): the engine
(:mod:`~connect4_game.oska.engine`, whose names are re-exported here) and the
console game (:mod:`~connect4_game.oska.console`). The window plays it as a
screen of the same app (:mod:`connect4_game.ui.screens.oska`).

Nothing here imports pygame.
"""

from connect4_game.oska.engine import *  # noqa: F401,F403
from connect4_game.oska.engine import __all__  # noqa: F401
