"""One verdict on a column, Score: its labels, its order, its bounds and its
JSON; the window's words for it (play.verdicts) come from its label's parts."""
from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from connect4_game import i18n
from connect4_game.ai.score import ColumnScore, NoMove, Score, Wdl
from connect4_game.play.verdicts import column_words, score_label

WIN9 = Score.of_pons(17, 9)
WIN3 = Score.of_pons(19, 3)
WIN_FAR = Score.from_bounds(1, None)            # proven, distance unknown
DRAW = Score.of_pons(0, None)
AT_LEAST_DRAW = Score.from_bounds(0, 4)
GOOD_GUESS = Score.from_bounds(None, None, 20)
BAD_GUESS = Score.from_bounds(None, None, -20, depth=6)
LOSS_FAR = Score.from_bounds(None, -1)
LOSS2 = Score.of_pons(-20, 2)
LOSS14 = Score.of_pons(-14, 14)


def test_labels():
    assert [s.label for s in (WIN3, WIN9, WIN_FAR, AT_LEAST_DRAW, DRAW, GOOD_GUESS,
                              BAD_GUESS, LOSS_FAR, LOSS14, LOSS2)] == \
        ['win in 3', 'win in 9', 'win', '≥ draw', 'draw', '≈ win', '≈ loss', 'loss',
         'loss in 14', 'loss in 2']


def test_order_is_best_for_the_side_to_move_first():
    best_first = [WIN3, WIN9, WIN_FAR, AT_LEAST_DRAW, DRAW, GOOD_GUESS, BAD_GUESS, LOSS14,
                  LOSS2, LOSS_FAR]
    assert sorted(reversed(best_first), key=Score.key, reverse=True) == best_first
    assert max(best_first, key=Score.key) is WIN3 and min(best_first, key=Score.key) is LOSS_FAR


def test_proven_exact_and_signed_plies():
    assert WIN9.exact and WIN9.proven and WIN9.plies == 9 and WIN9.win_plies == 9
    assert LOSS14.plies == 14 and LOSS14.wdl is Wdl.LOSS and LOSS14.win_plies is None
    assert DRAW.plies is None and DRAW.wdl is Wdl.DRAW
    assert WIN_FAR.proven and not WIN_FAR.exact and WIN_FAR.win_plies is None
    assert AT_LEAST_DRAW.at_least_draw and not AT_LEAST_DRAW.proven
    assert not GOOD_GUESS.proven and GOOD_GUESS.pons is None


def test_from_bounds_keeps_what_is_proven():
    assert Score.from_bounds(0, 0) == DRAW
    assert Score.from_bounds(-3, 5).pons == 0                  # the guess closest to a draw
    assert Score.from_bounds(2, 9).pons == 2 and Score.from_bounds(-9, -2).pons == -2
    # an estimate that looks like a win cannot be one above a proven upper bound of a draw
    assert Score.from_bounds(-5, 0, value=30).wdl is Wdl.DRAW


def test_for_position_counts_plies_from_the_pons_score():
    # the empty 6x7 board: the centre wins with X's last checker, the 41st
    assert Score.for_position(1, 0, 42).label == 'win in 41'
    assert Score.for_position(-1, 1, 42).label == 'loss in 40'
    assert Score.for_position(0, 5, 42) == DRAW
    assert Score.for_position(3, 10, 42, exact=False).label == '≈ win'
    with pytest.raises(ValueError):
        Score.for_position(30, 20, 42)                       # not possible there


scores = st.builds(Score.of_pons, st.integers(-21, 21), st.integers(1, 42)) | st.builds(
    Score.from_bounds, st.none() | st.integers(-21, 21), st.none() | st.integers(-21, 21),
    st.integers(-100, 100)) | st.builds(Score.from_bounds, st.none(), st.none(),
                                        st.integers(-100, 100),
                                        depth=st.none() | st.integers(0, 42))


@given(scores)
def test_json_round_trip(score):
    assert Score.from_json(json.loads(json.dumps(score.to_json()))) == score
    column = ColumnScore(3, score, backend='solver', worse=True)
    assert ColumnScore.from_json(json.loads(json.dumps(column.to_json()))) == column


def test_a_column_without_a_move_round_trips_and_refuses_other_shapes():
    full = ColumnScore(0, None, NoMove.OVER)
    assert ColumnScore.from_json(json.loads(json.dumps(full.to_json()))) == full
    good = ColumnScore(1, WIN9).to_json()
    for bad in (None, [], {**good, 'column': -1}, {**good, 'no_move': 'gone'},
                {**good, 'worse': 0}, {**good, 'no_move': 'full'}, {**good, 'extra': 1}):
        with pytest.raises(ValueError):
            ColumnScore.from_json(bad)


def test_json_refuses_what_is_not_a_score():
    good = WIN9.to_json()
    for bad in (None, [], {}, {**good, 'wdl': 'won'}, {**good, 'plies': '9'},
                {**good, 'exact': 1}, {**good, 'extra': 0}):
        with pytest.raises(ValueError):
            Score.from_json(bad)


def test_a_column_has_a_score_or_no_move():
    assert ColumnScore(2, WIN9).label == 'win in 9' and ColumnScore(2, WIN9).pons == 17
    assert ColumnScore(0, None, NoMove.FULL).label == 'full'
    assert ColumnScore(0, None, NoMove.OVER).label == 'game over'
    with pytest.raises(ValueError):
        ColumnScore(0, None)
    with pytest.raises(ValueError):
        ColumnScore(0, WIN9, NoMove.FULL)


@pytest.mark.parametrize('lang', ['en', 'nl'])
def test_the_windows_words_are_the_labels_words(lang):
    before = i18n.language()
    i18n.set_language(lang)
    try:
        for s in (WIN9, WIN_FAR, DRAW, AT_LEAST_DRAW, GOOD_GUESS, LOSS14):
            assert column_words(ColumnScore(0, s)) == score_label(s) != ''
        assert column_words(ColumnScore(0, None, NoMove.FULL)) == i18n._('full')
        if lang == 'nl':
            assert score_label(WIN9) != 'win in 9'
    finally:
        i18n.set_language(before)
