"""Host and Join over 127.0.0.1: the handshake, the code, hostile clients,
the engine refereeing moves on both sides, undo, heartbeats and reconnection."""

import contextlib
import random
import re
import socket
import threading
import time

import pytest

from connect4_game.core.game import MoveRefused
from connect4_game.net.connection import NetState, Timing
from connect4_game.net.events import (
    ChatMessage,
    Closed,
    Connected,
    Error,
    JoinFailed,
    OpponentMove,
    PeerLost,
    Refused,
    UndoAnswered,
    UndoRequested,
)
from connect4_game.net.host import Host
from connect4_game.net.join import Join
from tests.net.net_helpers import (
    FAST,
    FAST_JOIN,
    FakeClock,
    Raw,
    Relay,
    Watch,
    limits,
    owned,
    played,
    poll_until,
)

CODE = '0421'


@pytest.fixture
def make():
    """Build hosts and joiners with short timings; all are closed at the end."""
    made = []

    def host(**kw):
        kw.setdefault('code', CODE)
        for key, value in FAST.items():
            kw.setdefault(key, value)
        peer = Host(kw.pop('port', 0), '127.0.0.1', **kw)
        made.append(owned(peer))
        return peer.start()

    def join(port, **kw):
        code = kw.pop('code', CODE)
        for key, value in FAST_JOIN.items():
            kw.setdefault(key, value)
        peer = Join('127.0.0.1', port, code, **kw)
        made.append(owned(peer))
        return peer.start()

    yield host, join
    for peer in made:
        peer.close()
    for peer in made:
        assert peer.join(5), f'{peer} did not stop'


def connect(make, **host_kw):
    host, join = make
    h = host(**host_kw)
    j = join(h.port)
    hw, jw = Watch(h), Watch(j)
    hw.wait(Connected)
    jw.wait(Connected)
    return h, j, hw, jw


def test_host_and_join_agree_on_the_game(make):
    host, join = make
    h = host(host_side='O', name='Bob', rows=5, cols=8)
    j = join(h.port, name='Ann')
    hw, jw = Watch(h), Watch(j)
    hi, ji = hw.wait(Connected).info, jw.wait(Connected).info
    assert (hi.my_side, hi.moves, ji.my_side, ji.moves) == ('O', (), 'X', ())
    assert (j.game.rows, j.game.cols) == (5, 8)      # the joiner's board is the host's
    assert hi.names == ji.names == {'X': 'Ann', 'O': 'Bob'}
    assert h.side == 'O' and j.side == 'X' and h.state is j.state is NetState.PLAYING
    j.send_move(1, 7)                              # the joiner plays X: it moves first
    assert hw.wait(OpponentMove) == OpponentMove(1, 7)
    h.send_move(2, 7)
    assert jw.wait(OpponentMove) == OpponentMove(2, 7)
    assert played(h) == played(j) == (7, 7)
    assert j.send_chat('hi ♥') and hw.wait(ChatMessage).text == 'hi ♥'
    with pytest.raises(ValueError):
        j.send_chat('\x1b[2J')


def test_a_host_says_where_it_is(closing):
    h = Host(0, code=None)
    assert len(h.code) == 4 and h.code.isdigit()
    closing(h.start())
    assert h.port > 0
    assert re.fullmatch(rf'address \d+\.\d+\.\d+\.\d+ port {h.port}, code {h.code}',
                        h.invitation())
    assert Host(0, '127.0.0.1', '1234').invitation() == 'address 127.0.0.1 port 0, code 1234'


def test_bad_arguments_are_refused_before_anything_opens():
    for kw in ({'code': '12'}, {'code': 1234}, {'host_side': 'Z'}, {'rows': 2},
               {'name': 'a\nb'}, {'timing': 1.0}, {'moves': [0] * 7},
               {'port': 70000}):
        with pytest.raises(ValueError):
            Host(**{'port': 0, **kw})
    for kw in ({'ping_interval': 0}, {'ping_interval': 2, 'peer_timeout': 1},
               {'handshake_timeout': float('inf')}):
        with pytest.raises(ValueError):
            Timing(**kw)
    for args in (('', 1, '1234'), ('h', 0, '1234'), ('h', 1, '12345')):
        with pytest.raises(ValueError):
            Join(*args)


def test_a_port_in_use_is_an_oserror_at_start():
    with socket.create_server(('127.0.0.1', 0)) as busy:
        h = Host(busy.getsockname()[1], '127.0.0.1')
        with pytest.raises(OSError):
            h.start()
        assert not h.running


def test_wrong_code_is_refused_and_the_host_keeps_listening(make):
    host, join = make
    h = host()
    hw = Watch(h)
    bad = join(h.port, code='9999')
    bw = Watch(bad)
    assert bw.wait(JoinFailed) == JoinFailed('Wrong code.')
    bw.wait(Closed)
    assert hw.wait(Refused).reason == 'wrong code'
    good = join(h.port)
    Watch(good).wait(Connected)
    hw.wait(Connected)


def test_repeated_wrong_codes_lock_the_address_out_for_a_while(make, monkeypatch):
    host, _ = make
    clock = FakeClock()
    limits(monkeypatch, LOCKOUT=30.0)
    h = host(clock=clock)

    def attempt(code):
        raw = Raw(h.port)
        raw.hello(code)
        try:
            return raw.read_to_end(timeout=5) if code != CODE else [raw.recv()]
        finally:
            raw.close()

    for _ in range(3):
        assert [m['code'] for m in attempt('1111')] == ['bad_code']
    assert [m['code'] for m in attempt(CODE)] == ['locked_out']     # even the right code
    clock.advance(31.0)
    assert attempt(CODE)[0]['type'] == 'welcome'


def test_another_protocol_version_is_refused(make):
    host, _ = make
    h = host()
    raw = Raw(h.port)
    raw.hello(CODE, version=3)
    assert [m['code'] for m in raw.read_to_end()] == ['version']


GARBAGE = {
    'binary': b'\x00\xff\xfe\x80 garbage\r\n',
    'invalid json': b'{"type": "hello", \n',
    'a 300 KB line': b'x' * 300_000,
    'random bytes': random.Random(7).randbytes(20_000),
    'a move before hello': b'{"type": "move", "ply": 1, "column": 0}\n',
    'a json list': b'[1, 2, 3]\n',
    'a welcome from a client': b'{"type": "welcome"}\n',
}


@pytest.mark.parametrize('name', sorted(GARBAGE))
def test_garbage_gets_an_error_and_the_host_stays_up(make, name):
    host, join = make
    h = host()
    raw = Raw(h.port)
    sender = threading.Thread(target=lambda: _send_quietly(raw, GARBAGE[name]), daemon=True)
    sender.start()
    answer = raw.read_to_end(timeout=5)
    sender.join(5)
    assert len(answer) == 1 and answer[0]['type'] == 'error', answer
    assert answer[0]['code'] in ('bad_message', 'too_long')
    hw = Watch(h)
    hw.wait(Refused)
    j = join(h.port)                         # the host still plays
    Watch(j).wait(Connected)
    hw.wait(Connected)


def _send_quietly(raw, data):
    with contextlib.suppress(OSError):   # the host may close while a huge line is still going out
        raw.send(data)


def test_slow_loris_clients_are_dropped_without_blocking_a_real_player(make):
    host, join = make
    h = host()
    stalled = Raw(h.port)
    stalled.send(b'{"type": "hel')
    dripper = Raw(h.port)
    stop = threading.Event()

    def drip():
        for byte in b'{"type": "hello", "version": 2, "code": "0421", "name": "slow", ' * 10:
            if stop.wait(0.05):
                return
            try:
                dripper.send(bytes([byte]))
            except OSError:
                return

    threading.Thread(target=drip, daemon=True).start()
    try:
        started = time.monotonic()
        j = join(h.port)
        Watch(j).wait(Connected, timeout=2)
        assert time.monotonic() - started < 2
        assert [m['code'] for m in stalled.read_to_end(timeout=3)] == ['timeout']
        assert [m['code'] for m in dripper.read_to_end(timeout=3)] == ['timeout']
    finally:
        stop.set()
    hw = Watch(h)
    hw.wait(Connected)
    assert hw.wait(Refused).reason == 'no handshake in time'


def test_extra_connections_are_refused_once_the_game_runs(make):
    h, j, hw, jw = connect(make)
    third = Raw(h.port)
    assert [m['code'] for m in third.read_to_end()] == ['busy']
    third = Raw(h.port)
    third.hello(CODE)
    assert [m['code'] for m in third.read_to_end()] == ['busy']
    h.send_move(1, 0)
    assert jw.wait(OpponentMove) == OpponentMove(1, 0)


def test_the_host_refuses_out_of_turn_illegal_and_conflicting_moves(make):
    host, _ = make
    h = host()
    hw = Watch(h)
    raw = Raw(h.port)
    raw.hello(CODE)
    assert raw.recv_skipping_pings()['type'] == 'welcome'

    def refusal(msg):
        raw.send(msg)
        answer = raw.recv_skipping_pings()
        assert answer['type'] == 'error', answer
        return answer['code'], answer.get('ply')

    assert refusal({'type': 'move', 'ply': 1, 'column': 0}) == ('not_your_turn', 1)
    h.send_move(1, 3)
    assert raw.recv_skipping_pings() == {'type': 'move', 'ply': 1, 'column': 3}
    assert refusal({'type': 'move', 'ply': 2, 'column': 9}) == ('illegal_move', 2)   # 7 columns
    assert refusal({'type': 'move', 'ply': 4, 'column': 0}) == ('wrong_ply', 4)
    raw.send({'type': 'move', 'ply': 2, 'column': 3})
    raw.send({'type': 'move', 'ply': 2, 'column': 3})         # a duplicate: ignored, no error
    assert refusal({'type': 'move', 'ply': 1, 'column': 4}) == ('conflict', 1)
    raw.send({'type': 'chat', 'text': 'sync'})
    hw.wait(ChatMessage)
    assert [e for e in hw.seen if isinstance(e, OpponentMove)] == [OpponentMove(2, 3)]
    assert sum(isinstance(e, Error) for e in hw.seen) == 4
    assert played(h) == (3, 3) and h.state is NetState.PLAYING
    with pytest.raises(MoveRefused):
        h.send_move(4, 0)                                     # not the next ply
    with pytest.raises(MoveRefused):
        h.send_move(3, 7)                                     # no such column
    raw.close()


def test_the_joiner_referees_the_host_too(make):
    _, join = make
    with socket.create_server(('127.0.0.1', 0)) as server:
        j = join(server.getsockname()[1])
        sock, _ = server.accept()
        fake = Raw.__new__(Raw)
        fake.sock, fake.buf = sock, b''
        assert fake.recv()['type'] == 'hello'
        fake.send({'type': 'welcome', 'version': 2, 'rows': 6, 'cols': 7, 'host_side': 'X',
                   'moves': [], 'names': {'X': 'fake', 'O': ''}})
        jw = Watch(j)
        jw.wait(Connected)
        fake.send({'type': 'move', 'ply': 1, 'column': 2})
        assert jw.wait(OpponentMove) == OpponentMove(1, 2)
        fake.send({'type': 'move', 'ply': 2, 'column': 2})           # the joiner's turn
        assert fake.recv_skipping_pings()['code'] == 'not_your_turn'
        fake.send({'type': 'move', 'ply': 3, 'column': 2})
        assert fake.recv_skipping_pings()['code'] == 'wrong_ply'
        fake.send(b'{"type": "move", "ply": 2, "column": 2, "x": 1}\n')
        assert fake.recv_skipping_pings()['code'] == 'bad_message'
        assert 'bad message' in jw.wait(PeerLost).reason
        assert played(j) == (2,)
        sock.close()


def test_a_bad_message_mid_game_loses_the_peer_who_may_come_back(make):
    host, _ = make
    h = host()
    hw = Watch(h)
    raw = Raw(h.port)
    raw.hello(CODE)
    assert raw.recv_skipping_pings()['type'] == 'welcome'
    hw.wait(Connected)
    h.send_move(1, 6)
    raw.send(b'nonsense\n')
    assert [m for m in raw.read_to_end() if m['type'] == 'error'][0]['code'] == 'bad_message'
    hw.wait(PeerLost)
    again = Raw(h.port)
    again.hello(CODE)
    welcome = again.recv_skipping_pings()
    assert welcome['type'] == 'welcome' and welcome['moves'] == [6]
    assert hw.wait(Connected, again=True).info.moves == (6,)


def test_diverged_foreign_or_impossible_move_lists_are_refused(make):
    host, _ = make
    h = host(moves=[0])
    hw = Watch(h)
    raw = Raw(h.port)
    raw.hello(CODE, moves=[1])
    assert [m['code'] for m in raw.read_to_end()] == ['diverged']
    assert 'different game' in hw.wait(Error).text
    raw = Raw(h.port)
    raw.hello(CODE, moves=[0] * 7)                     # six moves more, three in X's name
    assert [m['code'] for m in raw.read_to_end()] == ['foreign_moves']
    full = host(moves=[0] * 6, host_side='O')          # column 0 is full; X (the joiner) next
    raw = Raw(full.port)
    raw.hello(CODE, moves=[0] * 7)
    assert [m['code'] for m in raw.read_to_end()] == ['game_mismatch']
    assert played(full) == (0,) * 6
    raw = Raw(h.port)
    raw.hello(CODE, moves=[0, 1])                      # the joiner's own next move: taken
    welcome = raw.recv_skipping_pings()
    assert welcome['moves'] == [0, 1]
    assert hw.wait(Connected).info.moves == (0, 1) and played(h) == (0, 1)


def test_undo_is_a_request_the_other_side_accepts_or_declines(make):
    h, j, hw, jw = connect(make)
    assert h.request_undo() is None                    # nothing of its own to take back
    assert j.answer_undo(True) is False                # nothing asked
    h.send_move(1, 3)
    jw.wait(OpponentMove)
    j.send_move(2, 4)
    hw.wait(OpponentMove)
    h.send_move(3, 5)
    jw.wait(OpponentMove)
    assert h.request_undo() == 2                       # back to before its last move
    assert h.request_undo() is None                    # one request at a time
    assert jw.wait(UndoRequested).ply == 2 and j.undo_in == 2
    assert j.answer_undo(False)
    assert hw.wait(UndoAnswered) == UndoAnswered(2, False)
    assert played(h) == played(j) == (3, 4, 5)
    j.send_move(4, 6)
    hw.wait(OpponentMove)
    assert h.request_undo() == 2                       # takes the reply back too
    jw.wait(UndoRequested)
    assert j.answer_undo(True)
    assert played(j) == (3, 4)
    assert hw.wait(UndoAnswered) == UndoAnswered(2, True)
    assert played(h) == (3, 4)
    h.send_move(3, 0)                                  # and the game goes on from there
    assert jw.wait(OpponentMove) == OpponentMove(3, 0)
    assert j.request_undo(0) == 0                      # back to the start: a new game
    hw.wait(UndoRequested)
    h.answer_undo(True)
    assert jw.wait(UndoAnswered).accept and played(j) == played(h) == ()


def test_a_silent_peer_is_lost_then_both_continue_from_the_move_list(make):
    host, join = make
    h = host()
    relay = Relay(h.port)
    try:
        j = join(relay.port)
        hw, jw = Watch(h), Watch(j)
        hw.wait(Connected)
        jw.wait(Connected)
        h.send_move(1, 3)
        jw.wait(OpponentMove)
        j.send_move(2, 3)
        hw.wait(OpponentMove)
        relay.freeze()                                  # the cable is pulled: no FIN, nothing
        frozen = time.monotonic()
        hw.wait(PeerLost, timeout=4)
        jw.wait(PeerLost, timeout=4)
        assert time.monotonic() - frozen < 4
        h.send_move(3, 2)                               # a move while the other is away is kept
        back_h, back_j = hw.wait(Connected, timeout=5, again=True), jw.wait(Connected, timeout=5, again=True)
        assert back_h.info.moves[:2] == (3, 3)
        # in the welcome, or as a move right after it if the joiner was back first
        poll_until(lambda: played(j) == (3, 3, 2), what='the move made while away arrives')
        assert played(h) == (3, 3, 2)
        j.send_move(4, 1)
        assert hw.wait(OpponentMove) == OpponentMove(4, 1)
        assert back_j.info.my_side == 'O'
    finally:
        relay.close()


def test_a_restarted_host_continues_from_its_saved_moves(make):
    host, join = make
    h = host()
    port = h.port
    relay = Relay(port)
    try:
        j = join(relay.port)
        jw = Watch(j)
        jw.wait(Connected)
        h.send_move(1, 3)
        jw.wait(OpponentMove)
        j.send_move(2, 3)
        Watch(h).wait(OpponentMove)
        h.send_move(3, 4)
        jw.wait(OpponentMove)
        relay.freeze()
        jw.wait(PeerLost, timeout=4)
        saved = played(h)
        h.close()                                   # the host's program ends...
        assert h.join(5)
        j.send_move(4, 4)                           # the joiner moves while the host is away
        h2 = host(port=port, moves=saved)           # ...and starts again from its saved game
        h2w = Watch(h2)
        info = h2w.wait(Connected, timeout=5).info
        assert info.moves == (3, 3, 4, 4) and played(h2) == (3, 3, 4, 4)
        assert jw.wait(Connected, again=True).info.moves == (3, 3, 4, 4)
        h2.send_move(5, 2)
        assert jw.wait(OpponentMove) == OpponentMove(5, 2)
    finally:
        relay.close()


def test_a_joiner_brings_its_saved_moves_and_its_own_next_one(make):
    host, join = make
    h = host(moves=[3])
    j = join(h.port, moves=[3, 2])                 # ply 2 is the joiner's (O's) own move
    assert Watch(j).wait(Connected).info.moves == (3, 2)
    assert Watch(h).wait(Connected).info.moves == (3, 2) and played(h) == (3, 2)
    with pytest.raises(ValueError):
        Join('127.0.0.1', 1, CODE, moves=[0, 'x'])


def test_a_joiner_with_another_game_is_refused(make):
    host, join = make
    h = host(moves=[3])
    j = join(h.port, moves=[4, 4])
    failed = Watch(j).wait(JoinFailed)
    assert failed.text == 'The host is playing a different game.'
    assert 'different game' in Watch(h).wait(Error).text


def test_goodbye_ends_the_joiner_and_the_host_waits_for_a_new_one(make):
    h, j, hw, jw = connect(make)
    h.send_move(1, 1)
    jw.wait(OpponentMove)
    j.close()
    lost = hw.wait(PeerLost)
    assert lost.left
    jw.wait(Closed)
    assert j.join(3)
    _, join = make
    again = join(h.port)
    assert Watch(again).wait(Connected).info.moves == (1,)
    assert hw.wait(Connected, again=True).info.moves == (1,)


def test_closing_the_host_ends_the_joiner(make):
    h, j, hw, jw = connect(make)
    h.close()
    assert jw.wait(PeerLost).left
    jw.wait(Closed)
    hw.wait(Closed)
    assert not h.running and not j.running


def test_joining_nothing_is_an_error_at_once(make):
    _, join = make
    probe = socket.socket()
    probe.bind(('127.0.0.1', 0))               # bound, never listening: connections are refused
    try:
        port = probe.getsockname()[1]
        j = join(port)
        jw = Watch(j)
        assert jw.wait(JoinFailed, timeout=5) == JoinFailed(f'No game at 127.0.0.1:{port}.')
        jw.wait(Closed)
    finally:
        probe.close()


def test_a_name_the_resolver_refuses_is_an_error_not_a_crash():
    j = Join('a' * 300, 1, CODE, **FAST_JOIN).start()     # a DNS label over 63 characters
    try:
        jw = Watch(j)
        failed = jw.wait(JoinFailed)
        assert 'No computer called' in failed.text
        jw.wait(Closed)
    finally:
        j.close()
        assert j.join(5)


def test_send_move_before_the_game_is_known_is_an_error(make):
    _, join = make
    j = Join('127.0.0.1', 1, CODE)            # never started
    with pytest.raises(ValueError):
        j.send_move(1, 0)
    assert played(j) == () and j.side is None and j.request_undo() is None


def _free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def test_a_joiner_started_before_the_host_keeps_trying_for_first_tries(make):
    host, join = make
    port = _free_port()
    j = join(port, first_tries=5.0)                 # nobody listens yet
    jw = Watch(j)
    h = host(port=port)                             # the host comes up a moment later
    jw.wait(Connected, timeout=5.0)
    assert Watch(h).wait(Connected).info.my_side == 'X'


def test_without_first_tries_a_missing_host_is_an_error_at_once(make):
    _, join = make
    j = join(_free_port())
    assert Watch(j).wait(JoinFailed, timeout=3.0).text.startswith('No game at ')
