"""The players a side can have (the levels are :data:`connect4_game.ai.levels.LEVELS`).

Every other limit, choice and default lives with its owner: the board sizes
in :mod:`connect4_game.board`, ``AIPlayer``'s tiebreaks and lookahead in
:mod:`connect4_game.players` (BU CS111 ps9, Problem 4), the console game's in
:mod:`connect4_game.console`, the window's theme, size and pace in
:mod:`connect4_game.storage.settings`, the network's in :mod:`connect4_game.net`,
Oska's in :mod:`connect4_game.oska.engine`, the tournament's in
:mod:`connect4_game.tournament`; the validators in :mod:`connect4_game.checks`.

This module never imports pygame.

>>> check_kind('ai')
'ai'
"""

from __future__ import annotations

from typing import Any

from connect4_game.checks import check_choice

__all__ = ['PLAYER_KINDS', 'NAMED_KINDS', 'check_kind']

NAMED_KINDS = ('human', 'random', 'ai', 'expert')
"""The players a user names on the command line and in the settings."""

PLAYER_KINDS = NAMED_KINDS + ('plugin',)
"""Every kind of player a side can have; ``'plugin'`` is a user's
``FILE.py:ClassName`` (see :mod:`connect4_game.plugins`)."""



def check_kind(value: Any, what: str = 'player') -> str:
    """One of :data:`NAMED_KINDS`. :raises ValueError: otherwise."""
    return check_choice(value, NAMED_KINDS, what)
