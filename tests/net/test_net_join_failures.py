"""A failed join says why: JoinFailed carries a short sentence for the player, for
each way a join can fail (all on 127.0.0.x). The connection is made without
blocking the joiner's I/O thread."""

import errno
import select
import socket
import threading
import time

import pytest

from connect4_game.net.connection import NetState
from connect4_game.net.events import Closed, Connected, JoinFailed, PeerLost, Refused
from connect4_game.net.host import Host
from connect4_game.net.join import Join, dial_failure
from tests.net.net_helpers import (
    FAST,
    FAST_JOIN,
    FakeClock,
    Raw,
    Relay,
    Watch,
    limits,
    owned,
    poll_until,
)

CODE = '1357'


@pytest.fixture
def peers():
    made = []

    def host(**kw):
        peer = Host(kw.pop('port', 0), '127.0.0.1', CODE, **{**FAST, **kw}).start()
        made.append(owned(peer))
        return peer

    def join(port, addr='127.0.0.1', code=CODE, **kw):
        peer = Join(addr, port, code, **{**FAST_JOIN, **kw}).start()
        made.append(owned(peer))
        return peer

    yield host, join
    for peer in made:
        peer.close()
    for peer in made:
        assert peer.join(5)


def failure(peer, timeout: float = 5.0) -> JoinFailed:
    watch = Watch(peer)
    failed = watch.wait(JoinFailed, timeout=timeout)
    watch.wait(Closed)
    return failed


def serving(script, addr='127.0.0.8'):
    """A one-connection server on ``addr`` running ``script(raw)`` in a thread;
    returns (port, stop)."""
    server = socket.create_server((addr, 0))

    def run():
        try:
            raw = Raw.accepted(server)
        except OSError:
            return
        try:
            script(raw)
        finally:
            raw.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()

    def stop():
        server.close()
        thread.join(5)
    return server.getsockname()[1], stop


def test_a_wrong_code_then_a_lockout_with_its_seconds(peers, monkeypatch):
    host, join = peers
    limits(monkeypatch, MAX_BAD_CODES=2, LOCKOUT=30.0)
    h = host(clock=FakeClock())
    assert failure(join(h.port, code='0000')) == JoinFailed('Wrong code.')
    assert failure(join(h.port, code='0001')).text == 'Wrong code.'
    assert failure(join(h.port)) == JoinFailed('Too many wrong codes: try again in 30 s.')


def test_a_host_busy_with_another_friend(peers):
    host, join = peers
    h = host()
    Watch(join(h.port)).wait(Connected)
    assert failure(join(h.port)) == JoinFailed('The host is playing with another friend.')


def test_nothing_listening_is_no_game_at_that_address(peers):
    _, join = peers
    with socket.socket() as probe:
        probe.bind(('127.0.0.9', 0))           # bound, never listening: refused
        port = probe.getsockname()[1]
        assert failure(join(port, addr='127.0.0.9')) == JoinFailed(f'No game at 127.0.0.9:{port}.')


def test_a_host_that_never_answers_the_hello(peers):
    _, join = peers
    done = threading.Event()
    port, stop = serving(lambda raw: raw.recv() and done.wait(30))   # silent until the end
    try:
        assert failure(join(port, addr='127.0.0.8')) == JoinFailed(f'No answer from 127.0.0.8:{port}.')
    finally:
        done.set()
        stop()


def test_another_version_of_the_game(peers):
    _, join = peers
    port, stop = serving(lambda raw: raw.recv() and raw.send(
        {'type': 'error', 'code': 'version', 'text': 'this host speaks protocol version 3'}))
    try:
        assert failure(join(port, addr='127.0.0.8')) == JoinFailed('The host runs another version of the game.')
    finally:
        stop()
    welcome = {'type': 'welcome', 'version': 3, 'rows': 6, 'cols': 7, 'host_side': 'X',
               'moves': [], 'names': {'X': 'new', 'O': ''}}
    port, stop = serving(lambda raw: raw.recv() and raw.send(welcome) and raw.read_to_end())
    try:
        assert failure(join(port, addr='127.0.0.8')).text == 'The host runs another version of the game.'
    finally:
        stop()


def test_something_that_is_not_a_game(peers):
    _, join = peers
    port, stop = serving(lambda raw: raw.send(b'SSH-2.0-OpenSSH_9.6\r\n') or raw.read_to_end())
    try:
        assert failure(join(port, addr='127.0.0.8')) == JoinFailed(f'No Connect Four game answers at 127.0.0.8:{port}.')
    finally:
        stop()


def test_a_host_that_hangs_up(peers):
    _, join = peers
    port, stop = serving(lambda raw: raw.recv())
    try:
        failed = failure(join(port, addr='127.0.0.8'))
        assert failed.text == f'No game at 127.0.0.8:{port} (it hung up).'
    finally:
        stop()


def test_any_other_refusal_shows_the_hosts_words(peers):
    _, join = peers
    port, stop = serving(lambda raw: raw.recv() and raw.send(
        {'type': 'error', 'code': 'maintenance', 'text': 'back at noon'}))
    try:
        assert failure(join(port, addr='127.0.0.8')) == JoinFailed('The host refused: back at noon.')
    finally:
        stop()


def test_a_host_that_does_not_come_back(peers):
    host, join = peers
    h = host()
    relay = Relay(h.port)
    try:
        j = join(relay.port, give_up_after=1.0)
        jw = Watch(j)
        jw.wait(Connected)
        relay.freeze()
        h.close()
        jw.wait(PeerLost, timeout=4)
        assert jw.wait(JoinFailed, timeout=5) == JoinFailed('The host did not come back in 1 s.')
    finally:
        relay.close()


def test_a_connection_that_hangs_does_not_block_the_joiner():
    server = socket.socket()
    server.bind(('127.0.0.10', 0))
    server.listen(0)                               # a full backlog: new connections hang
    port = server.getsockname()[1]
    filler = socket.socket()
    filler.setblocking(False)
    filler.connect_ex(('127.0.0.10', port))
    assert select.select([], [filler], [], 5)[1]      # connected: the backlog is full
    probe = socket.socket()
    probe.setblocking(False)
    probe.connect_ex(('127.0.0.10', port))
    try:
        if select.select([], [probe], [], 0.3)[1]:
            pytest.skip('this system answers connections past a full backlog')
        link = Join('127.0.0.10', port, CODE, **{**FAST_JOIN, 'connect_timeout': 30.0}).start()
        poll_until(lambda: link.dialing, what='the connection attempt under way')
        link.close()
        assert link.join(3)                        # not held by the 30 s connect
        assert link.state is NetState.CLOSED and link.failure is None
        link = Join('127.0.0.10', port, CODE, **{**FAST_JOIN, 'connect_timeout': 0.5}).start()
        failed = failure(link)
        assert failed == JoinFailed(f'No answer from 127.0.0.10:{port}.')
    finally:
        for sock in (probe, filler, server):
            sock.close()


def test_a_name_nobody_knows():
    text = dial_failure(socket.gaierror(-2, 'Name or service not known'), 'nowhere',
                        'nowhere:24744')
    assert text == "No computer called 'nowhere' was found."


@pytest.mark.parametrize('error, text', [
    (ConnectionRefusedError(errno.ECONNREFUSED, 'refused'), 'No game at 127.0.0.1:5000.'),
    (OSError(errno.EHOSTUNREACH, 'no route'), 'Cannot reach 127.0.0.1:5000.'),
    (OSError(errno.ENETUNREACH, 'unreachable'), 'Cannot reach 127.0.0.1:5000.'),
    (TimeoutError('no answer'), 'No answer from 127.0.0.1:5000.'),
    (OSError(errno.EPERM, 'not allowed'), 'Cannot connect to 127.0.0.1:5000.'),
])
def test_connection_errors_in_plain_words(error, text):
    assert dial_failure(error, '127.0.0.1', '127.0.0.1:5000') == text


def test_an_old_host_that_gives_no_lockout_time(peers):
    _, join = peers
    port, stop = serving(lambda raw: raw.recv() and raw.send(
        {'type': 'error', 'code': 'locked_out', 'text': 'too many wrong codes: try again later'}))
    try:
        assert failure(join(port, addr='127.0.0.8')) == JoinFailed(
            'Too many wrong codes: try again later.')
    finally:
        stop()


def test_a_busy_host_is_tried_again_within_first_tries(peers):
    host, join = peers
    h = host()
    hw = Watch(h)
    first = join(h.port)
    Watch(first).wait(Connected)
    second = join(h.port, first_tries=10.0)
    hw.wait(Refused, reason='a game is already being played here')   # the second is turned away
    first.close()                                                     # ...until the first leaves
    assert Watch(second).wait(Connected).info.my_side == 'O'


def test_the_link_reports_the_failure():
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))
        port = probe.getsockname()[1]
        link = Join('127.0.0.1', port, CODE, **FAST_JOIN).start()
        deadline = time.monotonic() + 5
        while link.state is not NetState.FAILED and time.monotonic() < deadline:
            link.events(0.1)
        failed = JoinFailed(f'No game at 127.0.0.1:{port}.')
        assert link.state is NetState.FAILED and link.failure == failed
        assert link.join(5)
        link.events()                                # Closed keeps the failure
        assert link.state is NetState.FAILED
        link.close()
        assert link.state is NetState.FAILED and link.failure == failed
