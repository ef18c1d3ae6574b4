"""Play a friend on another computer: host or join a game over TCP (LAN).

The pieces, none of which imports pygame:

* :mod:`~connect4_game.net.protocol` - the wire format (newline-delimited
  JSON, strictly checked) and the join code;
* :mod:`~connect4_game.net.transport` - the sockets: one selector loop in a
  background thread, bounded lines, heartbeats, a connect that never blocks;
* :mod:`~connect4_game.net.connection` - :class:`Connection`, the state
  machine of one connection (:class:`NetState`) over the one game record,
  refereeing everything the opponent sends; :mod:`~connect4_game.net.host`
  and :mod:`~connect4_game.net.join` - its two ends, :class:`Host` (the
  join code and its lockout) and :class:`Join` (reconnecting);
* :mod:`~connect4_game.net.events` - the typed events the owner takes;
* :mod:`~connect4_game.net.options` - :class:`NetworkOptions`, what the
  command line asked for, and :meth:`NetworkOptions.open`;
* :mod:`~connect4_game.net.console` - :func:`play_remote`, a whole game in
  the console.

A host::

    conn = NetworkOptions(NetMode.HOST, port=0).open()
    print(conn.invitation())                # address, port and code to tell the friend
    ...each frame: for event in conn.events(): ...; conn.game is the game

LAN discovery is not included: the joiner types the address.
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
