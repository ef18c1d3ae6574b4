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
Nothing here imports pygame.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from connect4_game.ai import perfect
from connect4_game.ai.bitboard import from_board, geometry, has_four
from connect4_game.board import Board, validate_checker
from connect4_game.players import Player
from connect4_game.ai.solver import BudgetExceeded, Solver, get_solver, plies_to_score, score_to_plies
from connect4_game.rules import check_optional_int, check_seconds

__all__ = ["ColumnResult", "analyze", "choose_column", "ExpertPlayer", "DEFAULT_TIME_BUDGET",
           "EXPERT_MOVE_BUDGET"]

#: default seconds for one :func:`analyze` call
DEFAULT_TIME_BUDGET = 5.0
#: default seconds per move of :class:`ExpertPlayer` (a move must take at most 10 s)
EXPERT_MOVE_BUDGET = 9.0


@dataclass(frozen=True)
class ColumnResult:
    """The result of dropping a checker in one column, for the side to move.

    Fields:

    * ``column`` -- 0-based column index;
    * ``kind`` -- ``'win'``, ``'draw'``, ``'loss'``, ``'full'`` (column cannot
      take a checker) or ``'over'`` (the game is already won, no move);
    * ``moves`` -- plies until the game ends under best play, counting this
      column's checker (``'win in 1'`` wins at once, ``'loss in 2'`` lets the
      opponent win next); None for full columns, estimates, and proven
      wins/losses whose distance was not found in time (label ``'win'`` /
      ``'loss'``);
    * ``exact`` -- True if the kind is proven, False for an estimate;
    * ``label`` -- ``'win in 9'``, ``'draw'``, ``'loss in 14'``, ``'win'``,
      ``'loss'``, ``'full'``, ``'game over'``; for estimates ``'≥ draw'`` (a
      draw at least is proven) or ``'≈ win'`` / ``'≈ draw'`` / ``'≈ loss'``;
    * ``score`` -- Pons score of the move for the side to move (positive =
      win, larger = sooner), None when not exact;
    * ``depth`` -- for estimates, the lookahead in plies (after this move)
      within which no side can force a win; None otherwise;
    * ``value`` -- for estimates, the positional tiebreak in points (> 0
      favours the side to move); 0 otherwise;
    * ``bound`` -- a proven lower bound of ``score`` when the exact score is
      unknown, else None;
    * ``worse`` -- True for an estimate proven to score less than the best
      column (ranked after the other estimates).
    """

    column: int
    kind: str
    moves: int | None
    exact: bool
    label: str
    score: int | None = None
    depth: int | None = None
    value: int = 0
    bound: int | None = None
    worse: bool = False


def _exact(column: int, plies: int, score: int) -> ColumnResult:
    if plies > 0:
        return ColumnResult(column, "win", plies, True, f"win in {plies}", score)
    if plies < 0:
        return ColumnResult(column, "loss", -plies, True, f"loss in {-plies}", score)
    return ColumnResult(column, "draw", None, True, "draw", 0)


def _estimate(column: int, depth: int | None, value: int) -> ColumnResult:
    kind = "win" if value >= 8 else "loss" if value <= -8 else "draw"
    return ColumnResult(column, kind, None, False, "≈ " + kind, None, depth, value)


def _check_board(board) -> None:
    if not isinstance(board, Board):
        for attr in ("height", "width", "slots"):
            if not hasattr(board, attr):
                raise ValueError(f"board must be a Board, got {board!r}")


class _Clock:
    """Time and node budget of one analysis, shared out between searches."""

    def __init__(self, solver, time_budget, node_budget):
        self.solver = solver
        self.start = time.perf_counter()
        self.budget = time_budget
        self.nodes_left = node_budget

    def until(self, fraction: float) -> float:
        return self.start + fraction * self.budget

    def run(self, k: int, fraction: float, fn, *args, share: float = 1.0):
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


def _ours(column: int, child_score: int, n: int, cells: int) -> ColumnResult:
    """Exact result of a column from the exact score of the position after it."""
    d = score_to_plies(child_score, n + 1, cells)          # for the opponent
    return _exact(column, (-d + 1) if d < 0 else -(d + 1) if d > 0 else 0, -child_score)


# the solvers (and their TTs) and the bitbully engine are shared: one analysis at a
# time (re-entrant: the bitbully path calls connect4_game.ai.perfect, which takes it too)
_LOCK = perfect.LOCK


def analyze(board: Board, time_budget: float = DEFAULT_TIME_BUDGET, checker: str | None = None,
            node_budget: int | None = None, best_only: bool = False,
            lower_bound: int | None = None) -> list[ColumnResult]:
    """Analyse every column of ``board`` for the side to move.

    :param board: a :class:`connect4_game.board.Board` of any size (not changed).
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
    :returns: a list of ``board.width`` :class:`ColumnResult`, index = column.
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


def _analyze(board, time_budget, checker, node_budget, best_only, lower_bound):
    _check_board(board)
    check_seconds(time_budget, "time_budget")
    check_optional_int(node_budget, "node_budget", 0)
    check_optional_int(lower_bound, "lower_bound")
    h, w = board.height, board.width
    to_move = board.to_move()
    side = to_move if checker is None else validate_checker(checker)
    nx, no = board.num_checkers("X"), board.num_checkers("O")
    alternating = side == to_move and nx - no in (0, 1)
    if (h, w) == (6, 7) and alternating and node_budget is None:
        res = _analyze_bitbully(board, time_budget, best_only, lower_bound)
        if res is not None:
            return res
    cur, mask = from_board(board, side)
    geo = geometry(h, w)
    solver = get_solver(h, w)
    clock = _Clock(solver, time_budget, node_budget)
    cells = geo.cells
    n = mask.bit_count()
    opp = cur ^ mask
    results: list[ColumnResult | None] = [None] * w
    over = has_four(cur, h) or has_four(opp, h)
    pending = []                       # (column, move bit), centre first
    for c in geo.order:
        if mask & geo.top_cells[c]:
            results[c] = ColumnResult(c, "full", None, True, "full")
        elif over:
            results[c] = ColumnResult(c, "over", None, True, "game over")
        else:
            m = (mask + geo.bottom_cells[c]) & geo.col_mask[c]
            if has_four(cur | m, h):
                results[c] = _exact(c, 1, (cells + 1 - n) // 2)
            elif n + 1 >= cells:
                results[c] = _exact(c, 0, 0)
            else:
                pending.append((c, m))
    if not pending or (best_only and any(r is not None and r.kind == "win" for r in results)):
        return _finish(solver, clock, results, pending, {}, None, cur, mask, n, alternating, False)
    upper: dict[int, int] = {}         # column -> proven upper bound of its score

    # (1) the value of the position, and a move reaching it when the search shows one
    lb = _parent_bound(solver, cur, mask, n, alternating)
    if lower_bound is not None:
        lb = lower_bound if lb is None else max(lb, lower_bound)

    v = None
    proof = clock.run(1, 0.85 if best_only else 0.4, solver.prove, cur, mask, alternating,
                      lb, None, lb)
    if proof is not None and proof.exact:
        v, bm = proof.lo, proof.move
        if bm:                         # the search proved this move reaches v
            c = (bm.bit_length() - 1) // geo.stride
            for cm in pending:
                if cm[0] == c:
                    results[c] = _ours(c, -v, n, cells)
                    pending.remove(cm)
                    break
    elif proof is not None and proof.move:
        # out of time: keep the proven bounds and the move that reaches the lower one
        plo, phi, bm = proof.lo, proof.hi, proof.move
        c = (bm.bit_length() - 1) // geo.stride
        for cm in pending:
            if cm[0] == c:
                results[c] = _bounded(solver, c, plo, phi, cur, mask, cm[1])
                pending.remove(cm)
                break
        for cm in pending:
            upper[cm[0]] = phi
    # (2) which columns reach v: a null-window test per column (score after the
    # move <= -v), in rounds of growing time slices so that easy columns --
    # usually the refutations of bad moves -- are settled first. When every
    # column but one is shown to fall short of v, the last one reaches v.
    if v is not None and len(pending) == 1 and not _has_best(results, v):
        c, m = pending.pop()            # the only column left reaches v
        results[c] = _ours(c, -v, n, cells)
    if v is not None:
        end = 0.9 if best_only else 0.6
        # rounds over the open columns with time slices doubling each round
        # (1/16 of the time left per column first), so the cheap tests finish
        # first whatever their order, at most about twice the ideal cost
        share = 1 / 16
        while pending and clock.until(end) - time.perf_counter() > 0.001 \
                and (clock.nodes_left is None or clock.nodes_left > 0):
            if best_only and _has_best(results, v):
                break
            todo = [cm for cm in pending if cm[0] not in upper]
            if not todo:
                break
            for c, m in todo:
                if best_only and _has_best(results, v):
                    break
                if (c, m) not in pending:      # settled by elimination meanwhile
                    continue
                ok = clock.run(1, end, solver.at_least, opp, mask | m, -v + 1, alternating,
                               share=share)
                if ok is None:
                    continue
                if ok:                 # the opponent gets at least -v+1: our score <= v-1
                    upper[c] = v - 1
                    left = [cm for cm in pending if cm[0] not in upper]
                    if len(left) == 1 and not _has_best(results, v):
                        lc, lm = left[0]
                        results[lc] = _ours(lc, -v, n, cells)
                        pending.remove(left[0])
                else:
                    results[c] = _ours(c, -v, n, cells)
                    pending.remove((c, m))
            share = min(1.0, share * 2)
    # (3) exact scores of the other columns
    if not best_only:
        todo = list(pending)
        for i, (c, m) in enumerate(todo):
            lo = None if c not in upper else -upper[c]
            s = clock.run(len(todo) - i, 0.9, solver.solve, opp, mask | m, alternating, False, lo)
            if s is not None:
                results[c] = _ours(c, s, n, cells)
                pending.remove((c, m))
    found = any(r is not None and r.exact and r.kind not in ("full", "over") for r in results)
    return _finish(solver, clock, results, pending, upper, v, cur, mask, n, alternating,
                   not (best_only and found))


def _analyze_bitbully(board, time_budget, best_only, lower_bound) -> list[ColumnResult] | None:
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
        c = cs.column
        if cs.kind == "full":
            out.append(ColumnResult(c, "full", None, True, "full"))
        elif cs.kind == "over":
            out.append(ColumnResult(c, "over", None, True, "game over"))
        elif cs.exact:
            out.append(_exact(c, cs.plies, cs.score))
        else:
            out.append(_from_bounds(board, c, cs.lo, cs.hi, v))
    return out


def _from_bounds(board, c, lo, hi, v) -> ColumnResult:
    """A column known to score in ``lo..hi`` (and, when ``hi < v``, less than
    the best column): a proven loss or win of unknown distance, else an
    estimate from the positional tiebreak, capped by ``hi``."""
    h, w = board.height, board.width
    cur, mask = from_board(board, board.to_move())
    geo = geometry(h, w)
    m = (mask + geo.bottom_cells[c]) & geo.col_mask[c]
    value = -_light_solver(h, w).heuristic(cur ^ mask, mask | m)
    if hi < 0:
        return ColumnResult(c, "loss", None, True, "loss", None, None, value)
    if lo > 0:
        return ColumnResult(c, "win", None, True, "win", None, None, value, lo)
    est = _estimate(c, None, value)
    kind = "draw" if est.kind == "win" and hi <= 0 else est.kind
    return ColumnResult(c, kind, None, False, "≈ " + kind, None, None, value, None,
                        v is not None and hi < v)


_LIGHT: dict = {}


def _light_solver(h: int, w: int) -> Solver:
    """A solver with a two-slot table, for :meth:`Solver.heuristic` only (the
    shared one of :func:`get_solver` allocates a 38 MB table)."""
    s = _LIGHT.get((h, w))
    if s is None:
        s = _LIGHT[(h, w)] = Solver(h, w, book=None, tt_size=2)
    return s


def _has_best(results, v) -> bool:
    return any(r is not None and r.score == v for r in results)


def _parent_bound(solver, cur, mask, n, alternating) -> int | None:
    """On 6x7 with the book, a position with 13 checkers (O to move) scores at
    least ``-v(P)`` for every 12-checker parent ``P`` in the book (the last
    checker, an X one, taken back): ``v(P)`` is the max over P's moves."""
    book = solver.book
    if book is None or not alternating or n != book.ply + 1 or (solver.height, solver.width) != (6, 7):
        return None
    geo = solver.geo
    x = cur ^ mask                                # X's cells (X moved last)
    best = None
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


def _bounded(solver, c, lo, hi, cur, mask, m) -> ColumnResult:
    """Column whose score is proven to be in [lo, hi] (exact distance unknown)."""
    value = -solver.heuristic(cur ^ mask, mask | m)
    if lo >= 1:
        return ColumnResult(c, "win", None, True, "win", None, None, value, lo)
    if hi <= -1:
        return ColumnResult(c, "loss", None, True, "loss", None, None, value, lo)
    if lo == 0 and hi == 0:
        return _exact(c, 0, 0)
    if lo == 0:
        return ColumnResult(c, "draw", None, False, "≥ draw", None, None, value, 0)
    return _estimate(c, None, value)


def _finish(solver, clock, results, pending, upper, v, cur, mask, n, alternating, deepen):
    """Step (4) of :func:`analyze` for the columns still open."""
    for i, (c, m) in enumerate(pending):
        up = upper.get(c, v)           # no column scores more than the position's value v
        refuted = v is not None and c in upper and upper[c] < v
        results[c] = _fallback(solver, clock, len(pending) - i, c, cur, mask, m, n,
                               alternating, up, deepen, refuted)
    return results


def _fallback(solver, clock, k, c, cur, mask, m, n, alternating, upper, deepen, refuted=False) -> ColumnResult:
    cells = solver.cells
    opp = cur ^ mask
    known = solver.known(opp, mask | m, alternating)
    if known is not None:
        return _ours(c, known, n, cells)
    value = -solver.heuristic(opp, mask | m)
    if upper is not None and upper < 0:
        # proven loss (score <= upper < 0), distance unknown
        return ColumnResult(c, "loss", None, True, "loss", None, None, value)
    best_depth, s = 0, 0
    if deepen:
        state = [0, 0]

        def deepen_():
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
    est = _estimate(c, best_depth, value)
    if refuted:
        est = ColumnResult(est.column, est.kind, None, False, est.label, None, est.depth, value, None, True)
    return est


def _rank(r: ColumnResult) -> tuple:
    if r.exact:
        if r.kind == "win":
            return (4, -r.moves if r.moves else -1000)   # unknown distance: after known wins
        if r.kind == "draw":
            return (3, 0)
        if r.kind == "loss":
            return (1, r.moves or 0)      # unknown distance: ranked as the fastest loss
        return (0, 0)
    if r.bound is not None and r.bound >= 0:
        return (3, 1)                     # at least a draw is proven, maybe a win
    return (2, not r.worse, r.value)


def choose_column(results: list[ColumnResult], width: int | None = None) -> int:
    """The column Expert plays from an :func:`analyze` list: the fastest proven
    win (a proven win of unknown distance after the known ones); else a
    column proven to reach at least a draw (``'≥ draw'`` before ``'draw'``);
    else the best estimate (by positional value); else the slowest loss;
    among equals the most central column (left of centre first on even
    widths). Raises ValueError if no column is playable."""
    playable = [r for r in results if r.kind not in ("full", "over")]
    if not playable:
        raise ValueError("no playable column: the board is full or the game is over")
    w = len(results) if width is None else width
    return max(playable, key=lambda r: (_rank(r), -abs(2 * r.column - (w - 1)), -r.column)).column


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
        self.time_budget = check_seconds(time_budget, "time_budget")
        super().__init__(checker)
        self.last_analysis: list[ColumnResult] | None = None
        self.last_time = 0.0
        self._prev = None        # (size, own cells, mask after our last move, its proven score)

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
        r = results[col]
        proven = r.score if r.exact and r.score is not None else r.bound
        self._prev = None
        if proven is not None:
            geo = geometry(b.height, b.width)
            m = (mask + geo.bottom_cells[col]) & geo.col_mask[col]
            self._prev = ((b.height, b.width), cur | m, mask | m, proven)
        self.last_analysis = results
        self.last_time = time.perf_counter() - t0
        self.num_moves += 1
        return col
