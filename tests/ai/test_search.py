"""Tests of connect4_game.ai.search: Searcher.search on a Board must return exactly
what the literal seed outline (tests/oracle.py, ps9 Problem 4) returns."""
import random

import pytest

from connect4_game.ai import bitboard as bb
from connect4_game.ai.search import Searcher, shared_searcher
from connect4_game.core.board import Board
from connect4_game.players import AIPlayer
from tests.oracle import oracle_scores
from tests.pons import PONS_DIR, read_pons

# rough cost of one oracle call: nodes (legal columns ** lookahead) x width
ORACLE_BUDGET = 6000


def board_scores(s, b, checker, lookahead, win_before_full=False):
    """``s``'s scores of Board ``b`` for ``checker``, as AIPlayer.scores_for asks them."""
    cur, mask = bb.from_board(b, checker)
    return s.search(cur, mask, b.height, b.width, lookahead, win_before_full)[0]


def _legal(b):
    return sum(b.can_add_to(c) for c in range(b.width))


def random_case(rng):
    """(board, checker, lookahead): a legal random position on 1x1..8x9 (drops
    obey gravity; play sometimes goes on after a four, so both sides may have
    won), lookahead 0..5, kept cheap enough for the literal oracle."""
    lookahead = rng.randint(0, 5)
    while True:
        h, w = rng.randint(1, 8), rng.randint(1, 9)
        b = Board(h, w)
        checker = rng.choice("XO")
        stop_at_win = rng.random() < 0.7
        n = rng.randint(0, h * w)
        for _ in range(n):
            cols = [c for c in range(w) if b.can_add_to(c)]
            if not cols:
                break
            b.add_checker(checker, rng.choice(cols))
            checker = "O" if checker == "X" else "X"
            if stop_at_win and (b.is_win_for("X") or b.is_win_for("O")):
                break
        if max(_legal(b), 1) ** lookahead * w <= ORACLE_BUDGET:
            return b, rng.choice("XO"), lookahead


def _check_cases(seed, count, wbf):
    rng = random.Random(seed)
    s = Searcher()
    seen_l = set()
    won = full_cols = decided = 0
    for i in range(count):
        b, checker, la = random_case(rng)
        before = [row[:] for row in b.slots]
        expected = oracle_scores(b, checker, la, wbf)
        got = board_scores(s, b, checker, la, win_before_full=wbf)
        assert got == expected, (i, b.height, b.width, b.slots, checker, la, wbf)
        cur, mask = bb.from_board(b, checker)
        assert s.search(cur, mask, b.height, b.width, la, wbf, value=True)[0] == [max(expected)]
        assert b.slots == before  # the search never changes the board
        seen_l.add(la)
        won += b.is_win_for("X") or b.is_win_for("O")
        full_cols += -1 in expected
        decided += 0 in expected or 100 in expected
    # the generator really covers the positions the search must handle
    assert seen_l == set(range(6))
    assert won > count // 20 and full_cols > count // 10 and decided > count // 5


def test_agrees_with_oracle_bu_rules():
    _check_cases(seed=31, count=1100, wbf=False)


def test_agrees_with_oracle_win_before_full():
    _check_cases(seed=32, count=1100, wbf=True)


def test_last_cell_win_corner_both_rules():
    # X wins with the checker that fills the board's last cell
    b = Board(1, 4)
    b.add_checkers("012")  # X O X in columns 0..2
    b.slots[0] = ["X", "X", "X", " "]
    s = Searcher()
    for la in (1, 2, 5):
        assert board_scores(s, b, "X", la) == oracle_scores(b, "X", la) == [-1, -1, -1, 50]
        assert board_scores(s, b, "X", la, True) == oracle_scores(b, "X", la, True) == [-1, -1, -1, 100]


def test_seed_examples_problem4():
    b = Board(6, 7)
    b.add_checkers("1211244445")
    s = Searcher()
    assert board_scores(s, b, "X", 0) == [50] * 7
    assert board_scores(s, b, "O", 1) == [50, 50, 50, 100, 50, 50, 50]
    assert board_scores(s, b, "X", 1) == [50] * 7
    assert board_scores(s, b, "X", 2) == [0, 0, 0, 50, 0, 0, 0]
    assert board_scores(s, b, "X", 3) == [0, 0, 0, 100, 0, 0, 0]
    assert board_scores(s, b, "O", 3) == [50, 50, 50, 100, 50, 50, 50]
    assert board_scores(s, b, "O", 4) == [0, 0, 0, 100, 0, 0, 0]


def test_deeper_lookaheads_agree_with_oracle_on_small_boards():
    # full solves and deep lookaheads where the oracle is still affordable
    rng = random.Random(77)
    s = Searcher()
    for _ in range(60):
        h, w = rng.choice([(4, 4), (3, 5), (5, 3), (4, 5), (2, 6)])
        b = Board(h, w)
        checker = "X"
        for _ in range(h * w - rng.randint(5, 8)):
            cols = [c for c in range(w) if b.can_add_to(c)]
            b.add_checker(checker, rng.choice(cols))
            checker = "O" if checker == "X" else "X"
        empties = sum(row.count(" ") for row in b.slots)
        for la in (empties - 2, empties, empties + 3):
            for wbf in (False, True):
                assert board_scores(s, b, checker, la, wbf) == oracle_scores(b, checker, la, wbf)


def _pons_sample(name, step):
    return read_pons(PONS_DIR / name)[::step]


def test_full_solve_matches_pons_l3_r1():
    s = Searcher()
    sample = _pons_sample("Test_L3_R1", 10)
    assert len(sample) == 100
    for moves, score in sample:
        cur, mask = bb.from_moves(moves)
        scores = s.search(cur, mask, 6, 7, 42 - len(moves), True)[0]
        want = 100 if score > 0 else 50 if score == 0 else 0
        assert max(scores) == want, (moves, score, scores)


def test_full_solve_via_board_matches_pons_l2_r1():
    # the Board path: the side to move's checker, lookahead = empty cells
    s = Searcher()
    for moves, score in _pons_sample("Test_L2_R1", 100):
        b = Board(6, 7)
        b.add_checkers("".join(str(int(ch) - 1) for ch in moves))
        checker = "X" if len(moves) % 2 == 0 else "O"
        scores = board_scores(s, b, checker, 42 - len(moves), win_before_full=True)
        want = 100 if score > 0 else 50 if score == 0 else 0
        assert max(scores) == want, (moves, score, scores)


def test_tt_is_bounded_and_reused():
    b = Board(6, 7)
    b.add_checkers("3344")
    s = Searcher(max_entries=40)
    first = board_scores(s, b, "X", 9)
    assert s.tt_size <= 40
    assert s.last_nodes > 0 and s.last_time >= 0.0
    big = Searcher()
    assert board_scores(big, b, "X", 9) == first
    n1 = big.last_nodes
    assert board_scores(big, b, "X", 9) == first
    assert big.last_nodes < n1  # the second call answers from the TT
    big.clear()
    assert big.tt_size == 0


def test_sizes_extremes_and_errors():
    s = Searcher()
    for h, w in ((1, 1), (1, 14), (12, 1), (12, 14)):
        b = Board(h, w)
        for la in (0, 1, 2):
            assert board_scores(s, b, "O", la) == oracle_scores(b, "O", la)
    b = Board(1, 1)
    b.add_checker("X", 0)
    assert board_scores(s, b, "X", 3) == [-1]
    for bad in (-1, 2.0, None, True):
        with pytest.raises(ValueError):
            board_scores(s, Board(6, 7), "X", bad)
    with pytest.raises(ValueError):
        board_scores(s, Board(6, 7), "Z", 2)
    with pytest.raises(ValueError):
        Searcher(max_entries=0)
    floating = Board(3, 3)
    floating.slots[0][1] = "X"  # set by hand: nothing below it
    with pytest.raises(ValueError, match="column 1"):
        board_scores(s, floating, "X", 2)
    with pytest.raises(ValueError, match="column 1"):
        s.search(*bb.from_board(floating, "O"), 3, 3, 2, value=True)


def test_aiplayer_uses_search_and_records_stats():
    b = Board(6, 7)
    b.add_checkers("1211244445")
    p = AIPlayer("O", "LEFT", 4)
    before = [row[:] for row in b.slots]
    assert p.scores_for(b) == [0, 0, 0, 100, 0, 0, 0]
    assert b.slots == before
    assert p.last_nodes > 0 and p.last_time > 0.0
    deep = AIPlayer("X", "LEFT", 16)
    assert deep.scores_for(b) == board_scores(shared_searcher(), b, "X", 16)
    assert deep.next_move(b) == 3
