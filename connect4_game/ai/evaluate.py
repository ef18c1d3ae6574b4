"""A static evaluation in points for the side to move, for the named levels'
search: threats weighted by Allis's odd/even rule, zugzwang, stacked threats and
centre control (Victor Allis, "A Knowledge-based Approach of Connect-Four", 1988)."""
from __future__ import annotations

from collections.abc import Callable
from functools import cache

from connect4_game.ai.bitboard import Geometry, geometry, wincells_for

__all__ = ["Evaluator", "evaluator", "cell_weights", "WIN_FLOOR",
           "W_GOOD", "W_OTHER", "W_ZUGZWANG", "W_STACKED"]

W_GOOD = 36              # points: a threat on a row its side gets in the endgame
W_OTHER = 12             # points: any other threat
W_ZUGZWANG = 60          # points: the parity rule's verdict
W_STACKED = 50           # points: each pair of stacked threats
#: every evaluation lies strictly between ``-WIN_FLOOR`` and ``WIN_FLOOR``
WIN_FLOOR = 1_000_000


def cell_weights(h: int, w: int) -> list[list[int]]:
    """The four-cell windows through each cell: ``w`` lists of ``h``, bottom first."""
    out = [[0] * h for _ in range(w)]
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for c in range(w):
            for r in range(h):
                cells = [(c + k * dc, r + k * dr) for k in range(4)]
                if all(0 <= cc < w and 0 <= rr < h for cc, rr in cells):
                    for cc, rr in cells:
                        out[cc][rr] += 1
    return out


class Evaluator:
    """One board size's ``evaluate(cur, mask, mw, ow)``: points for ``cur`` to move,
    given both sides' winning cells. :raises ValueError: bad size."""

    def __init__(self, h: int, w: int) -> None:
        geo = geometry(h, w)
        self.h, self.w, self.geo = h, w, geo
        self.wincells: Callable[[int, int], int] = wincells_for(h)
        even_rows = 0                       # rows an even number of rows below the top
        for row in range(h - 1, -1, -2):
            even_rows |= geo.bottom << row
        #: the rows whose threats the even player (moving second) gets, and the odd player's
        self.even_good, self.odd_rows = even_rows & geo.board, geo.board & ~even_rows
        #: centre control: (mask of the cells in at least 2t windows, t - the previous t)
        self.layers = self._layers(geo)
        #: the points of a good threat, any other threat, a stacked pair and zugzwang
        self.weights = (W_GOOD, W_OTHER, W_STACKED, W_ZUGZWANG)
        self.evaluate = self._build(geo, self.even_good, self.odd_rows, self.layers)

    @staticmethod
    def _layers(geo: Geometry) -> tuple[tuple[int, int], ...]:
        weights = cell_weights(geo.h, geo.w)
        levels = sorted({wt // 2 for col in weights for wt in col if wt // 2 > 0})
        layers = []
        prev = 0
        for t in levels:
            m = 0
            for c in range(geo.w):
                for r in range(geo.h):
                    if weights[c][r] // 2 >= t:
                        m |= 1 << (c * geo.stride + r)
            layers.append((m, t - prev))
            prev = t
        return tuple(layers)

    @staticmethod
    def _build(geo: Geometry, even_good: int, odd_good: int,
               layers: tuple[tuple[int, int], ...]) -> Callable[[int, int, int, int], int]:
        """Compile :attr:`evaluate` over this size's constant masks."""
        cells = geo.cells

        def evaluate(cur: int, mask: int, mw: int, ow: int) -> int:
            opp = cur ^ mask
            if (cells - mask.bit_count()) & 1:     # the side to move is the even player
                mine, theirs = even_good, odd_good
            else:
                mine, theirs = odd_good, even_good
            mg = (mw & mine).bit_count()
            og = (ow & theirs).bit_count()
            s = W_GOOD * (mg - og)
            s += W_OTHER * ((mw.bit_count() - mg) - (ow.bit_count() - og))
            s += W_STACKED * ((mw & (mw >> 1)).bit_count() - (ow & (ow >> 1)).bit_count())
            if mg and not og:
                s += W_ZUGZWANG
            elif og and not mg:
                s -= W_ZUGZWANG
            for m, step in layers:
                s += step * ((cur & m).bit_count() - (opp & m).bit_count())
            return s
        return evaluate


@cache
def evaluator(h: int, w: int) -> Evaluator:
    """The shared :class:`Evaluator` of an ``h`` x ``w`` board. :raises ValueError: bad size."""
    return Evaluator(h, w)
