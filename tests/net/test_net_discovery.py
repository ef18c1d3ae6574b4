"""Finding games on the local network, over loopback only (127.255.255.255): a host
waiting for a friend answers, a playing one does not, hostile datagrams are dropped,
answers are rate-limited; and the hints-and-analysis agreement of the handshake."""

import dataclasses
import json
import socket
import time

import pytest

from connect4_game.core.side import Side
from connect4_game.net import discovery as D
from connect4_game.net.events import Connected
from connect4_game.net.host import Host
from connect4_game.net.join import Join
from tests.net.net_helpers import FAST, FAST_JOIN, Watch, owned, poll_until

LOOPBACK = ('127.255.255.255',)
CODE = '5150'


def free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


@pytest.fixture
def udp_port():
    return free_udp_port()


def heard(browser, count=1):
    return poll_until(lambda: (lambda g: g if len(g) >= count else None)(browser.poll()),
                      timeout=3.0, what=f'{count} game(s) heard')


def test_a_waiting_host_is_heard_with_its_board_and_side(udp_port, closing):
    host = Host(0, '127.0.0.1', code=CODE, rows=7, cols=8, host_side=Side.O,
                offer_help=True, announce=udp_port, **FAST).start()
    closing(host)
    browser = D.Browser(udp_port, LOOPBACK, interval=0.2)
    closing(browser)
    [game] = heard(browser)
    assert (game.address, game.port, game.rows, game.cols, game.host_side, game.help) == \
        ('127.0.0.1', host.port, 7, 8, Side.O, True)
    assert game.where == f'127.0.0.1:{host.port}' and game.name
    assert json.loads(json.dumps(dataclasses.asdict(game)))['host_side'] == 'O'


def test_two_hosts_on_one_computer_are_both_heard(udp_port, closing):
    hosts = [Host(0, '127.0.0.1', code=CODE, announce=udp_port, **FAST).start()
             for _ in range(2)]
    for host in hosts:
        closing(host)
    browser = D.Browser(udp_port, LOOPBACK, interval=0.1)
    closing(browser)
    games = heard(browser, 2)
    assert sorted(g.port for g in games) == sorted(h.port for h in hosts)


def test_a_host_playing_with_a_friend_stops_answering_and_a_closed_one_is_forgotten(
        udp_port, closing):
    host = Host(0, '127.0.0.1', code=CODE, announce=udp_port, **FAST).start()
    closing(host)
    browser = D.Browser(udp_port, LOOPBACK, interval=0.1, forget_after=0.4)
    closing(browser)
    heard(browser)
    join = Join('127.0.0.1', host.port, CODE, **FAST_JOIN).start()
    closing(join)
    owned(host)
    Watch(join).wait(Connected)
    poll_until(lambda: not browser.poll(), timeout=3.0, what='the playing host forgotten')


@pytest.mark.parametrize('datagram', [
    b'x' * (D.MAX_DATAGRAM + 1),
    b'{"type": "discover", "version": 2' + b' ' * 600 + b'}',
    b'not json',
    b'{"type": "discover"}',
    b'{"type": "discover", "version": 99}',
    b'{"type": "discover", "version": 2, "extra": 1}',
    b'{"type": "hello", "version": 2, "code": "5150", "name": "", "moves": []}',
    b'\xff\xfe',
])
def test_hostile_datagrams_get_no_answer(udp_port, closing, datagram):
    host = Host(0, '127.0.0.1', code=CODE, announce=udp_port, **FAST).start()
    closing(host)
    asker = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    closing(asker)
    asker.settimeout(0.3)
    asker.sendto(datagram, ('127.0.0.1', udp_port))
    asker.sendto(b'{"type":"discover","version":2}', ('127.0.0.1', udp_port))
    answers = []
    try:
        while True:
            answers.append(asker.recv(4096))
    except TimeoutError:
        pass
    assert len(answers) == 1 and json.loads(answers[0])['type'] == 'game'   # the good one only


def test_a_browser_drops_forged_answers(udp_port, closing):
    browser = D.Browser(udp_port, (), interval=0.1)
    closing(browser)
    liar = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    closing(liar)
    target = ('127.0.0.1', browser.sock.getsockname()[1])
    good = {'type': 'game', 'version': 2, 'name': 'ok', 'port': 1, 'rows': 6, 'cols': 7,
            'host_side': 'X', 'help': False}
    for bad in ({**good, 'rows': 99}, {**good, 'port': 0}, {**good, 'name': 'a\nb'},
                {**good, 'host_side': 'Z'}, {**good, 'version': 1}):
        liar.sendto(json.dumps(bad).encode(), target)
    for n in range(D.MAX_GAMES + 5):        # a flood of good ones is bounded
        liar.sendto(json.dumps({**good, 'port': n + 1}).encode(), target)
    games = poll_until(lambda: (lambda g: g if len(g) >= D.MAX_GAMES else None)(
        browser.poll()), timeout=3.0, what='the flood read')
    assert len(games) == D.MAX_GAMES and all(g.rows == 6 for g in games)


def test_answers_are_rate_limited(udp_port, closing):
    clock = [0.0]
    responder = D.Responder(lambda: {'type': 'game', 'version': 2, 'name': 'h', 'port': 9,
                                     'rows': 6, 'cols': 7, 'host_side': Side.X,
                                     'help': False}, udp_port, clock=lambda: clock[0])
    closing(responder)
    asker = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    closing(asker)
    asker.settimeout(0.2)

    def answers(asks):
        for _ in range(asks):
            asker.sendto(b'{"type":"discover","version":2}', ('127.0.0.1', udp_port))
        poll_until(lambda: responder.serve() or True, timeout=0.1)
        responder.serve()
        got = 0
        try:
            while True:
                asker.recv(4096)
                got += 1
        except TimeoutError:
            return got

    assert answers(D.MAX_ANSWERS + 10) == D.MAX_ANSWERS
    assert answers(3) == 0
    clock[0] = 1.5
    assert answers(3) == 3


@pytest.mark.parametrize('offer, accept, agreed', [
    (True, True, True), (True, False, False), (False, True, False), (False, False, False)])
def test_hints_and_analysis_only_when_both_agree(closing, offer, accept, agreed):
    host = Host(0, '127.0.0.1', code=CODE, offer_help=offer, announce=None, **FAST).start()
    closing(host)
    join = Join('127.0.0.1', host.port, CODE, accept_help=accept, **FAST_JOIN).start()
    closing(join)
    watches = [Watch(join), Watch(host)]
    infos = [watch.wait(Connected).info for watch in watches]
    assert [info.help for info in infos] == [agreed, agreed]


def test_discover_on_the_command_line_lists_a_waiting_host_within_3_s(closing, capsys):
    from connect4_game.cli import main
    host = Host(0, '127.0.0.1', code=CODE, host_side=Side.O, **FAST).start()   # the real port
    closing(host)
    started = time.monotonic()
    assert main(['--discover', '--json']) == 0
    assert time.monotonic() - started < 3.0
    games = json.loads(capsys.readouterr().out)
    ours = [g for g in games if g['port'] == host.port]
    assert ours == [{'address': '127.0.0.1', 'port': host.port, 'name': ours[0]['name'],
                     'rows': 6, 'cols': 7, 'host_side': 'O', 'help': False}]
    assert D.run_discover(False, 0.6) == 0                # the plain lines, asked for less long
    assert f'127.0.0.1:{host.port}  6x7  the joiner plays first  no hints' in \
        capsys.readouterr().out


def test_the_addresses_asked_come_from_the_environment(monkeypatch, closing):
    monkeypatch.setenv(D.TARGETS_VARIABLE, ' 10.0.0.255, ,127.255.255.255 ')
    browser = D.Browser()
    closing(browser)
    assert browser.targets == ('10.0.0.255', '127.255.255.255')
    monkeypatch.setenv(D.TARGETS_VARIABLE, '')
    browser = D.Browser()
    closing(browser)
    assert browser.targets == D.LAN_TARGETS
