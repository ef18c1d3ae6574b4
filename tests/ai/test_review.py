"""connect4_game.ai.review: verdicts, values, the JSON shape, the table, illegal moves.

The hand-made 6x7 games stay within the first 11 plies, where our solver is
fast (the 12-ply book of bitbully-databases bounds its search), so they run
with or without the optional bitbully backend. Their expected scores are
recomputed here with the solver directly (Pons scores: Pascal Pons, "Solving
Connect 4"), and the empty board's are the known ones (only the centre wins).
"""
from __future__ import annotations

import json
import random

import pytest

from connect4_game.ai import perfect
from connect4_game.ai.bitboard import geometry, has_four, play
from connect4_game.ai.perfect import play_moves
from connect4_game.ai.review import (
    VERDICTS,
    ReviewTable,
    review_game,
    verdict,
)
from connect4_game.ai.solver import get_solver
from connect4_game.core.notation import parse_add_checkers
from tests.pons import PONS_DIR, read_pons


def format_review(records, rows=6, cols=7):
    """The review table of ``records`` as one string."""
    lines = []
    table = ReviewTable(rows, cols, lines.append)
    for r in records:
        table.row(r)
    table.finish()
    return "\n".join(lines)


def _review(moves, rows=6, cols=7, **options):
    """The JSON records of the game ``moves`` (``add_checkers`` notation)."""
    return [r.to_json() for r in review_game(rows, cols, parse_add_checkers(moves, rows, cols),
                                             **options)]

KEYS = ["ply", "column", "player", "scores", "best", "verdict"]


def solver_scores(moves, h=6, w=7):
    """Pons score of every column for the side to move, from the solver alone."""
    cur, mask = play_moves(moves, h, w)
    geo = geometry(h, w)
    n = len(moves)
    solver = get_solver(h, w)
    out = []
    for c in range(w):
        if mask & geo.top_cells[c]:
            out.append(None)
            continue
        nc, nm = play(cur, mask, h, c)
        if has_four(nc ^ nm, h):
            out.append((h * w + 1 - n) // 2)
        elif n + 1 == h * w:
            out.append(0)
        else:
            solver.set_budget()
            out.append(-solver.solve(nc, nm))
    return out


def test_verdict_rule():
    assert verdict([3, 1, 0, -2, None], 0) == "best"
    assert verdict([3, 1, 0, -2, None], 1) == "inaccuracy"      # a slower win
    assert verdict([3, 1, 0, -2, None], 2) == "mistake"         # a win thrown to a draw
    assert verdict([3, 1, 0, -2, None], 3) == "blunder"         # a win thrown to a loss
    assert verdict([0, -1, 0], 1) == "blunder"                  # a draw thrown to a loss
    assert verdict([0, -1, 0], 2) == "best"
    assert verdict([-2, -5, None], 1) == "inaccuracy"           # a faster loss
    with pytest.raises(ValueError):
        verdict([1, None], 1)
    with pytest.raises(ValueError):
        verdict([1, 0], 2)


@pytest.mark.parametrize("game,want", [
    ("3", ["best"]),                                   # the centre wins (Pons)
    ("2", ["mistake"]),                                # column 2 only draws: a win thrown away
    ("1", ["blunder"]),                                # column 1 loses: a win thrown to a loss
    ("20", ["mistake", "blunder"]),                    # O throws the draw away
    ("326", ["best", "inaccuracy", "inaccuracy"]),     # O loses faster, X wins slower
    ("323", ["best", "inaccuracy", "mistake"]),
    ("324", ["best", "inaccuracy", "blunder"]),
    ("3344115", [None] * 6 + ["inaccuracy"]),         # win in 3 instead of win in 1
])
def test_hand_made_games(game, want):
    recs = _review(game)
    assert len(recs) == len(want)
    assert [r["verdict"] if w else None for r, w in zip(recs, want, strict=True)] == want
    moves = [int(ch) for ch in game]
    for i, r in enumerate(recs):
        scores = solver_scores(moves[:i])
        assert r["scores"] == scores
        top = max(s for s in scores if s is not None)
        assert r["best"] == [c for c, s in enumerate(scores) if s == top]
        assert r["exact"] is True and r["player"] == "XO"[i % 2] and r["ply"] == i + 1
    if game == "3":
        assert recs[0]["scores"] == [-2, -1, 0, 1, 0, -1, -2] and recs[0]["value"] == 41
    if game == "3344115":
        assert recs[6]["scores"][2] == 18 and recs[6]["scores"][5] == 17
        assert recs[6]["value"] == 1                  # X wins with its next checker


def test_json_shape():
    recs = _review("3326")
    assert len(recs) == 4
    for r in recs:
        assert list(r)[:6] == KEYS
        assert isinstance(r["ply"], int) and isinstance(r["column"], int)
        assert r["player"] in ("X", "O") and r["verdict"] in VERDICTS
        assert isinstance(r["scores"], list) and len(r["scores"]) == 7
        assert all(s is None or isinstance(s, int) for s in r["scores"])
        assert isinstance(r["best"], list) and r["best"] == sorted(r["best"])
        assert isinstance(r["value"], int) and isinstance(r["exact"], bool)
    assert json.loads(json.dumps(recs)) == recs
    assert recs[0] == {"ply": 1, "column": 3, "player": "X", "scores": [-2, -1, 0, 1, 0, -1, -2],
                       "best": [3], "verdict": "best", "value": 41, "exact": True,
                       "backend": recs[0]["backend"]}
    assert recs[0]["backend"] in ("bitbully", "solver")


def test_full_column_scores_are_none_and_wide_boards_use_letters():
    recs = _review("0000001", rows=6, cols=7)
    assert recs[6]["scores"][0] is None and recs[6]["column"] == 1
    recs = _review("ab", rows=1, cols=12, time_budget=None)
    assert [r["column"] for r in recs] == [10, 11] and len(recs[0]["scores"]) == 12


@pytest.mark.parametrize("moves,where", [
    ("33x", "move 3 (index 2"),            # not a column
    ("0000000", "move 7 (index 6"),        # full column
    ("7", "move 1 (index 0"),              # off a 7-column board
    ("01010102", "move 8 (index 7"),       # after X has won
])
def test_illegal_moves_name_the_move(monkeypatch, moves, where):
    def no_analysis(*a, **k):
        raise AssertionError("analysed before checking the moves")
    monkeypatch.setattr(perfect, "solve_position", no_analysis)
    with pytest.raises(ValueError) as e:
        _review(moves)
    assert where in str(e.value)
    cols = [int(ch) if ch.isdigit() else ch for ch in moves]
    with pytest.raises(ValueError) as e:
        review_game(6, 7, cols)
    assert where.split(" (")[0] in str(e.value)


def test_bad_arguments():
    with pytest.raises(ValueError):
        _review("33", time_budget=0)
    with pytest.raises(ValueError):
        _review("33", backend="fast")
    with pytest.raises(ValueError):
        _review("33", rows=0)
    with pytest.raises(ValueError):
        review_game(6, 7, [3, True])


def test_values_follow_perfect_play_on_a_small_board():
    # both sides play a best column: the value (X's signed plies to the end)
    # keeps its sign and comes one ply closer each move
    rng = random.Random(4)
    moves = []
    h, w = 4, 5
    while True:
        r = perfect.solve_position(moves, h, w)
        if r.over:
            break
        moves.append(rng.choice(r.best))
        cur, mask = play_moves(moves, h, w)
        if has_four(cur ^ mask, h) or mask.bit_count() == h * w:
            break
    recs = review_game(h, w, moves, time_budget=None)
    assert all(r.verdict == "best" and r.exact for r in recs)
    for a, b in zip(recs, recs[1:], strict=False):
        if a.value == 0:
            assert b.value == 0
        else:
            assert b.value == a.value - (1 if a.value > 0 else -1)


def test_estimates_are_marked():
    recs = review_game(7, 8, [3, 4], node_budget=2000)
    assert all(not r.exact for r in recs)
    text = format_review(recs, 7, 8)
    assert "≈" in text and "estimate" in text
    assert all(isinstance(r.to_json()["value"], int) for r in recs)


def test_format_review_table():
    text = format_review(review_game(6, 7, [2, 0, 3, 2, 6]))
    lines = text.splitlines()
    assert lines[0].split()[:3] == ["ply", "who", "col"]
    assert len([ln for ln in lines if ln[:3].strip().isdigit()]) == 5
    assert "mistake" in lines[1] and "draw" in lines[1] and "win in 41" in lines[1]
    assert "blunder" in lines[2]
    assert any(ln.startswith("X: ") and "1 mistake" in ln for ln in lines)
    assert any(ln.startswith("O: ") and "1 blunder" in ln for ln in lines)
    assert "≈" not in text
    assert "(no moves)" in format_review([])


def test_review_is_the_same_without_bitbully(monkeypatch):
    with_default = _review("3326104")
    monkeypatch.setenv("CONNECT4_BITBULLY", "off")
    perfect.reset_backends()
    try:
        without = _review("3326104")
    finally:
        monkeypatch.delenv("CONNECT4_BITBULLY")
        perfect.reset_backends()
    assert all(r["backend"] == "solver" for r in without)
    strip = [{k: v for k, v in r.items() if k != "backend"} for r in with_default]
    assert strip == [{k: v for k, v in r.items() if k != "backend"} for r in without]


@pytest.mark.skipif(not perfect.bitbully_available(), reason="bitbully (optional, AGPL) is not installed")
def test_review_of_pons_lines_ends_on_their_scores():
    for moves, score in random.Random(2).sample(read_pons(PONS_DIR / "Test_L2_R1"), 3):
        cols = [int(ch) - 1 for ch in moves]
        cur, mask = play_moves(cols)
        nxt = next(c for c in (3, 2, 4, 1, 5, 0, 6) if not mask & geometry(6, 7).top_cells[c])
        recs = review_game(6, 7, cols + [nxt])
        assert max(s for s in recs[-1].scores if s is not None) == score
        assert all(r.exact and r.backend == "bitbully" for r in recs)
        for a, b in zip(recs, recs[1:], strict=False):      # after a best move the value moves one ply on
            if a.verdict == "best":
                assert (a.value == b.value == 0) or b.value == a.value - (1 if a.value > 0 else -1)


def test_review_and_perfect_do_not_import_pygame():
    import subprocess
    import sys
    code = ("import sys, connect4_game.ai.review, connect4_game.ai.perfect; "
            "print(any(m == 'pygame' or m.startswith('pygame.') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


def test_a_review_off_6x7_shares_one_budget_for_the_whole_game(monkeypatch):
    """Off 6x7 the review's seconds are for the game: each position gets an equal share of
    what is left, so positions that use their share never take more than the whole budget;
    on 6x7 every position runs to its proof."""
    from connect4_game.ai import review
    clock = [100.0]
    given = []
    real = perfect.solve_position

    def fake_solve(moves, rows, cols, **kw):
        given.append(kw["time_budget"])
        clock[0] += kw["time_budget"] or 0.0      # the position uses all of its share
        return real(moves, rows, cols, **{**kw, "time_budget": None})
    monkeypatch.setattr(review.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(perfect, "solve_position", fake_solve)
    moves = [2, 2, 1, 3, 0, 4]
    review_game(4, 5, moves, time_budget=6.0)
    assert len(given) == len(moves) and all(b is not None and b > 0 for b in given)
    assert given[0] == pytest.approx(1.0) and sum(given) <= 6.0 + 1e-6
    given.clear()
    review_game(6, 7, [3, 3], time_budget=6.0)
    assert given == [None, None]
