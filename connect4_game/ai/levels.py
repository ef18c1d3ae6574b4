"""The named difficulty levels Easy, Medium, Hard, Expert (:data:`LEVELS`, the one
table) and the player of a searching level (:class:`LevelPlayer`); its move's steps
are in docs/levels.md (A level's move, step by step), with the exact filters of its
root columns (``*_columns``: the cells of ``allowed`` worth keeping, never none)."""
from __future__ import annotations

import functools
import math
import random
import time
from dataclasses import dataclass

from connect4_game.ai import bitboard as bb
from connect4_game.ai.alphabeta import AlphaBeta, alphabeta_for
from connect4_game.ai.book import default_book
from connect4_game.ai.evaluate import WIN_FLOOR, Evaluator, cell_weights, evaluator
from connect4_game.ai.expert import EXPERT_MOVE_SECONDS, ExpertPlayer
from connect4_game.ai.perfect import LOCK, alternating
from connect4_game.ai.search import shared_searcher
from connect4_game.ai.solver import BudgetExceeded, get_solver
from connect4_game.core.board import Board
from connect4_game.i18n import N_
from connect4_game.players import Player

__all__ = ['LevelSetting', 'Level', 'LEVELS', 'DEFAULT_LEVEL', 'level_names', 'get_level',
           'is_level', 'LevelPlayer', 'Decision', 'level_player', 'book_columns', 'solved_columns',
           'forced_four_columns', 'double_threat_columns', 'threat_scores']


#: seconds of a move's budget kept for the search when the solver runs first
SEARCH_RESERVE = 0.08


@dataclass(frozen=True)
class LevelSetting:
    """One level's settings (not checked; docs/levels.md): ``lookahead`` plies (0 = no
    search), ``node_budget`` positions and ``seconds`` a move, ``safety`` plies of the
    threat check, ``spot_chance`` (0..1), ``open_threes``, ``margin`` and
    ``temperature`` points, ``book``, ``solve_seconds`` (0 = never), ``centre_pull``."""

    lookahead: int
    node_budget: int
    seconds: float
    safety: int
    spot_chance: float
    open_threes: bool
    margin: int
    temperature: float
    book: bool
    solve_seconds: float
    centre_pull: float = 0.0


@dataclass(frozen=True)
class Level:
    """One named level: ``name`` (``'easy'``), ``label`` (``'Easy'``, translated),
    ``words`` (what it plays like) and ``setting`` (None for perfect play)."""

    name: str
    label: str
    words: str
    setting: LevelSetting | None = None

    @property
    def perfect(self) -> bool:
        """True for perfect play (Expert), False for a :class:`LevelPlayer`."""
        return self.setting is None


LEVELS: tuple[Level, ...] = (
    Level('easy', N_('Easy'),
          N_('A beginner: takes a win and blocks yours, falls for 3 in 10 deeper traps.'),
          LevelSetting(lookahead=0, node_budget=2_000, seconds=0.05, safety=4,
                       spot_chance=0.3, open_threes=True, margin=60, temperature=25.0,
                       book=False, solve_seconds=0.0, centre_pull=0.5)),
    Level('medium', N_('Medium'),
          N_('Sees every two-move trap; beats Easy nearly 9 games in 10.'),
          LevelSetting(lookahead=4, node_budget=25_000, seconds=0.25, safety=4,
                       spot_chance=1.0, open_threes=False, margin=12, temperature=6.0,
                       book=False, solve_seconds=0.0, centre_pull=0.6)),
    Level('hard', N_('Hard'),
          N_('Knows the openings, sees deeper traps; beats Medium 8 games in 10.'),
          LevelSetting(lookahead=16, node_budget=30_000, seconds=0.25, safety=8,
                       spot_chance=1.0, open_threes=False, margin=0, temperature=0.0,
                       book=True, solve_seconds=0.12)),
    Level('expert', N_('Expert'),
          N_('Plays perfectly on the standard board: very hard to beat.')),
)
"""The levels, weakest first (the figures: ``python -m benchmarks.bench_levels``)."""

DEFAULT_LEVEL = 'medium'
"""The level of the computer player on the first run."""


def level_names() -> tuple[str, ...]:
    """The names of :data:`LEVELS`, weakest first."""
    return tuple(lv.name for lv in LEVELS)


def is_level(name: object) -> bool:
    """True if ``name`` is the name of a level of :data:`LEVELS`."""
    return any(lv.name == name for lv in LEVELS)


def get_level(name: object, what: str = 'level') -> Level:
    """The :class:`Level` named ``name`` -- the one validator of a level.
    :raises ValueError: naming ``what`` and the levels, for anything else."""
    for lv in LEVELS:
        if lv.name == name:
            return lv
    raise ValueError(f'{what} must be one of {", ".join(level_names())}, not {repr(name)[:40]}')


@dataclass(frozen=True)
class Decision:
    """A level's move: ``column`` (0-based), ``scores`` (points, None for full or
    dropped columns), ``depth`` (plies), ``nodes``, ``seconds``, ``reason`` (``'win'``,
    ``'block'``, ``'forced four'``, ``'only move'``, ``'search'``) and ``cut``."""

    column: int
    scores: list[int | None]
    depth: int
    nodes: int
    seconds: float
    reason: str
    cut: str = ''


class LevelPlayer(Player):
    """A searching level's player with the assignment's ``next_move(board)`` (BU
    CS111 ps9); ``last`` is its latest :class:`Decision`; ``setting`` overrides the level's.
    :raises ValueError: unknown or perfect level, or bad checker."""

    def __init__(self, level: str, checker: str, rng: random.Random | None = None,
                 setting: LevelSetting | None = None) -> None:
        chosen = setting if setting is not None else get_level(level).setting
        if chosen is None:
            raise ValueError(f'level {level!r} plays perfectly: it is an ExpertPlayer')
        super().__init__(checker)
        self.level = level
        self.setting: LevelSetting = chosen
        self.rng = rng if rng is not None else random.Random()
        self.last: Decision | None = None

    def __repr__(self) -> str:
        return f'{super().__repr__()} ({self.level.upper()})'

    def next_move(self, b: Board) -> int:
        """The level's column on ``b`` (not changed); counts the move.
        :raises ValueError: if every column of ``b`` is full."""
        d = self.decide(b)
        self.num_moves += 1
        return d.column

    def decide(self, b: Board) -> Decision:
        """The level's :class:`Decision` on ``b``, not counted as a move.
        :raises ValueError: if every column of ``b`` is full."""
        t0 = time.perf_counter()
        cur, mask = bb.from_board(b, self.checker)
        d = self._decide(cur, mask, b.height, b.width, t0)
        self.last = d
        return d

    def _decide(self, cur: int, mask: int, h: int, w: int, t0: float) -> Decision:
        """The steps of docs/levels.md (A level's move, step by step)."""
        ev = evaluator(h, w)
        geo = ev.geo
        poss = geo.possible(mask)
        if not poss:
            raise ValueError('the board is full: there is no column to play')
        free = geo.board ^ mask
        mw, ow = ev.wincells(cur, free), ev.wincells(cur ^ mask, free)
        for target, why in ((mw, 'win'), (ow, 'block')):
            if target & poss:
                return self._done(self._central(_columns(target & poss, geo), w), w, t0, why)
        s = self.setting
        spot = s.spot_chance >= 1 or self.rng.random() < s.spot_chance
        allowed = poss & ~(ow >> 1) or poss if spot else poss
        normal = alternating(cur, mask, self.checker)
        if s.book:
            allowed = book_columns(cur, mask, h, w, allowed, normal)
        if s.solve_seconds > 0:
            budget = min(s.solve_seconds, t0 + s.seconds - SEARCH_RESERVE - time.perf_counter())
            if budget > 0:
                allowed, _won = solved_columns(cur, mask, h, w, allowed, budget, normal)
        if s.open_threes:
            allowed = double_threat_columns(cur, mask, h, w, allowed, under_fours=spot)
        if s.safety and spot:
            allowed, won = forced_four_columns(cur, mask, h, w, allowed, s.safety)
            if won:
                return self._done(self._central(_columns(allowed, geo), w), w, t0, 'forced four')
        if not allowed & (allowed - 1):
            return self._done(_columns(allowed, geo)[0], w, t0, 'only move')
        if s.lookahead < 1:
            return self._glance(ev, cur, mask, allowed, t0)
        return self._search(alphabeta_for(h, w), cur, mask, allowed, t0)

    def _glance(self, ev: Evaluator, cur: int, mask: int, allowed: int, t0: float) -> Decision:
        """Steps 6 and 7 without a search: each ``allowed`` cell's evaluation."""
        geo = ev.geo
        opp = cur ^ mask
        scores: list[int | None] = [None] * geo.w
        for c in range(geo.w):
            m = allowed & geo.col_mask[c]
            if m:
                free = geo.board ^ (mask | m)
                scores[c] = -ev.evaluate(opp, mask | m, ev.wincells(opp, free),
                                         ev.wincells(cur | m, free))
        col = self._choose(scores, geo.h, geo.w, mask)
        return Decision(col, scores, 0, len(_columns(allowed, geo)),
                        time.perf_counter() - t0, 'search')

    def _search(self, ab: AlphaBeta, cur: int, mask: int, allowed: int, t0: float) -> Decision:
        """Steps 6 and 7: search the ``allowed`` root cells and choose."""
        s = self.setting
        left = t0 + s.seconds - time.perf_counter()
        res = ab.search(cur, mask, s.lookahead, allowed=allowed, margin=s.margin,
                        node_budget=s.node_budget, time_budget=max(0.01, left))
        col = self._choose(res.scores, ab.h, ab.w, mask)
        return Decision(col, res.scores, res.depth, res.nodes, time.perf_counter() - t0,
                        'search', res.cut)

    def _choose(self, scores: list[int | None], h: int, w: int, mask: int) -> int:
        """Step 7 on the search's ``scores`` (one at least not None)."""
        s = self.setting
        best = max(v for v in scores if v is not None)
        if abs(best) > WIN_FLOOR or (s.margin == 0 and s.temperature == 0):
            cols = [c for c, v in enumerate(scores) if v == best]
            return self.rng.choice(cols)
        cols = [c for c, v in enumerate(scores) if v is not None and v >= best - s.margin
                and abs(v) < WIN_FLOOR]
        if s.centre_pull > 0:
            cols = _central_enough(cols, scores, best, s.centre_pull, h, w, mask)
        if s.temperature <= 0:
            return self.rng.choice([c for c in cols if scores[c] == best])
        weights = [math.exp(((scores[c] or 0) - best) / s.temperature) for c in cols]
        return self.rng.choices(cols, weights)[0]

    def _central(self, cols: list[int], w: int) -> int:
        """The most central of ``cols``; ties drawn."""
        near = min(abs(2 * c - (w - 1)) for c in cols)
        return self.rng.choice([c for c in cols if abs(2 * c - (w - 1)) == near])

    @staticmethod
    def _done(col: int, w: int, t0: float, why: str) -> Decision:
        """A decision made without the search."""
        return Decision(col, [None] * w, 0, 0, time.perf_counter() - t0, why)


def _columns(cells: int, geo: bb.Geometry) -> list[int]:
    """The columns of the cells of mask ``cells``, left to right."""
    return [c for c in range(geo.w) if cells & geo.col_mask[c]]


_cell_weights = functools.lru_cache(maxsize=4)(cell_weights)


def _central_enough(cols: list[int], scores: list[int | None], best: int, pull: float,
                    h: int, w: int, mask: int) -> list[int]:
    """The columns of ``cols`` scoring ``best`` or landing on a cell in at least
    ``pull`` times the windows of the best-placed one."""
    geo = bb.geometry(h, w)
    weights = _cell_weights(h, w)
    windows = {c: weights[c][(mask & geo.col_mask[c]).bit_count()] for c in cols}
    most = max(windows.values())
    return [c for c in cols if scores[c] == best or windows[c] >= pull * most]


def threat_scores(cur: int, mask: int, h: int, w: int, plies: int) -> list[int]:
    """The assignment's scores (BU CS111 ps9, Problem 4) of every column for
    the side owning ``cur`` over ``plies`` plies, a four on the last cell a win.
    :raises ValueError: a bad position or ``plies`` < 0."""
    return shared_searcher(True).search(cur, mask, h, w, plies, True)[0]


def forced_four_columns(cur: int, mask: int, h: int, w: int, allowed: int,
                        plies: int) -> tuple[int, bool]:
    """``(cells, True)``: the cells of ``allowed`` forcing a four soonest within
    ``plies``; else ``(cells, False)``: those losing latest or not at all."""
    geo = bb.geometry(h, w)
    cols = _columns(allowed, geo)
    scores = threat_scores(cur, mask, h, w, plies)
    if any(scores[c] == 100 for c in cols):
        for d in range(1, plies + 1, 2):
            sc = threat_scores(cur, mask, h, w, d)
            wins = [c for c in cols if sc[c] == 100]
            if wins:
                return allowed & sum(geo.col_mask[c] for c in wins), True
    for d in range(plies, 1, -1):
        sc = scores if d == plies else threat_scores(cur, mask, h, w, d)
        keep = [c for c in cols if sc[c] >= 50]
        if keep:
            return allowed & sum(geo.col_mask[c] for c in keep), False
    return allowed, False


def double_threat_columns(cur: int, mask: int, h: int, w: int, allowed: int,
                          under_fours: bool = True) -> int:
    """The cells of ``allowed`` after which the opponent cannot make two fours
    playable at once (``_XX__``), nor with ``under_fours`` one now; else ``allowed``."""
    ev = evaluator(h, w)
    geo, wincells = ev.geo, ev.wincells
    opp = cur ^ mask
    keep = 0
    for c in range(w):
        m = allowed & geo.col_mask[c]
        if not m:
            continue
        mask1 = mask | m
        free1 = geo.board ^ mask1
        poss1 = geo.possible(mask1)
        if under_fours and wincells(opp, free1) & poss1:
            continue
        safe = True
        rr = poss1
        while rr and safe:
            r = rr & -rr
            rr ^= r
            poss2 = geo.possible(mask1 | r)
            if wincells(cur | m, free1 ^ r) & poss2:
                continue                   # we make four first
            t = wincells(opp | r, free1 ^ r) & poss2
            safe = not t & (t - 1)
        if safe:
            keep |= m
    return keep or allowed


def book_columns(cur: int, mask: int, h: int, w: int, allowed: int, alternating: bool) -> int:
    """One checker before a 6x7 book position of a normal game: the cells of
    ``allowed`` with the best book result; else ``allowed``."""
    book = default_book()
    n = mask.bit_count()
    if ((h, w) != (6, 7) or not alternating or book is None
            or not (n + 1 <= book.small_ply or n + 1 == book.ply)):
        return allowed
    geo = bb.geometry(6, 7)
    ranked: dict[int, tuple[int, int]] = {}
    for c in range(7):
        m = allowed & geo.col_mask[c]
        if not m:
            continue
        first = cur | m if n % 2 == 0 else cur ^ mask       # the first player's cells
        d = book.probe(first, mask | m)       # for the opponent, to move there
        if d is None:
            return allowed
        ranked[m] = (2, d) if d < 0 else (1, 0) if d == 0 else (0, d)
    top = max(r[0] for r in ranked.values())
    return sum(m for m, r in ranked.items() if r[0] == top)      # one cell a column


def solved_columns(cur: int, mask: int, h: int, w: int, allowed: int, seconds: float,
                   alternating: bool) -> tuple[int, bool]:
    """``(cells of allowed keeping the best perfect-play result, it is a win)``,
    solved within ``seconds``, else ``(allowed, False)``."""
    geo = bb.geometry(h, w)
    end = time.perf_counter() + seconds
    results: dict[int, int] = {}
    with LOCK:
        solver = get_solver(h, w)
        opp = cur ^ mask
        for c in geo.order:
            m = allowed & geo.col_mask[c]
            if not m:
                continue
            left = end - time.perf_counter()
            if left <= 0:
                return allowed, False
            solver.set_budget(time_budget=left)
            try:
                results[m] = -solver.solve(opp, mask | m, alternating=alternating, weak=True)
            except BudgetExceeded:
                return allowed, False
    best = max(results.values())
    return sum(m for m, v in results.items() if v == best), best > 0


def level_player(level: str, checker: str, rng: random.Random | None = None, *,
                 expert_time_budget: float = EXPERT_MOVE_SECONDS) -> LevelPlayer | ExpertPlayer:
    """The player of ``level`` for ``checker``: a :class:`LevelPlayer` (``rng`` its
    random choices) or for ``'expert'`` an ExpertPlayer (``expert_time_budget``
    seconds a move). :raises ValueError: unknown level, bad checker or bad budget."""
    if get_level(level).perfect:
        return ExpertPlayer(checker, expert_time_budget)
    return LevelPlayer(level, checker, rng)
