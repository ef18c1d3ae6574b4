"""Every Player / RandomPlayer / AIPlayer example of BU CS111 ps9, Problems 2-4, verbatim."""

import io
import random

import pytest

from connect4_game import AIPlayer, Board, Player, RandomPlayer


def feed(monkeypatch, *lines):
    monkeypatch.setattr('sys.stdin', io.StringIO(''.join(line + '\n' for line in lines)))


def test_player_repr_and_opponent():
    p1, p2 = Player('X'), Player('O')
    assert repr(p1) == 'Player X'
    assert repr(p2) == 'Player O'
    assert Player('X').opponent_checker() == 'O'
    assert Player('O').opponent_checker() == 'X'
    assert p1.checker == 'X' and p1.num_moves == 0


def test_player_next_move_example(monkeypatch, capsys):
    p = Player('X')
    b1 = Board(6, 7)    # valid column numbers are 0 - 6
    feed(monkeypatch, '-1', '7', '5')
    assert p.next_move(b1) == 5
    assert capsys.readouterr().out == (
        '\nEnter a column: Try again!\n'
        '\nEnter a column: Try again!\n'
        '\nEnter a column: ')
    assert p.num_moves == 1     # number of moves was updated


@pytest.mark.parametrize('bad', ['abc', '', '   ', '3.5', '99999999999999999999', '-0x1', 'three'])
def test_player_next_move_reprompts_on_non_numbers(monkeypatch, capsys, bad):
    b = Board(6, 7)
    feed(monkeypatch, bad, '2')
    assert Player('O').next_move(b) == 2
    assert capsys.readouterr().out.count('Try again!') == 1


def test_player_next_move_refuses_full_column(monkeypatch):
    b = Board(2, 4)
    b.add_checkers('00')
    feed(monkeypatch, '0', '1')
    assert Player('X').next_move(b) == 1


def test_random_player_example():
    p = RandomPlayer('X')
    assert repr(p) == 'Player X'      # uses the inherited __repr__
    assert p.opponent_checker() == 'O'
    b = Board(2, 4)
    b.add_checkers('001223')
    assert repr(b) == "|O| |X| |\n|X|X|O|O|\n---------\n 0 1 2 3"
    seen = {p.next_move(b) for _ in range(60)}
    assert seen == {1, 3}             # can be either 1 or 3
    b.add_checker('O', 1)
    assert repr(b) == "|O|O|X| |\n|X|X|O|O|\n---------\n 0 1 2 3"
    assert p.next_move(b) == 3        # must be 3!
    assert p.next_move(b) == 3
    b.add_checker('X', 3)
    b.remove_checker(2)
    assert repr(b) == "|O|O| |X|\n|X|X|O|O|\n---------\n 0 1 2 3"
    assert p.next_move(b) == 2        # must be 2!
    assert p.next_move(b) == 2
    assert p.num_moves == 64


def test_random_player_on_full_board_raises():
    b = Board(1, 1)
    b.add_checker('X', 0)
    with pytest.raises(ValueError, match='full'):
        RandomPlayer('O').next_move(b)


def test_ai_player_repr_and_attributes():
    p1 = AIPlayer('X', 'LEFT', 1)
    assert repr(p1) == 'Player X (LEFT, 1)'
    p2 = AIPlayer('O', 'RANDOM', 2)
    assert repr(p2) == 'Player O (RANDOM, 2)'
    assert (p2.checker, p2.tiebreak, p2.lookahead, p2.num_moves) == ('O', 'RANDOM', 2, 0)
    assert p2.opponent_checker() == 'X'


def test_max_score_column_example():
    scores = [0, 0, 50, 0, 50, 50, 0]
    assert AIPlayer('X', 'LEFT', 1).max_score_column(scores) == 2
    assert AIPlayer('X', 'RIGHT', 1).max_score_column(scores) == 5
    picks = {AIPlayer('X', 'RANDOM', 1).max_score_column(scores) for _ in range(80)}
    assert picks == {2, 4, 5}


SEED_BOARD = """\
| | | | | | | |
| | | | | | | |
| | | | |X| | |
| |O| | |O| | |
| |X|X| |X| | |
| |X|O| |O|O| |
---------------
 0 1 2 3 4 5 6"""


@pytest.fixture
def seed_board():
    b = Board(6, 7)
    b.add_checkers('1211244445')
    assert repr(b) == SEED_BOARD
    return b


@pytest.mark.parametrize('checker, lookahead, expected', [
    ('X', 0, [50, 50, 50, 50, 50, 50, 50]),   # A lookahead of 0 doesn't see threats!
    ('O', 1, [50, 50, 50, 100, 50, 50, 50]),  # A lookahead of 1 sees immediate wins.
    ('X', 1, [50, 50, 50, 50, 50, 50, 50]),   # But doesn't see possible losses!
    ('X', 2, [0, 0, 0, 50, 0, 0, 0]),         # A lookahead of 2 sees possible losses.
    ('X', 3, [0, 0, 0, 100, 0, 0, 0]),        # A lookahead of 3 sees set-up wins!
    ('O', 3, [50, 50, 50, 100, 50, 50, 50]),
    ('O', 4, [0, 0, 0, 100, 0, 0, 0]),
])
def test_scores_for_examples(seed_board, checker, lookahead, expected):
    assert AIPlayer(checker, 'LEFT', lookahead).scores_for(seed_board) == expected
    assert repr(seed_board) == SEED_BOARD   # the board is left as it was


@pytest.mark.parametrize('tiebreak, lookahead, expected', [
    ('LEFT', 1, 0), ('RIGHT', 1, 6), ('LEFT', 2, 3), ('RIGHT', 2, 3), ('RANDOM', 2, 3),
])
def test_next_move_examples(seed_board, tiebreak, lookahead, expected):
    p = AIPlayer('X', tiebreak, lookahead)
    assert p.next_move(seed_board) == expected
    assert p.num_moves == 1


@pytest.mark.parametrize('args, bad', [
    (('x', 'LEFT', 1), "'x'"), (('X', 'left', 1), "'left'"), (('X', 'MIDDLE', 1), "'MIDDLE'"),
    (('X', 'LEFT', -1), '-1'), (('X', 'LEFT', 1.5), '1.5'), (('X', 'LEFT', '2'), "'2'"),
])
def test_ai_player_bad_arguments_raise_value_error(args, bad):
    with pytest.raises(ValueError) as err:
        AIPlayer(*args)
    assert bad in str(err.value)


@pytest.mark.parametrize('cls', [Player, RandomPlayer])
def test_player_bad_checker(cls):
    with pytest.raises(ValueError, match="'Z'"):
        cls('Z')


def test_random_tiebreak_is_random_among_ties(seed_board):
    random.seed(3)
    picks = {AIPlayer('X', 'RANDOM', 1).next_move(seed_board) for _ in range(60)}
    assert picks == set(range(7))
