"""Bitboards for Connect Four on any height x width board, in plain Python ints: a
position is ``(current, mask)`` in Pascal Pons' layout, column ``c`` at height ``r``
(0 = bottom) being bit ``c*(h+1) + r`` (see docs/ai.md: bitboard)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from connect4_game.core.board import Board, validate_checker
from connect4_game.core.checks import check_int, is_int
from connect4_game.core.side import CHECKERS

__all__ = [
    "Geometry", "geometry", "from_board", "from_moves", "play_moves",
    "can_play", "play", "play_bit", "has_four", "winning_cells", "wincells_for", "key", "mirror",
]


def key(current: int, mask: int) -> int:
    """The int identifying ``(current, mask)`` on one board size (Pons)."""
    return current + mask


def has_four(bits: int, h: int) -> bool:
    """True if one side's cells ``bits`` hold four in a row (height ``h``)."""
    for s in (1, h, h + 1, h + 2):
        m = bits & (bits >> s)
        if m & (m >> (s + s)):
            return True
    return False


def winning_cells(bits: int, mask: int, h: int, w: int) -> int:
    """The empty cells (reachable or not) completing a four for the owner of ``bits``."""
    return wincells_for(h)(bits, geometry(h, w).board ^ mask)


@cache
def wincells_for(h: int) -> Callable[[int, int], int]:
    """``wincells(p, free)``: the cells of ``free`` completing a four for ``p`` (height ``h``)."""
    s1, s2, s3 = h + 1, h, h + 2        # horizontal, the two diagonals

    def wincells(p: int, free: int) -> int:
        r = (p << 1) & (p << 2) & (p << 3)      # vertical: three stacked below
        lo = p << s1
        hi = p >> s1
        a = lo & (lo << s1)
        b = hi & (hi >> s1)
        r |= (a & ((a << s1) | hi)) | (b & ((b >> s1) | lo))
        lo = p << s2
        hi = p >> s2
        a = lo & (lo << s2)
        b = hi & (hi >> s2)
        r |= (a & ((a << s2) | hi)) | (b & ((b >> s2) | lo))
        lo = p << s3
        hi = p >> s3
        a = lo & (lo << s3)
        b = hi & (hi >> s3)
        r |= (a & ((a << s3) | hi)) | (b & ((b >> s3) | lo))
        return r & free
    return wincells


def can_play(mask: int, h: int, col: int) -> bool:
    """True if column ``col`` still has an empty cell (``mask`` = occupancy)."""
    return not mask & (1 << (col * (h + 1) + h - 1))


def play_bit(mask: int, h: int, col: int) -> int:
    """The cell a checker dropped in ``col`` (not full) lands on."""
    return (mask + (1 << col * (h + 1))) & (((1 << h) - 1) << col * (h + 1))


def play(current: int, mask: int, h: int, col: int) -> tuple[int, int]:
    """The position after ``current`` drops in ``col``, for the other side.
    :raises ValueError: a full column."""
    if not can_play(mask, h, col):
        raise ValueError(f"column {col!r} is full")
    mask2 = mask | (mask + (1 << col * (h + 1)))
    return current ^ mask, mask2


def mirror(bits: int, h: int, w: int) -> int:
    """Left-right mirror image of a mask (column ``c`` <-> ``w-1-c``)."""
    stride = h + 1
    col = (1 << stride) - 1
    out = 0
    for c in range(w):
        out |= ((bits >> (c * stride)) & col) << ((w - 1 - c) * stride)
    return out


def from_board(board: Board, checker: str) -> tuple[int, int]:
    """``(current, mask)`` of ``board.slots`` (rows top first, the assignment's Board, BU
    CS111 ps9), ``current`` the cells of ``checker``; gravity is not checked.
    :raises ValueError: a bad checker or cell, ragged or empty slots."""
    validate_checker(checker)
    slots = board.slots
    hgt = len(slots)
    if hgt < 1:
        raise ValueError("slots must have at least one row")
    wid = check_int(len(slots[0]), 1, None, "board width")
    stride = hgt + 1
    current = mask = 0
    for r, row in enumerate(slots):
        if len(row) != wid:
            raise ValueError(f"row {r} has {len(row)} cells, expected {wid}")
        level = hgt - 1 - r
        for c, cell in enumerate(row):
            if cell == " ":
                continue
            if cell not in CHECKERS:
                raise ValueError(f"bad cell {cell!r} at row {r}, column {c}")
            b = 1 << (c * stride + level)
            mask |= b
            if cell == checker:
                current |= b
    return current, mask


def from_moves(moves: str, h: int = 6, w: int = 7, one_indexed: bool = True) -> tuple[int, int]:
    """The position after the column digits ``moves`` (Pons' test files: '1' leftmost).
    :raises ValueError: a bad digit, or as :func:`play_moves`."""
    base = 1 if one_indexed else 0
    for i, ch in enumerate(moves):
        if ch not in "0123456789":
            raise ValueError(f"bad move {ch!r} at index {i} in {moves!r}")
    return play_moves([int(ch) - base for ch in moves], h, w)


def play_moves(moves: Sequence[int], rows: int = 6, cols: int = 7) -> tuple[int, int]:
    """``(current, mask)`` after the 0-based ``moves`` (X first), ``current`` the side to move's.
    :raises ValueError: a bad size, or naming a move off the board, in a full column or late."""
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


class Geometry:
    """Masks of one board size: ``stride`` (h+1), ``cells`` (a count), ``bottom``,
    ``board``, per column ``col_mask``, ``bottom_cells``, ``top_cells``; ``order``."""

    __slots__ = ("h", "w", "stride", "cells", "bottom", "board", "col_mask",
                 "bottom_cells", "top_cells", "order")

    def __init__(self, h: int, w: int) -> None:
        check_int(h, 1, None, "board height")
        check_int(w, 1, None, "board width")
        self.h, self.w, self.stride, self.cells = h, w, h + 1, h * w
        self.bottom_cells = [1 << c * (h + 1) for c in range(w)]
        self.top_cells = [b << (h - 1) for b in self.bottom_cells]
        self.col_mask = [b * ((1 << h) - 1) for b in self.bottom_cells]
        self.bottom = sum(self.bottom_cells)
        self.board = self.bottom * ((1 << h) - 1)
        self.order = sorted(range(w), key=lambda c: (abs(2 * c - (w - 1)), c))

    def possible(self, mask: int) -> int:
        """The cells where a checker can be dropped now, one per open column."""
        return (mask + self.bottom) & self.board


@cache
def geometry(h: int, w: int) -> Geometry:
    """Cached :class:`Geometry` for a board of ``h`` rows and ``w`` columns."""
    return Geometry(h, w)
