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
#: share of the budget given to exact solving before falling back to estimates
EXACT_SHARE = 0.8


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


def analyze(board: Board, time_budget: float = DEFAULT_TIME_BUDGET, checker: str | None = None,
            node_budget: int | None = None) -> list[ColumnResult]:
    """Analyse every column of ``board`` for the side to move.

    :param board: a :class:`connect4_game.board.Board` of any size (not changed).
    :param time_budget: seconds for the whole analysis (> 0); about 80% goes
        to exact solving, the rest to the depth-limited fallback.
    :param checker: the side to analyse for; default: the side to move
        (fewer or equal checkers; X moves first).
    :param node_budget: optional cap on the positions searched (deterministic
        budgets for tests), None = unlimited.
    :returns: a list of ``board.width`` :class:`ColumnResult`, index = column.
    :raises ValueError: bad board, budget or checker.

    Exact results come from the solver (and the 6x7 opening book); a column
    that cannot be solved in its share of the budget gets the deepest
    depth-limited lookahead completed: a forced win/loss found there is still
    exact, otherwise the result is an estimate (``exact=False``, label
    ``'≈ ...'``) from the positional tiebreak. Source: issue 5; techniques from
    Pascal Pons, "Solving Connect 4".
    """
    _check_board(board)
    if isinstance(time_budget, bool) or not isinstance(time_budget, (int, float)) or not time_budget > 0:
        raise ValueError(f"time_budget must be a number of seconds > 0, got {time_budget!r}")
    if node_budget is not None and (not isinstance(node_budget, int) or node_budget < 0):
        raise ValueError(f"node_budget must be an int >= 0 or None, got {node_budget!r}")
    start = time.perf_counter()
    deadline = start + time_budget
    h, w = board.height, board.width
    to_move = board.to_move()
    side = to_move if checker is None else validate_checker(checker)
    nx, no = board.num_checkers("X"), board.num_checkers("O")
    alternating = side == to_move and nx - no in (0, 1)
    cur, mask = from_board(board, side)
    geo = geometry(h, w)
    solver = get_solver(h, w)
    cells = geo.cells
    n = mask.bit_count()
    results: list[ColumnResult | None] = [None] * w
    over = has_four(cur, h) or has_four(cur ^ mask, h)
    pending = []
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
    nodes_left = node_budget

    def share(k: int, until: float):
        t = max(0.0, (until - time.perf_counter()) / k)
        nb = None if nodes_left is None else nodes_left // k
        return t, nb

    # phase 1: exact solving, columns centre-first, fair share of what is left
    exact_until = start + EXACT_SHARE * time_budget
    todo = list(pending)
    for i, (c, m) in enumerate(todo):
        t, nb = share(len(todo) - i, exact_until)
        if t <= 0 or nb == 0:
            break
        solver.set_budget(time_budget=t, node_budget=nb)
        try:
            s = solver.solve(cur ^ mask, mask | m, alternating)
        except BudgetExceeded:
            s = None
        if nodes_left is not None:
            nodes_left = max(0, nodes_left - solver.searched())
        if s is not None:
            d = score_to_plies(s, n + 1, cells)          # for the opponent, after our move
            results[c] = _exact(c, (-d + 1) if d < 0 else -(d + 1) if d > 0 else 0, -s)
            pending.remove((c, m))
    # phase 2: depth-limited fallback (iterative deepening) for the rest
    for i, (c, m) in enumerate(pending):
        t, nb = share(len(pending) - i, deadline)
        solver.set_budget(time_budget=t, node_budget=nb)
        value = -solver.heuristic(cur ^ mask, mask | m)
        best_depth, s = 0, 0
        depth = 2
        try:
            while depth <= cells - n:
                r = solver.limited(cur ^ mask, mask | m, depth, alternating)
                best_depth, s = depth, r
                if r != 0:
                    break
                depth += 2
        except BudgetExceeded:
            pass
        if nodes_left is not None:
            nodes_left = max(0, nodes_left - solver.searched())
        if s != 0 or best_depth >= cells - n - 1:
            d = score_to_plies(s, n + 1, cells)
            results[c] = _exact(c, (-d + 1) if d < 0 else -(d + 1) if d > 0 else 0, -s)
        else:
            results[c] = _estimate(c, best_depth, value)
    return results  # type: ignore[return-value]


def _rank(r: ColumnResult) -> tuple:
    if r.exact:
        if r.kind == "win":
            return (4, -r.moves)
        if r.kind == "draw":
            return (3, 0)
        if r.kind == "loss":
            return (1, r.moves)
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
        results = analyze(b, self.time_budget, checker=self.checker)
        col = choose_column(results, b.width)
        self.last_analysis = results
        self.last_time = time.perf_counter() - t0
        self.num_moves += 1
        return col
