"""Console game from a position: connect_four(board=...) and --text with --moves / --load."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from connect4_game import AIPlayer, Board, Player, connect_four

ROOT = Path(__file__).resolve().parent.parent


def test_connect_four_continues_a_given_board_with_the_side_to_move(monkeypatch, capsys):
    b = Board(6, 7)
    b.add_checkers('1211244445')            # X to move; O threatens column 3
    monkeypatch.setattr('sys.stdin', io.StringIO('0\n'))
    final = connect_four(AIPlayer('O', 'LEFT', 1), Player('X'), board=b)
    out = capsys.readouterr().out
    assert final is b
    assert out.index("Player X's turn") < out.index("Player O (LEFT, 1)'s turn")
    assert final.is_win_for('O')                # O takes column 3 after X's 0
    # N counts O's checkers of the whole game (5 before, 1 now), as from the empty board
    assert out.endswith('Player O (LEFT, 1) wins in 6 moves.\nCongratulations!\n')


def test_connect_four_on_a_finished_board_just_prints_it(capsys):
    b = Board(6, 7)
    b.add_checkers('0102030')                   # X has four in column 0
    assert connect_four(Player('X'), Player('O'), board=b) is b
    out = capsys.readouterr().out
    assert out == 'Welcome to Connect Four!\n\n' + repr(b) + '\n'


def run_text(*args, stdin=''):
    return subprocess.run([sys.executable, str(ROOT / 'main.py'), '--text', *args],
                          input=stdin, capture_output=True, text=True, timeout=120, cwd=ROOT)


def test_text_mode_starts_from_moves():
    proc = run_text('--moves', '1211244445', '--x', 'ai', '--o', 'ai',
                    '--lookahead', '2', '--tiebreak', 'LEFT')
    assert proc.returncode == 0, proc.stderr
    expected = Board(6, 7)
    expected.add_checkers('1211244445')
    assert proc.stdout.startswith('Welcome to Connect Four!\n\n' + repr(expected)
                                  + "\nPlayer X (LEFT, 2)'s turn\n")
    assert 'Player X (LEFT, 2) wins' in proc.stdout   # lookahead 2 blocks at 3, then wins


@pytest.mark.parametrize('moves, named', [('0000000', "index 6, '0'"), ('19', "'9'"),
                                          ('00102030', "index 7")])
def test_text_mode_refuses_bad_moves_naming_the_position(moves, named):
    proc = run_text('--moves', moves)
    assert proc.returncode == 2
    assert named in proc.stderr and 'Traceback' not in proc.stderr
    assert 'Welcome' not in proc.stdout


def test_text_mode_loads_a_saved_game(tmp_path):
    save = tmp_path / 'game.json'
    save.write_text(json.dumps({'format': 'connect4-game', 'version': 1, 'rows': 5, 'cols': 8,
                                'moves': '3344'}))
    proc = run_text('--load', str(save), '--x', 'ai', '--o', 'ai', '--lookahead', '1',
                    '--tiebreak', 'LEFT')
    assert proc.returncode == 0, proc.stderr
    expected = Board(5, 8)
    expected.add_checkers('3344')
    assert proc.stdout.startswith('Welcome to Connect Four!\n\n' + repr(expected)
                                  + "\nPlayer X (LEFT, 1)'s turn\n")


def test_after_load_the_result_counts_the_winners_checkers_of_the_whole_game(tmp_path):
    save = tmp_path / 'game.json'
    save.write_text(json.dumps({'format': 'connect4-game', 'version': 1, 'rows': 6, 'cols': 7,
                                'moves': '1211244445'}))
    proc = run_text('--load', str(save), '--o', 'ai', '--lookahead', '1', '--tiebreak', 'LEFT',
                    stdin='0\n')
    assert proc.returncode == 0, proc.stderr
    final = Board(6, 7)
    final.add_checkers('12112444450')
    final.add_checker('O', 3)                   # O wins in column 3
    assert final.is_win_for('O') and final.num_checkers('O') == 6
    assert proc.stdout.endswith(repr(final) + '\n\nPlayer O (LEFT, 1) wins in 6 moves.\n'
                                'Congratulations!\n')


def test_a_game_from_the_empty_board_counts_as_the_assignment_does():
    # --moves '' is the empty board: the seed's 8 moves, not more
    proc = run_text('--x', 'ai', '--o', 'ai', '--lookahead', '1', '--moves', '')
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count('wins in 8 moves.') == 1
