"""Play a friend on another computer: host or join a game over TCP (LAN).

:mod:`~connect4_game.net.protocol` is the wire format (newline-delimited
JSON, strictly checked); :mod:`~connect4_game.net.connection` the state
machine of one connection over the one game record, with its sockets in a
background thread; :mod:`~connect4_game.net.host` and
:mod:`~connect4_game.net.join` its two ends; :mod:`~connect4_game.net.events`
what it tells its owner; :mod:`~connect4_game.net.options` what the command
line asked for (:meth:`NetworkOptions.open` starts it);
:mod:`~connect4_game.net.console` a whole game in the console. A host::

    conn = NetworkOptions(NetMode.HOST, port=0).open()
    print(conn.invitation())        # address, port and code to tell the friend
    ...each frame: for event in conn.events(): ...   # conn.game is the game

None of it imports pygame. LAN discovery is not included: the joiner types the address.
"""

from connect4_game.net.address import DEFAULT_PORT, parse_address
from connect4_game.net.connection import Connection, NetState
from connect4_game.net.console import play_remote
from connect4_game.net.events import (
    ChatMessage,
    Closed,
    CodeChanged,
    Connected,
    Error,
    Event,
    GameInfo,
    JoinFailed,
    JoinFailure,
    JoinsPaused,
    OpponentMove,
    PeerBack,
    PeerLost,
    Refused,
    UndoAnswered,
    UndoRequested,
)
from connect4_game.net.host import Host
from connect4_game.net.join import Join
from connect4_game.net.options import NetMode, NetworkOptions
from connect4_game.net.protocol import PROTOCOL_VERSION, ProtocolError

__all__ = [
    'Connection', 'Host', 'Join', 'NetState', 'DEFAULT_PORT', 'parse_address',
    'NetworkOptions', 'NetMode', 'play_remote', 'PROTOCOL_VERSION', 'ProtocolError',
    'Event', 'GameInfo', 'Connected', 'PeerBack', 'OpponentMove', 'UndoRequested',
    'UndoAnswered', 'ChatMessage', 'PeerLost', 'Refused', 'JoinsPaused', 'CodeChanged', 'Error',
    'JoinFailed', 'JoinFailure', 'Closed',
]
