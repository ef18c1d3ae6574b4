"""What a network peer tells the game: small immutable event objects.

The game gets them from :meth:`Host.events` / :meth:`Join.events` (see
:mod:`connect4_game.net.peer`) or from :meth:`NetworkLink.poll
<connect4_game.net.link.NetworkLink.poll>`, in the order they happened, and
tells them apart with ``isinstance``. Texts in events are bounded, printable
lines.

This module never imports pygame.
"""

from __future__ import annotations

import queue
from dataclasses import dataclass, field
from enum import Enum

from connect4_game.core.side import Side

__all__ = [
    'GameInfo', 'Event', 'Connected', 'PeerBack', 'OpponentMove', 'UndoRequested',
    'UndoAnswered', 'ChatMessage', 'PeerLost', 'Refused', 'JoinsPaused', 'CodeChanged', 'Error',
    'JoinFailure', 'JoinFailed', 'Closed', 'EventSource',
]


@dataclass(frozen=True)
class GameInfo:
    """The game both sides agreed on at a handshake.

    ``rows``/``cols``: board size; ``host_side``: the host's
    :class:`~connect4_game.core.side.Side`; ``my_side``: this side's; ``moves``:
    the agreed move list (0-based columns, X first), which replaces whatever
    the game had; ``names``: ``{Side.X: name, Side.O: name}``; ``peer``: the other side's
    address as ``'ip:port'``.
    """
    rows: int
    cols: int
    host_side: Side
    my_side: Side
    moves: tuple[int, ...]
    names: dict[Side, str] = field(default_factory=dict)
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
    ``info.moves`` is the agreed move list to continue from."""
    info: GameInfo


@dataclass(frozen=True)
class OpponentMove(Event):
    """The opponent played ``column`` (0-based) as move ``ply`` (1-based);
    it was already checked against the game (the opponent's own side, its
    turn, a legal column)."""
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
    kept; ``left`` is True if the opponent said goodbye (they are not coming
    back: a joiner then stops, a host keeps listening for a new friend), else
    both sides try to get back together."""
    reason: str
    left: bool = False


@dataclass(frozen=True)
class Refused(Event):
    """The host turned a connection away (wrong code, bad message, too slow,
    game already running, moves in the host's name...); it keeps listening.
    ``address`` is ``'ip:port'``."""
    address: str
    reason: str


@dataclass(frozen=True)
class JoinsPaused(Event):
    """A host got too many wrong codes (from all addresses together): it
    refuses every join for ``seconds`` seconds, then takes joins with
    ``code`` (a code fixed by the player stays; see :class:`CodeChanged`
    for one the host picked). ``text`` is one line for the player, e.g.
    ``'Too many wrong codes: nobody can join for 20 s (the code stays 2468).'``.
    """
    code: str
    text: str
    seconds: float


@dataclass(frozen=True)
class CodeChanged(JoinsPaused):
    """A host got too many wrong codes and picked a new random code,
    ``code``: the old one no longer works, and the invitation
    (:meth:`Host.invitation <connect4_game.net.host.Host.invitation>`) now
    shows the new one. ``text`` is one line for the player, e.g. ``'Too many
    wrong codes: the new code is 4821.'``; joins are refused for ``seconds``
    seconds first (the text says so when it is long enough to matter). Also
    a :class:`JoinsPaused`, so one ``isinstance`` check shows both."""


@dataclass(frozen=True)
class Error(Event):
    """Something went wrong that the player should read (one line)."""
    text: str


class JoinFailure(str, Enum):
    """Why a joiner could not (or could no longer) play the host's game; the
    values are short words for logs and scripts."""

    WRONG_CODE = 'wrong_code'
    """The host refused the code ("Wrong code.")."""
    LOCKED_OUT = 'locked_out'
    """Too many wrong codes from this computer, or from all computers
    together: the host refuses joins for a while."""
    NO_GAME = 'no_game'
    """Nothing listens at that address (connection refused, computer
    unreachable, no such name), or it hung up at once."""
    VERSION = 'version'
    """The host runs a version of the game that speaks another protocol."""
    BUSY = 'busy'
    """The host is already playing with another friend."""
    NO_ANSWER = 'no_answer'
    """No answer in time (the connection or the host's welcome)."""
    OTHER_GAME = 'other_game'
    """The host's game is not this one: another board, other moves, or moves
    in this player's name."""
    NOT_A_GAME = 'not_a_game'
    """Something answered that does not speak the game's protocol."""
    REFUSED = 'refused'
    """The host refused for another reason (its text is shown)."""
    HOST_GONE = 'host_gone'
    """The connection was lost and the host did not come back in time."""


@dataclass(frozen=True)
class JoinFailed(Event):
    """A joiner gives up: ``cause`` is a :class:`JoinFailure` and ``text`` a
    short sentence for the player (``'Wrong code.'``, ``'No game at
    127.0.0.1:24744.'``). :class:`Closed` follows."""
    cause: JoinFailure
    text: str


@dataclass(frozen=True)
class Closed(Event):
    """The peer has stopped for good: the last event it sends."""


class EventSource:
    """A thread-safe queue of :class:`Event` objects: the I/O thread puts,
    the game takes without blocking."""

    def __init__(self) -> None:
        self._events: queue.Queue[Event] = queue.Queue()

    def events(self) -> list[Event]:
        """Every event since the last call, oldest first (an empty list if none)."""
        out = []
        while True:
            try:
                out.append(self._events.get_nowait())
            except queue.Empty:
                return out

    def wait_events(self, timeout: float) -> list[Event]:
        """Like :meth:`events`, but first waits up to ``timeout`` seconds for one."""
        try:
            first = self._events.get(timeout=max(0.0, timeout))
        except queue.Empty:
            return []
        return [first] + self.events()

    def _emit(self, event: Event) -> None:
        self._events.put(event)
