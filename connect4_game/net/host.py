"""Host a game: listen for one friend who knows the 4-digit code, with limits on
guessing it (per address, then for all; the arithmetic is in docs/network.md)."""

from __future__ import annotations

import contextlib
import hmac
import logging
import math
import selectors
import socket
import threading
import time
from collections.abc import Callable, Iterable

from connect4_game.core.board import DEFAULT_COLS, DEFAULT_ROWS, check_cols, check_rows
from connect4_game.core.game import Game
from connect4_game.core.side import Side
from connect4_game.net import protocol as P
from connect4_game.net.connection import (
    DEFAULT_TIMING,
    Conn,
    Connection,
    ConnState,
    Timing,
)
from connect4_game.net.discovery import DISCOVERY_PORT, Responder
from connect4_game.net.events import JoinsPaused, Refused

__all__ = ['Host', 'MAX_BAD_CODES', 'LOCKOUT', 'MAX_WRONG_CODES', 'CODE_PAUSE']

logger = logging.getLogger(__name__)

MAX_BAD_CODES = 3       # wrong codes from one IP address before it is locked out ...
LOCKOUT = 60.0          # ... for this many seconds
MAX_WRONG_CODES = 10    # wrong codes, from all addresses together, before the host pauses
CODE_PAUSE = 5.0        # seconds of the first pause; each later pause is twice the one before
_MAX_PENDING = 8        # connections waiting for their hello at once (oldest dropped)
_MAX_TRACKED_IPS = 1024
_MAX_DOUBLINGS = 40     # 5 s * 2**40: about 170 000 years, and no float overflow
_BUSY = 'a game is already being played here'


def _duration(seconds: float) -> str:
    """``'40 s'``, ``'3 min'``, ``'5 h'``: whole units, rounded up."""
    if seconds < 120:
        return f'{math.ceil(seconds)} s'
    if seconds < 2 * 3600:
        return f'{math.ceil(seconds / 60)} min'
    return f'{math.ceil(seconds / 3600)} h'


class Host(Connection):
    """Host a game: a friend's ``hello`` must come within ``handshake_timeout`` seconds
    with the code and moves that put none in the host's name; while a friend plays,
    every other hello is refused as ``busy``. Wrong codes lock an address out, then
    pause every join, and replace a code the host picked that no friend joined with.

    :param port: TCP port, 0-65535 (0: any free one; :attr:`port` after :meth:`start`);
        ``addr``: the local address to listen on ('' = every IPv4 interface).
    :param code: the 4-digit code, kept; None picks a random one (:attr:`code`).
    :param rows: board rows and ``cols`` columns; ``host_side``: ``Side.X`` or ``Side.O``;
        ``name``: printable, at most 32 characters; ``moves``: 0-based columns to continue.
    :param offer_help: hints and analysis for both, if the friend accepts (``help``);
        ``announce``: the UDP port to answer ``discover`` on while waiting, or None.
    :raises ValueError: for any bad value (MoveRefused for illegal ``moves``).
    """
    is_host = True

    def __init__(self, port: int = P.DEFAULT_PORT, addr: str = '', code: str | None = None,
                 rows: int = DEFAULT_ROWS, cols: int = DEFAULT_COLS, host_side: Side = Side.X, *,
                 name: str = 'Host', moves: Iterable[int] = (), timing: Timing = DEFAULT_TIMING,
                 offer_help: bool = False, announce: int | None = DISCOVERY_PORT,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(name=name, timing=timing, clock=clock)
        self.wants_help = bool(offer_help)
        self._announce = None if announce is None else P.check_port(announce)
        self._responder: Responder | None = None
        self._computer = self.name          # the name a game on the network goes by
        self.port = P.check_port(port, 0)     # the real one once started, even if 0 was asked
        if not isinstance(addr, str):
            raise ValueError('addr must be a string')
        self._addr = addr
        self.code = P.new_code() if code is None else P.check_code(code)
        self._fixed_code = code is not None
        self._wrong = 0                  # wrong codes (all addresses) since the last pause
        self._pauses = 0                 # times the limit was hit
        self._paused_until = -math.inf   # clock seconds: every hello is refused before
        self._friend_has_code = False    # a friend joined with the code and may come back
        self._bad: dict[str, tuple[int, float]] = {}   # ip -> (wrong codes, locked until)
        self._listener: socket.socket | None = None
        self._listener_closed = threading.Event()
        self._listener_closed.set()
        self.game = Game(check_rows(rows), check_cols(cols), moves)
        self.side = Side(host_side)
        self.names[self.side] = self.name

    def invitation(self) -> str:
        """The friend's line: ``'address 192.168.1.5 port 24744, code 0421'``: the address
        listened on, else the one the local network reaches this host on (or 127.0.0.1)."""
        address = self._addr
        if address in ('', '0.0.0.0', '::'):
            found: list[str] = []
            with contextlib.suppress(OSError), socket.socket(socket.AF_INET,
                                                             socket.SOCK_DGRAM) as probe:
                probe.connect(('192.0.2.1', 9))      # no packet is sent: it only picks a route
                found.append(probe.getsockname()[0])
            with contextlib.suppress(OSError):
                found += [str(info[4][0]) for info in
                          socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
            address = next((ip for ip in found if not ip.startswith(('127.', '0.'))), '127.0.0.1')
        return f'address {address} port {self.port}, code {self.code}'

    def close(self, wait: float = 1.0) -> None:
        super().close(wait)
        if self.running:
            self._listener_closed.wait(wait)

    def _open(self) -> None:
        """Listen. :raises OSError: if the address cannot be used (in use, no such one)."""
        assert self._sel is not None
        sockaddr: tuple[str, int] | tuple[str, int, int, int] | tuple[int, bytes]
        if self._addr in ('', '0.0.0.0'):
            family, sockaddr = socket.AF_INET, ('0.0.0.0', self.port)
        else:
            info = socket.getaddrinfo(self._addr, self.port, type=socket.SOCK_STREAM,
                                      flags=socket.AI_PASSIVE)[0]
            family, sockaddr = info[0], info[4]
        # SO_REUSEADDR but on Windows: a restarted host takes its port back at once
        sock = socket.create_server(sockaddr, family=family, backlog=16, dualstack_ipv6=(
            family == socket.AF_INET6 and socket.has_dualstack_ipv6()))
        sock.setblocking(False)
        self.port = int(sock.getsockname()[1])
        self._listener = sock
        self._listener_closed.clear()
        self._sel.register(sock, selectors.EVENT_READ, self._accept)
        if self._announce is not None:
            name = ''.join(c for c in socket.gethostname() if c.isprintable())
            self._computer = name[:P.MAX_NAME] or self.name
            try:
                self._responder = Responder(self._announcement, self._announce, self._clock)
            except OSError as exc:          # the game goes on; friends type the address
                logger.warning('cannot answer on UDP port %d: %s', self._announce, exc)
            else:
                self._sel.register(self._responder.sock, selectors.EVENT_READ,
                                   self._responder.serve)

    def _announcement(self) -> P.Message | None:
        """The ``game`` datagram while no friend plays, else None."""
        game, side = self.game, self.side
        if self._busy() or game is None or side is None:
            return None
        return {'type': 'game', 'version': P.PROTOCOL_VERSION, 'port': self.port,
                'name': self._computer, 'rows': game.rows,
                'cols': game.cols, 'host_side': side, 'help': self.wants_help}

    def _stop_io(self) -> None:
        responder, self._responder = self._responder, None
        if responder is not None:
            self._unregister(responder.sock)
            responder.close()
        sock, self._listener = self._listener, None
        if sock is not None:
            self._unregister(sock)
            sock.close()
        self._listener_closed.set()

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
            waiting = [c for c in self._conns if c.state is ConnState.HANDSHAKE]
            if self._busy():
                self._refuse(conn, 'busy', _BUSY)
            elif len(waiting) > _MAX_PENDING:
                self._refuse(min(waiting, key=lambda c: c.deadline), 'busy',
                             'too many connections are waiting')

    def _turned_away(self, conn: Conn, code: str | None, reason: str) -> None:
        if code is not None:
            self._emit(Refused(conn.address, reason))

    def _after_lost(self, left: bool) -> None:
        if left:                         # that friend will not reconnect with the code
            self._friend_has_code = False

    def _joined(self) -> None:
        self._friend_has_code = True

    def _busy(self) -> bool:
        """A friend plays, or the owner agrees on a hello's moves."""
        return self._active is not None or \
            any(c.state is ConnState.AGREEING and not c.closed for c in self._conns)

    def _handshake(self, conn: Conn, msg: P.Message) -> tuple[str, str] | None:
        refusal = self._wrong_handshake(msg, 'hello')
        if refusal is not None:
            return refusal
        if self._busy():
            return 'busy', _BUSY
        now = self._clock()
        if len(self._bad) > _MAX_TRACKED_IPS:
            self._bad = {ip: v for ip, v in self._bad.items() if v[1] > now}
        wrong, until = self._bad.get(conn.ip, (0, 0.0))
        locked = max(until, self._paused_until)      # this address's lockout, or every join's
        if locked > now:
            return 'locked_out', f'too many wrong codes: try again in {math.ceil(locked - now)} s'
        if hmac.compare_digest(msg['code'].encode(), self.code.encode()):   # constant time
            self._bad.pop(conn.ip, None)
            return None
        wrong += 1
        if wrong >= MAX_BAD_CODES:
            wrong, until = 0, now + LOCKOUT
        self._bad[conn.ip] = (wrong, until)
        self._wrong += 1
        if self._wrong >= MAX_WRONG_CODES:
            self._too_many_wrong_codes(now)
        return 'bad_code', 'wrong code'

    def _too_many_wrong_codes(self, now: float) -> None:
        """Pause every join, and change a code that no friend relies on."""
        self._wrong = 0
        self._pauses += 1
        pause = CODE_PAUSE * 2.0 ** min(self._pauses - 1, _MAX_DOUBLINGS)
        self._paused_until = now + pause
        if self._fixed_code or self._friend_has_code:
            logger.warning('%d wrong codes: joins paused for %g s', MAX_WRONG_CODES, pause)
            self._emit(JoinsPaused(self.code, (
                f'Too many wrong codes: nobody can join for {_duration(pause)} '
                f'(the code stays {self.code}).'), pause))
            return
        code = self.code
        while code == self.code:
            code = P.new_code()
        self.code = code
        logger.warning('%d wrong codes: a new code, joins paused for %g s', MAX_WRONG_CODES, pause)
        later = f' Your friend can join in {_duration(pause)}.' if pause >= 10 else ''
        self._emit(JoinsPaused(code, f'Too many wrong codes: the new code is {code}.{later}',
                               pause, new_code=True))

    def _game_for(self, msg: P.Message) -> tuple[Game, Side]:
        assert self.game is not None and self.side is not None
        return self.game, self.side.other

    def _agreed(self, msg: P.Message, extra: list[tuple[int, int]]) -> tuple[P.Message, ...]:
        game, side = self.game, self.side
        assert game is not None and side is not None
        self.names[side.other] = msg['name']
        return ({'type': 'welcome', 'version': P.PROTOCOL_VERSION, 'rows': game.rows,
                 'cols': game.cols, 'host_side': side, 'moves': list(game.moves),
                 'names': dict(self.names), 'help': self.help},)
