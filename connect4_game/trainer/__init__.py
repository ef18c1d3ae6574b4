"""Connect Four puzzles: "Red to play and win in 3" on the standard 6x7 board.

Each puzzle is a position from a game between the project's levels where
the side to move wins with exactly one column, in exactly ``win_in`` of its
own moves against the longest resistance (proven by the solver in
``tests/test_puzzles.py``). The set (over 200, from win in 1 to win in 8
or more) ships with the package and is made by ``tools/make_puzzles.py``.

The API, all pygame-free (columns 0-based, as in
:class:`connect4_game.core.game.Game`; X = Red moves first):

* :class:`Puzzle` -- ``id`` (str), ``moves`` (tuple of columns),
  ``win_in``, ``answer``, ``number`` (1-based place in the set);
  ``side`` (``'X'``/``'O'``), ``side_name`` (``'Red'``/``'Yellow'``),
  ``grade`` (1..8), ``position`` (``'4453'``), ``title``.
* :func:`load_puzzles`, :func:`puzzles_of_grade`, :func:`find_puzzle`,
  :func:`puzzle_of_the_day` (``datetime.date`` -> Puzzle, the same
  everywhere).
* :func:`start_game` (a Game at the puzzle's position),
  :func:`check_try` (-> :class:`TryResult`: SOLVED, WINS, TOO_SLOW,
  ESCAPES, ILLEGAL), :func:`defence` (the defender's longest resistance),
  :func:`moves_left`, :func:`solution`.
* Text (plain English, for translating): :func:`title`,
  :func:`grade_label`, :func:`try_message`, :data:`SIDE_NAMES`.
* The solved/tried counts live in :mod:`connect4_game.storage.puzzle_stats`
  (``record_puzzle_try(puzzle.id, solved)``, ``load_puzzle_counts()``).

A puzzle played through (the solver calls take milliseconds with bitbully,
up to about a second without it: run them off the drawing thread)::

    game = start_game(puzzle)
    result = check_try(puzzle, game, column)      # the player's column
    if result is TryResult.WINS:                  # on track: play on
        game.push(column)
        game.push(defence(game))                  # the defender's reply
    elif result is TryResult.SOLVED:
        game.push(column)                         # four in a row
    else:                                         # ESCAPES, TOO_SLOW: try again
        ...                                       # (ILLEGAL: ignore the click)
"""
from __future__ import annotations

from connect4_game.trainer.model import (
                                         MAX_GRADE,
                                         SIDE_NAMES,
                                         Puzzle,
                                         PuzzleDataError,
                                         find_puzzle,
                                         grade_label,
                                         grade_of,
                                         load_puzzles,
                                         parse_puzzles,
                                         puzzle_id,
                                         puzzle_of_the_day,
                                         puzzles_of_grade,
                                         title,
                                         to_json,
)
from connect4_game.trainer.play import (
                                         TryResult,
                                         check_try,
                                         defence,
                                         moves_left,
                                         solution,
                                         start_game,
                                         try_message,
)

__all__ = ['MAX_GRADE', 'SIDE_NAMES', 'Puzzle', 'PuzzleDataError', 'TryResult', 'check_try',
           'defence', 'find_puzzle', 'grade_label', 'grade_of', 'load_puzzles', 'moves_left',
           'parse_puzzles', 'puzzle_id', 'puzzle_of_the_day', 'puzzles_of_grade', 'solution',
           'start_game', 'title', 'to_json', 'try_message']
