"""The console game of BU CS111 ps9, Problems 3-4: process_move and connect_four, verbatim."""

import io
import random

import pytest

from connect4_game import AIPlayer, Board, Player, RandomPlayer, connect_four, process_move


def feed(monkeypatch, *lines):
    monkeypatch.setattr('sys.stdin', io.StringIO(''.join(line + '\n' for line in lines)))


def test_process_move_example(monkeypatch, capsys):
    b1 = Board(2, 4)
    b1.add_checkers('001122')
    assert repr(b1) == "|O|O|O| |\n|X|X|X| |\n---------\n 0 1 2 3"

    feed(monkeypatch, '3')
    assert process_move(Player('X'), b1) is True
    assert capsys.readouterr().out == (
        "Player X's turn\n"
        "\nEnter a column: \n"
        "|O|O|O| |\n|X|X|X|X|\n---------\n 0 1 2 3\n"
        "\nPlayer X wins in 1 moves.\nCongratulations!\n")

    feed(monkeypatch, '3')
    assert process_move(Player('O'), b1) is True
    assert capsys.readouterr().out == (
        "Player O's turn\n"
        "\nEnter a column: \n"
        "|O|O|O|O|\n|X|X|X|X|\n---------\n 0 1 2 3\n"
        "\nPlayer O wins in 1 moves.\nCongratulations!\n")

    b1.remove_checker(3)
    b1.remove_checker(3)    # call this twice!
    assert repr(b1) == "|O|O|O| |\n|X|X|X| |\n---------\n 0 1 2 3"

    feed(monkeypatch, '3')
    assert process_move(Player('O'), b1) is False
    assert capsys.readouterr().out == (
        "Player O's turn\n"
        "\nEnter a column: \n"
        "|O|O|O| |\n|X|X|X|O|\n---------\n 0 1 2 3\n\n")

    feed(monkeypatch, '3')
    assert process_move(Player('X'), b1) is True
    assert capsys.readouterr().out == (
        "Player X's turn\n"
        "\nEnter a column: \n"
        "|O|O|O|X|\n|X|X|X|O|\n---------\n 0 1 2 3\n"
        "\nIt's a tie!\n")


FINAL_LEFT0 = """\
|O|O|O| | | | |
|X|X|X| | | | |
|O|O|O| | | | |
|X|X|X| | | | |
|O|O|O| | | | |
|X|X|X|X| | | |
---------------
 0 1 2 3 4 5 6"""

FINAL_LEFT1 = """\
|O|O| | | | | |
|X|X| | | | | |
|O|O| | | | | |
|X|X| | | | | |
|O|O|O| | | | |
|X|X|X|X| | | |
---------------
 0 1 2 3 4 5 6"""

FINAL_3_VS_2 = """\
|O|O|X|X|O|O| |
|X|X|O|O|X|X| |
|O|O|X|X|O|O| |
|X|X|O|O|X|X| |
|O|O|X|O|O|O|O|
|X|X|X|O|X|X|X|
---------------
 0 1 2 3 4 5 6"""


@pytest.mark.parametrize('x, o, message, final', [
    (('LEFT', 0), ('LEFT', 0), 'Player X (LEFT, 0) wins in 10 moves.', FINAL_LEFT0),
    (('LEFT', 1), ('LEFT', 1), 'Player X (LEFT, 1) wins in 8 moves.', FINAL_LEFT1),
    (('LEFT', 3), ('LEFT', 2), 'Player O (LEFT, 2) wins in 19 moves.', FINAL_3_VS_2),
])
def test_ai_vs_ai_games(capsys, x, o, message, final):
    b = connect_four(AIPlayer('X', *x), AIPlayer('O', *o))
    out = capsys.readouterr().out
    assert repr(b) == final
    assert out.startswith('Welcome to Connect Four!\n\n' + repr(Board(6, 7)) + '\n')
    assert out.endswith('\n' + final + '\n\n' + message + '\nCongratulations!\n')
    assert out.count("'s turn") == sum(c != ' ' for row in b.slots for c in row)


def test_connect_four_needs_one_x_and_one_o(capsys):
    assert connect_four(Player('X'), Player('X')) is None
    assert capsys.readouterr().out == 'need one X player and one O player.\n'


def test_human_vs_random_game_to_the_end(monkeypatch, capsys):
    random.seed(7)
    feed(monkeypatch, *(['3'] * 6 + ['2'] * 6 + ['4'] * 6 + ['1'] * 6 + ['0'] * 6))
    b = connect_four(Player('X'), RandomPlayer('O'))
    out = capsys.readouterr().out
    assert b.is_win_for('X') or b.is_win_for('O') or b.is_full()
    assert out.rstrip().endswith(('Congratulations!', "It's a tie!"))
