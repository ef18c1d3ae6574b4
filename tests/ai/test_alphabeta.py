"""The levels' search (connect4_game.ai.alphabeta): negamax with alpha-beta,
move ordering, a transposition table and iterative deepening under budgets."""
import pytest

from connect4_game.ai import bitboard as bb
from connect4_game.ai.alphabeta import WIN, WIN_FLOOR, AlphaBeta, alphabeta_for


def position(moves, h=6, w=7):
    return bb.from_moves(moves, h, w, one_indexed=False)


def test_finds_a_forced_four_and_scores_it_by_its_ply():
    # X to move, X on columns 2 and 3 of the bottom row, O twice on column 5:
    # X 1 makes _XXX_ with both ends open (X 4 would not: column 5 is taken),
    # so X's four comes at ply 3 whatever O does
    cur, mask = position('2535')
    res = AlphaBeta(6, 7).search(cur, mask, 4)
    assert res.column == 1
    assert res.scores[1] == WIN - 3
    assert all(s < WIN - 3 for c, s in enumerate(res.scores) if c != 1)
    assert res.depth >= 1 and res.cut == '' and res.nodes > 0


def test_sees_the_loss_of_a_careless_move():
    # O to move; X has columns 2 and 3 of the bottom row: only O 1 or O 4
    # stops X making _XXX_ with both ends open
    cur, mask = position('362')
    res = AlphaBeta(6, 7).search(cur, mask, 4, margin=10 ** 9)
    losing = [c for c, s in enumerate(res.scores) if s is not None and s < -WIN_FLOOR]
    assert res.column in (1, 4) and res.scores[res.column] > -WIN_FLOOR
    assert losing == [0, 2, 3, 5, 6]
    assert all(res.scores[c] == -(WIN - 4) for c in losing)   # X's four at ply 4


def test_allowed_columns_only_and_full_columns_score_none():
    cur, mask = position('000000')
    geo = bb.geometry(6, 7)
    allowed = geo.possible(mask) & (geo.col_mask[5] | geo.col_mask[6])
    res = AlphaBeta(6, 7).search(cur, mask, 3, allowed=allowed)
    assert res.scores[0] is None and all(res.scores[c] is None for c in range(1, 5))
    assert res.column in (5, 6) and res.scores[5] is not None and res.scores[6] is not None


def test_node_budget_cuts_repeatably_and_keeps_the_last_iteration():
    cur, mask = position('33')
    a = AlphaBeta(6, 7).search(cur, mask, 20, node_budget=3000)
    b = AlphaBeta(6, 7).search(cur, mask, 20, node_budget=3000)
    assert a.cut == 'nodes' and 1 <= a.depth < 20
    assert (a.column, a.scores, a.depth, a.nodes) == (b.column, b.scores, b.depth, b.nodes)
    c = AlphaBeta(6, 7).search(cur, mask, 20, time_budget=0.0)
    assert c.cut == 'time' and c.depth == 1          # depth 1 always completes


def test_margin_gives_exact_scores_near_the_best():
    cur, mask = position('')
    ab = AlphaBeta(6, 7)
    narrow = ab.search(cur, mask, 4)
    ab.clear()
    wide = ab.search(cur, mask, 4, margin=10 ** 6)
    assert narrow.column == wide.column == 3
    assert wide.scores[3] == narrow.scores[3]
    for c in range(7):
        assert narrow.scores[c] <= wide.scores[c] or narrow.scores[c] == wide.scores[c]
    assert wide.scores == wide.scores[::-1]          # the empty board is symmetric


def test_transposition_table_is_bounded_and_reused():
    cur, mask = position('3232')                      # nothing forced: a real search
    ab = AlphaBeta(6, 7, max_entries=500)
    first = ab.search(cur, mask, 7)
    assert 0 < ab.entries() <= 500
    again = ab.search(cur, mask, 7)
    assert again.column == first.column and again.nodes <= first.nodes
    assert alphabeta_for(6, 7) is alphabeta_for(6, 7)


def test_bad_arguments_and_any_board_size():
    cur, mask = position('')
    with pytest.raises(ValueError):
        AlphaBeta(6, 7).search(cur, mask, 0)
    with pytest.raises(ValueError):
        AlphaBeta(6, 7).search(cur, mask, 2, margin=-1)
    for h, w in ((4, 4), (12, 14), (5, 9)):
        res = AlphaBeta(h, w).search(0, 0, 3)
        assert res.column in range(w) and len(res.scores) == w
