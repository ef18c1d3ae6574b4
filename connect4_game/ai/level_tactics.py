"""Exact filters of the named levels' root columns: each takes a bitboard position
(no four on the board, none to make at once) and ``allowed``, a mask of playable cells,
and returns the cells worth keeping -- never an empty mask."""
from __future__ import annotations

import time

from connect4_game.ai import bitboard as bb
from connect4_game.ai.search import shared_searcher

__all__ = ['book_columns', 'solved_columns', 'forced_four_columns', 'double_threat_columns',
           'threat_scores']


def threat_scores(cur: int, mask: int, h: int, w: int, plies: int) -> list[int]:
    """The assignment's scores (BU CS111 ps9, Problem 4) of every column for
    the side owning ``cur`` over ``plies`` plies, a four on the last cell a win.
    :raises ValueError: a bad position or ``plies`` < 0."""
    return shared_searcher(True).search(cur, mask, h, w, plies, True)[0]


def _cells(cols: list[int], mask: int, geo: bb.Geometry) -> int:
    """The playable cells of columns ``cols``."""
    out = 0
    for c in cols:
        out |= (mask + geo.bottom_cells[c]) & geo.col_mask[c]
    return out


def forced_four_columns(cur: int, mask: int, h: int, w: int, allowed: int,
                        plies: int) -> tuple[int, bool]:
    """``(cells, True)``: the cells of ``allowed`` forcing a four soonest within
    ``plies``; else ``(cells, False)``: those losing latest or not at all."""
    geo = bb.geometry(h, w)
    cols = [c for c in range(w) if allowed & geo.col_mask[c]]
    scores = threat_scores(cur, mask, h, w, plies)
    if any(scores[c] == 100 for c in cols):
        for d in range(1, plies + 1, 2):
            sc = threat_scores(cur, mask, h, w, d)
            wins = [c for c in cols if sc[c] == 100]
            if wins:
                return _cells(wins, mask, geo), True
    for d in range(plies, 1, -1):
        sc = scores if d == plies else threat_scores(cur, mask, h, w, d)
        keep = [c for c in cols if sc[c] >= 50]
        if keep:
            return _cells(keep, mask, geo), False
    return allowed, False


def double_threat_columns(cur: int, mask: int, h: int, w: int, allowed: int,
                          under_fours: bool = True) -> int:
    """The cells of ``allowed`` after which the opponent cannot make two fours
    playable at once (``_XX__``), nor with ``under_fours`` one now; else ``allowed``."""
    from connect4_game.ai.evaluate import evaluator
    ev = evaluator(h, w)
    geo, wincells = ev.geo, ev.wincells
    opp = cur ^ mask
    keep = 0
    for c in range(w):
        m = allowed & geo.col_mask[c]
        if not m:
            continue
        mask1 = mask | m
        free1 = geo.board ^ mask1
        poss1 = geo.possible(mask1)
        if under_fours and wincells(opp, free1) & poss1:
            continue
        safe = True
        rr = poss1
        while rr and safe:
            r = rr & -rr
            rr ^= r
            poss2 = geo.possible(mask1 | r)
            if wincells(cur | m, free1 ^ r) & poss2:
                continue                   # we make four first
            t = wincells(opp | r, free1 ^ r) & poss2
            safe = not t & (t - 1)
        if safe:
            keep |= m
    return keep or allowed


def book_columns(cur: int, mask: int, h: int, w: int, allowed: int, alternating: bool) -> int:
    """One checker before a 6x7 book position of a normal game: the cells of
    ``allowed`` with the best book result; else ``allowed``."""
    from connect4_game.ai.book import default_book
    book = default_book()
    n = mask.bit_count()
    if ((h, w) != (6, 7) or not alternating or book is None
            or not (n + 1 <= book.small_ply or n + 1 == book.ply)):
        return allowed
    geo = bb.geometry(6, 7)
    ranked: dict[int, tuple[int, int]] = {}
    for c in range(7):
        m = allowed & geo.col_mask[c]
        if not m:
            continue
        first = cur | m if n % 2 == 0 else cur ^ mask       # the first player's cells
        d = book.probe(first, mask | m)       # for the opponent, to move there
        if d is None:
            return allowed
        ranked[m] = (2, d) if d < 0 else (1, 0) if d == 0 else (0, d)
    top = max(r[0] for r in ranked.values())
    return sum(m for m, r in ranked.items() if r[0] == top)      # one cell a column


def solved_columns(cur: int, mask: int, h: int, w: int, allowed: int, seconds: float,
                   alternating: bool) -> tuple[int, bool]:
    """``(cells of allowed keeping the best perfect-play result, it is a win)``,
    solved within ``seconds``, else ``(allowed, False)``."""
    from connect4_game.ai import perfect
    from connect4_game.ai.solver import BudgetExceeded, get_solver
    geo = bb.geometry(h, w)
    end = time.perf_counter() + seconds
    results: dict[int, int] = {}
    with perfect.LOCK:
        solver = get_solver(h, w)
        opp = cur ^ mask
        for c in geo.order:
            m = allowed & geo.col_mask[c]
            if not m:
                continue
            left = end - time.perf_counter()
            if left <= 0:
                return allowed, False
            solver.set_budget(time_budget=left)
            try:
                results[m] = -solver.solve(opp, mask | m, alternating=alternating, weak=True)
            except BudgetExceeded:
                return allowed, False
    best = max(results.values())
    return sum(m for m, v in results.items() if v == best), best > 0
