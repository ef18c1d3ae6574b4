"""Who plays a side: the kinds of seat and a side's settings.

A *seat* is one side of a game (BU CS111 ps9's ``'X'`` or ``'O'``): a person
at this computer, the random player, the assignment's ``AIPlayer`` with its
lookahead and tiebreak (BU CS111 ps9, Problem 4; the *Advanced* setting), a
named level, Expert, a player's own plug-in, or a friend over the network.
:class:`PlayerConfig` is what the new-game dialog, the settings file and the
command line say about a seat; the window turns it into a live seat.

This module never imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from connect4_game.ai.levels import get_level, search_level
from connect4_game.core.checks import check_choice, check_lookahead
from connect4_game.players import DEFAULT_LOOKAHEAD, DEFAULT_TIEBREAK, check_tiebreak

__all__ = ['SeatKind', 'PlayerConfig', 'COMPUTER_KINDS', 'NAMED_KINDS', 'PLAYER_KINDS', 'check_kind']


class SeatKind(str, Enum):
    """The kinds of seat; the values are the words of the command line and
    the settings file (:data:`PLAYER_KINDS`), plus
    ``'remote'`` for a friend over the network."""

    HUMAN = 'human'
    RANDOM = 'random'
    AI = 'ai'
    EXPERT = 'expert'
    PLUGIN = 'plugin'
    REMOTE = 'remote'

    def __str__(self) -> str:
        return self.value


COMPUTER_KINDS = (SeatKind.AI, SeatKind.EXPERT, SeatKind.PLUGIN)
"""Seat kinds whose moves come from the AI worker."""

NAMED_KINDS = tuple(k.value for k in (SeatKind.HUMAN, SeatKind.RANDOM, SeatKind.AI,
                                      SeatKind.EXPERT))
"""The players a user names on the command line and in the settings:
``('human', 'random', 'ai', 'expert')``."""

PLAYER_KINDS = NAMED_KINDS + (SeatKind.PLUGIN.value,)
"""Every kind of player a side of this computer can have; ``'plugin'`` is a
user's ``FILE.py:ClassName`` (see :mod:`connect4_game.plugins`)."""


def check_kind(value: Any, what: str = 'player') -> str:
    """One of :data:`NAMED_KINDS`.

    :raises ValueError: ``"player must be one of human, random, ai, expert, not 'bot'"``.
    """
    return check_choice(value, NAMED_KINDS, what)


@dataclass(frozen=True)
class PlayerConfig:
    """Who plays one side.

    :param kind: one of :data:`PLAYER_KINDS` or
        ``'remote'`` (a friend on another computer).
    :param level: for ``kind='ai'``: the name of a level of
        :data:`connect4_game.ai.levels.LEVELS` that searches (a perfect one,
        Expert, is ``kind='expert'``), or ``''`` for the assignment's ``AIPlayer`` with
        exactly ``lookahead`` and ``tiebreak`` (the *Advanced* setting).
    :param lookahead: plies >= 0 (BU CS111 ps9, Problem 4).
    :param tiebreak: one of :data:`connect4_game.players.TIEBREAKS`.
    :param spec: for ``kind='plugin'``: ``FILE.py:ClassName``.
    :raises ValueError: naming an unknown kind, level or tiebreak, a bad
        lookahead, or a plug-in without a spec.
    """

    kind: SeatKind = SeatKind.HUMAN
    lookahead: int = DEFAULT_LOOKAHEAD
    tiebreak: str = DEFAULT_TIEBREAK
    spec: str = ''
    level: str = ''

    def __post_init__(self) -> None:
        check_choice(self.kind, PLAYER_KINDS + ('remote',), 'player kind')
        object.__setattr__(self, 'kind', SeatKind(self.kind))
        check_tiebreak(self.tiebreak)
        check_lookahead(self.lookahead)
        if self.level:
            search_level(self.level)
            if self.kind != 'ai':
                raise ValueError(f'only a computer player has a level, not a {self.kind} one')
        if self.kind == 'plugin' and not self.spec:
            raise ValueError('a plug-in player needs a spec FILE.py:ClassName')

    @property
    def is_human(self) -> bool:
        """A person at this computer."""
        return self.kind == 'human'

    @property
    def is_computer(self) -> bool:
        """Not a person at this computer (an AI, a plug-in, a remote friend)."""
        return self.kind != 'human'

    @property
    def advanced(self) -> bool:
        """The assignment's AIPlayer with its own lookahead and tiebreak."""
        return self.kind == 'ai' and not self.level

    def with_(self, **changes: Any) -> PlayerConfig:
        """A copy with ``changes`` (validated)."""
        return replace(self, **changes)

    @classmethod
    def for_level(cls, level: str, base: PlayerConfig | None = None) -> PlayerConfig:
        """The computer player of the level named ``level`` (``'expert'``
        too), keeping the Advanced lookahead/tiebreak of ``base`` for later.

        :raises ValueError: for a name that is not a level of
            :data:`connect4_game.ai.levels.LEVELS`."""
        base = base or cls()
        if get_level(level).perfect:
            return cls(SeatKind.EXPERT, base.lookahead, base.tiebreak)
        return cls(SeatKind.AI, base.lookahead, base.tiebreak, level=level)

    def level_name(self) -> str:
        """'easy'..'expert' for a named level, 'advanced' for the assignment's
        AIPlayer, else ''."""
        if self.kind == 'expert':
            return 'expert'
        if self.kind == 'ai':
            return self.level or 'advanced'
        return ''
