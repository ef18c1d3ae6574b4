"""Playing a puzzle: its game, a try judged without playing it, the defence and
the solution, exact from perfect play."""
from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from connect4_game.ai import bitboard as bb
from connect4_game.ai.bitboard import play_moves
from connect4_game.ai.perfect import LOCK, backend_name, check_arguments, solve_position
from connect4_game.ai.solver import get_solver, plies_to_score
from connect4_game.core.game import Game
from connect4_game.trainer.model import COLS, ROWS, Puzzle, plies_of_win_in

__all__ = ['TryResult', 'start_game', 'moves_left', 'check_try', 'defence', 'solution',
           'winning_columns']


class TryResult(Enum):
    """What a try (the puzzle side's column) does, from :func:`check_try`."""

    SOLVED = 'solved'        # four in a row within the puzzle's moves
    WINS = 'wins'            # a forced win within the moves left: play it, then the defence
    TOO_SLOW = 'too slow'    # a win, but not within the moves left
    ESCAPES = 'escapes'      # with best play now a draw or a loss for the puzzle side
    ILLEGAL = 'illegal'      # off the board, full, the game over, or the defender's turn


def start_game(puzzle: Puzzle) -> Game:
    """A new 6x7 :class:`~connect4_game.core.game.Game` at the puzzle's position."""
    return Game(ROWS, COLS, puzzle.moves)


def _check_game(puzzle: Puzzle, game: Game) -> None:
    """:raises ValueError: unless ``game`` is a 6x7 game from the puzzle's position."""
    if (game.rows, game.cols) != (ROWS, COLS) \
            or tuple(game.moves[:len(puzzle.moves)]) != puzzle.moves:
        raise ValueError(f'the game does not start at the position of puzzle {puzzle.id}')


def moves_left(puzzle: Puzzle, game: Game) -> int:
    """The moves the puzzle side has left to win in (0 or less: used up).
    :raises ValueError: unless ``game`` starts at the puzzle's position."""
    _check_game(puzzle, game)
    return puzzle.win_in - (len(game.moves) - len(puzzle.moves) + 1) // 2


def _wins_within(moves: list[int], column: int, within: int, backend: str) -> tuple[bool, bool]:
    """``(wins at all, wins within `within` own moves)`` for the side to move
    after ``moves`` playing ``column`` (playable, not a four at once)."""
    if backend == 'bitbully' or (backend == 'auto' and backend_name(ROWS, COLS) == 'bitbully'):
        win_in = winning_columns(moves, backend).get(column)
        return win_in is not None, win_in is not None and win_in <= within
    cur, mask = play_moves(moves, ROWS, COLS)
    child = bb.play(cur, mask, ROWS, column)
    n = mask.bit_count()
    with LOCK:
        solver = get_solver(ROWS, COLS)
        solver.set_budget()
        # the mover's score for `column` is minus the opponent's score of `child`
        if solver.at_least(*child, 0):
            return False, False
        if within < 1:
            return True, False
        target = plies_to_score(plies_of_win_in(within), n, ROWS * COLS)
        return True, not solver.at_least(*child, -target + 1)


def check_try(puzzle: Puzzle, game: Game, column: int, *, backend: str = 'auto') -> TryResult:
    """Judge the puzzle side's 0-based ``column`` in the puzzle's ``game`` without
    playing it: it must win within :func:`moves_left`; ``backend`` as perfect play's.
    :raises ValueError: unless ``game`` starts at the puzzle's position; an unknown backend.
    :raises connect4_game.ai.perfect.BackendUnavailable: bitbully asked, not installed."""
    left = moves_left(puzzle, game)
    check_arguments(backend, None, None)
    if game.to_move != puzzle.side or not game.can_play(column):
        return TryResult.ILLEGAL
    cur, mask = play_moves(game.moves, ROWS, COLS)
    if bb.has_four(cur | bb.play_bit(mask, ROWS, column), ROWS):
        return TryResult.SOLVED if left >= 1 else TryResult.TOO_SLOW
    wins, in_time = _wins_within(list(game.moves), column, left, backend)
    if not wins:
        return TryResult.ESCAPES
    return TryResult.WINS if in_time else TryResult.TOO_SLOW


def defence(game: Game, *, backend: str = 'auto') -> int:
    """The side to move's 0-based best column in the 6x7 ``game`` (perfect play's
    choice: the defender's longest resistance).
    :raises ValueError: if the game is over or not 6x7; for an unknown backend."""
    if (game.rows, game.cols) != (ROWS, COLS):
        raise ValueError(f'puzzles are played on {ROWS}x{COLS}, not {game.rows}x{game.cols}')
    if game.over:
        raise ValueError('the game is over: there is nothing to defend')
    return solve_position(list(game.moves), ROWS, COLS, backend=backend).choice()


def solution(puzzle: Puzzle, *, backend: str = 'auto') -> tuple[int, ...]:
    """The ``2 * win_in - 1`` moves (0-based) from the puzzle's position to the four:
    the answer, the defence, ... :raises ValueError: for an unknown backend."""
    game = start_game(puzzle)
    game.push(puzzle.answer)
    while not game.over:
        game.push(defence(game, backend=backend))
    return tuple(game.moves[len(puzzle.moves):])


def winning_columns(moves: Sequence[int], backend: str = 'auto') -> dict[int, int]:
    """``{0-based column: win_in}`` of the columns winning for the side to move
    after ``moves`` (6x7), by perfect play's ``backend``.
    :raises ValueError: for an illegal move list."""
    result = solve_position(list(moves), ROWS, COLS, backend=backend)
    return {c.column: (c.score.win_plies + 1) // 2 for c in result.columns
            if c.score is not None and c.score.win_plies is not None}
