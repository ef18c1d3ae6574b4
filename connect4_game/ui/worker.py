"""The AI worker: searches run in a pre-started worker *process*, driven by a
worker *thread* of the window's process.

Why a process: a pure-Python search in a thread shares the GIL with the
render loop and breaks the frame budget (issue 3). The window's main thread
only calls :meth:`SearchWorker.submit` (never blocks) and
:meth:`SearchWorker.poll` once per frame; all game state stays on the main
thread. The process receives a plain description of the position (a
:class:`Job`) and returns only a column and scores/stats (a :class:`Result`).

* At most one job is in flight. Submitting a new job while one runs cancels
  it: the busy process is terminated and a *spare* process, started ahead of
  time, takes over at once (so a stale deep search never delays the next one).
* Every result carries its job's ``key`` (game id, moves, settings); the
  caller drops results whose key is no longer the one it wants.
* If the process dies (killed, crashed), the thread notices, reports a
  ``'died'`` result, starts a new process and runs the same job again.
* :meth:`SearchWorker.close` terminates every process it started within a
  fraction of a second.

This module never imports pygame (the worker processes stay light).
"""

from __future__ import annotations

import importlib
import multiprocessing as mp
import multiprocessing.connection as mp_connection
import os
import queue
import threading
import time
import traceback
from dataclasses import dataclass, field

__all__ = ['Job', 'Result', 'SearchWorker', 'compute']


@dataclass(frozen=True)
class Job:
    """One request for the worker process.

    :param key: hashable tag chosen by the caller (e.g. game id, moves,
        settings); copied into the :class:`Result`.
    :param kind: ``'ai'`` (seed ``AIPlayer.scores_for`` + tiebreak),
        ``'expert'`` (``ExpertPlayer`` move and ``analyze`` labels),
        ``'plugin'`` (a user's ``FILE.py:ClassName`` player) or ``'sleep'``
        (tests: sleeps ``lookahead`` seconds) or ``'ping'`` (start-up check).
    :param rows: the board's ``slots``, top row first, as strings of
        ``' '``/``'X'``/``'O'``.
    :param checker: the side to move, ``'X'`` or ``'O'``.
    :param timeout: seconds after which the job is abandoned (the process
        is replaced) and a ``'timeout'`` result is reported; None = never.
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


@dataclass
class Result:
    """What the worker reports for a :class:`Job`.

    ``status`` is ``'ok'`` (``payload`` is a dict with ``column``,
    ``scores``, ``nodes``, ``time`` and optionally ``labels``), ``'error'``
    (``message`` says what the job raised), ``'died'`` (the process died;
    the job is being run again by a new process) or ``'timeout'``.
    """

    job: Job
    status: str
    payload: dict = field(default_factory=dict)
    message: str = ''

    @property
    def key(self):
        return self.job.key


# --------------------------------------------------------------------------
# process side

_PLUGINS: dict = {}
_EXPERTS: dict = {}


def _board_from_rows(rows):
    from connect4_game.board import Board
    b = Board(len(rows), len(rows[0]))
    b.slots = [list(r) for r in rows]
    return b


def compute(job: Job) -> dict:
    """Run ``job`` in this process and return its payload dict (see :class:`Result`).

    :raises ValueError: for an unknown job kind; whatever the engine or the
        plug-in raises is propagated.
    """
    board = _board_from_rows(job.rows)
    if job.kind == 'ai':
        from connect4_game.players import AIPlayer
        player = AIPlayer(job.checker, job.tiebreak, job.lookahead)
        start = time.perf_counter()
        scores = player.scores_for(board)
        elapsed = time.perf_counter() - start
        column = player.max_score_column(scores) if max(scores) >= 0 else None
        return {'column': column, 'scores': list(scores),
                'nodes': getattr(player, 'last_nodes', 0) or 0,
                'time': getattr(player, 'last_time', 0.0) or elapsed}
    if job.kind == 'expert':
        from connect4_game import expert
        start = time.perf_counter()
        if job.spec == 'move':   # Expert's own move: best column proven first (perfect play)
            player = _EXPERTS.get(job.checker)
            if player is None or player.time_budget != job.time_budget:
                player = _EXPERTS[job.checker] = expert.ExpertPlayer(job.checker, job.time_budget)
            column = player.next_move(board)
            results = player.last_analysis or []
        else:                    # analysis of every column (hint, overlay)
            results = expert.analyze(board, job.time_budget)
            column = expert.choose_column(results, board.width) if board.legal_columns() \
                else None
        return {'column': column, 'labels': [getattr(r, 'label', '') for r in results],
                'scores': [getattr(r, 'score', None) for r in results],
                'nodes': 0, 'time': time.perf_counter() - start}
    if job.kind == 'plugin':
        from connect4_game import plugins
        key = (job.spec, job.checker, job.tiebreak, job.lookahead)
        safe = _PLUGINS.get(key)
        if safe is None:  # load problems raise ValueError with one clear line
            safe = plugins.SafePlayer(plugins.load_player(job.spec, job.checker, job.tiebreak,
                                                          job.lookahead), label=job.spec)
            _PLUGINS[key] = safe
        start = time.perf_counter()
        status, value = safe.choose(board)
        if status != 'ok':
            raise RuntimeError(value)
        return {'column': value, 'scores': None, 'nodes': 0,
                'time': time.perf_counter() - start}
    if job.kind == 'ping':
        importlib.import_module('connect4_game.search')   # pay the import cost before play
        return {}
    if job.kind == 'sleep':
        time.sleep(job.lookahead)
        return {'column': 0, 'scores': None, 'nodes': 0, 'time': float(job.lookahead)}
    raise ValueError(f'unknown job kind {job.kind!r}')


def _serve(conn) -> None:
    """Worker process main loop: receive a Job, send ('ok', payload) or ('error', text)."""
    try:  # the search yields the CPU to the window's render loop when both want it
        os.nice(10)
    except (AttributeError, OSError):
        pass
    try:
        importlib.import_module('connect4_game.players')  # warm the import before a job
    except Exception:  # pragma: no cover - reported per job instead
        pass
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if job is None:
            return
        try:
            payload = compute(job)
            conn.send(('ok', payload))
        except KeyboardInterrupt:
            return
        except BaseException as exc:  # a plug-in may raise anything; report it
            if isinstance(exc, (RuntimeError, ValueError)) and str(exc):
                tb = str(exc)
            else:
                tb = traceback.format_exception_only(type(exc), exc)[-1].strip()
            try:
                conn.send(('error', tb))
            except Exception:
                return


# --------------------------------------------------------------------------
# main-process side

class _ResultQueue(queue.Queue):
    """A Queue with an Event ``ready`` that is set while it holds items."""

    def __init__(self):
        super().__init__()
        self.ready = threading.Event()

    def _put(self, item):
        super()._put(item)
        self.ready.set()

    def _get(self):
        item = super()._get()
        if not self._qsize():
            self.ready.clear()
        return item


class _Proc:
    """One worker process and the parent's end of its pipe."""

    def __init__(self, ctx) -> None:
        parent, child = ctx.Pipe(duplex=True)
        self.conn = parent
        self.process = ctx.Process(target=_serve, args=(child,), daemon=True,
                                   name='connect4-search')
        self.process.start()
        child.close()

    @property
    def pid(self):
        return self.process.pid

    def alive(self) -> bool:
        return self.process.is_alive()

    def kill(self, wait: float = 0.5) -> None:
        try:
            if self.process.is_alive():
                self.process.terminate()
                self.process.join(wait)
                if self.process.is_alive():
                    self.process.kill()
                    self.process.join(wait)
            else:
                self.process.join(0)
        except (OSError, ValueError, AssertionError):
            pass
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
        self._running_pid = None
        self._active: _Proc | None = None
        self._spare: _Proc | None = None
        self._procs_lock = threading.Lock()
        self.restarts = 0          # processes replaced after dying
        self.jobs_done = 0
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
            return [p.pid for p in (self._active, self._spare) if p is not None and p.alive()]

    def active_pid(self) -> int | None:
        with self._procs_lock:
            return self._active.pid if self._active is not None else None

    def alive(self) -> bool:
        return self._thread.is_alive() and not self._stop

    def close(self, wait: float = 0.5) -> None:
        """Stop the thread and terminate every worker process (idempotent)."""
        with self._cond:
            self._stop = True
            self._pending = None
            self._cond.notify_all()
        self._poke()
        with self._procs_lock:
            procs = [p for p in (self._active, self._spare) if p is not None]
            self._active = self._spare = None
        for p in procs:
            try:
                p.process.terminate()
            except (OSError, ValueError, AttributeError):
                pass
        for p in procs:
            p.kill(wait)
        if threading.current_thread() is not self._thread:
            self._thread.join(wait)

    # ---- worker thread --------------------------------------------------
    def _start_proc(self) -> _Proc | None:
        if self._stop:
            return None
        return _Proc(self._ctx)

    def _ensure_procs(self) -> None:
        with self._procs_lock:
            active, spare = self._active, self._spare
        if active is not None and not active.alive():
            active.kill(0)
            active = None
            if spare is not None and spare.alive():
                active, spare = spare, None
        if active is None:
            active = self._start_proc()
        if self._want_spare and (spare is None or not spare.alive()):
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
                p.conn.send(Job(None, 'ping', ('X',), 'X'))
                while not self._stop and time.monotonic() < deadline:
                    if p.conn.poll(0.05):
                        p.conn.recv()
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
                    if self._pending is None and not self._stop:
                        self._cond.wait(1.0)  # wakes on submit; else a health check
                    if self._stop:
                        return
                    job = self._pending
                    if job is not None:
                        self._pending = None
                        self._current = job
                        self._cancel = False
                if job is None:
                    self._ensure_procs()
                    continue
                self._run_job(job)
        except Exception as exc:  # pragma: no cover - reported, thread ends
            if not self._stop:
                self._results.put(Result(Job(None, 'none', ('',), 'X'), 'died',
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
        if proc is None:
            self._finish()
            return
        try:
            proc.conn.send(job)
        except (OSError, ValueError, EOFError):
            self._died(job)
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
                ready = False
                self._lost(job)
                return
            if ready:
                try:
                    status, payload = proc.conn.recv()
                except (EOFError, OSError, ValueError):
                    self._lost(job)
                    return
                with self._cond:
                    cancelled = self._cancel
                    self._current = None
                    self._cancel = False
                if not cancelled:
                    self.jobs_done += 1
                    if status == 'ok':
                        self._results.put(Result(job, 'ok', payload))
                    else:
                        self._results.put(Result(job, 'error', message=str(payload)))
                return
            if not proc.alive():
                self._lost(job)
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
                self._results.put(Result(job, 'timeout',
                                         message=f'no answer within {job.timeout:g} s'))
                return

    def _lost(self, job: Job) -> None:
        """The active process is gone (or its pipe broke) while running ``job``:
        at shutdown just finish, else treat it as a death."""
        if self._stop:
            self._finish()
        else:
            self._died(job)

    def _died(self, job: Job) -> None:
        """The active process died while running ``job``: report, replace, run it again."""
        self.restarts += 1
        self._replace_active()
        self._results.put(Result(job, 'died', message='the AI worker process stopped; restarted it'))
        with self._cond:
            self._current = None
            self._cancel = False
            if self._pending is None and not self._stop:
                self._pending = job  # the player continues the same game


def _self_test() -> None:  # pragma: no cover - manual check
    w = SearchWorker()
    w.submit(Job(1, 'ai', ('       ',) * 6, 'X', 4))
    print(w.wait(20))
    print(os.getpid(), w.pids())
    w.close()


if __name__ == '__main__':  # pragma: no cover
    _self_test()
