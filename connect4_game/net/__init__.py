"""Play a friend on another computer: host or join a game over TCP (LAN).

The pieces, none of which imports pygame:

* :mod:`~connect4_game.net.protocol` - the wire format (newline-delimited
  JSON, strictly checked) and the join code;
* :mod:`~connect4_game.net.transport` - the sockets: one selector loop,
  bounded lines, a connect that never blocks;
* :mod:`~connect4_game.net.referee` - the game (:class:`~connect4_game.core.game.Game`)
  checked against everything the opponent sends: its own moves only, in turn;
* :mod:`~connect4_game.net.peer`, :mod:`~connect4_game.net.host`,
  :mod:`~connect4_game.net.join` - :class:`Host` and :class:`Join`, whose
  network I/O runs in a background thread behind non-blocking calls and an
  event queue;
* :mod:`~connect4_game.net.events` - the events the game polls, among them
  :class:`JoinFailed` with its :class:`JoinFailure`, and
  :class:`CodeChanged` / :class:`JoinsPaused` when a host got too many wrong
  codes;
* :mod:`~connect4_game.net.link` - :class:`NetworkLink`, the one adapter the
  console and the window use, and :func:`open_link`;
* :mod:`~connect4_game.net.options` - :class:`NetworkOptions`, what the
  command line asked for;
* :mod:`~connect4_game.net.console` - :func:`play_remote`, a whole game in
  the console.

A host::

    link = open_link(NetworkOptions(NetMode.HOST, port=0))
    print(link.invitation())                # address, port and code to tell the friend
    ...each frame: for event in link.poll(): game = link.sync(game, event)

LAN discovery is not included: the joiner types the address.
"""

from connect4_game.core.game import MoveRefused, reconcile
from connect4_game.net.address import DEFAULT_PORT, parse_address
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
from connect4_game.net.link import NetState, NetworkLink, open_link
from connect4_game.net.options import NetMode, NetworkOptions
from connect4_game.net.protocol import PROTOCOL_VERSION, ProtocolError

__all__ = [
    'Host', 'Join', 'DEFAULT_PORT', 'parse_address', 'NetworkLink', 'NetState', 'open_link',
    'NetworkOptions', 'NetMode', 'play_remote', 'MoveRefused', 'reconcile',
    'PROTOCOL_VERSION', 'ProtocolError',
    'Event', 'GameInfo', 'Connected', 'PeerBack', 'OpponentMove', 'UndoRequested',
    'UndoAnswered', 'ChatMessage', 'PeerLost', 'Refused', 'JoinsPaused', 'CodeChanged', 'Error',
    'JoinFailed', 'JoinFailure', 'Closed',
]
