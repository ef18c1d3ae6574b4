"""A network game to start (``--host`` / ``--join``) as one checked value."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from connect4_game.core.board import DEFAULT_COLS, DEFAULT_ROWS
from connect4_game.core.checks import check_choice, is_number, shown
from connect4_game.core.side import CHECKERS, Side
from connect4_game.net import protocol as P
from connect4_game.net.connection import DEFAULT_TIMING, Timing
from connect4_game.net.discovery import DISCOVERY_PORT
from connect4_game.net.host import Host
from connect4_game.net.join import Join
from connect4_game.seat_config import PlayerSpec

__all__ = ['NetMode', 'NetworkOptions', 'MAX_WAIT', 'JOIN_FIRST_TRIES', 'check_wait']

MAX_WAIT = 7 * 24 * 3600.0    # seconds: the longest ``--wait`` for the other computer
JOIN_FIRST_TRIES = 15.0       # seconds a joiner tries to reach a host not up yet, unless told


def check_wait(value: object, what: str = 'wait') -> float:
    """Seconds to wait for the other computer: a number > 0 and at most :data:`MAX_WAIT`.
    :raises ValueError: ``'wait must be a number of seconds > 0 and at most 604800, not -1'``."""
    if not (is_number(value, 0.0, MAX_WAIT) and isinstance(value, (int, float)) and value > 0):
        raise ValueError(f'{what} must be a number of seconds > 0 and at most '
                         f'{MAX_WAIT:g}, not {shown(value)}')
    return float(value)


class NetMode(str, Enum):
    """Host a game, or join a friend's."""
    HOST = 'host'
    JOIN = 'join'


@dataclass(frozen=True)
class NetworkOptions:
    """A network game to start.

    :param bind_address: host: the address to listen on ('' = every IPv4 interface);
        ``port``: 0-65535 (0: any free one); ``discovery_port``: the UDP port it answers
        ``discover`` on (None: it does not).
    :param address: join: the host's address as typed (``'192.168.1.5:24744'``).
    :param code: the 4-digit code: required to join; for a host None picks one.
    :param side: host: ``Side.X`` (the default) or ``Side.O``; join: None.
    :param local: ``{Side: PlayerSpec}``, who plays this computer's side (left out: a person).
    :param wait: seconds (:func:`check_wait`) a host waits for a friend (None: until
        stopped), or a joiner keeps trying to reach a host (None: the caller's default).
    :param help: hints and analysis for both, on only if the host offers and the joiner
        accepts them.
    :raises ValueError: for a bad mode, port, address, code, side, player or wait.
    """
    mode: NetMode
    bind_address: str = ''
    port: int = P.DEFAULT_PORT
    address: str = ''
    code: str | None = None
    side: Side | None = None
    local: Mapping[Side, PlayerSpec] = field(default_factory=dict, hash=False)
    wait: float | None = None
    help: bool = False
    discovery_port: int | None = DISCOVERY_PORT

    def __post_init__(self) -> None:
        object.__setattr__(self, 'mode', NetMode(self.mode))
        object.__setattr__(self, 'help', bool(self.help))
        if self.discovery_port is not None:
            P.check_port(self.discovery_port)
        if self.code is not None:
            P.check_code(self.code)
        if self.wait is not None:
            object.__setattr__(self, 'wait', check_wait(self.wait))
        local: dict[Side, PlayerSpec] = {}
        for side, player in self.local.items():
            if not isinstance(player, PlayerSpec):
                raise ValueError(f'the player of {shown(side)} must be a PlayerSpec')
            local[Side(check_choice(side, CHECKERS, 'side'))] = player
        object.__setattr__(self, 'local', local)
        if self.mode is NetMode.HOST:
            P.check_port(self.port, 0)
            if not isinstance(self.bind_address, str):
                raise ValueError('the address to listen on must be text')
            object.__setattr__(self, 'side', Side(check_choice(self.side or Side.X, CHECKERS, 'side')))
            return
        P.parse_address(self.address)
        if self.code is None:
            raise ValueError('joining a game needs the code the host shows')
        if self.side is not None:
            raise ValueError('a joiner plays the side the host leaves: do not give one')

    def open(self, *, rows: int = DEFAULT_ROWS, cols: int = DEFAULT_COLS, name: str = '',
             first_tries: float | None = None, timing: Timing = DEFAULT_TIMING) -> Host | Join:
        """The started Host (with its board ``rows`` x ``cols``) or Join these options
        describe; ``first_tries``: a joiner's seconds to keep trying to reach a host
        (default: :attr:`wait`, else :data:`JOIN_FIRST_TRIES`).
        :raises OSError: if a host cannot listen. :raises ValueError: for a bad value."""
        if self.mode is NetMode.HOST:
            return Host(self.port, self.bind_address, self.code, rows, cols,
                        self.side or Side.X, name=name or 'Host', timing=timing,
                        offer_help=self.help, announce=self.discovery_port).start()
        host, port = P.parse_address(self.address)
        if first_tries is None:
            first_tries = self.wait if self.wait is not None else JOIN_FIRST_TRIES
        return Join(host, port, self.code or '', name=name or 'Guest', first_tries=first_tries,
                    timing=timing, accept_help=self.help).start()
