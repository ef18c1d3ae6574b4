"""Guessing a host's code from many addresses: after ``max_wrong_codes`` wrong
codes in all, the host refuses every hello for a pause that doubles each
time, and a code it picked itself is replaced (``JoinsPaused.new_code``),
while a fixed code or one a friend joined with is kept. Hostile
raw-socket peers on 127.0.0.10-127.0.0.160 each try once; everything is
bounded in count and time."""

import re
import threading
import time
from pathlib import Path

import pytest

from connect4_game.net.connection import NetState
from connect4_game.net.console import play_remote
from connect4_game.net.events import (
    Connected,
    JoinFailed,
    JoinsPaused,
    PeerLost,
    Refused,
)
from connect4_game.net.host import CODE_PAUSE, MAX_WRONG_CODES, Host
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
    poll_until,
)

FIXED = '2468'
ATTACKERS = [f'127.0.0.{n}' for n in range(10, 161)]      # 151 source addresses


@pytest.fixture
def peers():
    """Start hosts and joiners with short timings; all are closed at the end."""
    made = []

    def host(code=None, **kw):
        peer = Host(0, '127.0.0.1', code, **{**FAST, **kw}).start()
        made.append(owned(peer))
        return peer

    def join(port, code, **kw):
        peer = Join('127.0.0.1', port, code, **{**FAST_JOIN, **kw}).start()
        made.append(owned(peer))
        return peer

    yield host, join
    for peer in made:
        peer.close()
    for peer in made:
        assert peer.join(5)


def answer(port: int, code: str, source: str) -> str:
    """The host's answer to one hello from ``source``: an error code or ``'welcome'``."""
    raw = Raw(port, source=source, timeout=5.0)
    try:
        raw.hello(code)
        msg = raw.recv_skipping_pings(timeout=5.0)
        assert msg is not None, 'the host hung up without an answer'
        return msg['code'] if msg['type'] == 'error' else msg['type']
    finally:
        raw.close()


def wrong_guesses(right: str):
    """Codes in order from 0000, the right one left out: the unluckiest guesser."""
    return (f'{n:04d}' for n in range(10_000) if f'{n:04d}' != right)


def attack(port: int, right: str, sources) -> list[str]:
    """One wrong guess from each address of ``sources``; the host's answers."""
    guesses = wrong_guesses(right)
    return [answer(port, next(guesses), src) for src in sources]


def events_of(watch: Watch, kind) -> list:
    return [e for e in watch.seen if isinstance(e, kind)]


def test_151_addresses_do_not_find_the_code_and_it_changes(peers):
    host, join = peers
    clock = FakeClock()
    h = host(clock=clock)
    hw = Watch(h)
    first = h.code
    answers = attack(h.port, first, ATTACKERS)
    assert answers[:MAX_WRONG_CODES] == ['bad_code'] * MAX_WRONG_CODES
    assert set(answers[MAX_WRONG_CODES:]) == {'locked_out'}          # nothing compared any more
    changed = hw.wait(JoinsPaused, new_code=True)
    new = h.code
    assert new != first and re.fullmatch(r'[0-9]{4}', new)
    assert changed == JoinsPaused(new, f'Too many wrong codes: the new code is {new}.',
                                  CODE_PAUSE, new_code=True)
    assert h.invitation().endswith(f'code {new}')
    # during the pause even the new code is refused: a lucky guess finds nothing
    assert answer(h.port, new, '127.0.0.161') == 'locked_out'
    assert answer(h.port, first, '127.0.0.162') == 'locked_out'
    too_early = Watch(join(h.port, new))
    assert too_early.wait(JoinFailed) == JoinFailed(f'Too many wrong codes: try again in {CODE_PAUSE:g} s.')
    clock.advance(CODE_PAUSE + 0.5)
    assert answer(h.port, first, '127.0.0.163') == 'bad_code'        # the old code is gone
    friend = Watch(join(h.port, new))
    assert friend.wait(Connected).info.my_side == 'O'
    hw.wait(Connected)
    assert len([e for e in events_of(hw, JoinsPaused) if e.new_code]) == 1


def test_the_brute_force_in_real_time_gets_one_batch_of_guesses(peers, monkeypatch):
    host, join = peers
    limits(monkeypatch, CODE_PAUSE=30.0)      # longer than the whole attack, even on a slow machine
    h = host()
    hw = Watch(h)
    first = h.code
    started = time.monotonic()
    answers = attack(h.port, first, ATTACKERS)
    assert time.monotonic() - started < 30
    assert answers.count('bad_code') == MAX_WRONG_CODES
    assert answers.count('locked_out') == len(ATTACKERS) - MAX_WRONG_CODES
    assert 'welcome' not in answers and h.state is NetState.WAITING
    changed = hw.wait(JoinsPaused, new_code=True)
    assert changed.code == h.code != first and changed.seconds == 30.0
    assert changed.text == (f'Too many wrong codes: the new code is {h.code}. '
                            'Your friend can join in 30 s.')

    def refused():
        hw.seen.extend(hw.backlog + h.events())
        hw.backlog.clear()
        return [e.reason for e in events_of(hw, Refused)]
    poll_until(lambda: len(refused()) == len(ATTACKERS), what='every attacker refused')
    assert refused().count('wrong code') == MAX_WRONG_CODES
    assert len([e for e in events_of(hw, JoinsPaused) if e.new_code]) == 1


def test_a_fixed_code_is_kept_and_the_pauses_double(peers, monkeypatch):
    host, join = peers
    clock = FakeClock()
    limits(monkeypatch, MAX_WRONG_CODES=4, CODE_PAUSE=20.0)
    h = host(FIXED, clock=clock)
    hw = Watch(h)
    guesses = wrong_guesses(FIXED)
    sources = iter(ATTACKERS)
    for seconds in (20.0, 40.0, 80.0):
        answers = [answer(h.port, next(guesses), next(sources)) for _ in range(6)]
        assert answers == ['bad_code'] * 4 + ['locked_out'] * 2
        paused = hw.wait(JoinsPaused)
        assert not paused.new_code and h.code == FIXED
        assert paused == JoinsPaused(FIXED, 'Too many wrong codes: nobody can join for '
                                            f'{seconds:g} s (the code stays {FIXED}).', seconds)
        assert answer(h.port, FIXED, next(sources)) == 'locked_out'
        clock.advance(seconds - 1)
        assert answer(h.port, FIXED, next(sources)) == 'locked_out'
        clock.advance(1.5)
    assert Watch(join(h.port, FIXED)).wait(Connected)
    assert len(events_of(hw, JoinsPaused)) == 3


def test_no_code_can_be_tested_while_a_friend_plays(peers, monkeypatch):
    host, join = peers
    limits(monkeypatch, MAX_WRONG_CODES=3)
    h = host(FIXED)
    hw = Watch(h)
    Watch(join(h.port, FIXED)).wait(Connected)
    hw.wait(Connected)
    guesses = wrong_guesses(FIXED)
    assert [answer(h.port, next(guesses), src) for src in ATTACKERS[:12]] == ['busy'] * 12
    assert answer(h.port, FIXED, ATTACKERS[12]) == 'busy'
    while len(events_of(hw, Refused)) < 13:           # each refusal, in order, then nothing else
        hw.wait(Refused)
    assert not events_of(hw, JoinsPaused)


def test_a_friend_who_joined_keeps_the_code_and_comes_back_after_the_pause(peers):
    host, join = peers
    clock = FakeClock()
    h = host(clock=clock)                            # a code the host picked
    code = h.code
    hw = Watch(h)
    relay = Relay(h.port)
    try:
        j = join(relay.port, code)
        jw = Watch(j)
        jw.wait(Connected)
        hw.wait(Connected)
        relay.hold()                                 # the friend's tries are hung up for now
        relay.cut()                                  # both sides lose the connection
        assert not hw.wait(PeerLost).left
        jw.wait(PeerLost)
        guesses = wrong_guesses(code)
        answers = [answer(h.port, next(guesses), src) for src in ATTACKERS[:MAX_WRONG_CODES]]
        assert answers == ['bad_code'] * MAX_WRONG_CODES
        paused = hw.wait(JoinsPaused)
        assert not paused.new_code and h.code == code == paused.code
        assert paused.text == (f'Too many wrong codes: nobody can join for 5 s '
                               f'(the code stays {code}).')
        relay.hold(False)                            # the friend's tries reach the host again
        refused = hw.wait(Refused)
        while not refused.address.startswith('127.0.0.1:'):
            refused = hw.wait(Refused)
        assert refused.reason == 'too many wrong codes: try again in 5 s'
        assert not any(isinstance(e, JoinFailed) for e in j.events())   # it keeps trying
        clock.advance(CODE_PAUSE + 0.5)
        assert hw.wait(Connected, again=True).info.moves == ()
        assert jw.wait(Connected, again=True)
    finally:
        relay.close()


def test_a_friend_who_left_frees_the_code_to_change(peers, monkeypatch):
    host, join = peers
    clock = FakeClock()
    limits(monkeypatch, MAX_WRONG_CODES=2)
    h = host(clock=clock)
    hw = Watch(h)
    first = h.code
    j = join(h.port, first)
    Watch(j).wait(Connected)
    hw.wait(Connected)
    j.close()                                        # a goodbye: this friend is not coming back
    assert hw.wait(PeerLost).left
    assert h.state is NetState.LEFT                   # the host is free again
    guesses = wrong_guesses(first)
    assert [answer(h.port, next(guesses), src) for src in ATTACKERS[:2]] == ['bad_code'] * 2
    assert hw.wait(JoinsPaused, new_code=True).code == h.code != first


def test_the_console_host_prints_the_new_code(monkeypatch):
    clock = FakeClock()
    lines: list[str] = []
    limits(monkeypatch, MAX_WRONG_CODES=2)
    h = Host(0, '127.0.0.1', None, clock=clock, **FAST)
    runner = threading.Thread(target=play_remote, args=(h, lambda side: None),
                              kwargs={'out': lines.append, 'wait': 1.5}, daemon=True)
    runner.start()
    try:
        poll_until(lambda: h.running, what='the host running')
        guesses = wrong_guesses(h.code)
        assert [answer(h.port, next(guesses), src) for src in ATTACKERS[:2]] == ['bad_code'] * 2
        runner.join(5)
        assert not runner.is_alive()
    finally:
        h.close()
        h.join(5)
    assert lines == [f'Too many wrong codes: the new code is {h.code}.',
                     'No friend joined within 1.5 s.']


def wrong_codes_within(seconds: float, max_wrong_codes: int = MAX_WRONG_CODES,
                       code_pause: float = CODE_PAUSE) -> int:
    """The most wrong codes a host compares within ``seconds`` of its start, however fast
    and from however many addresses they come: a batch of ``max_wrong_codes``, then a
    pause of ``code_pause`` seconds, doubled each time up to 2**40 times its first."""
    if not (0 <= seconds < float('inf')) or max_wrong_codes < 1 or code_pause <= 0:
        raise ValueError('bad limits')
    batches, start = 0, 0.0              # batch n starts after the pauses 1 .. n-1
    while start <= seconds and batches <= 40:
        batches += 1
        start += code_pause * 2.0 ** min(batches - 1, 40)
    if start <= seconds:                 # from here on every pause is the longest one
        batches += int((seconds - start) // (code_pause * 2.0 ** 40)) + 1
    return max_wrong_codes * batches


def test_the_table_of_the_network_page():
    units = {'second': 1, 'minute': 60, 'hour': 3600, 'day': 86400, 'year': 365 * 86400}
    page = (Path(__file__).resolve().parents[2] / 'docs' / 'network.md').read_text('utf-8')
    rows = re.findall(r'^\| 1 (second|minute|hour|day|year) +\| +(\d+) \| +([\d.]+) % \|$',
                      page, re.M)
    assert len(rows) == len(units)
    for unit, wrong, chance in rows:
        assert wrong_codes_within(units[unit]) == int(wrong)
        assert round(int(wrong) / 10_000 * 100, 1) == float(chance)
        assert int(wrong) / 9_999 < float(chance) / 100 + 0.0005      # the changed codes' 9 999


def test_the_arithmetic_follows_the_limits():
    assert wrong_codes_within(4.9, 3, 5.0) == 3
    assert wrong_codes_within(5.0, 3, 5.0) == 6                 # 5 s: the 2nd batch
    assert wrong_codes_within(15.0, 3, 5.0) == 9                # 5 + 10 s: the 3rd
    assert wrong_codes_within(1e15) == 10 * (41 + 180)       # 30 million years: 221 batches
    assert wrong_codes_within(1e300) > 10 ** 280                # no float overflow, no long loop

