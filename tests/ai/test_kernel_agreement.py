"""The solver's compiled kernel (``connect4_game/ai/_ckernel.c``) and its pure-Python kernel
search the same tree: on random positions of several board sizes both give the same score, the
same proven bounds and move, every column's score, and the same number of positions searched
(Pascal Pons, "Solving Connect 4", parts 3-12). Also: the package imports and solves with the
compiled kernel switched off (``CONNECT4_KERNEL=python``)."""
from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from connect4_game.ai import solver as solver_mod
from connect4_game.ai.bitboard import from_moves, geometry, has_four, play, winning_cells
from connect4_game.ai.book import default_book
from connect4_game.ai.solver import BudgetExceeded, Solver
from tests.ai.kernel_positions import drop_in_turn

compiled = pytest.mark.skipif(not solver_mod.compiled_available(),
                              reason="the compiled kernel is not built here (no C compiler at "
                                     "install time) or CONNECT4_KERNEL=python switched it off")

#: boards of 64 bits and less, and of 65 to 128 (the compiled kernel's 128-bit integers and dict
#: tables where the compiler has them)
SIZES = [(4, 4), (4, 5), (5, 4), (5, 5), (4, 6), (6, 5), (3, 7), (7, 7), (6, 7), (8, 8), (7, 9),
         (12, 9)]
ROOT = Path(__file__).resolve().parents[2]


def _pair(h: int, w: int) -> tuple[Solver, Solver]:
    """A compiled and a pure-Python solver of one size, small tables (collisions exercised; the
    dicts of the larger boards drop their older half again and again)."""
    book = default_book() if (h, w) == (6, 7) else None
    size = 1 << 16 if (h + 1) * w <= 64 else 1 << 9
    return (Solver(h, w, book=book, tt_size=size, compiled=True),
            Solver(h, w, book=book, tt_size=size, compiled=False))


PAIRS = {size: _pair(*size) for size in SIZES}


@st.composite
def positions(draw: st.DrawFn) -> tuple[int, int, int, int]:
    """``(h, w, cur, mask)``: random legal moves with no four on the board, not too early
    for a fast exact search (at most 11 empty cells, 14 on the smallest boards: the
    enhanced transposition cut-offs need more than 12; the book ply is tested below)."""
    h, w = draw(st.sampled_from(SIZES))
    cells = h * w
    least = 31 if (h, w) == (6, 7) else max(0, cells - (14 if cells <= 20 else 11))
    n = draw(st.integers(least, cells - 1))
    cols = draw(st.lists(st.integers(0, w - 1), min_size=n, max_size=n))
    cur, mask = drop_in_turn(h, cols)
    return h, w, cur, mask


@compiled
@pytest.mark.timeout(300)      # 1,500 positions: about 9 s of CPU, several times that on a busy machine
@settings(max_examples=1500, deadline=None, derandomize=True)
@given(positions())
def test_compiled_and_python_kernels_agree(pos: tuple[int, int, int, int]) -> None:
    h, w, cur, mask = pos
    fast, slow = PAIRS[(h, w)]
    assert fast.kernel == ("compiled" if (h + 1) * w <= solver_mod.KERNEL_BITS else "python")
    assert slow.kernel == "python"
    if mask.bit_count() == 12 and (h, w) == (6, 7):
        fast.clear_tt()
        slow.clear_tt()
    out = []
    for s in (fast, slow):
        s.set_budget(node_budget=4_000)
        proof = s.prove(cur, mask)
        try:
            limited = s.limited(cur, mask, 5)
            ok = s.at_least(cur, mask, 1)
            columns = s.column_scores(cur, mask)
        except BudgetExceeded:
            limited, ok, columns = None, None, None
        out.append((proof, limited, ok, columns, s.searched()))
    assert out[0] == out[1]
    if proof.exact and columns is not None:
        assert max(c for c in columns if c is not None) == proof.lo


WIDE = {size: _pair(*size) for size in ((8, 8), (7, 9))}


@compiled
@pytest.mark.skipif(solver_mod.KERNEL_BITS < 128, reason="no 128-bit integer in this build")
@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.sampled_from(sorted(WIDE)), st.integers(0, 2 ** 32))
def test_the_kernels_agree_on_real_searches_over_64_bits(size: tuple[int, int], seed: int) -> None:
    """Positions of 18-40 checkers where the side to move cannot win at once, searched under
    a node budget (the dict tables fill, overflow and drop their older half)."""
    h, w = size
    rng = random.Random(seed)
    cur = mask = 0
    geo = geometry(h, w)
    for _ in range(rng.randint(18, 40)):
        safe = [play(cur, mask, h, c) for c in range(w) if not mask & geo.top_cells[c]]
        safe = [(c, m) for c, m in safe if not has_four(cur | (m ^ mask), h)
                and not winning_cells(c, m, h, w) & geo.possible(m)]   # no four for the reply
        if not safe:
            break
        cur, mask = rng.choice(safe)
    out = []
    for s in WIDE[size]:
        s.set_budget(node_budget=12_000)
        proof = s.prove(cur, mask)
        try:
            limited, columns = s.limited(cur, mask, 6), s.column_scores(cur, mask)
        except BudgetExceeded:
            limited, columns = None, None
        out.append((proof, limited, columns, s.searched()))
    assert out[0] == out[1]


@compiled
def test_the_kernels_agree_on_budgets_and_pons_positions() -> None:
    """Exact node counts under a node budget; a score from the 12-ply book's neighbourhood."""
    fast, slow = _pair(6, 7)
    cur, mask = from_moves("2252576253462244111563365343671351441")   # Test_L3_R1, score -1
    for s in (fast, slow):
        s.set_budget()
        assert s.solve(cur, mask) == -1
    cur, mask = from_moves("2541266355551")                # just past the book
    results = []
    for s in (fast, slow):
        s.set_budget(node_budget=5_000)
        results.append((s.prove(cur, mask), s.searched()))
    assert results[0] == results[1] and results[0][1] == 5_000
    fast.set_budget(time_budget=0)
    with pytest.raises(BudgetExceeded):
        fast.solve(*from_moves("3"), alternating=False)


def test_the_package_solves_with_the_compiled_kernel_switched_off() -> None:
    code = ("from connect4_game.ai.solver import get_solver, compiled_available\n"
            "from connect4_game.ai.bitboard import from_moves\n"
            "s = get_solver(4, 5)\n"
            "s.set_budget()\n"
            "print(compiled_available(), s.kernel, s.solve(*from_moves('', 4, 5)))\n")
    env = dict(os.environ, CONNECT4_KERNEL="python")
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True,
                         text=True, timeout=60, check=True).stdout
    assert out.split() == ["False", "python", "0"]
