"""The searches of the window's game: which job the worker runs, the results
kept per position, the hint, and *Move now*.

Searches run in :mod:`connect4_game.search.worker` on copies of the board; every
job is tagged with a :class:`JobKey` (the game, its moves, the side and the
settings it was asked for), so a result for an old position is dropped. At
most one job is in flight; asking for another cancels it.

This module never imports pygame.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, cast

from connect4_game.ai.levels import EXPERT_MOVE_SECONDS
from connect4_game.game import Game
from connect4_game.search.jobs import Job, JobKind, ResultStatus
from connect4_game.seat_config import PlayerConfig

# -- time budgets (seconds) -------------------------------------------------------------
PLUGIN_MOVE_SECONDS = 10.0          # a plug-in's move in the window, then the user takes over
SLOW_SEARCH_SECONDS = 1.0           # after this the window shows how long a search runs
EXPERT_ANALYSIS_SECONDS = 2.0       # an Expert analysis off the 6x7 board or past the book

__all__ = ['JobKey', 'SearchPlanner', 'Failure', 'CACHE_SIZE']

log = logging.getLogger(__name__)

CACHE_SIZE = 64
"""Search results kept (the oldest go first)."""


@dataclass(frozen=True)
class JobKey:
    """The tag of a search: the position it is for and what was asked.

    :param game_id: which game (a new game gets a new id).
    :param moves: the 0-based columns played.
    :param kind: the worker's job kind (``'ai'``, ``'expert'``, ``'plugin'``).
    :param side: ``'X'`` or ``'O'``, the side to move.
    :param lookahead: plies (0 for Expert).
    :param tiebreak: ``'LEFT'``, ``'RIGHT'`` or ``'RANDOM'``.
    :param spec: a named level, a plug-in's ``FILE.py:ClassName``, ``'move'``
        for Expert's own move, or ``''`` for the analysis.
    :param instance: the number of the seat that asks for its move (0: the
        analysis); a result is for that seat only.
    """

    game_id: int
    moves: tuple[int, ...]
    kind: str
    side: str
    lookahead: int
    tiebreak: str
    spec: str = ''
    instance: int = 0


@dataclass(frozen=True)
class Failure:
    """A search that failed: ``side`` and ``kind`` it was for and ``why``
    (one line)."""

    side: str
    kind: str
    why: str


class SearchPlanner:
    """The jobs of one window.

    :param worker: the worker (``submit(job)``, ``cancel()``, ``poll()``),
        or None (no searches: tests of the game flow).
    :param budgets: seconds: ``'expert_move'``, ``'expert_analysis'``, ``'plugin'``.

    Attributes: ``cache`` (JobKey -> payload), ``progress`` (JobKey -> the
    payload of its deepest finished lookahead), ``requested`` (the JobKey in
    flight or None), ``search_time`` (seconds the job in flight has run).
    """

    def __init__(self, worker: Any, budgets: dict[str, float] | None = None) -> None:
        self.worker = worker
        self.budgets = {'expert_move': EXPERT_MOVE_SECONDS,
                        'expert_analysis': EXPERT_ANALYSIS_SECONDS,
                        'plugin': PLUGIN_MOVE_SECONDS, **(budgets or {})}
        self.cache: dict[JobKey, dict[str, Any]] = {}
        self.progress: dict[JobKey, dict[str, Any]] = {}
        self.requested: JobKey | None = None
        self.search_time = 0.0
        self._timed_key: JobKey | None = None
        self.game_id = 0
        self.last_stats: tuple[int, float, Any] | None = None

    # ------------------------------------------------------------ jobs
    def move_job(self, game: Game, side: str, config: PlayerConfig, instance: int = 0) -> Job:
        """The job for the move of a computer ``side`` played as ``config``
        (``instance``: the seat's number, see :class:`~connect4_game.search.jobs.Job`)."""
        kind = JobKind(config.kind.value)
        spec = config.spec if kind == JobKind.PLUGIN else config.level
        lookahead, tiebreak = config.lookahead, config.tiebreak
        budget = self.budgets['expert_analysis']
        if kind == JobKind.EXPERT:     # Expert's own move: perfect on 6x7, bounded elsewhere
            lookahead, tiebreak, spec = 0, 'LEFT', 'move'
            budget = self.budgets['expert_move'] if (game.rows, game.cols) == (6, 7) \
                else max(budget, 3.0)
        return self._job(game, kind, side, lookahead, tiebreak, spec, budget, instance)

    def analysis_job(self, game: Game, expert: bool, lookahead: int, tiebreak: str) -> Job:
        """The hint's and the overlay's job for the side to move."""
        if expert:
            return self._job(game, JobKind.EXPERT, game.to_move, 0, 'LEFT', '',
                             self.budgets['expert_analysis'])
        return self._job(game, JobKind.AI, game.to_move, lookahead, tiebreak, '',
                         self.budgets['expert_analysis'])

    def _job(self, game: Game, kind: JobKind, side: str, lookahead: int, tiebreak: str,
             spec: str, budget: float, instance: int = 0) -> Job:
        key = JobKey(self.game_id, tuple(game.moves), kind.value, side, lookahead, tiebreak,
                     spec, instance)
        return Job(key, kind.value, game.rows_key(), side, lookahead, tiebreak,
                   plugin=spec if kind == JobKind.PLUGIN else '',
                   level=spec if kind == JobKind.AI else '',
                   own_move=kind == JobKind.EXPERT and spec == 'move',
                   time_budget=budget,
                   timeout=self.budgets['plugin'] if kind == JobKind.PLUGIN else None,
                   instance=instance)

    def sync(self, job: Job | None) -> None:
        """Run ``job`` (the one search the game wants now) unless its result
        is at hand; cancel the job in flight if it is no longer wanted."""
        if self.worker is None:
            return
        key = None if job is None else cast(JobKey, job.key)
        if key is None or key in self.cache:
            if self.requested is not None and self.requested != key:
                self.cancel()
            return
        if self.requested != key:
            self.requested = key
            self.worker.submit(job)

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

    def replace_worker(self, worker: Any) -> None:
        """A new worker took over; the job in flight will be asked again."""
        self.worker = worker
        self.requested = None

    # ------------------------------------------------------------ results
    def take_results(self, results: list[Any]) -> list[Failure]:
        """Keep the worker's results for the job in flight, drop stale ones.

        :returns: the failures of the job in flight (the game decides who
            takes over); a worker process that died and was replaced is
            logged and reported as a Failure with kind ``'died'``.
        """
        failures = []
        for res in results:
            if res.status == ResultStatus.DIED:
                log.warning('AI worker process stopped; restarted it.')
                failures.append(Failure(res.job.checker, 'died', ''))
                continue
            if res.key != self.requested:
                continue       # stale: for a position or setting no longer current
            if res.status == ResultStatus.PROGRESS:
                self.progress[res.key] = res.payload
                continue
            self.requested = None
            if res.status == ResultStatus.OK:
                self.cache[res.key] = res.payload
                while len(self.cache) > CACHE_SIZE:
                    self.cache.pop(next(iter(self.cache)))
                continue
            failures.append(Failure(res.job.checker, res.job.kind,
                                    res.message or str(res.status)))
        return failures

    def take_column(self, key: JobKey, payload: dict[str, Any], side: str) -> Any:
        """The column a result names, for the side's move (the caller checks
        it can be played); the result's statistics are kept in ``last_stats``."""
        self.last_stats = (payload.get('nodes') or 0, payload.get('time') or 0.0,
                           payload.get('depth'))
        return payload.get('column')

    def drop(self, key: JobKey) -> None:
        """Forget the result for ``key`` (it named a column that cannot be played)."""
        self.cache.pop(key, None)

    def payload_for(self, job: Job | None) -> dict[str, Any] | None:
        """The result at hand for ``job``, or None."""
        return None if job is None else self.cache.get(cast(JobKey, job.key))

    def running_progress(self, kind: str | None = None) -> dict[str, Any] | None:
        """The deepest result so far of the job in flight (of ``kind``, if given)."""
        key = self.requested
        if key is None or key not in self.progress or (kind and key.kind != kind):
            return None
        return self.progress[key]

    def pop_progress(self) -> tuple[JobKey, dict[str, Any]] | None:
        """*Move now*: the job in flight's deepest result, and the job cancelled."""
        key = self.requested
        if key is None or key not in self.progress:
            return None
        payload = self.progress.pop(key)
        self.cancel()
        return key, payload

    # ------------------------------------------------------------ time
    def tick(self, dt: float) -> None:
        """Count ``dt`` seconds for the job in flight (a new job starts at 0)."""
        if self.requested is not None and self.requested == self._timed_key:
            self.search_time += dt
        else:
            self._timed_key = self.requested
            self.search_time = 0.0

    def slow_search_seconds(self) -> int:
        """Whole seconds the job in flight has run once that is
        :data:`~connect4_game.play.planner.SLOW_SEARCH_SECONDS` or more, else 0."""
        if self.requested is None or self.requested != self._timed_key \
                or self.search_time < SLOW_SEARCH_SECONDS:
            return 0
        return int(self.search_time)
