"""Expert's choice of a column from its analysis (:mod:`connect4_game.ai.expert`).

The analysis is a list of :class:`~connect4_game.ai.score.ColumnScore`
(one :class:`~connect4_game.ai.score.Score` per playable column);
:func:`choose_column` is the column Expert plays from it. Re-exported by
:mod:`connect4_game.ai.expert`.

Nothing here imports pygame.
"""
from __future__ import annotations

from collections.abc import Sequence

from connect4_game.ai.score import ColumnScore

__all__ = ["choose_column"]


def choose_column(results: Sequence[ColumnScore], width: int | None = None) -> int:
    """The column Expert plays from a :func:`connect4_game.ai.expert.analyze`
    list: the fastest proven win (a proven win of unknown distance after the known ones); else a
    column proven to reach at least a draw (``'≥ draw'`` before ``'draw'``);
    else the best estimate (by positional value); else the slowest loss;
    among equals the most central column (left of centre first on even
    widths).

    :raises ValueError: if no column is playable."""
    playable = [r for r in results if r.score is not None]
    if not playable:
        raise ValueError("no playable column: the board is full or the game is over")
    w = len(results) if width is None else width
    return max(playable, key=lambda r: (r.rank(), -abs(2 * r.column - (w - 1)), -r.column)).column
