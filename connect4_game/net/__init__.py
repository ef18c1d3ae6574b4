"""Play a friend on another computer: host or join a game over TCP (LAN).

The pieces, none of which imports pygame:

* :mod:`~connect4_game.net.protocol` - the wire format (newline-delimited
  JSON, strictly checked) and the join code;
* :mod:`~connect4_game.net.record` - the move list as the truth, checked by
  the engine's :class:`~connect4_game.board.Board`;
* :mod:`~connect4_game.net.peer` - :class:`Host` and :class:`Join`, whose
  network I/O runs in a background thread behind non-blocking calls and an
  event queue;
* :mod:`~connect4_game.net.events` - the events the game polls;
* :mod:`~connect4_game.net.session` - :class:`NetGame` (a board kept in step
  with the peer, for the window) and :func:`play_remote` (a whole game for
  the command line).

A host::

    host = Host(port=0, code=None).start()     # port 0: any free port
    print(host.invitation())                   # address, port and code to tell the friend
    game = NetGame(host)
    ...each frame: for event in game.poll(): ...; game.play(column) on a click

LAN discovery is not included: the joiner types the address.
"""

from connect4_game.net.events import (
    ChatMessage, Closed, Connected, Error, Event, GameInfo, OpponentMove, PeerBack, PeerLost,
    Refused, UndoAnswered, UndoRequested,
)
from connect4_game.net.peer import DEFAULT_PORT, Host, Join, parse_address
from connect4_game.net.protocol import PROTOCOL_VERSION, ProtocolError
from connect4_game.net.record import GameRecord, MoveRefused, reconcile
from connect4_game.net.session import NetGame, play_remote, result_line

__all__ = [
    'Host', 'Join', 'DEFAULT_PORT', 'parse_address', 'NetGame', 'play_remote', 'result_line',
    'GameRecord', 'MoveRefused', 'reconcile', 'PROTOCOL_VERSION', 'ProtocolError',
    'Event', 'GameInfo', 'Connected', 'PeerBack', 'OpponentMove', 'UndoRequested',
    'UndoAnswered', 'ChatMessage', 'PeerLost', 'Refused', 'Error', 'Closed',
]
