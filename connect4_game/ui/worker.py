"""The AI worker: searches run in a pre-started worker *process*, driven by a
worker *thread* of the window's process.

Why a process: a pure-Python search in a thread shares the GIL with the
render loop and breaks the frame budget. The window's main thread
only calls :meth:`SearchWorker.submit` (never blocks) and
:meth:`SearchWorker.poll` once per frame; all game state stays on the main
thread. The process receives a plain description of the position (a
:class:`Job`) and returns only a column and scores/stats (a :class:`Result`).

* What a job does depends on its :class:`JobKind`: :data:`PRODUCTION_HANDLERS`
  maps each kind to the function that runs it in the worker process
  (:func:`compute`). Tests add kinds of their own with
  :func:`register_handler`; a job of a kind nobody registered gets an
  ``'error'`` result.
* At most one job is in flight. Submitting a new job while one runs cancels
  it: the busy process is terminated and a *spare* process, started ahead of
  time, takes over at once (so a stale deep search never delays the next one).
* Every result carries its job's ``key`` (game id, moves, settings); the
  caller drops results whose key is no longer the one it wants.
* If the process dies (killed, crashed) during a search, the thread notices,
  reports a ``'died'`` result and runs the same job again on the spare
  process -- after a pause that doubles with each death in a row (0.1 s up
  to 5 s), and only :data:`MAX_DEATHS` times for the same job: then the job
  gets an ``'error'`` result instead. A *plug-in* whose process dies (its
  ``os._exit``, an exit at import, a signal) is never run again for the same
  move: its job gets one ``'error'`` result saying how the process ended,
  which the window treats like any plug-in fault (the user takes over).
* Every worker process leads a process group of its own, so killing it (on
  cancel, time-out, death or :meth:`SearchWorker.close`) also kills every
  process a plug-in started; and each ends by itself when the window's
  process dies, even by SIGKILL (see :func:`connect4_game.lifetime.child_setup`).
  On Linux a worker process about to run its first plug-in stays behind as
  the guardian of a forked copy that runs it
  (:func:`connect4_game.lifetime.guard_descendants`), so that also what a
  plug-in starts with ``subprocess`` or in a session of its own ends then.
* :meth:`SearchWorker.close` kills every process it started within a
  fraction of a second.
* Answers come back as JSON, never pickles: a plug-in running in the worker
  process cannot make the window's process run code by forging one.

This module never imports pygame (the worker processes stay light).
"""

from __future__ import annotations

import importlib
import json
import logging
import multiprocessing as mp
import multiprocessing.connection as mp_connection
import os
import queue
import threading
import time
import traceback
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Union

from connect4_game.lifetime import child_setup, describe_exit, stop_child
from connect4_game.messages import clip

if TYPE_CHECKING:
    from connect4_game.board import Board

__all__ = ['Job', 'JobKind', 'Result', 'ResultStatus', 'SearchWorker', 'compute',
           'register_handler', 'PRODUCTION_HANDLERS', 'MAX_DEATHS']

logger = logging.getLogger(__name__)

MAX_DEATHS = 5
"""Deaths of the worker process in a row on one search job before it gets an
``'error'`` result instead of another run."""
BACKOFF_FIRST = 0.1
"""Seconds the worker waits before running a job again after a death; the
pause doubles with each death in a row, up to :data:`BACKOFF_MAX`."""
BACKOFF_MAX = 5.0
MAX_REPLY = 1 << 20
"""Bytes: the longest answer the parent reads from a worker process."""
MAX_MESSAGE = 300
"""Characters of an error text (e.g. a plug-in's exception) a Result repeats."""
WORKER_NICE = 19
"""How much lower than the window the worker processes run (``os.nice``; 19
is the lowest priority): a search never delays a frame when both want a CPU."""
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
    :param spec: ``'plugin'``: the ``FILE.py:ClassName``; ``'ai'``: a level
        name, or ``''`` for the assignment's ``AIPlayer``; ``'expert'``:
        ``'move'`` for Expert's own move, ``''`` for every column.
    :param time_budget: seconds, for ``'expert'`` and ``'review'``.
    :param timeout: seconds after which the job is abandoned (the process
        is replaced) and a ``'timeout'`` result is reported; None = never.
    :param moves: for ``'review'``: the 0-based columns of the game (``rows``
        is then the empty board, giving its size).
    :raises ValueError: if ``kind`` is not a string.
    """

    key: object
    kind: str
    rows: tuple
    checker: str
    lookahead: int = 0
    tiebreak: str = 'LEFT'
    spec: str = ''
    time_budget: float = 1.0
    timeout: float | None = None
    moves: tuple = ()

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
    killed :data:`MAX_DEATHS` processes in a row, that the worker gave up on
    it), ``'died'`` (the process died during a search; the job is being run
    again by another process) or ``'timeout'``; or ``'progress'`` (not the
    end: ``payload`` is the result of a shallower lookahead, with its
    ``depth``, while the job goes on).

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


# --------------------------------------------------------------------------
# process side: one handler per job kind

Progress = Callable[[dict], None]
"""Called by a handler with each intermediate payload (sent as ``'progress'``)."""
Handler = Callable[[Job, Optional[Progress]], dict]
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
    with ``job.tiebreak`` and ``job.lookahead``, or the named level ``job.spec``
    (:mod:`connect4_game.ai.levels`).

    :returns: ``{'column': int or None (no move), 'scores': [int per column],
        'depth', 'nodes', 'time'}``; a deep assignment search first reports
        shallower ones through ``progress`` (see :func:`progress_depths`).
    :raises ValueError: for a level that is not a lookahead search.
    """
    if job.spec:
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
    """An ``'ai'`` job for the level named ``job.spec``: the level's choice
    among the best-scored columns (same payload as :func:`_run_ai`).

    :raises ValueError: for an unknown level or one that is not a lookahead search.
    """
    from connect4_game.ai.levels import LevelPlayer, make_level_player
    board = _board_from_rows(job.rows)
    player = make_level_player(job.spec, job.checker)
    if not isinstance(player, LevelPlayer):
        raise ValueError(f'level {clip(job.spec)} is not a lookahead search; '
                         f'ask for an {JobKind.EXPERT.value!r} job')
    start = time.perf_counter()
    scores = player.scores_for(board)
    column = player.choose_column(board, scores) if max(scores) >= 0 else None
    return {'column': column, 'scores': list(scores), 'depth': player.lookahead,
            'nodes': getattr(player, 'last_nodes', 0) or 0,
            'time': time.perf_counter() - start}


def _run_expert(job: Job, progress: Progress | None) -> dict:
    """``'expert'``: perfect play. With ``job.spec == 'move'`` Expert's own
    move (best column proven first); else every column, each reported through
    ``progress`` as it is proven (hint, overlay).

    :returns: ``{'column', 'labels': [str per column], 'scores': [int or None
        per column], 'nodes': 0, 'time'}`` (and ``'backend'`` for every column).
    """
    board = _board_from_rows(job.rows)
    start = time.perf_counter()
    if job.spec != 'move':
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
    ``job.spec`` (loaded once per process and settings).

    :returns: ``{'column': int, 'scores': None, 'nodes': 0, 'time'}``.
    :raises ValueError: one line, if the plug-in cannot be loaded.
    :raises RuntimeError: one line, for a fault of its move (an exception,
        not a playable column) -- never the plug-in's own exception.
    """
    from connect4_game import plugins
    from connect4_game.lifetime import guard_descendants
    guard_descendants()   # whatever the plug-in starts ends with this process
    board = _board_from_rows(job.rows)
    key = (job.spec, job.checker, job.tiebreak, job.lookahead)
    safe = _PLUGINS.get(key)
    start = time.perf_counter()
    # a KeyboardInterrupt here is raised by the plug-in itself (SIGINT is ignored)
    if safe is None:  # load problems raise ValueError with one clear line
        try:
            safe = plugins.SafePlayer(plugins.load_player(job.spec, job.checker,
                                                          job.tiebreak, job.lookahead),
                                      label=plugins.spec_label(job.spec))
        except KeyboardInterrupt as exc:
            raise RuntimeError(f'loading plug-in {plugins.spec_label(job.spec)} raised '
                               f'{plugins.describe_exception(exc)}') from None
        _PLUGINS[key] = safe
    try:
        status, value = safe.choose(board)
    except KeyboardInterrupt as exc:
        raise RuntimeError(f'{job.spec}.next_move raised '
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


def _read_reply(conn: mp_connection.Connection) -> tuple[str, Union[dict, str]]:
    """Read a worker process's ``[status, value]`` JSON answer (see
    :func:`_serve`): ``('ok' | 'progress', dict)`` or ``('error', text)``;
    anything else (a reply a plug-in forged or garbled) is ``('bad', text)``.

    :raises EOFError, OSError: if the pipe is closed or broken, or the reply is
        longer than :data:`MAX_REPLY` bytes.
    """
    data = conn.recv_bytes(MAX_REPLY)
    try:
        status, value = json.loads(data)
    except (ValueError, TypeError, RecursionError):
        return ('bad', 'its answer was not readable')
    if status in ('ok', 'progress') and isinstance(value, dict):
        return (status, value)
    if status == 'error':
        return ('error', clip(value, MAX_MESSAGE))
    return ('bad', 'its answer was not readable')


def _error_text(exc: BaseException) -> str:
    """One line (at most :data:`MAX_MESSAGE` characters) for what a job raised:
    the text of a RuntimeError/ValueError (already one clear line), else the
    exception's type and text."""
    if isinstance(exc, (RuntimeError, ValueError)) and str(exc):
        return clip(exc, MAX_MESSAGE)
    return clip(traceback.format_exception_only(type(exc), exc)[-1].strip(), MAX_MESSAGE)


def _answer(conn: mp_connection.Connection, request: Any) -> bytes:
    """Run one ``(job, handler_ref)`` request; the JSON answer to send:
    ``['ok', payload]`` or ``['error', text]`` (progress goes out on the way)."""
    def progress(payload: dict) -> None:
        conn.send_bytes(json.dumps(['progress', payload]).encode('utf-8'))
    try:
        job, ref = (request, None) if isinstance(request, Job) else request
        if ref is not None:
            _adopt_handler(job.kind, ref)
        return json.dumps(['ok', compute(job, progress)]).encode('utf-8')
    except BaseException as exc:  # a plug-in may raise anything; report it
        return json.dumps(['error', _error_text(exc)]).encode('utf-8')


def _serve(conn: mp_connection.Connection, parent_pid: int | None = None) -> None:
    """Worker process main loop: receive a request ``(job, handler_ref)`` (see
    :meth:`_Proc.send`), send ``['ok', payload]`` or ``['error', text]``
    (JSON). Whatever a job raises, even KeyboardInterrupt or SystemExit, is
    the job's error; the loop ends only when the pipe closes or a None
    request arrives.

    :param parent_pid: the window's process id: with it the process is set up
        by :func:`connect4_game.lifetime.child_setup` (own process group, ends
        with its parent, obeys SIGTERM).
    """
    if parent_pid is not None:
        child_setup(parent_pid)
    try:  # the search yields the CPU to the window's render loop whenever both want it
        os.nice(WORKER_NICE)
    except (AttributeError, OSError):
        pass
    try:
        importlib.import_module('connect4_game.players')  # warm the import before a job
    except Exception:  # pragma: no cover - reported per job instead
        logger.debug('warming the engine import failed', exc_info=True)
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if request is None:
            return
        message = _answer(conn, request)
        try:
            conn.send_bytes(message)
        except Exception:
            return


# --------------------------------------------------------------------------
# main-process side

class _ResultQueue(queue.Queue):
    """A Queue with an Event ``ready`` that is set while it holds items."""

    def __init__(self) -> None:
        super().__init__()
        self.ready = threading.Event()

    def _put(self, item: Result) -> None:
        super()._put(item)
        self.ready.set()

    def _get(self) -> Result:
        item = super()._get()
        if not self._qsize():
            self.ready.clear()
        return item


class _Proc:
    """One worker process and the parent's end of its pipe."""

    def __init__(self, ctx: Any) -> None:
        parent, child = ctx.Pipe(duplex=True)
        self.conn = parent
        self.process = ctx.Process(target=_serve, args=(child, os.getpid()), daemon=True,
                                   name='connect4-search')
        try:
            self.process.start()
        finally:
            child.close()

    @property
    def pid(self) -> int | None:
        return self.process.pid

    def send(self, job: Job) -> None:
        """Send ``job`` to the process, with the ``(module, name)`` of its
        handler when its kind was added by :func:`register_handler` (the
        process imports it).

        :raises OSError, ValueError, EOFError: if the pipe is closed or broken.
        """
        self.conn.send((job, _handler_ref(job.kind)))

    def alive(self) -> bool:
        return self.process.is_alive()

    def exit_text(self, wait: float = 0.2) -> str:
        """How the process ended (``'exit status 3'``, ``'killed by signal
        SIGKILL'``; ``'closed its connection'`` if it still runs)."""
        try:
            self.process.join(wait)
        except (OSError, ValueError, AssertionError):
            pass
        return describe_exit(self.process.exitcode)

    def kill(self, wait: float = 0.5) -> None:
        """SIGKILL the process and its process group (every process a plug-in
        started in it), reap it, close the pipe."""
        stop_child(self.process, wait)
        try:
            self.conn.close()
        except OSError:
            pass


class SearchWorker:
    """Runs :class:`Job` s in a pre-started worker process, from a daemon thread.

    :param start_method: multiprocessing start method (default ``'spawn'``,
        the same on every platform; ``'forkserver'`` also works).
    :param spare: keep a second process pre-started, so cancelling a busy
        search costs no start-up time.

    Main-thread API: :meth:`submit`, :meth:`cancel`, :meth:`poll`, :meth:`busy`,
    :meth:`close`; tests may block with :meth:`wait`.
    """

    def __init__(self, start_method: str = 'spawn', spare: bool = True) -> None:
        if start_method not in mp.get_all_start_methods():
            raise ValueError(f'unknown start method {start_method!r}')
        self._ctx = mp.get_context(start_method)
        self._want_spare = spare
        self._cond = threading.Condition()
        self._pending: Job | None = None
        self._current: Job | None = None
        self._cancel = False
        self._stop = False
        self._results = _ResultQueue()
        self._running = threading.Event()   # set while a job runs in a process
        # the main thread pokes the worker thread through this pipe (submit, cancel, close)
        self._wake_recv, self._wake_send = mp.Pipe(duplex=False)
        self._wake_lock = threading.Lock()
        self._warm = threading.Event()      # set once the first processes are ready
        self._running_pid: int | None = None
        self._active: _Proc | None = None
        self._spare: _Proc | None = None
        self._procs_lock = threading.Lock()
        self.restarts = 0          # processes replaced after dying
        self.jobs_done = 0
        self._deaths_in_row = 0    # process deaths since the last answered job
        self._hold_until = 0.0     # monotonic time: no start or run before it
        self._death_key: object = None   # the job whose process died last ...
        self._key_deaths = 0       # ... and how many times in a row
        self._thread = threading.Thread(target=self._run, name='connect4-worker', daemon=True)
        self._thread.start()

    # ---- main-thread API ------------------------------------------------
    def _poke(self) -> None:
        with self._wake_lock:
            try:
                self._wake_send.send_bytes(b'.')
            except (OSError, ValueError):
                pass

    def _drain_wake(self) -> None:
        try:
            while self._wake_recv.poll():
                self._wake_recv.recv_bytes()
        except (OSError, EOFError, ValueError):
            pass

    def submit(self, job: Job) -> None:
        """Ask for ``job``; a job still queued or running is cancelled."""
        self._replace_pending(job)

    def cancel(self) -> None:
        """Drop any queued job and stop the running one."""
        self._replace_pending(None)

    def _replace_pending(self, job: Job | None) -> None:
        """Queue ``job`` (or nothing) in place of any queued one, and stop the
        running job, waking the worker thread."""
        with self._cond:
            self._pending = job
            busy = self._current is not None
            if busy:
                self._cancel = True
            self._cond.notify_all()
        if busy:
            self._poke()

    def busy(self) -> bool:
        """True while a job is queued or running."""
        with self._cond:
            return self._pending is not None or self._current is not None

    def in_flight(self) -> Job | None:
        """The job queued or running (the queued one wins), or None."""
        with self._cond:
            return self._pending or self._current

    def poll(self) -> list[Result]:
        """All results reported since the last call (never blocks)."""
        out = []
        while True:
            try:
                out.append(self._results.get_nowait())
            except queue.Empty:
                return out

    def wait_running(self, timeout: float = 30.0) -> int | None:
        """Block until a job is running in a worker process (tests); returns
        that process's pid, or None after ``timeout`` seconds."""
        return self._running_pid if self._running.wait(timeout) else None

    def wait_ready(self, timeout: float = 30.0) -> bool:
        """Block until a result is waiting for :meth:`poll` (for tests and
        scripts; the window never calls it). True if one is, False after
        ``timeout`` seconds."""
        return self._results.ready.wait(timeout)

    def wait(self, timeout: float = 30.0) -> Result | None:
        """Block until the next result (for tests and scripts), or None after ``timeout`` s."""
        try:
            return self._results.get(timeout=timeout)
        except queue.Empty:
            return None

    def pids(self) -> list[int]:
        """Process ids of the live worker processes (active first)."""
        with self._procs_lock:
            return [p.pid for p in (self._active, self._spare)
                    if p is not None and p.pid is not None and p.alive()]

    def active_pid(self) -> int | None:
        with self._procs_lock:
            return self._active.pid if self._active is not None else None

    def alive(self) -> bool:
        return self._thread.is_alive() and not self._stop

    def close(self, wait: float = 0.5) -> None:
        """Stop the thread and kill every worker process with its process group
        (so every process a plug-in started goes too); idempotent."""
        with self._cond:
            self._stop = True
            self._pending = None
            self._cond.notify_all()
        self._poke()
        with self._procs_lock:
            procs = [p for p in (self._active, self._spare) if p is not None]
            self._active = self._spare = None
        for p in procs:
            p.kill(wait)
        if threading.current_thread() is not self._thread:
            self._thread.join(wait)

    # ---- worker thread --------------------------------------------------
    # Every process is started by the worker thread, which lives until close():
    # the Linux parent-death signal of a child fires when the thread that
    # started it ends, so it must be this long-lived thread.
    def _start_proc(self) -> _Proc | None:
        if self._stop:
            return None
        return _Proc(self._ctx)

    def _pause_left(self) -> float:
        """Seconds left of the pause after a process death (0.0 when none)."""
        return max(0.0, self._hold_until - time.monotonic())

    def _note_death(self) -> None:
        """Count a process death in a row; no process starts and no job runs
        for the next 0.1 s, doubling with each death up to 5 s."""
        self._deaths_in_row += 1
        delay = min(BACKOFF_MAX, BACKOFF_FIRST * 2 ** min(self._deaths_in_row - 1, 16))
        self._hold_until = time.monotonic() + delay

    def _ensure_procs(self) -> None:
        """Replace dead processes and start missing ones (none during the pause
        after a death)."""
        with self._procs_lock:
            active, spare = self._active, self._spare
        died = 0
        if active is not None and not active.alive():
            active.kill(0)
            active = None
            died += 1
        if spare is not None and not spare.alive():
            spare.kill(0)
            spare = None
            died += 1
        if active is None and spare is not None:
            active, spare = spare, None
        for _ in range(died):
            self.restarts += 1
            self._note_death()
        if not self._pause_left():
            if active is None:
                active = self._start_proc()
            if self._want_spare and spare is None:
                spare = self._start_proc()
        with self._procs_lock:
            if self._stop:
                for p in (active, spare):
                    if p is not None:
                        p.kill(0.2)
                return
            self._active, self._spare = active, spare

    def _replace_active(self) -> None:
        """Kill the active (busy or dead) process; the spare takes over."""
        with self._procs_lock:
            old, self._active, self._spare = self._active, self._spare, None
        if old is not None:
            old.kill(0.5)
        self._ensure_procs()

    def _warm_up(self) -> None:
        """Wait (bounded) until each new process has imported the engine, so
        that start-up work is over before the window's loop begins."""
        with self._procs_lock:
            procs = [p for p in (self._active, self._spare) if p is not None]
        deadline = time.monotonic() + 10.0
        for p in procs:
            try:
                p.send(Job(None, JobKind.PING, ('X',), 'X'))
                while not self._stop and time.monotonic() < deadline:
                    if p.conn.poll(0.05):
                        _read_reply(p.conn)
                        break
                    if not p.alive():
                        break
            except (OSError, EOFError, ValueError):
                pass
        self._warm.set()

    def wait_warm(self, timeout: float = 5.0) -> bool:
        """Block until the worker processes have started and imported the
        engine (the window calls it once before its loop); False after ``timeout`` s."""
        return self._warm.wait(timeout)

    def _run(self) -> None:
        try:
            self._ensure_procs()
            self._warm_up()
            while True:
                with self._cond:
                    if self._stop:
                        return
                    pause = self._pause_left()
                    if self._pending is None or pause:
                        # wakes on submit; else a health check (or the pause's end)
                        self._cond.wait(min(1.0, pause) if pause else 1.0)
                        if self._stop:
                            return
                    job = None
                    if self._pending is not None and not self._pause_left():
                        job = self._pending
                        self._pending = None
                        self._current = job
                        self._cancel = False
                if job is None:
                    self._ensure_procs()
                    continue
                self._run_job(job)
        except Exception as exc:  # pragma: no cover - reported, thread ends
            logger.exception('the AI worker thread failed')
            if not self._stop:
                self._results.put(Result(Job(None, 'none', ('',), 'X'), ResultStatus.DIED,
                                         message=f'worker thread failed: {exc!r}'))
        finally:
            with self._cond:
                self._current = None

    def _finish(self) -> None:
        with self._cond:
            self._current = None

    def _run_job(self, job: Job) -> None:
        self._ensure_procs()
        with self._procs_lock:
            proc = self._active
        if proc is None:   # every process died just now: run it after the pause
            with self._cond:
                self._current = None
                if self._pending is None and not self._stop and not self._cancel:
                    self._pending = job
                self._cancel = False
            return
        try:
            proc.send(job)
        except (OSError, ValueError, EOFError):
            self._died(job, proc)
            return
        start = time.monotonic()
        self._running_pid = proc.pid
        self._running.set()
        try:
            self._wait_job(job, proc, start)
        finally:
            self._running.clear()

    def _wait_job(self, job: Job, proc: _Proc, start: float) -> None:
        while True:
            if self._stop:
                self._finish()
                return
            # Sleep until the result, the process's death or a poke from the main
            # thread (submit/cancel/close): no polling, so this thread never
            # competes with the render loop for the GIL while a search runs.
            wait_for = 1.0
            if job.timeout is not None:
                wait_for = max(0.0, min(wait_for, start + job.timeout - time.monotonic()))
            try:
                woke = mp_connection.wait([proc.conn, proc.process.sentinel, self._wake_recv],
                                          wait_for)
                if self._wake_recv in woke:
                    self._drain_wake()
                ready = proc.conn in woke and proc.conn.poll()
            except (OSError, ValueError, EOFError):
                self._lost(job, proc)
                return
            if ready:
                try:
                    status, payload = _read_reply(proc.conn)
                except (EOFError, OSError, ValueError):
                    self._lost(job, proc)
                    return
                if status == 'progress' and isinstance(payload, dict):
                    with self._cond:
                        cancelled = self._cancel
                    if not cancelled:
                        self._results.put(Result(job, ResultStatus.PROGRESS, payload))
                    continue
                if status == 'bad':       # the pipe cannot be trusted any more
                    self._replace_active()
                else:
                    self._deaths_in_row = 0
                    self._death_key, self._key_deaths = None, 0
                with self._cond:
                    cancelled = self._cancel
                    self._current = None
                    self._cancel = False
                if not cancelled:
                    self.jobs_done += 1
                    self._results.put(_final_result(job, status, payload))
                return
            if not proc.alive():
                self._lost(job, proc)
                return
            with self._cond:
                cancelled = self._cancel
            if cancelled:
                self._replace_active()
                with self._cond:
                    self._current = None
                    self._cancel = False
                return
            if job.timeout is not None and time.monotonic() - start > job.timeout:
                self._replace_active()
                self._finish()
                self._results.put(Result(job, ResultStatus.TIMEOUT,
                                         message=f'no answer within {job.timeout:g} s'))
                return

    def _lost(self, job: Job, proc: _Proc) -> None:
        """The active process is gone (or its pipe broke) while running ``job``:
        at shutdown just finish, else treat it as a death."""
        if self._stop:
            self._finish()
        else:
            self._died(job, proc)

    def _died(self, job: Job, proc: _Proc) -> None:
        """The active process died while running ``job``: replace it, then

        * a plug-in's job: report one ``'error'`` saying how its process ended
          (the plug-in is not run again for this move);
        * a search: report ``'died'`` and run it again after the pause of
          :meth:`_note_death` -- or, on its :data:`MAX_DEATHS`-th death in a
          row, report an ``'error'`` instead.
        """
        how = proc.exit_text()
        self.restarts += 1
        self._note_death()
        if job.key == self._death_key:
            self._key_deaths += 1
        else:
            self._death_key, self._key_deaths = job.key, 1
        self._replace_active()
        retry = False
        if job.kind == JobKind.PLUGIN:
            result = Result(job, ResultStatus.ERROR, message=clip(
                f'{_job_name(job)} ended its process ({how})', MAX_MESSAGE))
        elif self._key_deaths >= MAX_DEATHS:
            result = Result(job, ResultStatus.ERROR, message=(
                f'the AI worker process stopped {self._key_deaths} times in a row on this '
                f'position (last: {how}); gave up on it'))
        else:
            result = Result(job, ResultStatus.DIED,
                            message='the AI worker process stopped; restarted it')
            retry = True
        with self._cond:
            cancelled = self._cancel
            self._current = None
            self._cancel = False
            if retry and self._pending is None and not self._stop and not cancelled:
                self._pending = job  # the player continues the same game
        if retry or not cancelled:
            self._results.put(result)


def _final_result(job: Job, status: str, value: dict | str) -> Result:
    """The :class:`Result` of a job's last reply from :func:`_read_reply`:
    ``'ok'`` with its payload, else ``'error'`` with one line (for a ``'bad'``
    reply, naming who sent it)."""
    if status == 'ok' and isinstance(value, dict):
        return Result(job, ResultStatus.OK, value)
    if status == 'bad':
        return Result(job, ResultStatus.ERROR, message=f'{_job_name(job)} failed: {value}')
    return Result(job, ResultStatus.ERROR, message=str(value))


def _job_name(job: Job) -> str:
    """``'the plug-in bot.py:Bot'`` or ``'the AI worker'``: who a message blames."""
    if job.kind == JobKind.PLUGIN:
        return f'the plug-in {clip(os.path.basename(job.spec), 80)}'
    return 'the AI worker'


def _self_test() -> None:  # pragma: no cover - manual check
    w = SearchWorker()
    w.submit(Job(1, JobKind.AI, ('       ',) * 6, 'X', 4))
    print(w.wait(20))
    print(os.getpid(), w.pids())
    w.close()


if __name__ == '__main__':  # pragma: no cover
    _self_test()
