"""The levels' evaluation (connect4_game.ai.evaluate): threats with Allis's
odd/even rule, stacked threats and centre control, on bitboards."""
import random

import pytest

from connect4_game.ai import bitboard as bb
from connect4_game.ai.evaluate import (
    W_GOOD,
    W_OTHER,
    W_STACKED,
    W_ZUGZWANG,
    WIN_FLOOR,
    Evaluator,
    cell_weights,
    evaluator,
)
from tests.ai.kernel_positions import cell_bit


def test_cell_weights_are_the_classic_table_on_6x7():
    wts = cell_weights(6, 7)
    bottom = [wts[c][0] for c in range(7)]
    middle = [wts[c][2] for c in range(7)]
    assert bottom == [3, 4, 5, 7, 5, 4, 3]
    assert middle == [5, 8, 11, 13, 11, 8, 5]
    assert wts[0] == [3, 4, 5, 5, 4, 3]
    assert sum(map(sum, cell_weights(4, 4))) == 4 * 10    # 10 windows of 4 cells
    assert cell_weights(3, 3) == [[0] * 3] * 3            # no four fits


def test_odd_rows_follow_the_parity_rule():
    ev = evaluator(6, 7)
    geo = ev.geo
    rows = {r for c in range(7) for r in range(6) if ev.odd_rows & cell_bit(6, c, r)}
    assert rows == {0, 2, 4}                  # rows 1, 3, 5 counted from 1 at the bottom
    ev7 = Evaluator(7, 6)                     # odd height: counted from the top row
    rows7 = {r for r in range(7) if ev7.odd_rows & cell_bit(7, 0, r)}
    assert rows7 == {1, 3, 5}
    assert evaluator(6, 7) is ev and geo.h == 6


def position(moves, h=6, w=7):
    """Bitboard ``(cur, mask)`` after 0-based ``moves``, side to move first."""
    return bb.from_moves(moves, h, w, one_indexed=False)


def score(moves, h=6, w=7):
    ev = evaluator(h, w)
    cur, mask = position(moves, h, w)
    free = ev.geo.board ^ mask
    return ev.evaluate(cur, mask, ev.wincells(cur, free), ev.wincells(cur ^ mask, free))


def test_centre_is_worth_more_than_the_edge():
    # X to move after X centre / O edge: X is ahead; and the other way round
    assert score('30') > 0 and score('03') < 0
    assert score('') == 0


def test_a_good_threat_counts_more_than_another():
    """With an even number of empty cells the side to move is the odd player:
    its threats on rows 1, 3, 5 (from 1 at the bottom) are good; with an odd
    number, those on rows 2, 4, 6."""
    ev = evaluator(6, 7)
    for moves in ('', '3'):                  # 42 or 41 empty cells
        cur, mask = position(moves)
        odd_turn = len(moves) % 2 == 0
        base = ev.evaluate(cur, mask, 0, 0)
        for row in range(1, 6):
            cell = cell_bit(6, 5, row)
            good = (row % 2 == 0) == odd_turn  # 0-based even rows are the odd rows
            gain = ev.evaluate(cur, mask, cell, 0) - base
            loss = ev.evaluate(cur, mask, 0, cell) - base
            assert gain == (W_GOOD + W_ZUGZWANG if good else W_OTHER), (moves, row)
            assert loss == -(W_OTHER if good else W_GOOD + W_ZUGZWANG), (moves, row)
    stacked = cell_bit(6, 5, 1) | cell_bit(6, 5, 2)
    cur, mask = position('')
    assert ev.evaluate(cur, mask, stacked, 0) - ev.evaluate(cur, mask, 0, 0) == \
        W_GOOD + W_OTHER + W_ZUGZWANG + W_STACKED


@pytest.mark.parametrize('size', [(6, 7), (12, 14), (4, 4), (5, 9)])
def test_evaluations_stay_inside_the_win_floor(size):
    h, w = size
    ev = evaluator(h, w)
    rng = random.Random(1)
    for _ in range(200):
        cur = mask = 0
        for _ in range(rng.randrange(h * w)):
            poss = ev.geo.possible(mask)
            cols = [c for c in range(w) if poss & ev.geo.col_mask[c]]
            m = poss & ev.geo.col_mask[rng.choice(cols)]
            cur, mask = cur ^ mask, mask | m
        free = ev.geo.board ^ mask
        v = ev.evaluate(cur, mask, ev.wincells(cur, free), ev.wincells(cur ^ mask, free))
        assert -WIN_FLOOR < v < WIN_FLOOR


def test_evaluation_is_mirror_symmetric():
    ev = evaluator(6, 7)
    rng = random.Random(4)
    for _ in range(100):
        moves = ''.join(str(rng.randrange(7)) for _ in range(rng.randrange(12)))
        try:
            cur, mask = position(moves)
        except ValueError:
            continue
        mc, mm = bb.mirror(cur, 6, 7), bb.mirror(mask, 6, 7)
        free, mfree = ev.geo.board ^ mask, ev.geo.board ^ mm
        a = ev.evaluate(cur, mask, ev.wincells(cur, free), ev.wincells(cur ^ mask, free))
        b = ev.evaluate(mc, mm, ev.wincells(mc, mfree), ev.wincells(mc ^ mm, mfree))
        assert a == b
