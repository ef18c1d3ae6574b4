"""What teaches: puzzles ("Red to play and win in 3", 6x7; the set in
:mod:`~connect4_game.trainer.model`, played by :mod:`~connect4_game.trainer.play`,
proven by :mod:`~connect4_game.trainer.proof`) and the practice of a reviewed
game's mistakes (:mod:`~connect4_game.trainer.practice`). Columns are
0-based; X = Red moves first. Nothing here imports pygame.

A puzzle played through (solver calls: run them off the drawing thread)::

    game = start_game(puzzle)
    if check_try(puzzle, game, column) is TryResult.WINS:   # on track: play on
        game.push(column)
        game.push(defence(game))                            # the defender's reply"""
from __future__ import annotations

from connect4_game.trainer.model import (
    MAX_GRADE,
    SIDE_NAMES,
    Puzzle,
    PuzzleDataError,
    grade_label,
    grade_of,
    load_puzzles,
    parse_puzzles,
    puzzle_id,
    puzzle_of_the_day,
    to_json,
)
from connect4_game.trainer.play import (
    TryResult,
    check_try,
    defence,
    moves_left,
    solution,
    start_game,
)

__all__ = ['MAX_GRADE', 'SIDE_NAMES', 'Puzzle', 'PuzzleDataError', 'TryResult', 'check_try',
           'defence', 'grade_label', 'grade_of', 'load_puzzles', 'moves_left', 'parse_puzzles',
           'puzzle_id', 'puzzle_of_the_day', 'solution', 'start_game', 'to_json']
