"""Expert: perfect play's "win in N" analysis of every column (:func:`analyze`)
and the player that plays its best column (:class:`ExpertPlayer`)."""
from __future__ import annotations

import time

from connect4_game.ai import perfect
from connect4_game.ai.bitboard import from_board, geometry
from connect4_game.ai.perfect_model import Position
from connect4_game.ai.score import ColumnScore, choose_column
from connect4_game.core.board import Board, validate_checker
from connect4_game.core.checks import check_optional_int, check_seconds
from connect4_game.players import Player

__all__ = ["ColumnScore", "analyze", "choose_column", "ExpertPlayer", "DEFAULT_TIME_BUDGET",
           "EXPERT_MOVE_BUDGET"]

#: default seconds for one :func:`analyze` call
DEFAULT_TIME_BUDGET = 5.0
#: default seconds per move of :class:`ExpertPlayer` (a move must take at most 10 s)
EXPERT_MOVE_BUDGET = 9.0


def _check_board(board: Board) -> None:
    if not isinstance(board, Board):
        for attr in ("height", "width", "slots"):
            if not hasattr(board, attr):
                raise ValueError(f"board must be a Board, got {board!r}")


# the solvers (and their TTs) and the bitbully engine are shared: one analysis at a
# time (re-entrant: connect4_game.ai.perfect takes it too)
_LOCK = perfect.LOCK


def analyze(board: Board, time_budget: float = DEFAULT_TIME_BUDGET, checker: str | None = None,
            node_budget: int | None = None, best_only: bool = False,
            lower_bound: int | None = None) -> list[ColumnScore]:
    """Analyse every column of ``board`` for the side to move.

    :param board: a :class:`connect4_game.core.board.Board` of any size (not changed).
    :param time_budget: seconds for the whole analysis (> 0).
    :param checker: the side to analyse for; default: the side to move
        (fewer or equal checkers; X moves first).
    :param node_budget: optional cap on the positions searched (deterministic
        budgets for tests), None = unlimited.
    :param best_only: stop once the best column is proven (what
        :class:`ExpertPlayer` needs); the other columns then keep what is
        known about them (a proven kind, else an estimate).
    :param lower_bound: a Pons score the side to move is known to reach
        (e.g. the score of its previous move in the same game); it narrows
        and guides the search. Must be a true bound.
    :returns: a list of ``board.width`` :class:`~connect4_game.ai.score.ColumnScore`,
        index = column.
    :raises ValueError: bad board, budget or checker.

    The columns are perfect play's (:func:`connect4_game.ai.perfect.analyse`):
    bitbully's on 6x7 for the side to move of a normal game (X first, sides
    alternating) when it is usable and no ``node_budget`` is given, else the
    built-in solver's (the position's value first, then which columns reach
    it, then the others; for columns still open when the budget is spent,
    what is proven, else a marked estimate).

    Thread-safe: calls from several threads run one after the other (the
    time budget counts from the start of the search, not of the wait).
    """
    with _LOCK:
        _check_board(board)
        check_seconds(time_budget, "time_budget")
        check_optional_int(node_budget, "node_budget", 0)
        check_optional_int(lower_bound, "lower_bound")
        side, alternating = _side_to_analyse(board, checker)
        cur, mask = from_board(board, side)
        pos = Position(board.height, board.width, cur, mask, side, alternating)
        backend = "auto" if node_budget is None else "solver"   # bitbully counts no nodes
        return list(perfect.analyse(pos, backend=backend, time_budget=time_budget,
                                    node_budget=node_budget, best_only=best_only,
                                    lower_bound=lower_bound).columns)


def _side_to_analyse(board: Board, checker: str | None) -> tuple[str, bool]:
    """``(side, alternating)``: the checker analysed (``checker``, default the
    side to move) and whether it is the side to move of a normal game (X
    first, sides alternating). :raises ValueError: bad checker."""
    to_move = board.to_move()
    side = to_move if checker is None else validate_checker(checker)
    nx, no = board.num_checkers("X"), board.num_checkers("O")
    return side, side == to_move and nx - no in (0, 1)


class ExpertPlayer(Player):
    """A computer player with perfect play whenever the solver can prove the
    result within ``time_budget`` (always on 6x7 in practice, thanks to the
    opening book, or to the optional bitbully backend when installed).

    :param checker: ``'X'`` or ``'O'``.
    :param time_budget: seconds per move (> 0), default 9 (at most 10 s is allowed).
    :raises ValueError: bad checker or budget.

    Attributes: ``checker``, ``num_moves``, ``time_budget``, and after each
    :meth:`next_move` ``last_analysis`` (the :func:`analyze` list) and
    ``last_time`` (seconds).
    """

    def __init__(self, checker: str, time_budget: float = EXPERT_MOVE_BUDGET) -> None:
        validate_checker(checker)
        budget = check_seconds(time_budget, "time_budget")
        assert budget is not None          # check_seconds returns None only with allow_none
        self.time_budget: float = budget
        super().__init__(checker)
        self.last_analysis: list[ColumnScore] | None = None
        self.last_time = 0.0
        # (size, own cells, mask after our last move, its proven score)
        self._prev: tuple[tuple[int, int], int, int, int] | None = None

    def __repr__(self) -> str:
        """``'Player X (EXPERT)'``."""
        return f"{super().__repr__()} (EXPERT)"

    def next_move(self, b: Board) -> int:
        """The best column of ``b`` for this player (see :func:`choose_column`);
        counts the move and keeps the analysis in ``last_analysis``. When
        ``b`` continues the game of this player's previous move (one new
        opponent checker), the score proven then is a lower bound now (Pons
        scores do not change along best play), which speeds up the search.

        :raises ValueError: if no column can take a checker or the game is over.
        """
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
        results = analyze(b, self.time_budget, checker=self.checker, best_only=True, lower_bound=lb)
        col = choose_column(results, b.width)
        s = results[col].score
        proven = None if s is None else s.pons if s.exact else s.lo
        self._prev = None
        if proven is not None:
            geo = geometry(b.height, b.width)
            m = (mask + geo.bottom_cells[col]) & geo.col_mask[col]
            self._prev = ((b.height, b.width), cur | m, mask | m, proven)
        self.last_analysis = results
        self.last_time = time.perf_counter() - t0
        self.num_moves += 1
        return col
