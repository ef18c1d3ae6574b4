"""Positions in, results out: the data of :mod:`connect4_game.ai.perfect`.

:class:`Position` is a position to analyse (:func:`read_position` reads a
Board, a move string or a list of columns; :func:`play_moves` plays a list
of columns on bitboards). :class:`ColumnScore` is the result of one column
for the side to move (a Pons score, win/draw/loss with the plies to the end,
or full / game over), :class:`PerfectResult` the analysis of a whole
position, :func:`column_label` their display label. Scores are those of Pascal Pons, "Solving Connect 4"
(:mod:`connect4_game.ai.solver`); the labels match the ``win in N`` analysis
of :mod:`connect4_game.ai.expert`.

Nothing here imports pygame.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from connect4_game.ai.bitboard import from_board, geometry, has_four, play
from connect4_game.ai.solver import score_to_plies
from connect4_game.rules import check_int, is_int

__all__ = ["ColumnScore", "PerfectResult", "column_label", "exact_column", "estimate_column",
           "Position", "read_position", "play_moves"]


@dataclass(frozen=True)
class ColumnScore:
    """What dropping a checker in one column gives the side to move.

    * ``column`` -- 0-based column index;
    * ``kind`` -- ``'win'``, ``'draw'``, ``'loss'``, ``'full'`` (the column
      cannot take a checker) or ``'over'`` (the game is already won);
    * ``score`` -- the Pons score (int, positive = win, larger = sooner; for
      an estimate the best guess inside ``lo..hi``); None for full/over;
    * ``exact`` -- True if ``score`` is proven (always True for full/over);
    * ``plies`` -- signed plies to the end under perfect play, this column's
      checker counted (``+9`` = win with the 9th checker from now, ``-14`` =
      loss when the opponent drops the 14th, ``0`` = draw); None when not
      exact or full/over;
    * ``lo``, ``hi`` -- proven bounds of the score (``lo <= score <= hi``;
      equal when exact; None for full/over);
    * ``backend`` -- ``'bitbully'`` or ``'solver'``: what produced it.
    """

    column: int
    kind: str
    score: int | None
    exact: bool
    plies: int | None
    lo: int | None
    hi: int | None
    backend: str

    @property
    def label(self) -> str:
        """``'win in 9'``, ``'draw'``, ``'loss in 14'``, ``'full'``,
        ``'game over'``; estimates ``'≈ win'`` / ``'≈ draw'`` / ``'≈ loss'``."""
        return column_label(self.kind, self.plies, self.exact)


def column_label(kind: str, plies: int | None, exact: bool = True) -> str:
    """The display label of a column result (see :attr:`ColumnScore.label`)."""
    if kind == "full":
        return "full"
    if kind == "over":
        return "game over"
    if not exact:
        return "≈ " + kind
    if kind == "draw":
        return "draw"
    if plies is None:
        return kind
    return f"{kind} in {abs(plies)}"


@dataclass(frozen=True)
class PerfectResult:
    """The analysis of one position for the side to move.

    * ``rows``, ``cols`` -- board size; ``checkers`` -- checkers on the board;
    * ``to_move`` -- ``'X'`` or ``'O'``;
    * ``columns`` -- one :class:`ColumnScore` per column, index = column;
    * ``backend`` -- ``'bitbully'``, ``'solver'`` or ``'bitbully+solver'``
      (bitbully failed part-way; see ``note``);
    * ``note`` -- why bitbully was not used (or not for every column), else None;
    * ``elapsed`` -- seconds spent.
    """

    rows: int
    cols: int
    checkers: int
    to_move: str
    columns: tuple
    backend: str
    note: str | None = None
    elapsed: float = 0.0

    @property
    def scores(self) -> list:
        """Pons score per column (int, or None for a full column / game over)."""
        return [c.score for c in self.columns]

    @property
    def exact(self) -> bool:
        """True if every playable column's score is proven."""
        return all(c.exact for c in self.columns)

    @property
    def over(self) -> bool:
        """True if no column can be played (the game is won or the board full)."""
        return all(c.score is None for c in self.columns)

    @property
    def value(self) -> int | None:
        """The Pons score of the position (the top column score), None if over."""
        s = [c.score for c in self.columns if c.score is not None]
        return max(s) if s else None

    @property
    def best(self) -> list:
        """The columns with the top score, left to right (the proven ones
        when a proven column reaches the top score); [] if over."""
        v = self.value
        if v is None:
            return []
        top = [c for c in self.columns if c.score == v]
        proven = [c.column for c in top if c.exact]
        return proven or [c.column for c in top]

    @property
    def plies(self) -> int | None:
        """Signed plies to the end for the side to move under perfect play
        (see :class:`ColumnScore`), None if over."""
        v = self.value
        return None if v is None else score_to_plies(v, self.checkers, self.rows * self.cols)

    @property
    def outcome(self) -> str | None:
        """``'win'``, ``'draw'`` or ``'loss'`` for the side to move, None if over."""
        v = self.value
        return None if v is None else "win" if v > 0 else "loss" if v < 0 else "draw"

    def choice(self) -> int:
        """The most central of :attr:`best` (left of centre first on even
        widths): fastest win, else draw, else slowest loss.

        :raises ValueError: if the game is over (no column to play)."""
        best = self.best
        if not best:
            raise ValueError("no playable column: the board is full or the game is over")
        w = self.cols
        return min(best, key=lambda c: (abs(2 * c - (w - 1)), c))


def exact_column(c: int, score: int, n: int, cells: int, backend: str) -> ColumnScore:
    """The proven result of column ``c`` scoring ``score`` (Pons) for the side
    to move of a position with ``n`` checkers on ``cells`` cells."""
    plies = score_to_plies(score, n, cells)
    kind = "win" if score > 0 else "loss" if score < 0 else "draw"
    return ColumnScore(c, kind, score, True, plies, score, score, backend)


def estimate_column(c: int, lo: int, hi: int, backend: str) -> ColumnScore:
    """A column known only to score in ``lo..hi``: the guess is the value
    closest to a draw inside the bounds (so a proven sign is kept)."""
    guess = max(lo, min(hi, 0))
    kind = "win" if guess > 0 else "loss" if guess < 0 else "draw"
    return ColumnScore(c, kind, guess, False, None, lo, hi, backend)


@dataclass(frozen=True)
class Position:
    """A position to analyse, as bitboards (:mod:`connect4_game.ai.bitboard`
    layout) of a ``rows`` x ``cols`` board."""

    rows: int
    cols: int
    cur: int            # cells of the side to move
    mask: int           # occupied cells
    side: str           # 'X' or 'O', to move
    alternating: bool   # X moved first and the sides alternated


def read_position(position, rows: int | None, cols: int | None) -> Position:
    """Normalise a Board / move string / column list into a :class:`Position`
    (see :func:`connect4_game.ai.perfect.iter_columns` for the forms).

    :raises ValueError: a bad position or size, an illegal move (named)."""
    if hasattr(position, "slots") and hasattr(position, "height") and hasattr(position, "width"):
        h, w = position.height, position.width
        if (rows is not None and rows != h) or (cols is not None and cols != w):
            raise ValueError(f"rows/cols {rows}x{cols} do not match the board's {h}x{w}")
        nx = sum(cell == "X" for row in position.slots for cell in row)
        no = sum(cell == "O" for row in position.slots for cell in row)
        side = "X" if nx <= no else "O"
        cur, mask = from_board(position, side)
        return Position(h, w, cur, mask, side, nx - no in (0, 1))
    h = 6 if rows is None else rows
    w = 7 if cols is None else cols
    if isinstance(position, str):
        from connect4_game.storage.savegame import parse_moves
        moves = parse_moves(position, h, w)        # MoveStringError (a ValueError) names the move
    elif isinstance(position, (list, tuple)):
        moves = list(position)
    else:
        raise ValueError(f"position must be a Board, a move string or a list of columns, "
                         f"not {type(position).__name__}")
    cur, mask = play_moves(moves, h, w)
    return Position(h, w, cur, mask, "X" if len(moves) % 2 == 0 else "O", True)


def play_moves(moves: Sequence[int], rows: int = 6, cols: int = 7) -> tuple:
    """Bitboard position ``(current, mask)`` after the 0-based ``moves``
    (X first), ``current`` = the cells of the side to move.

    :raises ValueError: naming the move (1-based number and 0-based index)
        for a column that is not an int in range, a full column, or a move
        after the game was won; or for a bad board size.
    """
    check_int(rows, 1, None, "rows")
    check_int(cols, 1, None, "cols")
    geo = geometry(rows, cols)
    cur = mask = 0
    for i, c in enumerate(moves):
        where = f"move {i + 1} (index {i}, column {c!r})"
        if not is_int(c, 0, cols - 1):
            raise ValueError(f"{where}: not a column of the board (0 to {cols - 1})")
        if mask & geo.top_cells[c]:
            raise ValueError(f"{where}: the column is full")
        if has_four(cur ^ mask, rows):
            raise ValueError(f"{where}: the game was already won")
        cur, mask = play(cur, mask, rows, c)
    return cur, mask
