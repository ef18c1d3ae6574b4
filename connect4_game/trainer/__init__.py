"""What teaches: the puzzles and the practice of a reviewed game's mistakes
(docs/ai.md: puzzles and practice). Nothing here imports pygame."""
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
           'puzzle_id', 'puzzle_of_the_day', 'solution', 'start_game']
