"""The searches of the window's game: the one request in flight in the search pool (asking
for another cancels it), the replies kept per request, and *Move now*."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from connect4_game.ai.expert import EXPERT_MOVE_SECONDS
from connect4_game.core.game import Game
from connect4_game.search.jobs import JobKind, Result, ResultStatus, SearchPool, SearchRequest
from connect4_game.search.replies import MoveReply
from connect4_game.seat_config import PlayerSpec, SeatKind

PLUGIN_MOVE_SECONDS = 10.0          # a plug-in's move in the window, then the user takes over
SLOW_SEARCH_SECONDS = 1.0           # after this the window shows how long a search runs
EXPERT_ANALYSIS_SECONDS = 2.0       # an Expert analysis off the 6x7 board or past the book

CACHE_SIZE = 64                     # search results kept (the oldest go first)

__all__ = ['SearchPlanner', 'Analysis', 'CACHE_SIZE']

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Analysis:
    """What the analysis overlay shows: a ``reply`` (the assignment's scores, BU CS111
    ps9 Problem 4, or perfect play's columns), not final while ``running``."""
    reply: MoveReply
    running: bool = False


class SearchPlanner:
    """The searches of one window in ``worker`` (None: no searches), with ``budgets`` in
    seconds (``'expert_move'``, ``'expert_analysis'``, ``'plugin'``). ``cache`` and
    ``progress`` (the deepest reply so far) map a request to its :class:`MoveReply`;
    ``requested`` is the one in flight, ``search_time`` its seconds."""

    def __init__(self, worker: SearchPool | None,
                 budgets: dict[str, float] | None = None) -> None:
        self.worker = worker
        self.budgets = {'expert_move': EXPERT_MOVE_SECONDS,
                        'expert_analysis': EXPERT_ANALYSIS_SECONDS,
                        'plugin': PLUGIN_MOVE_SECONDS, **(budgets or {})}
        self.cache: dict[SearchRequest, MoveReply] = {}
        self.progress: dict[SearchRequest, MoveReply] = {}
        self.requested: SearchRequest | None = None
        self.search_time = 0.0
        self._timed_key: SearchRequest | None = None
        self.game_id = 0

    def move_job(self, game: Game, side: str, config: PlayerSpec,
                 instance: int = 0) -> SearchRequest:
        """The request for computer ``side``'s move as ``config`` (``instance``: its seat);
        Expert's own move is perfect on 6x7, bounded elsewhere."""
        if config.perfect:
            budget = self.budgets['expert_move'] if (game.rows, game.cols) == (6, 7) \
                else max(self.budgets['expert_analysis'], 3.0)
            return self._job(game, JobKind.EXPERT, side, own_move=True, time_budget=budget,
                             instance=instance)
        if config.kind is SeatKind.PLUGIN:
            return self._job(game, JobKind.PLUGIN, side, config.lookahead, config.tiebreak,
                             plugin=config.plugin, timeout=self.budgets['plugin'],
                             instance=instance)
        return self._job(game, JobKind.AI, side, config.lookahead, config.tiebreak,
                         level=config.level, instance=instance)

    def analysis_job(self, game: Game, expert: bool, lookahead: int,
                     tiebreak: str) -> SearchRequest:
        """The hint's and the overlay's request for the side to move."""
        if expert:
            return self._job(game, JobKind.EXPERT, game.to_move)
        return self._job(game, JobKind.AI, game.to_move, lookahead, tiebreak)

    def _job(self, game: Game, kind: JobKind, side: str, lookahead: int = 0,
             tiebreak: str = 'LEFT', **fields: Any) -> SearchRequest:
        fields.setdefault('time_budget', self.budgets['expert_analysis'])
        return SearchRequest(kind, game.rows_key(), str(side), lookahead, tiebreak,
                             moves=tuple(game.moves), tag=self.game_id, **fields)

    def sync(self, request: SearchRequest | None) -> None:
        """Run ``request`` (the search the game wants now) unless its reply is at hand,
        cancelling one no longer wanted; one the pool no longer holds is asked again."""
        if self.worker is None:
            return
        if request is None or request in self.cache:
            if self.requested is not None and self.requested != request:
                self.cancel()
            return
        if self.requested != request or self.worker.in_flight() != request:
            self.requested = request
            self.worker.submit(request)

    def cancel(self) -> None:
        """Cancel the job in flight, if any."""
        if self.requested is not None:
            if self.worker is not None:
                self.worker.cancel()
            self.requested = None

    def forget(self) -> None:
        """A new game: drop every result and the job in flight."""
        self.game_id += 1
        self.cache.clear()
        self.progress.clear()
        self.cancel()

    def replace_worker(self, worker: SearchPool) -> None:
        """A new worker took over; the job in flight will be asked again."""
        self.worker = worker
        self.requested = None

    def take_results(self, results: list[Result]) -> list[Result]:
        """Keep the pool's replies for the request in flight, drop stale ones.
        :returns: its failures (``'error'``, ``'timeout'``), and any ``'died'``."""
        failures = []
        for res in results:
            reply = res.reply if isinstance(res.reply, MoveReply) else None
            if res.status == ResultStatus.DIED:
                log.warning('AI worker process stopped; restarted it.')
                failures.append(res)
            elif res.request == self.requested and res.status == ResultStatus.PROGRESS:
                if reply is not None:
                    self.progress[res.request] = reply
            elif res.request == self.requested:
                self.requested = None
                if res.status == ResultStatus.OK and reply is not None:
                    self.cache[res.request] = reply
                    while len(self.cache) > CACHE_SIZE:
                        self.cache.pop(next(iter(self.cache)))
                else:
                    failures.append(res)
        return failures

    def drop(self, request: SearchRequest | None) -> None:
        """Forget the reply for ``request`` (it named a column that cannot be played)."""
        if request is not None:
            self.cache.pop(request, None)

    def reply_for(self, request: SearchRequest | None) -> MoveReply | None:
        """The reply at hand for ``request``, or None."""
        return None if request is None else self.cache.get(request)

    def running_progress(self, kind: JobKind | None = None) -> MoveReply | None:
        """The deepest reply so far of the request in flight (of ``kind``, if given)."""
        request = self.requested
        if request is None or request not in self.progress \
                or (kind and request.kind != kind):
            return None
        return self.progress[request]

    def pop_progress(self) -> MoveReply | None:
        """*Move now*: the deepest reply of the request in flight, which is cancelled."""
        request = self.requested
        if request is None or request not in self.progress:
            return None
        self.cancel()
        return self.progress.pop(request)

    def tick(self, dt: float) -> None:
        """Count ``dt`` seconds for the job in flight (a new job starts at 0)."""
        if self.requested is not None and self.requested == self._timed_key:
            self.search_time += dt
        else:
            self._timed_key = self.requested
            self.search_time = 0.0

    def slow_search_seconds(self) -> int:
        """Whole seconds the job in flight has run, once that is :data:`SLOW_SEARCH_SECONDS`."""
        if self.requested is None or self.requested != self._timed_key \
                or self.search_time < SLOW_SEARCH_SECONDS:
            return 0
        return int(self.search_time)
