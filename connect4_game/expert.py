"""Expert level (issue 5): perfect play and a "win in N" analysis for any board.

* :func:`analyze` gives, for every column, the game-theoretic result for the
  side to move -- ``win``/``draw``/``loss`` with the number of checkers
  (plies, this column's checker included) until the game ends under best
  play, or ``full`` -- proven by :mod:`connect4_game.solver` (with the 6x7
  opening book of :mod:`connect4_game.book`) when possible within the time
  budget, and otherwise a clearly marked estimate.
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

from .bitboard import from_board, geometry, has_four
from .board import Board, validate_checker
from .players import Player
from .solver import BudgetExceeded, get_solver, score_to_plies

__all__ = ["ColumnResult", "analyze", "choose_column", "ExpertPlayer", "DEFAULT_TIME_BUDGET"]

#: default seconds for one :func:`analyze` call / one Expert move
DEFAULT_TIME_BUDGET = 5.0


@dataclass(frozen=True)
class ColumnResult:
    """The result of dropping a checker in one column, for the side to move.

    Fields:

    * ``column`` -- 0-based column index;
    * ``kind`` -- ``'win'``, ``'draw'``, ``'loss'``, ``'full'`` (column cannot
      take a checker) or ``'over'`` (the game is already won, no move);
    * ``moves`` -- plies until the game ends under best play, counting this
      column's checker (``'win in 1'`` wins at once, ``'loss in 2'`` lets the
      opponent win next); None for full columns and estimates;
    * ``exact`` -- True if proven, False for an estimate;
    * ``label`` -- ``'win in 9'``, ``'draw'``, ``'loss in 14'``, ``'full'``,
      ``'game over'``, or for estimates ``'≈ win'`` / ``'≈ draw'`` / ``'≈ loss'``;
    * ``score`` -- Pons score of the move for the side to move (positive =
      win, larger = sooner), None when not exact;
    * ``depth`` -- for estimates, the lookahead in plies (after this move)
      within which no side can force a win; None otherwise;
    * ``value`` -- for estimates, the positional tiebreak in points (> 0
      favours the side to move); 0 otherwise.
    """

    column: int
    kind: str
    moves: int | None
    exact: bool
    label: str
    score: int | None = None
    depth: int | None = None
    value: int = 0


def _exact(column: int, plies: int, score: int) -> ColumnResult:
    if plies > 0:
        return ColumnResult(column, "win", plies, True, f"win in {plies}", score)
    if plies < 0:
        return ColumnResult(column, "loss", -plies, True, f"loss in {-plies}", score)
    return ColumnResult(column, "draw", None, True, "draw", 0)


def _estimate(column: int, depth: int, value: int) -> ColumnResult:
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

    def run(self, k: int, fraction: float, fn, *args):
        """Run ``fn(*args)`` with 1/k of the time left before ``fraction`` of
        the budget (and 1/k of the nodes left); None if the budget runs out."""
        t = (self.until(fraction) - time.perf_counter()) / max(1, k)
        nb = None if self.nodes_left is None else self.nodes_left // max(1, k)
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


def analyze(board: Board, time_budget: float = DEFAULT_TIME_BUDGET, checker: str | None = None,
            node_budget: int | None = None, best_only: bool = False) -> list[ColumnResult]:
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
    :returns: a list of ``board.width`` :class:`ColumnResult`, index = column.
    :raises ValueError: bad board, budget or checker.

    Steps: (1) the exact value ``v`` of the position (opening book, or one
    solver search); (2) a null-window search per column, centre first, to find
    the columns reaching ``v``; (3) exact scores of the other columns, inside
    the bound learned in (2); (4) for columns not solved in time, the deepest
    depth-limited lookahead completed: a forced win/loss found there is still
    exact, otherwise the result is an estimate (``exact=False``, label
    ``'≈ ...'``) from the positional tiebreak. Source: issue 5; techniques
    from Pascal Pons, "Solving Connect 4".
    """
    _check_board(board)
    if isinstance(time_budget, bool) or not isinstance(time_budget, (int, float)) or not time_budget > 0:
        raise ValueError(f"time_budget must be a number of seconds > 0, got {time_budget!r}")
    if node_budget is not None and (isinstance(node_budget, bool) or not isinstance(node_budget, int)
                                    or node_budget < 0):
        raise ValueError(f"node_budget must be an int >= 0 or None, got {node_budget!r}")
    h, w = board.height, board.width
    to_move = board.to_move()
    side = to_move if checker is None else validate_checker(checker)
    nx, no = board.num_checkers("X"), board.num_checkers("O")
    alternating = side == to_move and nx - no in (0, 1)
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
    if not pending:
        return results  # type: ignore[return-value]
    if any(r is not None and r.kind == "win" for r in results) and best_only:
        v = None                       # an immediate win is the fastest win
        pending_best = []
    else:
        pending_best = pending
    upper: dict[int, int] = {}         # column -> known upper bound of its score

    # (1) the value of the position
    v = None
    if pending_best:
        v = clock.run(1, 0.4, solver.solve, cur, mask, alternating)
    # (2) which columns reach v (null-window test: score after the move <= -v)
    if v is not None:
        todo = list(pending)
        for i, (c, m) in enumerate(todo):
            ok = clock.run(len(todo) - i, 0.9 if best_only else 0.6,
                           solver.at_least, opp, mask | m, -v + 1, alternating)
            if ok is None:
                continue
            if ok:                     # the opponent gets at least -v+1: our score <= v-1
                upper[c] = v - 1
            else:
                results[c] = _ours(c, -v, n, cells)
                pending.remove((c, m))
                if best_only:
                    break
    # (3) exact scores of the other columns
    if not best_only:
        todo = list(pending)
        for i, (c, m) in enumerate(todo):
            lo = None if c not in upper else -upper[c]
            s = clock.run(len(todo) - i, 0.9, solver.solve, opp, mask | m, alternating, False, lo)
            if s is not None:
                results[c] = _ours(c, s, n, cells)
                pending.remove((c, m))
    # (4) what is known about the rest: a bound, a depth-limited result, or an estimate
    found = any(r is not None and r.exact and r.kind != "full" for r in results)
    deepen = not (best_only and found)
    for i, (c, m) in enumerate(pending):
        up = upper.get(c, v)           # no column scores more than the position's value v
        results[c] = _fallback(solver, clock, len(pending) - i, c, cur, mask, m, n,
                               alternating, up, deepen)
    return results  # type: ignore[return-value]


def _fallback(solver, clock, k, c, cur, mask, m, n, alternating, upper, deepen) -> ColumnResult:
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

        def deepen():
            depth = 2
            while depth <= cells - n:
                r = solver.limited(opp, mask | m, depth, alternating)
                state[0], state[1] = depth, r
                if r != 0:
                    return
                depth += 2
        clock.run(k, 1.0, deepen)
        best_depth, s = state
    if s != 0 or best_depth >= cells - n - 1:
        return _ours(c, s, n, cells)
    return _estimate(c, best_depth, value)


def _rank(r: ColumnResult) -> tuple:
    if r.exact:
        if r.kind == "win":
            return (4, -r.moves)
        if r.kind == "draw":
            return (3, 0)
        if r.kind == "loss":
            return (1, r.moves or 0)      # unknown distance: ranked as the fastest loss
        return (0, 0)
    return (2, r.value)


def choose_column(results: list[ColumnResult], width: int | None = None) -> int:
    """The column Expert plays from an :func:`analyze` list: the fastest proven
    win; else a proven draw; else the best estimate (by positional value);
    else the slowest loss; among equals the most central column (left of
    centre first on even widths). Raises ValueError if no column is playable."""
    playable = [r for r in results if r.kind not in ("full", "over")]
    if not playable:
        raise ValueError("no playable column: the board is full or the game is over")
    w = len(results) if width is None else width
    return max(playable, key=lambda r: (_rank(r), -abs(2 * r.column - (w - 1)), -r.column)).column


class ExpertPlayer(Player):
    """A computer player with perfect play whenever the solver can prove the
    result within ``time_budget`` (always on 6x7 in practice, thanks to the
    opening book); issue 5.

    :param checker: ``'X'`` or ``'O'``.
    :param time_budget: seconds per move (> 0), default 5.
    :raises ValueError: bad checker or budget.

    Attributes: ``checker``, ``num_moves``, ``time_budget``, and after each
    :meth:`next_move` ``last_analysis`` (the :func:`analyze` list) and
    ``last_time`` (seconds).
    """

    def __init__(self, checker: str, time_budget: float = DEFAULT_TIME_BUDGET) -> None:
        validate_checker(checker)
        if isinstance(time_budget, bool) or not isinstance(time_budget, (int, float)) or not time_budget > 0:
            raise ValueError(f"time_budget must be a number of seconds > 0, got {time_budget!r}")
        super().__init__(checker)
        self.time_budget = float(time_budget)
        self.last_analysis: list[ColumnResult] | None = None
        self.last_time = 0.0

    def __repr__(self) -> str:
        """``'Player X (EXPERT)'``."""
        return f"{super().__repr__()} (EXPERT)"

    def next_move(self, b: Board) -> int:
        """The best column of ``b`` for this player (see :func:`choose_column`);
        counts the move and keeps the analysis in ``last_analysis``.

        :raises ValueError: if no column can take a checker or the game is over.
        """
        t0 = time.perf_counter()
        results = analyze(b, self.time_budget, checker=self.checker, best_only=True)
        col = choose_column(results, b.width)
        self.last_analysis = results
        self.last_time = time.perf_counter() - t0
        self.num_moves += 1
        return col
