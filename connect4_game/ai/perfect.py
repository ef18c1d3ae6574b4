"""Perfect play on any board: the Pons score of every column, from one of two backends.

For a position -- a :class:`connect4_game.core.board.Board` or a move list -- this
module gives, for the side to move, the Pons score of dropping a checker in
each column (None for a full column), hence win/draw/loss with the number of
plies to the end, and the best columns (:func:`solve_position`). Columns can
also be reported one by one as they are proven (:func:`iter_columns`, or the
``on_column`` callback of :func:`solve_position`), so that an overlay can fill
progressively.

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
    size, with the 6x7 opening book of :mod:`connect4_game.ai.book`. It runs
    under a time and/or node budget, in rounds of growing time slices per
    column, so that easy columns are reported first; columns not proven when
    the budget runs out are reported as estimates (``exact=False``) inside
    the bounds that were proven.

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
from typing import Protocol

from connect4_game.ai.bitboard import geometry, has_four
from connect4_game.ai.book import OpeningBook
from connect4_game.ai.perfect_model import (
    PerfectResult,
    Position,
    PositionLike,
    estimate_column,
    exact_column,
    play_moves,
    read_position,
)
from connect4_game.ai.score import ColumnScore, NoMove
from connect4_game.ai.solver import Solver, get_solver
from connect4_game.core.checks import check_optional_int, check_seconds

__all__ = [
    "ColumnScore", "PerfectResult", "BackendUnavailable", "BACKENDS", "LOCK",
    "solve_position", "iter_columns", "backend_name", "backend_label",
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
    """What an analysis learns on the way: the position read, the backends
    used in order, and why bitbully was not used (or failed), if it was not."""

    pos: Position | None = None
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
    from connect4_game.ai import solver as solver_mod
    with LOCK:
        if _bb_engine is not None:
            _bb_engine.core.resetTranspositionTable()
        for size, s in list(solver_mod._SOLVERS.items()):
            if rows is None or size == (rows, cols):
                s.clear_tt()


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



def iter_columns(position: PositionLike, rows: int | None = None, cols: int | None = None, *,
                 backend: str = "auto", time_budget: float | None = None,
                 node_budget: int | None = None, best_only: bool = False,
                 lower_bound: int | None = None,
                 _state: _Run | None = None) -> Iterator[ColumnScore]:
    """Yield one :class:`ColumnScore` per column, in the order they are
    settled: full columns and immediate wins first, then the searched
    columns as each is proven (centre first for bitbully; easiest first for
    the solver), then, if the budget ran out, the estimates.

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
    :param best_only: with bitbully, stop once a column reaching the
        position's value is found (the most central one): the others are
        then estimates bounded by that value. The solver scores every column.
    :param lower_bound: a Pons score the side to move is known to reach,
        used as bitbully's first guess (must be a true bound).
    :raises ValueError: bad position, size, backend or budget; an illegal move
        (raised at the call, before the first column).
    :raises BackendUnavailable: ``backend='bitbully'`` and bitbully cannot
        analyse the position (raised while iterating).
    """
    if backend not in ("auto",) + BACKENDS:
        raise ValueError(f"backend must be 'auto', 'bitbully' or 'solver', got {backend!r}")
    check_budgets(time_budget, node_budget)
    check_optional_int(lower_bound, "lower_bound")
    pos = read_position(position, rows, cols)
    state = _Run() if _state is None else _state
    state.pos = pos
    state.backends = []
    return _columns(pos, backend, time_budget, node_budget, best_only, lower_bound, state)


#: a generator of settled columns that returns the columns it left open
_Columns = Generator[ColumnScore, None, list[tuple[int, int]]]


def _columns(pos: Position, backend: str, time_budget: float | None, node_budget: int | None,
             best_only: bool, lower_bound: int | None,
             state: _Run) -> Generator[ColumnScore, None, None]:
    """Generator behind :func:`iter_columns`: the columns settled at once,
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
            for c, _ in pending:
                yield estimate_column(c, -((cells - n) // 2), (cells - 1 - n) // 2, "bitbully")
            return
    yield from _solver_columns(pos, pending, n, cells, deadline, node_budget)


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
            return (yield from _bitbully_best(core, board, todo, v, wins_now, n, cells, low,
                                              deadline))
        return (yield from _bitbully_every(core, board, todo, v, n, cells, low, top, deadline))
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


def _bitbully_best(core: _BBCore, board: _BBBoard, todo: list[tuple[int, int]], v: int, wins_now: bool,
                   n: int, cells: int, low: int, deadline: float | None) -> _Columns:
    """Generator, ``best_only``: a null-window probe per column of ``todo``
    (popped as settled) until one reaches the value ``v``; the columns after
    it are estimates capped by ``v``. Returns the columns left unsettled
    ([] once the best is found)."""
    while todo:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        c, _m = todo[0]
        with LOCK:             # null window: does column c reach v?
            s = v if not wins_now and int(core.negamax(board.playMoveOnCopy(c), -v, -v + 1,
                                                       0)) <= -v else None
        todo.pop(0)
        if s is None:
            yield estimate_column(c, low, v - 1, "bitbully")
            continue
        yield exact_column(c, s, n, cells, "bitbully")
        for c2, _ in todo:     # found; no column scores more than v
            yield estimate_column(c2, low, v, "bitbully")
        return []
    return todo


def _bitbully_every(core: _BBCore, board: _BBBoard, todo: list[tuple[int, int]], v: int | None, n: int,
                    cells: int, low: int, top: int, deadline: float | None) -> _Columns:
    """Generator: the exact score of every column of ``todo`` (popped as
    settled) by :func:`_bitbully_mtdf`, the first guess being the median of
    the scores found below ``v``; returns the columns left when the time ran
    out (the one cut short is yielded as an estimate)."""
    found: list[int] = []          # exact scores below v, for the next first guess
    while todo:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        c, _m = todo[0]
        hi = top - 1 if v is None else min(v, top - 1)
        guess = sorted(found)[len(found) // 2] if found else 0
        lo, hi = _bitbully_mtdf(core, board.playMoveOnCopy(c), low, hi, guess, deadline, c)
        todo.pop(0)
        if lo < hi:                # the time ran out inside this column
            yield estimate_column(c, lo, hi, "bitbully")
            break
        if v is None or lo < v:
            found.append(lo)
        yield exact_column(c, lo, n, cells, "bitbully")
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


def _solver_columns(pos: Position, pending: list[tuple[int, int]], n: int, cells: int,
                    deadline: float | None,
                    node_budget: int | None) -> Generator[ColumnScore, None, None]:
    """Generator: the solver's scores for ``pending``. With a budget, in
    rounds: each column gets ``share / k`` of the time (and nodes) left, k =
    the columns still open in the round, ``share`` = 1/4 then doubling up to
    1, so easy columns are proven first and each round keeps the bounds the
    last one proved. Estimates for the columns left when the budget ends."""
    solver = get_solver(pos.rows, pos.cols)
    # proven bounds of each child position's score (the opponent's point of view)
    lo = {c: -((cells - n - 1) // 2) for c, _ in pending}
    hi = {c: (cells - n) // 2 for c, _ in pending}
    nodes_left = node_budget
    budgeted = deadline is not None or node_budget is not None
    share = 0.25 if budgeted else 1.0
    todo = list(pending)
    while todo:
        nodes_left = yield from _solver_round(solver, pos, todo, lo, hi, n, cells, deadline,
                                              nodes_left, share)
        if not budgeted or _budget_spent(deadline, nodes_left):
            break
        share = min(1.0, share * 2)
    for c, _ in todo:
        yield estimate_column(c, -hi[c], -lo[c], "solver")


def _solver_round(solver: Solver, pos: Position, todo: list[tuple[int, int]], lo: dict[int, int],
                  hi: dict[int, int], n: int, cells: int, deadline: float | None,
                  nodes_left: int | None, share: float) -> Generator[ColumnScore, None, int | None]:
    """Generator: one round of :func:`_solver_columns` over ``todo``
    (removing the columns it proves, narrowing the bounds ``lo`` / ``hi`` of
    the others); returns the nodes left (None = no node budget)."""
    mask, alt = pos.mask, pos.alternating
    opp = pos.cur ^ mask
    this_round = list(todo)
    for i, (c, m) in enumerate(this_round):
        # the last rounds share all that is left among the columns still to visit
        k = len(this_round) - i if share >= 1 else len(this_round)
        t = None if deadline is None else (deadline - time.perf_counter()) * share / k
        nb = None if nodes_left is None else int(nodes_left * share / k)
        if (t is not None and t <= 0) or nb == 0:
            continue
        with LOCK:
            solver.set_budget(time_budget=t, node_budget=nb)
            proof = solver.prove(opp, mask | m, alt, lo[c], hi[c])
            used = solver.searched()
        if nodes_left is not None:
            nodes_left = max(0, nodes_left - used)
        lo[c], hi[c] = max(lo[c], proof.lo), min(hi[c], proof.hi)
        if lo[c] >= hi[c]:
            todo.remove((c, m))
            yield exact_column(c, -lo[c], n, cells, "solver")
    return nodes_left


def _budget_spent(deadline: float | None, nodes_left: int | None) -> bool:
    """True once the deadline (``time.perf_counter`` seconds, None = none)
    has passed or no nodes are left (None = no node budget)."""
    return ((deadline is not None and time.perf_counter() >= deadline)
            or (nodes_left is not None and nodes_left <= 0))


def solve_position(position: PositionLike, rows: int | None = None, cols: int | None = None, *,
                   backend: str = "auto", time_budget: float | None = None,
                   node_budget: int | None = None, best_only: bool = False,
                   lower_bound: int | None = None,
                   on_column: Callable[[ColumnScore], None] | None = None) -> PerfectResult:
    """Analyse every column of ``position`` for the side to move.

    Arguments as :func:`iter_columns`; ``on_column`` (optional) is called
    with each :class:`ColumnScore` as soon as it is settled.

    :returns: a :class:`PerfectResult` (``columns[i]`` is column ``i``).
    :raises ValueError: bad position, size or budget; an illegal move.
    :raises BackendUnavailable: ``backend='bitbully'`` and bitbully cannot
        analyse the position.
    """
    t0 = time.perf_counter()
    state = _Run()
    gen = iter_columns(position, rows, cols, backend=backend, time_budget=time_budget,
                       node_budget=node_budget, best_only=best_only, lower_bound=lower_bound,
                       _state=state)
    pos = state.pos
    assert pos is not None                  # read by iter_columns before it returns
    found: dict[int, ColumnScore] = {}
    for cs in gen:
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
