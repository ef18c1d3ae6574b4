"""Bitboards for Connect Four on any height x width board, in plain Python ints: a
position is ``(current, mask)`` in Pascal Pons' layout, column ``c`` at height ``r``
(0 = bottom) being bit ``c*(h+1) + r`` (see docs/ai.md: bitboard)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Protocol

from connect4_game.core.board import validate_checker

__all__ = [
    "Geometry", "geometry", "cell_bit", "from_slots", "from_board", "from_moves",
    "can_play", "play", "play_bit", "has_four", "winning_cells", "wincells_for", "key", "mirror",
    "HasSlots",
]


def _check_size(h: int, w: int) -> None:
    if not isinstance(h, int) or h < 1:
        raise ValueError(f"board height must be an int >= 1, got {h!r}")
    if not isinstance(w, int) or w < 1:
        raise ValueError(f"board width must be an int >= 1, got {w!r}")


def cell_bit(h: int, col: int, row: int) -> int:
    """Return the single-bit mask of the cell at ``col`` and ``row`` (0 = bottom
    row) on a board of height ``h``."""
    return 1 << (col * (h + 1) + row)


def key(current: int, mask: int) -> int:
    """Hashable int that identifies the position ``(current, mask)`` uniquely
    for a fixed board size (Pons: ``current + mask``; the extra carry marks the
    first empty cell of each column, so side and occupancy are both encoded)."""
    return current + mask


def has_four(bits: int, h: int) -> bool:
    """True if the cells in ``bits`` (one side's checkers) contain four in a row
    horizontally (shift ``h+1``), vertically (shift 1) or diagonally (shifts
    ``h`` and ``h+2``) on a board of height ``h``."""
    for s in (1, h, h + 1, h + 2):
        m = bits & (bits >> s)
        if m & (m >> (s + s)):
            return True
    return False


def winning_cells(bits: int, mask: int, h: int, w: int) -> int:
    """Mask of the *empty* cells (anywhere on the board, reachable now or not)
    that would complete a four for the side owning ``bits``, given occupancy
    ``mask``. Used for threat-based move ordering and forced-block detection.
    Shape: int mask in the layout described in the module docstring."""
    return wincells_for(h)(bits, geometry(h, w).board ^ mask)


@cache
def wincells_for(h: int) -> Callable[[int, int], int]:
    """``wincells(p, free)`` for boards of height ``h``: the cells of mask
    ``free`` where the side owning ``p`` would complete a four -- compiled
    once per height as a closure over the shifts (the search kernels call it
    up to eight times a node)."""
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
    """Single-bit mask of the cell a checker dropped in ``col`` lands on.
    The column must not be full."""
    return (mask + (1 << col * (h + 1))) & (((1 << h) - 1) << col * (h + 1))


def play(current: int, mask: int, h: int, col: int) -> tuple[int, int]:
    """Drop a checker of the ``current`` side in ``col``; return the new
    position ``(current', mask')`` *from the other side's point of view*
    (Pons' convention: ``current' = current ^ mask``).

    Raises ValueError if ``col`` is full (with ``h`` giving the height)."""
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


class HasSlots(Protocol):
    """A board as the engine keeps it: ``slots``, rows top first (the
    assignment's ``Board``, BU CS111 ps9, and its look-alikes)."""

    @property
    def slots(self) -> Sequence[Sequence[str]]: ...


def from_slots(slots: Sequence[Sequence[str]], checker: str) -> tuple[int, int]:
    """Position ``(current, mask)`` of an engine board's ``slots`` (list of rows,
    top row first, each cell ``' '``, ``'X'`` or ``'O'``), with ``current`` =
    the cells holding ``checker`` ('X' or 'O').

    Raises ValueError for a bad checker or ragged/empty slots. Gravity is not
    checked (a floating checker is kept where it is)."""
    validate_checker(checker)
    hgt = len(slots)
    if hgt < 1:
        raise ValueError("slots must have at least one row")
    wid = len(slots[0])
    _check_size(hgt, wid)
    stride = hgt + 1
    current = mask = 0
    for r, row in enumerate(slots):
        if len(row) != wid:
            raise ValueError(f"row {r} has {len(row)} cells, expected {wid}")
        level = hgt - 1 - r
        for c, cell in enumerate(row):
            if cell == " ":
                continue
            if cell != "X" and cell != "O":
                raise ValueError(f"bad cell {cell!r} at row {r}, column {c}")
            b = 1 << (c * stride + level)
            mask |= b
            if cell == checker:
                current |= b
    return current, mask


def from_board(board: HasSlots, checker: str) -> tuple[int, int]:
    """Position ``(current, mask)`` of a :class:`connect4_game.core.board.Board`
    (uses only ``board.slots``; the board is not modified)."""
    return from_slots(board.slots, checker)


def from_moves(moves: str, h: int = 6, w: int = 7, one_indexed: bool = True) -> tuple[int, int]:
    """Position after playing the column digits in ``moves`` alternately from
    the empty board (first move by the first player), returned from the point
    of view of the side to move -- the format of Pons' benchmark files
    (``one_indexed=True``: '1' = leftmost column). Raises ValueError on a bad
    digit, a full column, or a move played after a four-in-a-row."""
    _check_size(h, w)
    current = mask = 0
    base = 1 if one_indexed else 0
    for i, ch in enumerate(moves):
        if not ch.isdigit():
            raise ValueError(f"bad move {ch!r} at index {i} in {moves!r}")
        col = int(ch) - base
        if not 0 <= col < w:
            raise ValueError(f"column {ch!r} at index {i} is off the board")
        if has_four(current ^ mask, h):
            raise ValueError(f"move {i} of {moves!r} is played after the game was won")
        current, mask = play(current, mask, h, col)
    return current, mask


class Geometry:
    """Precomputed masks of one board size (height ``h`` rows x width ``w``
    columns). Attributes (all ints in the module's bit layout unless noted):

    * ``h``, ``w``, ``stride`` (= h+1), ``cells`` (= h*w, a count);
    * ``bottom``: the bottom cell of every column; ``board``: every cell
      (no sentinel bit);
    * ``col_mask[c]``, ``bottom_cells[c]``, ``top_cells[c]``: per column lists;
    * ``order``: columns centre-first (ties: left of centre first), a list.
    """

    __slots__ = ("h", "w", "stride", "cells", "bottom", "board", "col_mask",
                 "bottom_cells", "top_cells", "order")

    def __init__(self, h: int, w: int) -> None:
        _check_size(h, w)
        self.h, self.w, self.stride, self.cells = h, w, h + 1, h * w
        self.bottom_cells = [1 << c * (h + 1) for c in range(w)]
        self.top_cells = [b << (h - 1) for b in self.bottom_cells]
        self.col_mask = [b * ((1 << h) - 1) for b in self.bottom_cells]
        self.bottom = sum(self.bottom_cells)
        self.board = self.bottom * ((1 << h) - 1)
        self.order = sorted(range(w), key=lambda c: (abs(2 * c - (w - 1)), c))

    def __repr__(self) -> str:
        return f"Geometry(h={self.h}, w={self.w})"

    def possible(self, mask: int) -> int:
        """Mask of the cells where a checker can be dropped now (one per
        non-full column) given occupancy ``mask``."""
        return (mask + self.bottom) & self.board


@cache
def geometry(h: int, w: int) -> Geometry:
    """Cached :class:`Geometry` for a board of ``h`` rows and ``w`` columns."""
    return Geometry(h, w)
