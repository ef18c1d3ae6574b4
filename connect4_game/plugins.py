"""Plug in your own player: ``--x FILE.py:ClassName``.

:func:`load_player` imports a Python file and builds a player from a class in
it. Three interfaces are understood:

* **BU CS111 ps9** (our engine's): ``Cls(checker)`` (or
  ``Cls(checker, tiebreak, lookahead)`` like ``AIPlayer``) with attribute
  ``checker`` and ``next_move(board)`` on a :class:`connect4_game.board.Board`.
* **HMC CS5** (HMC CS5 hw6pr3): ``Cls(ox, tbt, ply)`` with ``nextMove(board)`` on a
  ``Board(width, height)`` with ``addMove``/``allowsMove``/...
* **Dutch "Vier op een rij"** (Dutch \"Vier op een rij\"): ``Cls(ox, tbt, ply)`` with
  ``next_move(board)`` on a ``Board(width, height)`` with ``add_move``/...

CS5 and Dutch players are wrapped by the *adapter hook*: :data:`ADAPTERS` is
an ordered list of ``(name, detect, wrap)``; the first adapter whose
``detect(instance)`` is true turns the instance into an engine-style player
with ``wrap(instance)``. The built-in ``'cs5'`` adapter (detects an ``ox``
attribute or a ``nextMove`` method) uses
:func:`connect4_game.compat.adapter.as_engine_player`, which copies our board into the
plug-in's own ``Board`` class on every move. :func:`register_adapter` adds
more.

Every problem while loading raises ``ValueError`` with one clear line:
malformed spec, missing file, syntax error (with its line), an exception
while importing, missing class, a class raising in ``__init__``, or an
object without a move method.

:class:`SafePlayer` then runs the plug-in's moves defensively: ``choose``
returns ``('ok', col)`` or ``('error', message)`` -- for an exception, a
non-integer, an out-of-range or a full column -- never raising. A plug-in
that runs for minutes cannot be interrupted inside the same thread; the
caller enforces the time limit:

* the window runs plug-ins in its worker *process* (``connect4_game.ui.worker``,
  job kind ``'plugin'``, with a ``timeout``, 10 s by default): on time-out
  the process is replaced, the window reports it and the user takes over
  that side or starts a new game;
* the console game (``--text``) runs each ``FILE.py:ClassName`` plug-in in
  a process of its own through :class:`ProcessPlayer`: the plug-in gets a
  copy of the board's rows, and whatever it does in its process
  (``os._exit``, raising ``KeyboardInterrupt``, closing ``sys.stdout``,
  threads that never end, walking ``gc`` for the game's objects) cannot
  reach the game; a fault hands the side to the user, as
  :class:`GuardedPlayer` does;
* in-process callers (tests, soak) use
  :meth:`SafePlayer.choose_with_timeout`, which runs ``choose`` on a *daemon*
  thread and returns ``('timeout', message)`` when the limit passes; the
  thread is abandoned (it cannot be killed) and dies with the process, and
  the SafePlayer refuses further moves (``('error', ...)``) while the
  abandoned call is still running, so two calls never overlap.

Child processes that run plug-in code (the window's worker processes, a
:class:`ProcessPlayer`'s process) call :func:`child_setup` first: each leads
a process group of its own, which :func:`kill_process_group` ends with every
process a plug-in started, and each ends by itself when its parent dies. On
Linux they call :func:`guard_descendants` before the first plug-in code, so
that even processes a plug-in starts with ``subprocess`` or in a session of
their own end with the game, however it ends (SIGKILL too), with
:func:`stop_child` and with the plug-in's process.

This module never imports pygame.
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import keyword
import multiprocessing as mp
import multiprocessing.connection as mp_connection
import operator
import os
import signal
import sys
import threading
import time
import traceback
import zlib
from pathlib import Path
from typing import Any, Callable

from connect4_game.board import Board, validate_checker
from connect4_game.compat import SPEC_KINDS, is_compat_spec
from connect4_game.messages import clip, quote
from connect4_game.rules import (CHECKERS, CONSOLE_LOOKAHEAD, CONSOLE_TIEBREAK, NAMED_KINDS,
                                  check_seconds, is_int)

__all__ = ["ADAPTERS", "register_adapter", "parse_spec", "is_plugin_spec", "load_class",
           "load_player", "SafePlayer", "GuardedPlayer", "ProcessPlayer", "describe_exception",
           "child_setup", "guard_descendants", "kill_process_group", "stop_child",
           "describe_exit"]


# -- adapters -----------------------------------------------------------------

def _is_cs5_style(obj: Any) -> bool:
    return hasattr(obj, "ox") or callable(getattr(obj, "nextMove", None))


def _wrap_cs5(obj: Any) -> Any:
    from connect4_game.compat import adapter   # the package registers the CS5/Dutch boards
    return adapter.as_engine_player(obj)


ADAPTERS: list[tuple[str, Callable[[Any], bool], Callable[[Any], Any]]] = [
    ("cs5", _is_cs5_style, _wrap_cs5),
]


def register_adapter(name: str, detect: Callable[[Any], bool],
                     wrap: Callable[[Any], Any], first: bool = True) -> None:
    """Add an adapter for another player interface.

    :param detect: ``detect(instance) -> bool``: does this adapter apply?
    :param wrap: ``wrap(instance) -> player`` with ``checker`` and
        ``next_move(engine_board) -> int``.
    :param first: try it before the built-in ones (default) or after.
    :raises ValueError: if ``detect``/``wrap`` are not callable or the name is taken.
    """
    if not callable(detect) or not callable(wrap):
        raise ValueError("detect and wrap must be callables")
    if any(n == name for n, _, _ in ADAPTERS):
        raise ValueError(f"an adapter named {name!r} is already registered")
    entry = (name, detect, wrap)
    if first:
        ADAPTERS.insert(0, entry)
    else:
        ADAPTERS.append(entry)


# -- spec parsing and loading ---------------------------------------------------

def is_plugin_spec(text: str) -> bool:
    """True if ``text`` looks like ``FILE.py:ClassName`` (a user's own player)."""
    return isinstance(text, str) and ".py:" in text


def check_player_spec(text: str) -> str:
    """Validate a player named on the command line or in a script: one of
    :data:`~connect4_game.rules.NAMED_KINDS` (returned in lower case), a
    plug-in ``FILE.py:ClassName``, or another assignment's player
    (``cs5[:TIEBREAK[:PLY]]``, ``vieropeenrij[...]``); the file is not
    opened here.

    :raises ValueError: one line naming the bad value.
    """
    if not isinstance(text, str):
        raise ValueError(f"a player must be a string, not {clip(type(text).__name__)}")
    low = text.strip().lower()
    if low in NAMED_KINDS:
        return low
    if is_plugin_spec(text):
        parse_spec(text)
        return text
    if is_compat_spec(text):
        return text
    raise ValueError(f"{quote(text)} is not a player: use {', '.join(NAMED_KINDS)}, "
                     f"FILE.py:ClassName or {' / '.join(SPEC_KINDS)}[:TIEBREAK[:PLY]]")


def parse_spec(spec: str) -> tuple[Path, str]:
    """Split ``'path/to/file.py:ClassName'`` into ``(Path, 'ClassName')``.

    The split is at the *last* colon, so Windows paths (``C:\\bots\\a.py:Bot``)
    work. :raises ValueError: naming the spec if it is not of that form.
    """
    if not isinstance(spec, str):
        raise ValueError(f"plug-in spec must be a string 'FILE.py:ClassName', not {spec!r}")
    path_text, sep, cls_name = spec.strip().rpartition(":")
    if not sep or not path_text or not cls_name:
        raise ValueError(f"plug-in spec must look like FILE.py:ClassName, not {spec!r}")
    if not path_text.endswith(".py"):
        raise ValueError(f"plug-in spec {spec!r}: the file must be a .py file "
                         f"(got {path_text!r})")
    if not cls_name.isidentifier() or keyword.iskeyword(cls_name):
        raise ValueError(f"plug-in spec {spec!r}: {cls_name!r} is not a class name")
    return Path(path_text).expanduser(), cls_name


def spec_label(spec: str) -> str:
    """How messages name a plug-in: ``'bots/my_bot.py:Bot'`` -> ``'my_bot.py:Bot'``
    (the file's name without its folders, so a long path cannot push the reason
    out of a clipped message). A spec that does not parse is returned clipped."""
    try:
        path, cls_name = parse_spec(spec)
    except ValueError:
        return clip(spec, 80)
    return f"{clip(path.name, 60)}:{cls_name}"


def describe_exception(exc: BaseException) -> str:
    """``'ZeroDivisionError: division by zero (my_bot.py line 12)'``: the
    exception plus the innermost frame of the plug-in's own file if known.
    The exception's text is clipped to 200 characters (one line)."""
    shown = clip(exc, 200)
    text = f"{type(exc).__name__}: {shown}" if shown else type(exc).__name__
    frames = traceback.extract_tb(exc.__traceback__) if exc.__traceback__ else []
    here = os.path.dirname(os.path.abspath(__file__))
    theirs = [f for f in frames if not os.path.abspath(f.filename).startswith(here)]
    if theirs:
        f = theirs[-1]
        text += f" ({os.path.basename(f.filename)} line {f.lineno})"
    return text


def load_class(spec: str) -> type:
    """Import the file of ``spec`` as a fresh module and return the class.

    The file's directory is appended to ``sys.path`` (so a student's file
    can import its own Board module next to it).

    :raises ValueError: one line, for a malformed spec, a missing or
        unreadable file, a syntax error (file and line named), any
        exception raised while importing, or a missing / non-class name.
    """
    path, cls_name = parse_spec(spec)
    if not path.is_file():
        raise ValueError(f"plug-in file {str(path)!r} not found")
    resolved = path.resolve()
    mod_name = f"connect4_plugin_{zlib.crc32(str(resolved).encode()):08x}_{resolved.stem}"
    folder = str(resolved.parent)
    if folder not in sys.path:
        sys.path.append(folder)
    try:
        source = resolved.read_bytes()
    except OSError as exc:
        raise ValueError(f"cannot read plug-in file {str(path)!r}: {exc.strerror or exc}") from None
    try:
        code = compile(source, str(resolved), "exec")
    except SyntaxError as exc:
        raise ValueError(f"syntax error in plug-in {path.name} line {exc.lineno}: {exc.msg}") \
            from None
    except ValueError as exc:   # e.g. null bytes
        raise ValueError(f"plug-in {path.name} is not valid Python source: {exc}") from None
    module_spec = importlib.util.spec_from_file_location(mod_name, resolved)
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[mod_name] = module
    try:
        exec(code, module.__dict__)
    except BaseException as exc:  # a plug-in may raise anything, even SystemExit
        sys.modules.pop(mod_name, None)
        if isinstance(exc, KeyboardInterrupt):
            raise
        raise ValueError(f"importing plug-in {path.name} raised {describe_exception(exc)}") \
            from None
    cls = getattr(module, cls_name, None)
    if cls is None:
        classes = sorted(n for n, v in vars(module).items()
                         if isinstance(v, type) and not n.startswith("_"))
        hint = f"; classes in it: {', '.join(classes)}" if classes else "; it defines no classes"
        raise ValueError(f"plug-in {path.name} has no class {cls_name!r}{hint}")
    if not isinstance(cls, type):
        raise ValueError(f"{cls_name!r} in plug-in {path.name} is not a class "
                         f"(it is a {type(cls).__name__})")
    return cls


def _required_positional(cls: type) -> int | None:
    """Number of required positional parameters of ``cls(...)``, None if unknown."""
    try:
        sig = inspect.signature(cls)
    except (TypeError, ValueError):
        return None
    return sum(1 for p in sig.parameters.values()
               if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
               and p.default is p.empty)


def load_player(spec: str, checker: str, tiebreak: str = CONSOLE_TIEBREAK,
                lookahead: int = CONSOLE_LOOKAHEAD) -> Any:
    """Build the player of ``spec`` (``'FILE.py:ClassName'``) for ``checker``.

    The class is called with as many of ``(checker, tiebreak, lookahead)``
    as its constructor requires (1 for the assignment's ``Player(checker)``, 3 for
    ``AIPlayer`` / CS5 / Dutch ``Player(ox, tbt, ply)``; by default the console
    game's tiebreak and lookahead, as in the assignment). A CS5/Dutch-style
    instance is wrapped by the first matching adapter (see :data:`ADAPTERS`).
    Specs ``'cs5[:TBT[:PLY]]'`` / ``'vieropeenrij[...]'`` are handed to
    :func:`connect4_game.compat.player_from_spec`.

    :returns: an object with ``checker`` and ``next_move(board) -> int``.
    :raises ValueError: one line naming the problem (see :func:`load_class`),
        a constructor that needs more than 3 arguments or raises, or an
        object with no ``next_move``/``nextMove``.
    """
    validate_checker(checker)
    if not is_plugin_spec(spec) and is_compat_spec(spec):
        from connect4_game.compat import player_from_spec
        return player_from_spec(spec, checker)
    cls = load_class(spec)
    name = cls.__name__
    needed = _required_positional(cls)
    if needed is not None and needed > 3:
        raise ValueError(f"{name}() needs {needed} arguments; a plug-in class must take "
                         f"(checker) or (checker, tiebreak, lookahead)")
    args = (checker, tiebreak, lookahead)[:needed if needed is not None else 1]
    try:
        obj = cls(*args)
    except BaseException as exc:
        if isinstance(exc, KeyboardInterrupt):
            raise
        shown = ", ".join(repr(a) for a in args)
        raise ValueError(f"{name}({shown}) raised {describe_exception(exc)}") from None
    for adapter_name, detect, wrap in ADAPTERS:
        try:
            applies = detect(obj)
        except Exception:
            applies = False
        if applies:
            try:
                return wrap(obj)
            except Exception as exc:
                raise ValueError(f"cannot use {name} as a {adapter_name} player: "
                                 f"{describe_exception(exc)}") from None
    if not callable(getattr(obj, "next_move", None)):
        raise ValueError(f"{name} has no next_move(board) method (the assignment's Player "
                         f"interface) nor nextMove(board)")
    if getattr(obj, "checker", None) not in CHECKERS:
        try:
            obj.checker = checker
        except Exception:
            pass
    return obj


# -- running moves safely -----------------------------------------------------------

class SafePlayer:
    """Runs a plug-in player's moves without ever raising.

    :param player: an object with ``next_move(board)`` (from :func:`load_player`).
    :param label: how messages name it (default: its class name).
    """

    def __init__(self, player: Any, label: str | None = None) -> None:
        if not callable(getattr(player, "next_move", None)):
            raise ValueError(f"{player!r} has no next_move(board) method")
        self.player = player
        self.label = label or type(player).__name__
        self._busy = threading.Lock()   # held while a call runs (even an abandoned one)
        self.thread: threading.Thread | None = None   # last choose_with_timeout thread

    @property
    def busy(self) -> bool:
        """True while a call (possibly an abandoned, timed-out one) is running."""
        return self._busy.locked()

    def choose(self, board: Board) -> tuple[str, Any]:
        """Ask for a column for ``board`` (not modified: the plug-in gets a copy).

        :returns: ``('ok', col)`` with ``col`` a playable column, or
            ``('error', message)`` where message is one line naming the
            plug-in and what went wrong: an exception (type, text, line in
            the plug-in), a non-integer, a column off the board or a full
            column. Never raises (except KeyboardInterrupt).
        """
        if not self._busy.acquire(blocking=False):
            return ("error", f"{self.label} is still busy with an earlier move")
        try:
            return self._choose(board)
        finally:
            self._busy.release()

    def _choose(self, board: Board) -> tuple[str, Any]:
        try:
            copy = board.copy()
        except Exception as exc:
            return ("error", f"cannot copy the board for {self.label}: {exc}")
        try:
            answer = self.player.next_move(copy)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:   # includes SystemExit from a plug-in
            return ("error", f"{self.label}.next_move raised {describe_exception(exc)}")
        if isinstance(answer, bool):
            return ("error", f"{self.label}.next_move returned {answer!r}, not a column number")
        try:
            col = operator.index(answer)    # int, or numpy integer
        except TypeError:
            shown = repr(answer)
            if len(shown) > 60:
                shown = shown[:57] + "..."
            return ("error", f"{self.label}.next_move returned {shown} "
                             f"({type(answer).__name__}), not a column number")
        if not 0 <= col < board.width:
            return ("error", f"{self.label}.next_move returned column {col}, off the board "
                             f"(columns 0 to {board.width - 1})")
        if not board.can_add_to(col):
            return ("error", f"{self.label}.next_move returned column {col}, which is full")
        return ("ok", col)

    def choose_with_timeout(self, board: Board, timeout: float) -> tuple[str, Any]:
        """:meth:`choose` on a daemon thread, waiting at most ``timeout`` seconds.

        :returns: what ``choose`` returns, or ``('timeout', message)``; the
            thread of a timed-out call is abandoned (see the module doc) and
            the next calls return ``('error', 'still busy')`` until it ends.
        :raises ValueError: if ``timeout`` is not a positive number.
        """
        check_seconds(timeout, "timeout")
        if self.busy:
            return ("error", f"{self.label} is still busy with an earlier move")
        box: list = []
        thread = threading.Thread(target=lambda: box.append(self.choose(board)),
                                  name=f"plugin-{self.label}", daemon=True)
        self.thread = thread
        thread.start()
        thread.join(timeout)
        if thread.is_alive():
            return ("timeout", f"{self.label} took longer than {timeout:g} s to move; "
                               "you can take over its side or start a new game")
        return box[0] if box else ("error", f"{self.label} stopped without answering")


class GuardedPlayer:
    """A plug-in player made safe for the console game (``process_move``).

    Has the assignment's player interface (``checker``, ``num_moves``,
    ``opponent_checker()``, ``repr`` ``'Player X'``, ``next_move(b)``). Each
    move goes through :class:`SafePlayer` (with ``timeout`` seconds, if
    given). On the first error or time-out it prints the message and
    ``'You take over X.'`` and from then on ``fallback`` (by default the
    assignment's console :class:`~connect4_game.players.Player`, i.e. the user)
    plays that side: the game goes on, no traceback.

    :param player: the plug-in (from :func:`load_player`).
    :param label: how messages name it (e.g. the spec).
    :param fallback: who takes over; default ``Player(checker)``.
    :param timeout: seconds per move, or None for no limit.
    :param out: a callable printing one line (default :func:`print`).
    """

    def __init__(self, player: Any, label: str | None = None, fallback: Any = None,
                 timeout: float | None = None, out: Callable[[str], Any] = print) -> None:
        self.safe = SafePlayer(player, label)
        checker = getattr(player, "checker", None)
        self.checker = validate_checker(checker)
        if fallback is None:
            from connect4_game.players import Player
            fallback = Player(self.checker)
        self.fallback = fallback
        self.timeout = timeout
        self.out = out
        self.num_moves = 0
        self.taken_over = False
        self.last_error = ""

    def __repr__(self) -> str:
        return "Player " + self.checker

    def opponent_checker(self) -> str:
        return "O" if self.checker == "X" else "X"

    def next_move(self, b: Board) -> int:
        """The plug-in's column, or the fallback's after a fault (see class doc)."""
        if not self.taken_over:
            if self.timeout is None:
                status, value = self.safe.choose(b)
            else:
                status, value = self.safe.choose_with_timeout(b, self.timeout)
            if status == "ok":
                self.num_moves += 1
                return value
            self.taken_over = True
            self.last_error = value
            self.out(f"{value}")
            self.out(f"You take over {self.checker}.")
        col = self.fallback.next_move(b)
        self.num_moves += 1
        return col


# -- child processes: lifetime and isolation ----------------------------------------
#
# Linux, where a plug-in's own processes could otherwise outlive the game: a
# plug-in can start processes that the at-fork hook never sees
# (``subprocess.Popen`` forks in C) and that leave our process group
# (``start_new_session=True``). So the first time a child is about to run
# plug-in code, :func:`guard_descendants` splits it in two: the process the
# game started becomes a small *guardian* that never runs plug-in code, and a
# forked copy of it runs the plug-in. The guardian is a child subreaper
# (prctl PR_SET_CHILD_SUBREAPER, see prctl(2)): every process the plug-in
# starts stays below it, even after its own parent ended or it called
# setsid(). The guardian kills all of them -- freeze the whole tree with
# SIGSTOP, then SIGKILL it -- when the game dies (its parent-death signal is a
# SIGTERM it handles), when it is asked to stop (SIGTERM: :func:`stop_child`)
# and when the plug-in's process ends; then it ends the way that process did.

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
        return libc.prctl(option, value, 0, 0, 0) == 0
    except (OSError, AttributeError, TypeError):
        return False


def _die_with_parent(sig: int = int(_KILL)) -> bool:
    """Linux: have the kernel send this process ``sig`` (SIGKILL by default)
    when the thread that started it ends (its process dies, even by SIGKILL).
    False elsewhere."""
    return _prctl(_PR_SET_PDEATHSIG, int(sig))


def _ended(pid: str, state: bytes) -> bool:
    """True for a process that has ended (a zombie), not for one whose main
    thread alone has ended while other threads go on (shown as a zombie too)."""
    if state not in (b"Z", b"X", b"x"):
        return False
    try:
        return len(os.listdir(f"/proc/{pid}/task")) <= 1
    except OSError:
        return True


def _children_map() -> dict[int, list[int]]:
    """Linux: ``{ppid: [pid, ...]}`` of every process that has not ended
    (zombies left out), read once from /proc."""
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
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except (ChildProcessError, OSError):
            return
        if pid == 0:
            return


def _signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except OSError:
        pass


def _kill_descendants(within: float = _KILL_WITHIN) -> None:
    """Linux: SIGKILL every process below this one, taking at most ``within``
    seconds. The tree is frozen first (SIGSTOP, parents before children, until
    no new process turns up), so nothing can fork away while it is killed;
    then everything is killed, and killed again until /proc shows no
    descendant left. Does nothing where there is no /proc."""
    if not _LINUX or not os.path.isdir("/proc"):
        return
    me = os.getpid()
    deadline = time.monotonic() + within
    stop = getattr(signal, "SIGSTOP", None)
    frozen: list[int] = []
    seen: set[int] = set()
    while stop is not None and time.monotonic() < deadline:
        new = [p for p in _descendants(me) if p not in seen]
        if not new:
            break
        for pid in new:
            _signal(pid, stop)
            seen.add(pid)
            frozen.append(pid)
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
    try:
        signal.signal(sig, signal.SIG_DFL)
    except (OSError, ValueError, RuntimeError):
        pass
    if hasattr(signal, "pthread_sigmask"):
        try:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {sig})
        except (OSError, ValueError):
            pass
    _signal(os.getpid(), sig)
    os._exit(128 + sig)


def _end_own_group() -> None:
    """End this process and every process it started: on Linux each of its
    descendants (see :func:`_kill_descendants`), and everywhere its process
    group, if it leads one. Never returns."""
    _kill_descendants()
    try:
        if hasattr(os, "killpg") and os.getpgrp() == os.getpid():
            os.killpg(0, _KILL)
    except OSError:
        pass
    os._exit(0)


def _watch_parent(parent_pid: int) -> None:
    """Daemon thread of a child: end the child's group once its parent is gone
    (the portable fallback for the Linux parent-death signal)."""
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


def _guardian_stop(signum, frame) -> None:
    """SIGTERM handler of a guardian (asked to stop, or the game died): end
    every descendant, then end by SIGTERM."""
    _kill_descendants()
    _die_like(signum)


def _run_guardian(worker: int) -> None:
    """The guardian's whole life after :func:`guard_descendants` forked
    ``worker``: reap orphans until ``worker`` ends, end every descendant left,
    then end the same way ``worker`` did (exit status or signal). Never returns."""
    try:   # hold nothing of the worker's: its pipes, files, sockets
        fds = [int(fd) for fd in os.listdir("/proc/self/fd")]
    except (OSError, ValueError):
        fds = []
    for fd in fds:
        if fd > 2:
            try:
                os.close(fd)
            except OSError:
                pass
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
    """Linux, in a child prepared by :func:`child_setup`, before the first
    plug-in code: make sure every process the plug-in starts ends with this
    child, even one started by ``subprocess`` or in a session of its own.

    This process forks: the copy returns and goes on (it runs the plug-in;
    it is SIGKILLed if the guardian dies); this process stays behind as the
    copy's guardian and never returns from here. The guardian is a child
    subreaper, so every process the plug-in starts stays below it, and it
    kills all of them when the game dies (its parent-death signal is a
    SIGTERM it handles), on SIGTERM and when the copy ends. It keeps the pid
    the parent knows: signalling, waiting for and :func:`stop_child` work as
    before, and it ends with the copy's exit status or signal.

    Runs once per process (later calls return at once); does nothing, and
    returns False, on other systems, outside such a child, off the main
    thread, or if the kernel refuses. True when the caller now runs guarded.
    """
    global _guard_tried
    if _guard_tried or not _LINUX or _setup_pid != os.getpid() or not hasattr(os, "fork") \
            or threading.current_thread() is not threading.main_thread():
        return False
    _guard_tried = True
    if not _prctl(_PR_SET_CHILD_SUBREAPER, 1):
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
    if os.getppid() != _setup_parent:          # the game is already gone
        _end_own_group()
    import warnings
    guardian = os.getpid()
    with warnings.catch_warnings():            # Python 3.12+ frowns on fork with threads
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:           # the copy: runs the plug-in; SIGKILLed if the guardian dies
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        if not _die_with_parent() or os.getppid() != guardian:
            os._exit(1)    # no guardian to end what the plug-in starts: run no plug-in code
        return True
    _run_guardian(pid)
    return False           # pragma: no cover - never reached


def child_setup(parent_pid: int, own_group: bool = True) -> None:
    """Prepare a child process that may run plug-in code; call it first thing
    in the child.

    * SIGTERM ends the child (the default action, whatever disposition it
      inherited: an ignored SIGTERM survives ``exec``); SIGINT is ignored, since
      the parent decides when its children stop (Ctrl-C is the parent's).
    * With ``own_group`` (POSIX) the child leads a new process group, so that
      :func:`kill_process_group` also ends every process a plug-in starts.
    * The child ends when its parent does, even when the parent is killed by
      SIGKILL: on Linux through the kernel's parent-death signal (SIGKILL;
      note that it fires when the parent *thread* that started the child
      ends), everywhere else that has a parent pid through a daemon thread
      that checks every 0.5 s whether the parent changed, and then kills the
      child's group. Processes a plug-in forks with ``os.fork`` get the same
      parent-death signal, so they end with the child.
    * On Linux, call :func:`guard_descendants` before running plug-in code:
      then every process a plug-in starts, in any way, ends with the child.

    :param parent_pid: ``os.getpid()`` of the parent, taken before starting
        the child; a child whose parent already died ends at once.
    :param own_group: start a new process group (skipped where there is no
        ``os.setpgid``).
    """
    global _setup_pid, _setup_parent
    for name, action in (("SIGTERM", signal.SIG_DFL), ("SIGINT", signal.SIG_IGN)):
        if hasattr(signal, name):
            try:
                signal.signal(getattr(signal, name), action)
            except (OSError, ValueError):
                pass
    if own_group and hasattr(os, "setpgid"):
        try:
            os.setpgid(0, 0)
        except OSError:
            pass
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


def kill_process_group(pid: int | None, leader: bool = True) -> None:
    """SIGKILL the process group led by child ``pid`` (see :func:`child_setup`)
    and, with ``leader``, ``pid`` itself (for a child not in its group yet).

    Pass ``leader=False`` once the child has been reaped (its pid may belong
    to another process by then); a group id stays reserved while any process
    of the group lives, so the group itself is always safe to signal. Our own
    group is never signalled. Never raises; on Windows it ends ``pid`` only.
    """
    if not pid or pid <= 0:
        return
    if hasattr(os, "killpg"):
        try:
            if pid != os.getpgrp():      # never our own group
                os.killpg(pid, _KILL)
        except OSError:                  # no such group (yet, or any more)
            pass
    if leader:
        try:
            os.kill(pid, _KILL)
        except OSError:
            pass


def stop_child(process, wait: float = 2.0) -> None:
    """End a ``multiprocessing`` child started with :func:`child_setup`, every
    process a plug-in started in it and its process group, then reap it
    (waiting at most ``wait`` seconds for each step). Never raises.

    On Linux the child is first sent SIGTERM: a guardian (see
    :func:`guard_descendants`) then ends every process below it, even those
    outside its group, before it ends; a child that is not one just ends.
    Then, and everywhere else at once, the group is killed with SIGKILL."""
    try:
        if process.pid is None:          # never started
            return
        if _LINUX and process.exitcode is None:
            try:
                os.kill(process.pid, signal.SIGTERM)
            except OSError:
                pass
            process.join(wait)
        kill_process_group(process.pid, leader=process.exitcode is None)
        process.join(wait)
    except (OSError, ValueError, AssertionError, AttributeError):
        pass


def describe_exit(exitcode: int | None) -> str:
    """``'exit status 3'``, ``'killed by signal SIGKILL'`` or, for a process
    still running (None), ``'closed its connection'``: how a child ended."""
    if exitcode is None:
        return "closed its connection"
    if exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = str(-exitcode)
        return f"killed by signal {name}"
    return f"exit status {exitcode}"


# -- a plug-in in a process of its own (console game) ------------------------------

MAX_REPLY = 64 * 1024       # bytes: the longest answer a plug-in process may send


def _send_json(conn, *values) -> None:
    conn.send_bytes(json.dumps(list(values)).encode("utf-8"))


def _plugin_main(conn, parent_pid: int, spec: str, checker: str, tiebreak: str,
                 lookahead: int, label: str) -> None:
    """Child process of :class:`ProcessPlayer`: load the plug-in, then answer
    ``{"rows": [...]}`` requests with ``["ok", col]`` or ``["error", text]``
    (JSON, so the parent never unpickles anything the plug-in could forge)."""
    child_setup(parent_pid)
    guard_descendants()
    try:
        safe = SafePlayer(load_player(spec, checker, tiebreak, lookahead), label=label)
    except BaseException as exc:   # KeyboardInterrupt too: one line for the parent
        text = clip(exc, 300) if isinstance(exc, ValueError) else \
            f"loading {label} raised {describe_exception(exc)}"
        try:
            _send_json(conn, "error", text)
        except Exception:
            pass
        return
    try:
        _send_json(conn, "ready", checker)
    except Exception:
        return
    while True:
        try:
            request = json.loads(conn.recv_bytes())
            rows = request["rows"]
            board = Board(len(rows), len(rows[0]))
            board.slots = [list(r) for r in rows]
        except (EOFError, OSError, KeyboardInterrupt):
            return
        except Exception as exc:   # pragma: no cover - the parent sends well-formed requests
            _send_json(conn, "error", f"bad request: {clip(exc)}")
            continue
        try:
            status, value = safe.choose(board)
        except BaseException as exc:   # KeyboardInterrupt from the plug-in's move
            status, value = "error", f"{label}.next_move raised {describe_exception(exc)}"
        try:
            _send_json(conn, status, value)
        except Exception:
            return


class ProcessPlayer:
    """A ``FILE.py:ClassName`` plug-in that plays from a process of its own.

    The console game's plug-in player: the plug-in is loaded and run only in
    a child process (started with ``start_method``, ``'spawn'`` by default,
    set up by :func:`child_setup`: its own process group, gone when this
    process dies). Each move sends the child the board's rows (a copy) and
    reads back a column, as JSON; the plug-in can neither see nor change the
    game's :class:`~connect4_game.board.Board`, and nothing it does in its
    process (``os._exit``, ``sys.exit``, raising ``KeyboardInterrupt``,
    closing ``sys.stdout``, threads that never end, processes it forks or
    starts, see :func:`guard_descendants`) can end or hang the game.

    Same interface and fall-back as :class:`GuardedPlayer`: ``checker``,
    ``num_moves``, ``opponent_checker()``, ``repr`` ``'Player X'`` and
    ``next_move(board) -> int``. On the first fault (an exception, a bad
    column, no answer within ``timeout`` seconds, the process ending) it
    prints one line -- what happened and ``'You take over X.'`` -- stops the
    child and from then on ``fallback`` (by default the console
    :class:`~connect4_game.players.Player`, i.e. the user) plays that side.
    :meth:`close` ends the child and every process in its group.

    :param spec: ``'FILE.py:ClassName'``.
    :param checker: ``'X'`` or ``'O'``.
    :param label: how messages name the plug-in (default ``spec``).
    :param timeout: seconds per move, or None for no limit.
    :param load_timeout: seconds the child may take to start and load the plug-in.
    :param out: a callable printing one line (default :func:`print`).
    :raises ValueError: one line, if the plug-in cannot be loaded (see
        :func:`load_player`), its process ends while loading it, or loading
        takes longer than ``load_timeout`` seconds; no child is left running.
    """

    def __init__(self, spec: str, checker: str, tiebreak: str = CONSOLE_TIEBREAK,
                 lookahead: int = CONSOLE_LOOKAHEAD, label: str | None = None,
                 fallback: Any = None, timeout: float | None = 60.0,
                 load_timeout: float = 60.0, out: Callable[[str], Any] = print,
                 start_method: str = "spawn") -> None:
        self.checker = validate_checker(checker)
        parse_spec(spec)                    # a malformed spec needs no process
        self.label = label or spec_label(spec)
        self.timeout = timeout
        self.out = out
        self._fallback = fallback
        self.num_moves = 0
        self.taken_over = False
        self.last_error = ""
        ctx = mp.get_context(start_method)
        self._conn, child = ctx.Pipe(duplex=True)
        self._process = ctx.Process(
            target=_plugin_main, daemon=True, name="connect4-plugin",
            args=(child, os.getpid(), spec, self.checker, tiebreak, lookahead, self.label))
        try:
            try:
                self._process.start()
            finally:
                child.close()
            status, value = self._receive(load_timeout)
        except BaseException:
            self.close()
            raise
        if status != "ready":
            self.close()
            if status == "died":
                value = f"loading plug-in {self.label} ended its process ({value})"
            elif status == "timeout":
                value = f"plug-in {self.label} did not load within {load_timeout:g} s"
            elif status != "error":
                value = f"plug-in {self.label} did not start properly"
            raise ValueError(value)

    @property
    def pid(self) -> int | None:
        """Process id of the plug-in's process (None once it is stopped)."""
        return None if self._process is None else self._process.pid

    def __repr__(self) -> str:
        return "Player " + self.checker

    def opponent_checker(self) -> str:
        return "O" if self.checker == "X" else "X"

    def _receive(self, timeout: float | None) -> tuple[str, Any]:
        """Wait for the child's next answer: ``('ready'|'ok'|'error', value)``,
        ``('died', how)`` or ``('timeout', None)``. Raises KeyboardInterrupt
        (Ctrl-C) as it comes."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                ready = mp_connection.wait([self._conn, self._process.sentinel], left)
            except (OSError, ValueError):
                ready = [self._process.sentinel]
            if self._conn in ready:
                try:
                    data = self._conn.recv_bytes(MAX_REPLY)
                except (EOFError, OSError):
                    return ("died", self._exit_text())
                try:
                    answer = json.loads(data)
                except (ValueError, TypeError, RecursionError):
                    answer = None
                if isinstance(answer, list) and len(answer) == 2 \
                        and answer[0] in ("ready", "ok", "error"):
                    status, value = answer
                    return (status, value if status == "ok" else clip(value, 300))
                return ("bad", None)
            if self._process.sentinel in ready:
                return ("died", self._exit_text())
            if not ready and deadline is not None and time.monotonic() >= deadline:
                return ("timeout", None)

    def _exit_text(self) -> str:
        self._process.join(0.5)
        return describe_exit(self._process.exitcode)

    def _ask(self, b: Board) -> tuple[str, Any]:
        """One move from the child: ``('ok', col)`` or ``('fault', message)``."""
        try:
            self._conn.send_bytes(json.dumps({"rows": ["".join(r) for r in b.slots]}).encode())
        except (OSError, ValueError):
            return ("fault", f"{self.label} ended its process ({self._exit_text()})")
        status, value = self._receive(self.timeout)
        if status == "ok":
            ok = is_int(value, 0, b.width - 1) and b.can_add_to(value)
            if ok:
                return ("ok", value)
            return ("fault", f"{self.label} answered {clip(value, 20)!s}, "
                             "which is not a playable column")
        if status == "died":
            return ("fault", f"{self.label} ended its process ({value})")
        if status == "timeout":
            return ("fault", f"{self.label} took longer than {self.timeout:g} s to move")
        if status == "error":
            return ("fault", value)
        return ("fault", f"{self.label} sent an answer that is not a move")

    def next_move(self, b: Board) -> int:
        """The plug-in's column for ``b`` (``b`` is not changed), or the
        fallback's after a fault (see the class doc).

        :raises KeyboardInterrupt: on Ctrl-C while waiting (the game ends;
            call :meth:`close`).
        """
        if not self.taken_over:
            if self._process is None:
                status, value = "fault", f"{self.label} was stopped"
            else:
                status, value = self._ask(b)
            if status == "ok":
                self.num_moves += 1
                return value
            self.taken_over = True
            self.last_error = value
            self.close()
            self.out(f"{value}. You take over {self.checker}.")
        if self._fallback is None:
            from connect4_game.players import Player
            self._fallback = Player(self.checker)
        col = self._fallback.next_move(b)
        self.num_moves += 1
        return col

    def close(self) -> None:
        """End the plug-in's process and every process in its group (idempotent,
        never raises)."""
        proc, self._process = getattr(self, "_process", None), None
        if proc is not None:
            stop_child(proc)
        conn = getattr(self, "_conn", None)
        if conn is not None:
            try:
                conn.close()
            except OSError:
                pass

    def __enter__(self) -> "ProcessPlayer":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
