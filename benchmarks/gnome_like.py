"""A reference opponent that plays as GNOME Four-in-a-row's levels are described.

Written from this description only (GNOME's code is GPL and was not read):
each level (1) plays a four if it has one, (2) else blocks the opponent's
four, (3) else runs negamax with alpha-beta ``DEPTHS[level]`` plies deep
(Easy 4, Medium 7, Hard 7) and plays the best column. A four inside the
search scores ``WIN`` minus its ply (sooner wins rank higher); a full board
0; a leaf scores, for the side to move there,

* Hard: the number of empty cells where it would complete four minus the
  opponent's number (anywhere on the board, reachable now or not);
* Easy: the negation of Hard's leaf score;
* Medium: a random number (uniform in -``RANDOM_LEAF``..``RANDOM_LEAF``).

Details the description leaves open, chosen here: columns are searched
centre first (only speed depends on it); among root columns tied for the
best score one is drawn with the player's ``random.Random`` (so that a
fixed line cannot beat it every time); X or O alike.

Positions are the project's bitboards (:mod:`connect4_game.ai.bitboard`).
Nothing here imports pygame.
"""
from __future__ import annotations

import random
from collections.abc import Callable

from connect4_game.ai import bitboard as bb
from connect4_game.ai.evaluate import evaluator
from connect4_game.core.board import Board, validate_checker

__all__ = ['GnomeLikePlayer', 'DEPTHS', 'WIN', 'RANDOM_LEAF']

#: Plies of the alpha-beta search of each level.
DEPTHS = {'easy': 4, 'medium': 7, 'hard': 7}
#: Score of a four at ply 0 (a four at ply p scores WIN - p).
WIN = 10_000
#: Medium's random leaf scores lie in -RANDOM_LEAF..RANDOM_LEAF.
RANDOM_LEAF = 100


class GnomeLikePlayer:
    """The GNOME-like player of ``level`` (``'easy'``, ``'medium'``,
    ``'hard'``) for ``checker``, with the assignment's ``next_move(board)``
    interface (BU CS111 ps9) and a ``checker`` attribute.

    :param rng: draws Medium's leaf scores and the ties (default a
        ``random.Random()`` seeded from the system).
    :raises ValueError: unknown level or bad checker.
    """

    def __init__(self, level: str, checker: str, rng: random.Random | None = None) -> None:
        if level not in DEPTHS:
            raise ValueError(f'level must be one of {", ".join(DEPTHS)}, not {level!r}')
        self.level = level
        self.checker = validate_checker(checker)
        self.depth = DEPTHS[level]
        self.rng = rng if rng is not None else random.Random()
        self.num_moves = 0
        self.nodes = 0

    def __repr__(self) -> str:
        return f'GNOME-like {self.level} ({self.checker})'

    def next_move(self, b: Board) -> int:
        """The column to play on ``b``; counts the move.

        :raises ValueError: if every column of ``b`` is full.
        """
        cur, mask = bb.from_board(b, self.checker)
        col = self.choose(cur, mask, b.height, b.width)
        self.num_moves += 1
        return col

    def choose(self, cur: int, mask: int, h: int, w: int) -> int:
        """The column for the side owning ``cur`` in position ``(cur, mask)``.

        :raises ValueError: if every column is full.
        """
        ev = evaluator(h, w)
        geo, wincells = ev.geo, ev.wincells
        poss = geo.possible(mask)
        if not poss:
            raise ValueError('the board is full: there is no column to play')
        free = geo.board ^ mask
        cells = [poss & geo.col_mask[c] for c in geo.order if poss & geo.col_mask[c]]
        for target in (wincells(cur, free), wincells(cur ^ mask, free)):  # win, else block
            for m in cells:
                if m & target:
                    return _column(m, geo.stride)
        best, ties = -2 * WIN, []
        for m in cells:
            v = -self._negamax(cur ^ mask, mask | m, cur | m, self.depth - 1,
                               -2 * WIN, -(best - 1), 1, geo, wincells)
            if v > best:
                best, ties = v, [m]
            elif v == best:
                ties.append(m)
        return _column(self.rng.choice(ties), geo.stride)

    def _negamax(self, cur: int, mask: int, last: int, depth: int, alpha: int, beta: int,
                 ply: int, geo: bb.Geometry, wincells: Callable[[int, int], int]) -> int:
        """Score for the side owning ``cur`` (to move); ``last`` = the cells
        of the side that just moved (a four there: a loss now)."""
        self.nodes += 1
        if bb.has_four(last, geo.h):
            return -(WIN - ply)
        poss = geo.possible(mask)
        if not poss:
            return 0
        if depth == 0:
            return self._leaf(cur, mask, geo, wincells)
        best = -2 * WIN
        for c in geo.order:
            m = poss & geo.col_mask[c]
            if not m:
                continue
            v = -self._negamax(last, mask | m, cur | m, depth - 1, -beta, -alpha, ply + 1,
                               geo, wincells)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    def _leaf(self, cur: int, mask: int, geo: bb.Geometry,
              wincells: Callable[[int, int], int]) -> int:
        """The level's leaf score for the side owning ``cur``."""
        if self.level == 'medium':
            return self.rng.randint(-RANDOM_LEAF, RANDOM_LEAF)
        free = geo.board ^ mask
        s = wincells(cur, free).bit_count() - wincells(cur ^ mask, free).bit_count()
        return -s if self.level == 'easy' else s


def _column(m: int, stride: int) -> int:
    """The column of the single-cell mask ``m``."""
    return (m.bit_length() - 1) // stride
