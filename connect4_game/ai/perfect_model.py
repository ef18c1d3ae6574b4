"""Positions in, results out: the data of :mod:`connect4_game.ai.perfect` (Pascal
Pons, "Solving Connect 4", scores)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from connect4_game.ai.bitboard import from_board, play_moves
from connect4_game.ai.score import ColumnScore, choose_column
from connect4_game.ai.solver import score_to_plies
from connect4_game.core.board import Board
from connect4_game.core.notation import parse_add_checkers
from connect4_game.core.side import Side

__all__ = ["PerfectResult", "Position", "read_position",
           "alternating"]

#: what :func:`read_position` reads: a Board, a move string or a list of columns
PositionLike = Board | str | Sequence[int]


@dataclass(frozen=True)
class PerfectResult:
    """One position analysed for ``to_move``: a ColumnScore per column, the ``backend``
    (``'bitbully+solver'``), ``note`` (why not bitbully), ``elapsed`` seconds and the
    ``nodes`` (positions) searched."""

    rows: int
    cols: int
    checkers: int
    to_move: Side
    columns: tuple[ColumnScore, ...]
    backend: str
    note: str | None = None
    elapsed: float = 0.0
    nodes: int = 0

    @property
    def scores(self) -> list[int | None]:
        """Pons score per column (None without a move; an estimate's best guess)."""
        return [c.pons for c in self.columns]

    @property
    def exact(self) -> bool:
        """True if every playable column's score is proven."""
        return all(c.score is None or c.score.exact for c in self.columns)

    @property
    def over(self) -> bool:
        """True if no column can be played (the game is won or the board full)."""
        return all(c.pons is None for c in self.columns)

    @property
    def value(self) -> int | None:
        """The Pons score of the position (the top column score), None if over."""
        s = [c.pons for c in self.columns if c.pons is not None]
        return max(s) if s else None

    @property
    def best(self) -> list[int]:
        """The top-scoring columns (the proven ones if any); [] if over."""
        v = self.value
        if v is None:
            return []
        top = [c for c in self.columns if c.pons == v]
        proven = [c.column for c in top if c.score is not None and c.score.exact]
        return proven or [c.column for c in top]

    @property
    def plies(self) -> int | None:
        """Signed plies to the end for the side to move, None if over."""
        v = self.value
        return None if v is None else score_to_plies(v, self.checkers, self.rows * self.cols)

    def choice(self) -> int:
        """The column to play (:func:`~connect4_game.ai.score.choose_column`).
        :raises ValueError: if the game is over."""
        return choose_column(self.columns, self.cols)


@dataclass(frozen=True)
class Position:
    """A position to analyse, as bitboards of a ``rows`` x ``cols`` board."""

    rows: int
    cols: int
    cur: int            # cells of the side to move
    mask: int           # occupied cells
    side: Side          # to move
    alternating: bool   # X moved first and the sides alternated


def alternating(cur: int, mask: int, side: str) -> bool:
    """Whether ``(cur, mask)`` is a normal game's position with ``side`` (``cur``) to move."""
    return mask.bit_count() - 2 * cur.bit_count() == (0 if side == Side.X else 1)


def read_position(position: PositionLike, rows: int | None, cols: int | None) -> Position:
    """A Board, move string or column list as a :class:`Position`.
    :raises ValueError: a bad position or size, an illegal move (named)."""
    if isinstance(position, Board):
        h, w = position.height, position.width
        if (rows is not None and rows != h) or (cols is not None and cols != w):
            raise ValueError(f"rows/cols {rows}x{cols} do not match the board's {h}x{w}")
        side = Side(position.to_move())
        cur, mask = from_board(position, side)
        return Position(h, w, cur, mask, side, alternating(cur, mask, side))
    h = 6 if rows is None else rows
    w = 7 if cols is None else cols
    if isinstance(position, str):
        moves = parse_add_checkers(position, h, w)
    elif isinstance(position, (list, tuple)):
        moves = list(position)
    else:
        raise ValueError(f"position must be a Board, a move string or a list of columns, "
                         f"not {type(position).__name__}")
    cur, mask = play_moves(moves, h, w)
    return Position(h, w, cur, mask, Side.for_ply(len(moves) + 1), True)
