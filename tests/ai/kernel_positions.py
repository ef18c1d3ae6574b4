"""The random positions the kernel agreement tests search: checkers dropped in turn on a
bitboard (Pascal Pons' layout, :mod:`connect4_game.ai.bitboard`); the bit of one cell."""
from __future__ import annotations

from collections.abc import Callable, Iterable

from connect4_game.ai.bitboard import has_four, play


def cell_bit(h: int, col: int, row: int) -> int:
    """The bit of the cell at ``col`` and ``row`` (0 = bottom) of a board ``h`` rows high."""
    return 1 << (col * (h + 1) + row)


def drop_in_turn(h: int, columns: Iterable[int],
                 keep_four: Callable[[], bool] = lambda: False) -> tuple[int, int]:
    """``(cur, mask)`` after a checker is dropped into each of the 0-based ``columns`` in turn
    on a board ``h`` rows high: a move into a full column is skipped, and a move that would
    make four ends the list before it unless ``keep_four()`` says to play it."""
    cur = mask = 0
    for c in columns:
        if mask & (1 << (c * (h + 1) + h - 1)):
            continue                                   # a full column: skip this move
        nc, nm = play(cur, mask, h, c)
        if has_four(cur | (nm ^ mask), h) and not keep_four():
            break                                      # the move would win: stop before it
        cur, mask = nc, nm
    return cur, mask
