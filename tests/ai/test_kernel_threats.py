"""The assignment's search behind ``AIPlayer.scores_for`` (BU CS111 ps9, Problem 4;
connect4_game.ai.search) in the compiled kernel and in pure Python: on random positions of
several board sizes (up to 128 bits), lookaheads and both rules for a full board, both give
the same scores and node counts and keep the same tables (small ones, so that their older
half is dropped again and again)."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from connect4_game.ai.search import Engine, Searcher
from connect4_game.ai.solver import KERNEL_BITS, compiled_available
from tests.ai.kernel_positions import drop_in_turn

compiled = pytest.mark.skipif(not compiled_available(),
                              reason="the compiled kernel is not built here (no C compiler at "
                                     "install time) or CONNECT4_KERNEL=python switched it off")

SIZES = [(4, 4), (4, 5), (6, 7), (5, 9), (7, 8), (8, 8), (12, 9), (8, 14)]
#: one compiled and one Python searcher a size and rule, kept across examples
PAIRS = {(size, wbf): (Searcher(300, compiled=True), Searcher(300, compiled=False))
         for size in SIZES for wbf in (False, True)}


@compiled
@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.sampled_from(sorted(PAIRS)), st.integers(0, 2 ** 32))
def test_compiled_and_python_assignment_search_agree(key: tuple[tuple[int, int], bool],
                                                     seed: int) -> None:
    (h, w), wbf = key
    rng = random.Random(seed)
    cur, mask = drop_in_turn(h, (rng.randrange(w) for _ in range(rng.randrange(h * w))),
                             keep_four=lambda: rng.random() >= 0.9)    # mostly stop before a four
    lookahead, value = rng.randint(0, 11), rng.random() < 0.2
    fast, slow = PAIRS[key]
    out = []
    for s in (fast, slow):
        scores, nodes, _ = s.search(cur, mask, h, w, lookahead, wbf, value)
        out.append((scores, nodes, s.tt_size))
    assert out[0] == out[1]
    expected = "compiled" if (h + 1) * w <= KERNEL_BITS else "python"
    assert Engine(h, w, wbf, 10, compiled=True).kernel == expected


@compiled
def test_the_compiled_assignment_search_clears_its_tables() -> None:
    s = Searcher(compiled=True)
    assert s.tt_size == 0
    s.search(0, 0, 6, 7, 8)
    assert s.tt_size > 0 and s.last_nodes > 0
    s.clear()
    assert s.tt_size == 0
