"""The results of the Expert analysis (:mod:`connect4_game.ai.expert`).

:class:`ColumnResult` is what dropping a checker in one column gives the
side to move (``'win in 9'``, ``'draw'``, ``'loss in 14'``, an estimate...),
:func:`choose_column` the column Expert plays from a list of them. Pons
scores as in :mod:`connect4_game.ai.solver`. Re-exported by
:mod:`connect4_game.ai.expert`.

Nothing here imports pygame.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ColumnResult", "exact_result", "estimate_result", "rank", "choose_column"]


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


def exact_result(column: int, plies: int, score: int) -> ColumnResult:
    """A proven result: a win / loss in ``plies`` (signed: > 0 win, < 0 loss,
    0 draw) with Pons ``score``."""
    if plies > 0:
        return ColumnResult(column, "win", plies, True, f"win in {plies}", score)
    if plies < 0:
        return ColumnResult(column, "loss", -plies, True, f"loss in {-plies}", score)
    return ColumnResult(column, "draw", None, True, "draw", 0)


def estimate_result(column: int, depth: int | None, value: int) -> ColumnResult:
    """An estimate from the positional tiebreak ``value`` (points, > 0
    favours the side to move) after a search ``depth`` plies deep."""
    kind = "win" if value >= 8 else "loss" if value <= -8 else "draw"
    return ColumnResult(column, kind, None, False, "≈ " + kind, None, depth, value)


def rank(r: ColumnResult) -> tuple:
    """Sort key of a result for :func:`choose_column` (greater = better)."""
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
    """The column Expert plays from a :func:`connect4_game.ai.expert.analyze`
    list: the fastest proven win (a proven win of unknown distance after the known ones); else a
    column proven to reach at least a draw (``'≥ draw'`` before ``'draw'``);
    else the best estimate (by positional value); else the slowest loss;
    among equals the most central column (left of centre first on even
    widths). Raises ValueError if no column is playable."""
    playable = [r for r in results if r.kind not in ("full", "over")]
    if not playable:
        raise ValueError("no playable column: the board is full or the game is over")
    w = len(results) if width is None else width
    return max(playable, key=lambda r: (rank(r), -abs(2 * r.column - (w - 1)), -r.column)).column
