"""What a network peer tells the game: small immutable event objects.

The game gets them from :meth:`Host.events` / :meth:`Join.events` (see
:mod:`connect4_game.net.peer`), in the order they happened, and tells them
apart with ``isinstance``. Texts in events are bounded, printable lines.

This module never imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, Tuple

__all__ = [
    'GameInfo', 'Event', 'Connected', 'PeerBack', 'OpponentMove', 'UndoRequested',
    'UndoAnswered', 'ChatMessage', 'PeerLost', 'Refused', 'Error', 'Closed',
]


@dataclass(frozen=True)
class GameInfo:
    """The game both sides agreed on at a handshake.

    ``rows``/``cols``: board size; ``host_side``: ``'X'`` or ``'O'``;
    ``my_side``: this side's checker; ``moves``: the agreed move list
    (0-based columns, X first), which replaces whatever the game had;
    ``names``: ``{'X': name, 'O': name}``; ``peer``: the other side's
    address as ``'ip:port'``.
    """
    rows: int
    cols: int
    host_side: str
    my_side: str
    moves: Tuple[int, ...]
    names: Dict[str, str] = field(default_factory=dict)
    peer: str = ''


class Event:
    """Base class of every event."""
    __slots__ = ()


@dataclass(frozen=True)
class Connected(Event):
    """The first handshake with the opponent succeeded; ``info`` is a :class:`GameInfo`."""
    info: GameInfo


@dataclass(frozen=True)
class PeerBack(Event):
    """The opponent is back after a :class:`PeerLost` (or this side came back);
    ``info.moves`` is the reconciled move list to continue from."""
    info: GameInfo


@dataclass(frozen=True)
class OpponentMove(Event):
    """The opponent played ``column`` (0-based) as move ``ply`` (1-based);
    it was already checked against the board."""
    ply: int
    column: int


@dataclass(frozen=True)
class UndoRequested(Event):
    """The opponent asks to go back to the first ``ply`` moves; answer with
    ``answer_undo(accept)``."""
    ply: int


@dataclass(frozen=True)
class UndoAnswered(Event):
    """The answer to this side's undo request: if ``accept``, every move after
    the first ``ply`` was taken back. Also sent (declined) when the
    connection is lost before an answer came."""
    ply: int
    accept: bool


@dataclass(frozen=True)
class ChatMessage(Event):
    """A line of chat from the opponent (printable, at most 200 characters)."""
    text: str


@dataclass(frozen=True)
class PeerLost(Event):
    """The connection to the opponent ended: ``reason`` says how. The game is
    kept; ``left`` is True if the opponent said goodbye (a joiner then stops,
    a host keeps waiting), else both sides try to get back together."""
    reason: str
    left: bool = False


@dataclass(frozen=True)
class Refused(Event):
    """The host turned a connection away (wrong code, bad message, too slow,
    game already running...); it keeps listening. ``address`` is ``'ip:port'``."""
    address: str
    reason: str


@dataclass(frozen=True)
class Error(Event):
    """Something went wrong that the player should read (one line)."""
    text: str


@dataclass(frozen=True)
class Closed(Event):
    """The peer has stopped for good: the last event it sends."""
