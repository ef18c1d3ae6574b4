"""Helpers for the network tests: a raw protocol client, a fake clock, a relay
that can go silent like a pulled cable, and event waiting with deadlines.

A connection plays what its opponent sends into its game only when its owner
takes the events. Here the test's own thread is the owner of every connection
it passes to :func:`owned` (or watches with :class:`Watch`): whenever the
test waits - for an event, on a raw socket, for a condition - it takes their
events first and keeps them, in order, for its watches."""

from __future__ import annotations

import contextlib
import json
import selectors
import socket
import threading
import time
from pathlib import Path

from connect4_game.net import host as host_module
from connect4_game.net.connection import Timing

ROOT = Path(__file__).resolve().parents[2]

# Short timings so that loss and reconnection take a fraction of a second.
FAST = dict(timing=Timing(ping_interval=0.1, peer_timeout=0.6, handshake_timeout=0.5))
FAST_JOIN = dict(FAST, retry_interval=0.1, connect_timeout=1.0, give_up_after=10.0)


class FakeClock:
    """A monotonic clock the test moves by hand."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


_OWNED: dict[int, tuple[object, list]] = {}      # id(peer) -> (peer, its events not read yet)


def limits(monkeypatch, **values) -> None:
    """Set the host's limits on wrong codes (``MAX_BAD_CODES=2``...) for one test."""
    for name, value in values.items():
        monkeypatch.setattr(host_module, name, value)


def played(peer) -> tuple[int, ...]:
    """A peer's moves: 0-based columns, X first (() before its game is known)."""
    return tuple(peer.game.moves) if peer.game is not None else ()


def owned(peer):
    """Make the test's thread the owner of ``peer`` (returned): :func:`pump` takes its events."""
    _OWNED.setdefault(id(peer), (peer, []))
    return peer


def pump() -> None:
    """Take the events of every owned peer (the opponents' moves are played
    here, on the test's thread) and keep them for the watches."""
    for key, (peer, backlog) in list(_OWNED.items()):
        stopped = peer.started and not peer.running      # then nothing more will come
        backlog.extend(peer.events())
        if stopped and not backlog:
            del _OWNED[key]


def forget_owned() -> None:
    """A test ended: its peers are no longer pumped."""
    _OWNED.clear()


class Watch:
    """Reads a peer's events in order, with deadlines, pumping every owned
    peer while it waits (watches of one peer share its unread events).

    ``seen`` keeps every event read so far (for assertion messages and checks).
    """

    def __init__(self, peer) -> None:
        self.peer = owned(peer)
        self.backlog: list = _OWNED[id(peer)][1]
        self.seen: list = []

    def _next(self, deadline: float):
        while not self.backlog and time.monotonic() < deadline:
            pump()
            if not self.backlog:    # wait for the peer's next event (others are pumped again soon)
                self.backlog.extend(self.peer.events(timeout=0.005))
        if self.backlog:
            event = self.backlog.pop(0)
            self.seen.append(event)
            return event
        return None

    def wait(self, kind, timeout: float = 5.0, **fields):
        """The next event of type ``kind`` with these ``fields`` within ``timeout`` seconds
        (others are skipped).

        :raises AssertionError: naming the events seen if none came in time.
        """
        deadline = time.monotonic() + timeout
        while True:
            event = self._next(deadline)
            if isinstance(event, kind) and all(getattr(event, k) == v for k, v in fields.items()):
                return event
            if event is None and time.monotonic() >= deadline:
                raise AssertionError(f'no {kind.__name__} within {timeout} s; saw {self.seen!r}')


def poll_until(condition, timeout: float = 5.0, step: float = 0.01, what: str = 'condition'):
    """Call ``condition()`` until it is truthy (returns its value) or fail after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        pump()
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f'{what} not reached within {timeout} s')
        time.sleep(step)


class Raw:
    """A blocking line-protocol client for poking at a host by hand."""

    def __init__(self, port: int, host: str = '127.0.0.1', timeout: float = 5.0,
                 source: str | None = None) -> None:
        self.sock = socket.create_connection((host, port), timeout=timeout,
                                             source_address=(source, 0) if source else None)
        self.buf = b''

    @classmethod
    def accepted(cls, server: socket.socket, timeout: float = 5.0) -> Raw:
        """The next connection ``server`` (a listening socket) accepts, as a Raw."""
        server.settimeout(timeout)
        sock, _ = server.accept()
        raw = cls.__new__(cls)
        raw.sock, raw.buf = sock, b''
        return raw

    def send(self, data) -> None:
        if isinstance(data, dict):
            data = json.dumps(data).encode() + b'\n'
        self.sock.sendall(data)

    def hello(self, code: str, moves=(), version: int = 2, name: str = 'raw') -> None:
        self.send({'type': 'hello', 'version': version, 'code': code, 'name': name,
                   'moves': list(moves)})

    def recv(self, timeout: float = 5.0) -> dict | None:
        """The next message, or None at the end of the stream (or a reset).

        :raises AssertionError: if nothing complete arrives within ``timeout`` s.
        """
        deadline = time.monotonic() + timeout
        while b'\n' not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f'no message within {timeout} s (have {self.buf[:80]!r})')
            pump()
            self.sock.settimeout(min(left, 0.01))
            try:
                chunk = self.sock.recv(65536)
            except TimeoutError:
                continue
            except ConnectionResetError:
                return None
            if not chunk:
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b'\n', 1)
        return json.loads(line)

    def recv_skipping_pings(self, timeout: float = 5.0) -> dict | None:
        """The next message that is not a ping (pings are answered)."""
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv(max(0.01, deadline - time.monotonic()))
            if msg is None or msg.get('type') != 'ping':
                return msg
            self.send({'type': 'pong'})

    def read_to_end(self, timeout: float = 5.0) -> list[dict]:
        """Every message until the host closes the connection.

        :raises AssertionError: if it is still open after ``timeout`` s.
        """
        out = []
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv(max(0.01, deadline - time.monotonic()))
            if msg is None:
                return out
            out.append(msg)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()


class Relay:
    """A TCP relay to ``127.0.0.1:target``; :meth:`freeze` makes every current
    connection go silent (nothing forwarded, nothing closed), like a pulled
    cable. New connections are forwarded normally, except while
    :meth:`hold` is on: then they are hung up at once. :meth:`cut` closes
    every current connection (both ends see the end of the stream)."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.listener = socket.create_server(('127.0.0.1', 0))
        self.listener.setblocking(False)
        self.port = self.listener.getsockname()[1]
        self.sel = selectors.DefaultSelector()
        self.sel.register(self.listener, selectors.EVENT_READ, None)
        self.socks: list[socket.socket] = []
        self._freeze = threading.Event()
        self._cut = threading.Event()
        self._hold = threading.Event()
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def freeze(self) -> None:
        self._freeze.set()
        poll_until(lambda: not self._freeze.is_set(), what='relay frozen')

    def hold(self, on: bool = True) -> None:
        """Hang up every new connection at once (``on``), or forward them again."""
        if on:
            self._hold.set()
        else:
            self._hold.clear()

    def cut(self) -> None:
        """Close every connection relayed so far (the listener stays)."""
        self._cut.set()
        poll_until(lambda: not self._cut.is_set(), what='relay cut')

    def _run(self) -> None:
        while not self._stop.is_set():
            if self._cut.is_set():
                for sock in self.socks:
                    with contextlib.suppress(KeyError, ValueError):
                        self.sel.unregister(sock)
                    sock.close()
                self.socks.clear()
                self._cut.clear()
            if self._freeze.is_set():
                for sock in self.socks:
                    with contextlib.suppress(KeyError, ValueError):
                        self.sel.unregister(sock)
                self._freeze.clear()
            for key, _ in self.sel.select(0.02):
                if key.data is None:
                    try:
                        client, _ = self.listener.accept()
                    except BlockingIOError:
                        continue
                    if self._hold.is_set():
                        client.close()
                        continue
                    try:
                        upstream = socket.create_connection(('127.0.0.1', self.target))
                    except OSError:            # nobody listening there (yet): hang up
                        client.close()
                        continue
                    for a, b in ((client, upstream), (upstream, client)):
                        self.sel.register(a, selectors.EVENT_READ, b)
                        self.socks.append(a)
                else:
                    try:
                        data = key.fileobj.recv(65536)
                    except OSError:
                        data = b''
                    if data:
                        with contextlib.suppress(OSError):
                            key.data.sendall(data)
                    else:
                        for s in (key.fileobj, key.data):
                            with contextlib.suppress(KeyError, ValueError):
                                self.sel.unregister(s)
                            s.close()

    def close(self) -> None:
        self._stop.set()
        self.thread.join(2)
        for sock in self.socks + [self.listener]:
            with contextlib.suppress(OSError):
                sock.close()
