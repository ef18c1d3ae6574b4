"""Every Board example of BU CS111 ps9, Problem 1 (000/001), verbatim."""

import pytest

from connect4_game import Board

EMPTY_6x7 = """\
| | | | | | | |
| | | | | | | |
| | | | | | | |
| | | | | | | |
| | | | | | | |
| | | | | | | |
---------------
 0 1 2 3 4 5 6"""


def test_empty_board_repr():
    b = Board(6, 7)
    assert repr(b) == EMPTY_6x7
    assert (b.height, b.width) == (6, 7)
    assert b.slots == [[' '] * 7 for _ in range(6)]


def test_wide_board_labels_modulo_ten():
    b2 = Board(5, 15)
    assert repr(b2) == '\n'.join(['|' + ' |' * 15] * 5 + ['-' * 31, ' 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4'])


def test_add_checker_example():
    b1 = Board(6, 7)
    b1.add_checker('X', 0)
    b1.add_checker('O', 0)
    b1.add_checker('X', 0)
    b1.add_checker('O', 3)
    b1.add_checker('O', 4)    # cheat and let O go again!
    b1.add_checker('O', 5)
    b1.add_checker('O', 6)
    assert repr(b1) == """\
| | | | | | | |
| | | | | | | |
| | | | | | | |
|X| | | | | | |
|O| | | | | | |
|X| | |O|O|O|O|
---------------
 0 1 2 3 4 5 6"""


def test_reset():
    b = Board(6, 7)
    b.add_checkers('0123')
    rows_before = b.slots
    b.reset()
    assert repr(b) == EMPTY_6x7
    assert b.slots is not rows_before or all(c == ' ' for r in b.slots for c in r)


def test_add_checkers_example():
    b2 = Board(3, 3)
    b2.add_checkers('0200')
    assert repr(b2) == "|O| | |\n|X| | |\n|X| |O|\n-------\n 0 1 2"


def test_can_add_to_example():
    b1 = Board(2, 2)
    assert repr(b1) == "| | |\n| | |\n-----\n 0 1"
    b1.add_checker('X', 0)
    b1.add_checker('O', 0)
    assert repr(b1) == "|O| |\n|X| |\n-----\n 0 1"
    assert b1.can_add_to(-1) is False   # column number is too low
    assert b1.can_add_to(0) is False    # column is full
    assert b1.can_add_to(1) is True
    assert b1.can_add_to(2) is False    # column number is too high


def test_is_full_examples():
    b2 = Board(2, 2)
    assert b2.is_full() is False
    b2.add_checkers('0011')
    assert repr(b2) == "|O|O|\n|X|X|\n-----\n 0 1"
    assert b2.is_full() is True


def test_is_full_examples_seed_001():
    b3 = Board(4, 5)
    assert b3.is_full() is False
    b3.add_checkers('01234' * 3)
    assert repr(b3) == ("| | | | | |\n|X|O|X|O|X|\n|O|X|O|X|O|\n|X|O|X|O|X|\n"
                        "-----------\n 0 1 2 3 4")
    assert b3.is_full() is False
    b3.add_checkers('034')
    assert repr(b3) == ("|X| | |O|X|\n|X|O|X|O|X|\n|O|X|O|X|O|\n|X|O|X|O|X|\n"
                        "-----------\n 0 1 2 3 4")
    assert b3.is_full() is False
    b3.add_checkers('12')
    assert repr(b3) == ("|X|X|O|O|X|\n|X|O|X|O|X|\n|O|X|O|X|O|\n|X|O|X|O|X|\n"
                        "-----------\n 0 1 2 3 4")
    assert b3.is_full() is True


def test_remove_checker_example():
    b3 = Board(2, 2)
    b3.add_checkers('0011')
    b3.remove_checker(1)
    b3.remove_checker(1)
    b3.remove_checker(1)     # column empty; should have no effect
    b3.remove_checker(0)
    assert repr(b3) == "| | |\n|X| |\n-----\n 0 1"


def test_is_win_for_examples():
    b = Board(6, 7)
    b.add_checkers('00102030')
    assert repr(b) == """\
| | | | | | | |
|O| | | | | | |
|O| | | | | | |
|O| | | | | | |
|O| | | | | | |
|X|X|X|X| | | |
---------------
 0 1 2 3 4 5 6"""
    assert b.is_win_for('X') is True
    assert b.is_win_for('O') is True

    b2 = Board(6, 7)
    b2.add_checkers('23344545515')
    assert repr(b2) == """\
| | | | | | | |
| | | | | | | |
| | | | | |X| |
| | | | |X|X| |
| | | |X|X|O| |
| |O|X|O|O|O| |
---------------
 0 1 2 3 4 5 6"""
    assert b2.is_win_for('X') is True   # up diagonal win
    assert b2.is_win_for('O') is False


@pytest.mark.parametrize('moves, checker, line', [
    ('0415263', 'X', [(5, 0), (5, 1), (5, 2), (5, 3)]),
    ('0415263', 'O', None),
    ('0102030', 'X', [(2, 0), (3, 0), (4, 0), (5, 0)]),
    ('121323', None, None),
])
def test_winning_line(moves, checker, line):
    b = Board(6, 7)
    b.add_checkers(moves)
    if checker is None:
        assert b.winning_line('X') is None and b.winning_line('O') is None
    else:
        assert b.winning_line(checker) == line


def test_down_diagonal_win():
    b = Board(6, 7)
    for col, height in ((0, 4), (1, 3), (2, 2), (3, 1)):
        for _ in range(height - 1):
            b.add_checker('O', col)
        b.add_checker('X', col)
    assert b.winning_line('X') == [(2, 0), (3, 1), (4, 2), (5, 3)]


@pytest.mark.parametrize('checker', ['x', 'o', '0', '', 'XO', None, 1])
def test_bad_checker_raises_value_error(checker):
    b = Board(6, 7)
    with pytest.raises(ValueError, match='checker'):
        b.add_checker(checker, 0)
    with pytest.raises(ValueError, match='checker'):
        b.is_win_for(checker)


@pytest.mark.parametrize('col', [-1, 7, 100, '3', 2.0, None])
def test_bad_column_raises_value_error_naming_it(col):
    b = Board(6, 7)
    with pytest.raises(ValueError, match=repr(col).replace('.', r'\.')):
        b.add_checker('X', col)


def test_full_column_raises_value_error():
    b = Board(2, 3)
    b.add_checkers('11')
    with pytest.raises(ValueError, match='column 1 is full'):
        b.add_checker('X', 1)


@pytest.mark.parametrize('h, w', [(0, 7), (6, 0), (-1, 3), ('6', 7), (2.5, 3)])
def test_bad_size_raises_value_error(h, w):
    with pytest.raises(ValueError):
        Board(h, w)


@pytest.mark.parametrize('h, w', [(1, 1), (1, 3), (3, 1), (3, 3), (12, 14)])
def test_tiny_and_big_boards(h, w):
    b = Board(h, w)
    for col in range(w):
        for _ in range(h):
            b.add_checker('X', col)
    assert b.is_full()
    assert b.is_win_for('X') == (h >= 4 or w >= 4)
