"""Connect Four players (BU CS111 ps9, Problems 2, 3 and 4): a person on the console, a random
player and the lookahead ``AIPlayer``."""

from __future__ import annotations

import random
from typing import Any

from connect4_game.ai.bitboard import from_board
from connect4_game.ai.search import shared_searcher
from connect4_game.core.board import MAX_COLS, MAX_ROWS, Board, other, validate_checker
from connect4_game.core.checks import check_choice, check_lookahead

TIEBREAKS = ('LEFT', 'RIGHT', 'RANDOM')      # how AIPlayer picks among equally good columns
MAX_LOOKAHEAD = MAX_ROWS * MAX_COLS         # the deepest worth asking for on any board offered
DEFAULT_LOOKAHEAD = 6               # the window's first-run AI: answers in milliseconds
DEFAULT_TIEBREAK = 'RANDOM'         # LEFT would open in the corner every game and look broken
WARN_LOOKAHEAD = 16                 # deeper lookaheads can take minutes a move on 6x7: warn


def check_tiebreak(value: Any, what: str = 'tiebreak') -> str:
    """One of :data:`TIEBREAKS`. :raises ValueError: ``'tiebreak must be one of ..., not 'UP''``."""
    return check_choice(value, TIEBREAKS, what)


def clamp_lookahead(lookahead: int, rows: int, cols: int) -> int:
    """``lookahead`` (plies) cut to the ``rows * cols`` cells: no search sees past a full board."""
    return min(lookahead, rows * cols)


class Player:
    """A person on the console (Problem 2): ``checker`` ``'X'`` or ``'O'``, ``num_moves`` so far.
    :raises ValueError: for any other checker."""

    def __init__(self, checker: str) -> None:
        self.checker = validate_checker(checker)
        self.num_moves = 0

    def __repr__(self) -> str:
        return 'Player ' + self.checker

    def opponent_checker(self) -> str:
        return other(self.checker)

    def next_move(self, b: Board) -> int:
        """Ask ``'Enter a column: '`` until ``b`` can take a checker there (``'Try again!'`` after
        each other answer); counts the move. :raises EOFError, KeyboardInterrupt: from input."""
        while True:
            print()
            answer = input('Enter a column: ')
            try:
                col = int(answer.strip())
            except ValueError:
                col = None
            if col is not None and b.can_add_to(col):
                self.num_moves += 1
                return col
            print('Try again!')


class RandomPlayer(Player):
    """Picks uniformly among the columns that are not full (Problem 3)."""

    def next_move(self, b: Board) -> int:
        """A random legal column of ``b``; counts the move. :raises ValueError: ``b`` is full."""
        columns = b.legal_columns()
        if not columns:
            raise ValueError('the board is full: there is no column to play')
        self.num_moves += 1
        return random.choice(columns)


class AIPlayer(Player):
    """Looks ``lookahead`` plies ahead and picks among the best columns by ``tiebreak`` (Problem
    4); after each :meth:`scores_for`, ``last_nodes`` (positions searched) and ``last_time`` (s).
    :raises ValueError: for a bad checker, tiebreak or lookahead."""

    def __init__(self, checker: str, tiebreak: str, lookahead: int) -> None:
        super().__init__(checker)
        self.tiebreak = check_tiebreak(tiebreak)
        self.lookahead = check_lookahead(lookahead)
        self.last_nodes = 0
        self.last_time = 0.0

    def __repr__(self) -> str:
        return f'{super().__repr__()} ({self.tiebreak}, {self.lookahead})'

    def max_score_column(self, scores: list[int]) -> int:
        """The index of a maximum of ``scores``, ties broken by the tiebreak.
        :raises ValueError: if ``scores`` is empty."""
        if not scores:
            raise ValueError('scores must not be empty')
        best = max(scores)
        columns = [col for col, score in enumerate(scores) if score == best]
        if self.tiebreak == 'LEFT':
            return columns[0]
        if self.tiebreak == 'RIGHT':
            return columns[-1]
        return random.choice(columns)

    def scores_for(self, b: Board) -> list[int]:
        """One score per column of ``b`` (unchanged): -1 full, 0 a loss and 100 a win within the
        lookahead, 50 neither: the assignment's recursion's, by :mod:`connect4_game.ai.search`."""
        cur, mask = from_board(b, self.checker)
        scores, self.last_nodes, self.last_time = shared_searcher().search(
            cur, mask, b.height, b.width, self.lookahead)
        return scores

    def next_move(self, b: Board) -> int:
        """The best column of ``b`` by :meth:`scores_for` and the tiebreak; counts the move.
        :raises ValueError: if every column of ``b`` is full."""
        scores = self.scores_for(b)
        if max(scores) < 0:
            raise ValueError('the board is full: there is no column to play')
        self.num_moves += 1
        return self.max_score_column(scores)
