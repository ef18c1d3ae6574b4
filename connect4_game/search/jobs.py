"""What the AI worker (:mod:`connect4_game.search.worker`) runs: a :class:`Job`,
its :class:`Result`, and the table of functions that compute each kind of job.

* What a job does depends on its :class:`JobKind`: :data:`PRODUCTION_HANDLERS`
  maps each kind to the function that runs it in a worker process
  (:func:`compute`). Tests add kinds of their own with
  :func:`register_handler`; a job of a kind nobody registered raises
  ``ValueError`` in :func:`compute` (an ``'error'`` result in the worker).
* A handler added with :func:`register_handler` is found again in a worker
  process (started with ``spawn``) by its module and name: the parent sends
  that pair along with the job (:func:`_handler_ref`) and the process imports
  it (:func:`_adopt_handler`).
* Jobs and results are plain data: a job holds the board as strings, a
  result a JSON-serialisable payload dict.

This module never imports pygame (the worker processes stay light); the
engine, the plug-ins and the Oska engine are imported by the handlers that
use them, in the worker process.
"""

from __future__ import annotations

import importlib
import os
import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from connect4_game.messages import clip

if TYPE_CHECKING:
    from connect4_game.board import Board

__all__ = ['Job', 'JobKind', 'Result', 'ResultStatus', 'compute', 'register_handler',
           'progress_depths', 'PRODUCTION_HANDLERS', 'DEEPEN_FROM', 'MAX_MESSAGE',
           'Handler', 'Progress']

MAX_MESSAGE = 300
"""Characters of an error text (e.g. a plug-in's exception) a Result repeats."""
DEEPEN_FROM = 8
"""Plies: an ``'ai'`` job deeper than this reports shallower results first."""


class JobKind(str, Enum):
    """What a :class:`Job` asks for. A ``str`` too: ``JobKind.AI == 'ai'``,
    ``str(JobKind.AI) == 'ai'``, so callers may keep using plain strings."""

    AI = 'ai'
    """The assignment's ``AIPlayer.scores_for`` + tiebreak (BU CS111 ps9,
    Problem 4), or a named level's player when ``spec`` names one."""
    EXPERT = 'expert'
    """Perfect play: Expert's own move (``spec='move'``) or every column's label."""
    PLUGIN = 'plugin'
    """A user's ``FILE.py:ClassName`` player (see :mod:`connect4_game.plugins`)."""
    REVIEW = 'review'
    """Every move of a game judged by perfect play, reported move by move."""
    OSKA = 'oska'
    """A move of the Oska variant (:mod:`connect4_game.oska.engine`)."""
    PING = 'ping'
    """Start-up check: imports the search, answers ``{}``."""

    def __str__(self) -> str:
        return str(self.value)


class ResultStatus(str, Enum):
    """How a job ended (see :class:`Result`); a ``str`` too (``== 'ok'`` works)."""

    OK = 'ok'
    ERROR = 'error'
    DIED = 'died'
    TIMEOUT = 'timeout'
    PROGRESS = 'progress'

    def __str__(self) -> str:
        return str(self.value)


_KIND_VALUES = {k.value: k for k in JobKind}


@dataclass(frozen=True)
class Job:
    """One request for the worker process.

    :param key: hashable tag chosen by the caller (e.g. game id, moves,
        settings); copied into the :class:`Result`.
    :param kind: a :class:`JobKind` or its string (``'ai'``, ``'expert'``,
        ``'plugin'``, ``'review'``, ``'oska'``, ``'ping'``), stored as the
        :class:`JobKind`; any other string is kept as it is and names a kind
        added with :func:`register_handler` (tests).
    :param rows: the board's ``slots``, top row first, as strings of
        ``' '``/``'X'``/``'O'``.
    :param checker: the side to move, ``'X'`` or ``'O'``.
    :param lookahead: plies, for ``'ai'`` and ``'oska'``.
    :param tiebreak: ``'LEFT'``, ``'RIGHT'`` or ``'RANDOM'``, for ``'ai'``.
    :param plugin: for ``'plugin'``: the player's ``FILE.py:ClassName``.
    :param time_budget: seconds, for ``'expert'`` and ``'review'``.
    :param timeout: seconds after which the job is abandoned (the process
        is replaced) and a ``'timeout'`` result is reported; None = never.
    :param moves: for ``'review'``: the 0-based columns of the game (``rows``
        is then the empty board, giving its size).
    :param instance: for ``'plugin'``: which seat asks (a new seat of the
        window gets a new number); each seat gets a plug-in object of its
        own, loaded afresh, as the console game makes a new player per game.
    :param level: for ``'ai'``: a named level of
        :mod:`connect4_game.ai.levels`, or ``''`` for the assignment's
        ``AIPlayer`` with exactly ``lookahead`` and ``tiebreak``.
    :param own_move: for ``'expert'``: Expert's own move (the best column
        proven first) rather than every column (the hint and the analysis).
    :raises ValueError: if ``kind`` is not a string.
    """

    key: object
    kind: str
    rows: tuple
    checker: str
    lookahead: int = 0
    tiebreak: str = 'LEFT'
    plugin: str = ''
    time_budget: float = 1.0
    timeout: float | None = None
    moves: tuple = ()
    instance: int = 0
    level: str = ''
    own_move: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str):
            raise ValueError(f'a job kind is a string, not {clip(type(self.kind).__name__)}')
        plain = str.__str__(self.kind)   # the text of any str subclass (another str enum too)
        object.__setattr__(self, 'kind', _KIND_VALUES.get(plain, plain))


@dataclass
class Result:
    """What the worker reports for a :class:`Job`.

    ``status`` (a :class:`ResultStatus`; its string is accepted and converted)
    is ``'ok'`` (``payload`` is the handler's dict, for ``'ai'``/``'expert'``/
    ``'plugin'`` with ``column``, ``scores``, ``nodes``, ``time`` in seconds
    and optionally ``labels``), ``'error'`` (``message``, one line of at most
    :data:`MAX_MESSAGE` characters, says what the job raised -- or, for a
    ``'plugin'`` job, how the plug-in's process ended, e.g. ``'the plug-in
    bot.py:Bot ended its process (exit status 3)'``, and for a search that
    killed :data:`~connect4_game.search.worker.MAX_DEATHS` processes in a row,
    that the worker gave up on it), ``'died'`` (the process died during a
    search; the job is being run again by another process) or ``'timeout'``
    (nothing came back within the job's ``timeout`` seconds); or
    ``'progress'`` (not the end: ``payload`` is the result of a shallower
    lookahead, with its ``depth``, while the job goes on).

    :raises ValueError: for a status that is not one of :class:`ResultStatus`.
    """

    job: Job
    status: str
    payload: dict = field(default_factory=dict)
    message: str = ''

    def __post_init__(self) -> None:
        try:
            self.status = ResultStatus(self.status)
        except ValueError:
            raise ValueError(f'a result status is one of '
                             f'{", ".join(s.value for s in ResultStatus)}, '
                             f'not {clip(self.status)}') from None

    @property
    def key(self) -> object:
        """The key of the job this result answers."""
        return self.job.key


def _error_text(exc: BaseException) -> str:
    """One line (at most :data:`MAX_MESSAGE` characters) for what a job raised:
    the text of a RuntimeError/ValueError (already one clear line), else the
    exception's type and text."""
    if isinstance(exc, (RuntimeError, ValueError)) and str(exc):
        return clip(exc, MAX_MESSAGE)
    return clip(traceback.format_exception_only(type(exc), exc)[-1].strip(), MAX_MESSAGE)


def _final_result(job: Job, status: str, value: dict | str) -> Result:
    """The :class:`Result` of a job's last reply ``(status, value)`` from a
    worker process (see ``connect4_game.search.worker._read_reply``): ``'ok'``
    with its payload, else ``'error'`` with one line (for a ``'bad'`` reply,
    naming who sent it)."""
    if status == 'ok' and isinstance(value, dict):
        return Result(job, ResultStatus.OK, value)
    if status == 'bad':
        return Result(job, ResultStatus.ERROR, message=f'{_job_name(job)} failed: {value}')
    return Result(job, ResultStatus.ERROR, message=str(value))


def _job_name(job: Job) -> str:
    """``'the plug-in bot.py:Bot'`` or ``'the AI worker'``: who a message blames."""
    if job.kind == JobKind.PLUGIN:
        return f'the plug-in {clip(os.path.basename(job.plugin), 80)}'
    return 'the AI worker'


# --------------------------------------------------------------------------
# one handler per job kind

Progress = Callable[[dict], None]
"""Called by a handler with each intermediate payload (sent as ``'progress'``)."""
Handler = Callable[[Job, Progress | None], dict]
"""``handler(job, progress) -> payload``: runs one job in a worker process."""

_PLUGINS: dict = {}
_EXPERTS: dict = {}


def _board_from_rows(rows: tuple) -> Board:
    from connect4_game.board import Board
    b = Board(len(rows), len(rows[0]))
    b.slots = [list(r) for r in rows]
    return b


def progress_depths(lookahead: int) -> list[int]:
    """The shallower lookaheads an ``'ai'`` job reports on its way to
    ``lookahead`` (so *Move now* has a move to play): 4, 8, 12, ... below it,
    none for a lookahead of :data:`DEEPEN_FROM` or less. Each costs about a
    seventh of the next ply's search per ply less, so together they add a
    few per cent to the deep search."""
    if lookahead <= DEEPEN_FROM:
        return []
    return list(range(4, lookahead, 4))


def _run_review(job: Job, progress: Progress | None) -> dict:
    """``'review'``: every move of ``job.moves`` judged by perfect play.

    :returns: ``{'records': [PlyReview.to_dict(), ...]}``, one per move; each
        record is also reported through ``progress`` as ``{'record': ...}``.
    """
    from connect4_game.ai import review
    records: list[dict] = []

    def on_ply(rec: review.PlyReview) -> None:
        records.append(rec.to_dict())
        if progress is not None:
            progress({'record': records[-1]})
    review.review_game(len(job.rows), len(job.rows[0]), list(job.moves),
                       time_budget=job.time_budget, on_ply=on_ply)
    return {'records': records}


def _run_oska(job: Job, progress: Progress | None) -> dict:
    """``'oska'``: the Oska engine's move for ``job.checker`` at ``job.lookahead``.

    :returns: ``{'move': [frm, to, captured or None] or None, 'nodes', 'max_ply',
        'time'}`` (``time`` in seconds).
    """
    from connect4_game.oska import engine as oska
    start = time.perf_counter()
    res = oska.search(list(job.rows), job.checker, job.lookahead)
    move = None if res.move is None else [list(res.move.frm), list(res.move.to),
                                          list(res.move.captured) if res.move.captured
                                          else None]
    return {'move': move, 'nodes': res.stats.nodes, 'max_ply': res.stats.max_ply,
            'time': time.perf_counter() - start}


def _run_ai(job: Job, progress: Progress | None) -> dict:
    """``'ai'``: exactly the assignment's ``AIPlayer`` (BU CS111 ps9, Problem 4)
    with ``job.tiebreak`` and ``job.lookahead``, or the named level ``job.level``
    (:mod:`connect4_game.ai.levels`).

    :returns: ``{'column': int or None (no move), 'scores': [int per column],
        'depth', 'nodes', 'time'}``; a deep assignment search first reports
        shallower ones through ``progress`` (see :func:`progress_depths`).
    :raises ValueError: for a level that is not a lookahead search.
    """
    if job.level:
        return _run_level(job)
    from connect4_game.players import AIPlayer
    board = _board_from_rows(job.rows)
    player = AIPlayer(job.checker, job.tiebreak, job.lookahead)
    start = time.perf_counter()
    if progress is not None:
        for depth in progress_depths(job.lookahead):
            shallow = AIPlayer(job.checker, job.tiebreak, depth)
            scores = shallow.scores_for(board)
            if max(scores) >= 0:
                progress({'column': shallow.max_score_column(scores), 'scores': scores,
                          'depth': depth, 'nodes': shallow.last_nodes or 0,
                          'time': time.perf_counter() - start})
    scores = player.scores_for(board)
    column = player.max_score_column(scores) if max(scores) >= 0 else None
    return {'column': column, 'scores': list(scores), 'depth': player.lookahead,
            'nodes': player.last_nodes or 0, 'time': time.perf_counter() - start}


def _run_level(job: Job) -> dict:
    """An ``'ai'`` job for the level named ``job.level`` (Easy, Medium or
    Hard: :class:`connect4_game.ai.levels.LevelPlayer`).

    :returns: ``{'column': int or None (no move), 'scores': [the search's
        points per column, None for a full or dropped column], 'depth'
        (plies searched), 'nodes', 'time'}`` (``time`` in seconds).
    :raises ValueError: for an unknown level or one that is not a search
        (Expert: ask for an ``'expert'`` job).
    """
    from connect4_game.ai.levels import LevelPlayer, make_level_player
    board = _board_from_rows(job.rows)
    player = make_level_player(job.level, job.checker)
    if not isinstance(player, LevelPlayer):
        raise ValueError(f'level {clip(job.level)} is not a lookahead search; '
                         f'ask for an {JobKind.EXPERT.value!r} job')
    start = time.perf_counter()
    if not board.legal_columns():
        return {'column': None, 'scores': [None] * board.width, 'depth': 0, 'nodes': 0,
                'time': time.perf_counter() - start}
    d = player.decide(board)
    return {'column': d.column, 'scores': list(d.scores), 'depth': d.depth,
            'nodes': d.nodes, 'time': time.perf_counter() - start}


def _run_expert(job: Job, progress: Progress | None) -> dict:
    """``'expert'``: perfect play. With ``job.own_move`` Expert's own
    move (best column proven first); else every column, each reported through
    ``progress`` as it is proven (hint, overlay).

    :returns: ``{'column', 'labels': [str per column], 'scores': [int or None
        per column], 'nodes': 0, 'time'}`` (and ``'backend'`` for every column).
    """
    board = _board_from_rows(job.rows)
    start = time.perf_counter()
    if not job.own_move:
        return _expert_columns(job, board, progress, start)
    from connect4_game.ai import expert
    player = _EXPERTS.get(job.checker)
    if player is None or player.time_budget != job.time_budget:
        player = _EXPERTS[job.checker] = expert.ExpertPlayer(job.checker, job.time_budget)
    column = player.next_move(board)
    results = player.last_analysis or []
    return {'column': column, 'labels': [getattr(r, 'label', '') for r in results],
            'scores': [getattr(r, 'score', None) for r in results],
            'nodes': 0, 'time': time.perf_counter() - start}


def _expert_columns(job: Job, board: Board, progress: Progress | None,
                    start: float) -> dict:
    """Every column of ``board`` solved within ``job.time_budget`` seconds."""
    from connect4_game.ai import perfect
    labels: list[str] = [''] * board.width
    scores: list[int | None] = [None] * board.width

    def on_column(c: perfect.ColumnScore) -> None:
        labels[c.column], scores[c.column] = c.label, c.score
        if progress is not None:
            progress({'labels': list(labels), 'scores': list(scores)})
    res = perfect.solve_position(board, time_budget=job.time_budget, on_column=on_column)
    return {'column': None if res.over else res.choice(),
            'labels': [c.label for c in res.columns], 'scores': res.scores,
            'nodes': 0, 'time': time.perf_counter() - start, 'backend': res.backend}


def _run_plugin(job: Job, progress: Progress | None) -> dict:
    """``'plugin'``: the move of the user's ``FILE.py:ClassName`` player
    ``job.plugin`` (loaded once per process and settings).

    :returns: ``{'column': int, 'scores': None, 'nodes': 0, 'time'}``.
    :raises ValueError: one line, if the plug-in cannot be loaded.
    :raises RuntimeError: one line, for a fault of its move (an exception,
        not a playable column) -- never the plug-in's own exception.
    """
    from connect4_game import plugins
    from connect4_game.lifetime import guard_descendants
    guard_descendants()   # whatever the plug-in starts ends with this process
    board = _board_from_rows(job.rows)
    key = (job.plugin, job.checker, job.tiebreak, job.lookahead, job.instance)
    safe = _PLUGINS.get(key)
    if safe is None:          # a seat that closed never asks again: forget its plug-in
        for old in [k for k in _PLUGINS if k[:2] == key[:2]]:
            del _PLUGINS[old]
    start = time.perf_counter()
    # a KeyboardInterrupt here is raised by the plug-in itself (SIGINT is ignored)
    if safe is None:  # load problems raise ValueError with one clear line
        try:
            safe = plugins.SafePlayer(plugins.load_player(job.plugin, job.checker,
                                                          job.tiebreak, job.lookahead),
                                      label=plugins.spec_label(job.plugin))
        except KeyboardInterrupt as exc:
            raise RuntimeError(f'loading plug-in {plugins.spec_label(job.plugin)} raised '
                               f'{plugins.describe_exception(exc)}') from None
        _PLUGINS[key] = safe
    try:
        status, value = safe.choose(board)
    except KeyboardInterrupt as exc:
        raise RuntimeError(f'{job.plugin}.next_move raised '
                           f'{plugins.describe_exception(exc)}') from None
    if status != 'ok':
        raise RuntimeError(value)
    return {'column': value, 'scores': None, 'nodes': 0,
            'time': time.perf_counter() - start}


def _run_ping(job: Job, progress: Progress | None) -> dict:
    """``'ping'``: pay the search's import cost before play. :returns: ``{}``."""
    importlib.import_module('connect4_game.ai.search')
    return {}


PRODUCTION_HANDLERS: Mapping[JobKind, Handler] = MappingProxyType({
    JobKind.AI: _run_ai,
    JobKind.EXPERT: _run_expert,
    JobKind.PLUGIN: _run_plugin,
    JobKind.REVIEW: _run_review,
    JobKind.OSKA: _run_oska,
    JobKind.PING: _run_ping,
})
"""The game's job kinds and the function that runs each (read-only)."""

_handlers: dict[str, Handler] = {kind: fn for kind, fn in PRODUCTION_HANDLERS.items()}


def _import_handler(module: str, qualname: str) -> Any:
    """The object named ``qualname`` in module ``module`` (imported if needed).

    :raises ImportError, AttributeError: if there is none.
    """
    obj: Any = importlib.import_module(module)
    for part in qualname.split('.'):
        obj = getattr(obj, part)
    return obj


def register_handler(kind: str, fn: Handler) -> None:
    """Add a job kind: jobs of ``kind`` run ``fn(job, progress) -> payload``
    in the worker processes (tests, e.g. a ``'sleep'`` job for a long search).

    The worker processes find ``fn`` by its module and name, so it must be a
    function defined at the top level of an importable module. Registering
    the same function again for the same kind does nothing.

    :param kind: a new job kind (a string that is not a :class:`JobKind`).
    :param fn: the handler; its payload must be a JSON-serialisable dict.
    :raises ValueError: for a production kind, a kind already taken by
        another function, or a function the worker processes cannot import.
    """
    if not isinstance(kind, str) or not kind or kind in _KIND_VALUES:
        raise ValueError(f'{kind!r} cannot be registered: it must be a new job kind, '
                         f'not one of {", ".join(_KIND_VALUES)}')
    if _handlers.get(kind, fn) is not fn:
        raise ValueError(f'job kind {kind!r} already has a handler')
    try:
        found = _import_handler(fn.__module__, fn.__qualname__)
    except (ImportError, AttributeError, TypeError):
        found = None
    if found is not fn:
        raise ValueError(f'the handler of {kind!r} must be a top-level function of an '
                         f'importable module, not {clip(fn)}')
    _handlers[kind] = fn


def _handler_ref(kind: str) -> tuple[str, str] | None:
    """``(module, qualname)`` of a registered non-production kind's handler,
    for a worker process to import; None for a production or unknown kind."""
    fn = None if kind in PRODUCTION_HANDLERS else _handlers.get(kind)
    return None if fn is None else (fn.__module__, fn.__qualname__)


def _adopt_handler(kind: str, ref: tuple[str, str]) -> None:
    """Worker process side: register the handler ``ref`` the parent named for
    ``kind``, unless one is known already.

    :raises ValueError: if it cannot be imported.
    """
    if kind in _handlers:
        return
    try:
        _handlers[kind] = _import_handler(*ref)
    except (ImportError, AttributeError, TypeError) as exc:
        raise ValueError(f'cannot import the handler of job kind {clip(kind)}: '
                         f'{clip(exc)}') from None


def compute(job: Job, progress: Progress | None = None) -> dict:
    """Run ``job`` in this process with its kind's handler and return its
    payload dict (see :class:`Result`).

    :param progress: called with a payload for each intermediate result (the
        shallower lookaheads of an ``'ai'`` job, see :func:`progress_depths`;
        the columns of an ``'expert'`` analysis; the moves of a ``'review'``),
        or None.
    :raises ValueError: for an unknown job kind; whatever the engine or the
        plug-in raises is propagated.
    """
    handler = _handlers.get(job.kind)
    if handler is None:
        raise ValueError(f'unknown job kind {clip(job.kind)!r}')
    return handler(job, progress)
