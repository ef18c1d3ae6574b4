"""The search pool's worker: pre-started worker processes driven by one thread of the window's
process (docs/architecture.md); the main thread never blocks. A process answers in JSON, never a
pickle; a wrong shape is an ``'error'``. One job is in flight; a death gives ``'died'`` and a new
run after a pause (``'error'`` after :data:`MAX_DEATHS` in a row, a plug-in's job at once)."""

from __future__ import annotations

import contextlib
import importlib
import json
import logging
import multiprocessing as mp
import multiprocessing.connection as mp_connection
import multiprocessing.context as mp_context
import os
import queue
import threading
import time
import traceback

from connect4_game.core.messages import clip
from connect4_game.core.side import Side
from connect4_game.plugins.lifetime import child_setup, describe_exit, stop_child
from connect4_game.search.jobs import JOBS, JobKind, Result, ResultStatus, SearchRequest, compute
from connect4_game.search.replies import Reply

__all__ = ['SearchWorker', 'MAX_DEATHS']

logger = logging.getLogger(__name__)

MAX_DEATHS = 5          # process deaths in a row on one job before it gets an 'error'
BACKOFF_FIRST = 0.1     # seconds before a job runs again after a death, doubling ...
BACKOFF_MAX = 5.0       # ... up to this
MAX_REPLY = 1 << 20     # bytes: the longest answer read from a worker process
MAX_MESSAGE = 300       # characters of an error text a Result repeats
WORKER_NICE = 19        # os.nice of the processes: a search never delays a frame


def _job_name(request: SearchRequest) -> str:
    """``'the plug-in bot.py:Bot'`` or ``'the AI worker'``: who a message blames."""
    if request.kind == JobKind.PLUGIN:
        return f'the plug-in {clip(os.path.basename(request.plugin), 80)}'
    return 'the AI worker'


def _read_result(conn: mp_connection.Connection, job: SearchRequest) -> tuple[Result, bool]:
    """A process's answer to ``job`` as an ``'ok'``, ``'progress'`` or ``'error'`` Result,
    and False when it was not ``job``'s reply (the pipe cannot be trusted any more).
    :raises EOFError, OSError: a broken pipe, an answer over :data:`MAX_REPLY` bytes."""
    data = conn.recv_bytes(MAX_REPLY)
    try:
        status, value = json.loads(data)
    except (ValueError, TypeError, RecursionError):
        status, value = 'bad', None
    if status == 'error':
        return Result(job, ResultStatus.ERROR, message=clip(value, MAX_MESSAGE)), True
    why = 'its answer was not readable'
    if status in ('ok', 'progress'):
        try:
            return Result(job, ResultStatus(status), JOBS[job.kind][1].from_json(value)), True
        except (ValueError, TypeError, KeyError) as exc:
            why = f'the answer has the wrong shape ({clip(exc)})'
    return Result(job, ResultStatus.ERROR, message=f'{_job_name(job)} failed: {why}'), False


def _answer(conn: mp_connection.Connection, request: SearchRequest) -> bytes:
    """Run one request: ``['ok', reply]`` or ``['error', text]``, progress on the way."""
    def progress(reply: Reply) -> None:
        conn.send_bytes(json.dumps(['progress', reply.to_json()]).encode('utf-8'))
    try:
        if not isinstance(request, SearchRequest):
            raise ValueError('not a search request')
        return json.dumps(['ok', compute(request, progress).to_json()]).encode('utf-8')
    except BaseException as exc:  # a plug-in may raise anything; report it
        text = str(exc) if isinstance(exc, (RuntimeError, ValueError)) and str(exc) else \
            traceback.format_exception_only(type(exc), exc)[-1].strip()
        return json.dumps(['error', clip(text, MAX_MESSAGE)]).encode('utf-8')


def _serve(conn: mp_connection.Connection, parent_pid: int | None = None) -> None:
    """A worker process: answer each request until the pipe closes or None comes; it ends
    with ``parent_pid``."""
    if parent_pid is not None:
        child_setup(parent_pid)
    with contextlib.suppress(AttributeError, OSError):
        os.nice(WORKER_NICE)
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


class _Proc:
    """One worker process and the parent's end of its pipe."""

    def __init__(self, ctx: mp_context.SpawnContext) -> None:
        parent, child = ctx.Pipe(duplex=True)
        self.conn = parent
        self.process = ctx.Process(target=_serve, args=(child, os.getpid()), daemon=True,
                                   name='connect4-search')
        try:
            self.process.start()
        finally:
            child.close()
        self.pid: int | None = self.process.pid

    def alive(self) -> bool:
        return bool(self.process.is_alive())

    def exit_text(self, wait: float = 0.2) -> str:
        """How the process ended: ``'exit status 3'``, ``'killed by signal SIGKILL'``."""
        with contextlib.suppress(OSError, ValueError, AssertionError):
            self.process.join(wait)
        return describe_exit(self.process.exitcode)

    def kill(self, wait: float = 0.5) -> None:
        """SIGKILL the process and its process group, reap it, close the pipe."""
        stop_child(self.process, wait)
        with contextlib.suppress(OSError):
            self.conn.close()


class SearchWorker:
    """The :class:`~connect4_game.search.jobs.SearchPool` of the window: pre-started worker
    processes (``'spawn'``, as on every platform) run from a daemon thread.
    :param spare: keep a second process started, so a cancel costs no start-up."""

    def __init__(self, spare: bool = True) -> None:
        self._ctx = mp.get_context('spawn')
        self._want_spare = spare
        self._cond = threading.Condition()
        self._pending: SearchRequest | None = None
        self._current: SearchRequest | None = None
        self._cancel = False
        self._stop = False
        self._results: queue.Queue[Result] = queue.Queue()
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
        self._deaths_in_row = 0    # process deaths since the last answered job
        self._hold_until = 0.0     # monotonic time: no start or run before it
        self._death_key: object = None   # the job whose process died last ...
        self._key_deaths = 0       # ... and how many times in a row
        self._thread = threading.Thread(target=self._run, name='connect4-worker', daemon=True)
        self._thread.start()

    # ---- main-thread API ------------------------------------------------
    def _poke(self) -> None:
        with self._wake_lock, contextlib.suppress(OSError, ValueError):
            self._wake_send.send_bytes(b'.')

    def _drain_wake(self) -> None:
        with contextlib.suppress(OSError, EOFError, ValueError):
            while self._wake_recv.poll():
                self._wake_recv.recv_bytes()

    def submit(self, job: SearchRequest | None) -> None:
        with self._cond:
            self._pending = job
            busy = self._current is not None
            if busy:
                self._cancel = True
            self._cond.notify_all()
        if busy:
            self._poke()

    def cancel(self) -> None:
        self.submit(None)

    def busy(self) -> bool:
        """True while a job is queued or running."""
        with self._cond:
            return self._pending is not None or self._current is not None

    def in_flight(self) -> SearchRequest | None:
        with self._cond:
            held = self._pending or self._current
        if held is not None:
            return held
        # a finished request's result is queued before it stops being current
        with self._results.mutex:
            done = [r.request for r in self._results.queue
                    if r.status is not ResultStatus.PROGRESS]
        return done[-1] if done else None

    def poll(self) -> list[Result]:
        out = []
        while True:
            try:
                out.append(self._results.get_nowait())
            except queue.Empty:
                return out

    def wait_running(self, timeout: float = 30.0) -> int | None:
        """The pid of the process running a job, or None after ``timeout`` seconds."""
        return self._running_pid if self._running.wait(timeout) else None

    def wait_ready(self, timeout: float = 30.0) -> bool:
        """Whether a result waits for :meth:`poll` within ``timeout`` seconds."""
        with self._results.not_empty:
            return self._results.not_empty.wait_for(lambda: len(self._results.queue) > 0,
                                                    timeout)

    def wait(self, timeout: float = 30.0) -> Result | None:
        """The next result, or None after ``timeout`` seconds."""
        try:
            return self._results.get(timeout=timeout)
        except queue.Empty:
            return None

    def pids(self) -> list[int]:
        """Process ids of the live worker processes (active first)."""
        return [p.pid for p in self._procs() if p.pid is not None and p.alive()]

    def _procs(self) -> list[_Proc]:
        with self._procs_lock:
            return [p for p in (self._active, self._spare) if p is not None]

    def alive(self) -> bool:
        return self._thread.is_alive() and not self._stop

    def close(self, wait: float = 0.5) -> None:
        """Stop the thread and kill every worker process with its process group; idempotent."""
        with self._cond:
            self._stop, self._pending = True, None
            self._cond.notify_all()
        self._poke()
        with self._procs_lock:
            procs = [p for p in (self._active, self._spare) if p is not None]
            self._active = self._spare = None
        for p in procs:
            p.kill(wait)
        if threading.current_thread() is not self._thread:
            self._thread.join(wait)

    # ---- worker thread: it starts every process, as a child's Linux
    # parent-death signal fires when the thread that started it ends
    def _pause_left(self) -> float:
        return max(0.0, self._hold_until - time.monotonic())

    def _note_death(self) -> None:
        """A death in a row: nothing starts or runs for the pause (seconds, doubling)."""
        self._deaths_in_row += 1
        delay = min(BACKOFF_MAX, BACKOFF_FIRST * 2 ** min(self._deaths_in_row - 1, 16))
        self._hold_until = time.monotonic() + delay

    def _ensure_procs(self) -> None:
        """Replace dead processes and start missing ones (not during the pause)."""
        procs = self._procs()
        live: list[_Proc | None] = [p for p in procs if p.alive()]
        for p in procs:
            if p not in live:
                p.kill(0)
                self.restarts += 1
                self._note_death()
        active, spare = (live + [None, None])[:2]   # the spare takes over a dead active
        if not self._pause_left():
            if active is None and not self._stop:
                active = _Proc(self._ctx)
            if self._want_spare and spare is None and not self._stop:
                spare = _Proc(self._ctx)
        with self._procs_lock:
            if self._stop:
                for unused in (active, spare):
                    if unused is not None:
                        unused.kill(0.2)
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
        """Wait (at most 10 s) until each new process has imported the engine."""
        procs = self._procs()
        deadline = time.monotonic() + 10.0
        for p in procs:
            try:
                p.conn.send(SearchRequest(JobKind.PING, (), Side.X))
                while not self._stop and time.monotonic() < deadline and p.alive():
                    if p.conn.poll(0.05):
                        p.conn.recv_bytes(MAX_REPLY)
                        break
            except (OSError, EOFError, ValueError):
                pass
        self._warm.set()

    def wait_warm(self, timeout: float = 5.0) -> bool:
        """Whether the processes have imported the engine within ``timeout`` seconds."""
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
                        job, self._pending, self._cancel = self._pending, None, False
                        self._current = job
                if job is None:
                    self._ensure_procs()
                    continue
                self._run_job(job)
        except Exception as exc:  # pragma: no cover - reported, thread ends
            logger.exception('the AI worker thread failed')
            if not self._stop:
                self._results.put(Result(SearchRequest(JobKind.PING, (), Side.X), ResultStatus.DIED,
                                         message=f'worker thread failed: {exc!r}'))
        finally:
            self._end()

    def _end(self, result: Result | None = None, always: bool = False,
             retry: SearchRequest | None = None) -> None:
        """The job in flight is over: report ``result`` unless the job was cancelled (or
        ``always``), and ask for ``retry`` again unless cancelled or replaced."""
        with self._cond:
            cancelled, self._current, self._cancel = self._cancel, None, False
            if retry is not None and self._pending is None and not self._stop and not cancelled:
                self._pending = retry
            if result is not None and (always or not cancelled):
                self._results.put(result)

    def _run_job(self, job: SearchRequest) -> None:
        self._ensure_procs()
        with self._procs_lock:
            proc = self._active
        if proc is None:   # every process died just now: run it after the pause
            self._end(retry=job)
            return
        try:
            proc.conn.send(job)
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

    def _wait_job(self, job: SearchRequest, proc: _Proc, start: float) -> None:
        while True:
            if self._stop:
                self._end()
                return
            # sleep until the answer, the process's death or a poke (no polling)
            wait_for = 1.0
            if job.timeout is not None:
                wait_for = max(0.0, min(wait_for, start + job.timeout - time.monotonic()))
            try:
                woke = mp_connection.wait([proc.conn, proc.process.sentinel, self._wake_recv],
                                          wait_for)
                if self._wake_recv in woke:
                    self._drain_wake()
                answer = _read_result(proc.conn, job) \
                    if proc.conn in woke and proc.conn.poll() else None
            except (OSError, ValueError, EOFError):
                self._died(job, proc)
                return
            with self._cond:
                cancelled = self._cancel
            if answer is not None:
                result, trusted = answer
                if not trusted:
                    self._replace_active()
                elif result.status is ResultStatus.PROGRESS:
                    if not cancelled:
                        self._results.put(result)
                    continue
                else:
                    self._deaths_in_row = 0
                    self._death_key, self._key_deaths = None, 0
                self._end(result)
                return
            if not proc.alive():
                self._died(job, proc)
                return
            if cancelled:
                self._replace_active()
                self._end()
                return
            if job.timeout is not None and time.monotonic() - start > job.timeout:
                self._replace_active()
                self._end(Result(job, ResultStatus.TIMEOUT,
                                 message=f'no answer within {job.timeout:g} s'), always=True)
                return

    def _died(self, job: SearchRequest, proc: _Proc) -> None:
        """The active process (or its pipe) is gone running ``job``: replace it and say so."""
        if self._stop:
            self._end()
            return
        how = proc.exit_text()
        self.restarts += 1
        self._note_death()
        self._key_deaths = self._key_deaths + 1 if job == self._death_key else 1
        self._death_key = job
        self._replace_active()
        if job.kind == JobKind.PLUGIN:
            self._end(Result(job, ResultStatus.ERROR, message=clip(
                f'{_job_name(job)} ended its process ({how})', MAX_MESSAGE)))
        elif self._key_deaths >= MAX_DEATHS:
            self._end(Result(job, ResultStatus.ERROR, message=(
                f'the AI worker process stopped {self._key_deaths} times in a row on this '
                f'position (last: {how}); gave up on it')))
        else:     # run again: the player continues the same game
            self._end(Result(job, ResultStatus.DIED,
                             message='the AI worker process stopped; restarted it'),
                      always=True, retry=job)

