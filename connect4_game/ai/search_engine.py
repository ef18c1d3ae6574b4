"""The node-level search behind :class:`connect4_game.ai.search.Searcher`.

:class:`Engine` holds the two mutually recursive proof searches (``win`` = OR
nodes, ``lose`` = AND nodes) of the depth-limited three-valued game that the
seed's ``scores_for`` (BU CS111 ps9, Problem 4) defines, compiled once per
board size into closures over bitboard constants
(:mod:`connect4_game.ai.bitboard` layout), plus their transposition tables of
depth facts. :mod:`connect4_game.ai.search` holds the root: column scores,
bounds from the position's own value, the public API.

Nothing here imports pygame.
"""
from __future__ import annotations

from itertools import islice

from connect4_game.ai import bitboard as bb

__all__ = ["Engine", "ORDER_DEPTH", "CLAIM_DEPTH"]

#: Defender replies are sorted by threat count only this deep (plies left);
#: below it the sort costs more than it saves (measured: 4, 8, 12, none).
ORDER_DEPTH = 8

#: The claimeven no-win test runs from this many plies left (cheap, rarely
#: fires near the leaves).
CLAIM_DEPTH = 7


class Engine:
    """The search for one (height, width, win_before_full) context.

    ``win(cur, mask, d, mw, ow)`` -> bool (OR node): can the side owning
    ``cur`` (to move) force a four within ``d`` plies (its own moves at plies
    1, 3, 5, ... <= d)? ``mw`` = its winning cells (:func:`wincells` of
    ``cur``), ``ow`` = the opponent's, or -1 if not known yet.

    ``lose(cur, mask, replies, d, mw)`` -> bool (AND node): ``cur`` is to move
    and ``replies`` (a non-empty mask of playable cells) are its moves that
    do not lose at once; ``mw`` = the opponent's winning cells. True if the
    opponent answers every reply with a forced four within ``d - 1`` plies.

    Preconditions: neither side has a four on the board, the side to move has
    no four available at once in ``lose``; ``d`` is capped by the caller so
    that no four can fall on the last empty cell in BU mode
    (``d <= empties - 1``), ``d <= empties`` otherwise. Under that cap every
    four within the horizon is a real win in both rule sets, so forced
    blocks, double threats and "never play below the opponent's winning
    cell" are all exact.

    Transposition tables (dicts, int key ``cur + mask`` -> packed int):
    ``table`` (OR nodes): ``win_depth << 8 | nowin_depth`` = smallest depth
    with a proven forced four, largest depth with a proven refutation (255 /
    0 when unknown); ``table2`` (AND nodes): ``loss_depth << 16 |
    noloss_depth << 8 | refuting column``. Both facts are monotone in the
    depth, so an entry answers every lookahead. Each table holds at most
    ``max_entries`` entries; when full, its older half is dropped.
    """

    def __init__(self, h: int, w: int, wbf: bool, table: dict[int, int], table2: dict[int, int],
                 max_entries: int) -> None:
        self.h, self.w, self.wbf = h, w, wbf
        self.geo = bb.geometry(h, w)
        self.table = table
        self.table2 = table2
        self.max_entries = max_entries
        self._build()

    def _build(self) -> None:
        """Compile ``win``, ``lose``, ``wincells`` and ``take_nodes`` as closures
        over this board's bit constants and the two tables."""
        geo = self.geo
        h = self.h
        BOT = geo.bottom
        BRD = geo.board
        s1 = h + 1          # horizontal
        s2 = h              # diagonal one way
        s3 = h + 2          # diagonal other way
        s1b, s2b, s3b = 2 * s1, 2 * s2, 2 * s3
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

        def wincells(p: int, free: int) -> int:
            """Empty cells (within ``free``) completing a four for ``p``."""
            r = (p << 1) & (p << 2) & (p << 3)
            lo = p << s1
            hi = p >> s1
            a = lo & (lo << s1)
            b = hi & (hi >> s1)
            r |= (a & ((a << s1) | hi)) | (b & ((b >> s1) | lo))
            lo = p << s2
            hi = p >> s2
            a = lo & (lo << s2)
            b = hi & (hi >> s2)
            r |= (a & ((a << s2) | hi)) | (b & ((b >> s2) | lo))
            lo = p << s3
            hi = p >> s3
            a = lo & (lo << s3)
            b = hi & (hi >> s3)
            r |= (a & ((a << s3) | hi)) | (b & ((b >> s3) | lo))
            return r & free

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
            # no four can ever be completed with cur's checkers + empty cells
            pot = cur | free
            q = pot & (pot >> 1)
            if not q & (q >> 2):
                q = pot & (pot >> s1)
                if not q & (q >> s1b):
                    q = pot & (pot >> s2)
                    if not q & (q >> s2b):
                        q = pot & (pot >> s3)
                        if not q & (q >> s3b):
                            return False
            if not poss & CLAIM_BAD and d >= CLAIM_DEPTH:
                # claimeven (Allis): every column has an even number of empty
                # cells, so the opponent can always answer in the same column
                # and cur only ever gets the empty cells of the rows with
                # cur's parity; no four there -> no four at all
                pot = cur | (free & CLAIM_ROWS)
                q = pot & (pot >> 1)
                if not q & (q >> 2):
                    q = pot & (pot >> s1)
                    if not q & (q >> s1b):
                        q = pot & (pot >> s2)
                        if not q & (q >> s2b):
                            q = pot & (pot >> s3)
                            if not q & (q >> s3b):
                                return False
            opp = cur ^ mask
            if ow < 0:
                ow = wincells(opp, free)
            forced = ow & poss
            if forced:
                if forced & (forced - 1):
                    return False        # two threats: cannot block both
                moves = forced & ~(ow >> 1)
            else:
                moves = poss & ~(ow >> 1)   # never play below a threat
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
                    if t:
                        if t & (t - 1):
                            _store(k, d, True)      # double threat
                            return True
                        replies = t & ~(mw2 >> 1)
                        if not replies:
                            _store(k, d, True)      # block, then four above
                            return True
                    else:
                        replies = poss2 & ~(mw2 >> 1)
                        if not replies:
                            if poss2:
                                _store(k, d, True)  # every reply loses
                                return True
                            continue                # board full: draw
                    cand.append((mw2.bit_count(), m, replies, mw2))
            if d >= 5:
                # (at d 3-4 no reply left can lose at once: nothing to search)
                if len(cand) > 1:
                    cand.sort(key=_first, reverse=True)   # most threats first
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
            if replies & (replies - 1):
                free = BRD ^ mask
                if d >= ORDER_DEPTH:
                    # strongest reply first: most own winning cells after it
                    rl = []
                    for cm in colm:
                        r = replies & cm
                        if r:
                            ow = wincells(cur | r, free ^ r)
                            rl.append((ow.bit_count(), r, ow))
                    rl.sort(key=_first, reverse=True)
                    for _, r, ow in rl:
                        if not win(att, mask | r, d1, mw & ~r, ow):
                            _refuted(k, d, r)
                            return False
                else:
                    for cm in colm:
                        r = replies & cm
                        if r and not win(att, mask | r, d1, mw & ~r, -1):
                            _refuted(k, d, r)
                            return False
            elif replies and not win(att, mask | replies, d1, mw & ~replies, -1):
                _refuted(k, d, replies)
                return False
            e = tget2(k)
            if e is None:
                if len(table2) >= cap:
                    _evict(table2)
                e = 255 << 16
            if d < e >> 16:
                table2[k] = (d << 16) | (e & 0xFFFF)
            return True

        def _store(k: int, d: int, res: bool) -> None:
            e = tget(k)
            if e is None:
                if len(table) >= cap:
                    _evict(table)
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
                    _evict(table2)
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


def _evict(table: dict[int, int]) -> None:
    """Make room in a full TT: drop its older half (dicts keep insertion
    order), so recent entries -- the current search -- survive. O(1)
    amortised per insertion."""
    for k in list(islice(table, max(1, len(table) // 2))):
        del table[k]


def _first(t: tuple[int, ...]) -> int:
    """Sort key: the first item of a tuple (a threat count)."""
    return t[0]
