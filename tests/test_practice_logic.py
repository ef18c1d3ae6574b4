"""Practice (learn from your mistakes), the logic without a window: which
moves become exercises and in what order, what counts as found, the
engine's answer and the summary."""

import pytest

from connect4_game.ai import perfect
from connect4_game.ai.review import review_game
from connect4_game.ai.score import Wdl
from connect4_game.trainer.practice import Practice, Summary

#: 4x5: move 1 (X, column 1) is a blunder (best: 2, 3, 4); move 4 (O, column 3)
#: a mistake: column 2 wins soonest, column 4 wins later, column 3 only draws
GAME = [0, 1, 4, 2]


def reviewed(moves, rows=4, cols=5):
    return review_game(rows, cols, moves, time_budget=None)


def test_the_mistakes_of_both_sides_are_listed_in_order_when_nobody_played():
    p = Practice.from_review(reviewed(GAME), GAME)
    assert [(e.ply, e.player, e.played, e.verdict) for e in p.exercises] == [
        (1, 'X', 0, 'blunder'), (4, 'O', 2, 'mistake')]
    first, second = p.exercises
    assert first.moves == () and second.moves == (0, 1, 4)
    assert first.good == first.best == (1, 2, 3)
    assert second.best == (1,) and second.good == (1, 3)


def test_only_the_human_sides_mistakes_are_exercises():
    records = reviewed(GAME)
    assert [e.ply for e in Practice.from_review(records, GAME, ['O']).exercises] == [4]
    assert [e.ply for e in Practice.from_review(records, GAME, ['X']).exercises] == [1]
    assert [e.ply for e in Practice.from_review(records, GAME, ['X', 'O']).exercises] == [1, 4]


def test_a_slower_win_counts_as_found_and_the_engine_answers():
    p = Practice.from_review(reviewed(GAME), GAME, ['O'])
    ex = p.current()
    assert ex is not None and 3 not in ex.best
    assert p.try_move(3) is True                          # not the best, but still a win
    assert p.solved == [True] and p.tries == [1]
    after = perfect.solve_position(list(ex.moves) + [3], 4, 5)
    assert after.choice() in after.best                    # perfect play's answer
    with pytest.raises(RuntimeError):
        p.try_move(1)                                      # found: no more tries
    assert p.advance() is None and p.finished
    assert p.summary() == Summary(first=1, later=0, total=1) and p.summary().found == 1


def test_a_wrong_try_keeps_the_exercise_and_a_later_find_counts_apart():
    p = Practice.from_review(reviewed(GAME), GAME)
    assert p.try_move(4) is False                        # a loss where a draw was there
    assert p.current().ply == 1 and p.tries == [1, 0]    # the same exercise, to try again
    assert p.try_move(0) is False
    assert p.try_move(1) is True and p.tries == [3, 0]   # found at the third try
    nxt = p.advance()
    assert nxt is not None and nxt.ply == 4 and p.solved == [True, False]
    assert p.try_move(1) is True
    assert p.advance() is None
    assert p.summary() == Summary(first=1, later=1, total=2) and p.summary().found == 2


def test_the_summary_counts_skipped_exercises_as_not_found():
    p = Practice.from_review(reviewed(GAME), GAME)
    p.advance()                                            # skipped
    p.try_move(2)                                          # a draw, not the win
    p.advance()
    assert p.summary() == Summary(first=0, later=0, total=2)
    assert p.current() is None and p.advance() is None


def test_no_mistakes_no_exercises():
    moves = [2, 2]                                         # best moves only (4x5)
    recs = reviewed(moves)
    assert all(r.verdict in ('best', 'inaccuracy') for r in recs)
    p = Practice.from_review(recs, moves)
    assert p.exercises == () and p.finished and p.current() is None
    assert p.summary() == Summary(0, 0, 0) and p.summary().found == 0
    with pytest.raises(RuntimeError):
        p.try_move(2)


def test_bad_columns_and_records_that_do_not_match_are_refused():
    p = Practice.from_review(reviewed(GAME), GAME)
    with pytest.raises(ValueError):
        p.try_move(5)
    with pytest.raises(ValueError):
        p.try_move(-1)
    with pytest.raises(ValueError):
        Practice.from_review(reviewed(GAME), [1, 1, 4, 2])  # move 1 was column 1, not 2


def test_results_of_pons_scores():
    assert [Wdl.of_pons(s) for s in (5, 1, 0, -1, -9)] == [Wdl.WIN, Wdl.WIN, Wdl.DRAW,
                                                           Wdl.LOSS, Wdl.LOSS]
