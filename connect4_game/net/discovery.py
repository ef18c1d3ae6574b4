"""Find games on the local network: a joiner broadcasts a ``discover`` datagram to UDP
port :data:`DISCOVERY_PORT`, and every host waiting there for a friend answers with a
``game`` datagram (docs/network.md, "Finding a game")."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import select
import socket
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from connect4_game.core.side import Side
from connect4_game.net import protocol as P

__all__ = ['DISCOVERY_PORT', 'LAN_TARGETS', 'TARGETS_VARIABLE', 'MAX_DATAGRAM',
           'MAX_ANSWERS', 'HeardGame', 'Responder', 'Browser', 'run_discover']

logger = logging.getLogger(__name__)

DISCOVERY_PORT = P.DEFAULT_PORT + 1     # UDP: hosts listen there for ``discover`` datagrams
LAN_TARGETS = ('255.255.255.255', '127.255.255.255')     # the network and this computer
TARGETS_VARIABLE = 'CONNECT4_LAN_BROADCAST'   # comma-separated broadcast addresses instead
MAX_DATAGRAM = 512      # bytes: a longer datagram is dropped unread
MAX_ANSWERS = 20        # answers a host sends per second at most, to all askers together
MAX_GAMES = 32          # games a browser keeps at once
_READS = 64             # datagrams read per poll at most


@dataclass(frozen=True)
class HeardGame:
    """A game a host announced: ``address`` (the IP its answer came from), TCP ``port``,
    the computer's ``name``, the board ``rows`` x ``cols``, ``host_side`` (X plays first)
    and ``help`` (the host offers hints and analysis to both)."""
    address: str
    port: int
    name: str
    rows: int
    cols: int
    host_side: Side
    help: bool

    @property
    def where(self) -> str:
        """``'192.168.1.5:24744'`` as the join screen's Address field takes it."""
        return P.addr_text((self.address, self.port))


def _udp_socket(port: int) -> socket.socket:
    """A non-blocking UDP socket on ``port`` (0: any) of every IPv4 interface that may
    share the port with other windows and send broadcasts. :raises OSError: if it cannot."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if hasattr(socket, 'SO_REUSEPORT'):        # BSD and macOS share a port only so
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        sock.bind(('0.0.0.0', port))
        sock.setblocking(False)
    except BaseException:
        sock.close()
        raise
    return sock


def _datagrams(sock: socket.socket, kind: str) -> Iterator[tuple[P.Message, Any]]:
    """The checked messages of ``kind`` of this protocol version waiting on ``sock`` (at
    most :data:`_READS`), with their senders' addresses."""
    for _ in range(_READS):
        try:
            data, sender = sock.recvfrom(MAX_DATAGRAM + 1)
        except OSError:                 # nothing more, or an ICMP error reported late
            return
        try:
            msg = P.decode(data.rstrip(b'\n')) if len(data) <= MAX_DATAGRAM else None
        except P.ProtocolError:
            continue
        if msg is not None and msg['type'] == kind and msg['version'] == P.PROTOCOL_VERSION:
            yield msg, sender


class Responder:
    """A host's side: answers ``discover`` datagrams on ``port`` with what ``game()``
    returns (a ``game`` message, or None while it is not waiting for a friend).
    :raises OSError: if the port cannot be opened."""

    def __init__(self, game: Callable[[], P.Message | None], port: int = DISCOVERY_PORT,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._game = game
        self._clock = clock
        self.sock = _udp_socket(port)
        self._second = -1.0
        self._answered = 0

    def serve(self) -> None:
        """Answer the datagrams waiting (call when the socket is readable)."""
        for _, sender in _datagrams(self.sock, 'discover'):
            now = self._clock()
            if now - self._second >= 1.0:
                self._second, self._answered = now, 0
            answer = self._game()
            if answer is None or self._answered >= MAX_ANSWERS:
                continue
            self._answered += 1
            with contextlib.suppress(OSError):
                self.sock.sendto(P.encode(answer), sender)

    def close(self) -> None:
        self.sock.close()


class Browser:
    """A joiner's side, polled from its own thread: asks every ``interval`` seconds on
    ``targets`` (broadcast addresses; None: :data:`TARGETS_VARIABLE`'s, up to 8, else
    :data:`LAN_TARGETS`) and ``port`` (None: :data:`DISCOVERY_PORT`), and keeps the games
    heard within the last ``forget_after`` seconds. :raises OSError: if no UDP socket."""

    def __init__(self, port: int | None = None, targets: Sequence[str] | None = None,
                 interval: float = 1.0, forget_after: float = 3.5,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.port = DISCOVERY_PORT if port is None else port
        given = [t.strip() for t in os.environ.get(TARGETS_VARIABLE, '').split(',')]
        self.targets = tuple(targets) if targets is not None else \
            tuple(t for t in given if t)[:8] or LAN_TARGETS
        self.interval = interval
        self.forget_after = forget_after
        self._clock = clock
        self.sock = _udp_socket(0)
        self._next_ask = -1e18
        self._heard: dict[tuple[str, int], tuple[float, HeardGame]] = {}

    def poll(self) -> list[HeardGame]:
        """Ask if it is time (an unreachable target is skipped), read the answers, and
        return the games heard lately, by name and address."""
        now = self._clock()
        if now >= self._next_ask:
            self._next_ask = now + self.interval
            for target in self.targets:
                try:
                    self.sock.sendto(P.encode({'type': 'discover', 'version': P.PROTOCOL_VERSION}),
                                     (target, self.port))
                except OSError as exc:
                    logger.debug('cannot ask %s: %s', target, exc)
        for msg, sender in _datagrams(self.sock, 'game'):
            if not isinstance(sender, tuple):
                continue
            heard = HeardGame(str(sender[0]), msg['port'], msg['name'], msg['rows'],
                              msg['cols'], msg['host_side'], msg['help'])
            key = (heard.address, heard.port)
            if key in self._heard or len(self._heard) < MAX_GAMES:
                self._heard[key] = (now, heard)
        self._heard = {k: v for k, v in self._heard.items() if now - v[0] <= self.forget_after}
        return sorted((game for _, game in self._heard.values()),
                      key=lambda g: (g.name.casefold(), g.address, g.port))

    def close(self) -> None:
        self.sock.close()


def run_discover(as_json: bool, seconds: float = 2.0) -> int:
    """``--discover``: print the games that answer within ``seconds`` (asked every half
    second), one a line (address, board, who plays first, hints, name), or with ``as_json``
    one JSON list of the :class:`HeardGame` fields (``host_side``: ``'X'`` or ``'O'``).
    :returns: 0, or 1 after one line on stderr if no UDP socket could be opened."""
    end = time.monotonic() + seconds
    try:
        with contextlib.closing(Browser(interval=0.5, forget_after=seconds + 1)) as browser:
            games = browser.poll()
            while (left := end - time.monotonic()) > 0:
                select.select([browser.sock], [], [], min(left, 0.5))
                games = browser.poll()
    except OSError as exc:
        print(f'connect4: cannot look for games on the network: {exc.strerror or exc}',
              file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps([asdict(g) for g in games]))
        return 0
    for g in games:
        first = 'the host plays first' if g.host_side is Side.X else 'the joiner plays first'
        hints = 'hints offered' if g.help else 'no hints'
        print(f'{g.where}  {g.rows}x{g.cols}  {first}  {hints}  {g.name}')
    if not games:
        print(f'No game answered within {seconds:g} s.')
    return 0
