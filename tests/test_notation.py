"""The move strings (connect4_game.core.notation): the players' columns 1..N as the
board shows them, 1-9 then a-e on wide boards; the assignment's 0-based
add_checkers notation, 0-9 then a-d; both read by playing each move, with
errors that name the bad character."""

import pytest

from connect4_game.core import notation
from connect4_game.core.board import Board
from connect4_game.core.notation import (
    Notation,
    NotationError,
    format_moves,
    parse_add_checkers,
    parse_position,
    read_game,
)

ADD = Notation.ADD_CHECKERS


def test_columns_are_numbered_from_1_as_on_the_board_and_gamesolver():
    assert format_moves([3, 3, 4, 2]) == '4453'
    assert parse_position('4453') == [3, 3, 4, 2]
    assert format_moves([]) == ''


def test_wide_boards_go_on_with_letters_after_9():
    assert [notation.column_name(c) for c in range(14)] == list('123456789abcde')
    assert parse_position('9abcdeE', 6, 14) == [8, 9, 10, 11, 12, 13, 13]
    assert parse_position('A', 6, 10) == [9] and parse_position('e', 6, 14) == [13]
    assert notation.column_range(7) == '1-7' and notation.column_range(10) == '1-9, a'
    assert notation.column_range(14) == '1-9, a-e'
    assert notation.column_range(14, ADD) == '0-9, a-d' and notation.column_range(1, ADD) == '0'
    with pytest.raises(ValueError):
        notation.column_name(14)


def test_what_surrounds_the_moves_is_ignored():
    assert parse_position(' 4 4\t5,3\n') == [3, 3, 4, 2]
    assert parse_position('https://connect4.gamesolver.org/?pos=4453') == [3, 3, 4, 2]
    assert parse_position('https://connect4.gamesolver.org/en/?pos=44&x=1') == [3, 3]


@pytest.mark.parametrize('text, reason, move, char, position', [
    ('4408', 'not a column', 3, '0', 3),        # 0 is no column: the assignment's notation
    ('44x', 'not a column', 3, 'x', 3),
    ('4 8', 'off the board', 2, '8', 3),        # the place in the text, spaces counted
    ('1111111', 'full', 7, '1', 7),
    ('12121212', 'won', 8, '2', 8),             # X has four in column 1 after move 7
])
def test_a_bad_move_names_its_character_place_and_move(text, reason, move, char, position):
    with pytest.raises(NotationError) as err:
        parse_position(text)
    e = err.value
    assert (e.reason, e.move, e.char, e.position) == (reason, move, char, position)
    assert repr(char) in str(e) and f'move {move}' in str(e)


def test_a_full_board_and_an_empty_text_are_refused():
    tie = '4321311144234232'                      # 4x4: every cell filled, no four
    assert len(parse_position(tie, 4, 4)) == 16
    with pytest.raises(NotationError) as err:
        parse_position(tie + '1', 4, 4)
    assert (err.value.reason, err.value.move) == ('board full', 17)
    with pytest.raises(NotationError) as err:
        parse_position('  \n')
    assert err.value.reason == 'empty' and 'no moves' in str(err.value)


def test_a_huge_text_is_refused_without_repeating_it():
    with pytest.raises(NotationError) as err:
        parse_position('4' * 6 + '\u0000' * 1_000_000)
    assert len(str(err.value)) < 120


def test_it_is_the_add_checkers_notation_plus_one():
    cols = [1, 2, 1, 1, 2, 4, 4, 4, 4, 5]
    assert format_moves(cols, ADD) == '1211244445'               # the assignment's, 0-based
    assert format_moves(cols) == '2322355556'                    # the players', 1-based
    assert parse_position(format_moves(cols)) == parse_add_checkers('1211244445') == cols
    with pytest.raises(NotationError):
        parse_add_checkers('e', 6, 14)


@pytest.mark.parametrize('moves, rows, cols', [('1211244445', 6, 7), ('0200', 3, 3),
                                               ('0011', 2, 2), ('9876543210', 6, 10)])
def test_add_checkers_reads_as_the_assignments_board_plays(moves, rows, cols):
    seed = Board(rows, cols)
    seed.add_checkers(moves)
    game = read_game(moves, rows, cols, ADD)
    assert game.board == seed and format_moves(game.moves, ADD) == moves


def test_add_checkers_wide_boards_and_case():
    game = read_game('abcD', 6, 14, ADD)
    assert game.moves == [10, 11, 12, 13] and game.board.slots[5][10:14] == ['X', 'O', 'X', 'O']
    assert format_moves([0, 9, 10, 13], ADD) == '09ad'
    with pytest.raises(ValueError):
        format_moves([14], ADD)


@pytest.mark.parametrize('moves, rows, cols, index, char, words', [
    ('12x4', 6, 7, 2, 'x', 'not a column'),
    ('337', 6, 7, 2, '7', 'off the board'),
    ('a', 6, 10, 0, 'a', 'off the board'),
    ('3 3', 6, 7, 1, ' ', 'not a column'),                 # every character counts
    ('0000000', 6, 7, 6, '0', 'column 0 is full'),
    ('01010101', 6, 7, 7, '1', 'already won'),
    ('0011' '0', 2, 2, 4, '0', 'board is already full'),
])
def test_add_checkers_errors_name_the_index(moves, rows, cols, index, char, words):
    with pytest.raises(NotationError) as err:
        parse_add_checkers(moves, rows, cols)
    e = err.value
    assert (e.position, e.char, e.move) == (index + 1, char, index + 1)
    assert f'move {index + 1} (index {index}, {char!r})' in str(e) and words in str(e)


def test_an_empty_add_checkers_string_is_an_empty_game():
    game = read_game('', 6, 7, ADD)
    assert game.moves == [] and game.outcome is None


def test_bad_arguments():
    with pytest.raises(ValueError):
        parse_position(4453)
    with pytest.raises(ValueError, match='columns'):
        parse_position('1', 6, 15)
    with pytest.raises(ValueError, match='rows'):
        parse_add_checkers('0', 0, 7)
