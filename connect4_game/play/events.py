"""What the window's game tells its screen once a frame: typed events (animations,
sounds, dialogs) and notices (toasts)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from connect4_game.core.game import Move, Outcome

__all__ = ['GameEvent', 'MoveMade', 'DropRefused', 'GameOver', 'BoardReset', 'HintShown',
           'FriendLeft', 'Notice', 'NoticeKind']


class GameEvent:
    """Base class of the events; tell them apart with ``isinstance``."""
    __slots__ = ()


@dataclass(frozen=True)
class MoveMade(GameEvent):
    """A checker was dropped (animate its fall)."""
    move: Move


@dataclass(frozen=True)
class DropRefused(GameEvent):
    """A drop that cannot be played: ``column`` (0-based) if it is a column
    of the board, else None (shake, sound)."""
    column: int | None


@dataclass(frozen=True)
class GameOver(GameEvent):
    """The game ended (announced once, after the last checker landed)."""
    outcome: Outcome


@dataclass(frozen=True)
class BoardReset(GameEvent):
    """The board is not the last one plus a move: a new (or loaded) game, or moves taken
    back or played again (undo / redo)."""


@dataclass(frozen=True)
class HintShown(GameEvent):
    """The hint points at ``column`` (0-based)."""
    column: int


@dataclass(frozen=True)
class FriendLeft(GameEvent):
    """The friend over the network said goodbye in a game still running: offer to
    play the computer from here or to wait for them."""


class NoticeKind(str, Enum):
    """How a notice looks: neutral or red."""
    INFO = 'info'
    ERROR = 'error'


@dataclass
class Notice:
    """A message for the player: ``text`` (translated, bounded), ``kind``, ``seconds``
    to show it, and the ``position`` id it goes with (None: it stays)."""
    text: str
    kind: NoticeKind = NoticeKind.INFO
    seconds: float = 2.5
    position: int | None = None
