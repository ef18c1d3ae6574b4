"""Play a friend on another computer: host or join a game over TCP (LAN); none of it
imports pygame (the modules and a host's use: docs/network.md)."""

from connect4_game.net.address import DEFAULT_PORT, parse_address
from connect4_game.net.connection import Connection, NetState, Timing
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
    PeerLost,
    Refused,
    UndoAnswered,
    UndoRequested,
)
from connect4_game.net.host import Host
from connect4_game.net.join import Join
from connect4_game.net.options import NetMode, NetworkOptions
from connect4_game.net.protocol import PROTOCOL_VERSION, ProtocolError

__all__ = ['Connection', 'Timing', 'Host', 'Join', 'NetState', 'DEFAULT_PORT', 'parse_address',
           'NetworkOptions', 'NetMode', 'play_remote', 'PROTOCOL_VERSION', 'ProtocolError',
           'Event', 'GameInfo', 'Connected', 'OpponentMove', 'UndoRequested', 'UndoAnswered',
           'ChatMessage', 'PeerLost', 'Refused', 'JoinsPaused', 'CodeChanged', 'Error',
           'JoinFailed', 'JoinFailure', 'Closed']
