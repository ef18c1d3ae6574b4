"""The game record (connect4_game.core.game): push / pop / redo, the side to move,
the typed outcome, the network's numbered moves, and its agreement with the
assignment's Board (BU CS111 ps9, Problem 1)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from connect4_game.core.board import Board
from connect4_game.core.game import (
    Game,
    MoveRefused,
    Outcome,
    Refusal,
    reconcile,
)


def random_game(draw_cols, rows=6, cols=7):
    """A legal game from a list of column choices (skipping full columns)."""
    g = Game(rows, cols)
    for choice in draw_cols:
        if g.over:
            break
        legal = g.board.legal_columns()
        g.push(legal[choice % len(legal)])
    return g


def test_push_returns_the_move_and_the_win_is_typed():
    g = Game(6, 7)
    for col in [0, 1, 0, 1, 0, 1]:
        g.push(col)
    assert g.to_move == 'X' and g.outcome is None and not g.over
    move = g.push(0)
    assert (move.column, move.row, move.checker, move.ply) == (0, 2, 'X', 7)
    assert g.outcome == Outcome('X', ((2, 0), (3, 0), (4, 0), (5, 0)), 4)
    assert g.outcome.message() == 'Player X wins in 4 moves.' and g.outcome.result() == 'X'
    with pytest.raises(MoveRefused, match='over') as err:
        g.push(3)
    assert err.value.code is Refusal.GAME_OVER


def test_a_full_board_is_a_tie():
    g = Game(4, 4, [0, 1, 0, 1, 1, 0, 1, 0, 2, 3, 2, 3, 3, 2, 3, 2])
    assert g.outcome == Outcome()
    assert g.outcome.message() == "It's a tie!" and g.outcome.result() == 'tie'


@pytest.mark.parametrize('moves,needle,code', [
    ([7], 'move 1: column must be an integer from 0 to 6, not 7', Refusal.ILLEGAL_MOVE),
    ([0] * 7, 'move 7: column 0 is full', Refusal.ILLEGAL_MOVE),
    ([0, 1, 0, 1, 0, 1, 0, 2], 'move 8: the game is over', Refusal.GAME_OVER),
    ([True], 'move 1: column must be an integer', Refusal.ILLEGAL_MOVE),
])
def test_bad_start_positions_name_the_move(moves, needle, code):
    with pytest.raises(MoveRefused, match=needle) as err:
        Game(6, 7, moves)
    assert err.value.code is code and isinstance(err.value, ValueError)


def test_undo_redo_round_trip_and_a_new_move_clears_redo():
    g = Game(6, 7, [3, 3, 4])
    assert g.pop().column == 4 and g.pop().column == 3 and g.moves == [3]
    assert g.redo().column == 3 and g.moves == [3, 3]
    g.push(0)
    assert g.redo_stack == [] and g.redo() is None
    assert Game(6, 7).pop() is None


def test_undo_after_a_win_reopens_the_game():
    g = Game(6, 7, [0, 1, 0, 1, 0, 1, 0])
    assert g.over
    g.pop()
    assert not g.over and g.can_play(0)


def test_offer_numbers_moves_like_the_network():
    g = Game(6, 7)
    assert g.offer(1, 3) is not None and g.offer(1, 3) is None      # a repeat is harmless
    with pytest.raises(MoveRefused) as err:
        g.offer(1, 4)
    assert err.value.code is Refusal.CONFLICT
    with pytest.raises(MoveRefused) as err:
        g.offer(3, 4)
    assert err.value.code is Refusal.WRONG_PLY
    with pytest.raises(MoveRefused) as err:
        g.offer(2, 4, side='X')
    assert err.value.code is Refusal.NOT_YOUR_TURN
    assert g.offer(2, 4, side='O').checker == 'O'


def test_truncate_and_replace():
    g = Game(6, 7, [0, 1, 0, 1, 0, 1, 0])
    g.truncate(2)
    assert g.moves == [0, 1] and not g.over and g.redo_stack == []
    with pytest.raises(ValueError):
        g.truncate(3)
    with pytest.raises(MoveRefused):
        g.replace([0] * 7)
    assert g.moves == [0, 1]                 # left as it was
    g.replace([5, 5])
    seed = Board(6, 7)
    seed.add_checkers('55')
    assert g.board == seed


def test_helpers():
    assert reconcile([3, 3], [3, 3, 2]) == [3, 3, 2] and reconcile([3, 4], [3, 3, 2]) is None


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 6), max_size=60))
def test_the_record_agrees_with_the_assignments_board(choices):
    g = random_game(choices)
    board = Board(6, 7)
    checker = 'X'
    for col in g.moves:
        board.add_checker(checker, col)
        checker = 'O' if checker == 'X' else 'X'
    assert g.board == board
    assert g.to_move == checker
    winner = 'X' if board.is_win_for('X') else 'O' if board.is_win_for('O') else None
    if winner:
        assert g.outcome.winner == winner and g.outcome.winner_moves == board.num_checkers(winner)
    elif board.is_full():
        assert g.outcome == Outcome()
    else:
        assert g.outcome is None


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 6), max_size=42), st.integers(0, 42))
def test_pop_then_redo_restores_the_position(choices, back):
    g = random_game(choices)
    before = (list(g.moves), g.board.copy(), g.outcome)
    back = min(back, len(g.moves))
    for _ in range(back):
        g.pop()
    assert g.moves == before[0][:len(before[0]) - back]
    for _ in range(back):
        g.redo()
    assert (g.moves, g.board, g.outcome) == before


def test_board_landing_row_counts_from_the_top_and_is_minus_one_when_full():
    g = Game(3, 2)
    assert g.board.landing_row(0) == 2
    for _ in range(3):
        g.push(0)
    assert g.board.landing_row(0) == -1
    assert g.board.landing_row(1) == 2
    g.push(1)
    assert g.board.landing_row(1) == 1
