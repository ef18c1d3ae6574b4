"""Strong (perfect-play) solver for any board size after Pascal Pons, "Solving Connect 4: how
to build a perfect AI" (2019), parts 3-12: a compiled kernel (``_ckernel.c``) where it is built
and the board fits its bitboards (:data:`KERNEL_BITS`), else the same search in pure Python (see
docs/ai.md: solver)."""
from __future__ import annotations

import os
import time
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice
from operator import itemgetter
from typing import TYPE_CHECKING

from connect4_game.ai.bitboard import Geometry, geometry, wincells_for, winning_cells
from connect4_game.ai.book import OpeningBook, default_book
from connect4_game.core.checks import check_int, check_optional_int, check_seconds

__all__ = ["Solver", "Proof", "BudgetExceeded", "get_solver", "score_to_plies", "plies_to_score",
           "heuristic", "clear_solver_tables", "compiled_available", "use_compiled", "KERNEL_BITS"]

if TYPE_CHECKING:
    from connect4_game.ai._ckernel import Kernel

#: the compiled kernels' largest board in bits, ``(height+1)*width``: 128 where the compiler has a
#: 128-bit integer (gcc, clang), else 64 (MSVC); 0 where they are not built
KERNEL_BITS: int
_Kernel: type[Kernel] | None
try:  # built by setup.py where a C compiler is found; CONNECT4_KERNEL=python forces the fallback
    from connect4_game.ai._ckernel import KERNEL_BITS, NO_BISECT, NO_GUESS
    from connect4_game.ai._ckernel import Kernel as _Kernel
except ImportError:
    _Kernel = None
    NO_BISECT = NO_GUESS = KERNEL_BITS = 0


def compiled_available() -> bool:
    """True if the compiled kernel is built and not switched off (``CONNECT4_KERNEL=python``)."""
    return _Kernel is not None and os.environ.get("CONNECT4_KERNEL", "").lower() != "python"


def use_compiled(compiled: bool | None, h: int, w: int) -> bool:
    """Whether a search of an ``h`` x ``w`` board runs in the compiled kernels, node for node
    their Python twins: if built, ``compiled`` (None: :func:`compiled_available`) and the
    board fits, ``(h+1)*w <=`` :data:`KERNEL_BITS`."""
    on = compiled_available() if compiled is None else compiled
    return on and _Kernel is not None and (h + 1) * w <= KERNEL_BITS


#: a transposition table: ``(get, put)`` of packed int values by int key
_TT = tuple[Callable[[int], int | None], Callable[[int, int], None]]
#: an opening-book probe: the Pons score of ``(cur, mask)``, None if not in the book
_Probe = Callable[[int, int], int | None]


#: depth given to full searches: never reaches 0 and stays >= LIMITED, so full
#: searches key the TT by position only (shared across searches and moves)
FULL_DEPTH = 1 << 20
#: nodes between two checks of the budget (fewer for a smaller node budget)
_CHECK_EVERY = 1024
#: depth-limited searches use depths below this (and key the TT by depth too)
LIMITED = 1 << 10
#: enhanced transposition cut-offs (the children's table entries tried before searching
#: them) with more empty cells than this: nearer the end they cost more than they save
ETC_EMPTY = 12


class BudgetExceeded(Exception):
    """Raised inside a search when its node or time budget runs out."""


@dataclass(frozen=True)
class Proof:
    """What a search proved: ``lo <= score <= hi``, and the cell of a ``move``
    reaching ``lo`` (or None)."""

    lo: int
    hi: int
    move: int | None = None

    @property
    def exact(self) -> bool:
        return self.lo == self.hi


def score_to_plies(score: int, n: int, cells: int) -> int:
    """Signed plies to the end of a Pons score with ``n`` checkers on ``cells``
    cells: ``+d`` a win with the ``d``-th checker from now, ``-d`` a loss, 0 a draw.
    :raises ValueError: a score not possible at ``n`` checkers."""
    if score > 0:
        j = (cells + 1 - n) // 2 - score
        if j < 0:
            raise ValueError(f"score {score!r} too large for {n} checkers on {cells} cells")
        return 2 * j + 1
    if score < 0:
        j = (cells + 2 - n) // 2 + score
        if j < 1:
            raise ValueError(f"score {score!r} too small for {n} checkers on {cells} cells")
        return -2 * j
    return 0


def plies_to_score(plies: int, n: int, cells: int) -> int:
    """The inverse of :func:`score_to_plies`."""
    if plies > 0:
        return (cells + 2 - n - plies) // 2
    if plies < 0:
        return -((cells + 2 - n + plies) // 2)
    return 0


class Solver:
    """Perfect-play solver for one board size (shared by :func:`get_solver`), with an
    opening ``book`` or None and ``tt_size`` table slots (default up to 2**22: 21 MB
    compiled, 38 MB in Python); ``compiled`` as :func:`use_compiled`, ``kernel`` the one
    in use (``"compiled"`` or ``"python"``). :raises ValueError: bad size or ``tt_size``."""

    def __init__(self, height: int = 6, width: int = 7, book: OpeningBook | None = None,
                 tt_size: int | None = None, compiled: bool | None = None) -> None:
        if tt_size is None:
            tt_size = 1 << min(22, max(12, height * width // 2 + 6))
        check_int(tt_size, 1, None, "tt_size")
        geo = geometry(height, width)
        self.geo = geo
        self.height, self.width, self.cells = height, width, geo.cells
        self.book = book
        self.tt_size = tt_size
        self.tt_limit = min(tt_size, 500_000)     # dict tables (limited searches, big boards)
        self.nodes = 0            # nodes searched since the last set_budget()
        self._deadline = float("inf")
        self._node_limit = 1 << 62
        self._check_every = _CHECK_EVERY
        self._build()
        # beyond 64 bits the compiled tables are the Python kernel's dicts of tt_limit keys
        slots = _prime_at_most(tt_size) if (height + 1) * width <= 64 else self.tt_limit
        self._kernel = None
        if _Kernel is not None and use_compiled(compiled, height, width):
            self._kernel = _Kernel(height, width, slots)
        self.kernel = "python" if self._kernel is None else "compiled"
        self._book_set = False     # the book's table handed to the compiled kernel
        self.clear_tt()

    def _build(self) -> None:
        geo = self.geo
        H = geo.h
        FULL = geo.board
        BOTTOM = geo.bottom
        CELLS = geo.cells
        COLS = [geo.col_mask[c] for c in geo.order]
        # TT values: an upper bound v is stored as v + B, a lower bound as
        # v + 3B (B > any |score|): small ints, which CPython caches (<= 256
        # on boards up to 126 cells) instead of allocating
        B = CELLS // 2 + 2
        LOW = 2 * B
        UP_OFF, LOW_OFF = B, 3 * B
        wincells = wincells_for(H)
        counter = [_CHECK_EVERY]
        self._counter = counter
        root = [-1, 0]                  # [ply of the root, move that last failed high there]
        self._root = root
        tick = self._tick

        def negamax(cur: int, mask: int, n: int, alpha: int, beta: int, depth: int, tt: _TT,
                    book_ply: int, probe: _Probe, ow: int | None = None) -> int:
            # ``tt`` = (get, put) of a transposition table; ``ow`` = the
            # opponent's winning cells if the caller already knows them
            # precondition: the side to move (owner of ``cur``) cannot win at once
            counter[0] -= 1
            if counter[0] <= 0:
                tick()
            if ow is None:
                ow = wincells(cur ^ mask, FULL ^ mask)
            poss = (mask + BOTTOM) & FULL
            forced = poss & ow
            poss = (forced or poss) & ~(ow >> 1)
            if forced & (forced - 1) or not poss:
                return -((CELLS - n) // 2)
            if n >= CELLS - 2:
                return 0
            if depth <= 0:
                return 0                       # horizon of a depth-limited search
            lo = -((CELLS - 2 - n) // 2)
            if alpha < lo:
                alpha = lo
                if alpha >= beta:
                    return alpha
            hi = (CELLS - 1 - n) // 2
            if beta > hi:
                beta = hi
                if alpha >= beta:
                    return beta
            key = cur + mask
            if depth < LIMITED:              # depth-limited search: the depth is part of the key
                key = (key << 10) | depth     # LIMITED = 1 << 10
            v = tt[0](key)
            if v is not None:
                if v >= LOW:
                    v -= LOW_OFF
                    if alpha < v:
                        alpha = v
                        if alpha >= beta:
                            return alpha
                else:
                    v -= UP_OFF
                    if beta > v:
                        beta = v
                        if alpha >= beta:
                            return beta
            elif n == book_ply:
                v = probe(cur, mask)
                if v is not None:
                    return v
            opp = cur ^ mask
            if poss & (poss - 1):
                cand: list[tuple[int, int, int | None]] = []
                for cm in COLS:
                    m = poss & cm
                    if m:
                        # own winning cells after the move: the ordering score (threat
                        # count), and the child's "opponent winning cells"
                        w = wincells(cur | m, FULL ^ (mask | m))
                        cand.append((w.bit_count(), m, w))
                cand.sort(key=itemgetter(0), reverse=True)
                if depth >= LIMITED and CELLS - n > ETC_EMPTY:
                    get = tt[0]
                    for _, m, _w in cand:   # a child's upper bound in the table may cut already
                        v = get(opp + (mask | m))
                        if v is not None and v < LOW and UP_OFF - v >= beta:
                            tt[1](key, UP_OFF - v + LOW_OFF)
                            if n == root[0]:
                                root[1] = m
                            return UP_OFF - v
            else:
                cand = [(0, poss, None)]    # one move: the child finds its own threats
            for _, m, mw in cand:
                s = -negamax(opp, mask | m, n + 1, -beta, -alpha, depth - 1, tt, book_ply, probe, mw)
                if s >= beta:
                    tt[1](key, s + LOW_OFF)
                    if n == root[0]:
                        root[1] = m
                    return s
                if s > alpha:
                    alpha = s
            tt[1](key, alpha + UP_OFF)
            return alpha
        self._negamax = negamax

    def _tick(self) -> None:
        """Count the nodes; :raises BudgetExceeded: once the budget is spent."""
        self.nodes += self._check_every
        self._counter[0] = self._check_every = max(1, min(_CHECK_EVERY,
                                                          self._node_limit - self.nodes))
        if self.nodes >= self._node_limit or time.perf_counter() >= self._deadline:
            raise BudgetExceeded()

    def _dict_tt(self) -> _TT:
        """(get, put) of a ``dict`` table of ``tt_limit`` entries."""
        d: dict[int, int] = {}
        limit = self.tt_limit

        def put(key: int, v: int) -> None:
            if len(d) >= limit:
                for k in list(islice(d, len(d) - limit // 2)):
                    del d[k]
            d[key] = v
        return d.get, put

    def _array_tt(self) -> _TT:
        """(get, put) of a table of ``tt_size`` slots (down to a prime), always replaced."""
        size = _prime_at_most(self.tt_size)
        keys = array("Q", [0]) * size
        vals = bytearray(size)

        def get(key: int) -> int | None:
            i = key % size
            if keys[i] == key:
                v = vals[i]
                if v:
                    return v
            return None

        def put(key: int, v: int) -> None:
            i = key % size
            keys[i] = key
            vals[i] = v
        return get, put

    def clear_tt(self) -> None:
        """Forget everything the transposition table learned."""
        if self._kernel is not None:
            self._kernel.clear()
            return
        fits = self.width * (self.height + 1) <= 64 and 4 * (self.cells // 2 + 2) < 256
        self.tt = self._array_tt() if fits else self._dict_tt()

    def _book_args(self, n: int, alternating: bool) -> tuple[int, _Probe]:
        """``(book_ply, probe)`` for the search: ply -1 (never reached) without a book."""
        book = self.book
        if book is None or not alternating or n > book.ply:
            return -1, lambda cur, mask: None
        cells = self.cells
        raw = book.probe

        def probe(c: int, m: int) -> int | None:
            d = raw(c, m)
            return None if d is None else plies_to_score(d, book.ply, cells)
        return book.ply, probe

    def _search(self, cur: int, mask: int, alpha: int, beta: int, depth: int,
                alternating: bool) -> int:
        """One negamax of ``(cur, mask)`` in the window ``alpha..beta`` by the kernel in
        use. :raises BudgetExceeded: when the budget runs out."""
        n = mask.bit_count()
        book = self._book_args(n, alternating)
        if self._kernel is None:
            tt = self.tt if depth >= LIMITED else self._dict_tt()
            return self._negamax(cur, mask, n, alpha, beta, depth, tt, book[0], book[1])
        aborted, score, _, _ = self._compiled(cur, mask, alpha, beta, depth, book[0], -1, NO_BISECT)
        if aborted:
            raise BudgetExceeded()
        return score

    def _compiled(self, cur: int, mask: int, alpha: int, beta: int, depth: int, book_ply: int,
                  root_n: int, guess: int) -> tuple[bool, int, int, int | None]:
        """``(aborted, lo, hi, move)`` of the compiled kernel's search (see ``_ckernel.c``),
        counting its nodes against the budget."""
        k = self._kernel
        assert k is not None
        aborted, lo, hi, move, nodes = k.search(cur, mask, alpha, beta, depth, root_n, guess,
                                                *self._kernel_args(k, book_ply))
        self.nodes += nodes
        return bool(aborted), lo, hi, move or None

    def _kernel_args(self, k: Kernel, book_ply: int) -> tuple[int, int, float]:
        """``(book_ply, node_limit, seconds)`` for a compiled search: the book handed
        over on first use (ply -1 if it cannot be read), what is left of the budget."""
        if book_ply >= 0 and not self._book_set and self.book is not None:
            table = self.book.table()
            if table is None:
                book_ply = -1
            else:
                k.set_book(*table)
                self._book_set = True
        return (book_ply, max(0, self._node_limit - self.nodes),
                min(1e9, self._deadline - time.perf_counter()))

    def set_budget(self, time_budget: float | None = None, node_budget: int | None = None) -> None:
        """Start a budget of seconds and/or nodes (None = unlimited).
        :raises ValueError: a negative one."""
        check_seconds(time_budget, "time_budget", zero_ok=True, allow_none=True)
        check_optional_int(node_budget, "node_budget", 0)
        self.nodes = 0
        self._deadline = float("inf") if time_budget is None else time.perf_counter() + time_budget
        self._node_limit = (1 << 62) if node_budget is None else node_budget
        self._counter[0] = self._check_every = max(1, min(_CHECK_EVERY, self._node_limit))

    def searched(self) -> int:
        """Nodes searched since the last :meth:`set_budget` (exact to 1 node)."""
        return self.nodes + (self._check_every - self._counter[0])

    def can_win_now(self, cur: int, mask: int) -> int:
        """Mask of the playable cells where the side owning ``cur`` wins at once."""
        return wincells_for(self.height)(cur, self.geo.board ^ mask) & self.geo.possible(mask)

    def known(self, cur: int, mask: int, alternating: bool = True) -> int | None:
        """Exact Pons score of ``(cur, mask)`` (side owning ``cur`` to move)
        when it needs no search -- an immediate win, a full board, or an
        opening-book position -- else None."""
        n = mask.bit_count()
        cells = self.cells
        if n >= cells:
            return 0
        if self.can_win_now(cur, mask):
            return (cells + 1 - n) // 2
        book = self.book
        if book is not None and alternating and (n <= book.small_ply or n == book.ply):
            d = book.probe(cur if n % 2 == 0 else cur ^ mask, mask)
            if d is not None:
                return plies_to_score(d, n, cells)
        return None

    def solve(self, cur: int, mask: int, alternating: bool = True, weak: bool = False,
              lo: int | None = None, hi: int | None = None, guess: int | None = None) -> int:
        """Exact Pons score of ``(cur, mask)`` (no four on it) for the side owning
        ``cur``, to move; ``alternating``: a normal game's position (the book
        applies). ``weak``: only the sign; ``lo``/``hi``: known bounds;
        ``guess``: a likely score, tested first.
        :raises BudgetExceeded: when the budget runs out (see :meth:`prove`)."""
        proof = self.prove(cur, mask, alternating, lo, hi, guess, weak)
        if not proof.exact:
            raise BudgetExceeded(f"bounds {proof.lo}..{proof.hi} when the budget ran out")
        return proof.lo

    def prove(self, cur: int, mask: int, alternating: bool = True, lo: int | None = None,
              hi: int | None = None, guess: int | None = None, weak: bool = False) -> Proof:
        """:meth:`solve` as the :class:`Proof` of the bounds proven when the budget ran
        out, never raising: a null-window bisection of the score (Pons part 7)."""
        n = mask.bit_count()
        cells = self.cells
        k = self.known(cur, mask, alternating)
        if k is not None:
            k = max(-1, min(1, k)) if weak else k
            return Proof(k, k, None)
        lo0, hi0 = (-1, 1) if weak else (-((cells - n) // 2), (cells - 1 - n) // 2)
        lo0 = lo0 if lo is None else max(lo0, lo)
        hi0 = hi0 if hi is None else min(hi0, hi)
        book = self._book_args(n, alternating)
        if self._kernel is not None:
            _, lo, hi, move = self._compiled(cur, mask, lo0, hi0, FULL_DEPTH, book[0], n,
                                             NO_GUESS if guess is None else guess)
            return Proof(lo, hi, move)
        return self._python_bisect(cur, mask, n, lo0, hi0, guess, book)

    def _python_bisect(self, cur: int, mask: int, n: int, lo: int, hi: int, guess: int | None,
                       book: tuple[int, _Probe]) -> Proof:
        """:meth:`prove`'s search in the Python kernel (``_ckernel.c``'s ``bisect`` in C)."""
        move = None
        root = self._root
        root[0] = n
        try:
            while lo < hi:
                if guess is not None and lo <= guess < hi:
                    med = guess
                else:
                    med = lo + (hi - lo) // 2
                    if med <= 0 and _half(lo) < med:
                        med = _half(lo)
                    elif med >= 0 and _half(hi) > med:
                        med = _half(hi)
                guess = None
                root[1] = 0
                r = self._negamax(cur, mask, n, med, med + 1, FULL_DEPTH, self.tt, *book)
                if r <= med:
                    hi = r
                else:
                    lo = r
                    move = root[1] or None
        except BudgetExceeded:
            pass
        finally:
            root[0] = -1
        return Proof(lo, hi, move)

    def column_scores(self, cur: int, mask: int, alternating: bool = True) -> list[int | None]:
        """The exact Pons score of every column of ``(cur, mask)`` (no four on it) for the
        side owning ``cur``, to move, None for a full one: the position's value first, then
        each column with it as bound and first guess (in one call of the compiled kernel).
        :raises BudgetExceeded: as :meth:`solve`."""
        value = self.solve(cur, mask, alternating)
        n = mask.bit_count()
        k, book = self._kernel, self.book
        if k is not None and (book is None or not alternating or n + 1 > book.small_ply):
            book_ply = self._book_args(n + 1, alternating)[0]
            aborted, scores, nodes = k.columns(cur, mask, value, *self._kernel_args(k, book_ply))
            self.nodes += nodes
            if aborted:
                raise BudgetExceeded()
            return list(scores)
        geo = self.geo
        wins, poss = self.can_win_now(cur, mask), geo.possible(mask)
        out: list[int | None] = []
        for cm in geo.col_mask:
            cell = poss & cm
            if not cell:
                out.append(None)
            elif cell & wins:
                out.append((self.cells + 1 - n) // 2)
            else:
                out.append(-self.solve(cur ^ mask, mask | cell, alternating, lo=-value,
                                       guess=-value))
        return out

    def at_least(self, cur: int, mask: int, score: int, alternating: bool = True) -> bool:
        """Pons score of ``(cur, mask)`` >= ``score``? :raises BudgetExceeded: as :meth:`solve`."""
        k = self.known(cur, mask, alternating)
        if k is not None:
            return k >= score
        return self._search(cur, mask, score - 1, score, FULL_DEPTH, alternating) >= score

    def limited(self, cur: int, mask: int, depth: int, alternating: bool = True) -> int:
        """The exact Pons score if the game is decided within ``depth`` plies,
        else 0. :raises BudgetExceeded: as :meth:`solve`; ValueError: depth < 0."""
        check_int(depth, 0, None, "depth")
        k = self.known(cur, mask, alternating)
        if k is not None:
            return k
        empty = self.cells - mask.bit_count()
        return self._search(cur, mask, -(empty // 2), (empty + 1) // 2, min(depth, LIMITED - 1),
                            alternating)


def heuristic(cur: int, mask: int, geo: Geometry) -> int:
    """Points (0 = even) for the side owning ``cur``: 4 a winning cell, and centrality."""
    opp = cur ^ mask
    h, w = geo.h, geo.w
    score = 4 * (winning_cells(cur, mask, h, w).bit_count()
                 - winning_cells(opp, mask, h, w).bit_count())
    for c in range(w):
        weight = (w // 2) - abs(2 * c - (w - 1)) // 2
        cm = geo.col_mask[c]
        score += weight * ((cur & cm).bit_count() - (opp & cm).bit_count())
    return score


def _prime_at_most(n: int) -> int:
    """Largest prime <= n (n >= 2; 2 for smaller n)."""
    n = max(2, n)
    while True:
        if n < 4 or (n % 2 and all(n % d for d in range(3, int(n ** 0.5) + 1, 2))):
            return n
        n -= 1


def _half(x: int) -> int:
    """C-style x/2 (truncation toward zero), as in Pons' code."""
    return -((-x) // 2) if x < 0 else x // 2


_SOLVERS: dict[tuple[int, int], Solver] = {}


def clear_solver_tables(rows: int | None = None, cols: int | None = None) -> None:
    """Clear the shared solvers' tables: of ``rows`` x ``cols``, or of every size."""
    for size, s in list(_SOLVERS.items()):
        if rows is None or size == (rows, cols):
            s.clear_tt()


def get_solver(height: int, width: int) -> Solver:
    """The shared :class:`Solver` of one board size (two sizes kept)."""
    s = _SOLVERS.get((height, width))
    if s is None:
        while len(_SOLVERS) >= 2:           # keep the memory bounded: two sizes at most
            del _SOLVERS[next(iter(_SOLVERS))]
        s = Solver(height, width, book=default_book() if (height, width) == (6, 7) else None)
        _SOLVERS[(height, width)] = s
    return s
