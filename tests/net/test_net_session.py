"""Whole games over 127.0.0.1: the console runner with the assignment's
players, each owner playing on its connection's one game record (undo both
ways), and a joiner whose process is killed mid-game and comes back."""

import os
import re
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from connect4_game.core.game import Game
from connect4_game.net.connection import NetState
from connect4_game.net.console import play_remote
from connect4_game.net.events import Connected, PeerLost, UndoAnswered
from connect4_game.net.host import Host
from connect4_game.net.join import Join
from connect4_game.players import AIPlayer, RandomPlayer
from tests.net.net_helpers import FAST, FAST_JOIN, ROOT, Relay, played, poll_until

CODE = '7301'


@pytest.fixture
def pair():
    """A started host (X) and an unstarted joiner for it, closed at the end."""
    host = Host(0, '127.0.0.1', code=CODE, **FAST).start()
    join = Join('127.0.0.1', host.port, CODE, **FAST_JOIN)
    yield host, join
    for peer in (host, join):
        peer.close()
    for peer in (host, join):
        assert peer.join(5)


class Owner:
    """What the window or the console keeps: the connection, whose game
    record is the one game (no copy of its own to keep in step)."""

    def __init__(self, peer) -> None:
        self.link = peer

    def poll(self, timeout: float = 0.0) -> list:
        return self.link.events(timeout) if timeout > 0 else self.link.events()

    @property
    def game(self) -> Game | None:
        return self.link.game if self.link.info is not None else None

    @property
    def moves(self) -> tuple:
        return tuple(self.game.moves) if self.game is not None else ()

    def my_turn(self) -> bool:
        return (self.game is not None and self.game.outcome is None
                and self.game.to_move == self.link.side)

    def play(self, column: int) -> int:
        """The local move, played into the record and sent; returns its ply."""
        if not self.my_turn():
            raise ValueError('it is not your turn')
        return self.link.send_move(self.game.next_ply, column).ply

    def answer_undo(self, accept: bool) -> bool:
        return self.link.answer_undo(accept)


def pumped(*owners) -> bool:
    """Apply every waiting event to each owner's game; always True (for conditions)."""
    for owner in owners:
        owner.poll()
    return True


def run_in_thread(fn, *args, **kw):
    box = {}

    def target():
        try:
            box['value'] = fn(*args, **kw)
        except BaseException as exc:          # re-raised in the test
            box['error'] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    return thread, box


def test_random_player_and_ai_player_play_a_whole_game_and_agree(pair):
    host, join = pair
    host_lines, join_lines = [], []
    h_thread, h_box = run_in_thread(play_remote, host, AIPlayer('X', 'LEFT', 2),
                                    out=lambda *a: host_lines.append(' '.join(map(str, a))),
                                    wait=10)
    j_thread, j_box = run_in_thread(play_remote, join, RandomPlayer,   # side known on connect
                                    out=lambda *a: join_lines.append(' '.join(map(str, a))),
                                    wait=10)
    h_thread.join(15)
    j_thread.join(15)
    assert not h_thread.is_alive() and not j_thread.is_alive()
    assert 'error' not in h_box and 'error' not in j_box, (h_box, j_box)
    h_game, j_game = h_box['value'], j_box['value']
    assert isinstance(h_game, Game) and isinstance(j_game, Game)
    h_board = h_game.board
    assert h_board == j_game.board and h_game.moves == j_game.moves
    assert h_game.outcome is not None and h_game.outcome == j_game.outcome
    last = h_game.outcome.message()
    for lines in (host_lines, join_lines):
        assert lines[0] == 'Welcome to Connect Four!'
        end = lines.index(last)
        assert lines[end + 1:] in ([], ['Congratulations!'])
    winner = re.match(r'Player (X|O) wins in (\d+) moves\.$', last)
    if winner:
        assert h_board.is_win_for(winner[1])
        assert int(winner[2]) == h_board.num_checkers(winner[1])
    else:
        assert last == "It's a tie!" and h_board.is_full()
    assert "Player X (LEFT, 2)'s turn" in host_lines and "Player O's turn" in host_lines
    assert played(host) == played(join)


def test_the_runner_insists_on_this_sides_checker(pair):
    host, join = pair
    join.start()
    with pytest.raises(ValueError):
        play_remote(host, RandomPlayer('O'), out=lambda *a: None, wait=5)


def test_the_runner_gives_up_when_nobody_comes_in_the_time_given():
    host = Host(0, '127.0.0.1', **FAST)
    lines = []
    started = time.monotonic()
    assert play_remote(host, RandomPlayer, out=lines.append, wait=0.3) is None
    assert 0.3 <= time.monotonic() - started < 3
    assert lines == ['No friend joined within 0.3 s.']
    assert host.join(5)


def test_without_a_time_limit_the_runner_waits_until_a_friend_comes(pair):
    host, join = pair
    lines = []
    polls, waited = [], threading.Event()
    real_wait = host.events

    def counted(timeout):
        polls.append(timeout)
        if len(polls) == 6:                       # about 1 s of polls: longer than any old limit
            waited.set()
        return real_wait(timeout)
    host.events = counted
    thread, box = run_in_thread(play_remote, host, AIPlayer('X', 'LEFT', 1),
                                out=lambda *a: lines.append(' '.join(map(str, a))))
    assert waited.wait(10) and thread.is_alive() and lines == []
    join.start()
    friend = Owner(join)
    poll_until(lambda: pumped(friend) and friend.link.state is NetState.PLAYING,
               what='the friend joins')
    poll_until(lambda: pumped(friend) and friend.my_turn(), what='X moves')
    join.close()                                  # the friend leaves for good
    thread.join(10)
    assert not thread.is_alive() and box == {'value': None}
    assert lines[0] == 'Welcome to Connect Four!' and lines[-1] == 'The other player left the game.'


def test_a_failed_join_returns_none_with_the_cause():
    from connect4_game.net.events import JoinFailed
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))              # bound, never listening
        port = probe.getsockname()[1]
        link = Join('127.0.0.1', port, CODE, **FAST_JOIN)
        lines = []
        assert play_remote(link, RandomPlayer, out=lines.append) is None
    assert lines == [] and link.state is NetState.FAILED
    assert link.failure == JoinFailed(f'No game at 127.0.0.1:{port}.')
    assert link.join(5)


def connected_owners(host, join):
    """Two owners (host first) once both links play; their sides checked."""
    join.start()
    a, b = Owner(host), Owner(join)
    assert a.link.state is NetState.WAITING and a.link.side == 'X' and b.link.side is None
    poll_until(lambda: pumped(a, b) and a.game is not None and b.game is not None,
               what='both connected')
    assert a.link.state is b.link.state is NetState.PLAYING
    assert (a.link.side, b.link.side) == ('X', 'O') and a.my_turn() and not b.my_turn()
    assert (a.link.side.other, b.link.friend_name) == ('O', 'Host')
    return a, b


def play_in_turn(columns, turns) -> None:
    """Each owner of ``turns`` plays its column; the other receives it."""
    for col, (me, them) in zip(columns, turns, strict=True):
        me.play(col)
        poll_until(lambda me=me, them=them: pumped(them) and them.moves == me.moves,
                   what='move arrives')


def answered(owner) -> bool:
    return any(isinstance(e, UndoAnswered) for e in owner.poll())


def test_the_link_keeps_both_games_in_step_through_undo(pair):
    host, join = pair
    a, b = connected_owners(host, join)
    with pytest.raises(ValueError):
        b.play(0)                                       # not O's turn
    with pytest.raises(ValueError):
        a.play(7)                                       # no such column
    play_in_turn([3, 3, 4, 4], [(a, b), (b, a)] * 2)
    assert a.game.board == b.game.board and a.moves == b.moves == (3, 3, 4, 4)
    assert b.link.request_undo() == 3 and b.link.undo_out == 3
    poll_until(lambda: pumped(a) and a.link.undo_in == 3, what='undo asked')
    assert a.answer_undo(False) and a.moves == (3, 3, 4, 4)
    poll_until(lambda: answered(b), what='declined')
    assert b.link.undo_out is None and b.moves == (3, 3, 4, 4)
    assert b.link.request_undo() == 3
    poll_until(lambda: pumped(a) and a.link.undo_in == 3, what='undo asked again')
    assert a.answer_undo(True) and a.moves == (3, 3, 4) == played(host)
    poll_until(lambda: answered(b), what='accepted')
    assert b.moves == (3, 3, 4) and a.game.board == b.game.board and b.my_turn()
    play_in_turn([0, 5, 1, 6], [(b, a), (a, b), (b, a), (a, b)])        # X: 3456
    assert a.game.outcome.result() == b.game.outcome.result() == 'X'
    assert a.game.outcome.message() == b.game.outcome.message() == 'Player X wins in 4 moves.'
    assert not a.my_turn() and not b.my_turn()


def test_a_move_right_after_the_handshake_is_in_the_one_record(pair):
    host, join = pair
    owner, friend = Owner(host), Owner(join)
    join.start()
    poll_until(lambda: pumped(owner) and owner.link.info is not None, what='the game starts')
    host.send_move(1, 3)                          # a move before the joiner took its welcome
    assert owner.link.info.moves == () and owner.moves == (3,) and not owner.my_turn()
    assert owner.game is host.game                             # no second record to keep in step
    poll_until(lambda: pumped(friend) and friend.moves == (3,), what='the move arrives')
    assert friend.my_turn()


def test_a_friend_who_says_goodbye_has_left_and_a_closed_link_stops_listening(pair):
    host, join = pair
    join.start()
    a, b = Owner(host), Owner(join)
    poll_until(lambda: pumped(a, b) and a.game is not None and b.game is not None,
               what='both connected')
    a.link.close()                                 # the host leaves: bye, and no more listening
    assert a.link.state is NetState.CLOSED
    with pytest.raises(OSError):
        socket.create_connection(('127.0.0.1', host.port), timeout=2).close()
    poll_until(lambda: pumped(b) and b.link.state is NetState.LEFT, what='the joiner is told')
    assert host.join(5) and join.join(5)
    pumped(b)
    assert b.link.state is NetState.LEFT             # Closed follows, the friend stays gone


def test_a_lost_friend_is_lost_not_left_and_comes_back():
    host = Host(0, '127.0.0.1', code=CODE, **FAST).start()
    relay = Relay(host.port)
    join = Join('127.0.0.1', relay.port, CODE, **FAST_JOIN).start()
    try:
        owner, friend = Owner(host), Owner(join)
        poll_until(lambda: pumped(owner, friend) and owner.link.state is NetState.PLAYING,
                   what='connected')
        # the joiner has the host's welcome too (else the cable is pulled
        # mid-handshake, and a first join that never got an answer gives up)
        poll_until(lambda: pumped(friend) and join.state is NetState.PLAYING, what='the joiner connected')
        lost_at = time.monotonic()
        relay.freeze()                               # the cable is pulled: no goodbye
        poll_until(lambda: pumped(owner) and owner.link.state is NetState.LOST, what='lost')
        assert owner.link.state_since >= lost_at
        poll_until(lambda: pumped(owner, friend) and owner.link.state is NetState.PLAYING,
                   what='the friend is back')
    finally:
        relay.close()
        for peer in (host, join):
            peer.close()
        for peer in (host, join):
            assert peer.join(5)


JOINER_SCRIPT = textwrap.dedent('''
    import sys
    from connect4_game.net.connection import NetState, Timing
    from connect4_game.net.join import Join
    port, code = int(sys.argv[1]), sys.argv[2]
    conn = Join('127.0.0.1', port, code, timing=Timing(0.1, 0.6)).start()
    columns = iter([1, 2, 5, 6, 1, 2])
    while conn.state not in (NetState.CLOSED, NetState.FAILED, NetState.LEFT):
        conn.events(0.05)
        game = conn.game
        if conn.state is NetState.PLAYING and game.to_move == conn.side:
            print('played', conn.send_move(game.next_ply, next(columns)).ply, flush=True)
''')


@pytest.mark.skipif(not hasattr(signal, 'SIGKILL'), reason='needs SIGKILL')
def test_a_killed_joiner_comes_back_with_its_saved_moves_and_the_game_goes_on():
    host = Host(0, '127.0.0.1', code=CODE, **FAST).start()
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get('PYTHONPATH', ''))
    child = subprocess.Popen([sys.executable, '-c', JOINER_SCRIPT, str(host.port), CODE],
                             stdout=subprocess.DEVNULL, env=env, cwd=str(ROOT))
    joiner = None
    try:
        game = Owner(host)
        hosted = iter([3, 3, 3, 3])
        poll_until(lambda: pumped(game) and game.link.state is NetState.PLAYING,
                   what='the child joins')
        for ply in (1, 3):                           # X plays, the child's O answers, twice
            game.play(next(hosted))
            poll_until(lambda ply=ply: pumped(game) and len(game.moves) == ply + 1,
                       what=f'the child answers move {ply}')
        saved = game.moves                           # what the child had saved
        os.kill(child.pid, signal.SIGKILL)
        child.wait(5)
        killed = time.monotonic()
        poll_until(lambda: any(isinstance(e, PeerLost) for e in game.poll()), timeout=3,
                   what='the host sees the joiner gone')
        assert time.monotonic() - killed < 3
        assert game.link.state is NetState.LOST and game.moves == (3, 1, 3, 2)
        game.play(next(hosted))                      # X moves while O is away
        stranger = Owner(Join('127.0.0.1', host.port, CODE, **FAST_JOIN).start())
        poll_until(lambda: pumped(game, stranger) and stranger.link.state is NetState.FAILED,
                   what='a joiner that knows nothing of the game is refused')
        stranger.link.close()
        joiner = Owner(Join('127.0.0.1', host.port, CODE, moves=saved, **FAST_JOIN).start())
        told = []                                    # what the host takes meanwhile
        poll_until(lambda: told.extend(game.poll()) or (pumped(joiner) and joiner.game),
                   what='rejoined')
        assert joiner.moves == (3, 1, 3, 2, 3) and joiner.link.side == 'O'
        poll_until(lambda: told.extend(game.poll())
                   or any(isinstance(e, Connected) and e.again for e in told), what='back')
        assert joiner.my_turn()
        joiner.play(4)
        poll_until(lambda: pumped(game) and game.my_turn(), what='O moved')
        game.play(next(hosted))                      # column 3 a fourth time: X wins
        poll_until(lambda: pumped(joiner) and joiner.game.outcome is not None, what='the end')
        assert game.game.board == joiner.game.board
        assert game.game.outcome.message() == 'Player X wins in 4 moves.'
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(5)
        host.close()
        if joiner is not None:
            joiner.link.close()
            joiner.link.join(5)
        host.join(5)
