"""Fast exact search behind ``AIPlayer.scores_for`` (BU CS111 ps9, Problem 4): the
same lists as the assignment's recursion (``tests/oracle.py`` judges), found by
null-window proof searches on bitboards, in the compiled kernel (``_ckernel.c``) where
it is built and the board fits its bitboards (see docs/ai.md: search)."""
from __future__ import annotations

import threading
import time
from itertools import islice
from operator import itemgetter
from typing import TYPE_CHECKING, TypeVar

from connect4_game.ai import bitboard as bb
from connect4_game.ai.solver import use_compiled
from connect4_game.core.checks import check_int, check_lookahead

__all__ = ["Searcher", "Engine", "shared_searcher", "drop_older_half"]

if TYPE_CHECKING:
    from connect4_game.ai._ckernel import ThreatSearch

_ThreatSearch: type[ThreatSearch] | None
try:  # built by setup.py where a C compiler is found (see connect4_game.ai.solver)
    from connect4_game.ai._ckernel import ThreatSearch as _ThreatSearch
except ImportError:
    _ThreatSearch = None

#: entries of the two tables together: about 43 MB live, 61 MB peak RSS measured
DEFAULT_MAX_ENTRIES = 400_000
#: plies left from which replies are sorted by threat count (measured)
ORDER_DEPTH = 8
#: plies left from which the claimeven no-win test runs
CLAIM_DEPTH = 7
_V = TypeVar("_V")
_FIRST = itemgetter(0)


class Engine:
    """The search for one (height, width, win_before_full): ``win(cur, mask, d, mw,
    ow)`` (OR node): can the side owning ``cur``, to move, force a four within ``d``
    plies (``mw``, ``ow``: its and the opponent's winning cells, ``ow`` -1 if not
    known)? ``lose(cur, mask, replies, d, mw)`` (AND node): does the opponent answer
    every reply with a forced four within ``d - 1`` plies? (No four on the board, ``d``
    capped by the caller, so every four within it wins.) Tables (``cur + mask`` ->
    packed int, at most ``max_entries``): ``table`` ``win_depth << 8 | nowin_depth``;
    ``table2`` ``loss_depth << 16 | noloss_depth << 8 | refuting column``. ``compiled``
    as :func:`~connect4_game.ai.solver.use_compiled`, ``kernel`` the one in use."""

    def __init__(self, h: int, w: int, wbf: bool, max_entries: int,
                 compiled: bool | None = None) -> None:
        self.h, self.w, self.wbf = h, w, wbf
        self.geo = bb.geometry(h, w)
        self.table: dict[int, int] = {}
        self.table2: dict[int, int] = {}
        self.max_entries = max_entries
        self._build()
        self._kernel = None
        if _ThreatSearch is not None and use_compiled(compiled, h, w):
            k = self._kernel = _ThreatSearch(h, w, max_entries, ORDER_DEPTH, CLAIM_DEPTH)
            self.win, self.lose, self.take_nodes = k.win, k.lose, k.take_nodes
        self.kernel = "python" if self._kernel is None else "compiled"

    def table2_get(self, key: int) -> int | None:
        """``table2``'s entry of ``key`` (``cur + mask``), None if it has none."""
        return self.table2.get(key) if self._kernel is None else self._kernel.get2(key)

    def entries(self) -> int:
        """The entries of both tables."""
        return len(self.table) + len(self.table2) + (0 if self._kernel is None
                                                      else len(self._kernel))

    def clear(self) -> None:
        """Empty both tables."""
        self.table.clear()
        self.table2.clear()
        if self._kernel is not None:
            self._kernel.clear()

    def _build(self) -> None:
        """Compile ``win``, ``lose`` and ``take_nodes`` over this board's constants."""
        geo = self.geo
        h = self.h
        BOT = geo.bottom
        BRD = geo.board
        s1 = h + 1
        has_four = bb.has_four
        # rows (0 = bottom) with the parity of h: a column has an even
        # number of empty cells iff its first empty cell is in such a row
        CLAIM_ROWS = 0
        for row in range(h % 2, h, 2):
            CLAIM_ROWS |= BOT << row
        CLAIM_BAD = BRD & ~CLAIM_ROWS
        colm = [geo.col_mask[c] for c in geo.order]   # centre first
        colmask_all = list(geo.col_mask) + [0] * 256
        table = self.table
        table2 = self.table2
        tget = table.get
        tget2 = table2.get
        cap = self.max_entries
        wincells = bb.wincells_for(h)
        nodes = 0

        def win(cur: int, mask: int, d: int, mw: int, ow: int) -> bool:
            nonlocal nodes
            nodes += 1
            poss = (mask + BOT) & BRD
            if mw & poss:
                return True
            if d < 5:
                if d < 3:
                    return False
            elif not d & 1:
                d -= 1          # cur's fours fall on odd plies only
            free = BRD ^ mask
            if not has_four(cur | free, h):
                return False        # no four left to make, even on every empty cell
            # claimeven (Allis): the opponent answers in the same column, so cur
            # only gets the empty cells of its parity's rows; no four there: none
            if (not poss & CLAIM_BAD and d >= CLAIM_DEPTH
                    and not has_four(cur | (free & CLAIM_ROWS), h)):
                return False
            opp = cur ^ mask
            if ow < 0:
                ow = wincells(opp, free)
            forced = ow & poss
            if forced & (forced - 1):
                return False        # two threats: cannot block both
            moves = (forced or poss) & ~(ow >> 1)   # never play below a threat
            if not moves:
                return False
            k = cur + mask
            e = tget(k)
            if e is not None:
                if e >> 8 <= d:
                    return True
                if e & 255 >= d:
                    return False
            cand = []
            kb = opp + mask
            for cm in colm:
                m = moves & cm
                if m:
                    if d >= 5:
                        # enhanced transposition cut-off on the child
                        e2 = tget2(kb + m)
                        if e2 is not None and e2 >> 16 < d:
                            _store(k, d, True)
                            return True
                    mw2 = wincells(cur | m, free ^ m)
                    poss2 = (mask + m + BOT) & BRD
                    t = mw2 & poss2
                    if t & (t - 1):
                        _store(k, d, True)      # double threat
                        return True
                    replies = (t or poss2) & ~(mw2 >> 1)
                    if not replies:
                        if not poss2:
                            continue            # board full: draw
                        _store(k, d, True)      # block, then four above; or every reply loses
                        return True
                    cand.append((mw2.bit_count(), m, replies, mw2))
            if d >= 5:
                # (at d 3-4 no reply left can lose at once: nothing to search)
                if len(cand) > 1:
                    cand.sort(key=_FIRST, reverse=True)   # most threats first
                d1 = d - 1
                for _, m, replies, mw2 in cand:
                    if lose(opp, mask | m, replies, d1, mw2):
                        _store(k, d, True)
                        return True
            _store(k, d, False)
            return False

        def lose(cur: int, mask: int, replies: int, d: int, mw: int) -> bool:
            nonlocal nodes
            nodes += 1
            if d & 1:
                d -= 1          # the opponent's fours fall on even plies
            if d < 4:
                return False
            k = cur + mask
            e = tget2(k)
            first = 0
            if e is not None:
                if e >> 16 <= d:
                    return True
                if (e >> 8) & 255 >= d:
                    return False
                first = replies & colmask_all[e & 255]
            att = cur ^ mask
            d1 = d - 1
            # enhanced transposition cut-off: a reply already refuted?
            kb = att + mask
            rr = replies
            while rr:
                r = rr & -rr
                e2 = tget(kb + r)
                if e2 is not None and e2 & 255 >= d1:
                    _refuted(k, d, r)
                    return False
                rr ^= r
            if first:
                if not win(att, mask | first, d1, mw & ~first, -1):
                    _refuted(k, d, first)
                    return False
                replies ^= first
            if d >= ORDER_DEPTH and replies & (replies - 1):
                # strongest reply first: most own winning cells after it
                free = BRD ^ mask
                rl = []
                for cm in colm:
                    r = replies & cm
                    if r:
                        ow = wincells(cur | r, free ^ r)
                        rl.append((ow.bit_count(), r, ow))
                rl.sort(key=_FIRST, reverse=True)
            else:
                rl = [(0, replies & cm, -1) for cm in colm if replies & cm]
            for _, r, ow in rl:
                if not win(att, mask | r, d1, mw & ~r, ow):
                    _refuted(k, d, r)
                    return False
            e = tget2(k)
            if e is None:
                if len(table2) >= cap:
                    drop_older_half(table2)
                e = 255 << 16
            if d < e >> 16:
                table2[k] = (d << 16) | (e & 0xFFFF)
            return True

        def _store(k: int, d: int, res: bool) -> None:
            e = tget(k)
            if e is None:
                if len(table) >= cap:
                    drop_older_half(table)
                e = 255 << 8
            if res:
                if d < e >> 8:
                    table[k] = (d << 8) | (e & 255)
            elif d > e & 255:
                table[k] = (e & ~255) | d
            elif k not in table:
                table[k] = e

        def _refuted(k: int, d: int, r: int) -> None:
            col = (r.bit_length() - 1) // s1
            e = tget2(k)
            if e is None:
                if len(table2) >= cap:
                    drop_older_half(table2)
                e = 255 << 16
            if d > (e >> 8) & 255:
                table2[k] = (e & ~0xFFFF) | (d << 8) | col
            else:
                table2[k] = (e & ~255) | col

        def take_nodes() -> int:
            """Nodes searched since the last call (and reset the count)."""
            nonlocal nodes
            n, nodes = nodes, 0
            return n
        self.wincells = wincells
        self.win = win
        self.lose = lose
        self.take_nodes = take_nodes


def drop_older_half(table: dict[int, _V]) -> None:
    """Drop the older half of a full table (dicts keep insertion order)."""
    for k in list(islice(table, max(1, len(table) // 2))):
        del table[k]


def _check_position(cur: int, mask: int, geo: bb.Geometry) -> None:
    """:raises ValueError: unless ``(cur, mask)`` fits ``geo`` with no floating checker."""
    if mask & ~geo.board or cur & ~mask:
        raise ValueError("position bits outside the board or cur not within mask")
    bad = (mask + geo.bottom) & mask
    if bad:
        col = (bad.bit_length() - 1) // geo.stride
        raise ValueError(f"column {col} has a floating checker (an empty cell below a checker)")


class Searcher:
    """The assignment's ``scores_for``, exact and fast, its table of at most
    ``max_entries`` kept across calls; ``last_nodes``, ``last_time`` (seconds);
    ``compiled`` as :class:`Engine`'s."""

    def __init__(self, max_entries: int = DEFAULT_MAX_ENTRIES,
                 compiled: bool | None = None) -> None:
        check_int(max_entries, 1, None, 'max_entries')
        self.max_entries = max_entries
        self.compiled = compiled
        self._engine: Engine | None = None
        self._lock = threading.Lock()
        self.last_nodes = 0
        self.last_time = 0.0

    @property
    def tt_size(self) -> int:
        """Entries in the transposition table."""
        return 0 if self._engine is None else self._engine.entries()

    def clear(self) -> None:
        """Empty the transposition table."""
        with self._lock:
            if self._engine is not None:
                self._engine.clear()

    def _engine_for(self, h: int, w: int, wbf: bool) -> Engine:
        eng = self._engine
        if eng is None or (eng.h, eng.w, eng.wbf) != (h, w, wbf):
            if eng is not None:
                eng.clear()         # its closures form a cycle: free the tables now
            eng = self._engine = Engine(h, w, wbf, max(1, self.max_entries // 2), self.compiled)
        return eng

    def search(self, cur: int, mask: int, h: int, w: int, lookahead: int,
               win_before_full: bool = False, value: bool = False) -> tuple[list[int], int, float]:
        """``(scores, nodes, seconds)`` of this call on a bitboard position, ``cur`` the
        scoring player's cells: the assignment's ``scores_for`` (BU CS111 ps9, Problem 4),
        per column -1 full, 0 loss, 50 neither, 100 win within ``lookahead`` plies; with
        ``value``, ``[max(scores)]`` computed directly.
        :raises ValueError: a bad lookahead or position (a floating checker)."""
        check_lookahead(lookahead)
        with self._lock:
            t0 = time.perf_counter()
            eng = self._engine_for(h, w, bool(win_before_full))
            _check_position(cur, mask, eng.geo)
            eng.take_nodes()
            try:
                out = ([self._value(eng, cur, mask, lookahead)] if value
                       else self._root(eng, cur, mask, lookahead))
            finally:
                self.last_nodes = eng.take_nodes()
                self.last_time = time.perf_counter() - t0
            return out, self.last_nodes, self.last_time

    def _root(self, eng: Engine, cur: int, mask: int, L: int) -> list[int]:
        """Every column's score for ``cur`` at lookahead ``L``: those decided at once,
        then the others searched (the opponent looking ``dq`` plies ahead)."""
        geo = eng.geo
        base = self._root_base(eng, cur, mask, L)
        empties = geo.cells - mask.bit_count()
        my_w = eng.wincells(cur, geo.board ^ mask) if base is None else 0
        dq = min(L - 1, empties - (1 if eng.wbf else 2))
        out = [50] * eng.w
        pending = []
        for c in range(eng.w):
            m = (mask + geo.bottom_cells[c]) & geo.col_mask[c]
            if mask & geo.top_cells[c]:
                out[c] = -1
            elif base is not None:
                out[c] = base
            elif my_w & m:
                out[c] = 100 if (eng.wbf or empties >= 2) else 50
            elif dq > 0:
                pending.append((c, m))
        if pending:
            self._root_searched(eng, cur, mask, L, dq, out, pending)
        return out

    @staticmethod
    def _root_base(eng: Engine, cur: int, mask: int, L: int) -> int | None:
        """Every open column's score when decided without search, else None."""
        h = eng.h
        if bb.has_four(cur, h):
            return 100
        if bb.has_four(cur ^ mask, h):
            return 0
        if L == 0:
            return 50
        return None

    def _root_searched(self, eng: Engine, cur: int, mask: int, L: int, dq: int, out: list[int],
                       pending: list[tuple[int, int]]) -> None:
        """Search the ``pending`` columns (``(column, cell)``) into ``out``."""
        h, w = eng.h, eng.w
        # the position's own value bounds every column (lost: all lost; drawn: none wins)
        best = 100 if 100 in out else self._value(eng, cur, mask, L)
        if best == 0:
            for c, _m in pending:
                out[c] = 0
            return
        # a left-right symmetric position has mirror-image column scores
        sym = w > 1 and bb.mirror(mask, h, w) == mask and bb.mirror(cur, h, w) == cur
        for c, m in pending:
            if sym and c > w - 1 - c:
                out[c] = out[w - 1 - c]
            else:
                out[c] = self._column(eng, cur, mask, m, dq, best == 100)

    @staticmethod
    def _value(eng: Engine, cur: int, mask: int, L: int) -> int:
        geo = eng.geo
        poss = (mask + geo.bottom) & geo.board
        if not poss:
            return -1
        base = Searcher._root_base(eng, cur, mask, L)
        if base is not None:
            return base
        opp = cur ^ mask
        free = geo.board ^ mask
        empties = geo.cells - mask.bit_count()
        my_w = eng.wincells(cur, free)
        if my_w & poss:
            return 100 if (eng.wbf or empties >= 2) else 50
        d = min(L, empties - (0 if eng.wbf else 1))
        if d <= 1:
            return 50
        return Searcher._verdict(eng, cur, mask, d, my_w, eng.wincells(opp, free))

    @staticmethod
    def _column(eng: Engine, cur: int, mask: int, m: int, d: int, can_win: bool = True) -> int:
        """Score of playing cell ``m`` (not a four), the opponent looking ``d`` plies
        ahead; without ``can_win`` only its four is searched."""
        mask2 = mask | m
        opp = cur ^ mask
        e = eng.table2_get(opp + mask2)
        if e is not None and e >> 16 <= d - (d & 1):
            return 100      # known from the position's own search
        free2 = eng.geo.board ^ mask2
        return 100 - Searcher._verdict(eng, opp, mask2, d, eng.wincells(opp, free2),
                                       eng.wincells(cur | m, free2), can_win)

    @staticmethod
    def _verdict(eng: Engine, cur: int, mask: int, d: int, mw: int, ow: int,
                 deep: bool = True) -> int:
        """100 if ``cur``, to move (no four to make at once), forces a four within ``d``
        plies, 0 if every move lets the opponent force one (searched with ``deep``), else 50."""
        if eng.win(cur, mask, d, mw, ow):
            return 100
        if d < 2 or not deep:
            return 50
        poss = eng.geo.possible(mask)
        forced = ow & poss
        if forced & (forced - 1):
            return 0
        replies = (forced or poss) & ~(ow >> 1)
        if not replies:
            return 0 if poss else 50
        return 0 if eng.lose(cur, mask, replies, d, ow) else 50


#: Entries of the levels' threat search's table (about 22 MB when full).
THREAT_TT_ENTRIES = 200_000

_shared: dict[bool, Searcher] = {}
_shared_lock = threading.Lock()


def shared_searcher(win_before_full: bool = False) -> Searcher:
    """The shared :class:`Searcher` of ``AIPlayer``, or of the levels' threat search."""
    with _shared_lock:
        s = _shared.get(win_before_full)
        if s is None:
            s = _shared[win_before_full] = (Searcher(THREAT_TT_ENTRIES) if win_before_full
                                            else Searcher())
        return s
