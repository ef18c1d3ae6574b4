"""What a host and a joiner share: the game-facing calls and the I/O thread.

:class:`~connect4_game.net.host.Host` listens and accepts one opponent who
knows its 4-digit code; :class:`~connect4_game.net.join.Join` connects to a
host. Each runs its network I/O in one background thread
(:class:`~connect4_game.net.transport.Transport`) and talks to the game only
through thread-safe calls that never block:

* the game calls :meth:`~Peer.send_move`, :meth:`~Peer.request_undo`,
  :meth:`~Peer.answer_undo`, :meth:`~Peer.send_chat` and :meth:`~Peer.close`;
* once a frame it drains :meth:`~Peer.events` (or waits with
  :meth:`~Peer.wait_events`) and gets :mod:`connect4_game.net.events` objects:
  ``Connected``, ``OpponentMove``, ``UndoRequested``, ``UndoAnswered``,
  ``ChatMessage``, ``PeerLost``, ``PeerBack``, ``Refused`` (host only),
  ``Error``, ``JoinFailed`` (joiner only) and finally ``Closed``.

Each side referees every move against its own
:class:`~connect4_game.core.game.Game` (:mod:`connect4_game.net.referee`). Each
side pings every ``ping_interval`` seconds and reports ``PeerLost`` when it
has heard nothing for ``peer_timeout`` seconds; a joiner then reconnects by
itself and the host takes it back.

This module never imports pygame.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from connect4_game.core.checks import check_seconds
from connect4_game.core.messages import clip
from connect4_game.core.side import Side
from connect4_game.net import protocol as P
from connect4_game.net.events import (
    Closed,
    Connected,
    Error,
    EventSource,
    PeerBack,
    PeerLost,
    UndoAnswered,
)
from connect4_game.net.referee import Referee
from connect4_game.net.transport import CLOSE_GRACE, Conn, ConnState, Transport

__all__ = ['Peer', 'check_timing']

logger = logging.getLogger(__name__)


def check_timing(value: Any, what: str) -> float:
    """A finite number of seconds > 0. :raises ValueError: otherwise."""
    seconds = check_seconds(value, what, finite=True)
    assert seconds is not None
    return seconds


_PeerT = TypeVar('_PeerT', bound='Peer')


class Peer(EventSource):
    """What :class:`Host` and :class:`Join` share: the game-facing calls and the I/O thread.

    :raises ValueError: for a bad name, a timing that is not a finite number
        of seconds > 0, a ``peer_timeout`` not longer than ``ping_interval``,
        or a ``clock`` that cannot be called.
    """

    def __init__(self, *, name: str, ping_interval: float, peer_timeout: float,
                 handshake_timeout: float, clock: Callable[[], float]) -> None:
        super().__init__()
        self.name = P.check_name(name)
        ping = check_timing(ping_interval, 'ping_interval')
        silence = check_timing(peer_timeout, 'peer_timeout')
        if silence <= ping:
            raise ValueError('peer_timeout must be longer than ping_interval')
        if not callable(clock):
            raise ValueError('clock must be a function returning seconds')
        self._clock = clock
        self._transport = Transport(self, clock, ping_interval=ping, peer_timeout=silence,
                                    handshake_timeout=check_timing(handshake_timeout,
                                                                   'handshake_timeout'))
        self._referee = Referee(self._transport, emit=self._emit, refuse=self.refuse,
                                lost=self._lost)
        self._ever = False                 # a handshake has succeeded once
        self._finished = False             # the I/O thread should stop
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # == the game's side: non-blocking, thread-safe ====================================

    @property
    def side(self) -> Side | None:
        """This side, X or O (None for a joiner before it connects)."""
        with self._referee.lock:
            return self._referee.side

    @property
    def connected(self) -> bool:
        """True while the opponent is connected (after the handshake)."""
        with self._referee.lock:
            return self._referee.active is not None

    @property
    def started(self) -> bool:
        """True once :meth:`start` has been called successfully (even after it stopped)."""
        return self._thread is not None

    @property
    def running(self) -> bool:
        """True from :meth:`start` until the I/O thread has stopped."""
        return self._thread is not None and self._thread.is_alive()

    def moves(self) -> tuple[int, ...]:
        """The move list as this side knows it: 0-based columns, X first."""
        with self._referee.lock:
            game = self._referee.game
            return tuple(game.moves) if game is not None else ()

    def send_move(self, ply: int, column: int) -> bool:
        """Play this side's move ``ply`` (1-based) in ``column`` (0-based) and
        send it; while the opponent is away it is kept and delivered when they
        reconnect.

        :returns: True if played, False if that exact move was already played.
        :raises ValueError: before the game is known (a joiner before
            ``Connected``); :class:`~connect4_game.core.game.MoveRefused` (a
            ValueError) if it is not this side's turn, not the next ply, not
            a legal column, or the game is over.
        """
        new = self._referee.play(ply, column)
        self._transport.wake()
        return new

    def request_undo(self, ply: int | None = None) -> int | None:
        """Ask the opponent to go back to the first ``ply`` moves (by default:
        to just before this side's last move). The answer comes as
        ``UndoAnswered``; nothing is taken back before it.

        :returns: the ply asked for, or None if no request can be made now
            (not connected, a request is already open either way, or this
            side has no move to take back).
        :raises ValueError: if ``ply`` is given and is not from 0 to
            ``len(moves()) - 1``.
        """
        ply = self._referee.ask_undo(ply)
        self._transport.wake()
        return ply

    def answer_undo(self, accept: bool) -> bool:
        """Answer the opponent's open undo request; if ``accept``, every move
        after the asked ply is taken back here at once.

        :returns: True if answered, False if there is no open request (it was
            answered already, or the connection was lost since).
        """
        answered = self._referee.answer_undo(accept)
        self._transport.wake()
        return answered is not None

    def pending_undo(self) -> int | None:
        """The ply of the opponent's open undo request, or None."""
        with self._referee.lock:
            return self._referee.undo_in

    def send_chat(self, text: str) -> bool:
        """Send a line of chat (printable, 1-200 characters).

        :returns: False if the opponent is not connected (the line is dropped).
        :raises ValueError: for text that is empty, too long or not printable.
        """
        P.check_chat(text)
        sent = self._referee.chat(text)
        self._transport.wake()
        return sent

    def close(self) -> None:
        """Say goodbye to the opponent, stop listening and stop (in the
        background, within about a second); ``Closed`` is the last event.
        Safe to call twice."""
        self._stop.set()
        self._transport.wake()

    def join(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for the I/O thread to stop.

        :returns: True if it has stopped (or never started).
        """
        if self._thread is not None:
            self._thread.join(timeout)
            return not self._thread.is_alive()
        return True

    def __enter__(self: _PeerT) -> _PeerT:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
        self.join(5.0)

    def start(self: _PeerT) -> _PeerT:
        """Start the I/O thread (a host binds and listens first). Returns ``self``.

        :raises OSError: if a host cannot listen (address in use, no such
            address...); :class:`RuntimeError` if already started.
        """
        if self._thread is not None:
            raise RuntimeError('already started')
        self._transport.open()
        try:
            self._open()
        except BaseException:
            self._transport.teardown()
            raise
        self._thread = threading.Thread(target=self._run, name=type(self).__name__ + '-net',
                                        daemon=True)
        self._thread.start()
        return self

    # == the transport's handler (I/O thread) =============================================

    def on_message(self, conn: Conn, msg: dict[str, Any]) -> None:
        """A message: the handshake's while ``conn`` shakes hands, else the referee's."""
        if conn.state is ConnState.HANDSHAKE:
            self._handshake(conn, msg)
        elif conn is self._referee.active:
            self._referee.handle(conn, msg)

    def refuse(self, conn: Conn, code: str, text: str, ply: int | None = None) -> None:
        """Answer ``conn`` with an error ``code`` and close it."""
        msg: dict[str, Any] = {'type': 'error', 'code': code, 'text': clip(text, P.MAX_TEXT)}
        if ply is not None:
            msg['ply'] = ply
        was_active = self._referee.detach(conn)
        self._transport.begin_close(conn, msg)
        if was_active:
            self._lost(f'the connection was closed after a bad message ({clip(text)})', False)
        else:
            self._turned_away(conn, code, clip(text))

    def on_broken(self, conn: Conn, reason: str) -> None:
        """``conn`` was closed at once (reset, closed, silent, not reading)."""
        if self._referee.detach(conn):
            self._lost(reason, False)
        else:
            self._turned_away(conn, None, reason)

    def on_tick(self, now: float) -> None:
        """Once per loop: send what the game queued."""
        self._drain_outbox()

    # == the I/O thread ===================================================================

    def _run(self) -> None:
        try:
            while not self._stop.is_set() and not self._finished:
                self._transport.step()
            self._farewell()
        except Exception as exc:    # a bug here must not end the game silently
            logger.exception('the network thread failed')
            self._emit(Error(f'the network connection failed: {clip(exc)}'))
        finally:
            self._transport.teardown()
            self._emit(Closed())

    def _lost(self, reason: str, left: bool) -> None:
        asked = self._referee.drop_undo()
        if asked is not None:
            self._emit(UndoAnswered(asked, False))
        self._emit(PeerLost(reason, left))
        self._after_lost(left)

    def _activate(self, conn: Conn) -> None:
        """The handshake on ``conn`` succeeded (hold the referee's lock):
        it is the opponent's connection now; ``Connected`` or ``PeerBack``."""
        now = self._clock()
        conn.state = ConnState.ACTIVE
        conn.last_heard = conn.last_ping = now
        info = self._referee.activate(conn)
        self._emit(PeerBack(info) if self._ever else Connected(info))
        self._ever = True

    def _drain_outbox(self) -> None:
        items, active, gen = self._referee.take_outbox()
        for item_gen, msg in items:
            if active is None or active.closed:
                return      # moves are in the game: the next handshake carries them
            if item_gen is not None and item_gen != gen:
                continue    # an undo or chat meant for a connection that is gone
            self._transport.send(active, msg)

    def _farewell(self) -> None:
        """Stopping: say bye to the opponent, stop listening and give the last
        lines a moment to go out."""
        self._drain_outbox()
        conn = self._referee.active
        if conn is not None and not conn.closed:
            self._referee.detach(conn)
            self._transport.begin_close(conn, {'type': 'bye'})
        for c in list(self._transport.conns):
            if c.state is not ConnState.CLOSING:
                self._transport.close_now(c)
        self._transport.close_listener()
        self._transport.cancel_dial()
        end = time.monotonic() + CLOSE_GRACE
        while self._transport.conns and time.monotonic() < end:
            self._transport.step(0.02)

    # == what Host and Join add ===========================================================

    def _open(self) -> None:
        """In the caller's thread at :meth:`start`: get ready to run."""
        raise NotImplementedError

    def _handshake(self, conn: Conn, msg: dict[str, Any]) -> None:
        """A message on a connection that has not shaken hands yet."""
        raise NotImplementedError

    def _after_lost(self, left: bool) -> None:
        """The opponent's connection just ended."""

    def _turned_away(self, conn: Conn, code: str | None, reason: str) -> None:
        """A connection that never got to play was refused (``code``: the
        error sent) or broke (``code`` None)."""
