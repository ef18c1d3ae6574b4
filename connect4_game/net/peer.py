"""Host or join a game over TCP: the network side of playing a friend on the LAN.

:class:`Host` listens (only once :meth:`Host.start` is called) and accepts one
opponent who knows its 4-digit code; :class:`Join` connects to a host. Each runs
its network I/O in one background thread and talks to the game only through
thread-safe calls that never block:

* the game calls :meth:`~_Peer.send_move`, :meth:`~_Peer.request_undo`,
  :meth:`~_Peer.answer_undo`, :meth:`~_Peer.send_chat` and :meth:`~_Peer.close`;
* once a frame it drains :meth:`~_Peer.events` (or waits with
  :meth:`~_Peer.wait_events`) and gets :mod:`connect4_game.net.events` objects:
  ``Connected``, ``OpponentMove``, ``UndoRequested``, ``UndoAnswered``,
  ``ChatMessage``, ``PeerLost``, ``PeerBack``, ``Refused`` (host only),
  ``Error`` and finally ``Closed``.

The move list is the truth: each side checks every move with the engine
(:class:`connect4_game.net.record.GameRecord`) before it is played, and a
reconnecting side continues from the reconciled move list. Each side pings
every ``ping_interval`` seconds and reports ``PeerLost`` when it has heard
nothing for ``peer_timeout`` seconds; a joiner then reconnects by itself
(every ``retry_interval`` seconds, for ``give_up_after`` seconds) and the host
takes it back.

The host never stalls on a bad client: sockets are non-blocking, a client
must send its ``hello`` within ``handshake_timeout`` seconds, lines are at
most :data:`~connect4_game.net.protocol.MAX_LINE_BYTES` bytes, and a bad
message gets an ``error`` line and the connection is closed. After
``max_bad_codes`` wrong codes from one IP address, that address is refused
for ``lockout`` seconds.

This module never imports pygame.
"""

from __future__ import annotations

import collections
import os
import queue
import selectors
import socket
import threading
import time
from typing import Any, Callable

from connect4_game.board import other
from connect4_game.messages import clip
from connect4_game.net import protocol as P
from connect4_game.net.events import (
    ChatMessage, Closed, Connected, Error, Event, GameInfo, OpponentMove, PeerBack, PeerLost,
    Refused, UndoAnswered, UndoRequested,
)
from connect4_game.net.record import GameRecord, MoveRefused, reconcile, side_for_ply
from connect4_game.rules import NET_DEFAULT_PORT, check_int, check_number, check_seconds

__all__ = ['DEFAULT_PORT', 'Host', 'Join', 'parse_address']

DEFAULT_PORT = NET_DEFAULT_PORT
"""The TCP port a host listens on unless told otherwise."""

_TICK = 0.05            # seconds: the longest the I/O thread sleeps between checks
_CLOSE_GRACE = 1.0      # seconds (real time) to deliver a last error/bye before closing
_MAX_OUT = 64 * 1024    # bytes queued for a peer that does not read: then it is dropped
_MAX_PENDING = 8        # connections waiting for their hello at once (oldest dropped)
_MAX_TRACKED_IPS = 1024
_RECV = 8192

_HANDSHAKE, _ACTIVE, _CLOSING = 'handshake', 'active', 'closing'
_WAKE, _LISTEN = object(), object()


def _check_seconds(value: Any, what: str) -> float:
    return check_seconds(value, what, finite=True)


def _check_port(value: Any, lo: int) -> int:
    return check_int(value, lo, 65535, 'the port')


def _addr_text(addr: Any) -> str:
    try:
        host, port = addr[0], addr[1]
    except (TypeError, IndexError):
        return clip(addr)
    return f'[{host}]:{port}' if ':' in str(host) else f'{host}:{port}'


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``(host, port)`` from what a player typed: ``'192.168.1.5'``,
    ``'192.168.1.5:24744'``, ``'name.local:24744'``, ``'[fe80::1]:24744'`` or
    ``'fe80::1'``; the port defaults to ``default_port``.

    :raises ValueError: for an empty address or a port that is not 1-65535.
    """
    if not isinstance(text, str) or not text.strip():
        raise ValueError('type the address of the computer that hosts the game')
    text = text.strip()
    host, port_text = text, ''
    if text.startswith('['):
        end = text.find(']')
        if end < 0:
            raise ValueError(f'no closing ] in {clip(text)!r}')
        host, rest = text[1:end], text[end + 1:]
        if rest:
            if not rest.startswith(':'):
                raise ValueError(f'expected :port after ] in {clip(text)!r}')
            port_text = rest[1:]
    elif text.count(':') == 1:
        host, port_text = text.split(':')
    if not host:
        raise ValueError('type the address of the computer that hosts the game')
    if not port_text:
        return host, default_port
    if not port_text.isdigit():
        raise ValueError(f'the port must be a number, not {clip(port_text)!r}')
    return host, _check_port(int(port_text), 1)


class _Conn:
    """One TCP connection and its buffers (used by the I/O thread only)."""

    def __init__(self, sock: socket.socket, addr: Any, now: float, deadline: float) -> None:
        self.sock = sock
        self.ip = str(addr[0]) if isinstance(addr, tuple) and addr else '?'
        self.address = _addr_text(addr)
        self.lines = P.LineBuffer()
        self.out = bytearray()
        self.state = _HANDSHAKE
        self.deadline = deadline          # protocol clock: the hello/welcome must come by then
        self.close_by = 0.0               # real time: when a closing connection is cut
        self.last_heard = now
        self.last_ping = now
        self.mask = selectors.EVENT_READ
        self.shut_wr = False
        self.closed = False


class _Peer:
    """What :class:`Host` and :class:`Join` share: the game-facing calls and the I/O thread."""

    def __init__(self, *, name: str, ping_interval: float, peer_timeout: float,
                 handshake_timeout: float, clock: Callable[[], float]) -> None:
        self.name = P.check_name(name)
        self._ping_interval = _check_seconds(ping_interval, 'ping_interval')
        self._peer_timeout = _check_seconds(peer_timeout, 'peer_timeout')
        self._handshake_timeout = _check_seconds(handshake_timeout, 'handshake_timeout')
        if self._peer_timeout <= self._ping_interval:
            raise ValueError('peer_timeout must be longer than ping_interval')
        if not callable(clock):
            raise ValueError('clock must be a function returning seconds')
        self._clock = clock
        self._lock = threading.RLock()
        self._record: GameRecord | None = None
        self._side: str | None = None
        self._host_side: str | None = None
        self._names = {'X': '', 'O': ''}
        self._events: queue.Queue[Event] = queue.Queue()
        self._outbox: collections.deque[tuple[int | None, dict]] = collections.deque()
        self._active: _Conn | None = None
        self._gen = 0                      # which connection the game's undo/chat belong to
        self._undo_out: int | None = None  # ply this side asked to go back to
        self._undo_in: int | None = None   # ply the opponent asked to go back to
        self._ever = False                 # a handshake has succeeded once
        self._finished = False             # the I/O thread should stop (fatal error)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._sel: selectors.BaseSelector | None = None
        self._wake_r: socket.socket | None = None
        self._wake_w: socket.socket | None = None
        self._conns: set[_Conn] = set()

    # == the game's side: non-blocking, thread-safe ====================================

    @property
    def side(self) -> str | None:
        """This side's checker, ``'X'`` or ``'O'`` (None for a joiner before it connects)."""
        with self._lock:
            return self._side

    @property
    def connected(self) -> bool:
        """True while the opponent is connected (after the handshake)."""
        with self._lock:
            return self._active is not None

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
        with self._lock:
            return tuple(self._record.moves) if self._record is not None else ()

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

    def send_move(self, ply: int, column: int) -> bool:
        """Play this side's move ``ply`` (1-based) in ``column`` (0-based) and
        send it; while the opponent is away it is kept and delivered when they
        reconnect.

        :returns: True if played, False if that exact move was already played.
        :raises ValueError: before the game is known (a joiner before
            ``Connected``); :class:`~connect4_game.net.record.MoveRefused`
            (a ValueError) if it is not this side's turn, not the next ply,
            not a legal column, or the game is over.
        """
        with self._lock:
            if self._record is None:
                raise ValueError('there is no game yet: wait until the opponent is connected')
            new = self._record.offer(ply, column, self._side)
            if new:
                self._outbox.append((None, {'type': 'move', 'ply': ply, 'column': column}))
        self._wake()
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
        with self._lock:
            if self._active is None or self._record is None or self._undo_out is not None \
                    or self._undo_in is not None:
                return None
            played = len(self._record.moves)
            if ply is None:
                mine = [p for p in range(played, 0, -1) if side_for_ply(p) == self._side]
                if not mine:
                    return None
                ply = mine[0] - 1
            else:
                check_int(ply, 0, played - 1, 'ply')
            self._undo_out = ply
            self._outbox.append((self._gen, {'type': 'undo_request', 'ply': ply}))
        self._wake()
        return ply

    def answer_undo(self, accept: bool) -> bool:
        """Answer the opponent's open undo request; if ``accept``, every move
        after the asked ply is taken back here at once.

        :returns: True if answered, False if there is no open request (it was
            answered already, or the connection was lost since).
        """
        accept = bool(accept)
        with self._lock:
            ply = self._undo_in
            if ply is None or self._active is None or self._record is None:
                return False
            self._undo_in = None
            if accept:
                if ply > len(self._record.moves):
                    accept = False
                else:
                    self._record.truncate(ply)
            self._outbox.append((self._gen, {'type': 'undo_reply', 'ply': ply, 'accept': accept}))
        self._wake()
        return True

    def pending_undo(self) -> int | None:
        """The ply of the opponent's open undo request, or None."""
        with self._lock:
            return self._undo_in

    def send_chat(self, text: str) -> bool:
        """Send a line of chat (printable, 1-200 characters).

        :returns: False if the opponent is not connected (the line is dropped).
        :raises ValueError: for text that is empty, too long or not printable.
        """
        P.check_chat(text)
        with self._lock:
            if self._active is None:
                return False
            self._outbox.append((self._gen, {'type': 'chat', 'text': text}))
        self._wake()
        return True

    def close(self) -> None:
        """Say goodbye to the opponent and stop (in the background, within
        about a second); ``Closed`` is the last event. Safe to call twice."""
        self._stop.set()
        self._wake()

    def join(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for the I/O thread to stop.

        :returns: True if it has stopped (or never started).
        """
        if self._thread is not None:
            self._thread.join(timeout)
            return not self._thread.is_alive()
        return True

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()
        self.join(5.0)

    def start(self):
        """Start the I/O thread (a host binds and listens first). Returns ``self``.

        :raises OSError: if a host cannot listen (address in use, no such
            address...); :class:`RuntimeError` if already started.
        """
        if self._thread is not None:
            raise RuntimeError('already started')
        self._sel = selectors.DefaultSelector()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._sel.register(self._wake_r, selectors.EVENT_READ, _WAKE)
        try:
            self._open()
        except BaseException:
            self._teardown()
            raise
        self._thread = threading.Thread(target=self._run, name=type(self).__name__ + '-net',
                                        daemon=True)
        self._thread.start()
        return self

    # == the I/O thread ===================================================================

    def _open(self) -> None:
        """Subclass hook, in the caller's thread: get ready to run."""

    def _after_lost(self, left: bool) -> None:
        """Subclass hook: the opponent's connection just ended."""

    def _refused(self, conn: _Conn, code: str, reason: str) -> None:
        """Subclass hook: a connection that never got to play was turned away."""

    def _failed(self, conn: _Conn, reason: str) -> None:
        """Subclass hook: a connection that never got to play broke."""

    def _tick_more(self, now: float) -> None:
        """Subclass hook, once per loop."""

    def _handshake(self, conn: _Conn, msg: dict) -> None:
        raise NotImplementedError

    def _emit(self, event: Event) -> None:
        self._events.put(event)

    def _wake(self) -> None:
        w = self._wake_w
        if w is not None:
            try:
                w.send(b'x')
            except OSError:       # full (already woken) or closed (stopping)
                pass

    def _run(self) -> None:
        try:
            while not self._stop.is_set() and not self._finished:
                self._step()
            self._farewell()
        except Exception as exc:    # a bug here must not end the game silently
            self._emit(Error(f'the network connection failed: {clip(exc)}'))
        finally:
            self._teardown()
            self._emit(Closed())

    def _step(self, timeout: float = _TICK) -> None:
        assert self._sel is not None
        for key, mask in self._sel.select(timeout):
            if key.data is _WAKE:
                try:
                    while self._wake_r.recv(4096):
                        pass
                except OSError:
                    pass
            elif key.data is _LISTEN:
                self._accept()
            else:
                conn = key.data
                try:
                    self._service(conn, mask)
                except Exception as exc:     # one connection's bug never stops the others
                    self._drop(conn, f'internal error: {clip(exc)}')
        self._drain_outbox()
        self._tick(self._clock())

    def _accept(self) -> None:
        """Host only (overridden)."""

    def _service(self, conn: _Conn, mask: int) -> None:
        if conn.closed:
            return
        if mask & selectors.EVENT_READ:
            try:
                data = conn.sock.recv(_RECV)
            except (BlockingIOError, InterruptedError):
                data = None
            except OSError as exc:
                self._drop(conn, f'the connection broke ({clip(exc.strerror or exc)})')
                return
            if data is not None:
                if not data:
                    if conn.state == _CLOSING:
                        self._close_now(conn)
                    else:
                        self._drop(conn, 'the connection was closed')
                    return
                if conn.state != _CLOSING:
                    self._received(conn, data)
        if not conn.closed and mask & selectors.EVENT_WRITE:
            self._flush(conn)

    def _received(self, conn: _Conn, data: bytes) -> None:
        try:
            lines = conn.lines.feed(data)
        except P.ProtocolError as err:
            self._refuse(conn, err.code, str(err))
            return
        for line in lines:
            if conn.closed or conn.state == _CLOSING:
                return
            try:
                msg = P.decode(line)
            except P.ProtocolError as err:
                self._refuse(conn, err.code, str(err))
                return
            conn.last_heard = self._clock()
            if conn.state == _HANDSHAKE:
                self._handshake(conn, msg)
            else:
                self._play(conn, msg)

    def _send(self, conn: _Conn, msg: dict) -> None:
        if conn.closed:
            return
        conn.out += P.encode(msg)
        if len(conn.out) > _MAX_OUT:
            self._drop(conn, 'the other side stopped reading')
            return
        self._flush(conn)

    def _flush(self, conn: _Conn) -> None:
        try:
            while conn.out:
                sent = conn.sock.send(conn.out)
                del conn.out[:sent]
        except (BlockingIOError, InterruptedError):
            pass
        except OSError as exc:
            self._drop(conn, f'the connection broke ({clip(exc.strerror or exc)})')
            return
        want = selectors.EVENT_READ | (selectors.EVENT_WRITE if conn.out else 0)
        if want != conn.mask:
            conn.mask = want
            self._sel.modify(conn.sock, want, conn)
        if not conn.out and conn.state == _CLOSING and not conn.shut_wr:
            conn.shut_wr = True
            try:
                conn.sock.shutdown(socket.SHUT_WR)
            except OSError:
                pass

    def _begin_close(self, conn: _Conn, msg: dict | None = None) -> None:
        """Send ``msg`` (if any), then close once it is out and the other side
        closed too, or after a short grace."""
        if conn.closed or conn.state == _CLOSING:
            return
        conn.state = _CLOSING
        conn.close_by = time.monotonic() + _CLOSE_GRACE
        if msg is not None:
            conn.out += P.encode(msg)
        self._flush(conn)

    def _close_now(self, conn: _Conn) -> None:
        if conn.closed:
            return
        conn.closed = True
        self._conns.discard(conn)
        try:
            self._sel.unregister(conn.sock)
        except (KeyError, ValueError, OSError):
            pass
        try:
            conn.sock.close()
        except OSError:
            pass

    def _detach(self, conn: _Conn) -> bool:
        """Forget ``conn`` as the opponent's connection; True if it was."""
        with self._lock:
            if self._active is conn:
                self._active = None
                return True
            return False

    def _refuse(self, conn: _Conn, code: str, text: str, ply: int | None = None) -> None:
        """Answer ``conn`` with an error and close it."""
        msg: dict[str, Any] = {'type': 'error', 'code': code, 'text': clip(text, P.MAX_TEXT)}
        if ply is not None:
            msg['ply'] = ply
        was_active = self._detach(conn)
        self._begin_close(conn, msg)
        if was_active:
            self._lost(f'the connection was closed after a bad message ({clip(text)})')
        else:
            self._refused(conn, code, clip(text))

    def _drop(self, conn: _Conn, reason: str) -> None:
        """Close ``conn`` at once (broken, silent or not reading)."""
        was_active = self._detach(conn)
        self._close_now(conn)
        if was_active:
            self._lost(reason)
        else:
            self._failed(conn, reason)

    def _lost(self, reason: str, left: bool = False) -> None:
        with self._lock:
            asked, self._undo_out, self._undo_in = self._undo_out, None, None
        if asked is not None:
            self._emit(UndoAnswered(asked, False))
        self._emit(PeerLost(reason, left))
        self._after_lost(left)

    def _connected(self, conn: _Conn) -> None:
        """The handshake on ``conn`` succeeded (called with the lock held)."""
        now = self._clock()
        conn.state = _ACTIVE
        conn.last_heard = conn.last_ping = now
        self._active = conn
        self._gen += 1
        self._undo_out = self._undo_in = None

    def _info(self, conn: _Conn) -> GameInfo:
        assert self._record is not None
        return GameInfo(rows=self._record.rows, cols=self._record.cols,
                        host_side=self._host_side or 'X', my_side=self._side or 'X',
                        moves=tuple(self._record.moves), names=dict(self._names),
                        peer=conn.address)

    def _announce(self, info: GameInfo) -> None:
        self._emit(PeerBack(info) if self._ever else Connected(info))
        self._ever = True

    def _play(self, conn: _Conn, msg: dict) -> None:
        """A message from the connected opponent."""
        kind = msg['type']
        if kind == 'ping':
            self._send(conn, {'type': 'pong'})
        elif kind == 'pong':
            pass
        elif kind == 'move':
            ply, column = msg['ply'], msg['column']
            refusal = None
            with self._lock:
                try:
                    new = self._record.offer(ply, column, other(self._side))
                except MoveRefused as err:
                    refusal, new = err, False
            if refusal is not None:
                self._send(conn, {'type': 'error', 'code': refusal.code,
                                  'text': clip(str(refusal), P.MAX_TEXT), 'ply': ply})
                self._emit(Error(f'refused a move from the opponent: {refusal}'))
            elif new:
                self._emit(OpponentMove(ply, column))
        elif kind == 'undo_request':
            ply = msg['ply']
            with self._lock:
                ok = (self._undo_out is None and self._undo_in is None
                      and ply < len(self._record.moves))
                if ok:
                    self._undo_in = ply
            if ok:
                self._emit(UndoRequested(ply))
            else:
                self._send(conn, {'type': 'undo_reply', 'ply': ply, 'accept': False})
        elif kind == 'undo_reply':
            ply = msg['ply']
            with self._lock:
                if self._undo_out != ply:
                    return               # a stale answer: no such request is open
                self._undo_out = None
                accept = msg['accept'] and ply <= len(self._record.moves)
                if accept:
                    self._record.truncate(ply)
            self._emit(UndoAnswered(ply, accept))
        elif kind == 'chat':
            self._emit(ChatMessage(msg['text']))
        elif kind == 'bye':
            self._detach(conn)
            self._begin_close(conn)
            self._lost('the opponent left the game', left=True)
        elif kind == 'error':
            text = f"the opponent says: {msg['text']}"
            if msg['code'] in P.FATAL_ERRORS:
                self._detach(conn)
                self._close_now(conn)
                self._lost(text)
            else:
                self._emit(Error(text))
        else:                            # hello/welcome again
            self._refuse(conn, 'bad_message', f'unexpected {kind!r} during the game')

    def _drain_outbox(self) -> None:
        with self._lock:
            items = list(self._outbox)
            self._outbox.clear()
            active, gen = self._active, self._gen
        for item_gen, msg in items:
            if active is None or active.closed:
                return      # moves are in the record: the next handshake carries them
            if item_gen is not None and item_gen != gen:
                continue    # an undo or chat meant for a connection that is gone
            self._send(active, msg)

    def _tick(self, now: float) -> None:
        real = time.monotonic()
        for conn in list(self._conns):
            if conn.closed:
                continue
            if conn.state == _CLOSING:
                if real >= conn.close_by:
                    self._close_now(conn)
            elif conn.state == _HANDSHAKE:
                if now >= conn.deadline:
                    self._refuse(conn, 'timeout', 'no handshake in time')
            elif now - conn.last_heard >= self._peer_timeout:
                self._drop(conn, f'nothing heard from the opponent for {self._peer_timeout:g} s')
            elif now - conn.last_ping >= self._ping_interval:
                conn.last_ping = now
                self._send(conn, {'type': 'ping'})
        self._tick_more(now)

    def _farewell(self) -> None:
        """Stopping: say bye to the opponent and give the last lines a moment to go out."""
        self._drain_outbox()
        conn = self._active
        if conn is not None and not conn.closed:
            self._detach(conn)
            self._begin_close(conn, {'type': 'bye'})
        for c in list(self._conns):
            if c.state != _CLOSING:
                self._close_now(c)
        self._close_listener()
        end = time.monotonic() + _CLOSE_GRACE
        while self._conns and time.monotonic() < end:
            self._step(0.02)

    def _close_listener(self) -> None:
        """Host only (overridden)."""

    def _teardown(self) -> None:
        for conn in list(self._conns):
            self._close_now(conn)
        self._close_listener()
        for sock in (self._wake_r, self._wake_w):
            if sock is not None:
                try:
                    sock.close()
                except OSError:
                    pass
        self._wake_r = self._wake_w = None
        if self._sel is not None:
            try:
                self._sel.close()
            except OSError:
                pass


class Host(_Peer):
    """Host a game: listen for one opponent who knows the code.

    :param port: TCP port, 0-65535 (0: any free port; read :attr:`port` after
        :meth:`start`).
    :param addr: the local address to listen on ('' = every IPv4 interface).
    :param code: the 4-digit join code as a string; None picks a random one
        (read :attr:`code`).
    :param rows: board rows and ``cols`` board columns, as the game offers them.
    :param host_side: the host's checker, ``'X'`` (moves first) or ``'O'``.
    :param name: the host player's name (printable, at most 32 characters).
    :param moves: a move list to continue from (0-based columns, X first).
    :param ping_interval: seconds between heartbeats; ``peer_timeout``
        seconds of silence make the opponent lost; a new connection has
        ``handshake_timeout`` seconds to say hello.
    :param max_bad_codes: wrong codes from one IP address before it is locked
        out for ``lockout`` seconds.
    :param clock: monotonic seconds for these timings (tests drive it).
    :raises ValueError: for any bad value (a MoveRefused for illegal ``moves``).

    Nothing is opened before :meth:`start`. Attributes: ``code``, ``name``.
    """

    def __init__(self, port: int = DEFAULT_PORT, addr: str = '', code: str | None = None,
                 rows: int = 6, cols: int = 7, host_side: str = 'X', *, name: str = 'Host',
                 moves=(), ping_interval: float = 1.0, peer_timeout: float = 3.5,
                 handshake_timeout: float = 5.0, max_bad_codes: int = 3, lockout: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(name=name, ping_interval=ping_interval, peer_timeout=peer_timeout,
                         handshake_timeout=handshake_timeout, clock=clock)
        self._port = _check_port(port, 0)
        if not isinstance(addr, str):
            raise ValueError('addr must be a string')
        self._addr = addr
        self.code = P.new_code() if code is None else P.check_code(code)
        if host_side not in P.SIDES or not isinstance(host_side, str):
            raise ValueError(f"host_side must be 'X' or 'O', not {host_side!r}"[:120])
        self._max_bad = check_int(max_bad_codes, 1, None, 'max_bad_codes')
        self._lockout = _check_seconds(lockout, 'lockout')
        self._record = GameRecord(rows, cols, moves)
        self._side = self._host_side = host_side
        self._names[host_side] = self.name
        self._bad: dict[str, tuple[int, float]] = {}   # ip -> (wrong codes, locked until)
        self._listener: socket.socket | None = None

    @property
    def port(self) -> int:
        """The port listened on (the real one once started, even if 0 was asked)."""
        listener = self._listener
        if listener is not None:
            try:
                return listener.getsockname()[1]
            except OSError:
                pass
        return self._port

    def addresses(self) -> list[str]:
        """IP addresses another computer may use to reach this host, most
        likely first (the LAN address, then 127.0.0.1 for this computer).
        Looks the host name up, so call it once, not every frame."""
        bound = self._addr
        if bound not in ('', '0.0.0.0', '::'):
            return [bound]
        found: list[str] = []
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect(('192.0.2.1', 9))      # no packet is sent: it only picks a route
                found.append(probe.getsockname()[0])
        except OSError:
            pass
        try:
            for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
                found.append(str(info[4][0]))
        except OSError:
            pass
        lan = [ip for ip in dict.fromkeys(found) if not ip.startswith(('127.', '0.'))]
        return lan + ['127.0.0.1']

    def invitation(self) -> str:
        """One line to read out to the friend, e.g. ``'address 192.168.1.5
        port 24744, code 0421'``."""
        return f'address {self.addresses()[0]} port {self.port}, code {self.code}'

    def _open(self) -> None:
        if self._addr in ('', '0.0.0.0'):
            family, sockaddr = socket.AF_INET, ('0.0.0.0', self._port)
        else:
            info = socket.getaddrinfo(self._addr, self._port, type=socket.SOCK_STREAM,
                                      flags=socket.AI_PASSIVE)[0]
            family, sockaddr = info[0], info[4]
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            if os.name != 'nt':     # let a restarted host take its port back at once
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(sockaddr)
            sock.listen(16)
            sock.setblocking(False)
        except BaseException:
            sock.close()
            raise
        self._listener = sock
        self._sel.register(sock, selectors.EVENT_READ, _LISTEN)

    def _close_listener(self) -> None:
        sock, self._listener = self._listener, None
        if sock is not None:
            try:
                self._sel.unregister(sock)
            except (KeyError, ValueError, OSError):
                pass
            sock.close()

    def _accept(self) -> None:
        for _ in range(16):
            try:
                sock, addr = self._listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:          # out of file descriptors and the like
                self._emit(Error(f'could not accept a connection: {clip(exc)}'))
                return
            sock.setblocking(False)
            try:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except OSError:
                pass
            now = self._clock()
            conn = _Conn(sock, addr, now, now + self._handshake_timeout)
            self._sel.register(sock, selectors.EVENT_READ, conn)
            self._conns.add(conn)
            if self.connected:
                self._refuse(conn, 'busy', 'a game is already being played here')
                continue
            waiting = [c for c in self._conns if c.state == _HANDSHAKE]
            if len(waiting) > _MAX_PENDING:
                oldest = min(waiting, key=lambda c: c.deadline)
                self._refuse(oldest, 'busy', 'too many connections are waiting')

    def _refused(self, conn: _Conn, code: str, reason: str) -> None:
        self._emit(Refused(conn.address, reason))

    def _handshake(self, conn: _Conn, msg: dict) -> None:
        if msg['type'] != 'hello':
            self._refuse(conn, 'bad_message', f"expected 'hello', not {msg['type']!r}")
            return
        if msg['version'] != P.PROTOCOL_VERSION:
            self._refuse(conn, 'version', f'this host speaks protocol version '
                                          f"{P.PROTOCOL_VERSION}, not {msg['version']}")
            return
        now = self._clock()
        if len(self._bad) > _MAX_TRACKED_IPS:
            self._bad = {ip: v for ip, v in self._bad.items() if v[1] > now}
        wrong, until = self._bad.get(conn.ip, (0, 0.0))
        if until > now:
            self._refuse(conn, 'locked_out', 'too many wrong codes: try again later')
            return
        if not P.codes_equal(msg['code'], self.code):
            wrong += 1
            if wrong >= self._max_bad:
                wrong, until = 0, now + self._lockout
            self._bad[conn.ip] = (wrong, until)
            self._refuse(conn, 'bad_code', 'wrong code')
            return
        self._bad.pop(conn.ip, None)
        if self.connected:
            self._refuse(conn, 'busy', 'a game is already being played here')
            return
        refusal = None
        with self._lock:
            agreed = reconcile(self._record.moves, msg['moves'])
            if agreed is None:
                refusal = ('diverged', 'the two games differ: they cannot continue together')
            else:
                try:
                    if len(agreed) > len(self._record.moves):
                        self._record.replace(agreed)
                except MoveRefused:
                    refusal = ('game_mismatch', 'those moves are not a game on this board')
            if refusal is None:
                self._names[other(self._side)] = msg['name']
                self._connected(conn)
                welcome = {'type': 'welcome', 'version': P.PROTOCOL_VERSION,
                           'rows': self._record.rows, 'cols': self._record.cols,
                           'host_side': self._side, 'moves': list(self._record.moves),
                           'names': dict(self._names)}
                info = self._info(conn)
        if refusal is not None:
            self._refuse(conn, *refusal)
            if refusal[0] == 'diverged':
                self._emit(Error(f'{conn.address} tried to continue a different game'))
            return
        self._send(conn, welcome)
        self._announce(info)


class Join(_Peer):
    """Join a game hosted at ``addr``:``port`` with its 4-digit ``code``.

    :param addr: host name or IP address of the host.
    :param port: its TCP port, 1-65535.
    :param code: the host's code, a string of 4 digits.
    :param name: this player's name (printable, at most 32 characters).
    :param moves: a move list this side already has (0-based columns, X
        first), e.g. from a saved game: a host that knows fewer moves takes
        it if it extends its own; a different game is refused.
    :param reconnect: after losing the host (not after it said goodbye),
        try again every ``retry_interval`` seconds for ``give_up_after``
        seconds; each try waits ``connect_timeout`` seconds at most.
    :param first_tries: seconds during which a failed *first* connection is
        tried again every ``retry_interval`` (a script that starts both sides
        at once); 0 (the default) reports it at once (a mistyped address).
    :param ping_interval, peer_timeout, handshake_timeout, clock: as for :class:`Host`.
    :raises ValueError: for any bad value.

    The first connection is tried at :meth:`start`; if it fails (no host
    there, wrong code, game already running), an ``Error`` and ``Closed``
    follow. This side's checker is the host's other one (``side`` after
    ``Connected``).
    """

    def __init__(self, addr: str, port: int = DEFAULT_PORT, code: str = '', *,
                 name: str = 'Guest', moves=(), reconnect: bool = True,
                 retry_interval: float = 1.0,
                 give_up_after: float = 120.0, connect_timeout: float = 3.0,
                 ping_interval: float = 1.0, peer_timeout: float = 3.5,
                 handshake_timeout: float = 5.0, first_tries: float = 0.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(name=name, ping_interval=ping_interval, peer_timeout=peer_timeout,
                         handshake_timeout=handshake_timeout, clock=clock)
        self._first_tries = check_number(first_tries, 0, 3600, 'first_tries')
        self._first_deadline = 0.0
        if not isinstance(addr, str) or not addr.strip():
            raise ValueError('addr must name the host')
        self.addr = addr.strip()
        self.port = _check_port(port, 1)
        self.code = P.check_code(code)
        try:
            self._known = P.check_moves(list(moves))
        except (TypeError, P.ProtocolError) as err:
            raise ValueError(f'moves: {err}') from None
        self._reconnect = bool(reconnect)
        self._retry = _check_seconds(retry_interval, 'retry_interval')
        self._give_up_after = _check_seconds(give_up_after, 'give_up_after')
        self._connect_timeout = _check_seconds(connect_timeout, 'connect_timeout')
        self._pending: _Conn | None = None
        self._next_try: float | None = None
        self._give_up: float | None = None

    def _open(self) -> None:
        self._next_try = self._clock()
        self._first_deadline = self._next_try + self._first_tries

    def _tick_more(self, now: float) -> None:
        if self._active is not None or self._pending is not None or self._next_try is None \
                or self._finished or self._stop.is_set() or now < self._next_try:
            return
        if self._give_up is not None and now >= self._give_up:
            self._fail(f'could not get back to the host in {self._give_up_after:g} s')
            return
        self._next_try = None
        self._attempt()

    def _fail(self, text: str) -> None:
        self._emit(Error(text))
        self._finished = True

    def _attempt(self) -> None:
        try:
            sock = socket.create_connection((self.addr, self.port), timeout=self._connect_timeout)
        except (OSError, ValueError) as exc:     # ValueError: a name the resolver refuses
            self._attempt_failed(f'could not connect to {clip(self.addr)} port {self.port} '
                                 f'({clip(getattr(exc, "strerror", None) or exc)})')
            return
        sock.setblocking(False)
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            peer = sock.getpeername()
        except OSError:
            peer = (self.addr, self.port)
        now = self._clock()
        conn = _Conn(sock, peer, now, now + self._handshake_timeout)
        self._sel.register(sock, selectors.EVENT_READ, conn)
        self._conns.add(conn)
        self._pending = conn
        with self._lock:
            moves = list(self._record.moves) if self._record is not None else list(self._known)
        self._send(conn, {'type': 'hello', 'version': P.PROTOCOL_VERSION, 'code': self.code,
                          'name': self.name, 'moves': moves})

    def _attempt_failed(self, reason: str, fatal: bool = False) -> None:
        self._pending = None
        now = self._clock()
        if fatal or (self._ever and not self._reconnect) or \
                (not self._ever and now + self._retry > self._first_deadline):
            self._fail(reason)
        else:                # a lost connection, or a first one within first_tries seconds
            self._next_try = now + self._retry

    def _failed(self, conn: _Conn, reason: str) -> None:
        if conn is self._pending:
            self._attempt_failed(f'the host closed the connection ({reason})')

    def _refused(self, conn: _Conn, code: str, reason: str) -> None:
        if conn is self._pending:
            if code == 'timeout':
                self._attempt_failed('the host did not answer in time')
            elif code in ('diverged', 'game_mismatch'):
                self._attempt_failed(reason, fatal=True)
            else:
                self._attempt_failed(f'the host sent something unexpected ({reason})', fatal=True)

    def _after_lost(self, left: bool) -> None:
        if left or not self._reconnect:
            self._finished = True
            return
        now = self._clock()
        self._next_try = now                      # try at once, then every retry_interval
        self._give_up = now + self._give_up_after

    def _handshake(self, conn: _Conn, msg: dict) -> None:
        if msg['type'] == 'error':
            self._close_now(conn)
            retry = msg['code'] in ('busy', 'timeout')
            self._attempt_failed(f"the host refused: {msg['text']}", fatal=not retry)
            return
        if msg['type'] != 'welcome':
            self._refuse(conn, 'bad_message', f"expected 'welcome', not {msg['type']!r}")
            return
        if msg['version'] != P.PROTOCOL_VERSION:
            self._refuse(conn, 'version', f'this side speaks protocol version '
                                          f"{P.PROTOCOL_VERSION}, not {msg['version']}")
            return
        refusal = None
        extra: list[tuple[int, int]] = []
        theirs = msg['moves']
        with self._lock:
            rec = self._record
            if rec is not None and (rec.rows, rec.cols, self._host_side) != \
                    (msg['rows'], msg['cols'], msg['host_side']):
                refusal = ('game_mismatch', 'the host is playing another game now')
            else:
                agreed = reconcile(rec.moves if rec is not None else self._known, theirs)
                if agreed is None:
                    refusal = ('diverged', 'the two games differ: they cannot continue together')
                else:
                    try:
                        if rec is None:
                            rec = GameRecord(msg['rows'], msg['cols'], agreed)
                        elif len(agreed) > len(rec.moves):
                            rec.replace(agreed)
                    except (MoveRefused, ValueError):
                        refusal = ('game_mismatch', 'those moves are not a game on that board')
            if refusal is None:
                self._record = rec
                self._host_side = msg['host_side']
                self._side = other(msg['host_side'])
                self._names = dict(msg['names'])
                self._names[self._side] = self.name
                extra = [(ply, rec.moves[ply - 1])
                         for ply in range(len(theirs) + 1, len(rec.moves) + 1)]
                self._connected(conn)
                self._pending = None
                self._give_up = None
                info = self._info(conn)
        if refusal is not None:
            self._refuse(conn, *refusal)
            return
        for ply, column in extra:                # moves made here while the host was away
            self._send(conn, {'type': 'move', 'ply': ply, 'column': column})
        self._announce(info)
