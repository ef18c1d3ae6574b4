"""The named difficulty levels the window offers: Easy, Medium, Hard, Expert.

Easy, Medium and Hard are each one setting of the assignment's ``AIPlayer``
(BU CS111 ps9, Problem 4) -- a lookahead and a tiebreak -- played by
:class:`LevelPlayer`, which scores the columns exactly as ``AIPlayer`` does
(``scores_for``: -1 full, 0 loss within the lookahead, 100 win within it, 50
otherwise) and always plays one of the best-scored columns. Only the choice
*among* the best-scored columns is refined, so a player never sees the raw
AI's faithful but odd-looking moves (skipping a win now for a forced win
later, both scored 100; leaving a four open once every column scores 0):

1. **Win now.** A best-scored column that makes four in a row at once is
   played first.
2. **Hold out when lost.** If every column scores 0 (the opponent can force a
   win within the lookahead), the columns are scored again, by the same
   ``scores_for``, at the largest smaller lookahead (down to 2) at which some
   column does not lose: the AI plays a move that loses the latest it can see.
3. **Block now.** Among the best columns left, one that takes the cell where
   the opponent would make four on its next move is played first -- also
   when the game is lost (two open fours: it blocks one of them).
4. **Tiebreak.** With ``centre_first`` only the most central of the columns
   left are kept; then the level's tiebreak (``'LEFT'``, ``'RIGHT'`` or
   ``'RANDOM'``) picks one.

Rules 1 and 3 never leave the best-scored columns: a win now scores 100 at
any lookahead >= 1, and when the opponent threatens four next move every
other column scores 0 at a lookahead >= 2 (at lookahead 0 or 1 all columns
score 50 but a win now). So every level's move is one the assignment's
``AIPlayer`` with that lookahead could also have chosen.

The raw ``AIPlayer`` (the window's "Advanced" settings) is not changed.

The settings were chosen by measurement (``python -m benchmarks.bench_levels``):
preferring the centre among equal columns is worth more than any extra depth
(lookahead 3 with it beats lookahead 4 without), so Easy plays anywhere
among its safe columns, while Medium and Hard prefer the centre and differ
in depth. Hard's lookahead 8 answered every move within 0.35 s even on the
largest board offered (12 rows x 14 columns, 433 moves measured; 25 ms on
6x7); lookahead 10 took up to 1.4 s there.

Expert is :class:`connect4_game.ai.expert.ExpertPlayer` (perfect play).
Nothing here imports pygame.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from connect4_game.ai import bitboard as bb
from connect4_game.ai.expert import ExpertPlayer
from connect4_game.ai.search import shared_searcher
from connect4_game.board import Board
from connect4_game.players import AIPlayer
from connect4_game.rules import DEFAULT_LEVEL, EXPERT_MOVE_SECONDS, LEVELS, check_choice

__all__ = ['LevelSetting', 'LEVEL_SETTINGS', 'LEVEL_DESCRIPTIONS', 'LevelPlayer',
           'make_level_player', 'LEVELS', 'DEFAULT_LEVEL']


@dataclass(frozen=True)
class LevelSetting:
    """One named level as a setting of the assignment's ``AIPlayer``.

    Fields: ``lookahead`` (plies, an int >= 0, as ``AIPlayer``'s),
    ``tiebreak`` (``'LEFT'``, ``'RIGHT'`` or ``'RANDOM'``, as ``AIPlayer``'s)
    and ``centre_first`` (bool: keep only the most central of the tied
    columns before the tiebreak).
    """

    lookahead: int
    tiebreak: str
    centre_first: bool


LEVEL_SETTINGS: dict[str, LevelSetting] = {
    'easy': LevelSetting(lookahead=2, tiebreak='RANDOM', centre_first=False),
    'medium': LevelSetting(lookahead=3, tiebreak='RANDOM', centre_first=True),
    'hard': LevelSetting(lookahead=8, tiebreak='RANDOM', centre_first=True),
}
"""The settings of ``'easy'``, ``'medium'`` and ``'hard'`` (``'expert'`` is
:class:`~connect4_game.ai.expert.ExpertPlayer`), weakest first."""

LEVEL_DESCRIPTIONS: dict[str, str] = {
    'easy': (f"Looks {LEVEL_SETTINGS['easy'].lookahead} moves ahead: takes a win, "
             "blocks yours, otherwise plays anywhere."),
    'medium': (f"Looks {LEVEL_SETTINGS['medium'].lookahead} moves ahead "
               "and likes the middle columns."),
    'hard': (f"Looks {LEVEL_SETTINGS['hard'].lookahead} moves ahead "
             "and likes the middle columns."),
    'expert': "Plays perfectly on the standard board. Very hard to beat.",
}
"""One plain-English sentence per level of :data:`~connect4_game.rules.LEVELS`,
for the new-game dialog's tooltip."""


class LevelPlayer(AIPlayer):
    """The assignment's ``AIPlayer`` with the win-now, hold-out and block-now
    rules among its best-scored columns (see the module docstring).

    :param checker: ``'X'`` or ``'O'``.
    :param tiebreak: ``'LEFT'``, ``'RIGHT'`` or ``'RANDOM'``.
    :param lookahead: plies to look ahead, an int >= 0.
    :param centre_first: keep only the most central tied columns before the
        tiebreak.
    :param rng: the ``random.Random`` used by the ``'RANDOM'`` tiebreak;
        default the :mod:`random` module (as ``AIPlayer``).
    :raises ValueError: bad checker, tiebreak or lookahead.

    Prints as ``AIPlayer`` does (``'Player X (RANDOM, 3)'``); ``scores_for``
    is ``AIPlayer``'s, unchanged. ``last_nodes`` and ``last_time`` also count
    the hold-out searches of :meth:`choose_column`.
    """

    def __init__(self, checker: str, tiebreak: str, lookahead: int,
                 centre_first: bool = False, rng: random.Random | None = None) -> None:
        super().__init__(checker, tiebreak, lookahead)
        self.centre_first = bool(centre_first)
        self.rng = random if rng is None else rng

    def choose_column(self, b: Board, scores: list[int]) -> int:
        """The column to play on ``b`` given ``scores = self.scores_for(b)``
        (a list of ``b.width`` ints), by rules 1-4 of the module docstring.
        ``b`` is not changed; the move is not counted.

        :raises ValueError: if ``scores`` has no column >= 0 (board full) or
            its length is not ``b.width``.
        """
        if len(scores) != b.width:
            raise ValueError(f'scores must have {b.width} entries, not {len(scores)}')
        if max(scores) < 0:
            raise ValueError('the board is full: there is no column to play')
        scores = self._hold_out(b, scores)                                         # rule 2
        best = max(scores)
        cols = self._win_or_block(b, [c for c, s in enumerate(scores) if s == best])
        if self.centre_first:                                                      # rule 4
            cols = _most_central(cols, b.width)
        return self._tiebreak(cols)

    def _hold_out(self, b: Board, scores: list[int]) -> list[int]:
        """Rule 2: when every legal column of ``scores`` is 0, the scores at
        the largest smaller lookahead (down to 2) at which some column does
        not lose; else ``scores`` itself. Adds the searches to
        ``last_nodes`` / ``last_time``."""
        if not all(s == 0 for s in scores if s >= 0):
            return scores
        for depth in range(self.lookahead - 1, 1, -1):
            again, nodes, seconds = shared_searcher().scores_and_stats(b, self.checker, depth)
            self.last_nodes += nodes
            self.last_time += seconds
            if max(again) > 0:
                return again
        return scores

    def _win_or_block(self, b: Board, cols: list[int]) -> list[int]:
        """Rules 1 and 3: the columns of ``cols`` that make four at once, else
        those that take the opponent's four-making cell, else ``cols``."""
        h = b.height
        mine, mask = bb.from_board(b, self.checker)
        theirs = mine ^ mask
        cells = {c: bb.play_bit(mask, h, c) for c in cols}
        wins = [c for c in cols if bb.has_four(mine | cells[c], h)]
        blocks = [c for c in cols if bb.has_four(theirs | cells[c], h)]
        return wins or blocks or cols

    def _tiebreak(self, cols: list[int]) -> int:
        """The level's tiebreak among ``cols`` (non-empty, left to right):
        ``'LEFT'`` the first, ``'RIGHT'`` the last, ``'RANDOM'`` one drawn
        with ``rng``."""
        if self.tiebreak == 'LEFT':
            return cols[0]
        if self.tiebreak == 'RIGHT':
            return cols[-1]
        return self.rng.choice(cols)

    def next_move(self, b: Board) -> int:
        """The column to play on ``b`` (:meth:`choose_column` of
        :meth:`scores_for`); counts the move.

        :raises ValueError: if every column of ``b`` is full.
        """
        col = self.choose_column(b, self.scores_for(b))
        self.num_moves += 1
        return col


def _most_central(cols: list[int], width: int) -> list[int]:
    """The columns of ``cols`` nearest the centre of a board ``width``
    columns wide (two on even widths when both central columns are in)."""
    near = min(abs(2 * c - (width - 1)) for c in cols)
    return [c for c in cols if abs(2 * c - (width - 1)) == near]


def make_level_player(level: str, checker: str, *, rng: random.Random | None = None,
                      expert_time_budget: float = EXPERT_MOVE_SECONDS) -> LevelPlayer | ExpertPlayer:
    """The computer player of a named level.

    :param level: one of :data:`~connect4_game.rules.LEVELS`
        (``'easy'``, ``'medium'``, ``'hard'``, ``'expert'``).
    :param checker: ``'X'`` or ``'O'``.
    :param rng: for Easy/Medium/Hard, the tiebreak's ``random.Random``
        (default the :mod:`random` module).
    :param expert_time_budget: for Expert, seconds per move (> 0).
    :returns: a :class:`LevelPlayer` with :data:`LEVEL_SETTINGS` ``[level]``,
        or an ``ExpertPlayer`` for ``'expert'``.
    :raises ValueError: unknown level, bad checker or bad budget.
    """
    check_choice(level, LEVELS, 'level')
    if level == 'expert':
        return ExpertPlayer(checker, expert_time_budget)
    s = LEVEL_SETTINGS[level]
    return LevelPlayer(checker, s.tiebreak, s.lookahead, s.centre_first, rng)
