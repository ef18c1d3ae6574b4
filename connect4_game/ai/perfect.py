"""Perfect play on any board: the Pons score of every column, from one of two backends.

For a position -- a :class:`connect4_game.core.board.Board` or a move list -- this
module gives, for the side to move, the Pons score of dropping a checker in
each column (None for a full column), hence win/draw/loss with the number of
plies to the end, and the best columns (:func:`solve_position`). Columns can
also be reported one by one as they are proven (the ``on_column`` callback
of :func:`solve_position`), so that an overlay can fill progressively.

Scores are those of Pascal Pons, "Solving Connect 4: how to build a perfect
AI" (see :mod:`connect4_game.ai.solver`): for the side to move, a win whose
last checker is the ``N``-th checker of the game scores ``(cells + 2 - N) //
2`` (on 6x7, 22 minus the number of its own checkers), a loss the negative of
the opponent's win, a draw 0 -- sooner wins score more, sooner losses less.
:func:`connect4_game.ai.solver.score_to_plies` turns a score into signed plies
to the end (``+k``: win with the ``k``-th checker from now, this column's
checker being the first; ``-k``: loss when the opponent drops the ``k``-th
checker from now; ``0``: draw).

Backends
--------
``'bitbully'``
    The C++ solver of the PyPI package ``bitbully`` (Markus Thill), with the
    12-ply opening book of ``bitbully-databases``. Standard 6x7 board only,
    positions of a normal game (X moved first, sides alternated). It scores
    every column exactly, usually in milliseconds. We drive its search one
    null-window probe at a time (MTD(f) per column, first guesses from the
    columns already scored, the book's value capping every column of a
    12-checker position): 30 % fewer positions than bitbully's own
    all-columns call on the worst of Pascal Pons' 6,000 test positions (a
    position with 12 checkers, just past the book: about 1 s for every
    column on a 2-core machine, 0.3 s per column at most; ``python -m
    benchmarks.bench_perfect``). One probe cannot be interrupted, so the
    time budget is checked between probes. Loading it costs about 0.4 s and
    130 MB (its book and tables).

    **Licence:** bitbully 0.0.79 is distributed under the GNU Affero General
    Public License v3 (AGPL-3.0, see its METADATA), while this project is MIT
    licensed (and ``bitbully-databases``, whose data file our own opening
    book reads, is MIT too). bitbully is therefore an *optional* backend:
    it is never a requirement of this package, and none of its code is
    copied or vendored here. It is imported lazily, only if the user has
    installed it; without it everything works with the built-in solver.

``'solver'``
    Our pure-Python solver (:mod:`connect4_game.ai.solver`), any board
    size, with the 6x7 opening book of :mod:`connect4_game.ai.book`
    (:class:`_SolverAnalysis`: the position's value, then the columns
    reaching it, then the others). It runs under a time and/or node budget;
    columns not proven when the budget runs out are reported as estimates
    (``exact=False``) inside the bounds that were proven. Expert
    (:mod:`connect4_game.ai.expert`) plays by this same analysis.

``backend='auto'`` (the default) uses bitbully on 6x7 when it can be
imported and its book loaded, and the solver otherwise -- also for the
columns left when bitbully fails during an analysis. Setting the
environment variable ``CONNECT4_BITBULLY=off`` disables bitbully.

A column's result is a :class:`~connect4_game.ai.score.ColumnScore`; the
position's (:class:`PerfectResult`) and the reading of positions
(:func:`play_moves`) live in :mod:`connect4_game.ai.perfect_model` and are
re-exported here.

Nothing here imports pygame.
"""
from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from connect4_game.ai.bitboard import geometry, has_four
from connect4_game.ai.book import OpeningBook
from connect4_game.ai.perfect_model import (
    PerfectResult,
    Position,
    PositionLike,
    exact_column,
    play_moves,
    read_position,
)
from connect4_game.ai.score import ColumnScore, NoMove, Score
from connect4_game.ai.solver import (
    BudgetExceeded,
    Solver,
    clear_solver_tables,
    get_solver,
    heuristic,
    plies_to_score,
    score_to_plies,
)
from connect4_game.core.checks import check_optional_int, check_seconds

__all__ = [
    "ColumnScore", "PerfectResult", "BackendUnavailable", "BACKENDS", "LOCK",
    "solve_position", "analyse", "backend_name", "backend_label",
    "bitbully_available", "bitbully_error", "reset_backends", "clear_tables",
    "play_moves", "check_budgets",
]

#: the backend names accepted by ``backend=`` (besides ``'auto'``)
BACKENDS = ("bitbully", "solver")
_LABELS = {"bitbully": "BitBully (C++, optional)", "solver": "built-in solver"}

#: serialises the searches: the solver of each board size (and its
#: transposition table) and the bitbully engine are shared. Re-entrant, so
#: :mod:`connect4_game.ai.expert` holds it around a whole analysis.
LOCK = threading.RLock()

_ENV_SWITCH = "CONNECT4_BITBULLY"
_T = TypeVar("_T")

#: checkers on the board in the positions of bitbully's opening book
#: (``book_12ply_distances.dat``, the file :mod:`connect4_game.ai.book` reads)
_BOOK_PLY = OpeningBook.ply


class _BBBoard(Protocol):
    """What we use of bitbully's ``BoardCore``."""

    def setBoard(self, grid: Sequence[Sequence[int]]) -> bool: ...   # noqa: N802
    def playMoveOnCopy(self, column: int) -> _BBBoard: ...   # noqa: N802
    def play(self, columns: Sequence[int]) -> bool: ...


class _BBCore(Protocol):
    """What we use of bitbully's ``BitBullyCore`` (the search): scores are
    Pons scores for the side to move."""

    def mtdf(self, board: _BBBoard, first_guess: int) -> int: ...
    def negamax(self, board: _BBBoard, alpha: int, beta: int, depth: int) -> int: ...
    def resetTranspositionTable(self) -> None: ...   # noqa: N802
    # bitbully's own all-columns call and node counter (the benchmark's reference)
    def scoreMoves(self, board: _BBBoard) -> list[int]: ...   # noqa: N802
    def resetNodeCounter(self) -> None: ...   # noqa: N802
    def getNodeCounter(self) -> int: ...   # noqa: N802


@dataclass(frozen=True)
class _BitBully:
    """The loaded engine: ``new_board()`` makes an empty ``BoardCore``."""

    new_board: Callable[[], _BBBoard]
    core: _BBCore


@dataclass
class _Run:
    """What an analysis learns on the way: the backends used in order, and
    why bitbully was not used (or failed), if it was not."""

    backends: list[str] = field(default_factory=list)
    note: str | None = None


_bb_engine: _BitBully | None = None
_bb_error: str | None = None


class BackendUnavailable(RuntimeError):
    """The requested backend cannot analyse this position (not installed,
    disabled, wrong board size, not a normal game's position, or it failed)."""


# ---------------------------------------------------------------- backends
def reset_backends() -> None:
    """Forget the loaded bitbully engine and any failure to load it, so the
    next analysis tries again (tests; after installing bitbully)."""
    global _bb_engine, _bb_error
    with LOCK:
        _bb_engine = None
        _bb_error = None


def clear_tables(rows: int | None = None, cols: int | None = None) -> None:
    """Forget what the engines learned (their transposition tables): the
    bitbully engine's if loaded, and the shared solver's of ``rows`` x
    ``cols`` (of every size kept, if not given). For cold timings; the
    opening books stay loaded."""
    with LOCK:
        if _bb_engine is not None:
            _bb_engine.core.resetTranspositionTable()
        clear_solver_tables(rows, cols)


def _bitbully() -> _BitBully | None:
    """The bitbully engine, loaded lazily, or None (``_bb_error`` says why)."""
    global _bb_engine, _bb_error
    if _bb_engine is not None:
        return _bb_engine
    if _bb_error is not None:
        return None
    if os.environ.get(_ENV_SWITCH, "").strip().lower() in ("off", "0", "no", "false"):
        _bb_error = f"bitbully disabled by {_ENV_SWITCH}"
        return None
    try:
        from pathlib import Path

        import bitbully.bitbully_core as bbc

        from connect4_game.ai.book import book_path
        path = book_path()
        if path is None or not os.path.isfile(path):
            raise RuntimeError("the opening book of bitbully-databases is not available")
        engine = bbc.BitBullyCore(Path(path))
        if not engine.isBookLoaded():
            raise RuntimeError("its opening book did not load")
        _bb_engine = _BitBully(bbc.BoardCore, engine)
    except Exception as e:          # ImportError, a broken install, a bad book
        _bb_error = f"bitbully unavailable: {type(e).__name__}: {e}"[:200]
        return None
    return _bb_engine


def bitbully_available() -> bool:
    """True if the bitbully backend can be used (imports it and loads its
    book on the first call: about 0.4 s and 130 MB)."""
    with LOCK:
        return _bitbully() is not None


def bitbully_error() -> str | None:
    """Why bitbully is not used (after a failed load or a failure), else None."""
    return _bb_error


def backend_name(rows: int = 6, cols: int = 7) -> str:
    """The backend ``'auto'`` uses for a normal game on a ``rows`` x ``cols``
    board: ``'bitbully'`` (6x7 and bitbully usable) or ``'solver'``."""
    return "bitbully" if (rows, cols) == (6, 7) and bitbully_available() else "solver"


def backend_label(name: str) -> str:
    """Display name of a backend (``'bitbully'`` -> ``'BitBully (C++,
    optional)'``, ``'solver'`` -> ``'built-in solver'``); the name itself
    for anything else."""
    return "+".join(_LABELS.get(part, part) for part in str(name).split("+"))


# ---------------------------------------------------------------- analysis
def check_budgets(time_budget: float | None, node_budget: int | None) -> None:
    """Validate a time budget (seconds > 0 or None) and a node budget (int
    >= 0 or None). :raises ValueError: naming the bad value."""
    check_seconds(time_budget, "time_budget", allow_none=True)
    check_optional_int(node_budget, "node_budget", 0)



def _check_arguments(backend: str, time_budget: float | None, node_budget: int | None,
                     lower_bound: int | None) -> None:
    """:raises ValueError: a bad backend, budget or lower bound."""
    if backend not in ("auto",) + BACKENDS:
        raise ValueError(f"backend must be 'auto', 'bitbully' or 'solver', got {backend!r}")
    check_budgets(time_budget, node_budget)
    check_optional_int(lower_bound, "lower_bound")


#: a generator of settled columns that returns the columns it left open
_Columns = Generator[ColumnScore, None, list[tuple[int, int]]]


def _columns(pos: Position, backend: str, time_budget: float | None, node_budget: int | None,
             best_only: bool, lower_bound: int | None,
             state: _Run) -> Generator[ColumnScore, None, None]:
    """Generator behind :func:`analyse`: the columns settled at once,
    then the backend's (bitbully, with the solver taking over the columns it
    leaves when it fails), then estimates for the columns left."""
    deadline = None if time_budget is None else time.perf_counter() + time_budget
    h = pos.rows
    cells = pos.rows * pos.cols
    cur, mask = pos.cur, pos.mask
    n = mask.bit_count()
    over = has_four(cur, h) or has_four(cur ^ mask, h)
    use_bb = not over and _use_bitbully(pos, backend, state)
    name = "bitbully" if use_bb else "solver"
    state.backends.append(name)
    pending, wins_now = yield from _columns_at_once(pos, over, name)
    if not pending:
        return
    if use_bb:
        pending = yield from _bitbully_columns(pos, pending, n, cells, deadline, best_only,
                                               lower_bound, wins_now, backend, state)
        if not pending:
            return
        if state.note:                  # bitbully failed: the solver takes over
            state.backends.append("solver")
        else:                           # out of time: what is known without searching
            for c, m in pending:
                yield _estimate(pos, c, m, -((cells - n) // 2), (cells - 1 - n) // 2, "bitbully")
            return
    left = None if deadline is None else max(0.0, deadline - time.perf_counter())
    clock = _Clock(get_solver(pos.rows, pos.cols), left, node_budget)
    yield from _SolverAnalysis(pos, pending, wins_now, clock, best_only).run(lower_bound)


def _bitbully_refusal(pos: Position) -> str | None:
    """Why bitbully cannot analyse ``pos`` (wrong size, not a normal game's
    position, not usable here), or None if it can."""
    if (pos.rows, pos.cols) != (6, 7):
        return "bitbully only plays on the 6x7 board"
    if not pos.alternating:
        return "bitbully needs a position where X moved first and the sides alternated"
    with LOCK:
        if _bitbully() is None:
            return _bb_error
    return None


def _use_bitbully(pos: Position, backend: str, state: _Run) -> bool:
    """True if ``backend`` (``'auto'``, ``'bitbully'`` or ``'solver'``) means
    bitbully for ``pos``; with ``'auto'``, why not goes to ``state.note``.

    :raises BackendUnavailable: ``backend='bitbully'`` and bitbully cannot
        analyse ``pos``."""
    if backend == "solver":
        return False
    why = _bitbully_refusal(pos)
    if why is None:
        return True
    if backend == "bitbully":
        raise BackendUnavailable(why)
    state.note = why
    return False


def _columns_at_once(pos: Position, over: bool,
                     name: str) -> Generator[ColumnScore, None, tuple[list[tuple[int, int]], bool]]:
    """Generator: the columns settled without search (full, game over, a
    win at once, the board's last cell), centre first, credited to backend
    ``name``; returns ``(pending, wins_now)``: the other columns as
    ``(column, move bit)``, centre first, and whether a column wins at once."""
    h, w = pos.rows, pos.cols
    geo = geometry(h, w)
    cells = geo.cells
    cur, mask = pos.cur, pos.mask
    n = mask.bit_count()
    pending = []
    wins_now = False
    for c in geo.order:
        if mask & geo.top_cells[c]:
            yield ColumnScore(c, None, NoMove.FULL, name)
        elif over:
            yield ColumnScore(c, None, NoMove.OVER, name)
        else:
            m = (mask + geo.bottom_cells[c]) & geo.col_mask[c]
            if has_four(cur | m, h):
                wins_now = True
                yield exact_column(c, (cells + 1 - n) // 2, n, cells, name)
            elif n + 1 >= cells:
                yield exact_column(c, 0, n, cells, name)
            else:
                pending.append((c, m))
    return pending, wins_now


def _bitbully_columns(pos: Position, pending: list[tuple[int, int]], n: int, cells: int,
                      deadline: float | None, best_only: bool, lower_bound: int | None,
                      wins_now: bool, backend: str, state: _Run) -> _Columns:
    """Generator: bitbully's scores for ``pending`` (centre first); returns
    the columns it did not settle (it failed, or the time ran out).

    Every column's exact score comes from MTD(f) (Plaat et al., 1996) driven
    here, one null-window probe of bitbully's negamax at a time: the first
    guess is the median of the scores already found in this position (a
    draw for the first column), and on the book's ply the position's value
    ``v`` (one lookup) caps every column. On the slowest of Pascal Pons'
    test positions this searches 30 % fewer positions than bitbully's own
    ``scoreMoves``, on the slowest of each other set between 60 % fewer and
    10 % more (``python -m benchmarks.bench_perfect``); the time
    budget is checked between probes, and a column cut short is reported as
    an estimate inside the bounds its probes proved.

    :raises BackendUnavailable: ``backend='bitbully'`` and bitbully failed
        (with ``'auto'`` the failure goes to ``state.note`` instead).
    """
    global _bb_engine, _bb_error
    grid = _bitbully_grid(pos)
    low = -((cells - n) // 2)          # no column scores less (the opponent wins at once)
    top = (cells + 1 - n) // 2         # nor more (a win at once)
    todo = list(pending)
    try:
        core, board, v = _bitbully_start(grid, n, low, top, best_only, lower_bound, wins_now)
        if best_only:
            assert v is not None            # _bitbully_start finds it with best_only
            return (yield from _bitbully_best(pos, core, board, todo, v, wins_now, low, deadline))
        return (yield from _bitbully_every(pos, core, board, todo, v, low, top, deadline))
    except Exception as e:              # a broken engine: fall back to the solver
        msg = f"bitbully failed: {type(e).__name__}: {e}"[:200]
        with LOCK:
            _bb_engine, _bb_error = None, msg
        if backend == "bitbully":
            raise BackendUnavailable(msg) from e
        state.note = msg
        return todo


def _bitbully_grid(pos: Position) -> list[list[int]]:
    """``pos`` as bitbully's ``setBoard`` grid: 7 columns of 6 cells,
    bottom first: 0 empty, 1 X (first player), 2 O."""
    cur, mask = pos.cur, pos.mask
    x = cur if pos.side == "X" else cur ^ mask
    return [[(1 if (x >> (c * 7 + r)) & 1 else 2) if (mask >> (c * 7 + r)) & 1 else 0
             for r in range(6)] for c in range(7)]


def _bitbully_start(grid: list[list[int]], n: int, low: int, top: int, best_only: bool,
                    lower_bound: int | None, wins_now: bool) -> tuple[_BBCore, _BBBoard, int | None]:
    """``(core, board, v)``: bitbully's engine, its board set to ``grid``,
    and the value ``v`` of the position when known cheaply (asked for with
    ``best_only``; an opening-book lookup on the book's ply), else None.

    :raises RuntimeError: bitbully is unusable, refuses the position or
        gives a score outside ``low..top``."""
    with LOCK:
        engine = _bitbully()
        if engine is None:
            raise RuntimeError(_bb_error or "bitbully unavailable")
        core = engine.core
        board = engine.new_board()
        if not board.setBoard(grid):
            raise RuntimeError("bitbully refused the position")
        v: int | None = None       # the value of the position, when known cheaply
        if best_only:
            v = top if wins_now else int(core.mtdf(board, 0 if lower_bound is None
                                                   else int(lower_bound)))
        elif n == _BOOK_PLY and not wins_now:
            v = int(core.mtdf(board, 0))   # an opening-book lookup, no search
        if v is not None and not low <= v <= top:
            raise RuntimeError(f"bitbully gave an impossible score {v}")
    return core, board, v


def _bitbully_best(pos: Position, core: _BBCore, board: _BBBoard, todo: list[tuple[int, int]],
                   v: int, wins_now: bool, low: int, deadline: float | None) -> _Columns:
    """Generator, ``best_only``: a null-window probe per column of ``todo``
    (popped as settled) until one reaches the value ``v``; the columns after
    it are estimates capped by ``v``. Returns the columns left unsettled
    ([] once the best is found)."""
    while todo:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        c, m = todo[0]
        with LOCK:             # null window: does column c reach v?
            s = v if not wins_now and int(core.negamax(board.playMoveOnCopy(c), -v, -v + 1,
                                                       0)) <= -v else None
        todo.pop(0)
        if s is None:
            yield _estimate(pos, c, m, low, v - 1, "bitbully", v)
            continue
        yield exact_column(c, s, pos.mask.bit_count(), pos.rows * pos.cols, "bitbully")
        for c2, m2 in todo:    # found; no column scores more than v
            yield _estimate(pos, c2, m2, low, v, "bitbully", v)
        return []
    return todo


def _bitbully_every(pos: Position, core: _BBCore, board: _BBBoard, todo: list[tuple[int, int]],
                    v: int | None, low: int, top: int, deadline: float | None) -> _Columns:
    """Generator: the exact score of every column of ``todo`` (popped as
    settled) by :func:`_bitbully_mtdf`, the first guess being the median of
    the scores found below ``v``; returns the columns left when the time ran
    out (the one cut short is yielded as an estimate)."""
    found: list[int] = []          # exact scores below v, for the next first guess
    while todo:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        c, m = todo[0]
        hi = top - 1 if v is None else min(v, top - 1)
        guess = sorted(found)[len(found) // 2] if found else 0
        lo, hi = _bitbully_mtdf(core, board.playMoveOnCopy(c), low, hi, guess, deadline, c)
        todo.pop(0)
        if lo < hi:                # the time ran out inside this column
            yield _estimate(pos, c, m, lo, hi, "bitbully", v)
            break
        if v is None or lo < v:
            found.append(lo)
        yield exact_column(c, lo, pos.mask.bit_count(), pos.rows * pos.cols, "bitbully")
    return todo


def _bitbully_mtdf(core: _BBCore, child: _BBBoard, lo: int, hi: int, guess: int, deadline: float | None,
                   column: int) -> tuple[int, int]:
    """MTD(f) for one column: proven bounds ``(lo, hi)`` of its score for
    the side to move (equal when exact; apart if ``deadline`` passed first).

    ``child`` is the bitbully board after the move; the column's score is
    minus its value. ``lo..hi`` are the bounds known beforehand.

    :raises RuntimeError: if bitbully answers outside the possible scores.
    """
    g = guess
    while lo < hi:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        t = max(min(g, hi), lo + 1)    # the probe: does the column score >= t?
        with LOCK:
            r = -int(core.negamax(child, -t, -t + 1, 0))
        if r >= t:
            lo = g = r
        else:
            hi = g = r
        if lo > hi:
            raise RuntimeError(f"bitbully gave an impossible score {r} for column {column}")
    return lo, hi


def _estimate(pos: Position, c: int, m: int, lo: int | None, hi: int | None, backend: str,
              v: int | None = None, depth: int | None = None) -> ColumnScore:
    """Column ``c`` (move bit ``m``) of ``pos`` known only to score in
    ``lo..hi`` (Pons): :meth:`Score.from_bounds` with the positional value
    of the move (:func:`~connect4_game.ai.solver.heuristic`), ranked after
    the other estimates (``worse``) when ``hi`` is below the position's
    value ``v``."""
    opp, mask = pos.cur ^ pos.mask, pos.mask | m
    score = Score.from_bounds(lo, hi, -heuristic(opp, mask, geometry(pos.rows, pos.cols)),
                              depth=depth)
    worse = not score.proven and v is not None and hi is not None and hi < v
    return ColumnScore(c, score, backend=backend, worse=worse)


class _Clock:
    """The time and node budget of one analysis, shared out between the
    solver's searches: ``budget`` seconds from ``start`` (None: no limit)
    and ``nodes_left`` positions (None: no limit)."""

    def __init__(self, solver: Solver, time_budget: float | None, node_budget: int | None) -> None:
        self.solver = solver
        self.start = time.perf_counter()
        self.budget = time_budget
        self.nodes_left = node_budget

    def until(self, fraction: float) -> float:
        """The ``time.perf_counter`` time when ``fraction`` of the budget is spent."""
        return float("inf") if self.budget is None else self.start + fraction * self.budget

    def left(self, fraction: float) -> bool:
        """True while time is left before ``fraction`` of the budget and nodes are left."""
        return (self.until(fraction) - time.perf_counter() > 0.001
                and (self.nodes_left is None or self.nodes_left > 0))

    def run(self, k: int, fraction: float, fn: Callable[..., _T], *args: object,
            share: float = 1.0) -> _T | None:
        """``fn(*args)`` with ``share``/k of the time left before ``fraction``
        of the budget (and of the nodes left); None if the budget runs out."""
        part = min(1.0, share / max(1, k))
        end = self.until(fraction)
        t = None if end == float("inf") else (end - time.perf_counter()) * part
        nb = None if self.nodes_left is None else int(self.nodes_left * part)
        if (t is not None and t <= 0) or nb == 0:
            return None
        with LOCK:
            self.solver.set_budget(time_budget=t, node_budget=nb)
            try:
                return fn(*args)
            except BudgetExceeded:
                return None
            finally:
                if self.nodes_left is not None:
                    self.nodes_left = max(0, self.nodes_left - self.solver.searched())


class _SolverAnalysis:
    """The built-in solver's analysis of the ``pending`` columns of ``pos``
    (those not settled at once), a generator of their
    :class:`~connect4_game.ai.score.ColumnScore` as each is settled (Pascal
    Pons, "Solving Connect 4", parts 7-12):

    1. the exact value ``v`` of the position (opening book, or one solver
       search, first testing ``lower_bound``) and a move reaching it;
    2. a null-window test per column, in rounds of growing time slices, for
       the columns reaching ``v`` (easy refutations settle first);
    3. exact scores of the other columns, inside the bound learned in 2
       (skipped with ``best_only``);
    4. for the columns still open when the budget is spent: what is proven
       (a win or loss of unknown distance, ``'≥ draw'``), else the deepest
       depth-limited search completed (a forced result found there is
       exact), else an estimate from :func:`~connect4_game.ai.solver.heuristic`
       inside the proven bounds.

    With ``best_only`` it stops once a column reaching ``v`` is proven.
    """

    def __init__(self, pos: Position, pending: list[tuple[int, int]], won: bool,
                 clock: _Clock, best_only: bool) -> None:
        self.pos, self.won, self.clock, self.best_only = pos, won, clock, best_only
        self.solver = clock.solver
        self.cells = pos.rows * pos.cols
        self.n = pos.mask.bit_count()
        self.opp = pos.cur ^ pos.mask
        self.pending = pending
        self.upper: dict[int, int] = {}     # column -> proven upper bound of its score
        self.v: int | None = None           # the position's value once proven
        self.best_found = won
        self.proven_any = won

    def _ours(self, c: int, child: int) -> ColumnScore:
        """Column ``c``'s exact result from the exact score ``child`` of the
        position after it (the opponent's)."""
        d = score_to_plies(child, self.n + 1, self.cells)
        self.proven_any = True
        if -child == self.v:
            self.best_found = True
        return ColumnScore(c, Score.of_pons(-child, abs(d) + 1 if d else None), backend="solver")

    def _bounded(self, c: int, m: int, lo: int | None, hi: int | None,
                 depth: int | None = None) -> ColumnScore:
        """Column ``c`` (move bit ``m``) known to score in ``lo..hi``, less
        than the value when refuted in step 2."""
        v = self.v if c in self.upper else None
        cs = _estimate(self.pos, c, m, lo, hi, "solver", v, depth)
        self.proven_any = self.proven_any or (cs.score is not None and cs.score.proven)
        return cs

    def _take(self, c: int) -> int | None:
        """Remove column ``c`` from ``pending``: its move bit, or None if it was not open."""
        for cm in self.pending:
            if cm[0] == c:
                self.pending.remove(cm)
                return cm[1]
        return None

    def run(self, lower_bound: int | None) -> Iterator[ColumnScore]:
        """Steps 1 to 4."""
        if self.best_only and self.won:
            yield from self._finish(False)
            return
        yield from self._position_value(lower_bound)
        if self.v is not None:
            yield from self._columns_reaching_value(self.v)
        if not self.best_only:
            yield from self._exact_scores()
        yield from self._finish(not (self.best_only and self.proven_any))

    def _position_value(self, lower_bound: int | None) -> Iterator[ColumnScore]:
        """Step 1; out of time, the proven bounds instead."""
        solver, pos, n = self.solver, self.pos, self.n
        lb = _parent_bound(solver, pos.cur, pos.mask, n, pos.alternating)
        if lower_bound is not None:
            lb = lower_bound if lb is None else max(lb, lower_bound)
        proof = self.clock.run(1, 0.85 if self.best_only else 0.4, solver.prove, pos.cur,
                               pos.mask, pos.alternating, lb, None, lb)
        if proof is None or not proof.move:
            if proof is not None and proof.exact:
                self.v = proof.lo
            return
        c = (proof.move.bit_length() - 1) // solver.geo.stride
        if proof.exact:
            self.v = proof.lo
            if self._take(c) is not None:  # the search proved this move reaches v
                yield self._ours(c, -proof.lo)
            return
        m = self._take(c)                  # out of time: the bounds and the move reaching lo
        if m is not None:
            yield self._bounded(c, m, proof.lo, proof.hi)
        for cm in self.pending:
            self.upper[cm[0]] = proof.hi

    def _columns_reaching_value(self, v: int) -> Iterator[ColumnScore]:
        """Step 2: a null-window test per column (score after the move <=
        -v), in rounds with time slices doubling from 1/16 of the time left
        per column; when every column but one falls short, the last reaches v."""
        if len(self.pending) == 1 and not self.best_found:
            c, _m = self.pending.pop()
            yield self._ours(c, -v)
        end = 0.9 if self.best_only else 0.6
        share = 1 / 16
        while self.pending and self.clock.left(end):
            if self.best_only and self.best_found:
                break
            todo = [cm for cm in self.pending if cm[0] not in self.upper]
            if not todo:
                break
            yield from self._test_round(todo, v, end, share)
            share = min(1.0, share * 2)

    def _test_round(self, todo: list[tuple[int, int]], v: int, end: float,
                    share: float) -> Iterator[ColumnScore]:
        """One round of step 2 over ``todo`` with ``share`` of the time left before ``end``."""
        pending, pos = self.pending, self.pos
        for c, m in todo:
            if self.best_only and self.best_found:
                break
            if (c, m) not in pending:      # settled by elimination meanwhile
                continue
            ok = self.clock.run(1, end, self.solver.at_least, self.opp, pos.mask | m, -v + 1,
                                pos.alternating, share=share)
            if ok is None:
                continue
            if not ok:
                pending.remove((c, m))
                yield self._ours(c, -v)
                continue
            self.upper[c] = v - 1          # the opponent gets at least -v+1
            left = [cm for cm in pending if cm[0] not in self.upper]
            if len(left) == 1 and not self.best_found:
                pending.remove(left[0])
                yield self._ours(left[0][0], -v)

    def _exact_scores(self) -> Iterator[ColumnScore]:
        """Step 3."""
        todo = list(self.pending)
        for i, (c, m) in enumerate(todo):
            lo = None if c not in self.upper else -self.upper[c]
            s = self.clock.run(len(todo) - i, 0.9, self.solver.solve, self.opp,
                               self.pos.mask | m, self.pos.alternating, False, lo)
            if s is not None:
                self.pending.remove((c, m))
                yield self._ours(c, s)

    def _finish(self, deepen: bool) -> Iterator[ColumnScore]:
        """Step 4 for the columns still open (deepening only with ``deepen``)."""
        todo, self.pending = self.pending, []
        for i, (c, m) in enumerate(todo):
            yield self._fallback(len(todo) - i, c, m, deepen)

    def _fallback(self, k: int, c: int, m: int, deepen: bool) -> ColumnScore:
        """Step 4 for column ``c`` with ``1/k`` of what is left of the budget."""
        solver, cells, n, v = self.solver, self.cells, self.n, self.v
        mask2 = self.pos.mask | m
        known = solver.known(self.opp, mask2, self.pos.alternating)
        if known is not None:
            return self._ours(c, known)
        up = self.upper.get(c, v)          # no column scores more than the value v
        lo = -((cells - n) // 2)
        hi = (cells - n - 1) // 2 if up is None else up
        if hi < 0:                         # a proven loss, distance unknown
            return self._bounded(c, m, lo, hi)
        found = (0, 0)                     # (depth, the opponent's score within it)
        if deepen:
            def deepen_() -> None:
                nonlocal found
                for depth in range(2, cells - n + 1, 2):
                    found = depth, solver.limited(self.opp, mask2, depth, self.pos.alternating)
                    if found[1]:
                        return
            self.clock.run(k, 1.0, deepen_)
        depth, s = found
        if s or depth >= cells - n - 1:
            return self._ours(c, s)
        return self._bounded(c, m, lo, hi, depth)


def _parent_bound(solver: Solver, cur: int, mask: int, n: int, alternating: bool) -> int | None:
    """On 6x7 with the book, a position with 13 checkers (O to move) scores at
    least ``-v(P)`` for every 12-checker parent ``P`` in the book (the last
    checker, an X one, taken back): ``v(P)`` is the max over P's moves."""
    book = solver.book
    if book is None or not alternating or n != book.ply + 1 or (solver.height, solver.width) != (6, 7):
        return None
    geo = solver.geo
    x = cur ^ mask                                # X's cells (X moved last)
    best: int | None = None
    for c in range(geo.w):
        col = mask & geo.col_mask[c]
        top = 1 << (col.bit_length() - 1) if col else 0
        if not x & top:
            continue
        d = book.probe(x ^ top, mask ^ top)       # X to move in P
        if d is not None:
            b = -plies_to_score(d, book.ply, geo.cells)
            best = b if best is None else max(best, b)
    return best


def solve_position(position: PositionLike, rows: int | None = None, cols: int | None = None, *,
                   backend: str = "auto", time_budget: float | None = None,
                   node_budget: int | None = None, best_only: bool = False,
                   lower_bound: int | None = None,
                   on_column: Callable[[ColumnScore], None] | None = None) -> PerfectResult:
    """Analyse every column of ``position`` for the side to move; each
    column is passed to ``on_column`` (optional) as soon as it is settled, in
    this order: full columns and immediate wins first, then the searched
    columns as each is proven (centre first for bitbully; the solver's best
    first, then the refuted ones), then, if the budget ran out, the estimates.

    :param position: a :class:`~connect4_game.core.board.Board` (not changed; the
        side to move is X when both have as many checkers, else O), a move
        string in ``add_checkers`` notation (``'3344'``; digits, then a-d for
        columns 10-13) or a list of 0-based columns, X first.
    :param rows, cols: board size for move strings/lists (default 6x7);
        must match a Board's size if given with one.
    :param backend: ``'auto'``, ``'bitbully'`` (raise
        :class:`BackendUnavailable` rather than fall back) or ``'solver'``.
    :param time_budget: seconds for the whole position (> 0), None = no limit.
        The solver stops at it and reports estimates; bitbully checks it
        between its null-window probes (the column it was scoring and those
        it did not reach are then estimates inside the bounds proven).
    :param node_budget: positions the solver may search in all (deterministic
        budgets for tests), None = no limit; bitbully ignores it.
    :param best_only: stop once a column reaching the position's value is
        proven (bitbully: the most central one): the others then keep what
        is known about them (bounds, else an estimate).
    :param lower_bound: a Pons score the side to move is known to reach,
        the search's first guess (must be a true bound).
    :returns: a :class:`PerfectResult` (``columns[i]`` is column ``i``).
    :raises ValueError: bad position, size, backend or budget; an illegal move
        (before the first column).
    :raises BackendUnavailable: ``backend='bitbully'`` and bitbully cannot
        analyse the position.
    """
    _check_arguments(backend, time_budget, node_budget, lower_bound)
    return analyse(read_position(position, rows, cols), backend=backend,
                   time_budget=time_budget, node_budget=node_budget, best_only=best_only,
                   lower_bound=lower_bound, on_column=on_column)


def analyse(pos: Position, *, backend: str = "auto", time_budget: float | None = None,
            node_budget: int | None = None, best_only: bool = False,
            lower_bound: int | None = None,
            on_column: Callable[[ColumnScore], None] | None = None) -> PerfectResult:
    """:func:`solve_position` of a :class:`Position` already read (its
    ``side`` is the side analysed; :mod:`connect4_game.ai.expert` may
    analyse for the side not to move). Arguments are not checked again."""
    t0 = time.perf_counter()
    state = _Run()
    found: dict[int, ColumnScore] = {}
    for cs in _columns(pos, backend, time_budget, node_budget, best_only, lower_bound, state):
        found[cs.column] = cs
        if on_column is not None:
            on_column(cs)
    columns = tuple(found[c] for c in range(pos.cols))
    used = []
    for b in state.backends:
        if b not in used:
            used.append(b)
    return PerfectResult(pos.rows, pos.cols, pos.mask.bit_count(), pos.side, columns,
                         "+".join(used) or "solver", state.note, time.perf_counter() - t0)
