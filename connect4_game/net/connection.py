"""One network connection to a friend as one state machine: the owner's thread keeps
the game record and referees what the friend sent; the sockets run in one background
thread (how the two share the work: docs/network.md)."""

from __future__ import annotations

import contextlib
import logging
import queue
import selectors
import socket
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from connect4_game.core.checks import check_int, check_seconds
from connect4_game.core.game import Game, Move, MoveRefused, reconcile
from connect4_game.core.messages import clip
from connect4_game.core.side import Side
from connect4_game.net import events as ev
from connect4_game.net import protocol as P

__all__ = ['NetState', 'Conn', 'Connection', 'Timing', 'DEFAULT_TIMING', 'reconcile_with_peer',
           'check_timing']

logger = logging.getLogger(__name__)

TICK = 0.05             # seconds: the longest the I/O thread sleeps between checks
CLOSE_GRACE = 1.0       # seconds (real time) to deliver a last error/bye before closing
MAX_OUT = 64 * 1024     # bytes queued for a peer that does not read: then it is dropped
MAX_REFUSALS_QUEUED = 32    # Refused events waiting for a busy owner; later ones are only logged
_C = TypeVar('_C', bound='Connection')


class NetState(str, Enum):
    """Where a connection is."""
    WAITING = 'waiting'     # a host waits for a friend; a joiner connects and shakes hands
    PLAYING = 'playing'     # the friend is connected: moves go both ways
    LOST = 'lost'           # the connection was lost: both sides try to get back together
    LEFT = 'left'           # the friend said goodbye (a host listens for a new one)
    FAILED = 'failed'       # the join failed: Connection.failure says why
    CLOSED = 'closed'       # this side closed, or the connection stopped for good


class ConnState(Enum):
    """Where one TCP connection is in its life."""
    HANDSHAKE = 'handshake'     # connected; hello/welcome not accepted yet
    AGREEING = 'agreeing'       # its hello/welcome waits for the owner to agree on the moves
    ACTIVE = 'active'           # the opponent's connection: the game is played over it
    CLOSING = 'closing'         # a last message goes out; closed when it is, or after a grace


class Conn:
    """One TCP connection and its buffers (I/O thread only); times in protocol clock
    seconds; ``ended``: why it closed while the owner agreed on its moves, or ''."""

    def __init__(self, sock: socket.socket, addr: object, now: float, deadline: float) -> None:
        self.sock = sock
        self.ip = str(addr[0]) if isinstance(addr, tuple) and addr else '?'
        self.address = P.addr_text(addr)
        self.lines = P.LineBuffer()
        self.out = bytearray()
        self.state = ConnState.HANDSHAKE
        self.deadline = deadline
        self.close_by = 0.0               # real time: when a closing connection is cut
        self.last_heard = self.last_ping = now
        self.mask = selectors.EVENT_READ
        self.shut_wr = False
        self.closed = False
        self.ended = ''


@dataclass(frozen=True)
class Inbound:
    """A message of ``conn`` for the owner to referee against the game: an accepted
    hello or welcome, a move, an undo request or reply."""
    conn: Conn
    msg: P.Message


@dataclass(frozen=True)
class Answer:
    """The owner's word about ``conn``: make it the opponent's (``agreed``) or refuse
    its hello or welcome (``refusal``: ``(code, text)``); send ``msgs`` while it plays."""
    conn: Conn
    msgs: tuple[P.Message, ...] = ()
    agreed: bool = False
    refusal: tuple[str, str] | None = None


def check_timing(value: object, what: str) -> float:
    """A finite number of seconds > 0. :raises ValueError: otherwise."""
    seconds = check_seconds(value, what, finite=True)
    assert seconds is not None
    return seconds


@dataclass(frozen=True)
class Timing:
    """Seconds between pings on the opponent's connection, of silence that loses it
    (``peer_timeout``), and for a new connection to shake hands. :raises ValueError: for
    a value not a finite number > 0, or a ``peer_timeout`` not longer than ``ping_interval``."""
    ping_interval: float = 1.0
    peer_timeout: float = 3.5
    handshake_timeout: float = 5.0

    def __post_init__(self) -> None:
        for what in ('ping_interval', 'peer_timeout', 'handshake_timeout'):
            object.__setattr__(self, what, check_timing(getattr(self, what), what))
        if self.peer_timeout <= self.ping_interval:
            raise ValueError('peer_timeout must be longer than ping_interval')


DEFAULT_TIMING = Timing()


def reconcile_with_peer(game: Game, theirs: Sequence[int], peer_side: Side
                        ) -> list[tuple[int, int]]:
    """Bring ``game`` in step with the moves (0-based columns) the opponent, playing
    ``peer_side``, brought to a handshake: the same, one more of ``peer_side`` (played
    into ``game``) or one less of this side's (returned as ``[(ply, column)]``).
    :raises ProtocolError: ``'diverged'``, ``'foreign_moves'`` or ``'game_mismatch'``
        (an illegal move); ``game`` is left as it was."""
    ours, theirs = list(game.moves), list(theirs)
    if theirs == ours:
        return []
    if reconcile(ours, theirs) is None:
        raise P.ProtocolError('diverged', 'the two games differ: they cannot continue together')
    if len(theirs) == len(ours) + 1 and Side.for_ply(len(theirs)) == peer_side:
        try:
            game.offer(len(theirs), theirs[-1], peer_side)
        except MoveRefused as err:
            raise P.ProtocolError('game_mismatch', f'move {len(theirs)}: {err}') from None
        return []
    if len(ours) == len(theirs) + 1 and Side.for_ply(len(ours)) != peer_side:
        return [(len(ours), ours[-1])]
    if len(theirs) > len(ours):
        ply = next(p for p in range(len(ours) + 1, len(theirs) + 1)
                   if Side.for_ply(p) != peer_side)
        text = (f"move {ply} is {Side.for_ply(ply)}'s, not yours: a side sends only its own "
                f'next move')
    else:
        missing = len(ours) - len(theirs)
        text = (f'your list lacks {missing} move{"s" if missing > 1 else ""} of this game '
                f'(from move {len(theirs) + 1})')
    raise P.ProtocolError('foreign_moves', text)


class Connection:
    """What a host and a joiner share: the state machine of one connection to the
    opponent and its sockets. ``timing``: a :class:`Timing`; ``clock``: the protocol clock
    (monotonic seconds). :raises ValueError: for a bad name.

    Only the owner's thread touches: ``state`` (moved by the events as the owner takes
    them, and by :meth:`close`), ``state_since`` (:func:`time.monotonic` seconds),
    ``failure`` (the ``JoinFailed`` once a join failed), ``game`` (None for a joiner before
    its first handshake), ``side``, ``names`` (``{Side: name}``), ``info`` (the last
    ``GameInfo``), ``undo_out``/``undo_in`` (the ply of this side's / the opponent's open
    undo request, or None), ``help`` (both agreed to hints and analysis).
    """
    is_host = False

    def __init__(self, *, name: str, timing: Timing, clock: Callable[[], float]) -> None:
        self.name = P.check_text('name', name, P.MAX_NAME)
        if not isinstance(timing, Timing):
            raise ValueError('timing must be a Timing')
        self.timing = timing
        self._clock = clock
        self.state = NetState.WAITING
        self.state_since = time.monotonic()
        self.failure: ev.JoinFailed | None = None
        self.game: Game | None = None
        self.side: Side | None = None
        self.names: dict[Side, str] = {Side.X: '', Side.O: ''}
        self.info: ev.GameInfo | None = None
        self.undo_out: int | None = None
        self.undo_in: int | None = None
        self.help = False
        self.wants_help = False                  # this side's word on hints and analysis
        self._peer: Conn | None = None           # the opponent's connection, as the owner knows it
        self._active: Conn | None = None         # ... as the I/O thread knows it
        self._answers: queue.SimpleQueue[Answer] = queue.SimpleQueue()
        self._events: queue.Queue[ev.Event | Inbound] = queue.Queue()
        self._refusal_room = threading.BoundedSemaphore(MAX_REFUSALS_QUEUED)
        self._stop = threading.Event()           # the I/O thread should stop
        self._thread: threading.Thread | None = None
        self._sel: selectors.BaseSelector | None = None
        self._wake_r: socket.socket | None = None
        self._wake_w: socket.socket | None = None
        self._conns: set[Conn] = set()

    @property
    def started(self) -> bool:
        """True once :meth:`start` succeeded (even after it stopped)."""
        return self._thread is not None

    @property
    def running(self) -> bool:
        """True from :meth:`start` until the I/O thread has stopped."""
        return self._thread is not None and self._thread.is_alive()

    @property
    def friend_name(self) -> str:
        """The name the opponent gave ('' before the first handshake)."""
        return self.info.names[self.info.my_side.other] if self.info is not None else ''

    def invitation(self) -> str:
        """A host's line for the friend; '' for a joiner."""
        return ''

    def events(self, timeout: float = 0.0) -> list[ev.Event]:
        """Every event since the last call, oldest first, waiting up to ``timeout`` seconds
        for the first: what the opponent sent is refereed and played into the game here;
        :attr:`state` follows the events."""
        out: list[ev.Event] = []
        try:
            item = self._events.get(timeout=timeout) if timeout > 0 else self._events.get_nowait()
            while True:
                out += self._take(item)
                item = self._events.get_nowait()
        except queue.Empty:
            self._publish()
            return out

    def _take(self, item: ev.Event | Inbound) -> list[ev.Event]:
        if isinstance(item, ev.Refused):
            self._refusal_room.release()
        if isinstance(item, Inbound):
            if item.msg['type'] in ('hello', 'welcome'):
                out = self._agree(item.conn, item.msg)
            elif item.conn is self._peer:
                out = self._referee(item.conn, item.msg)
            else:
                out = []             # from a connection that is over
        elif isinstance(item, (ev.PeerLost, ev.Closed)):
            self._peer = None        # after a loss, this side's open request counts as declined
            asked, self.undo_out, self.undo_in = self.undo_out, None, None
            out = [item] if asked is None or isinstance(item, ev.Closed) else \
                [ev.UndoAnswered(asked, False), item]
        else:
            out = [item]
        for event in out:
            self._follow(event)
        return out

    def _follow(self, event: ev.Event) -> None:
        if isinstance(event, ev.Connected):
            self._set(NetState.PLAYING)
        elif isinstance(event, ev.PeerLost):
            self._set(NetState.LEFT if event.left else NetState.LOST)
        elif isinstance(event, ev.JoinFailed):
            self.failure = event
            self._set(NetState.FAILED)
        elif isinstance(event, ev.Closed) and self.state is not NetState.LEFT:
            self._set(NetState.CLOSED)

    def _set(self, state: NetState) -> None:
        if state is not self.state and self.state not in (NetState.FAILED, NetState.CLOSED):
            self.state, self.state_since = state, time.monotonic()

    def _publish(self) -> None:
        """The owner's record may have changed (the owner's thread)."""

    def _answer(self, answer: Answer) -> None:
        self._answers.put(answer)
        self._wake()

    def _queue(self, msg: P.Message) -> bool:
        """Send ``msg`` to the opponent; False if it is not connected."""
        if self._peer is None:
            return False
        self._answer(Answer(self._peer, (msg,)))
        return True

    def send_move(self, ply: int, column: int) -> Move | None:
        """Play this side's move ``ply`` (1-based) in ``column`` (0-based) into the game
        and send it (the next handshake delivers it while the opponent is away).
        :returns: the ``Move``, or None if already played. :raises ValueError: before
        the game is known; ``MoveRefused`` for a move the game refuses."""
        if self.game is None or self.side is None:
            raise ValueError('there is no game yet: wait until the opponent is connected')
        move = self.game.offer(ply, column, self.side)
        if move is not None:
            self._publish()
            self._queue({'type': 'move', 'ply': ply, 'column': column})
        return move

    def request_undo(self, ply: int | None = None) -> int | None:
        """Ask the opponent to go back to the first ``ply`` moves (None: to just before this side's
        last move); ``UndoAnswered`` follows. :returns: the ply asked for, or None if no request can
        be made now. :raises ValueError: for a ``ply`` not from 0 to ``len(moves()) - 1``."""
        game = self.game
        if self._peer is None or game is None or self.undo_out is not None \
                or self.undo_in is not None:
            return None
        played = len(game.moves)
        if ply is None:
            mine = [p for p in range(played, 0, -1) if Side.for_ply(p) == self.side]
            if not mine:
                return None
            ply = mine[0] - 1
        self.undo_out = check_int(ply, 0, played - 1, 'ply')
        self._queue({'type': 'undo_request', 'ply': ply})
        return ply

    def answer_undo(self, accept: bool) -> bool:
        """Answer the opponent's open undo request (if ``accept``, the moves after its
        ply go at once); False if none is open."""
        ply, game = self.undo_in, self.game
        if ply is None or self._peer is None or game is None:
            return False
        self.undo_in = None
        accept = bool(accept) and ply <= len(game.moves)
        if accept:
            game.truncate(ply)
            self._publish()
        self._queue({'type': 'undo_reply', 'ply': ply, 'accept': accept})
        return True

    def send_chat(self, text: str) -> bool:
        """Send a line of chat; False if the opponent is not connected.
        :raises ValueError: for text that is not printable, 1-200 characters."""
        P.check_text('text', text, P.MAX_CHAT, allow_empty=False)
        return self._queue({'type': 'chat', 'text': text})

    def _agree(self, conn: Conn, msg: P.Message) -> list[ev.Event]:
        """Agree on the moves of an accepted hello or welcome: ``conn`` plays; or refuse it."""
        try:
            game, peer_side = self._game_for(msg)
            before = len(game.moves)
            extra = reconcile_with_peer(game, msg['moves'], peer_side)
        except P.ProtocolError as err:
            logger.warning("refused %s's %s: %s (%s)", conn.address, msg['type'], err, err.code)
            self._answer(Answer(conn, refusal=(err.code, str(err))))
            return [ev.Error(f'{conn.address} tried to continue a different game')] \
                if self.is_host and err.code == 'diverged' else []
        self.game, self.side = game, peer_side.other
        self.help = self.wants_help and msg.get('help', False)
        msgs = self._agreed(msg, extra)
        first = self.info is None
        self._peer = conn
        self.undo_out = self.undo_in = None
        self.info = ev.GameInfo(self.side, tuple(game.moves), dict(self.names), self.help)
        self._answer(Answer(conn, msgs, agreed=True))
        out: list[ev.Event] = [ev.Connected(self.info, again=not first)]
        if not first and len(game.moves) > before:
            out.append(ev.OpponentMove(len(game.moves), game.moves[-1]))
        return out

    def _referee(self, conn: Conn, msg: P.Message) -> list[ev.Event]:
        ply, game = msg['ply'], self.game
        assert game is not None and self.side is not None
        if msg['type'] == 'move':
            try:
                new = game.offer(ply, msg['column'], self.side.other) is not None
            except MoveRefused as refusal:
                logger.info('refused move %d in column %d from %s: %s', ply, msg['column'],
                            conn.address, refusal)
                self._answer(Answer(conn, ({'type': 'error', 'code': refusal.code.value,
                                            'text': clip(str(refusal), P.MAX_TEXT),
                                            'ply': ply},)))
                return [ev.Error(f'refused a move from the opponent: {refusal}')]
            return [ev.OpponentMove(ply, msg['column'])] if new else []
        if msg['type'] == 'undo_request':
            if self.undo_out is None and self.undo_in is None and ply < len(game.moves):
                self.undo_in = ply
                return [ev.UndoRequested(ply)]
            self._answer(Answer(conn, ({'type': 'undo_reply', 'ply': ply, 'accept': False},)))
            return []
        if self.undo_out != ply:
            return []                # a stale answer: no such request is open
        self.undo_out = None
        accept = msg['accept'] and ply <= len(game.moves)
        if accept:
            game.truncate(ply)
        return [ev.UndoAnswered(ply, accept)]

    def close(self, wait: float = 1.0) -> None:
        """Say goodbye and stop within about a second (``Closed`` is the last event); a
        host waits up to ``wait`` seconds for its listening socket to close. Idempotent."""
        self._set(NetState.CLOSED)
        self._stop.set()
        self._wake()

    def join(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for the I/O thread to stop; True if it has."""
        if self._thread is not None:
            self._thread.join(timeout)
            return not self._thread.is_alive()
        return True

    def start(self: _C) -> _C:
        """Start the I/O thread (a host listens first); ``self``.
        :raises OSError: if a host cannot listen; :class:`RuntimeError` if started."""
        if self._thread is not None:
            raise RuntimeError('already started')
        self._sel = selectors.DefaultSelector()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._sel.register(self._wake_r, selectors.EVENT_READ, self._drain_wake)
        try:
            self._open()
        except BaseException:
            self._teardown()
            raise
        self._thread = threading.Thread(target=self._run, name=type(self).__name__ + '-net',
                                        daemon=True)
        self._thread.start()
        return self

    # == the I/O thread, except _wake ======================================================

    def _emit(self, item: ev.Event | Inbound) -> None:
        if isinstance(item, ev.Refused) and not self._refusal_room.acquire(blocking=False):
            logger.info('turned %s away: %s', item.address, item.reason)   # the owner is busy
            return
        self._events.put(item)

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                self._step()
            self._farewell()
        except Exception as exc:    # a bug here must not end the game silently
            logger.exception('the network thread failed')
            self._emit(ev.Error(f'the network connection failed: {clip(exc)}'))
        finally:
            self._teardown()
            self._emit(ev.Closed())

    def _on_message(self, conn: Conn, msg: P.Message) -> None:
        kind = msg['type']
        if conn.state is ConnState.HANDSHAKE:
            refusal = self._handshake(conn, msg)
            if refusal is not None:
                logger.info("refused %s's %s: %s (%s)", conn.address, kind, refusal[1], refusal[0])
                self._refuse(conn, *refusal)
            elif not conn.closed:
                conn.state = ConnState.AGREEING
                self._emit(Inbound(conn, msg))
        elif conn is not self._active and conn.state is not ConnState.AGREEING:
            return
        elif kind in ('move', 'undo_request', 'undo_reply'):
            self._emit(Inbound(conn, msg))
        elif kind == 'chat':
            self._emit(ev.ChatMessage(msg['text']))
        elif kind == 'bye' and self._detach(conn):
            self._begin_close(conn)
            self._lost('the opponent left the game', True)
        elif kind == 'bye':
            self._drop(conn, 'the opponent left the game')
        elif kind == 'error' and msg['code'] not in P.FATAL_ERRORS:
            self._emit(ev.Error(f"the opponent says: {msg['text']}"))
        elif kind == 'error':
            self._drop(conn, f"the opponent says: {msg['text']}")
        else:
            self._refuse(conn, 'bad_message', f'unexpected {kind!r} during the game')

    def _refuse(self, conn: Conn, code: str, text: str) -> None:
        """``conn`` broke a rule: answer with an error ``code`` and close it."""
        agreeing = conn.state is ConnState.AGREEING
        was_active = self._detach(conn)
        self._begin_close(conn, {'type': 'error', 'code': code, 'text': clip(text, P.MAX_TEXT)})
        if was_active:
            self._lost(f'the connection was closed after a bad message ({clip(text)})', False)
        elif agreeing:
            conn.ended = f'the connection was closed after a bad message ({clip(text)})'
        else:
            self._turned_away(conn, code, clip(text))

    def _take_answers(self) -> None:
        while True:
            try:
                answer = self._answers.get_nowait()
            except queue.Empty:
                return
            conn = answer.conn
            if answer.refusal is not None:
                if conn.state is ConnState.AGREEING:
                    conn.state = ConnState.HANDSHAKE
                    self._refuse(conn, *answer.refusal)
                else:                          # it ended while the owner looked at it
                    self._turned_away(conn, None, conn.ended)
                continue
            if answer.agreed:
                if conn.closed or conn.state is not ConnState.AGREEING:
                    self._joined()             # ...and lost while the owner agreed
                    self._lost(conn.ended or 'the connection was closed', False)
                    continue
                conn.state = ConnState.ACTIVE
                conn.last_heard = conn.last_ping = self._clock()
                self._active = conn
                self._joined()
            if conn is self._active:
                for msg in answer.msgs:
                    self._send(conn, msg)

    def _detach(self, conn: Conn) -> bool:
        """Forget ``conn`` as the opponent's connection; True if it was."""
        if self._active is not conn:
            return False
        self._active = None
        return True

    def _lost(self, reason: str, left: bool) -> None:
        self._emit(ev.PeerLost(reason, left))
        self._after_lost(left)

    # -- what Host and Join add -------------------------------------------------------

    def _open(self) -> None:
        """At :meth:`start`, in the caller's thread."""

    def _handshake(self, conn: Conn, msg: P.Message) -> tuple[str, str] | None:
        """``(error code, text)`` to refuse the first message with, or None."""
        raise NotImplementedError

    def _game_for(self, msg: P.Message) -> tuple[Game, Side]:
        """The game an accepted hello or welcome continues, and the opponent's side.
        :raises ProtocolError: if it cannot be this side's game."""
        raise NotImplementedError

    def _agreed(self, msg: P.Message, extra: list[tuple[int, int]]) -> tuple[P.Message, ...]:
        """Take the names; the messages for the opponent (``extra``: this side's moves it
        lacks)."""
        raise NotImplementedError

    def _wrong_handshake(self, msg: P.Message, expected: str) -> tuple[str, str] | None:
        """``(error code, text)`` for a handshake message that is not ``expected`` or
        speaks another protocol version, else None."""
        if msg['type'] != expected:
            return 'bad_message', f"expected {expected!r}, not {msg['type']!r}"
        if msg['version'] != P.PROTOCOL_VERSION:
            return 'version', (f"this {'host' if self.is_host else 'side'} speaks protocol "
                               f"version {P.PROTOCOL_VERSION}, not {msg['version']}")
        return None

    def _joined(self) -> None:
        """The owner agreed: ``_active`` is the opponent's connection now."""

    def _tick(self, now: float) -> None:
        """Once per loop, ``now`` on the protocol clock."""

    def _after_lost(self, left: bool) -> None:
        """The opponent's connection just ended."""

    def _turned_away(self, conn: Conn, code: str | None, reason: str) -> None:
        """A connection that never played was refused (``code`` sent) or broke (None)."""

    def _stop_io(self) -> None:
        """Stop listening or connecting (at the end)."""

    def _wake(self) -> None:
        """End the loop's current wait at once (any thread)."""
        if self._wake_w is not None:
            with contextlib.suppress(OSError):   # full (already woken) or closed (stopping)
                self._wake_w.send(b'x')

    def _drain_wake(self) -> None:
        with contextlib.suppress(OSError):
            while self._wake_r is not None and self._wake_r.recv(4096):
                pass

    def _step(self, timeout: float = TICK) -> None:
        """Wait for the sockets, do what the owner answered, serve them, then tick."""
        assert self._sel is not None
        ready = self._sel.select(timeout)
        self._take_answers()
        for key, mask in ready:
            if not isinstance(key.data, Conn):
                key.data()                   # the wake-up pair's or a host's listener
                continue
            try:
                self._service(key.data, mask)
            except Exception as exc:         # one connection's bug never stops the others
                logger.exception('error serving %s', key.data.address)
                self._drop(key.data, f'internal error: {clip(exc)}')
        self._heartbeat(self._clock())

    def _adopt(self, sock: socket.socket, addr: object) -> Conn:
        assert self._sel is not None
        sock.setblocking(False)
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        now = self._clock()
        conn = Conn(sock, addr, now, now + self.timing.handshake_timeout)
        self._sel.register(sock, selectors.EVENT_READ, conn)
        self._conns.add(conn)
        return conn

    def _service(self, conn: Conn, mask: int) -> None:
        if conn.closed:
            return
        if mask & selectors.EVENT_READ:
            try:
                data: bytes | None = conn.sock.recv(8192)
            except (BlockingIOError, InterruptedError):
                data = None
            except OSError as exc:
                self._drop(conn, f'the connection broke ({clip(exc.strerror or exc)})')
                return
            if data == b'':
                if conn.state is ConnState.CLOSING:
                    self._close_now(conn)
                else:
                    self._drop(conn, 'the connection was closed')
                return
            if data and conn.state is not ConnState.CLOSING:
                self._received(conn, data)
        if not conn.closed and mask & selectors.EVENT_WRITE:
            self._flush(conn)

    def _received(self, conn: Conn, data: bytes) -> None:
        """Decode the lines (a bad one refused), answer pings, the rest to :meth:`_on_message`."""
        try:
            for line in conn.lines.feed(data):
                if conn.closed or conn.state is ConnState.CLOSING:
                    return
                msg = P.decode(line)
                conn.last_heard = self._clock()
                if msg['type'] == 'ping':
                    self._send(conn, {'type': 'pong'})
                elif msg['type'] != 'pong':          # hearing anything is what counts
                    self._on_message(conn, msg)
        except P.ProtocolError as err:
            self._refuse(conn, err.code, str(err))

    def _heartbeat(self, now: float) -> None:
        real = time.monotonic()
        for conn in list(self._conns):
            if conn.state is ConnState.CLOSING:
                if real >= conn.close_by:
                    self._close_now(conn)
            elif conn.state is ConnState.HANDSHAKE:
                if now >= conn.deadline:
                    self._refuse(conn, 'timeout', 'no handshake in time')
            elif conn.state is ConnState.AGREEING:
                pass                           # the owner answers within a frame
            elif now - conn.last_heard >= self.timing.peer_timeout:
                self._drop(conn, 'nothing heard from the opponent for '
                                 f'{self.timing.peer_timeout:g} s')
            elif now - conn.last_ping >= self.timing.ping_interval:
                conn.last_ping = now
                self._send(conn, {'type': 'ping'})
        self._tick(now)

    def _send(self, conn: Conn, msg: P.Message) -> None:
        """Queue ``msg`` on ``conn`` and send; a peer letting MAX_OUT bytes pile up is dropped."""
        if conn.closed:
            return
        conn.out += P.encode(msg)
        if len(conn.out) > MAX_OUT:
            self._drop(conn, 'the other side stopped reading')
        else:
            self._flush(conn)

    def _flush(self, conn: Conn) -> None:
        assert self._sel is not None
        try:
            while conn.out:
                del conn.out[:conn.sock.send(conn.out)]
        except (BlockingIOError, InterruptedError):
            pass
        except OSError as exc:
            self._drop(conn, f'the connection broke ({clip(exc.strerror or exc)})')
            return
        want = selectors.EVENT_READ | (selectors.EVENT_WRITE if conn.out else 0)
        if want != conn.mask:
            conn.mask = want
            self._sel.modify(conn.sock, want, conn)
        if not conn.out and conn.state is ConnState.CLOSING and not conn.shut_wr:
            conn.shut_wr = True
            with contextlib.suppress(OSError):
                conn.sock.shutdown(socket.SHUT_WR)

    def _begin_close(self, conn: Conn, msg: P.Message | None = None) -> None:
        """Send ``msg`` (if any), then close once both sides are done or after CLOSE_GRACE."""
        if conn.closed or conn.state is ConnState.CLOSING:
            return
        conn.state = ConnState.CLOSING
        conn.close_by = time.monotonic() + CLOSE_GRACE
        if msg is not None:
            conn.out += P.encode(msg)
        self._flush(conn)

    def _close_now(self, conn: Conn) -> None:
        if not conn.closed:
            conn.closed = True
            self._conns.discard(conn)
            self._unregister(conn.sock)
            with contextlib.suppress(OSError):
                conn.sock.close()

    def _drop(self, conn: Conn, reason: str) -> None:
        """Close ``conn`` at once (reset, closed, silent, not reading)."""
        if conn.closed:
            return
        self._close_now(conn)
        if self._detach(conn):
            self._lost(reason, False)
        elif conn.state is ConnState.AGREEING:
            conn.ended = reason              # told when the owner's answer comes
        else:
            self._turned_away(conn, None, reason)

    def _unregister(self, sock: socket.socket) -> None:
        if self._sel is not None:
            with contextlib.suppress(KeyError, ValueError, OSError):
                self._sel.unregister(sock)

    def _farewell(self) -> None:
        """Say bye to the opponent, stop listening and let the last lines go out."""
        self._take_answers()
        conn = self._active
        if conn is not None and self._detach(conn):
            self._begin_close(conn, {'type': 'bye'})
        for c in list(self._conns):
            if c.state is not ConnState.CLOSING:
                self._close_now(c)
        self._stop_io()
        end = time.monotonic() + CLOSE_GRACE
        while self._conns and time.monotonic() < end:
            self._step(0.02)

    def _teardown(self) -> None:
        for conn in list(self._conns):
            self._close_now(conn)
        self._stop_io()
        for sock in (self._wake_r, self._wake_w):
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.close()
        self._wake_r = self._wake_w = None
        if self._sel is not None:
            with contextlib.suppress(OSError):
                self._sel.close()
