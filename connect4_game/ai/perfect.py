"""Perfect play on any board: the Pons score of every column (:func:`solve_position`),
from the optional bitbully engine (6x7, AGPL, never required) or our solver (see
docs/ai.md: perfect)."""
from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypeVar

from connect4_game.ai.bitboard import from_board, geometry, has_four, play_moves
from connect4_game.ai.book import OpeningBook, book_path
from connect4_game.ai.score import ColumnScore, NoMove, Score, choose_column
from connect4_game.ai.solver import (
    BudgetExceeded,
    Solver,
    clear_solver_tables,
    get_solver,
    heuristic,
    plies_to_score,
    score_to_plies,
)
from connect4_game.core.board import Board
from connect4_game.core.checks import check_optional_int, check_seconds
from connect4_game.core.notation import parse_add_checkers
from connect4_game.core.side import Side

__all__ = ["ColumnScore", "PerfectResult", "BackendUnavailable", "BACKENDS", "LOCK",
           "solve_position", "backend_name", "backend_label", "bitbully_available",
           "bitbully_error", "reset_backends", "clear_tables", "play_moves", "check_arguments",
           "always_proven", "Position", "read_position", "alternating"]

@dataclass(frozen=True)
class PerfectResult:
    """One position analysed for ``to_move``: a ColumnScore per column, the ``backend``
    (``'bitbully+solver'``), ``note`` (why not bitbully), ``elapsed`` seconds and the
    ``nodes`` (positions) searched."""

    to_move: Side
    columns: tuple[ColumnScore, ...]
    backend: str
    note: str | None = None
    elapsed: float = 0.0
    nodes: int = 0

    @property
    def scores(self) -> list[int | None]:
        """Pons score per column (None without a move; an estimate's best guess)."""
        return [c.pons for c in self.columns]

    @property
    def exact(self) -> bool:
        """True if every playable column's score is proven."""
        return all(c.score is None or c.score.exact for c in self.columns)

    @property
    def over(self) -> bool:
        """True if no column can be played (the game is won or the board full)."""
        return all(c.pons is None for c in self.columns)

    @property
    def value(self) -> int | None:
        """The Pons score of the position (the top column score), None if over."""
        s = [c.pons for c in self.columns if c.pons is not None]
        return max(s) if s else None

    @property
    def best(self) -> list[int]:
        """The top-scoring columns (the proven ones if any); [] if over."""
        v = self.value
        if v is None:
            return []
        top = [c for c in self.columns if c.pons == v]
        proven = [c.column for c in top if c.score is not None and c.score.exact]
        return proven or [c.column for c in top]

    def choice(self) -> int:
        """The column to play (:func:`~connect4_game.ai.score.choose_column`).
        :raises ValueError: if the game is over."""
        return choose_column(self.columns)


@dataclass(frozen=True)
class Position:
    """A position to analyse, as bitboards of a ``rows`` x ``cols`` board."""

    rows: int
    cols: int
    cur: int            # cells of the side to move
    mask: int           # occupied cells
    side: Side          # to move
    alternating: bool   # X moved first and the sides alternated


#: what :func:`read_position` reads: a Position, a Board, a move string or a list of columns
PositionLike = Position | Board | str | Sequence[int]


def alternating(cur: int, mask: int, side: str) -> bool:
    """Whether ``(cur, mask)`` is a normal game's position with ``side`` (``cur``) to move."""
    return mask.bit_count() - 2 * cur.bit_count() == (0 if side == Side.X else 1)


def read_position(position: PositionLike, rows: int | None, cols: int | None) -> Position:
    """A Board, move string or column list as a :class:`Position` (a Position as it is).
    :raises ValueError: a bad position or size, an illegal move (named)."""
    if isinstance(position, Position):
        return position
    if isinstance(position, Board):
        h, w = position.height, position.width
        if (rows is not None and rows != h) or (cols is not None and cols != w):
            raise ValueError(f"rows/cols {rows}x{cols} do not match the board's {h}x{w}")
        side = Side(position.to_move())
        cur, mask = from_board(position, side)
        return Position(h, w, cur, mask, side, alternating(cur, mask, side))
    h = 6 if rows is None else rows
    w = 7 if cols is None else cols
    if isinstance(position, str):
        moves = parse_add_checkers(position, h, w)
    elif isinstance(position, (list, tuple)):
        moves = list(position)
    else:
        raise ValueError(f"position must be a Board, a move string or a list of columns, "
                         f"not {type(position).__name__}")
    cur, mask = play_moves(moves, h, w)
    return Position(h, w, cur, mask, Side.for_ply(len(moves) + 1), True)


BACKENDS = ("bitbully", "solver")
_LABELS = {"bitbully": "BitBully (C++, optional)", "solver": "built-in solver"}

#: serialises the searches on the shared solvers and bitbully engine (re-entrant)
LOCK = threading.RLock()

_ENV_SWITCH = "CONNECT4_BITBULLY"
_T = TypeVar("_T")


class _BBBoard(Protocol):
    """What we use of bitbully's ``BoardCore``."""
    def setBoard(self, grid: Sequence[Sequence[int]]) -> bool: ...   # noqa: N802
    def playMoveOnCopy(self, column: int) -> _BBBoard: ...   # noqa: N802
    def play(self, columns: Sequence[int]) -> bool: ...   # bench_perfect's


class _BBCore(Protocol):
    """What we use of bitbully's ``BitBullyCore``: Pons scores for the side to move."""
    def mtdf(self, board: _BBBoard, first_guess: int) -> int: ...
    def negamax(self, board: _BBBoard, alpha: int, beta: int, depth: int) -> int: ...
    def resetTranspositionTable(self) -> None: ...   # noqa: N802
    def resetNodeCounter(self) -> None: ...   # noqa: N802
    def getNodeCounter(self) -> int: ...   # noqa: N802
    def scoreMoves(self, board: _BBBoard) -> list[int]: ...   # noqa: N802 (bench_perfect's)


@dataclass(frozen=True)
class BitBully:
    """The loaded bitbully engine (:func:`bitbully_engine`): ``new_board()``
    makes an empty ``BoardCore``, ``core`` searches."""

    new_board: Callable[[], _BBBoard]
    core: _BBCore


@dataclass
class _Run:
    """The backends an analysis used, in order, why not bitbully, and the positions searched."""
    backends: list[str] = field(default_factory=list)
    note: str | None = None
    nodes: int = 0


_bb_engine: BitBully | None = None
_bb_error: str | None = None


class BackendUnavailable(RuntimeError):
    """The requested backend cannot analyse this position."""


def reset_backends() -> None:
    """Forget the loaded bitbully engine and any failure to load it."""
    global _bb_engine, _bb_error
    with LOCK:
        _bb_engine = None
        _bb_error = None


def clear_tables(rows: int | None = None, cols: int | None = None) -> None:
    """Clear bitbully's and the ``rows`` x ``cols`` solver's tables (every size if
    not given); the books stay loaded."""
    with LOCK:
        if _bb_engine is not None:
            _bb_engine.core.resetTranspositionTable()
        clear_solver_tables(rows, cols)


def bitbully_engine() -> BitBully | None:
    """The bitbully engine, loaded on first use, or None (:func:`bitbully_error`)."""
    global _bb_engine, _bb_error
    if _bb_engine is not None:
        return _bb_engine
    if _bb_error is not None:
        return None
    if os.environ.get(_ENV_SWITCH, "").strip().lower() in ("off", "0", "no", "false"):
        _bb_error = f"bitbully disabled by {_ENV_SWITCH}"
        return None
    try:
        import bitbully.bitbully_core as bbc
        path = book_path()
        if path is None or not os.path.isfile(path):
            raise RuntimeError("the opening book of bitbully-databases is not available")
        engine = bbc.BitBullyCore(Path(path))
        if not engine.isBookLoaded():
            raise RuntimeError("its opening book did not load")
        _bb_engine = BitBully(bbc.BoardCore, engine)
    except Exception as e:          # ImportError, a broken install, a bad book
        _bb_error = f"bitbully unavailable: {type(e).__name__}: {e}"[:200]
        return None
    return _bb_engine


def bitbully_available() -> bool:
    """True if the bitbully backend can be used (loads it on the first call)."""
    with LOCK:
        return bitbully_engine() is not None


def bitbully_error() -> str | None:
    """Why bitbully is not used (after a failed load or a failure), else None."""
    return _bb_error


def always_proven(rows: int, cols: int) -> bool:
    """True where perfect play always runs to the proof, with no time budget: the 6x7
    board, whose opening book keeps every search short (docs/ai.md: perfect)."""
    return (rows, cols) == (6, 7)


def backend_name(rows: int = 6, cols: int = 7) -> str:
    """``'bitbully'`` or ``'solver'``: what ``'auto'`` uses for a normal game."""
    return "bitbully" if (rows, cols) == (6, 7) and bitbully_available() else "solver"


def backend_label(name: str) -> str:
    """``'solver'`` -> ``'built-in solver'``, parts joined by ``+``; unknown names as they are."""
    return "+".join(_LABELS.get(part, part) for part in str(name).split("+"))


def check_arguments(backend: str, time_budget: float | None, node_budget: int | None,
                    lower_bound: int | None = None) -> None:
    """:raises ValueError: naming a bad argument of :func:`solve_position`."""
    if backend not in ("auto",) + BACKENDS:
        raise ValueError(f"backend must be 'auto', 'bitbully' or 'solver', got {backend!r}")
    check_seconds(time_budget, "time_budget", allow_none=True)
    check_optional_int(node_budget, "node_budget", 0)
    check_optional_int(lower_bound, "lower_bound")


#: a generator of settled columns that returns the columns it left open
_Columns = Generator[ColumnScore, None, list[tuple[int, int]]]


def _columns(pos: Position, backend: str, time_budget: float | None, node_budget: int | None,
             best_only: bool, lower_bound: int | None,
             state: _Run) -> Generator[ColumnScore, None, None]:
    """:func:`solve_position`'s columns: those settled at once, the backend's, then estimates."""
    deadline = None if time_budget is None else time.perf_counter() + time_budget
    over = has_four(pos.cur, pos.rows) or has_four(pos.cur ^ pos.mask, pos.rows)
    use_bb = not over and _use_bitbully(pos, backend, state)
    name = "bitbully" if use_bb else "solver"
    state.backends.append(name)
    pending, wins_now = yield from _columns_at_once(pos, over, name)
    if pending and use_bb:
        bully = _Bitbully(pos, pending, wins_now, deadline, best_only)
        pending = yield from bully.run(lower_bound, backend, state)
        if pending and state.note:          # bitbully failed: the solver takes over
            state.backends.append("solver")
        elif pending:                       # out of time: what is known without searching
            for c, m in pending:
                yield _estimate(pos, c, m, bully.low, bully.top - 1, "bitbully")
            return
    if not pending:
        return
    left = None if deadline is None else max(0.0, deadline - time.perf_counter())
    clock = _Clock(get_solver(pos.rows, pos.cols), left, node_budget)
    try:
        yield from _SolverAnalysis(pos, pending, wins_now, clock, best_only).run(lower_bound)
    finally:
        state.nodes += clock.nodes


def _use_bitbully(pos: Position, backend: str, state: _Run) -> bool:
    """Whether ``backend`` means bitbully for ``pos``, else why not in ``state``.
    :raises BackendUnavailable: ``'bitbully'`` cannot."""
    if backend == "solver":
        return False
    if (pos.rows, pos.cols) != (6, 7):
        why = "bitbully only plays on the 6x7 board"
    elif not pos.alternating:
        why = "bitbully needs a position where X moved first and the sides alternated"
    else:
        with LOCK:
            if bitbully_engine() is not None:
                return True
            why = _bb_error or "bitbully unavailable"
    if backend == "bitbully":
        raise BackendUnavailable(why)
    state.note = why
    return False


def _columns_at_once(pos: Position, over: bool,
                     name: str) -> Generator[ColumnScore, None, tuple[list[tuple[int, int]], bool]]:
    """The columns settled without search; returns the others as ``(column, move
    bit)`` and whether a column wins at once."""
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
                yield _exact(pos, c, (cells + 1 - n) // 2, name)
            elif n + 1 >= cells:
                yield _exact(pos, c, 0, name)
            else:
                pending.append((c, m))
    return pending, wins_now


class _Bitbully:
    """Bitbully's scores of the ``pending`` columns (``(column, move bit)``) of ``pos`` by
    MTD(f) (Plaat et al., 1996) until ``deadline``; with ``best_only`` a null-window probe
    a column until one reaches the position's value."""

    def __init__(self, pos: Position, pending: list[tuple[int, int]], wins_now: bool,
                 deadline: float | None, best_only: bool) -> None:
        self.pos, self.todo, self.wins_now = pos, list(pending), wins_now
        self.deadline, self.best_only = deadline, best_only
        self.n = n = pos.mask.bit_count()
        cells = pos.rows * pos.cols
        self.low = -((cells - n) // 2)      # no column scores less (the opponent wins at once)
        self.top = (cells + 1 - n) // 2     # nor more (a win at once)

    def run(self, lower_bound: int | None, backend: str, state: _Run) -> _Columns:
        """Yield the columns settled; return those left.
        :raises BackendUnavailable: ``backend='bitbully'`` and bitbully failed."""
        global _bb_engine, _bb_error
        try:
            core, board, v = self._start(lower_bound)
            try:
                return (yield from self._scores(core, board, v))
            finally:
                with LOCK:
                    state.nodes += int(core.getNodeCounter())
        except Exception as e:              # a broken engine: fall back to the solver
            msg = f"bitbully failed: {type(e).__name__}: {e}"[:200]
            with LOCK:
                _bb_engine, _bb_error = None, msg
            if backend == "bitbully":
                raise BackendUnavailable(msg) from e
            state.note = msg
            return self.todo

    def _late(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def _start(self, lower_bound: int | None) -> tuple[_BBCore, _BBBoard, int | None]:
        """The engine, its board set to the position, and the position's value when cheap
        or asked for (``best_only``), else None.
        :raises RuntimeError: bitbully is unusable or answers the impossible."""
        with LOCK:
            engine = bitbully_engine()
            if engine is None:
                raise RuntimeError(_bb_error or "bitbully unavailable")
            core = engine.core
            core.resetNodeCounter()
            board = engine.new_board()
            if not board.setBoard(_bitbully_grid(self.pos)):
                raise RuntimeError("bitbully refused the position")
            v: int | None = None
            if self.best_only:
                v = self.top if self.wins_now else int(core.mtdf(board, 0 if lower_bound is None
                                                                 else int(lower_bound)))
            elif self.n == OpeningBook.ply and not self.wins_now:
                v = int(core.mtdf(board, 0))   # an opening-book lookup, no search
            if v is not None and not self.low <= v <= self.top:
                raise RuntimeError(f"bitbully gave an impossible score {v}")
        return core, board, v

    def _scores(self, core: _BBCore, board: _BBBoard, v: int | None) -> _Columns:
        """Every column's exact score, or with ``best_only`` a null-window probe per column
        until one reaches the value ``v``; returns the columns left when the time ran out."""
        pos, todo, low = self.pos, self.todo, self.low
        found: list[int] = []          # exact scores below v, for the next first guess
        while todo and not self._late():
            c, m = todo[0]
            if self.best_only:
                assert v is not None            # _start finds it with best_only
                with LOCK:
                    settled = not self.wins_now and int(
                        core.negamax(board.playMoveOnCopy(c), -v, -v + 1, 0)) <= -v
                lo, hi = (v, v) if settled else (low, v - 1)
            else:
                hi = self.top - 1 if v is None else min(v, self.top - 1)
                guess = sorted(found)[len(found) // 2] if found else 0
                lo, hi = self._mtdf(core, board.playMoveOnCopy(c), hi, guess, c)
                settled = lo >= hi
            todo.pop(0)
            if not settled:
                yield _estimate(pos, c, m, lo, hi, "bitbully", v)
                if self.best_only:
                    continue
                break
            if v is None or lo < v:
                found.append(lo)
            yield _exact(pos, c, lo, "bitbully")
            if self.best_only:
                for c2, m2 in todo:    # found; no column scores more than v
                    yield _estimate(pos, c2, m2, low, lo, "bitbully", v)
                return []
        return todo

    def _mtdf(self, core: _BBCore, child: _BBBoard, hi: int, guess: int,
              column: int) -> tuple[int, int]:
        """The proven ``(lo, hi)`` of a column's score (apart if the time ran out) by
        MTD(f). :raises RuntimeError: if bitbully answers outside the possible scores."""
        lo, g = self.low, guess
        while lo < hi and not self._late():
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


def _bitbully_grid(pos: Position) -> list[list[int]]:
    """``pos`` as bitbully's 7 columns of 6 cells, bottom first: 0 empty, 1 X, 2 O."""
    cur, mask = pos.cur, pos.mask
    x = cur if pos.side is Side.X else cur ^ mask
    return [[(1 if (x >> (c * 7 + r)) & 1 else 2) if (mask >> (c * 7 + r)) & 1 else 0
             for r in range(6)] for c in range(7)]


def _exact(pos: Position, c: int, score: int, backend: str) -> ColumnScore:
    """Column ``c`` of ``pos`` proven to score ``score`` (Pons)."""
    return ColumnScore(c, Score.for_position(score, pos.mask.bit_count(), pos.rows * pos.cols),
                       backend=backend)


def _estimate(pos: Position, c: int, m: int, lo: int | None, hi: int | None, backend: str,
              v: int | None = None, depth: int | None = None) -> ColumnScore:
    """Column ``c`` known to score in ``lo..hi``, ``worse`` when below ``v``."""
    opp, mask = pos.cur ^ pos.mask, pos.mask | m
    score = Score.from_bounds(lo, hi, -heuristic(opp, mask, geometry(pos.rows, pos.cols)),
                              depth=depth)
    worse = not score.proven and v is not None and hi is not None and hi < v
    return ColumnScore(c, score, backend=backend, worse=worse)


class _Clock:
    """One analysis's time (seconds) and nodes (None: no limit), shared out."""

    def __init__(self, solver: Solver, time_budget: float | None, node_budget: int | None) -> None:
        self.solver = solver
        self.start = time.perf_counter()
        self.budget = time_budget
        self.nodes_left = node_budget
        self.nodes = 0                  # positions searched so far

    def until(self, fraction: float) -> float:
        """The ``time.perf_counter`` time when ``fraction`` of the budget is spent."""
        return float("inf") if self.budget is None else self.start + fraction * self.budget

    def left(self, fraction: float) -> bool:
        """True while time is left before ``fraction`` of the budget and nodes are left."""
        return (self.until(fraction) - time.perf_counter() > 0.001
                and (self.nodes_left is None or self.nodes_left > 0))

    def run(self, k: int, fraction: float, fn: Callable[..., _T], *args: object,
            share: float = 1.0) -> _T | None:
        """``fn(*args)`` with ``share``/k of what is left before ``fraction`` of the
        budget; None if it runs out."""
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
                searched = self.solver.searched()
                self.nodes += searched
                if self.nodes_left is not None:
                    self.nodes_left = max(0, self.nodes_left - searched)


class _SolverAnalysis:
    """The solver's analysis of the ``pending`` columns: 1. the position's value
    ``v``; 2. which reach it; 3. the others' scores; 4. estimates (docs/ai.md: perfect)."""

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
        """Column ``c`` from the opponent's exact score ``child`` after it."""
        d = score_to_plies(child, self.n + 1, self.cells)
        self.proven_any = True
        if -child == self.v:
            self.best_found = True
        return ColumnScore(c, Score.of_pons(-child, abs(d) + 1 if d else None), backend="solver")

    def _bounded(self, c: int, m: int, lo: int | None, hi: int | None,
                 depth: int | None = None) -> ColumnScore:
        """Column ``c`` known to score in ``lo..hi``."""
        v = self.v if c in self.upper else None
        cs = _estimate(self.pos, c, m, lo, hi, "solver", v, depth)
        self.proven_any = self.proven_any or (cs.score is not None and cs.score.proven)
        return cs

    def _child_bound(self, m: int) -> int | None:
        """The opponent's lower bound after move bit ``m`` from the book (:func:`_parent_bound`)."""
        return _parent_bound(self.solver, self.opp, self.pos.mask | m, self.n + 1,
                             self.pos.alternating)

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
        if proof is not None and proof.exact:
            self.v = proof.lo
        if proof is None or not proof.move:
            return
        c = (proof.move.bit_length() - 1) // solver.geo.stride
        m = dict(self.pending).get(c)
        if m is not None:
            self.pending.remove((c, m))
        if proof.exact:
            if m is not None:              # the search proved this move reaches v
                yield self._ours(c, -proof.lo)
            return
        if m is not None:                  # out of time: the bounds and the move reaching lo
            yield self._bounded(c, m, proof.lo, proof.hi)
        for cm in self.pending:
            self.upper[cm[0]] = proof.hi

    def _columns_reaching_value(self, v: int) -> Iterator[ColumnScore]:
        """Step 2, in rounds with time slices doubling from 1/16 a column."""
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
        """One round of step 2."""
        pending, pos = self.pending, self.pos
        for c, m in todo:
            if self.best_only and self.best_found:
                break
            if (c, m) not in pending:      # settled by elimination meanwhile
                continue
            pb = self._child_bound(m)
            ok = True if pb is not None and pb > -v else self.clock.run(
                1, end, self.solver.at_least, self.opp, pos.mask | m, -v + 1, pos.alternating,
                share=share)
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
            pb = self._child_bound(m)
            lo = pb if lo is None else lo if pb is None else max(lo, pb)
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
    """A 13-checker 6x7 position's lower bound from its parents in the book, or None."""
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
    """Every column of ``position`` (a Position, a Board, not changed, an ``add_checkers``
    string or 0-based columns, X first; default 6x7) for the side to move, each passed to
    ``on_column`` once settled; ``backend`` ``'auto'``, ``'bitbully'`` (raise rather
    than fall back) or ``'solver'``; ``time_budget`` seconds (unproven columns are
    estimates); ``node_budget`` positions; ``best_only``: stop once a column reaching
    the value is proven; ``lower_bound``: a Pons score known to be reached.
    :raises ValueError: bad position, size, backend or budget, or an illegal move.
    :raises BackendUnavailable: ``backend='bitbully'`` cannot analyse it."""
    t0 = time.perf_counter()
    check_arguments(backend, time_budget, node_budget, lower_bound)
    pos = read_position(position, rows, cols)
    state = _Run()
    found: dict[int, ColumnScore] = {}
    for cs in _columns(pos, backend, time_budget, node_budget, best_only, lower_bound, state):
        found[cs.column] = cs
        if on_column is not None:
            on_column(cs)
    columns = tuple(found[c] for c in range(pos.cols))
    backends = "+".join(dict.fromkeys(state.backends)) or "solver"
    return PerfectResult(pos.side, columns, backends, state.note, time.perf_counter() - t0,
                         state.nodes)
