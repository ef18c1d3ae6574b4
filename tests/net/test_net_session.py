"""Whole games over 127.0.0.1: the command-line runner with the assignment's
players, the window's NetGame (undo both ways), and a joiner whose process is
killed mid-game and comes back."""

import os
import re
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from connect4_game.board import Board
from connect4_game.net import (
    Host, Join, NetGame, OpponentMove, PeerBack, PeerLost, UndoAnswered, play_remote,
    result_line,
)
from connect4_game.players import AIPlayer, RandomPlayer

from tests.net.net_helpers import FAST, FAST_JOIN, ROOT, poll_until

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


def pumped(*games) -> bool:
    """Apply every waiting event to each game; always True (for use in conditions)."""
    for game in games:
        game.poll()
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
                                    connect_timeout=10)
    j_thread, j_box = run_in_thread(play_remote, join, RandomPlayer,   # side known on connect
                                    out=lambda *a: join_lines.append(' '.join(map(str, a))),
                                    connect_timeout=10)
    h_thread.join(15)
    j_thread.join(15)
    assert not h_thread.is_alive() and not j_thread.is_alive()
    assert 'error' not in h_box and 'error' not in j_box, (h_box, j_box)
    h_board, j_board = h_box['value'], j_box['value']
    assert isinstance(h_board, Board) and h_board == j_board
    last = result_line(h_board)
    assert last is not None
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
    assert host.moves() == join.moves()


def test_the_runner_insists_on_this_sides_checker(pair):
    host, join = pair
    join.start()
    with pytest.raises(ValueError):
        play_remote(host, RandomPlayer('O'), out=lambda *a: None, connect_timeout=5)


def test_the_runner_gives_up_when_nobody_comes():
    host = Host(0, '127.0.0.1', **FAST)
    lines = []
    assert play_remote(host, RandomPlayer, out=lines.append, connect_timeout=0.3) is None
    assert lines == ['No opponent connected.']
    assert host.join(5)


def test_netgame_keeps_both_boards_in_step_through_undo(pair):
    host, join = pair
    join.start()
    a, b = NetGame(host), NetGame(join)
    poll_until(lambda: pumped(a, b) and a.started and b.started, what='both connected')
    assert (a.my_side, b.my_side) == ('X', 'O') and a.my_turn() and not b.my_turn()
    with pytest.raises(ValueError):
        b.play(0)                                       # not O's turn
    with pytest.raises(ValueError):
        a.play(7)                                       # no such column
    for col, (me, them) in zip([3, 3, 4, 4], [(a, b), (b, a)] * 2):
        ply = me.play(col)
        poll_until(lambda: any(isinstance(e, OpponentMove) for e in them.poll()),
                   what=f'move {ply} arrives')
    assert a.board == b.board and a.moves == b.moves == (3, 3, 4, 4)
    assert b.request_undo() == 3 and b.undo_waiting == 3
    poll_until(lambda: pumped(a) and a.undo_asked == 3, what='undo asked')
    assert a.answer_undo(False) and a.moves == (3, 3, 4, 4)
    poll_until(lambda: any(isinstance(e, UndoAnswered) for e in b.poll()), what='declined')
    assert b.undo_waiting is None and b.moves == (3, 3, 4, 4)
    assert b.request_undo() == 3
    poll_until(lambda: pumped(a) and a.undo_asked == 3, what='undo asked again')
    assert a.answer_undo(True) and a.moves == (3, 3, 4)
    poll_until(lambda: any(isinstance(e, UndoAnswered) for e in b.poll()), what='accepted')
    assert b.moves == (3, 3, 4) and a.board == b.board and b.my_turn()
    b.play(0)
    poll_until(lambda: pumped(a) and a.moves == (3, 3, 4, 0), what='play goes on')
    for col, (me, them) in zip([5, 1, 6], [(a, b), (b, a), (a, b)]):   # X: 3 4 5 6 in a row
        me.play(col)
        poll_until(lambda: pumped(them) and them.moves == me.moves, what='move arrives')
    assert a.result() == b.result() == 'X'
    assert a.result_line() == b.result_line() == 'Player X wins in 4 moves.'
    assert not a.my_turn() and not b.my_turn()


def test_netgame_starts_from_what_the_peer_knows_not_the_handshake_snapshot(pair):
    host, join = pair
    game = NetGame(host)
    join.start()
    poll_until(lambda: host.connected, what='connected')      # the Connected event is queued
    host.send_move(1, 3)                                       # a move right after it
    poll_until(lambda: pumped(game) and game.started, what='the game starts')
    assert game.info.moves == () and game.moves == (3,) and not game.my_turn()
    other = NetGame(join)
    poll_until(lambda: pumped(other) and other.moves == (3,), what='the move arrives')
    assert other.my_turn()


JOINER_SCRIPT = textwrap.dedent('''
    import sys
    from connect4_game.net import Join, NetGame
    port, code = int(sys.argv[1]), sys.argv[2]
    game = NetGame(Join('127.0.0.1', port, code, ping_interval=0.1, peer_timeout=0.6))
    game.peer.start()
    columns = iter([1, 2, 5, 6, 1, 2])
    while not game.closed:
        game.poll(timeout=0.05)
        if game.connected and game.my_turn():
            print('played', game.play(next(columns)), flush=True)
''')


@pytest.mark.skipif(not hasattr(signal, 'SIGKILL'), reason='needs SIGKILL')
def test_a_killed_joiner_comes_back_and_the_game_goes_on():
    host = Host(0, '127.0.0.1', code=CODE, **FAST).start()
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get('PYTHONPATH', ''))
    child = subprocess.Popen([sys.executable, '-c', JOINER_SCRIPT, str(host.port), CODE],
                             stdout=subprocess.DEVNULL, env=env, cwd=str(ROOT))
    joiner = None
    try:
        game = NetGame(host)
        hosted = iter([3, 3, 3, 3])
        poll_until(lambda: pumped(game) and game.connected, what='the child joins')
        for ply in (1, 3):                           # X plays, the child's O answers, twice
            game.play(next(hosted))
            poll_until(lambda: pumped(game) and len(game.moves) == ply + 1,
                       what=f'the child answers move {ply}')
        os.kill(child.pid, signal.SIGKILL)
        child.wait(5)
        killed = time.monotonic()
        poll_until(lambda: any(isinstance(e, PeerLost) for e in game.poll()), timeout=3,
                   what='the host sees the joiner gone')
        assert time.monotonic() - killed < 3
        assert not game.connected and game.moves == (3, 1, 3, 2)
        game.play(next(hosted))                      # X moves while O is away
        joiner = NetGame(Join('127.0.0.1', host.port, CODE, **FAST_JOIN).start())
        poll_until(lambda: pumped(joiner) and joiner.started, what='rejoined')
        assert joiner.moves == (3, 1, 3, 2, 3) and joiner.my_side == 'O'
        poll_until(lambda: any(isinstance(e, PeerBack) for e in game.poll()), what='back')
        assert joiner.my_turn()
        joiner.play(4)
        poll_until(lambda: pumped(game) and game.my_turn(), what='O moved')
        game.play(next(hosted))                      # column 3 a fourth time: X wins
        poll_until(lambda: pumped(joiner) and joiner.result() == 'X', what='the end')
        assert game.board == joiner.board and game.result_line() == 'Player X wins in 4 moves.'
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(5)
        host.close()
        if joiner is not None:
            joiner.peer.close()
            joiner.peer.join(5)
        host.join(5)
