"""Expert: perfect play's "win in N" analysis of every column (:func:`analyze`)
and the player that plays its best column (:class:`ExpertPlayer`)."""
from __future__ import annotations

import time
from collections.abc import Callable

from connect4_game.ai import perfect
from connect4_game.ai.bitboard import from_board, play_bit
from connect4_game.ai.score import ColumnScore, choose_column
from connect4_game.core.board import Board, validate_checker
from connect4_game.core.checks import check_seconds
from connect4_game.core.side import Side
from connect4_game.players import Player

__all__ = ["ColumnScore", "analyze", "choose_column", "ExpertPlayer", "DEFAULT_TIME_BUDGET",
           "EXPERT_MOVE_SECONDS", "FIRST_LOOK_SECONDS", "Guess"]

#: default seconds for one :func:`analyze` call
DEFAULT_TIME_BUDGET = 5.0
EXPERT_MOVE_SECONDS = 8.0           # seconds: Expert's own move off the 6x7 board
FIRST_LOOK_SECONDS = 1.0            # seconds: on 6x7, Expert's first look, its guess on the way

#: called with Expert's best column so far (0-based) and the analysis behind it
Guess = Callable[[int, list[ColumnScore]], None]


def _check_board(board: Board) -> None:
    if not isinstance(board, Board) and not all(
            hasattr(board, attr) for attr in ("height", "width", "slots")):
        raise ValueError(f"board must be a Board, got {board!r}")


def analyze(board: Board, time_budget: float | None = DEFAULT_TIME_BUDGET,
            checker: str | None = None, node_budget: int | None = None, best_only: bool = False,
            lower_bound: int | None = None) -> list[ColumnScore]:
    """Perfect play's ColumnScore of every column of ``board`` (not changed) for
    ``checker`` (default the side to move) within ``time_budget`` seconds (None: until
    proven) and ``node_budget`` positions; ``best_only`` and ``lower_bound`` as
    :func:`~connect4_game.ai.perfect.solve_position`'s.
    :raises ValueError: bad board, budget or checker."""
    with perfect.LOCK:
        _check_board(board)
        backend = "auto" if node_budget is None else "solver"   # bitbully counts no nodes
        side = Side(board.to_move() if checker is None else validate_checker(checker))
        cur, mask = from_board(board, side)
        pos = perfect.Position(board.height, board.width, cur, mask, side,
                               perfect.alternating(cur, mask, side))
        return list(perfect.solve_position(pos, backend=backend, time_budget=time_budget,
                                           node_budget=node_budget, best_only=best_only,
                                           lower_bound=lower_bound).columns)


class ExpertPlayer(Player):
    """Perfect play: on the 6x7 board (:func:`~connect4_game.ai.perfect.always_proven`)
    only a column proven best, however long that takes; elsewhere the best within
    ``time_budget`` seconds a move. After each move ``last_analysis`` (:func:`analyze`'s
    list) and ``last_time`` (seconds). :raises ValueError: bad checker or budget."""

    def __init__(self, checker: str, time_budget: float = EXPERT_MOVE_SECONDS) -> None:
        super().__init__(checker)
        budget = check_seconds(time_budget, "time_budget")
        assert budget is not None          # check_seconds returns None only with allow_none
        self.time_budget: float = budget
        self.last_analysis: list[ColumnScore] | None = None
        self.last_time = 0.0
        # (size, own cells, mask after our last move, its proven score)
        self._prev: tuple[tuple[int, int], int, int, int] | None = None

    def __repr__(self) -> str:
        return f"{super().__repr__()} (EXPERT)"

    def next_move(self, b: Board, on_guess: Guess | None = None) -> int:
        """The best column of ``b``; counts the move. The score proven at the
        previous move of the game bounds this one. On 6x7, when the first look
        (:data:`FIRST_LOOK_SECONDS`) proves no column, ``on_guess`` gets its best
        guess before the search goes on to the proof.
        :raises ValueError: if no column can take a checker or the game is over."""
        t0 = time.perf_counter()
        _check_board(b)
        cur, mask = from_board(b, self.checker)
        lb = None
        prev = self._prev
        if prev is not None:
            size, pcur, pmask, pscore = prev
            new = mask ^ pmask
            if (size == (b.height, b.width) and mask & pmask == pmask and cur & pmask == pcur
                    and new.bit_count() == 1 and not cur & new):
                lb = pscore
        proof = perfect.always_proven(b.height, b.width)
        budget = min(self.time_budget, FIRST_LOOK_SECONDS) if proof else self.time_budget
        results = analyze(b, budget, checker=self.checker, best_only=True, lower_bound=lb)
        col = choose_column(results, b.width)
        if proof and not _proven_best(results, col):
            if on_guess is not None:
                on_guess(col, results)
            results = analyze(b, None, checker=self.checker, best_only=True, lower_bound=lb)
            col = choose_column(results, b.width)
        s = results[col].score
        proven = None if s is None else s.pons if s.exact else s.lo
        self._prev = None
        if proven is not None:
            m = play_bit(mask, b.height, col)
            self._prev = ((b.height, b.width), cur | m, mask | m, proven)
        self.last_analysis = results
        self.last_time = time.perf_counter() - t0
        self.num_moves += 1
        return col


def _proven_best(results: list[ColumnScore], col: int) -> bool:
    """True if column ``col``'s exact score is proven and no column can score more."""
    best = results[col].score
    return best is not None and best.exact and best.pons is not None and all(
        r.score is None or (r.score.hi is not None and r.score.hi <= best.pons) for r in results)
