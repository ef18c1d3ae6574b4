"""A peer may play only its own side: hostile raw-socket peers on 127.0.0.x try
to put moves in the other side's name - in a hello, on a reconnect, in a
forged welcome - and are refused with a protocol error and a log line."""

import logging
import socket

import pytest

from connect4_game.net.connection import NetState
from connect4_game.net.events import (
    Closed,
    Connected,
    JoinFailed,
    OpponentMove,
    PeerLost,
    Refused,
)
from connect4_game.net.host import Host
from connect4_game.net.join import Join
from tests.net.net_helpers import FAST, FAST_JOIN, Raw, Watch, owned, played

CODE = '2468'
WINNING_FOR_O = [6, 0, 6, 0, 5, 0, 5, 0]      # X 6 6 5 5, O four in column 0


@pytest.fixture
def peers():
    """Start hosts and joiners with short timings; all are closed at the end."""
    made = []

    def host(**kw):
        peer = Host(kw.pop('port', 0), '127.0.0.1', CODE, **{**FAST, **kw}).start()
        made.append(owned(peer))
        return peer

    def join(port, addr='127.0.0.1', **kw):
        peer = Join(addr, port, CODE, **{**FAST_JOIN, **kw}).start()
        made.append(owned(peer))
        return peer

    yield host, join
    for peer in made:
        peer.close()
    for peer in made:
        assert peer.join(5)


def refusal_codes(raw: Raw) -> list[str]:
    return [m['code'] for m in raw.read_to_end() if m['type'] == 'error']


def warnings_from(caplog, about: str) -> list[str]:
    """The warnings logged about a refused handshake message (``"'s hello"``, ``"'s welcome"``)."""
    return [r.getMessage() for r in caplog.records
            if about in r.getMessage() and r.levelno >= logging.WARNING]


def test_a_hello_that_wins_in_the_hosts_name_is_refused_and_logged(peers, caplog):
    host, join = peers
    h = host()
    hw = Watch(h)
    caplog.set_level(logging.INFO, logger='connect4_game.net')
    raw = Raw(h.port, source='127.0.0.2')
    raw.hello(CODE, moves=WINNING_FOR_O)
    assert refusal_codes(raw) == ['foreign_moves']
    refused = hw.wait(Refused)
    assert refused.address.startswith('127.0.0.2:') and "move 1 is X's" in refused.reason
    assert played(h) == () and h.state is NetState.WAITING
    assert not any(isinstance(e, Connected) for e in hw.seen)
    assert any('foreign_moves' in m and '127.0.0.2' in m
               for m in warnings_from(caplog, "'s hello"))
    j = join(h.port)                                    # an honest friend still gets in
    assert Watch(j).wait(Connected).info.moves == ()


@pytest.mark.parametrize('moves', [[3], [3, 4], [3, 4, 3, 4]])
def test_a_hello_may_not_claim_any_move_of_the_host(peers, moves):
    host, _ = peers
    h = host()                                          # the host plays X: ply 1 is its own
    raw = Raw(h.port, source='127.0.0.3')
    raw.hello(CODE, moves=moves)
    assert refusal_codes(raw) == ['foreign_moves']
    assert played(h) == ()


def test_a_reconnect_may_bring_only_the_joiners_own_next_move(peers, caplog):
    host, _ = peers
    h = host()
    hw = Watch(h)
    raw = Raw(h.port, source='127.0.0.4')
    raw.hello(CODE)
    assert raw.recv_skipping_pings()['type'] == 'welcome'
    hw.wait(Connected)
    h.send_move(1, 3)
    assert raw.recv_skipping_pings() == {'type': 'move', 'ply': 1, 'column': 3}
    raw.send({'type': 'move', 'ply': 2, 'column': 4})
    assert hw.wait(OpponentMove) == OpponentMove(2, 4)
    raw.close()                                         # gone without a goodbye
    assert not hw.wait(PeerLost).left
    h.send_move(3, 2)                                   # the host moves while it is away
    caplog.set_level(logging.WARNING, logger='connect4_game.net.connection')
    for forged in ([3, 4, 2, 5, 6], [3, 4, 2, 5, 6, 6], [3, 4, 5]):
        again = Raw(h.port, source='127.0.0.4')
        again.hello(CODE, moves=forged)
        assert refusal_codes(again) == ['foreign_moves' if forged[2] == 2 else 'diverged']
    assert played(h) == (3, 4, 2)
    assert len(warnings_from(caplog, "'s hello")) == 3
    back = Raw(h.port, source='127.0.0.4')
    back.hello(CODE, moves=[3, 4, 2, 5])                # its own move 4, made while apart
    assert back.recv_skipping_pings()['moves'] == [3, 4, 2, 5]
    assert hw.wait(Connected, again=True).info.moves == (3, 4, 2, 5) and played(h) == (3, 4, 2, 5)
    back.close()


def test_a_peer_plays_one_move_at_a_time_of_its_own_side(peers):
    host, _ = peers
    h = host(host_side='O')                             # the raw peer plays X, first
    raw = Raw(h.port, source='127.0.0.5')
    raw.hello(CODE)
    assert raw.recv_skipping_pings()['type'] == 'welcome'
    raw.send({'type': 'move', 'ply': 1, 'column': 0})
    raw.send({'type': 'move', 'ply': 2, 'column': 0})     # the host's move: refused
    answer = raw.recv_skipping_pings()
    assert (answer['type'], answer['code'], answer['ply']) == ('error', 'not_your_turn', 2)
    raw.send({'type': 'move', 'ply': 3, 'column': 0})     # not in turn: refused
    assert raw.recv_skipping_pings()['code'] == 'wrong_ply'
    assert played(h) == (0,)
    raw.close()


def fake_host(source: str = '127.0.0.6') -> socket.socket:
    server = socket.create_server((source, 0))
    return server


def welcome(moves, host_side='X', version=2):
    return {'type': 'welcome', 'version': version, 'rows': 6, 'cols': 7,
            'host_side': host_side, 'moves': list(moves), 'names': {'X': 'fake', 'O': ''}}


def test_the_joiner_refuses_a_forged_welcome_and_says_why(peers, caplog):
    _, join = peers
    caplog.set_level(logging.INFO, logger='connect4_game.net')
    with fake_host() as server:
        j = join(server.getsockname()[1], addr='127.0.0.6')
        fake = Raw.accepted(server)
        assert fake.recv()['moves'] == []
        fake.send(welcome(WINNING_FOR_O))                 # O (the joiner) "won" already
        assert refusal_codes(fake) == ['foreign_moves']
        jw = Watch(j)
        assert jw.wait(JoinFailed) == JoinFailed('The host sent moves you did not play.')
        jw.wait(Closed)
        assert played(j) == () and not any(isinstance(e, Connected) for e in jw.seen)
        assert any('foreign_moves' in m for m in warnings_from(caplog, "'s welcome"))


def test_a_first_welcome_may_bring_the_hosts_own_first_move(peers):
    _, join = peers
    with fake_host() as server:
        j = join(server.getsockname()[1], addr='127.0.0.6')
        fake = Raw.accepted(server)
        fake.recv()
        fake.send(welcome([3]))
        assert Watch(j).wait(Connected).info.moves == (3,)
        fake.close()


def test_a_forged_welcome_on_a_reconnect_is_refused(peers):
    _, join = peers
    with fake_host('127.0.0.7') as server:
        j = join(server.getsockname()[1], addr='127.0.0.7')
        jw = Watch(j)
        fake = Raw.accepted(server)
        fake.recv()
        fake.send(welcome([]))
        jw.wait(Connected)
        fake.send({'type': 'move', 'ply': 1, 'column': 2})
        jw.wait(OpponentMove)
        j.send_move(2, 3)
        assert fake.recv_skipping_pings() == {'type': 'move', 'ply': 2, 'column': 3}
        fake.close()                                      # the "host" drops; the joiner returns
        jw.wait(PeerLost)
        fake = Raw.accepted(server)
        assert fake.recv()['moves'] == [2, 3]
        fake.send(welcome([2, 3, 4]))                     # the host's own move, made while apart
        assert jw.wait(Connected, again=True).info.moves == (2, 3, 4)
        fake.close()
        jw.wait(PeerLost)
        fake = Raw.accepted(server)
        assert fake.recv()['moves'] == [2, 3, 4]
        fake.send(welcome([2, 3, 4, 5, 6]))               # ...and move 4, the joiner's
        assert refusal_codes(fake) == ['foreign_moves']
        assert jw.wait(JoinFailed).text == 'The host sent moves you did not play.'
        assert played(j) == (2, 3, 4)
