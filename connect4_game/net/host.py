"""Host a game: listen for one friend who knows the 4-digit code.

The host never stalls on a bad client: sockets are non-blocking, a client
must send its ``hello`` within ``handshake_timeout`` seconds, lines are at
most :data:`~connect4_game.net.protocol.MAX_LINE_BYTES` bytes, and a bad
message gets an ``error`` line and the connection is closed. A hello whose
move list puts moves in the host's name is refused
(:func:`~connect4_game.net.connection.reconcile_with_peer`). While a friend is
playing, every other hello is refused as ``busy`` before its code is looked
at, so nobody can test codes during a game.

Guessing the code
-----------------
Two limits stand between a stranger on the LAN and the code:

* per address: after ``max_bad_codes`` (3) wrong codes from one IP address,
  that address is refused for ``lockout`` (60) seconds;
* for everyone together: after ``max_wrong_codes`` (K = 10) wrong codes in
  all, from however many addresses, the host refuses *every* hello, the
  right code included, for a pause, and the count starts again. The pause
  is ``code_pause`` (5) seconds the first time and doubles each time
  (5, 10, 20, 40 s ...). A code the host picked itself is replaced by a new
  random one at the same moment (:class:`~connect4_game.net.events.CodeChanged`,
  whose text tells the player the new code; :meth:`Host.invitation` shows
  it). A code the player fixed (``--code``, for scripts) is kept, because
  the friend's script knows only that one: the host pauses and says so
  (:class:`~connect4_game.net.events.JoinsPaused`). A code a friend has
  already joined with is kept too (until that friend leaves for good), so
  the friend's reconnects still work; the pauses still apply.

The arithmetic, with C = 10 000 codes. While a code lasts, an attacker gets
K = 10 guesses at it; a new code is drawn uniformly from the 9 999 others
with :mod:`secrets`, so whatever the attacker learnt before is worth nothing
and its chance per code is at most K / 9 999 = 0.1 %. (For a code that is
kept, its guesses simply never repeat: n guesses in all find it with chance
n / 10 000, the same figure.) Only the pauses limit how many codes it can
try: the k-th batch of K guesses can start only after pauses of
5 + 10 + ... + 5 * 2**(k-2) = 5 * (2**(k-1) - 1) seconds, so within t
seconds it gets at most K * (1 + log2(1 + t / 5)) guesses, however fast and
from however many addresses (:func:`wrong_codes_within` counts them):

=========  ===================  =========================
attacking  wrong codes compared chance of finding the code
=========  ===================  =========================
1 second    10                  0.1 %
1 minute    40                  0.4 %
1 hour     100                  1.0 %
1 day      150                  1.5 %
1 year     230                  2.3 %
=========  ===================  =========================

(Before these limits, 151 addresses with 3 tries each found the code in
about a second; 10 000 codes at that rate last about a minute.) The price:
an attacker can keep a friend out by spending the K wrong codes at the end
of every pause - as it could by filling the waiting connections anyway.

This module never imports pygame.
"""

from __future__ import annotations

import logging
import math
import socket
import time
from collections.abc import Callable, Iterable

from connect4_game.core.board import DEFAULT_COLS, DEFAULT_ROWS, check_cols, check_rows
from connect4_game.core.checks import check_int, check_seconds
from connect4_game.core.game import Game
from connect4_game.core.side import CHECKERS, Side
from connect4_game.net import protocol as P
from connect4_game.net.address import DEFAULT_PORT, check_port
from connect4_game.net.connection import Connection, check_timing, reconcile_with_peer
from connect4_game.net.events import CodeChanged, Error, JoinsPaused, Refused
from connect4_game.net.transport import Conn, ConnState

__all__ = ['Host', 'wrong_codes_within', 'MAX_WRONG_CODES', 'CODE_PAUSE']

logger = logging.getLogger(__name__)

_MAX_PENDING = 8        # connections waiting for their hello at once (oldest dropped)
_MAX_TRACKED_IPS = 1024
_BUSY = 'a game is already being played here'

Refusal = tuple[str, str]   # (error code, text)

MAX_WRONG_CODES = 10
"""Wrong codes, from all addresses together, before the host pauses (and
picks a new code if it chose the code itself)."""

CODE_PAUSE = 5.0
"""Seconds of the first pause; each later pause is twice the one before."""

_MAX_DOUBLINGS = 40     # 5 s * 2**40: about 170 000 years, and no float overflow


def _pause_after(changes: int, first: float) -> float:
    """Seconds of the pause after the ``changes``-th time (1-based) the limit was hit."""
    return first * 2.0 ** min(changes - 1, _MAX_DOUBLINGS)


def wrong_codes_within(seconds: float, max_wrong_codes: int = MAX_WRONG_CODES,
                       code_pause: float = CODE_PAUSE) -> int:
    """The most wrong codes a host compares with its code(s) within
    ``seconds`` of its start, however fast they come and from however many
    addresses: ``max_wrong_codes`` per batch, a batch only after each pause.
    Divided by the 10 000 codes it bounds an attacker's chance (see the
    module docstring).

    >>> wrong_codes_within(0), wrong_codes_within(60), wrong_codes_within(3600)
    (10, 40, 100)

    :raises ValueError: for a negative or non-finite ``seconds``, a
        ``max_wrong_codes`` below 1 or a ``code_pause`` that is not > 0.
    """
    limit = check_int(max_wrong_codes, 1, None, 'max_wrong_codes')
    first = check_timing(code_pause, 'code_pause')
    span = check_seconds(seconds, 'seconds', zero_ok=True, finite=True)
    assert span is not None
    batches, start = 0, 0.0              # batch n starts after the pauses 1 .. n-1
    while start <= span and batches <= _MAX_DOUBLINGS:
        batches += 1
        start += _pause_after(batches, first)
    if start <= span:                    # from here on every pause is the longest one
        batches += int((span - start) // _pause_after(batches + 1, first)) + 1
    return limit * batches


def _duration(seconds: float) -> str:
    """``'40 s'``, ``'3 min'``, ``'5 h'``: whole units, rounded up."""
    if seconds < 120:
        return f'{math.ceil(seconds)} s'
    if seconds < 2 * 3600:
        return f'{math.ceil(seconds / 60)} min'
    return f'{math.ceil(seconds / 3600)} h'


class Host(Connection):
    """Host a game: listen for one opponent who knows the code.

    :param port: TCP port, 0-65535 (0: any free port; read :attr:`port` after
        :meth:`start`).
    :param addr: the local address to listen on ('' = every IPv4 interface).
    :param code: the 4-digit join code as a string, kept for the host's
        lifetime; None picks a random one (read :attr:`code`), replaced by a
        new one after ``max_wrong_codes`` wrong codes.
    :param rows: board rows and ``cols`` board columns, as the game offers them.
    :param host_side: the host's side, ``Side.X`` (moves first) or ``Side.O``
        (``'X'``/``'O'``, the values, are read as these).
    :param name: the host player's name (printable, at most 32 characters).
    :param moves: a move list to continue from (0-based columns, X first);
        a joiner must bring the same list (or it plus its own next move).
    :param ping_interval: seconds between heartbeats; ``peer_timeout``
        seconds of silence make the opponent lost; a new connection has
        ``handshake_timeout`` seconds to say hello.
    :param max_bad_codes: wrong codes from one IP address before it is locked
        out for ``lockout`` seconds.
    :param max_wrong_codes: wrong codes from all addresses together before
        every hello is refused (``locked_out``, "try again in N s") for a
        pause of ``code_pause`` seconds, doubled each further time; a code
        the host picked is replaced then (see the module docstring). Both
        limits hold for the host's lifetime.
    :param clock: monotonic seconds for these timings (tests drive it).
    :raises ValueError: for any bad value (a MoveRefused for illegal ``moves``).

    Nothing is opened before :meth:`start`. Attributes: ``code`` (the
    current code, changed by the I/O thread when a ``CodeChanged`` event is
    queued), ``name``.
    """

    is_host = True

    def __init__(self, port: int = DEFAULT_PORT, addr: str = '', code: str | None = None,
                 rows: int = DEFAULT_ROWS, cols: int = DEFAULT_COLS, host_side: Side = Side.X, *,
                 name: str = 'Host', moves: Iterable[int] = (), ping_interval: float = 1.0,
                 peer_timeout: float = 3.5, handshake_timeout: float = 5.0,
                 max_bad_codes: int = 3, lockout: float = 60.0,
                 max_wrong_codes: int = MAX_WRONG_CODES, code_pause: float = CODE_PAUSE,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(name=name, ping_interval=ping_interval, peer_timeout=peer_timeout,
                         handshake_timeout=handshake_timeout, clock=clock)
        self._port = check_port(port, 0)
        if not isinstance(addr, str):
            raise ValueError('addr must be a string')
        self._addr = addr
        self.code = P.new_code() if code is None else P.check_code(code)
        self._fixed_code = code is not None
        if not isinstance(host_side, str) or host_side not in CHECKERS:
            raise ValueError(f"host_side must be 'X' or 'O', not {host_side!r}"[:120])
        host_side = Side(host_side)
        self._max_bad = check_int(max_bad_codes, 1, None, 'max_bad_codes')
        self._lockout = check_timing(lockout, 'lockout')
        self._max_wrong = check_int(max_wrong_codes, 1, None, 'max_wrong_codes')
        self._code_pause = check_timing(code_pause, 'code_pause')
        self._wrong = 0                  # wrong codes (all addresses) since the last pause
        self._pauses = 0                 # times the limit was hit
        self._paused_until = -math.inf   # clock seconds: every hello is refused before
        self._friend_has_code = False    # a friend joined with the code and may come back
        self._invite_address: str | None = None
        self.game = Game(check_rows(rows), check_cols(cols), moves)
        self.side = self.host_side = host_side
        self.names[host_side] = self.name
        self._bad: dict[str, tuple[int, float]] = {}   # ip -> (wrong codes, locked until)
        self._hello_checks: tuple[Callable[[Conn, P.Message], Refusal | None], ...] = (
            self._check_type, self._check_version, self._check_free, self._check_code)

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
        port 24744, code 0421'``, with the current code (call it again after
        a :class:`~connect4_game.net.events.CodeChanged`). The first call
        looks the host name up (see :meth:`addresses`); later calls reuse
        the address."""
        if self._invite_address is None:
            self._invite_address = self.addresses()[0]
        return f'address {self._invite_address} port {self.port}, code {self.code}'

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

    def _handshake(self, conn: Conn, msg: P.Message) -> None:
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

    def _check_type(self, conn: Conn, msg: P.Message) -> Refusal | None:
        if msg['type'] != 'hello':
            return 'bad_message', f"expected 'hello', not {msg['type']!r}"
        return None

    def _check_version(self, conn: Conn, msg: P.Message) -> Refusal | None:
        if msg['version'] != P.PROTOCOL_VERSION:
            return 'version', (f'this host speaks protocol version {P.PROTOCOL_VERSION}, '
                               f"not {msg['version']}")
        return None

    def _check_code(self, conn: Conn, msg: P.Message) -> Refusal | None:
        """The code; the pause after too many wrong codes in all, and the
        lockout of an address that got it wrong too often."""
        now = self._clock()
        if self._paused_until > now:
            return 'locked_out', ('too many wrong codes: try again in '
                                  f'{math.ceil(self._paused_until - now)} s')
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
            self._wrong += 1
            if self._wrong >= self._max_wrong:
                self._too_many_wrong_codes(now)
            return 'bad_code', 'wrong code'
        self._bad.pop(conn.ip, None)
        return None

    def _too_many_wrong_codes(self, now: float) -> None:
        """The global limit was hit: pause every join, and change a code
        that nobody else relies on; tell the player."""
        self._wrong = 0
        self._pauses += 1
        pause = _pause_after(self._pauses, self._code_pause)
        self._paused_until = now + pause
        if self._fixed_code or self._friend_has_code:
            logger.warning('%d wrong codes: joins paused for %g s', self._max_wrong, pause)
            self._emit(JoinsPaused(self.code, (
                f'Too many wrong codes: nobody can join for {_duration(pause)} '
                f'(the code stays {self.code}).'), pause))
            return
        code = self.code
        while code == self.code:
            code = P.new_code()
        self.code = code
        logger.warning('%d wrong codes: a new code, joins paused for %g s', self._max_wrong, pause)
        later = f' Your friend can join in {_duration(pause)}.' if pause >= 10 else ''
        self._emit(CodeChanged(code, f'Too many wrong codes: the new code is {code}.{later}',
                               pause))

    def _after_lost(self, left: bool) -> None:
        if left:                         # that friend will not reconnect with the code
            self._friend_has_code = False

    def _check_free(self, conn: Conn, msg: P.Message) -> Refusal | None:
        return ('busy', _BUSY) if self.connected else None

    def _welcome(self, conn: Conn, msg: P.Message) -> Refusal | None:
        """Agree on the moves, take the joiner and answer with ``welcome``."""
        with self.lock:
            game, side = self.game, self.side
            assert game is not None and side is not None
            before = len(game.moves)
            try:
                reconcile_with_peer(game, msg['moves'], side.other)
            except P.ProtocolError as err:
                return err.code, str(err)
            self.names[side.other] = msg['name']
            welcome: P.Message = {
                'type': 'welcome', 'version': P.PROTOCOL_VERSION, 'rows': game.rows,
                'cols': game.cols, 'host_side': side, 'moves': list(game.moves),
                'names': dict(self.names)}
            self._activate(conn, before)
            self._friend_has_code = True
        self._transport.send(conn, welcome)
        return None
