"""The state of a connection follows its events as the owner takes them, a
failure is kept with its words, and the game record is one: what the owner
reads is the record the network plays into."""

import socket
import threading

import pytest

from connect4_game.core.game import Game
from connect4_game.net import join as join_module
from connect4_game.net.connection import NetState
from connect4_game.net.events import (
    Closed,
    Connected,
    JoinFailed,
    OpponentMove,
    PeerLost,
    UndoAnswered,
)
from connect4_game.net.host import Host
from connect4_game.net.join import Join
from tests.net.net_helpers import FAST, FAST_JOIN, Relay, Watch, owned, played, poll_until

CODE = '5150'


@pytest.fixture
def pair():
    host = owned(Host(0, "127.0.0.1", CODE, **FAST).start())
    join = owned(Join("127.0.0.1", host.port, CODE, **FAST_JOIN))
    yield host, join
    for peer in (host, join):
        peer.close()
    for peer in (host, join):
        assert peer.join(5)


def test_the_state_moves_when_the_owner_takes_the_event(pair):
    host, join = pair
    assert host.state is NetState.WAITING and host.side == 'X' and host.friend_name == ''
    join.start()
    assert host.state is NetState.WAITING   # nothing taken yet
    since = host.state_since
    Watch(host).wait(Connected)
    assert host.state is NetState.PLAYING and host.state_since >= since
    assert (host.side, host.friend_name) == ('X', 'Guest')
    Watch(join).wait(Connected)
    join.close()                                       # a goodbye: the friend has left
    Watch(host).wait(PeerLost)
    assert host.state is NetState.LEFT
    host.close()
    assert host.state is NetState.CLOSED
    Watch(host).wait(Closed)
    assert host.state is NetState.CLOSED


def test_a_failure_is_kept_with_its_words():
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))                   # bound, never listening
        port = probe.getsockname()[1]
        join = Join('127.0.0.1', port, CODE, **FAST_JOIN).start()
        Watch(join).wait(Closed)
    assert join.state is NetState.FAILED
    assert join.failure == JoinFailed(f'No game at 127.0.0.1:{port}.')
    join.close()
    assert join.state is NetState.FAILED and join.join(5)


def test_one_record_the_network_plays_into_and_takes_back(pair):
    host, join = pair
    join.start()
    hw, jw = Watch(host), Watch(join)
    hw.wait(Connected)
    jw.wait(Connected)
    game = host.game
    move = host.send_move(1, 3)
    assert (move.column, move.row, move.checker, move.ply) == (3, 5, 'X', 1)
    assert game.moves == [3] and host.send_move(1, 3) is None      # a repeat is not played again
    assert jw.wait(OpponentMove) == OpponentMove(1, 3) and join.game.moves == [3]
    join.send_move(2, 4)
    hw.wait(OpponentMove)
    assert host.game is game and game.moves == [3, 4]              # played into the same record
    assert join.request_undo() == 1 and join.undo_out == 1
    poll_until(lambda: host.undo_in == 1, what='the request arrives')
    assert host.answer_undo(True) and game.moves == [3] and host.undo_in is None
    assert jw.wait(UndoAnswered) == UndoAnswered(1, True) and join.game.moves == [3]


def test_a_move_played_while_apart_is_an_opponent_move_after_peer_back(pair):
    host, _ = pair
    relay = Relay(host.port)
    try:
        join = Join('127.0.0.1', relay.port, CODE, **FAST_JOIN).start()
        hw, jw = Watch(host), Watch(join)
        hw.wait(Connected)
        jw.wait(Connected)
        relay.freeze()                                 # the cable is pulled
        hw.wait(PeerLost, timeout=4)
        jw.wait(PeerLost, timeout=4)
        host.send_move(1, 2)                           # kept for the joiner
        assert jw.wait(OpponentMove, timeout=5) == OpponentMove(1, 2)
        assert join.game.moves == [2] and join.state is NetState.PLAYING
        join.close()
        assert join.join(5)
    finally:
        relay.close()


class ThreadLog(Game):
    """A game record that notes the thread of every change and every board read."""

    def __init__(self, *args, **kw) -> None:
        self.threads: set[int] = set()
        super().__init__(*args, **kw)

    def _note(self) -> None:
        self.threads.add(threading.get_ident())

    def push(self, *args, **kw):
        self._note()
        return super().push(*args, **kw)

    def offer(self, *args, **kw):
        self._note()
        return super().offer(*args, **kw)

    def pop(self):
        self._note()
        return super().pop()

    def truncate(self, ply):
        self._note()
        return super().truncate(ply)

    def replace(self, moves):
        self._note()
        return super().replace(moves)

    def __getattribute__(self, name):
        if name == 'moves':
            object.__getattribute__(self, '_note')()
        return object.__getattribute__(self, name)


def test_only_the_owners_thread_touches_the_record(pair, monkeypatch):
    """The friend's moves, the handshakes' agreements and the accepted undos
    all happen on the thread that takes the
    events; the sockets' thread never reads or changes the record."""
    host, join = pair
    monkeypatch.setattr(join_module, 'Game', ThreadLog)   # the joiner's record, when it comes
    host.game = ThreadLog(6, 7)
    join.start()
    hw, jw = Watch(host), Watch(join)
    hw.wait(Connected)
    jw.wait(Connected)
    assert isinstance(join.game, ThreadLog)
    host.send_move(1, 3)
    jw.wait(OpponentMove)
    join.send_move(2, 4)
    hw.wait(OpponentMove)
    assert join.request_undo() == 1
    poll_until(lambda: host.undo_in == 1, what='the request arrives')
    assert host.answer_undo(True)
    assert jw.wait(UndoAnswered).accept
    assert played(host) == played(join) == (3,)
    assert host.game.threads == join.game.threads == {threading.get_ident()}
