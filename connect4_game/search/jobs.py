"""What the search pool runs: a :class:`SearchRequest`, its :class:`Result`, the pool as its
callers see it (:class:`SearchPool`), and :data:`JOBS`, each :class:`JobKind`'s handler (run in
a worker process) and reply type."""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol

from connect4_game.core.game import Game
from connect4_game.core.messages import clip
from connect4_game.search.replies import (
    MoveReply,
    OskaReply,
    PingReply,
    PuzzleReply,
    Reply,
    ReviewReply,
)
from connect4_game.trainer.model import Puzzle
from connect4_game.trainer.play import TryResult, check_try, defence, solution

if TYPE_CHECKING:
    from connect4_game.ai.expert import ExpertPlayer
    from connect4_game.ai.review import PlyReview
    from connect4_game.ai.score import ColumnScore
    from connect4_game.core.board import Board
    from connect4_game.plugins.loader import SafePlayer

__all__ = ['SearchRequest', 'JobKind', 'Result', 'ResultStatus', 'SearchPool', 'compute', 'JOBS']

DEEPEN_FROM = 8         # plies: a deeper 'ai' request reports shallower results first


class JobKind(str, Enum):
    """What a :class:`SearchRequest` asks for, and its reply
    (:mod:`connect4_game.search.replies`); a ``str`` too (``JobKind.AI == 'ai'``)."""
    AI = 'ai'            # AIPlayer (BU CS111 ps9, Problem 4) or a named level: MoveReply
    EXPERT = 'expert'    # perfect play, Expert's move or every column: MoveReply
    PLUGIN = 'plugin'    # a user's FILE.py:ClassName player: MoveReply
    REVIEW = 'review'    # every move judged by perfect play: ReviewReply
    OSKA = 'oska'        # a move of the Oska variant: OskaReply
    PUZZLE = 'puzzle'    # a puzzle's try judged, or its solution: PuzzleReply
    PING = 'ping'        # start-up: imports the search: PingReply


class ResultStatus(str, Enum):
    """How a request ended (see :class:`Result`)."""
    OK = 'ok'
    ERROR = 'error'
    DIED = 'died'
    TIMEOUT = 'timeout'
    PROGRESS = 'progress'

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class SearchRequest:
    """One request for the search pool; two equal requests ask the same thing: ``kind``;
    ``rows``, the board's slots, one string a row (Oska's board for ``'oska'``); ``checker``
    to move; for ``'ai'`` the ``lookahead`` (plies; also Oska), ``tiebreak`` and ``level``
    (``''``: the assignment's ``AIPlayer``); ``plugin`` (``FILE.py:ClassName``) and the asking
    seat's ``instance``; ``own_move`` (Expert's move, not every column); ``time_budget``
    (seconds; perfect play on 6x7 runs to the proof, Expert's first look aside) and
    ``timeout`` (seconds; None: never); the 0-based ``moves`` to ``rows``; ``tag``, the game
    or screen asking; the ``puzzle`` and the ``column`` tried (-1: its solution)."""
    kind: JobKind
    rows: tuple[str, ...]
    checker: str
    lookahead: int = 0
    tiebreak: str = 'LEFT'
    plugin: str = ''
    level: str = ''
    own_move: bool = False
    time_budget: float = 1.0
    timeout: float | None = None
    moves: tuple[int, ...] = ()
    instance: int = 0
    tag: int = 0
    puzzle: Puzzle | None = None
    column: int = -1


@dataclass(frozen=True)
class Result:
    """What the pool reports: ``status`` ``'ok'`` (``reply`` is the kind's), ``'error'``
    (``message``: one line), ``'died'`` (the request runs again), ``'timeout'`` or
    ``'progress'`` (``reply`` is a step on the way)."""
    request: SearchRequest
    status: ResultStatus
    reply: Reply | None = None
    message: str = ''


class SearchPool(Protocol):
    """The search pool as its callers see it (the window's is
    :class:`~connect4_game.search.worker.SearchWorker`): one request in flight at a
    time; asking for another takes its place (the one running is stopped)."""

    def submit(self, request: SearchRequest) -> None:
        """Ask for ``request`` in place of the request in flight, if any."""

    def cancel(self) -> None:
        """Drop the request in flight."""

    def poll(self) -> list[Result]:
        """The results reported since the last call (never blocks)."""

    def in_flight(self) -> SearchRequest | None:
        """The request queued or running, else the one whose last result
        waits for :meth:`poll`, or None."""


Progress = Callable[[Reply], None]                            # gets each step on the way
Handler = Callable[[SearchRequest, Progress | None], Reply]    # runs one request

_PLUGINS: dict[tuple[str, str, str, int, int], SafePlayer] = {}
_EXPERTS: dict[str, ExpertPlayer] = {}


def _board_from_rows(rows: tuple[str, ...]) -> Board:
    from connect4_game.core.board import Board
    b = Board(len(rows), len(rows[0]))
    b.slots = [list(r) for r in rows]
    return b


def _run_review(req: SearchRequest, progress: Progress | None) -> ReviewReply:
    """Proven where perfect play always is, else within ``req.time_budget`` seconds."""
    from connect4_game.ai import review
    records: list[PlyReview] = []

    def on_ply(rec: PlyReview) -> None:
        records.append(rec)
        if progress is not None:
            progress(ReviewReply((rec,)))
    rows, cols = len(req.rows), len(req.rows[0])
    review.review_game(rows, cols, list(req.moves), time_budget=req.time_budget, on_ply=on_ply)
    return ReviewReply(tuple(records))


def _run_oska(req: SearchRequest, progress: Progress | None) -> OskaReply:
    from connect4_game.oska import engine as oska
    start = time.perf_counter()
    res = oska.search(list(req.rows), req.checker, req.lookahead)
    move = None if res.move is None else (res.move.frm, res.move.to, res.move.captured)
    return OskaReply(move, res.nodes, res.max_ply, time.perf_counter() - start)


def _run_ai(req: SearchRequest, progress: Progress | None) -> MoveReply:
    """``'ai'``: the assignment's ``AIPlayer`` (BU CS111 ps9, Problem 4), reporting the
    moves of lookaheads 4, 8, ... first (so *Move now* has one) past :data:`DEEPEN_FROM`,
    or the level ``req.level``. :raises ValueError: for a level that is not a lookahead search."""
    if req.level:
        return _run_level(req)
    from connect4_game.players import AIPlayer
    board = _board_from_rows(req.rows)
    start = time.perf_counter()
    shallower = range(4, req.lookahead, 4) if progress and req.lookahead > DEEPEN_FROM else ()
    for depth in [*shallower, req.lookahead]:
        player = AIPlayer(req.checker, req.tiebreak, depth)
        scores = player.scores_for(board)
        reply = MoveReply(player.max_score_column(scores) if max(scores) >= 0 else None,
                          tuple(scores), depth=player.lookahead, nodes=player.last_nodes or 0,
                          seconds=time.perf_counter() - start)
        if progress is not None and depth < req.lookahead and reply.column is not None:
            progress(reply)
    return reply


def _run_level(req: SearchRequest) -> MoveReply:
    """:raises ValueError: for an unknown level, or Expert."""
    from connect4_game.ai.levels import LevelPlayer, get_level
    if get_level(req.level).perfect:
        raise ValueError(f'level {clip(req.level)} is not a lookahead search; '
                         f'ask for an {JobKind.EXPERT.value!r} request')
    board = _board_from_rows(req.rows)
    player = LevelPlayer(req.level, req.checker)
    start = time.perf_counter()
    if not board.legal_columns():
        return MoveReply(None, (None,) * board.width, depth=0,
                         seconds=time.perf_counter() - start)
    d = player.decide(board)
    return MoveReply(d.column, tuple(d.scores), depth=d.depth, nodes=d.nodes,
                     seconds=time.perf_counter() - start)


def _run_expert(req: SearchRequest, progress: Progress | None) -> MoveReply:
    """Expert's own move (``req.own_move``; its first guess reported when the proof takes
    longer), else every column, each reported as it is proven."""
    board = _board_from_rows(req.rows)
    start = time.perf_counter()
    if not req.own_move:
        return _expert_columns(req, board, progress, start)
    from connect4_game.ai import expert
    player = _EXPERTS.get(req.checker)
    if player is None or player.time_budget != req.time_budget:
        player = _EXPERTS[req.checker] = expert.ExpertPlayer(req.checker, req.time_budget)

    def guess(col: int, columns: list[ColumnScore]) -> None:   # what *Move now* plays
        if progress is not None:
            progress(MoveReply(col, tuple(r.pons for r in columns), tuple(columns),
                               seconds=time.perf_counter() - start))
    column = player.next_move(board, on_guess=guess)
    results = player.last_analysis or []
    return MoveReply(column, tuple(r.pons for r in results), tuple(results),
                     seconds=time.perf_counter() - start)


def _expert_columns(req: SearchRequest, board: Board, progress: Progress | None,
                    start: float) -> MoveReply:
    """Every column of ``board`` solved, within ``req.time_budget`` seconds where
    perfect play is not :func:`~connect4_game.ai.perfect.always_proven`."""
    from connect4_game.ai import perfect
    columns: list[ColumnScore | None] = [None] * board.width
    scores: list[int | None] = [None] * board.width

    def on_column(c: ColumnScore) -> None:
        columns[c.column], scores[c.column] = c, c.pons
        if progress is not None:
            progress(MoveReply(None, tuple(scores), tuple(columns)))
    budget = None if perfect.always_proven(board.height, board.width) else req.time_budget
    res = perfect.solve_position(board, time_budget=budget, on_column=on_column)
    return MoveReply(None if res.over else res.choice(),
                     tuple(c.pons for c in res.columns), res.columns,
                     seconds=time.perf_counter() - start, backend=res.backend)


def _run_plugin(req: SearchRequest, progress: Progress | None) -> MoveReply:
    """Loaded once per seat and settings. :raises ValueError: it cannot be loaded;
    RuntimeError: its move failed (one line)."""
    from connect4_game.plugins import loader
    from connect4_game.plugins.lifetime import guard_descendants
    guard_descendants()   # whatever the plug-in starts ends with this process
    board = _board_from_rows(req.rows)
    key = (req.plugin, req.checker, req.tiebreak, req.lookahead, req.instance)
    start = time.perf_counter()
    # a KeyboardInterrupt here is raised by the plug-in itself (SIGINT is ignored)
    safe = _PLUGINS.get(key)
    if safe is None:   # a seat that closed never asks again: forget its plug-in, load this one
        for old in [k for k in _PLUGINS if k[:2] == key[:2]]:
            del _PLUGINS[old]
        try:          # load problems raise ValueError with one clear line
            safe = loader.SafePlayer(loader.load_player(req.plugin, req.checker,
                                                        req.tiebreak, req.lookahead),
                                     label=loader.spec_label(req.plugin))
        except KeyboardInterrupt as exc:
            raise RuntimeError(f'loading plug-in {loader.spec_label(req.plugin)} raised '
                               f'{loader.describe_exception(exc)}') from None
        _PLUGINS[key] = safe
    try:
        status, value = safe.choose(board)
    except KeyboardInterrupt as exc:
        raise RuntimeError(f'{req.plugin}.next_move raised '
                           f'{loader.describe_exception(exc)}') from None
    if status != 'ok':
        raise RuntimeError(value)
    return MoveReply(int(value), seconds=time.perf_counter() - start)


def _run_puzzle(req: SearchRequest, progress: Progress | None) -> PuzzleReply:
    """``req.column`` tried at ``req.moves`` and the defence when it keeps the win, or for
    column -1 the solution. :raises ValueError: no puzzle, or moves not from its position."""
    if req.puzzle is None:
        raise ValueError('a puzzle request names no puzzle')
    if req.column < 0:
        return PuzzleReply(line=solution(req.puzzle))
    game = Game(6, 7, req.moves)
    result = check_try(req.puzzle, game, req.column)
    reply = None
    if result is TryResult.WINS:
        game.push(req.column)
        reply = defence(game)
    return PuzzleReply(result, reply)


def _run_ping(req: SearchRequest, progress: Progress | None) -> PingReply:
    importlib.import_module('connect4_game.ai.search')
    return PingReply()


JOBS: Mapping[JobKind, tuple[Handler, type[Reply]]] = MappingProxyType({
    JobKind.AI: (_run_ai, MoveReply),
    JobKind.EXPERT: (_run_expert, MoveReply),
    JobKind.PLUGIN: (_run_plugin, MoveReply),
    JobKind.REVIEW: (_run_review, ReviewReply),
    JobKind.OSKA: (_run_oska, OskaReply),
    JobKind.PUZZLE: (_run_puzzle, PuzzleReply),
    JobKind.PING: (_run_ping, PingReply),
})


def compute(request: SearchRequest, progress: Progress | None = None) -> Reply:
    """Run ``request`` here; ``progress`` gets each step. :raises: what the engine raises."""
    return JOBS[request.kind][0](request, progress)
