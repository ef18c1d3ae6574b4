"""Oska (ECS 170 Spring 2022, Homework 3 and 4): the engine, whose names are re-exported
here, and the console game."""

from connect4_game.oska.engine import *  # noqa: F401,F403
from connect4_game.oska.engine import __all__  # noqa: F401
