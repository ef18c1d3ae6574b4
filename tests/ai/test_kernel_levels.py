"""The named levels' search (connect4_game.ai.alphabeta) in the compiled kernel and in pure
Python: on random positions of several board sizes (up to 128 bits), depths, margins, root cells and node
budgets both give the same scores, best column, depth, node count and cut, and keep the same
transposition table (a small one, so that its older half is dropped again and again)."""
from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from connect4_game.ai.alphabeta import AlphaBeta
from connect4_game.ai.bitboard import from_moves
from connect4_game.ai.solver import KERNEL_BITS, compiled_available
from tests.ai.kernel_positions import drop_in_turn

compiled = pytest.mark.skipif(not compiled_available(),
                              reason="the compiled kernel is not built here (no C compiler at "
                                     "install time) or CONNECT4_KERNEL=python switched it off")

#: boards of 64 bits and less, and of 65 to 128 (a 128-bit integer where the compiler has one)
SIZES = [(4, 4), (4, 5), (5, 4), (6, 7), (3, 7), (7, 8), (5, 9), (8, 7), (8, 8), (8, 14),
         (12, 9), (10, 11)]
ROOT = Path(__file__).resolve().parents[2]
#: one compiled and one Python search a size, kept across examples: their tables must stay equal
PAIRS = {size: (AlphaBeta(*size, max_entries=700, compiled=True),
                AlphaBeta(*size, max_entries=700, compiled=False)) for size in SIZES}


@st.composite
def requests(draw: st.DrawFn) -> tuple[int, int, int, int, int, int, int | None, int | None]:
    """``(h, w, cur, mask, depth, margin, allowed, node_budget)``: random legal moves with no
    four on the board, and a search request of the levels' kind (drawn from a seed, so that
    positions of every length and deep searches come as often as shallow ones)."""
    h, w = draw(st.sampled_from(SIZES))
    rng = random.Random(draw(st.integers(0, 2 ** 32)))
    cur, mask = drop_in_turn(h, (rng.randrange(w) for _ in range(rng.randrange(h * w))))
    depth = rng.randint(1, 8)
    margin = rng.choice([0, 0, 30, 400, 10 ** 9])
    allowed = rng.choice([None, rng.getrandbits((h + 1) * w)])
    budget = rng.choice([None, rng.randint(1, 12_000)]) if depth > 3 else None
    return h, w, cur, mask, depth, margin, allowed, budget


@compiled
@settings(max_examples=400, deadline=None, derandomize=True)
@given(requests())
def test_compiled_and_python_levels_search_agree(req: tuple[int, ...]) -> None:
    h, w, cur, mask, depth, margin, allowed, budget = req
    fast, slow = PAIRS[(h, w)]
    assert fast.kernel == ("compiled" if (h + 1) * w <= KERNEL_BITS else "python")
    assert slow.kernel == "python"
    if budget is None and depth > 3:
        budget = 12_000                                # the Python side stays quick
    out = []
    for ab in (fast, slow):
        r = ab.search(cur, mask, depth, allowed=allowed, margin=margin, node_budget=budget)
        out.append((r.scores, r.column, r.depth, r.nodes, r.cut, ab.entries()))
    assert out[0] == out[1]


@compiled
def test_the_compiled_levels_search_cuts_on_the_clock_and_forgets() -> None:
    cur, mask = from_moves("44")
    ab = AlphaBeta(6, 7, compiled=True)
    res = ab.search(cur, mask, 30, time_budget=0.05)
    assert res.cut == "time" and 1 <= res.depth < 30 and res.column is not None
    assert ab.entries() > 0
    ab.clear()
    assert ab.entries() == 0
    deep = ab.search(cur, mask, 9, node_budget=100_000)
    assert deep.cut == "" and deep.depth == 9 and deep.nodes < 100_000


def test_large_boards_and_the_switch_keep_the_python_levels_search() -> None:
    assert AlphaBeta(12, 14).kernel == "python"        # 13 * 14 bits: beyond 128
    code = ("from connect4_game.ai.alphabeta import AlphaBeta\n"
            "print(AlphaBeta(4, 5).kernel, AlphaBeta(4, 5).search(0, 0, 3).column)\n")
    env = dict(os.environ, CONNECT4_KERNEL="python")
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True,
                         text=True, timeout=60, check=True).stdout
    assert out.split() == ["python", str(AlphaBeta(4, 5, compiled=False).search(0, 0, 3).column)]
