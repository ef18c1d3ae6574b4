"""Child processes that run code we do not trust start in a group of their own and end, with
everything they started, when the game ends (docs/plugins.md tells how). Nothing here raises
for a process that is already gone."""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
import threading
import time
from multiprocessing.process import BaseProcess

__all__ = ["child_setup", "guard_descendants", "stop_child", "describe_exit"]

logger = logging.getLogger(__name__)

_PR_SET_PDEATHSIG = 1            # <linux/prctl.h>
_PR_SET_CHILD_SUBREAPER = 36
_LINUX = sys.platform.startswith("linux")
_KILL = getattr(signal, "SIGKILL", signal.SIGTERM)
_WATCH_PERIOD = 0.5              # seconds between the orphan checks of a child
_KILL_WITHIN = 1.5               # seconds at most to end every descendant
_forking_pid = 0                 # set by the at-fork hook just before os.fork()
_setup_pid = 0                   # this process ran child_setup() ...
_setup_parent = 0                # ... for this parent
_guard_tried = False             # guard_descendants() already ran in this process


def _prctl(option: int, value: int) -> bool:
    """Linux ``prctl(option, value)``; False if it failed or is not Linux."""
    if not _LINUX:
        return False
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(option, value, 0, 0, 0) == 0)
    except (OSError, AttributeError, TypeError):
        return False


def _die_with_parent(sig: int = int(_KILL)) -> bool:
    """Linux: the kernel sends this process ``sig`` when the thread that started it ends."""
    return _prctl(_PR_SET_PDEATHSIG, int(sig))


def _ended(pid: str, state: bytes) -> bool:
    """A zombie whose other threads have ended too."""
    if state not in (b"Z", b"X", b"x"):
        return False
    try:
        return len(os.listdir(f"/proc/{pid}/task")) <= 1
    except OSError:
        return True


def _children_map() -> dict[int, list[int]]:
    """Linux: ``{ppid: [pid, ...]}`` of every live process, read once from /proc."""
    kids: dict[int, list[int]] = {}
    try:
        names = os.listdir("/proc")
    except OSError:
        return kids
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as fh:
                fields = fh.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if len(fields) < 2 or _ended(name, fields[0]):
            continue
        kids.setdefault(int(fields[1]), []).append(int(name))
    return kids


def _descendants(root: int) -> list[int]:
    """Every live process below ``root`` (parents before their children)."""
    kids = _children_map()
    out, todo = [], [root]
    while todo:
        for pid in kids.get(todo.pop(0), ()):
            out.append(pid)
            todo.append(pid)
    return out


def _reap() -> None:
    """Collect every ended child of this process (never blocks)."""
    with contextlib.suppress(OSError):       # ChildProcessError: no child left
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass


def _signal(pid: int, sig: int) -> None:
    with contextlib.suppress(OSError):
        os.kill(pid, sig)


def _kill_descendants(within: float = _KILL_WITHIN) -> None:
    """Linux: SIGKILL every process below this one within ``within`` seconds: freeze the tree
    with SIGSTOP first, then kill until /proc shows none left."""
    if not _LINUX or not os.path.isdir("/proc"):
        return
    me = os.getpid()
    deadline = time.monotonic() + within
    stop = getattr(signal, "SIGSTOP", None)
    frozen: set[int] = set()
    while stop is not None and time.monotonic() < deadline:
        new = [p for p in _descendants(me) if p not in frozen]
        if not new:
            break
        for pid in new:
            _signal(pid, stop)
            frozen.add(pid)
    for pid in frozen:
        _signal(pid, _KILL)
    quiet = 0     # scans in a row that found nobody: a process forked at the last moment
    while True:   # (or reparented to us as its parent died) shows up a scan later
        _reap()
        left = _descendants(me)
        quiet = 0 if left else quiet + 1
        if quiet >= 3 or time.monotonic() >= deadline:
            return
        for pid in left:
            _signal(pid, _KILL)
        time.sleep(0.005 if left else 0.02)


def _die_like(sig: int) -> None:
    """End this process by signal ``sig`` (as if it had not been handled)."""
    with contextlib.suppress(OSError, ValueError, RuntimeError):
        signal.signal(sig, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        with contextlib.suppress(OSError, ValueError):
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {sig})
    _signal(os.getpid(), sig)
    os._exit(128 + sig)


def _end_own_group() -> None:
    """End every descendant and this process's group, then this process. Never returns."""
    _kill_descendants()
    with contextlib.suppress(OSError):
        if hasattr(os, "killpg") and os.getpgrp() == os.getpid():
            os.killpg(0, _KILL)
    os._exit(0)


def _watch_parent(parent_pid: int) -> None:
    """Daemon thread: end the child's group once its parent is gone (where there is no
    parent-death signal)."""
    while True:
        time.sleep(_WATCH_PERIOD)
        if os.getppid() != parent_pid:
            _end_own_group()


def _before_fork() -> None:
    global _forking_pid
    _forking_pid = os.getpid()


def _after_fork_in_child() -> None:
    """In a process a plug-in forks: die when the forking process dies."""
    _die_with_parent()
    if _forking_pid and os.getppid() != _forking_pid:
        os._exit(0)


def _guardian_stop(signum: int, frame: object) -> None:
    """SIGTERM handler of a guardian: end every descendant, then end by SIGTERM."""
    _kill_descendants()
    _die_like(signum)


def _run_guardian(worker: int) -> None:
    """The guardian's life: reap until ``worker`` ends, end every descendant, then end as
    ``worker`` did. Never returns."""
    with contextlib.suppress(OSError, ValueError):    # hold none of the worker's pipes, files
        for fd in [int(fd) for fd in os.listdir("/proc/self/fd")]:
            if fd > 2:
                with contextlib.suppress(OSError):
                    os.close(fd)
    status = None
    while status is None:
        try:
            pid, code = os.waitpid(-1, 0)
        except ChildProcessError:
            break
        except OSError:
            continue
        if pid == worker:
            status = code
    _kill_descendants()
    if status is not None and os.WIFSIGNALED(status):
        _die_like(os.WTERMSIG(status))
    os._exit(os.WEXITSTATUS(status) if status is not None and os.WIFEXITED(status) else 1)


def guard_descendants() -> bool:
    """Linux, in a child prepared by :func:`child_setup`, before the first plug-in code: fork; the
    copy returns True and runs the plug-in, this process stays as its guardian, never returning.
    Once per process; False (nothing done) elsewhere, off the main thread or if refused."""
    global _guard_tried
    if _guard_tried or not _LINUX or _setup_pid != os.getpid() or not hasattr(os, "fork") \
            or threading.current_thread() is not threading.main_thread():
        return False
    _guard_tried = True
    if not _prctl(_PR_SET_CHILD_SUBREAPER, 1):
        logger.debug("the kernel refused PR_SET_CHILD_SUBREAPER; running unguarded")
        return False
    try:
        previous = signal.signal(signal.SIGTERM, _guardian_stop)
    except (OSError, ValueError):
        _prctl(_PR_SET_CHILD_SUBREAPER, 0)
        return False
    if not _die_with_parent(signal.SIGTERM):   # the game's death reaches the guardian's handler
        signal.signal(signal.SIGTERM, previous)
        _prctl(_PR_SET_CHILD_SUBREAPER, 0)
        return False
    # the game's end may orphan our group while it holds a frozen copy: the
    # kernel's SIGHUP then must not end the guardian halfway through its work
    hangup = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    if os.getppid() != _setup_parent:          # the game is already gone
        _end_own_group()
    import warnings
    guardian = os.getpid()
    with warnings.catch_warnings():            # Python 3.12+ frowns on fork with threads
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:           # the copy: runs the plug-in; SIGKILLed if the guardian dies
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGHUP, hangup or signal.SIG_DFL)
        if not _die_with_parent() or os.getppid() != guardian:
            os._exit(1)    # no guardian to end what the plug-in starts: run no plug-in code
        return True
    _run_guardian(pid)
    return False           # pragma: no cover - never reached


def child_setup(parent_pid: int, own_group: bool = True) -> None:
    """First thing in a child that may run plug-in code: SIGTERM ends it, SIGINT is ignored, with
    ``own_group`` it leads a new process group, and it ends when ``parent_pid`` (the parent's
    ``os.getpid()``) dies, at once if it already has."""
    global _setup_pid, _setup_parent
    for sig, action in ((signal.SIGTERM, signal.SIG_DFL), (signal.SIGINT, signal.SIG_IGN)):
        with contextlib.suppress(OSError, ValueError):
            signal.signal(sig, action)
    if own_group and hasattr(os, "setpgid"):
        try:
            os.setpgid(0, 0)
        except OSError as exc:
            logger.debug("could not start a process group of its own: %s", exc)
    _setup_pid, _setup_parent = os.getpid(), parent_pid
    watched = _die_with_parent()
    if hasattr(os, "register_at_fork"):
        os.register_at_fork(before=_before_fork, after_in_child=_after_fork_in_child)
    if os.name == "posix":
        if os.getppid() != parent_pid:   # the parent died before we got here
            _end_own_group()
        if not watched:
            threading.Thread(target=_watch_parent, args=(parent_pid,), daemon=True,
                             name="connect4-parent-watch").start()


def stop_child(process: BaseProcess, wait: float = 2.0) -> None:
    """End ``process`` (started with :func:`child_setup`), everything it started and its group
    (never our own), then reap it, waiting at most ``wait`` seconds a step. Never raises."""
    with contextlib.suppress(OSError, ValueError, AssertionError, AttributeError):
        pid = process.pid
        if pid is None:                  # never started
            return
        if _LINUX and process.exitcode is None:
            _signal(pid, signal.SIGTERM)
            process.join(wait)
        with contextlib.suppress(OSError):   # no such group (yet, or any more)
            if hasattr(os, "killpg") and pid != os.getpgrp():
                os.killpg(pid, _KILL)
        if process.exitcode is None:     # not reaped: its pid is still its own
            _signal(pid, _KILL)
        process.join(wait)


def describe_exit(exitcode: int | None) -> str:
    """``'exit status 3'``, ``'killed by signal SIGKILL'``; ``'closed its connection'`` for None."""
    if exitcode is None:
        return "closed its connection"
    if exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = str(-exitcode)
        return f"killed by signal {name}"
    return f"exit status {exitcode}"

