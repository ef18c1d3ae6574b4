"""Connect Four players (BU CS111 ps9, Problems 2, 3 and 4).

``Player`` asks a human for columns on the console, ``RandomPlayer`` picks a
random legal column and ``AIPlayer`` scores every column with a fixed
lookahead and picks the best one with its tiebreak.
"""

from __future__ import annotations

import random
from typing import Any

from connect4_game.ai.search import shared_searcher
from connect4_game.core.board import MAX_COLS, MAX_ROWS, Board, other, validate_checker
from connect4_game.core.checks import check_choice, check_lookahead

# -- AIPlayer's choices (BU CS111 ps9, Problem 4) ----------------------------------------
TIEBREAKS = ('LEFT', 'RIGHT', 'RANDOM')
"""How ``AIPlayer`` picks among equally good columns."""

MAX_LOOKAHEAD = MAX_ROWS * MAX_COLS
"""The deepest lookahead worth asking for on any board offered: past the
empty cells a search cannot change (see :func:`clamp_lookahead`)."""
DEFAULT_LOOKAHEAD = 6               # the window's first-run AI: answers in milliseconds
DEFAULT_TIEBREAK = 'RANDOM'         # LEFT would open in the corner every game and look broken
WARN_LOOKAHEAD = 16                 # deeper lookaheads can take minutes a move on 6x7: warn


def check_tiebreak(value: Any, what: str = 'tiebreak') -> str:
    """One of :data:`TIEBREAKS` (BU CS111 ps9, Problem 4).

    :raises ValueError: ``'tiebreak must be one of LEFT, RIGHT, RANDOM, not 'UP''``.
    """
    return check_choice(value, TIEBREAKS, what)


def clamp_lookahead(lookahead: int, rows: int, cols: int) -> int:
    """``lookahead`` (plies) cut to the ``rows * cols`` cells of the board.

    A search cannot see past a full board, so every score of the assignment's
    ``scores_for`` is the same at any lookahead from there on: the smaller
    number is the same search.

    >>> clamp_lookahead(10**9, 6, 7)
    42
    """
    return min(lookahead, rows * cols)


class Player:
    """A human Connect Four player on the console (BU CS111 ps9, Problem 2).

    :param checker: ``'X'`` or ``'O'``.
    :raises ValueError: for any other checker.

    Attributes: ``checker`` and ``num_moves`` (moves made so far, from 0).
    """

    def __init__(self, checker: str) -> None:
        self.checker = validate_checker(checker)
        self.num_moves = 0

    def __repr__(self) -> str:
        """``'Player X'`` or ``'Player O'``."""
        return 'Player ' + self.checker

    def opponent_checker(self) -> str:
        """The opponent's checker, ``'O'`` or ``'X'``."""
        return other(self.checker)

    def next_move(self, b: Board) -> int:
        """Ask for a column with ``'Enter a column: '`` until ``b`` can take a
        checker there, printing ``'Try again!'`` after each invalid answer
        (including answers that are not numbers, where the assignment would crash).
        Counts the move in ``num_moves`` and returns the column.

        :raises EOFError, KeyboardInterrupt: from :func:`input`, unchanged.
        """
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
    """A computer player that picks uniformly among the columns that are not
    full (BU CS111 ps9, Problem 3)."""

    def next_move(self, b: Board) -> int:
        """A random legal column of ``b``; counts the move.

        :raises ValueError: if every column of ``b`` is full.
        """
        columns = b.legal_columns()
        if not columns:
            raise ValueError('the board is full: there is no column to play')
        self.num_moves += 1
        return random.choice(columns)


class AIPlayer(Player):
    """A computer player that looks ``lookahead`` moves ahead (BU CS111 ps9, Problem 4).

    :param checker: ``'X'`` or ``'O'``.
    :param tiebreak: ``'LEFT'``, ``'RIGHT'`` or ``'RANDOM'``: how to choose
        among columns tied for the best score.
    :param lookahead: number of plies (own and opponent's moves) to look
        ahead, an int >= 0.
    :raises ValueError: for any other checker, tiebreak or lookahead.

    Attributes: ``tiebreak``, ``lookahead``, and after each :meth:`scores_for`
    ``last_nodes`` (positions searched) and ``last_time`` (seconds).
    """

    def __init__(self, checker: str, tiebreak: str, lookahead: int) -> None:
        validate_checker(checker)
        check_tiebreak(tiebreak)
        check_lookahead(lookahead)
        super().__init__(checker)
        self.tiebreak = tiebreak
        self.lookahead = lookahead
        self.last_nodes = 0
        self.last_time = 0.0

    def __repr__(self) -> str:
        """For example ``'Player X (LEFT, 1)'``."""
        return f'{super().__repr__()} ({self.tiebreak}, {self.lookahead})'

    def max_score_column(self, scores: list[int]) -> int:
        """The index of a maximum of ``scores``, choosing among ties by the
        tiebreak (leftmost, rightmost or random).

        :raises ValueError: if ``scores`` is empty.
        """
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
        """One score per column of ``b`` for this player (BU CS111 ps9, Problem 4):
        -1 full column, 0 a loss within the lookahead, 100 a win within the
        lookahead, 50 neither. ``b`` is left unchanged.

        Computed by the exact search (:mod:`connect4_game.ai.search`),
        which returns the same list as the assignment's recursive outline
        (``tests/oracle.py``); sets ``last_nodes`` and ``last_time``.
        """
        scores, self.last_nodes, self.last_time = shared_searcher().scores_and_stats(
            b, self.checker, self.lookahead)
        return scores

    def next_move(self, b: Board) -> int:
        """The best column of ``b`` by :meth:`scores_for` and the tiebreak;
        counts the move.

        :raises ValueError: if every column of ``b`` is full.
        """
        scores = self.scores_for(b)
        if max(scores) < 0:
            raise ValueError('the board is full: there is no column to play')
        self.num_moves += 1
        return self.max_score_column(scores)
