"""Depth-limited negamax with alpha-beta, a transposition table and iterative
deepening for the named levels: each iteration in the compiled kernel (``_ckernel.c``)
where it is built and the board fits its bitboards, else the same search in pure Python
(see docs/ai.md: alphabeta)."""
from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING

from connect4_game.ai.evaluate import WIN_FLOOR, Evaluator, evaluator
from connect4_game.ai.search import drop_older_half
from connect4_game.ai.solver import use_compiled

if TYPE_CHECKING:
    from connect4_game.ai._ckernel import LevelSearch

_LevelSearch: type[LevelSearch] | None
try:  # built by setup.py where a C compiler is found (see connect4_game.ai.solver)
    from connect4_game.ai._ckernel import LevelSearch as _LevelSearch
except ImportError:
    _LevelSearch = None

__all__ = ["AlphaBeta", "SearchResult", "WIN", "WIN_FLOOR", "DEFAULT_TT_ENTRIES", "alphabeta_for"]

#: a four at ply ``p`` from the root scores ``WIN - p``, beyond every evaluation
WIN = 100 * WIN_FLOOR
#: entries of the transposition table (when full about 40 MB in Python, 8.5 MB compiled)
DEFAULT_TT_ENTRIES = 200_000
_EXACT, _LOWER, _UPPER = 0, 1, 2
_INF = 2 * WIN
_MATE = WIN - 10_000          # beyond this, a score is a proven win
_CUTS = ('', 'nodes', 'time')  # the compiled kernel's cut codes


class _OutOfBudget(Exception):
    """The node or time budget ran out."""


@dataclass(frozen=True)
class SearchResult:
    """A search's ``scores`` in points per column (beyond ``WIN_FLOOR`` proven; below
    the margin an upper bound; None: not searched), best ``column``, ``depth`` done
    (plies), ``nodes``, ``seconds`` and ``cut`` (``''``, ``'nodes'`` or ``'time'``)."""

    scores: list[int | None]
    column: int | None
    depth: int
    nodes: int
    seconds: float
    cut: str


class AlphaBeta:
    """The search of one board size, its table bounded to ``max_entries``; one search
    at a time. ``compiled`` as :func:`~connect4_game.ai.solver.use_compiled`, ``kernel``
    the one in use (``"compiled"`` or ``"python"``). :raises ValueError: bad size."""

    def __init__(self, h: int, w: int, max_entries: int = DEFAULT_TT_ENTRIES,
                 compiled: bool | None = None) -> None:
        ev = evaluator(h, w)
        self.h, self.w, self.geo = h, w, ev.geo
        self.max_entries = max(1, max_entries)
        self.table: dict[int, tuple[int, int, int, int]] = {}   # the Python kernel's
        self._kernel = None
        if _LevelSearch is not None and use_compiled(compiled, h, w):
            self._kernel = _LevelSearch(h, w, min(self.max_entries, 1 << 29),
                                        tuple(ev.geo.col_mask[c] for c in ev.geo.order),
                                        ev.even_good, ev.odd_rows, ev.layers, ev.weights)
        self.kernel = "python" if self._kernel is None else "compiled"
        self.nodes = 0
        self._limit = [0]                  # nodes at which the budget is checked next
        self._node_budget = 1 << 62
        self._deadline = float("inf")
        self._build(ev)

    def clear(self) -> None:
        """Forget the transposition table."""
        self.table.clear()
        if self._kernel is not None:
            self._kernel.clear()

    def entries(self) -> int:
        """The positions in the transposition table (at most ``max_entries``)."""
        return len(self.table) if self._kernel is None else len(self._kernel)

    def _build(self, ev: Evaluator) -> None:
        """Compile the node search as a closure over this size's constants."""
        geo = self.geo
        BOT, BRD = geo.bottom, geo.board
        cols = [geo.col_mask[c] for c in geo.order]
        wincells, evaluate = ev.wincells, ev.evaluate
        table = self.table
        tget = table.get
        search = self
        limit, check = self._limit, self._check

        def order(cur: int, mask: int, free: int, moves: int, first: int) -> list[int]:
            """The cells of ``moves``: ``first``, then most threats made, centre first."""
            out = []
            for cm in cols:
                m = moves & cm
                if m and m != first:
                    out.append(((wincells(cur | m, free ^ m)).bit_count(), m))
            out.sort(key=itemgetter(0), reverse=True)
            cells = [m for _, m in out]
            if first & moves:
                cells.insert(0, first)
            return cells

        def negamax(cur: int, mask: int, depth: int, alpha: int, beta: int, ply: int) -> int:
            search.nodes += 1
            if search.nodes >= limit[0]:
                check()
            free = BRD ^ mask
            poss = (mask + BOT) & BRD
            if not poss:
                return 0
            mw = wincells(cur, free)
            if mw & poss:
                return WIN - ply - 1
            ow = wincells(cur ^ mask, free)
            forced = ow & poss
            moves = forced or poss & ~(ow >> 1)
            if forced & (forced - 1) or not moves:
                return -(WIN - ply - 2)
            if depth <= 0:
                return evaluate(cur, mask, mw, ow)
            key = cur + mask
            e = tget(key)
            first = 0
            if e is not None:
                d, kind, v, first = e
                if d >= depth:
                    v = v - ply if v > _MATE else v + ply if v < -_MATE else v
                    if kind == _EXACT:
                        return v
                    if kind == _LOWER:
                        if v >= beta:
                            return v
                    elif v <= alpha:
                        return v
            opp = cur ^ mask
            alpha0 = alpha
            best, best_move = -_INF, 0
            if moves & (moves - 1):
                cells = order(cur, mask, free, moves, first) if depth > 1 else \
                    [moves & cm for cm in cols if moves & cm]
                child_depth = depth - 1
            else:
                cells = [moves]
                child_depth = depth           # forced-move extension
            for m in cells:
                v = -negamax(opp, mask | m, child_depth, -beta, -alpha, ply + 1)
                if v > best:
                    best, best_move = v, m
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            kind = _UPPER if best <= alpha0 else _LOWER if best >= beta else _EXACT
            stored = best + ply if best > _MATE else best - ply if best < -_MATE else best
            if len(table) >= search.max_entries:
                drop_older_half(table)
            table[key] = (depth, kind, stored, best_move)
            return best
        self._negamax = negamax
        self._order = order

    def _check(self) -> None:
        """Raise :class:`_OutOfBudget` once a budget is spent."""
        if self.nodes >= self._node_budget:
            raise _OutOfBudget('nodes')
        if time.perf_counter() >= self._deadline:
            raise _OutOfBudget('time')
        self._limit[0] = min(self._node_budget, self.nodes + 256)

    def search(self, cur: int, mask: int, max_depth: int, *, allowed: int | None = None,
               margin: int = 0, node_budget: int | None = None,
               time_budget: float | None = None) -> SearchResult:
        """Iterative deepening of ``(cur, mask)`` (``cur`` to move) to ``max_depth``
        plies over the ``allowed`` root cells, exact within ``margin`` points of the
        best; ``node_budget`` and ``time_budget`` (seconds) stop it after depth 1.
        :raises ValueError: ``max_depth`` < 1 or a negative margin."""
        if max_depth < 1 or margin < 0:
            raise ValueError(f"need max_depth >= 1 and margin >= 0, got {max_depth}, {margin}")
        t0 = time.perf_counter()
        geo = self.geo
        poss = (mask + geo.bottom) & geo.board
        root = poss if allowed is None else poss & allowed
        cells = self._order(cur, mask, geo.board ^ mask, root, 0)
        self.nodes = 0
        done: list[int | None] = [None] * self.w
        depth_done, cut = 0, ''
        for depth in range(1, max_depth + 1):
            self._arm(node_budget if depth_done else None, time_budget if depth_done else None, t0)
            try:
                if depth_done:
                    self._check()               # spent before the next iteration starts
                scores = self._root(cur, mask, cells, depth, margin)
            except _OutOfBudget as e:
                cut = str(e)
                break
            done, depth_done = scores, depth
            cells.sort(key=lambda m: -_col_score(scores, m, geo.stride))
            best = max(s for s in scores if s is not None) if cells else 0
            if abs(best) > _MATE:
                break                           # a proven result: deeper changes nothing
        best_col = (cells[0].bit_length() - 1) // geo.stride if cells else None
        return SearchResult(done, best_col, depth_done, self.nodes, time.perf_counter() - t0, cut)

    def _arm(self, node_budget: int | None, time_budget: float | None, t0: float) -> None:
        """Set the budgets of the next iteration (None: unlimited)."""
        self._node_budget = (1 << 62) if node_budget is None else node_budget
        self._deadline = float("inf") if time_budget is None else t0 + time_budget
        self._limit[0] = min(self._node_budget, self.nodes + 256)

    def _root(self, cur: int, mask: int, cells: list[int], depth: int, margin: int) -> list[int | None]:
        """One iteration: the score of every root cell in ``cells``.
        :raises _OutOfBudget: a budget ran out."""
        if self._kernel is not None:
            left = self._deadline - time.perf_counter()
            cut, scores, self.nodes = self._kernel.root(
                cur, mask, tuple(cells), depth, min(margin, 4 * _INF), self.nodes,
                self._node_budget, left)
            if cut:
                raise _OutOfBudget(_CUTS[cut])
            return list(scores)
        stride = self.geo.stride
        opp = cur ^ mask
        free = self.geo.board ^ mask
        wincells = evaluator(self.h, self.w).wincells
        mw = wincells(cur, free)
        out: list[int | None] = [None] * self.w
        best = -_INF
        for m in cells:
            if mw & m:
                v = WIN - 1
            else:
                floor = best - margin - 1 if best > -_INF else -_INF
                v = -self._negamax(opp, mask | m, depth - 1, -_INF, -floor, 1)
            out[(m.bit_length() - 1) // stride] = v
            best = max(best, v)
        return out


def _col_score(scores: list[int | None], m: int, stride: int) -> int:
    """Sort key: the score of the column of cell ``m`` (-inf if none)."""
    s = scores[(m.bit_length() - 1) // stride]
    return -_INF if s is None else s


@lru_cache(maxsize=2)
def alphabeta_for(h: int, w: int) -> AlphaBeta:
    """The shared :class:`AlphaBeta` of an ``h`` x ``w`` board (two sizes kept).
    :raises ValueError: bad size."""
    return AlphaBeta(h, w)
