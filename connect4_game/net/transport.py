"""The sockets of a network connection: one selector loop over non-blocking sockets.

:class:`Transport` runs in the connection's I/O thread. It accepts
connections (a host) or connects (a joiner: the blocking connect runs in a
helper thread, so the loop never waits for it), splits what arrives into
lines of at most :data:`~connect4_game.net.protocol.MAX_LINE_BYTES` bytes and
decodes them, sends queued bytes as the other side reads them, answers and
sends pings, and notices a connection that has gone silent or is too slow to
shake hands. What a message *means* is the handler's business (:class:`Handler`).

Every call is made from the I/O thread, except :meth:`Transport.wake` (any
thread) and :meth:`Transport.open` / :meth:`Transport.listen` (before it starts).

This module never imports pygame.
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import selectors
import socket
import threading
import time
from collections.abc import Callable
from enum import Enum
from typing import Protocol

from connect4_game.core.messages import clip
from connect4_game.net import protocol as P
from connect4_game.net.address import addr_text

__all__ = ['ConnState', 'Conn', 'Handler', 'Transport', 'CLOSE_GRACE']

logger = logging.getLogger(__name__)

TICK = 0.05             # seconds: the longest the I/O thread sleeps between checks
CLOSE_GRACE = 1.0       # seconds (real time) to deliver a last error/bye before closing
MAX_OUT = 64 * 1024     # bytes queued for a peer that does not read: then it is dropped
RECV = 8192             # bytes read at a time
_WAKE, _LISTEN = object(), object()

Dialed = Callable[['Conn | None', 'BaseException | None'], None]


class ConnState(Enum):
    """Where one TCP connection is in its life."""

    HANDSHAKE = 'handshake'     # connected; hello/welcome not accepted yet
    ACTIVE = 'active'           # the opponent's connection: the game is played over it
    CLOSING = 'closing'         # a last message goes out; closed when it is, or after a grace


class Conn:
    """One TCP connection and its buffers (I/O thread only).

    Attributes: ``address`` (``'ip:port'``), ``ip``, ``state``, ``deadline``
    (protocol clock seconds: the handshake must be done by then),
    ``last_heard``/``last_ping`` (protocol clock seconds) and ``closed``.
    """

    def __init__(self, sock: socket.socket, addr: object, now: float, deadline: float) -> None:
        self.sock = sock
        self.ip = str(addr[0]) if isinstance(addr, tuple) and addr else '?'
        self.address = addr_text(addr)
        self.lines = P.LineBuffer()
        self.out = bytearray()
        self.state = ConnState.HANDSHAKE
        self.deadline = deadline
        self.close_by = 0.0               # real time: when a closing connection is cut
        self.last_heard = self.last_ping = now
        self.mask = selectors.EVENT_READ
        self.shut_wr = False
        self.closed = False

    def __repr__(self) -> str:
        return f'<Conn {self.address} {self.state.value}{" closed" if self.closed else ""}>'


class Handler(Protocol):
    """What the transport tells its connection (all in the I/O thread)."""

    def on_message(self, conn: Conn, msg: P.Message) -> None:
        """A well-formed message (not a ping or pong) arrived on ``conn``."""

    def refuse(self, conn: Conn, code: str, text: str, ply: int | None = None) -> None:
        """``conn`` broke the protocol (``'bad_message'``, ``'too_long'``) or
        was too slow to shake hands (``'timeout'``): answer and close it."""

    def on_broken(self, conn: Conn, reason: str) -> None:
        """``conn`` was closed at once: reset, closed by the other side,
        silent for too long or not reading."""

    def on_tick(self, now: float) -> None:
        """Once per loop, ``now`` on the protocol clock."""


class Transport:
    """The sockets of one connection.

    :param handler: told about messages, broken connections and each tick.
    :param clock: the protocol clock (monotonic seconds; tests drive it).
    :param ping_interval: seconds between pings on the active connection.
    :param peer_timeout: seconds of silence after which it is dropped.
    :param handshake_timeout: seconds a new connection has to shake hands.

    ``conns`` is the set of open connections; ``listener_closed`` is a
    :class:`threading.Event` set while no listening socket is open.
    """

    def __init__(self, handler: Handler, clock: Callable[[], float], *, ping_interval: float,
                 peer_timeout: float, handshake_timeout: float) -> None:
        self._handler = handler
        self._clock = clock
        self._ping_interval = ping_interval
        self._peer_timeout = peer_timeout
        self._handshake_timeout = handshake_timeout
        self._sel: selectors.BaseSelector | None = None
        self._wake_r: socket.socket | None = None
        self._wake_w: socket.socket | None = None
        self._listener: socket.socket | None = None
        self._on_accept: Callable[[Conn], None] | None = None
        self._dial = 0                    # the current attempt's number (0: none)
        self._dialed: queue.Queue[tuple[int, socket.socket | None, BaseException | None,
                                        Dialed]] = queue.Queue()
        self.conns: set[Conn] = set()
        self.listener_closed = threading.Event()
        self.listener_closed.set()

    # -- setting up (before the I/O thread runs) -----------------------------------

    def open(self) -> None:
        """Create the selector and the wake-up socket pair."""
        self._sel = selectors.DefaultSelector()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._sel.register(self._wake_r, selectors.EVENT_READ, _WAKE)

    def listen(self, addr: str, port: int, on_accept: Callable[[Conn], None]) -> None:
        """Listen on ``addr``:``port`` ('' or '0.0.0.0': every IPv4 interface;
        port 0: any free one); ``on_accept(conn)`` follows each new connection.

        :raises OSError: if the address cannot be used (in use, no such address).
        """
        assert self._sel is not None
        sockaddr: tuple[str, int] | tuple[str, int, int, int] | tuple[int, bytes]
        if addr in ('', '0.0.0.0'):
            family, sockaddr = socket.AF_INET, ('0.0.0.0', port)
        else:
            info = socket.getaddrinfo(addr, port, type=socket.SOCK_STREAM,
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
        self._listener, self._on_accept = sock, on_accept
        self.listener_closed.clear()
        self._sel.register(sock, selectors.EVENT_READ, _LISTEN)

    @property
    def listen_port(self) -> int | None:
        """The port listened on, or None when not listening."""
        try:
            return None if self._listener is None else int(self._listener.getsockname()[1])
        except OSError:
            return None

    def close_listener(self) -> None:
        """Stop listening (new connections are refused by the system)."""
        sock, self._listener = self._listener, None
        if sock is not None:
            self._unregister(sock)
            sock.close()
        self.listener_closed.set()

    # -- connecting without blocking the loop --------------------------------------

    def dial(self, host: str, port: int, timeout: float, on_done: Dialed) -> None:
        """Start connecting to ``host``:``port`` in a helper thread (name
        lookup, every address in turn, ``timeout`` seconds each);
        ``on_done(conn, None)`` follows in the I/O thread once connected,
        ``on_done(None, error)`` if it failed (``error``: the
        :class:`OSError`, :class:`socket.gaierror`, :class:`TimeoutError` or
        :class:`ValueError`). A new attempt or :meth:`cancel_dial` forgets the last.
        """
        self._dial += 1
        number = self._dial

        def connect() -> None:
            try:
                sock: socket.socket | None = socket.create_connection((host, port), timeout)
                error: BaseException | None = None
            except (OSError, ValueError) as exc:   # ValueError: a name the resolver refuses
                sock, error = None, exc
            self._dialed.put((number, sock, error, on_done))
            self.wake()

        threading.Thread(target=connect, name='net-connect', daemon=True).start()

    def cancel_dial(self) -> None:
        """Forget the connection attempt under way, if any (no ``on_done``)."""
        self._dial += 1

    def _take_dialed(self) -> None:
        while True:
            try:
                number, sock, error, on_done = self._dialed.get_nowait()
            except queue.Empty:
                return
            if number != self._dial:
                if sock is not None:
                    sock.close()
                continue
            self._dial += 1
            if sock is None:
                on_done(None, error)
                continue
            try:
                peer = sock.getpeername()
            except OSError as exc:
                sock.close()
                on_done(None, exc)
                continue
            on_done(self._adopt(sock, peer), None)

    # -- the loop ----------------------------------------------------------------------

    def wake(self) -> None:
        """Make the loop's current wait end at once (any thread)."""
        w = self._wake_w
        if w is not None:
            with contextlib.suppress(OSError):   # full (already woken) or closed (stopping)
                w.send(b'x')

    def step(self, timeout: float = TICK) -> None:
        """Wait up to ``timeout`` seconds for the sockets, serve them, then tick."""
        assert self._sel is not None
        for key, mask in self._sel.select(timeout):
            data = key.data
            if data is _WAKE:
                with contextlib.suppress(OSError):
                    while self._wake_r is not None and self._wake_r.recv(4096):
                        pass
            elif data is _LISTEN:
                self._accept()
            else:
                try:
                    self._service(data, mask)
                except Exception as exc:     # one connection's bug never stops the others
                    logger.exception('error serving %s', data.address)
                    self.drop(data, f'internal error: {clip(exc)}')
        self._take_dialed()
        self._tick(self._clock())

    def _adopt(self, sock: socket.socket, addr: object) -> Conn:
        """Make a connected socket a :class:`Conn` in handshake and watch it."""
        assert self._sel is not None
        sock.setblocking(False)
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        now = self._clock()
        conn = Conn(sock, addr, now, now + self._handshake_timeout)
        self._sel.register(sock, selectors.EVENT_READ, conn)
        self.conns.add(conn)
        return conn

    def _accept(self) -> None:
        for _ in range(16):
            if self._listener is None:
                return
            try:
                sock, addr = self._listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:          # out of file descriptors and the like
                logger.warning('could not accept a connection: %s', exc)
                return
            conn = self._adopt(sock, addr)
            if self._on_accept is not None:
                self._on_accept(conn)

    def _service(self, conn: Conn, mask: int) -> None:
        if conn.closed:
            return
        if mask & selectors.EVENT_READ:
            try:
                data: bytes | None = conn.sock.recv(RECV)
            except (BlockingIOError, InterruptedError):
                data = None
            except OSError as exc:
                self.drop(conn, f'the connection broke ({clip(exc.strerror or exc)})')
                return
            if data == b'':
                if conn.state is ConnState.CLOSING:
                    self.close_now(conn)
                else:
                    self.drop(conn, 'the connection was closed')
                return
            if data and conn.state is not ConnState.CLOSING:
                self._received(conn, data)
        if not conn.closed and mask & selectors.EVENT_WRITE:
            self._flush(conn)

    def _received(self, conn: Conn, data: bytes) -> None:
        try:
            lines = conn.lines.feed(data)
            for line in lines:
                if conn.closed or conn.state is ConnState.CLOSING:
                    return
                msg = P.decode(line)
                conn.last_heard = self._clock()
                if msg['type'] == 'ping':
                    self.send(conn, {'type': 'pong'})
                elif msg['type'] != 'pong':          # hearing anything is what counts
                    self._handler.on_message(conn, msg)
        except P.ProtocolError as err:
            self._handler.refuse(conn, err.code, str(err))

    def _tick(self, now: float) -> None:
        real = time.monotonic()
        for conn in list(self.conns):
            if conn.closed:
                continue
            if conn.state is ConnState.CLOSING:
                if real >= conn.close_by:
                    self.close_now(conn)
            elif conn.state is ConnState.HANDSHAKE:
                if now >= conn.deadline:
                    self._handler.refuse(conn, 'timeout', 'no handshake in time')
            elif now - conn.last_heard >= self._peer_timeout:
                self.drop(conn, f'nothing heard from the opponent for {self._peer_timeout:g} s')
            elif now - conn.last_ping >= self._ping_interval:
                conn.last_ping = now
                self.send(conn, {'type': 'ping'})
        self._handler.on_tick(now)

    # -- sending and closing -----------------------------------------------------------

    def send(self, conn: Conn, msg: P.Message) -> None:
        """Queue ``msg`` on ``conn`` and send what the socket takes now; a
        peer that lets more than 64 KiB pile up is dropped."""
        if conn.closed:
            return
        conn.out += P.encode(msg)
        if len(conn.out) > MAX_OUT:
            self.drop(conn, 'the other side stopped reading')
            return
        self._flush(conn)

    def _flush(self, conn: Conn) -> None:
        assert self._sel is not None
        try:
            while conn.out:
                sent = conn.sock.send(conn.out)
                del conn.out[:sent]
        except (BlockingIOError, InterruptedError):
            pass
        except OSError as exc:
            self.drop(conn, f'the connection broke ({clip(exc.strerror or exc)})')
            return
        want = selectors.EVENT_READ | (selectors.EVENT_WRITE if conn.out else 0)
        if want != conn.mask:
            conn.mask = want
            self._sel.modify(conn.sock, want, conn)
        if not conn.out and conn.state is ConnState.CLOSING and not conn.shut_wr:
            conn.shut_wr = True
            with contextlib.suppress(OSError):
                conn.sock.shutdown(socket.SHUT_WR)

    def begin_close(self, conn: Conn, msg: P.Message | None = None) -> None:
        """Send ``msg`` (if any), then close once it is out and the other side
        closed too, or after :data:`CLOSE_GRACE` seconds."""
        if conn.closed or conn.state is ConnState.CLOSING:
            return
        conn.state = ConnState.CLOSING
        conn.close_by = time.monotonic() + CLOSE_GRACE
        if msg is not None:
            conn.out += P.encode(msg)
        self._flush(conn)

    def close_now(self, conn: Conn) -> None:
        """Close ``conn`` at once (nothing more is sent or read)."""
        if conn.closed:
            return
        conn.closed = True
        self.conns.discard(conn)
        self._unregister(conn.sock)
        with contextlib.suppress(OSError):
            conn.sock.close()

    def drop(self, conn: Conn, reason: str) -> None:
        """Close ``conn`` at once and tell the handler (``on_broken``)."""
        if not conn.closed:
            self.close_now(conn)
            self._handler.on_broken(conn, reason)

    def _unregister(self, sock: socket.socket) -> None:
        if self._sel is not None:
            with contextlib.suppress(KeyError, ValueError, OSError):
                self._sel.unregister(sock)

    def teardown(self) -> None:
        """Close everything: connections, the listener, an attempt, the selector."""
        for conn in list(self.conns):
            self.close_now(conn)
        self.cancel_dial()
        self.close_listener()
        for sock in (self._wake_r, self._wake_w):
            if sock is not None:
                with contextlib.suppress(OSError):
                    sock.close()
        self._wake_r = self._wake_w = None
        if self._sel is not None:
            with contextlib.suppress(OSError):
                self._sel.close()
