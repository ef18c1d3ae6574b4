"""Expert level: perfect play and a "win in N" analysis for any board.

* :func:`analyze` gives, for every column, the game-theoretic result for the
  side to move -- ``win``/``draw``/``loss`` with the number of checkers
  (plies, this column's checker included) until the game ends under best
  play, or ``full`` -- proven by :mod:`connect4_game.ai.solver` (with the 6x7
  opening book of :mod:`connect4_game.ai.book`) when possible within the time
  budget, and otherwise a clearly marked estimate. On the standard 6x7
  board, when the optional bitbully package is installed, the exact scores
  come from it instead (:mod:`connect4_game.ai.perfect`: instant and
  perfect); the results have the same shape and labels either way.
* :class:`ExpertPlayer` plays the best column of that analysis: the fastest
  proven win; with no win a draw; with only losses the slowest loss; among
  equals the most central column.

Side to move: the checker with fewer (or as many) checkers on the board; X
moves first (:meth:`Board.to_move`), unless a ``checker`` is given.
The result type is :class:`~connect4_game.ai.score.ColumnScore` (one
:class:`~connect4_game.ai.score.Score` per column); :func:`choose_column`
lives in :mod:`connect4_game.ai.expert_result` and is re-exported here.

Nothing here imports pygame.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from connect4_game.ai import perfect
from connect4_game.ai.bitboard import from_board, geometry, has_four
from connect4_game.ai.expert_result import choose_column
from connect4_game.ai.score import ColumnScore, NoMove, Score, Wdl
from connect4_game.ai.solver import (
    BudgetExceeded,
    Solver,
    get_solver,
    plies_to_score,
    score_to_plies,
)
from connect4_game.core.board import Board, validate_checker
from connect4_game.core.checks import check_optional_int, check_seconds
from connect4_game.players import Player

__all__ = ["ColumnScore", "analyze", "choose_column", "ExpertPlayer", "DEFAULT_TIME_BUDGET",
           "EXPERT_MOVE_BUDGET"]

#: default seconds for one :func:`analyze` call
DEFAULT_TIME_BUDGET = 5.0
#: default seconds per move of :class:`ExpertPlayer` (a move must take at most 10 s)
EXPERT_MOVE_BUDGET = 9.0


_T = TypeVar("_T")


def _check_board(board: Board) -> None:
    if not isinstance(board, Board):
        for attr in ("height", "width", "slots"):
            if not hasattr(board, attr):
                raise ValueError(f"board must be a Board, got {board!r}")


class _Clock:
    """Time and node budget of one analysis, shared out between searches."""

    def __init__(self, solver: Solver, time_budget: float, node_budget: int | None) -> None:
        self.solver = solver
        self.start = time.perf_counter()
        self.budget = time_budget
        self.nodes_left = node_budget

    def until(self, fraction: float) -> float:
        return self.start + fraction * self.budget

    def run(self, k: int, fraction: float, fn: Callable[..., _T], *args: object,
            share: float = 1.0) -> _T | None:
        """Run ``fn(*args)`` with ``share``/k of the time left before
        ``fraction`` of the budget (and of the nodes left); None if the budget
        runs out."""
        t = (self.until(fraction) - time.perf_counter()) * min(1.0, share / max(1, k))
        nb = None if self.nodes_left is None else int(self.nodes_left * min(1.0, share / max(1, k)))
        if t <= 0 or nb == 0:
            return None
        self.solver.set_budget(time_budget=t, node_budget=nb)
        try:
            return fn(*args)
        except BudgetExceeded:
            return None
        finally:
            if self.nodes_left is not None:
                self.nodes_left = max(0, self.nodes_left - self.solver.searched())


def _ours(column: int, child_score: int, n: int, cells: int) -> ColumnScore:
    """Exact result of a column from the exact score of the position after it."""
    d = score_to_plies(child_score, n + 1, cells)          # for the opponent
    return ColumnScore(column, Score.of_pons(-child_score, abs(d) + 1 if d else None))


# the solvers (and their TTs) and the bitbully engine are shared: one analysis at a
# time (re-entrant: the bitbully path calls connect4_game.ai.perfect, which takes it too)
_LOCK = perfect.LOCK


def analyze(board: Board, time_budget: float = DEFAULT_TIME_BUDGET, checker: str | None = None,
            node_budget: int | None = None, best_only: bool = False,
            lower_bound: int | None = None) -> list[ColumnScore]:
    """Analyse every column of ``board`` for the side to move.

    :param board: a :class:`connect4_game.core.board.Board` of any size (not changed).
    :param time_budget: seconds for the whole analysis (> 0).
    :param checker: the side to analyse for; default: the side to move
        (fewer or equal checkers; X moves first).
    :param node_budget: optional cap on the positions searched (deterministic
        budgets for tests), None = unlimited.
    :param best_only: stop once the best column is proven (what
        :class:`ExpertPlayer` needs); the other columns then keep what is
        known about them (a proven kind, else an estimate).
    :param lower_bound: a Pons score the side to move is known to reach
        (e.g. the score of its previous move in the same game); it narrows
        and guides the search. Must be a true bound.
    :returns: a list of ``board.width`` :class:`~connect4_game.ai.score.ColumnScore`,
        index = column.
    :raises ValueError: bad board, budget or checker.

    Steps: (1) the exact value ``v`` of the position (opening book, or one
    solver search, first testing ``lower_bound``) and a move reaching it;
    (2) null-window searches per column, in rounds of growing time slices,
    to find the columns reaching ``v``; (3) exact scores of the other
    columns, inside the bound learned in (2); (4) for columns still open,
    what is proven (a bound: ``'win'``, ``'loss'``, ``'≥ draw'``), else the
    deepest depth-limited lookahead completed (a forced win/loss found there
    is exact), else an estimate (``exact=False``, label ``'≈ ...'``) from the
    positional tiebreak. Techniques from Pascal Pons, "Solving Connect 4".

    On 6x7, for the side to move of a normal game (X first, sides
    alternating), without ``node_budget``, and when the optional bitbully
    package is usable, the scores come from bitbully instead
    (:func:`connect4_game.ai.perfect.solve_position`): every column exact,
    or with ``best_only`` the value, the most central column reaching it
    and bounds for the others. If bitbully is missing or fails, the steps
    above run as without it.

    Thread-safe: calls from several threads run one after the other (the
    time budget counts from the start of the search, not of the wait).
    """
    with _LOCK:
        return _analyze(board, time_budget, checker, node_budget, best_only, lower_bound)


def _analyze(board: Board, time_budget: float, checker: str | None, node_budget: int | None,
             best_only: bool, lower_bound: int | None) -> list[ColumnScore]:
    """The body of :func:`analyze` (run under ``_LOCK``): check the
    arguments, try the bitbully backend, else run :class:`_Analysis`."""
    _check_board(board)
    check_seconds(time_budget, "time_budget")
    check_optional_int(node_budget, "node_budget", 0)
    check_optional_int(lower_bound, "lower_bound")
    side, alternating = _side_to_analyse(board, checker)
    if (board.height, board.width) == (6, 7) and alternating and node_budget is None:
        res = _analyze_bitbully(board, time_budget, best_only, lower_bound)
        if res is not None:
            return res
    return _Analysis(board, side, alternating, time_budget, node_budget, best_only).run(lower_bound)


def _side_to_analyse(board: Board, checker: str | None) -> tuple[str, bool]:
    """``(side, alternating)``: the checker analysed (``checker``, default the
    side to move) and whether it is the side to move of a normal game (X
    first, sides alternating). :raises ValueError: bad checker."""
    to_move = board.to_move()
    side = to_move if checker is None else validate_checker(checker)
    nx, no = board.num_checkers("X"), board.num_checkers("O")
    return side, side == to_move and nx - no in (0, 1)


class _Analysis:
    """Steps (1) to (4) of :func:`analyze` on one position, without bitbully.

    State shared by the steps: ``results`` (one :class:`ColumnScore` or
    None per column), ``pending`` (the open columns as ``(column, move
    bit)``, centre first), ``upper`` (column -> proven upper bound of its
    Pons score) and ``v`` (the exact value of the position once proven).
    """

    def __init__(self, board: Board, side: str, alternating: bool, time_budget: float,
                 node_budget: int | None, best_only: bool) -> None:
        h, w = board.height, board.width
        self.h = h
        self.cur, self.mask = from_board(board, side)
        self.geo = geometry(h, w)
        self.solver = get_solver(h, w)
        self.clock = _Clock(self.solver, time_budget, node_budget)
        self.cells = self.geo.cells
        self.n = self.mask.bit_count()
        self.opp = self.cur ^ self.mask
        self.alternating = alternating
        self.best_only = best_only
        self.results: list[ColumnScore | None] = [None] * w
        self.pending: list[tuple[int, int]] = []
        self.upper: dict[int, int] = {}
        self.v: int | None = None

    def run(self, lower_bound: int | None) -> list[ColumnScore]:
        """All the steps; returns the list of ``w`` :class:`ColumnScore`."""
        self._settle_at_once()
        if not self.pending or (self.best_only and any(
                r is not None and r.score is not None and r.score.proven and r.score.wdl is Wdl.WIN
                for r in self.results)):
            return self._finish(False)
        self._position_value(lower_bound)
        if self.v is not None:
            self._columns_reaching_value(self.v)
        if not self.best_only:
            self._exact_scores()
        found = any(r is not None and r.score is not None and r.score.proven
                    for r in self.results)
        return self._finish(not (self.best_only and found))

    def _settle_at_once(self) -> None:
        """The columns known without search (full, game over, a four at
        once, the board's last cell); the others go to ``pending``."""
        geo, cur, mask, n, cells = self.geo, self.cur, self.mask, self.n, self.cells
        over = has_four(cur, self.h) or has_four(self.opp, self.h)
        for c in geo.order:
            if mask & geo.top_cells[c]:
                self.results[c] = ColumnScore(c, None, NoMove.FULL)
            elif over:
                self.results[c] = ColumnScore(c, None, NoMove.OVER)
            else:
                m = (mask + geo.bottom_cells[c]) & geo.col_mask[c]
                if has_four(cur | m, self.h):
                    self.results[c] = ColumnScore(c, Score.of_pons((cells + 1 - n) // 2, 1))
                elif n + 1 >= cells:
                    self.results[c] = ColumnScore(c, Score.of_pons(0, None))
                else:
                    self.pending.append((c, m))

    def _take(self, c: int) -> int | None:
        """Remove column ``c`` from ``pending``; its move bit, or None if it
        was not open."""
        for cm in self.pending:
            if cm[0] == c:
                self.pending.remove(cm)
                return cm[1]
        return None

    def _position_value(self, lower_bound: int | None) -> None:
        """Step (1): the value of the position, and a move reaching it when
        the search shows one; out of time, the proven bounds instead."""
        solver, clock, geo = self.solver, self.clock, self.geo
        cur, mask, n = self.cur, self.mask, self.n
        lb = _parent_bound(solver, cur, mask, n, self.alternating)
        if lower_bound is not None:
            lb = lower_bound if lb is None else max(lb, lower_bound)
        proof = clock.run(1, 0.85 if self.best_only else 0.4, solver.prove, cur, mask,
                          self.alternating, lb, None, lb)
        if proof is None:
            return
        bm = proof.move
        if proof.exact:
            self.v = v = proof.lo
            if bm:                         # the search proved this move reaches v
                c = (bm.bit_length() - 1) // geo.stride
                if self._take(c) is not None:
                    self.results[c] = _ours(c, -v, n, self.cells)
        elif bm:
            # out of time: keep the proven bounds and the move that reaches the lower one
            c = (bm.bit_length() - 1) // geo.stride
            m = self._take(c)
            if m is not None:
                self.results[c] = _bounded(solver, c, proof.lo, proof.hi, cur, mask, m)
            for cm in self.pending:
                self.upper[cm[0]] = proof.hi

    def _columns_reaching_value(self, v: int) -> None:
        """Step (2): which columns reach ``v``: a null-window test per column
        (score after the move <= -v), in rounds of growing time slices so
        that easy columns -- usually the refutations of bad moves -- are
        settled first. When every column but one is shown to fall short of
        ``v``, the last one reaches ``v``."""
        if len(self.pending) == 1 and not _has_best(self.results, v):
            c, _m = self.pending.pop()      # the only column left reaches v
            self.results[c] = _ours(c, -v, self.n, self.cells)
        end = 0.9 if self.best_only else 0.6
        # rounds over the open columns with time slices doubling each round
        # (1/16 of the time left per column first), so the cheap tests finish
        # first whatever their order, at most about twice the ideal cost
        share = 1 / 16
        while self.pending and self._time_left(end):
            if self.best_only and _has_best(self.results, v):
                break
            todo = [cm for cm in self.pending if cm[0] not in self.upper]
            if not todo:
                break
            self._test_round(todo, v, end, share)
            share = min(1.0, share * 2)

    def _time_left(self, end: float) -> bool:
        """True while time is left before ``end`` (a fraction of the budget)
        and nodes are left."""
        clock = self.clock
        return (clock.until(end) - time.perf_counter() > 0.001
                and (clock.nodes_left is None or clock.nodes_left > 0))

    def _test_round(self, todo: list[tuple[int, int]], v: int, end: float, share: float) -> None:
        """One round of step (2): test each ``(column, move bit)`` of
        ``todo`` with ``share`` of the time left before ``end``."""
        results, pending, n, cells = self.results, self.pending, self.n, self.cells
        for c, m in todo:
            if self.best_only and _has_best(results, v):
                break
            if (c, m) not in pending:      # settled by elimination meanwhile
                continue
            ok = self.clock.run(1, end, self.solver.at_least, self.opp, self.mask | m, -v + 1,
                                self.alternating, share=share)
            if ok is None:
                continue
            if ok:                 # the opponent gets at least -v+1: our score <= v-1
                self.upper[c] = v - 1
                left = [cm for cm in pending if cm[0] not in self.upper]
                if len(left) == 1 and not _has_best(results, v):
                    lc, _lm = left[0]
                    results[lc] = _ours(lc, -v, n, cells)
                    pending.remove(left[0])
            else:
                results[c] = _ours(c, -v, n, cells)
                pending.remove((c, m))

    def _exact_scores(self) -> None:
        """Step (3): exact scores of the other columns, inside the bounds
        learned in step (2)."""
        todo = list(self.pending)
        for i, (c, m) in enumerate(todo):
            lo = None if c not in self.upper else -self.upper[c]
            s = self.clock.run(len(todo) - i, 0.9, self.solver.solve, self.opp, self.mask | m,
                               self.alternating, False, lo)
            if s is not None:
                self.results[c] = _ours(c, s, self.n, self.cells)
                self.pending.remove((c, m))

    def _finish(self, deepen: bool) -> list[ColumnScore]:
        """Step (4) (:func:`_finish`) for the columns still open."""
        return _finish(self.solver, self.clock, self.results, self.pending, self.upper, self.v,
                       self.cur, self.mask, self.n, self.alternating, deepen)


def _analyze_bitbully(board: Board, time_budget: float, best_only: bool,
                      lower_bound: int | None) -> list[ColumnScore] | None:
    """:func:`analyze` through the bitbully backend of
    :mod:`connect4_game.ai.perfect`; None when bitbully cannot be used (not
    installed, disabled, or it failed), so the caller searches itself."""
    try:
        pr = perfect.solve_position(board, backend="bitbully", time_budget=time_budget,
                                    best_only=best_only, lower_bound=lower_bound)
    except perfect.BackendUnavailable:
        return None
    v = pr.value
    out = []
    for cs in pr.columns:
        s = cs.score
        if s is None or s.exact:
            out.append(ColumnScore(cs.column, s, cs.no_move))
        else:
            out.append(_from_bounds(board, cs.column, s.lo, s.hi, v))
    return out


def _from_bounds(board: Board, c: int, lo: int | None, hi: int | None,
                 v: int | None) -> ColumnScore:
    """A column known to score in ``lo..hi`` (and, when ``hi < v``, less than
    the best column): a proven loss or win of unknown distance, else an
    estimate from the positional tiebreak, capped by ``hi``."""
    h, w = board.height, board.width
    cur, mask = from_board(board, board.to_move())
    geo = geometry(h, w)
    m = (mask + geo.bottom_cells[c]) & geo.col_mask[c]
    value = -_light_solver(h, w).heuristic(cur ^ mask, mask | m)
    score = Score.from_bounds(lo, hi, value)
    worse = not score.proven and v is not None and hi is not None and hi < v
    return ColumnScore(c, score, worse=worse)


_LIGHT: dict[tuple[int, int], Solver] = {}


def _light_solver(h: int, w: int) -> Solver:
    """A solver with a two-slot table, for :meth:`Solver.heuristic` only (the
    shared one of :func:`get_solver` allocates a 38 MB table)."""
    s = _LIGHT.get((h, w))
    if s is None:
        s = _LIGHT[(h, w)] = Solver(h, w, book=None, tt_size=2)
    return s


def _has_best(results: list[ColumnScore | None], v: int) -> bool:
    return any(r is not None and r.score is not None and r.score.exact and r.score.pons == v
               for r in results)


def _parent_bound(solver: Solver, cur: int, mask: int, n: int, alternating: bool) -> int | None:
    """On 6x7 with the book, a position with 13 checkers (O to move) scores at
    least ``-v(P)`` for every 12-checker parent ``P`` in the book (the last
    checker, an X one, taken back): ``v(P)`` is the max over P's moves."""
    book = solver.book
    if book is None or not alternating or n != book.ply + 1 or (solver.height, solver.width) != (6, 7):
        return None
    geo = solver.geo
    x = cur ^ mask                                # X's cells (X moved last)
    best: int | None = None
    for c in range(geo.w):
        col = mask & geo.col_mask[c]
        if not col:
            continue
        top = 1 << (col.bit_length() - 1)
        if not x & top:
            continue
        pm = mask ^ top
        px = x ^ top
        d = book.probe(px, pm)                    # X to move in P
        if d is None:
            continue
        b = -plies_to_score(d, book.ply, geo.cells)
        best = b if best is None else max(best, b)
    return best


def _bounded(solver: Solver, c: int, lo: int, hi: int, cur: int, mask: int,
             m: int) -> ColumnScore:
    """Column whose score is proven to be in [lo, hi] (exact distance unknown)."""
    return ColumnScore(c, Score.from_bounds(lo, hi, -solver.heuristic(cur ^ mask, mask | m)))


def _finish(solver: Solver, clock: _Clock, results: list[ColumnScore | None],
            pending: list[tuple[int, int]], upper: dict[int, int], v: int | None, cur: int,
            mask: int, n: int, alternating: bool, deepen: bool) -> list[ColumnScore]:
    """Step (4) of :func:`analyze` for the columns still open."""
    for i, (c, m) in enumerate(pending):
        up = upper.get(c, v)           # no column scores more than the position's value v
        refuted = v is not None and c in upper and upper[c] < v
        results[c] = _fallback(solver, clock, len(pending) - i, c, cur, mask, m, n,
                               alternating, up, deepen, refuted)
    done = [r for r in results if r is not None]
    assert len(done) == len(results)       # every column settled
    return done


def _fallback(solver: Solver, clock: _Clock, k: int, c: int, cur: int, mask: int, m: int,
              n: int, alternating: bool, upper: int | None, deepen: bool,
              refuted: bool = False) -> ColumnScore:
    cells = solver.cells
    opp = cur ^ mask
    known = solver.known(opp, mask | m, alternating)
    if known is not None:
        return _ours(c, known, n, cells)
    value = -solver.heuristic(opp, mask | m)
    if upper is not None and upper < 0:
        # proven loss (score <= upper < 0), distance unknown
        return ColumnScore(c, Score.from_bounds(None, upper, value))
    best_depth, s = 0, 0
    if deepen:
        state = [0, 0]

        def deepen_() -> None:
            depth = 2
            while depth <= cells - n:
                r = solver.limited(opp, mask | m, depth, alternating)
                state[0], state[1] = depth, r
                if r != 0:
                    return
                depth += 2
        clock.run(k, 1.0, deepen_)
        best_depth, s = state
    if s != 0 or best_depth >= cells - n - 1:
        return _ours(c, s, n, cells)
    return ColumnScore(c, Score.estimate(value, best_depth), worse=refuted)


class ExpertPlayer(Player):
    """A computer player with perfect play whenever the solver can prove the
    result within ``time_budget`` (always on 6x7 in practice, thanks to the
    opening book, or to the optional bitbully backend when installed).

    :param checker: ``'X'`` or ``'O'``.
    :param time_budget: seconds per move (> 0), default 9 (at most 10 s is allowed).
    :raises ValueError: bad checker or budget.

    Attributes: ``checker``, ``num_moves``, ``time_budget``, and after each
    :meth:`next_move` ``last_analysis`` (the :func:`analyze` list) and
    ``last_time`` (seconds).
    """

    def __init__(self, checker: str, time_budget: float = EXPERT_MOVE_BUDGET) -> None:
        validate_checker(checker)
        budget = check_seconds(time_budget, "time_budget")
        assert budget is not None          # check_seconds returns None only with allow_none
        self.time_budget: float = budget
        super().__init__(checker)
        self.last_analysis: list[ColumnScore] | None = None
        self.last_time = 0.0
        # (size, own cells, mask after our last move, its proven score)
        self._prev: tuple[tuple[int, int], int, int, int] | None = None

    def __repr__(self) -> str:
        """``'Player X (EXPERT)'``."""
        return f"{super().__repr__()} (EXPERT)"

    def next_move(self, b: Board) -> int:
        """The best column of ``b`` for this player (see :func:`choose_column`);
        counts the move and keeps the analysis in ``last_analysis``. When
        ``b`` continues the game of this player's previous move (one new
        opponent checker), the score proven then is a lower bound now (Pons
        scores do not change along best play), which speeds up the search.

        :raises ValueError: if no column can take a checker or the game is over.
        """
        t0 = time.perf_counter()
        _check_board(b)
        cur, mask = from_board(b, self.checker)
        lb = None
        prev = self._prev
        if prev is not None:
            size, pcur, pmask, pscore = prev
            new = mask ^ pmask
            if (size == (b.height, b.width) and mask & pmask == pmask and cur & pmask == pcur
                    and new.bit_count() == 1 and not cur & new):
                lb = pscore
        results = analyze(b, self.time_budget, checker=self.checker, best_only=True, lower_bound=lb)
        col = choose_column(results, b.width)
        s = results[col].score
        proven = None if s is None else s.pons if s.exact else s.lo
        self._prev = None
        if proven is not None:
            geo = geometry(b.height, b.width)
            m = (mask + geo.bottom_cells[col]) & geo.col_mask[col]
            self._prev = ((b.height, b.width), cur | m, mask | m, proven)
        self.last_analysis = results
        self.last_time = time.perf_counter() - t0
        self.num_moves += 1
        return col
