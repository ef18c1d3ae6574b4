"""A ``FILE.py:ClassName`` plug-in that plays from a process of its own (the console game and the
tournament)."""

from __future__ import annotations

import contextlib
import io
import json
import multiprocessing as mp
import multiprocessing.connection as mp_connection
import os
import sys
import time
from collections.abc import Callable
from multiprocessing.process import BaseProcess
from typing import TextIO

from connect4_game.core.board import Board, validate_checker
from connect4_game.core.checks import is_int, shown
from connect4_game.core.console import CONSOLE_LOOKAHEAD, CONSOLE_TIEBREAK, ConsolePlayer
from connect4_game.core.messages import clip
from connect4_game.plugins.lifetime import child_setup, describe_exit, guard_descendants, stop_child
from connect4_game.plugins.loader import SafePlayer, describe_exception, load_player, spec_label
from connect4_game.seat_config import parse_spec

__all__ = ["ProcessPlayer", "MAX_REPLY"]

MAX_REPLY = 64 * 1024           # bytes: the longest answer a plug-in's process may send
_MAX_LINE = 4096                # characters of a plug-in's unfinished printed line kept


class _Prefixed(io.TextIOBase):
    """The plug-in's ``sys.stdout`` and ``sys.stderr``: each line it prints goes to ``target`` as
    ``'label: line'``."""

    def __init__(self, label: str, target: TextIO) -> None:
        self._label, self._target, self._partial = label, target, ""

    def write(self, text: str) -> int:
        self._partial += str(text)
        *lines, self._partial = self._partial.split("\n")
        if len(self._partial) > _MAX_LINE:
            lines.append(self._partial)
            self._partial = ""
        for line in lines:
            self._target.write(f"{self._label}: {line}\n")
        if lines:
            self._target.flush()
        return len(text)

    def flush(self) -> None:
        self._target.flush()


def _keep_stdout_clean(label: str) -> None:
    """Nothing the plug-in, or a program it starts, prints reaches the game's standard output
    (a table, JSON or the assignment's board): file descriptor 1 becomes standard error, and
    what the plug-in prints there starts with ``label``."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(2, 1)
    err = sys.stderr
    sys.stdout = sys.stderr = None if err is None else _Prefixed(label, err)


def _send_json(conn: mp_connection.Connection, *values: object) -> None:
    conn.send_bytes(json.dumps(list(values)).encode("utf-8"))


def _plugin_main(conn: mp_connection.Connection, parent_pid: int, spec: str, checker: str,
                 tiebreak: str, lookahead: int, label: str) -> None:
    """The child: load the plug-in, then answer ``{"rows": [...]}`` with ``["ok", col]`` or
    ``["error", text]`` as JSON (the parent never unpickles what the plug-in could forge)."""
    child_setup(parent_pid)
    _keep_stdout_clean(label)
    guard_descendants()
    try:
        safe = SafePlayer(load_player(spec, checker, tiebreak, lookahead), label=label)
    except BaseException as exc:   # KeyboardInterrupt too: one line for the parent
        text = clip(exc, 300) if isinstance(exc, ValueError) else \
            f"loading {label} raised {describe_exception(exc)}"
        with contextlib.suppress(Exception):
            _send_json(conn, "error", text)
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
    """BU CS111 ps9's player (Problem 2) for a plug-in run in a child process: each move sends the
    rows and reads a column, as JSON, so the plug-in cannot change, end or hang the game. On the
    first fault (an exception, a bad column, no answer within ``timeout`` seconds or None, the
    process ending) ``out`` gets one line ending ``'You take over X.'``, the child is stopped and
    ``fallback`` (default the console's ``Player``) plays on.
    :raises ValueError: one line, if the plug-in cannot be loaded within ``load_timeout`` seconds;
        no child is left running."""

    def __init__(self, spec: str, checker: str, tiebreak: str = CONSOLE_TIEBREAK,
                 lookahead: int = CONSOLE_LOOKAHEAD, label: str | None = None,
                 fallback: ConsolePlayer | None = None, timeout: float | None = 60.0,
                 load_timeout: float = 60.0, out: Callable[[str], object] = print) -> None:
        self.checker = validate_checker(checker)
        parse_spec(spec)                    # a malformed spec needs no process
        self.label = label or spec_label(spec)
        self.timeout = timeout
        self.out = out
        self._fallback = fallback
        self.num_moves = 0
        self.taken_over = False
        self.last_error = ""
        ctx = mp.get_context("spawn")
        self._conn, child = ctx.Pipe(duplex=True)
        self._process: BaseProcess | None = ctx.Process(
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
            raise ValueError(str(value))

    @property
    def pid(self) -> int | None:
        """The plug-in's process id (None once stopped)."""
        return None if self._process is None else self._process.pid

    def __repr__(self) -> str:
        return "Player " + self.checker

    def _receive(self, timeout: float | None) -> tuple[str, object]:
        """``('ready'|'ok'|'error', value)``, ``('died', how)``, ``('bad', None)`` or ``('timeout',
        None)``, waiting ``timeout`` seconds (None: while the child lives)."""
        process = self._process
        if process is None:
            return ("died", "stopped")
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                ready = mp_connection.wait([self._conn, process.sentinel], left)
            except (OSError, ValueError):
                ready = [process.sentinel]
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
            if process.sentinel in ready:
                return ("died", self._exit_text())
            if not ready and deadline is not None and time.monotonic() >= deadline:
                return ("timeout", None)

    def _exit_text(self) -> str:
        process = self._process
        if process is None:
            return "stopped"
        process.join(0.5)
        return describe_exit(process.exitcode)

    def _ask(self, b: Board) -> int | str:
        """One move from the child: its column, or one line on what went wrong."""
        if self._process is None:
            return f"{self.label} was stopped"
        try:
            self._conn.send_bytes(json.dumps({"rows": ["".join(r) for r in b.slots]}).encode())
        except (OSError, ValueError):
            return f"{self.label} ended its process ({self._exit_text()})"
        status, value = self._receive(self.timeout)
        if status == "ok":
            if isinstance(value, int) and is_int(value, 0, b.width - 1) and b.can_add_to(value):
                return value
            return f"{self.label} answered {shown(value)}, which is not a playable column"
        if status == "died":
            return f"{self.label} ended its process ({value})"
        if status == "timeout":
            return f"{self.label} took longer than {self.timeout:g} s to move"
        if status == "error":     # the child's words name the plug-in; forged ones may not
            text = str(value)
            return text if text.startswith(self.label) else f"{self.label}: {text}"
        return f"{self.label} sent an answer that is not a move"

    def next_move(self, b: Board) -> int:
        """The plug-in's column for ``b`` (unchanged), or the fallback's after a fault.
        :raises KeyboardInterrupt: on Ctrl-C while waiting."""
        if not self.taken_over:
            answer = self._ask(b)
            if isinstance(answer, int):
                self.num_moves += 1
                return answer
            self.taken_over = True
            self.last_error = answer
            self.close()
            self.out(f"{answer}. You take over {self.checker}.")
        if self._fallback is None:
            from connect4_game.players import Player
            self._fallback = Player(self.checker)
        col: int = self._fallback.next_move(b)
        self.num_moves += 1
        return col

    def close(self) -> None:
        """End the plug-in's process and its group; idempotent, never raises."""
        proc, self._process = getattr(self, "_process", None), None
        if proc is not None:
            stop_child(proc)
        conn = getattr(self, "_conn", None)
        if conn is not None:
            with contextlib.suppress(OSError):
                conn.close()

    def __enter__(self) -> ProcessPlayer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
