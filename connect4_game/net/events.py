"""What a network connection tells its owner, in order, from ``Connection.events``:
small immutable events whose texts are bounded, printable lines."""

from __future__ import annotations

from dataclasses import dataclass, field

from connect4_game.core.side import Side

__all__ = ['GameInfo', 'Event', 'Connected', 'OpponentMove', 'UndoRequested', 'UndoAnswered',
           'ChatMessage', 'PeerLost', 'Refused', 'JoinsPaused', 'Error',
           'JoinFailed', 'Closed']


@dataclass(frozen=True)
class GameInfo:
    """The game agreed at a handshake: this side's ``Side``, ``moves`` (0-based columns),
    ``names`` and ``help`` (both agreed to hints and analysis)."""
    my_side: Side
    moves: tuple[int, ...]
    names: dict[Side, str] = field(default_factory=dict)
    help: bool = False


class Event:
    """Base class of every event."""
    __slots__ = ()


@dataclass(frozen=True)
class Connected(Event):
    """A handshake succeeded: the game goes on from ``info.moves``; ``again``: the
    opponent is back after a :class:`PeerLost`."""
    info: GameInfo
    again: bool = False


@dataclass(frozen=True)
class OpponentMove(Event):
    """The opponent's move ``ply`` (1-based) in ``column`` (0-based), checked and played."""
    ply: int
    column: int


@dataclass(frozen=True)
class UndoRequested(Event):
    """The opponent asks to go back to the first ``ply`` moves."""
    ply: int


@dataclass(frozen=True)
class UndoAnswered(Event):
    """The answer to this side's request to go back to ``ply`` moves (declined if the
    connection is lost)."""
    ply: int
    accept: bool


@dataclass(frozen=True)
class ChatMessage(Event):
    """A line of chat from the opponent (printable, at most 200 characters)."""
    text: str


@dataclass(frozen=True)
class PeerLost(Event):
    """The opponent's connection ended (``reason``); the game is kept. If ``left``, the
    opponent said goodbye, else both sides try to get back together."""
    reason: str
    left: bool = False


@dataclass(frozen=True)
class Refused(Event):
    """The host turned a connection from ``address`` (``'ip:port'``) away for ``reason``."""
    address: str
    reason: str


@dataclass(frozen=True)
class JoinsPaused(Event):
    """Too many wrong codes: the host refuses every join for ``seconds`` seconds, then
    takes ``code`` (a new random one if ``new_code``); ``text`` is the player's line."""
    code: str
    text: str
    seconds: float
    new_code: bool = False


@dataclass(frozen=True)
class Error(Event):
    """Something went wrong that the player should read (one line)."""
    text: str


@dataclass(frozen=True)
class JoinFailed(Event):
    """A joiner gives up, ``text`` says why; :class:`Closed` follows."""
    text: str


@dataclass(frozen=True)
class Closed(Event):
    """The connection has stopped for good: the last event."""
