"""Game review: every move of a game judged by perfect play, with a verdict
(``best``, ``inaccuracy``, ``mistake``, ``blunder``) and the value from X's side."""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from connect4_game.ai import perfect
from connect4_game.ai.jsonshape import JsonShape
from connect4_game.ai.score import Score
from connect4_game.ai.solver import score_to_plies
from connect4_game.core.board import check_column
from connect4_game.core.notation import column_name
from connect4_game.core.side import Side

__all__ = ["PlyReview", "VERDICTS", "REVIEW_BUDGET", "verdict", "review_game",
           "ReviewTable"]

#: the verdicts, best first
VERDICTS = ("best", "inaccuracy", "mistake", "blunder")
_PLURALS = {"best": "best", "inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
#: default seconds for a whole game's review (:func:`review_game`) on a board that perfect
#: play does not always prove: every board but 6x7, where each position runs to its proof
REVIEW_BUDGET = 5.0


@dataclass(frozen=True)
class PlyReview(JsonShape):
    """One move reviewed: ``ply`` (1-based), ``column`` (0-based), ``player``, every
    column's Pons ``scores`` before it (None: full), the ``best`` columns, the
    ``verdict``, the ``value`` before it in signed plies (+ X wins), ``exact``, ``backend``."""

    ply: int
    column: int
    player: Side
    scores: tuple[int | None, ...]
    best: tuple[int, ...]
    verdict: str
    value: int
    exact: bool
    backend: str


def verdict(scores: Sequence[int | None], column: int) -> str:
    """The verdict on ``column`` given every column's Pons ``scores`` (None: full).
    :raises ValueError: if ``column`` is out of range or its score is None."""
    check_column(column, len(scores))
    played = scores[column]
    if played is None:
        raise ValueError(f"column {column} is full: it has no score")
    top = max(s for s in scores if s is not None)
    if played == top:
        return "best"
    if (played > 0) == (top > 0) and (played < 0) == (top < 0):
        return "inaccuracy"          # same result, slower win or faster loss
    if played < 0:
        return "blunder"             # a win or a draw thrown away to a loss
    return "mistake"                 # a win thrown away to a draw


def review_game(rows: int, cols: int, moves: Sequence[int], *,
                time_budget: float | None = REVIEW_BUDGET, backend: str = "auto",
                node_budget: int | None = None,
                on_ply: Callable[[PlyReview], None] | None = None) -> list[PlyReview]:
    """One :class:`PlyReview` per move of the 0-based ``moves`` (X first), each passed
    to ``on_ply`` when ready. ``time_budget``: seconds for the whole game (None: every
    position to its proof; ignored on 6x7, which is always proven), each position given
    an equal share of what is left; ``node_budget``: nodes a position.
    :raises ValueError: before any analysis: a bad size, backend, budget or move (named)."""
    moves = list(moves)
    perfect.play_moves(moves, rows, cols)            # validates every move first
    perfect.check_arguments(backend, time_budget, node_budget)
    cells = rows * cols
    if perfect.always_proven(rows, cols):
        time_budget = None
    deadline = None if time_budget is None else time.monotonic() + time_budget
    out = []
    known: int | None = None           # the position's value, proven at the move before
    for i, col in enumerate(moves):
        player = Side.for_ply(i + 1)
        share = None if deadline is None else \
            max(1e-3, deadline - time.monotonic()) / (len(moves) - i)
        res = perfect.solve_position(moves[:i], rows, cols, backend=backend, time_budget=share,
                                     node_budget=node_budget, lower_bound=known)
        played = res.columns[col].score
        known = -played.pons if played is not None and played.exact and played.pons is not None \
            else None
        scores = tuple(res.scores)
        value = res.value
        assert value is not None        # move i is legal (checked above): the game is not over
        rec = PlyReview(i + 1, col, player, scores, tuple(res.best), verdict(scores, col),
                        score_to_plies(value, i, cells) * (1 if player is Side.X else -1),
                        res.exact, res.backend)
        out.append(rec)
        if on_ply is not None:
            on_ply(rec)
    return out


def _outcome(score: int | None, n: int, cells: int, exact: bool = True) -> str:
    """The label of Pons ``score`` (None: full) with ``n`` checkers on ``cells`` cells."""
    if score is None:
        return "full"
    return Score.for_position(score, n, cells, exact).label


class ReviewTable:
    """``--review``'s table, written line by line as the records arrive."""

    def __init__(self, rows: int, cols: int, write: Callable[[str], None]) -> None:
        self.cells = rows * cols
        self.write = write
        self.moves = 0
        self.estimates = False
        self.counts = {v: dict.fromkeys(Side, 0) for v in VERDICTS}
        write(f"{'ply':>3}  {'who':<3}  {'col':>3}  {'played':<12}  {'best':<13}  "
              f"{'best result':<12}  {'verdict':<10}  {'X value':>7}")

    def row(self, r: PlyReview) -> None:
        """Write the line of one :class:`PlyReview`.
        :raises ValueError: if its scores do not fit the board size."""
        n = r.ply - 1
        self.estimates |= not r.exact
        top = max(s for s in r.scores if s is not None)
        played = _outcome(r.scores[r.column], n, self.cells, r.exact)
        best = _outcome(top, n, self.cells, r.exact)
        vtxt = ("" if r.exact else "≈") + ("0" if r.value == 0 else f"{r.value:+d}")
        self.counts.setdefault(r.verdict, dict.fromkeys(Side, 0))[r.player] += 1
        self.moves += 1
        shown_best = ",".join(column_name(c) for c in r.best)
        self.write(f"{r.ply:>3}  {r.player:<3}  {column_name(r.column):>3}  "
                   f"{played:<12}  {shown_best:<13}  {best:<12}  {r.verdict:<10}  "
                   f"{vtxt:>7}")

    def finish(self) -> None:
        """Write the totals of each side and the footnotes."""
        if not self.moves:
            self.write("(no moves)")
        for side in Side:
            parts = [f"{self.counts[v][side]} {v if self.counts[v][side] == 1 else _PLURALS[v]}"
                     for v in VERDICTS]
            self.write(f"{side}: " + ", ".join(parts))
        self.write("X value: plies to the end under perfect play, + when X wins, - when O wins, "
                   "0 = draw.")
        if self.estimates:
            self.write("≈: an estimate (the solver's time ran out), not a proven result.")
