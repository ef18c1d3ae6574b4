"""Join a friend's game: connect, say hello with the code, check the host's
welcome, and come back after a lost connection. A join that cannot go on
ends with :class:`~connect4_game.net.events.JoinFailed`, then ``Closed``."""

from __future__ import annotations

import errno
import logging
import queue
import re
import socket
import threading
import time
from collections.abc import Callable, Iterable

from connect4_game.core.checks import check_number
from connect4_game.core.game import Game, MoveRefused
from connect4_game.core.messages import clip, quote
from connect4_game.core.side import Side
from connect4_game.net import protocol as P
from connect4_game.net.connection import DEFAULT_TIMING, Conn, Connection, Timing, check_timing
from connect4_game.net.events import JoinFailed

__all__ = ['Join', 'dial_failure']

logger = logging.getLogger(__name__)

_UNREACHABLE = {getattr(errno, name) for name in
                ('EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL')
                if hasattr(errno, name)}
_REFUSED = {errno.ECONNREFUSED, 10061}            # 10061: Windows
_OTHER_GAME = 'The host is playing a different game.'

# The host's error code in answer to the hello -> (the player's sentence, try again?)
_HOST_REFUSALS = {
    'bad_code': ('Wrong code.', False),
    'locked_out': ('Too many wrong codes: try again later.', False),
    'version': ('The host runs another version of the game.', False),
    'busy': ('The host is playing with another friend.', True),
    'timeout': ('The connection to the host was too slow.', True),
    'diverged': (_OTHER_GAME, False),
    'foreign_moves': (_OTHER_GAME, False),
    'game_mismatch': (_OTHER_GAME, False),
}
# The joiner's own refusal of the host's answer -> (the player's sentence, try again?)
_OWN_REFUSALS = {**_HOST_REFUSALS, 'timeout': ('No answer from {address}.', True),
                 'foreign_moves': ('The host sent moves you did not play.', False)}
_NOT_A_GAME = ('No Connect Four game answers at {address}.', False)


def dial_failure(error: BaseException, host: str, address: str) -> str:
    """The player's sentence (``'No game at 10.0.0.2:24744.'``) for a connection that
    could not be made to ``host`` (``address``: ``'host:port'``)."""
    code = getattr(error, 'errno', None)
    if isinstance(error, TimeoutError) or code == errno.ETIMEDOUT:
        return f'No answer from {address}.'
    if isinstance(error, (socket.gaierror, ValueError)):
        return f'No computer called {quote(host, 40)} was found.'
    if code in _UNREACHABLE:
        return f'Cannot reach {address}.'
    return f'No game at {address}.' if code in _REFUSED else f'Cannot connect to {address}.'


class Join(Connection):
    """Join a game hosted at ``addr`` (a name or IP address):``port`` (1-65535) with its
    4-digit ``code``; this side plays the host's other side (``side`` after ``Connected``).

    :param name: printable, at most 32 characters; ``moves``: 0-based columns this side
        already has (:func:`~connect4_game.net.connection.reconcile_with_peer`).
    :param retry_interval: after losing the host (not after a goodbye), seconds between
        tries, for ``give_up_after`` seconds, each try ``connect_timeout`` seconds at most.
    :param first_tries: seconds during which a failed *first* connection is tried again
        (0: reported at once); ``timing``, ``clock``: as for the Host.
    :param accept_help: hints and analysis for both, if the host offers them (``help``).
    :raises ValueError: for any bad value.
    """

    def __init__(self, addr: str, port: int = P.DEFAULT_PORT, code: str = '', *,
                 name: str = 'Guest', moves: Iterable[int] = (), retry_interval: float = 1.0,
                 give_up_after: float = 120.0, connect_timeout: float = 3.0,
                 timing: Timing = DEFAULT_TIMING, first_tries: float = 0.0,
                 accept_help: bool = False, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(name=name, timing=timing, clock=clock)
        self.wants_help = bool(accept_help)
        self._first_deadline = check_number(first_tries, 0, 3600 * 24 * 7, 'first_tries')
        if not isinstance(addr, str) or not addr.strip():
            raise ValueError('addr must name the host')
        self.addr = addr.strip()
        self.port = P.check_port(port)
        self.address = P.addr_text((self.addr, self.port))
        self.code = P.check_code(code)
        try:
            self._known = P.check_moves('moves', list(moves))
        except (TypeError, P.ProtocolError) as err:
            raise ValueError(f'moves: {err}') from None
        self._retry = check_timing(retry_interval, 'retry_interval')
        self._give_up_after = check_timing(give_up_after, 'give_up_after')
        self._connect_timeout = check_timing(connect_timeout, 'connect_timeout')
        self._pending: Conn | None = None      # connected, waiting for the welcome
        self._ever = False                    # the host agreed once (I/O thread)
        self.dialing = False                  # a connection attempt is under way
        self._next_try: float | None = None
        self._give_up: float | None = None
        self._dial = 0                         # the current connect attempt's number
        self._connects: queue.Queue[tuple[int, socket.socket | Exception]] = queue.Queue()

    # == the I/O thread ===================================================================

    def _open(self) -> None:
        self._next_try = self._clock()
        self._first_deadline += self._next_try     # from first_tries seconds to a time

    def _tick(self, now: float) -> None:
        """Take a finished connect attempt; (re)connect when it is time."""
        self._take_connected()
        if self._active is not None or self._pending is not None or self.dialing \
                or self._next_try is None or self._stop.is_set() or now < self._next_try:
            return
        if self._give_up is not None and now >= self._give_up:
            self._fail(f'The host did not come back in {self._give_up_after:g} s.')
            return
        self._next_try = None
        self.dialing = True
        self._dial += 1
        number, host, port, timeout = self._dial, self.addr, self.port, self._connect_timeout

        def connect() -> None:       # a helper thread: a new attempt forgets this one
            try:
                self._connects.put((number, socket.create_connection((host, port), timeout)))
            except (OSError, ValueError) as exc:   # ValueError: a name the resolver refuses
                self._connects.put((number, exc))
            self._wake()

        threading.Thread(target=connect, name='net-connect', daemon=True).start()

    def _stop_io(self) -> None:
        self._dial += 1

    def _take_connected(self) -> None:
        """Say hello on the connection an attempt made, or count the attempt as failed."""
        while True:
            try:
                number, result = self._connects.get_nowait()
            except queue.Empty:
                return
            if number != self._dial:
                if isinstance(result, socket.socket):
                    result.close()
                continue
            self._dial += 1
            self.dialing = False
            if isinstance(result, Exception):
                logger.info('could not connect to %s: %s', self.address, result)
                self._attempt_failed(dial_failure(result, self.addr, self.address))
                continue
            self._pending = self._adopt(result, (self.addr, self.port))
            self._send(self._pending, {'type': 'hello', 'version': P.PROTOCOL_VERSION,
                                       'code': self.code, 'name': self.name,
                                       'moves': list(self._known), 'help': self.wants_help})

    def _attempt_failed(self, text: str, fatal: bool = False) -> None:
        self._pending = None
        now = self._clock()
        if fatal or (not self._ever and now + self._retry > self._first_deadline):
            self._fail(text)
        else:                # a lost connection, or a first one within first_tries seconds
            self._next_try = now + self._retry

    def _fail(self, text: str) -> None:
        logger.warning('joining %s failed: %s', self.address, text)
        self._emit(JoinFailed(clip(text, 160)))
        self._stop.set()

    def _turned_away(self, conn: Conn, code: str | None, reason: str) -> None:
        if conn is not self._pending:
            return
        if code is None:           # the host hung up before its welcome
            self._attempt_failed(f'No game at {self.address} (it hung up).')
            return
        text, again = _OWN_REFUSALS.get(code, _NOT_A_GAME)
        self._attempt_failed(text.format(address=self.address), fatal=not again)

    def _after_lost(self, left: bool) -> None:
        if left:
            self._stop.set()
            return
        now = self._clock()
        self._next_try = now                      # try at once, then every retry_interval
        self._give_up = now + self._give_up_after

    def _handshake(self, conn: Conn, msg: P.Message) -> tuple[str, str] | None:
        if msg['type'] != 'error':
            return self._wrong_handshake(msg, 'welcome')
        self._close_now(conn)
        code, text = msg['code'], msg['text']
        logger.info('%s refused: %s (%s)', self.address, text, code)
        sentence, again = _HOST_REFUSALS.get(code, (f'The host refused: {clip(text, 80)}.', False))
        wait = re.search(r'in (\d{1,6}) s\b', text) if code == 'locked_out' else None
        if wait:
            sentence = f'Too many wrong codes: try again in {wait[1]} s.'
        # A host pausing joins after strangers' wrong codes: this side's
        # code is right, so coming back is only a matter of time.
        again = again or (self._ever and code == 'locked_out')
        self._attempt_failed(sentence, fatal=not again)
        return None

    def _joined(self) -> None:
        self._pending = None
        self._give_up = None
        self._ever = True

    # == the owner's thread =============================================================

    def _publish(self) -> None:
        """The hello of a reconnect brings the record's moves as they are now."""
        if self.game is not None:
            self._known = list(self.game.moves)

    def _game_for(self, msg: P.Message) -> tuple[Game, Side]:
        host_side: Side = msg['host_side']
        if self.game is None:
            try:
                return Game(msg['rows'], msg['cols'], self._known), host_side
            except MoveRefused:
                raise P.ProtocolError('game_mismatch',
                                      'those moves are not a game on that board') from None
        if (self.game.rows, self.game.cols, self.side) != (msg['rows'], msg['cols'],
                                                           host_side.other):
            raise P.ProtocolError('game_mismatch', 'the host is playing another game now')
        return self.game, host_side

    def _agreed(self, msg: P.Message, extra: list[tuple[int, int]]) -> tuple[P.Message, ...]:
        assert self.side is not None
        self.names = {**msg['names'], self.side: self.name}
        return tuple({'type': 'move', 'ply': ply, 'column': column} for ply, column in extra)
