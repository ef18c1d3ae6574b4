"""Proving a puzzle: the side to move wins with exactly one column, in exactly
N own moves against the longest resistance."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from connect4_game.ai import bitboard as bb
from connect4_game.ai.bitboard import play_moves
from connect4_game.ai.perfect import LOCK, solve_position
from connect4_game.ai.solver import Solver, get_solver, plies_to_score

__all__ = ['ROWS', 'COLS', 'Verdict', 'position_key', 'plies_of_win_in',
           'prove', 'winning_columns']

ROWS, COLS = 6, 7       # the puzzles' board: the standard one only


@dataclass(frozen=True)
class Verdict:
    """A proof's outcome: ``ok``, the ``reason`` it failed (one line, ``''`` when
    ok) and the ``nodes`` the solver searched."""

    ok: bool
    reason: str = ''
    nodes: int = 0


def plies_of_win_in(win_in: int) -> int:
    """The plies to the end of a win in ``win_in`` own moves: ``2N - 1``.
    :raises ValueError: for ``win_in`` not an int >= 1."""
    if not isinstance(win_in, int) or isinstance(win_in, bool) or win_in < 1:
        raise ValueError(f'win_in must be an int >= 1, not {win_in!r}')
    return 2 * win_in - 1


def position_key(moves: Sequence[int]) -> int:
    """The identity of the 6x7 position after ``moves`` (0-based, X first) up to
    its mirror image: the smaller bitboard key of it and of its mirror.
    :raises ValueError: for an illegal move list (named)."""
    cur, mask = play_moves(list(moves), ROWS, COLS)
    mirrored = bb.key(bb.mirror(cur, ROWS, COLS), bb.mirror(mask, ROWS, COLS))
    return min(bb.key(cur, mask), mirrored)


def _opening(moves: Sequence[int], win_in: int, answer: int) -> tuple[int, int] | str:
    """The puzzle position's ``(cur, mask)``, or why it is none."""
    try:
        cur, mask = play_moves(list(moves), ROWS, COLS)
        plies_of_win_in(win_in)
    except ValueError as exc:
        return str(exc)
    if bb.has_four(cur ^ mask, ROWS):
        return 'the game is already won'
    if mask.bit_count() >= ROWS * COLS:
        return 'the board is full'
    if not (isinstance(answer, int) and 0 <= answer < COLS) or not bb.can_play(mask, ROWS, answer):
        return f'the answer {answer!r} is not a playable column'
    return cur, mask


def prove(moves: Sequence[int], win_in: int, answer: int,
          solver: Solver | None = None) -> Verdict:
    """Whether after ``moves`` (0-based, 6x7) the side to move wins by ``answer``
    (0-based) in exactly ``win_in`` own moves and with no other column; ``solver``
    defaults to the shared one. A wrong puzzle is the :class:`Verdict`'s reason, never raised."""
    start = _opening(moves, win_in, answer)
    if isinstance(start, str):
        return Verdict(False, start)
    if solver is None:
        with LOCK:
            return prove(moves, win_in, answer, get_solver(ROWS, COLS))
    cur, mask = start
    s = solver
    s.set_budget()
    target = plies_to_score(plies_of_win_in(win_in), mask.bit_count(), ROWS * COLS)
    now = s.can_win_now(cur, mask)
    for col in range(COLS):
        if not bb.can_play(mask, ROWS, col):
            continue
        if now & s.geo.col_mask[col]:
            if col != answer or win_in != 1:
                return Verdict(False, f'column {col + 1} wins at once', s.searched())
            continue
        child = bb.play(cur, mask, ROWS, col)
        if col == answer:
            # the mover scores `target` here <=> the opponent scores exactly -target
            exact = s.at_least(*child, -target) and not s.at_least(*child, -target + 1)
            if not exact:
                return Verdict(False, f'column {col + 1} does not win in exactly {win_in}',
                               s.searched())
        elif not s.at_least(*child, 0):
            return Verdict(False, f'column {col + 1} wins too', s.searched())
    return Verdict(True, '', s.searched())


def winning_columns(moves: Sequence[int], backend: str = 'auto') -> dict[int, int]:
    """``{0-based column: win_in}`` of the columns winning for the side to move
    after ``moves`` (6x7), by perfect play's ``backend``.
    :raises ValueError: for an illegal move list."""
    result = solve_position(list(moves), ROWS, COLS, backend=backend)
    return {c.column: (c.score.win_plies + 1) // 2 for c in result.columns
            if c.score is not None and c.score.win_plies is not None}

