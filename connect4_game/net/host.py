"""Host a game: listen for one friend who knows the 4-digit code.

The host never stalls on a bad client: sockets are non-blocking, a client
must send its ``hello`` within ``handshake_timeout`` seconds, lines are at
most :data:`~connect4_game.net.protocol.MAX_LINE_BYTES` bytes, and a bad
message gets an ``error`` line and the connection is closed. After
``max_bad_codes`` wrong codes from one IP address, that address is refused
for ``lockout`` seconds. A hello whose move list puts moves in the host's
name is refused (:func:`~connect4_game.net.referee.reconcile_with_peer`).

This module never imports pygame.
"""

from __future__ import annotations

import logging
import math
import socket
import time
from typing import Any, Callable

from connect4_game.board import other
from connect4_game.game import Game
from connect4_game.net import protocol as P
from connect4_game.net.address import DEFAULT_PORT, check_port
from connect4_game.net.events import Error, Refused
from connect4_game.net.peer import _Peer, check_timing
from connect4_game.net.referee import reconcile_with_peer
from connect4_game.net.transport import Conn, ConnState
from connect4_game.rules import DEFAULT_COLS, DEFAULT_ROWS, check_cols, check_int, check_rows

__all__ = ['Host']

logger = logging.getLogger(__name__)

_MAX_PENDING = 8        # connections waiting for their hello at once (oldest dropped)
_MAX_TRACKED_IPS = 1024
_BUSY = 'a game is already being played here'

Refusal = tuple[str, str]   # (error code, text)


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
    :param moves: a move list to continue from (0-based columns, X first);
        a joiner must bring the same list (or it plus its own next move).
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
                 rows: int = DEFAULT_ROWS, cols: int = DEFAULT_COLS, host_side: str = 'X', *,
                 name: str = 'Host', moves=(), ping_interval: float = 1.0,
                 peer_timeout: float = 3.5, handshake_timeout: float = 5.0,
                 max_bad_codes: int = 3, lockout: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(name=name, ping_interval=ping_interval, peer_timeout=peer_timeout,
                         handshake_timeout=handshake_timeout, clock=clock)
        self._port = check_port(port, 0)
        if not isinstance(addr, str):
            raise ValueError('addr must be a string')
        self._addr = addr
        self.code = P.new_code() if code is None else P.check_code(code)
        if host_side not in P.SIDES or not isinstance(host_side, str):
            raise ValueError(f"host_side must be 'X' or 'O', not {host_side!r}"[:120])
        self._max_bad = check_int(max_bad_codes, 1, None, 'max_bad_codes')
        self._lockout = check_timing(lockout, 'lockout')
        ref = self._referee
        ref.game = Game(check_rows(rows), check_cols(cols), moves)
        ref.side = ref.host_side = host_side
        ref.names[host_side] = self.name
        self._bad: dict[str, tuple[int, float]] = {}   # ip -> (wrong codes, locked until)
        self._hello_checks: tuple[Callable[[Conn, dict[str, Any]], Refusal | None], ...] = (
            self._check_type, self._check_version, self._check_code, self._check_free)

    @property
    def port(self) -> int:
        """The port listened on (the real one once started, even if 0 was asked)."""
        port = self._transport.listen_port
        return self._port if port is None else port

    @property
    def listening(self) -> bool:
        """True while the listening socket is open."""
        return not self._transport.listener_closed.is_set()

    def wait_stopped_listening(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds until the listening socket is closed
        (after :meth:`close`); True if it is."""
        return self._transport.listener_closed.wait(timeout)

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

    # == the I/O thread ===================================================================

    def _open(self) -> None:
        self._transport.listen(self._addr, self._port, self._accepted)

    def _accepted(self, conn: Conn) -> None:
        if self.connected:
            self.refuse(conn, 'busy', _BUSY)
            return
        waiting = [c for c in self._transport.conns if c.state is ConnState.HANDSHAKE]
        if len(waiting) > _MAX_PENDING:
            oldest = min(waiting, key=lambda c: c.deadline)
            self.refuse(oldest, 'busy', 'too many connections are waiting')

    def _turned_away(self, conn: Conn, code: str | None, reason: str) -> None:
        if code is not None:
            self._emit(Refused(conn.address, reason))

    def _handshake(self, conn: Conn, msg: dict[str, Any]) -> None:
        refusal = next((r for r in (check(conn, msg) for check in self._hello_checks)
                        if r is not None), None)
        if refusal is None:
            refusal = self._welcome(conn, msg)
        if refusal is None:
            return
        code, text = refusal
        level = logging.WARNING if code in ('diverged', 'foreign_moves', 'game_mismatch') \
            else logging.INFO
        logger.log(level, 'refused %s: %s (%s)', conn.address, text, code)
        self.refuse(conn, code, text)
        if code == 'diverged':
            self._emit(Error(f'{conn.address} tried to continue a different game'))

    def _check_type(self, conn: Conn, msg: dict[str, Any]) -> Refusal | None:
        if msg['type'] != 'hello':
            return 'bad_message', f"expected 'hello', not {msg['type']!r}"
        return None

    def _check_version(self, conn: Conn, msg: dict[str, Any]) -> Refusal | None:
        if msg['version'] != P.PROTOCOL_VERSION:
            return 'version', (f'this host speaks protocol version {P.PROTOCOL_VERSION}, '
                               f"not {msg['version']}")
        return None

    def _check_code(self, conn: Conn, msg: dict[str, Any]) -> Refusal | None:
        """The code, and the lockout of an address that got it wrong too often."""
        now = self._clock()
        if len(self._bad) > _MAX_TRACKED_IPS:
            self._bad = {ip: v for ip, v in self._bad.items() if v[1] > now}
        wrong, until = self._bad.get(conn.ip, (0, 0.0))
        if until > now:
            return 'locked_out', f'too many wrong codes: try again in {math.ceil(until - now)} s'
        if not P.codes_equal(msg['code'], self.code):
            wrong += 1
            if wrong >= self._max_bad:
                wrong, until = 0, now + self._lockout
            self._bad[conn.ip] = (wrong, until)
            return 'bad_code', 'wrong code'
        self._bad.pop(conn.ip, None)
        return None

    def _check_free(self, conn: Conn, msg: dict[str, Any]) -> Refusal | None:
        return ('busy', _BUSY) if self.connected else None

    def _welcome(self, conn: Conn, msg: dict[str, Any]) -> Refusal | None:
        """Agree on the moves, take the joiner and answer with ``welcome``."""
        ref = self._referee
        with ref.lock:
            game, side = ref.game, ref.side
            assert game is not None and side is not None
            try:
                reconcile_with_peer(game, msg['moves'], other(side))
            except P.ProtocolError as err:
                return err.code, str(err)
            ref.names[other(side)] = msg['name']
            welcome = {'type': 'welcome', 'version': P.PROTOCOL_VERSION, 'rows': game.rows,
                       'cols': game.cols, 'host_side': side, 'moves': list(game.moves),
                       'names': dict(ref.names)}
            self._activate(conn)
        self._transport.send(conn, welcome)
        return None
