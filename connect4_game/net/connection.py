"""One network connection to a friend, as one state machine.

A :class:`Connection` (built as a :class:`~connect4_game.net.host.Host` or a
:class:`~connect4_game.net.join.Join`) holds everything a side of a network
game knows: its :attr:`~Connection.state` (:class:`NetState`: waiting for the
handshake with version and join code, playing, lost and reconnecting, left,
failed, closed), the game record (a :class:`~connect4_game.core.game.Game`,
the owner's one record of the game), this side and the names, the open undo
request either way, and the socket of the opponent.

Its network I/O runs in one background thread (a
:class:`~connect4_game.net.transport.Transport`); the owner never waits for
it. The owner calls :meth:`~Connection.send_move`,
:meth:`~Connection.request_undo`, :meth:`~Connection.answer_undo`,
:meth:`~Connection.send_chat` and :meth:`~Connection.close`, and takes a plain
queue of typed events (:mod:`connect4_game.net.events`) with
:meth:`~Connection.events`. Everything the opponent sends is refereed against
the game before it is played: its own moves only, in turn, legal columns
(``Game.offer`` with the opponent's side); a reconnecting opponent's move list
must fit :func:`reconcile_with_peer`. The game record is changed only under
:attr:`~Connection.lock`, by the I/O thread (the opponent's moves, an
accepted undo) or by the owner's calls.

This module never imports pygame.
"""

from __future__ import annotations

import collections
import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from enum import Enum
from typing import TypeVar

from connect4_game.core.checks import check_int, check_seconds
from connect4_game.core.game import Game, Move, MoveRefused, reconcile, side_for_ply
from connect4_game.core.messages import clip
from connect4_game.core.side import Side
from connect4_game.net import protocol as P
from connect4_game.net.events import (
    ChatMessage,
    Closed,
    Connected,
    Error,
    Event,
    GameInfo,
    JoinFailed,
    JoinFailure,
    OpponentMove,
    PeerBack,
    PeerLost,
    UndoAnswered,
    UndoRequested,
)
from connect4_game.net.transport import CLOSE_GRACE, Conn, ConnState, Transport

__all__ = ['NetState', 'Connection', 'reconcile_with_peer', 'check_timing']

logger = logging.getLogger(__name__)

_C = TypeVar('_C', bound='Connection')


class NetState(str, Enum):
    """Where a connection is."""

    WAITING = 'waiting'     # a host waits for a friend; a joiner connects and shakes hands
    PLAYING = 'playing'     # the friend is connected: moves go both ways
    LOST = 'lost'           # the connection was lost: both sides try to get back together
    LEFT = 'left'           # the friend said goodbye (a host listens for a new one)
    FAILED = 'failed'       # the join failed: Connection.failure says why
    CLOSED = 'closed'       # this side closed, or the connection stopped for good


_FINAL = (NetState.FAILED, NetState.CLOSED)


def check_timing(value: object, what: str) -> float:
    """A finite number of seconds > 0. :raises ValueError: otherwise."""
    seconds = check_seconds(value, what, finite=True)
    assert seconds is not None
    return seconds


def _foreign_text(ours: Sequence[int], theirs: Sequence[int], peer_side: Side) -> str:
    """Why a move list that extends or falls short of ours is refused."""
    if len(theirs) > len(ours):
        ply = next(p for p in range(len(ours) + 1, len(theirs) + 1)
                   if side_for_ply(p) != peer_side)
        return (f"move {ply} is {side_for_ply(ply)}'s, not yours: a side sends only its own "
                f'next move')
    missing = len(ours) - len(theirs)
    return (f'your list lacks {missing} move{"s" if missing > 1 else ""} of this game '
            f'(from move {len(theirs) + 1})')


def reconcile_with_peer(game: Game, theirs: Sequence[int], peer_side: Side
                        ) -> list[tuple[int, int]]:
    """Bring ``game`` in step with the move list the opponent (playing
    ``peer_side``) brought to a handshake.

    Accepted: the same list; ``game``'s moves plus one move of ``peer_side``
    (played into ``game`` here); ``game``'s moves plus one of this side's
    (the opponent missed it: it is returned, to send).

    :returns: ``[(ply, column)]`` of this side's move the opponent lacks, or ``[]``.
    :raises ProtocolError: ``'diverged'`` (neither list extends the other),
        ``'foreign_moves'`` (they differ by more than one move, or by a move
        of the side that does not hold it), ``'game_mismatch'`` (the
        opponent's move is not legal here). ``game`` is left as it was.
    """
    ours, theirs = list(game.moves), list(theirs)
    if theirs == ours:
        return []
    if reconcile(ours, theirs) is None:
        raise P.ProtocolError('diverged', 'the two games differ: they cannot continue together')
    if len(theirs) == len(ours) + 1 and side_for_ply(len(theirs)) == peer_side:
        try:
            game.offer(len(theirs), theirs[-1], peer_side)
        except MoveRefused as err:
            raise P.ProtocolError('game_mismatch', f'move {len(theirs)}: {err}') from None
        return []
    if len(ours) == len(theirs) + 1 and side_for_ply(len(ours)) != peer_side:
        return [(len(ours), ours[-1])]
    raise P.ProtocolError('foreign_moves', _foreign_text(ours, theirs, peer_side))


class Connection:
    """What a host and a joiner share: the state machine of one connection
    to the opponent (see the module docstring).

    :raises ValueError: for a bad name, a timing that is not a finite number
        of seconds > 0, or a ``peer_timeout`` not longer than ``ping_interval``.

    Attributes (read them): ``state`` (:class:`NetState`, moved by the
    events as the owner takes them, and by :meth:`close`) and
    ``state_since`` (:func:`time.monotonic` seconds when it last changed);
    the I/O thread changes the others under ``lock``: ``game`` (None for a joiner before its
    first handshake); ``side``; ``names`` (``{Side: name}``); ``info`` (the
    last :class:`~connect4_game.net.events.GameInfo`, None before the first
    handshake); ``failure`` (a :class:`~connect4_game.net.events.JoinFailure`
    once a join failed) and ``failure_text`` (its sentence); ``undo_out``
    / ``undo_in`` (the ply of this side's / the opponent's open undo
    request, or None); ``name``.
    """

    is_host = False

    def __init__(self, *, name: str, ping_interval: float, peer_timeout: float,
                 handshake_timeout: float, clock: Callable[[], float]) -> None:
        self.name = P.check_name(name)
        ping = check_timing(ping_interval, 'ping_interval')
        silence = check_timing(peer_timeout, 'peer_timeout')
        if silence <= ping:
            raise ValueError('peer_timeout must be longer than ping_interval')
        self._clock = clock
        self._transport = Transport(self, clock, ping_interval=ping, peer_timeout=silence,
                                    handshake_timeout=check_timing(handshake_timeout,
                                                                   'handshake_timeout'))
        self.lock = threading.RLock()
        self.state = NetState.WAITING
        self.state_since = time.monotonic()
        self.game: Game | None = None
        self.side: Side | None = None
        self.host_side: Side | None = None
        self.names: dict[Side, str] = {Side.X: '', Side.O: ''}
        self.info: GameInfo | None = None
        self.failure: JoinFailure | None = None
        self.failure_text = ''
        self._active: Conn | None = None         # the opponent's connection
        self.undo_out: int | None = None
        self.undo_in: int | None = None
        self._outbox: collections.deque[P.Message] = collections.deque()
        self._events: queue.Queue[Event] = queue.Queue()
        self._finished = False                   # the I/O thread should stop
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._playing: dict[str, Callable[[Conn, P.Message], None]] = {
            'move': self._on_move, 'undo_request': self._on_undo_request,
            'undo_reply': self._on_undo_reply, 'chat': self._on_chat, 'bye': self._on_bye,
            'error': self._on_error, 'hello': self._on_unexpected,
            'welcome': self._on_unexpected,
        }

    # == what the owner reads =========================================================

    @property
    def connected(self) -> bool:
        """True while the opponent is connected (after the handshake)."""
        return self._active is not None

    @property
    def started(self) -> bool:
        """True once :meth:`start` succeeded (even after it stopped)."""
        return self._thread is not None

    @property
    def running(self) -> bool:
        """True from :meth:`start` until the I/O thread has stopped."""
        return self._thread is not None and self._thread.is_alive()

    @property
    def friend_side(self) -> Side | None:
        """The opponent's side (None while this side's is unknown)."""
        return None if self.side is None else self.side.other

    @property
    def friend_name(self) -> str:
        """The name the opponent gave ('' before the first handshake)."""
        side = self.friend_side
        return self.names.get(side, '') if self.info is not None and side else ''

    def invitation(self) -> str:
        """A host's line for the friend; '' for a joiner."""
        return ''

    def moves(self) -> tuple[int, ...]:
        """The game's moves: 0-based columns, X first (() before it is known)."""
        with self.lock:
            return tuple(self.game.moves) if self.game is not None else ()

    def events(self) -> list[Event]:
        """Every event since the last call, oldest first (an empty list if
        none); :attr:`state` and :attr:`failure` follow them as they are taken."""
        out = []
        while True:
            try:
                out.append(self._take(self._events.get_nowait()))
            except queue.Empty:
                return out

    def wait_events(self, timeout: float) -> list[Event]:
        """Like :meth:`events`, but first waits up to ``timeout`` seconds for one."""
        try:
            first = self._take(self._events.get(timeout=max(0.0, timeout)))
        except queue.Empty:
            return []
        return [first] + self.events()

    def _take(self, event: Event) -> Event:
        """The owner takes ``event``: the state moves as it says."""
        if isinstance(event, (Connected, PeerBack)):
            self._set(NetState.PLAYING)
        elif isinstance(event, PeerLost):
            self._set(NetState.LEFT if event.left else NetState.LOST)
        elif isinstance(event, JoinFailed):
            self.failure, self.failure_text = event.cause, event.text
            self._set(NetState.FAILED)
        elif isinstance(event, Closed) and self.state is not NetState.LEFT:
            self._set(NetState.CLOSED)
        return event

    # == what the owner does (any thread, never blocks) ===============================

    def send_move(self, ply: int, column: int) -> Move | None:
        """Play this side's move ``ply`` (1-based) in ``column`` (0-based) into
        the game and send it; while the opponent is away it is kept, and the
        next handshake delivers it.

        :returns: the :class:`~connect4_game.core.game.Move`, or None if that
            exact move was already played.
        :raises ValueError: before the game is known (a joiner before
            ``Connected``); :class:`~connect4_game.core.game.MoveRefused` (a
            ValueError) if it is not this side's turn, not the next ply, not
            a legal column, or the game is over.
        """
        with self.lock:
            if self.game is None or self.side is None:
                raise ValueError('there is no game yet: wait until the opponent is connected')
            move = self.game.offer(ply, column, self.side)
            if move is not None and self._active is not None:
                self._outbox.append({'type': 'move', 'ply': ply, 'column': column})
        self._transport.wake()
        return move

    def request_undo(self, ply: int | None = None) -> int | None:
        """Ask the opponent to go back to the first ``ply`` moves (None: to
        just before this side's last move); ``UndoAnswered`` follows, and
        nothing is taken back before it.

        :returns: the ply asked for, or None if no request can be made now
            (not connected, a request is open either way, no move of this side).
        :raises ValueError: for a ``ply`` that is not from 0 to ``len(moves()) - 1``.
        """
        with self.lock:
            game = self.game
            if self._active is None or game is None or self.undo_out is not None \
                    or self.undo_in is not None:
                return None
            played = len(game.moves)
            if ply is None:
                mine = [p for p in range(played, 0, -1) if side_for_ply(p) == self.side]
                if not mine:
                    return None
                ply = mine[0] - 1
            else:
                check_int(ply, 0, played - 1, 'ply')
            self.undo_out = ply
            self._outbox.append({'type': 'undo_request', 'ply': ply})
        self._transport.wake()
        return ply

    def pending_undo(self) -> int | None:
        """The ply of the opponent's open undo request, or None."""
        return self.undo_in

    def answer_undo(self, accept: bool) -> bool:
        """Answer the opponent's open undo request; if ``accept``, every move
        after the asked ply is taken back from the game at once.

        :returns: True if answered, False if no request is open (answered
            already, or the connection was lost since).
        """
        with self.lock:
            ply, game = self.undo_in, self.game
            if ply is None or self._active is None or game is None:
                return False
            self.undo_in = None
            accept = bool(accept) and ply <= len(game.moves)
            if accept:
                game.truncate(ply)
            self._outbox.append({'type': 'undo_reply', 'ply': ply, 'accept': accept})
        self._transport.wake()
        return True

    def send_chat(self, text: str) -> bool:
        """Send a line of chat (printable, 1-200 characters).

        :returns: False if the opponent is not connected (the line is dropped).
        :raises ValueError: for text that is empty, too long or not printable.
        """
        P.check_chat(text)
        with self.lock:
            if self._active is None:
                return False
            self._outbox.append({'type': 'chat', 'text': text})
        self._transport.wake()
        return True

    def close(self, wait: float = 1.0) -> None:
        """Say goodbye to the opponent and stop (in the background, within
        about a second; ``Closed`` is the last event); :attr:`state` becomes
        ``CLOSED`` (a failure is kept). Waits up to ``wait`` seconds for a
        host's listening socket to close. Safe to call twice."""
        self._set(NetState.CLOSED)
        self._stop.set()
        self._transport.wake()
        if self.running:
            self._transport.listener_closed.wait(wait)

    def join(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for the I/O thread to stop; True if
        it has (or never started)."""
        if self._thread is not None:
            self._thread.join(timeout)
            return not self._thread.is_alive()
        return True

    def __enter__(self: _C) -> _C:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
        self.join(5.0)

    def start(self: _C) -> _C:
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

    # == the state machine (I/O thread) ==================================================

    def _set(self, state: NetState) -> None:
        """Move to ``state`` (the owner's thread); FAILED and CLOSED are final."""
        if state is not self.state and self.state not in _FINAL:
            self.state = state
            self.state_since = time.monotonic()

    def _emit(self, event: Event) -> None:
        """Queue ``event`` for the owner."""
        self._events.put(event)

    def on_message(self, conn: Conn, msg: P.Message) -> None:
        """A message: the handshake's while ``conn`` shakes hands, else the game's."""
        if conn.state is ConnState.HANDSHAKE:
            self._handshake(conn, msg)
        elif conn is self._active:
            self._playing[msg['type']](conn, msg)

    def refuse(self, conn: Conn, code: str, text: str, ply: int | None = None) -> None:
        """Answer ``conn`` with an error ``code`` and close it."""
        msg: P.Message = {'type': 'error', 'code': code, 'text': clip(text, P.MAX_TEXT)}
        if ply is not None:
            msg['ply'] = ply
        was_active = self._detach(conn)
        self._transport.begin_close(conn, msg)
        if was_active:
            self._lost(f'the connection was closed after a bad message ({clip(text)})', False)
        else:
            self._turned_away(conn, code, clip(text))

    def on_broken(self, conn: Conn, reason: str) -> None:
        """``conn`` was closed at once (reset, closed, silent, not reading)."""
        if self._detach(conn):
            self._lost(reason, False)
        else:
            self._turned_away(conn, None, reason)

    def on_tick(self, now: float) -> None:
        """Once per loop: send what the owner queued."""
        with self.lock:
            items, active = list(self._outbox), self._active
            self._outbox.clear()
        for msg in items:
            if active is not None:
                self._transport.send(active, msg)

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

    def _farewell(self) -> None:
        """Stopping: say bye to the opponent, stop listening and give the last
        lines a moment to go out."""
        self.on_tick(self._clock())
        conn = self._active
        if conn is not None and self._detach(conn):
            self._transport.begin_close(conn, {'type': 'bye'})
        for c in list(self._transport.conns):
            if c.state is not ConnState.CLOSING:
                self._transport.close_now(c)
        self._transport.close_listener()
        self._transport.cancel_dial()
        end = time.monotonic() + CLOSE_GRACE
        while self._transport.conns and time.monotonic() < end:
            self._transport.step(0.02)

    def _activate(self, conn: Conn, before: int) -> None:
        """The handshake on ``conn`` succeeded (hold ``lock``, ``game`` and
        ``side`` known): it is the opponent's connection now; the undo
        requests of an earlier connection are forgotten. A move of the
        opponent the handshake brought (the game had ``before`` moves) is
        an ``OpponentMove`` after ``PeerBack``."""
        assert self.game is not None and self.side is not None
        first = self.info is None
        conn.state = ConnState.ACTIVE
        conn.last_heard = conn.last_ping = self._clock()
        self._active = conn
        self.undo_out = self.undo_in = None
        info = GameInfo(rows=self.game.rows, cols=self.game.cols,
                        host_side=self.host_side or Side.X, my_side=self.side,
                        moves=tuple(self.game.moves), names=dict(self.names),
                        peer=conn.address)
        self.info = info
        self._emit(Connected(info) if first else PeerBack(info))
        if not first and len(self.game.moves) > before:
            self._emit(OpponentMove(len(self.game.moves), self.game.moves[-1]))

    def _detach(self, conn: Conn) -> bool:
        """Forget ``conn`` as the opponent's connection (and what was queued
        for it: the moves are in the game); True if it was."""
        with self.lock:
            if self._active is not conn:
                return False
            self._active = None
            self._outbox.clear()
            return True

    def _lost(self, reason: str, left: bool) -> None:
        """The opponent's connection ended: an open request of this side
        counts as declined, the opponent's is forgotten."""
        with self.lock:
            asked, self.undo_out, self.undo_in = self.undo_out, None, None
        if asked is not None:
            self._emit(UndoAnswered(asked, False))
        self._emit(PeerLost(reason, left))
        self._after_lost(left)

    # -- the playing state's dispatch table --------------------------------------------

    def _on_move(self, conn: Conn, msg: P.Message) -> None:
        ply, column = msg['ply'], msg['column']
        try:
            with self.lock:
                assert self.game is not None
                new = self.game.offer(ply, column, self.friend_side) is not None
        except MoveRefused as refusal:
            logger.info('refused move %d in column %d from %s: %s', ply, column, conn.address,
                        refusal)
            self._transport.send(conn, {'type': 'error', 'code': refusal.code.value,
                                        'text': clip(str(refusal), P.MAX_TEXT), 'ply': ply})
            self._emit(Error(f'refused a move from the opponent: {refusal}'))
            return
        if new:
            self._emit(OpponentMove(ply, column))

    def _on_undo_request(self, conn: Conn, msg: P.Message) -> None:
        ply = msg['ply']
        with self.lock:
            ok = (self.undo_out is None and self.undo_in is None and self.game is not None
                  and ply < len(self.game.moves))
            if ok:
                self.undo_in = ply
        if ok:
            self._emit(UndoRequested(ply))
        else:
            self._transport.send(conn, {'type': 'undo_reply', 'ply': ply, 'accept': False})

    def _on_undo_reply(self, conn: Conn, msg: P.Message) -> None:
        ply = msg['ply']
        with self.lock:
            if self.undo_out != ply or self.game is None:
                return               # a stale answer: no such request is open
            self.undo_out = None
            accept = msg['accept'] and ply <= len(self.game.moves)
            if accept:
                self.game.truncate(ply)
        self._emit(UndoAnswered(ply, accept))

    def _on_chat(self, conn: Conn, msg: P.Message) -> None:
        self._emit(ChatMessage(msg['text']))

    def _on_bye(self, conn: Conn, msg: P.Message) -> None:
        self._detach(conn)
        self._transport.begin_close(conn)
        self._lost('the opponent left the game', True)

    def _on_error(self, conn: Conn, msg: P.Message) -> None:
        text = f"the opponent says: {msg['text']}"
        if msg['code'] in P.FATAL_ERRORS:
            self._detach(conn)
            self._transport.close_now(conn)
            self._lost(text, False)
        else:
            self._emit(Error(text))

    def _on_unexpected(self, conn: Conn, msg: P.Message) -> None:
        self.refuse(conn, 'bad_message', f"unexpected {msg['type']!r} during the game")

    # == what Host and Join add ============================================================

    def _open(self) -> None:
        """In the caller's thread at :meth:`start`: get ready to run."""

    def _handshake(self, conn: Conn, msg: P.Message) -> None:
        """A message on a connection that has not shaken hands yet."""
        raise NotImplementedError

    def _after_lost(self, left: bool) -> None:
        """The opponent's connection just ended."""

    def _turned_away(self, conn: Conn, code: str | None, reason: str) -> None:
        """A connection that never got to play was refused (``code``: the
        error sent) or broke (``code`` None)."""
