"""The console's player for a side as the command line names it: ``human``,
``random``, ``ai`` (the assignment's ``AIPlayer``, BU CS111 ps9, Problem 4),
a level (``easy`` .. ``expert``) or a user's ``FILE.py:ClassName`` plug-in.

The console game (``--text``) and the tournament build their players here.
This module never imports pygame.
"""

from __future__ import annotations

from connect4_game.core.console import ConsolePlayer
from connect4_game.players import AIPlayer, Player, RandomPlayer
from connect4_game.plugins.guarded import GuardedPlayer
from connect4_game.plugins.loader import load_player
from connect4_game.plugins.process import ProcessPlayer
from connect4_game.plugins.spec import is_plugin_spec, spec_label

__all__ = ['CONSOLE_PLUGIN_MOVE_SECONDS', 'console_player']

CONSOLE_PLUGIN_MOVE_SECONDS = 60.0
"""Seconds a plug-in has for a move in the console game; then the user takes over."""


def console_player(kind: str, checker: str, lookahead: int, tiebreak: str) -> ConsolePlayer:
    """A player of ``checker`` (``'X'`` or ``'O'``) for ``kind``.

    :param kind: ``'human'`` (the assignment's console ``Player``), ``'random'``,
        ``'ai'``, the name of a level of :data:`connect4_game.ai.levels.LEVELS`, or a plug-in spec
        (``FILE.py:ClassName``, played from a process of its own; another
        spec the loader knows is played in this process, guarded).
    :param lookahead: plies (>= 0) for ``'ai'`` and plug-ins.
    :param tiebreak: ``'LEFT'``, ``'RIGHT'`` or ``'RANDOM'`` for ``'ai'`` and plug-ins.
    :raises ValueError: for a bad checker, lookahead or tiebreak, or a plug-in
        that cannot be loaded (one line saying why).
    """
    if kind == 'human':
        return Player(checker)
    if kind == 'random':
        return RandomPlayer(checker)
    if kind == 'ai':
        return AIPlayer(checker, tiebreak, lookahead)
    from connect4_game.ai.levels import is_level, make_level_player
    if is_level(kind):
        return make_level_player(kind, checker)
    if is_plugin_spec(kind):   # the user's own code: in a process of its own
        return ProcessPlayer(kind, checker, tiebreak, lookahead, label=spec_label(kind),
                             timeout=CONSOLE_PLUGIN_MOVE_SECONDS)
    return GuardedPlayer(load_player(kind, checker, tiebreak, lookahead), label=spec_label(kind),
                         timeout=CONSOLE_PLUGIN_MOVE_SECONDS)
