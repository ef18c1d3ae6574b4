"""Reading the files anyone can hand the game (a FIFO, ``/dev/zero``, a gigabyte of garbage, JSON
nested a million deep): the text, or one :class:`UserFileError` naming the file in one short line."""

from __future__ import annotations

import json
import os
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from connect4_game.core.messages import ELLIPSIS, clip

__all__ = ["MAX_FILE_BYTES", "MAX_SHOWN_PATH", "MAX_WARNINGS", "UserFileError", "shown_path",
           "read_user_file", "parse_json", "load_user_json", "json_object", "set_aside"]

MAX_FILE_BYTES = 1 << 20      # the largest file the game reads (its own are a few KB)
MAX_SHOWN_PATH = 120          # characters of a path a message shows (the end is kept)
MAX_WARNINGS = 5              # per-entry warnings of one file (then one counts the rest)

_CHUNK = 1 << 16
T = TypeVar("T")


class UserFileError(ValueError):
    """A file that cannot be used, ``"<what> <path> <reason>"``; ``missing`` if it does not exist."""

    def __init__(self, path: str | os.PathLike[str], reason: str, what: str = "file",
                 *, missing: bool = False) -> None:
        self.path = Path(path)
        self.what = what
        self.reason = reason
        self.missing = missing
        super().__init__(f"{what} {shown_path(self.path)} {reason}")


def shown_path(path: str | os.PathLike[str], limit: int = MAX_SHOWN_PATH) -> str:
    """``path`` on one line, at most ``limit`` characters (the end kept)."""
    text = os.fspath(path) if isinstance(path, os.PathLike) else path
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    text = str(text)
    if len(text) > limit:
        text = ELLIPSIS + text[-(limit - 1):]
    return clip(text, limit)


_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


def _kind_of(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a plain file")


def _os_reason(exc: BaseException) -> str:
    text = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return clip(text, 60)


def read_user_file(path: str | os.PathLike[str], what: str = "file") -> str:
    """The UTF-8 text of the regular file ``path`` of at most :data:`MAX_FILE_BYTES` bytes.
    :raises UserFileError: ``missing``, not a regular file, unreadable, too large or not UTF-8."""
    def fail(reason: str, missing: bool = False) -> UserFileError:
        return UserFileError(path, reason, what, missing=missing)
    too_large = f"is too large (more than {MAX_FILE_BYTES // 1024} KiB)"
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise fail("does not exist", missing=True) from None
    except (OSError, ValueError) as exc:        # ValueError: a NUL byte in the path
        raise fail(f"cannot be read ({_os_reason(exc)})") from None
    if not stat.S_ISREG(info.st_mode):
        raise fail(f"is not a regular file (it is {_kind_of(info.st_mode)})")
    if info.st_size > MAX_FILE_BYTES:
        raise fail(too_large)
    flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
             | getattr(os, "O_BINARY", 0))
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise fail("does not exist", missing=True) from None
    except (OSError, ValueError) as exc:
        raise fail(f"cannot be read ({_os_reason(exc)})") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise fail(f"is not a regular file (it is {_kind_of(mode)})")
        chunks: list[bytes] = []
        left = MAX_FILE_BYTES + 1            # one byte more tells "too large"
        while left > 0:
            chunk = os.read(fd, min(left, _CHUNK))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except (OSError, MemoryError) as exc:
        raise fail(f"cannot be read ({_os_reason(exc)})") from None
    finally:
        os.close(fd)
    if left <= 0:                            # it grew, or its size was not told
        raise fail(too_large)
    try:
        return b"".join(chunks).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise fail(f"is not text (not valid UTF-8 at byte {exc.start})") from None
    except MemoryError:
        raise fail("cannot be read (out of memory)") from None


def parse_json(text: str, path: str | os.PathLike[str], what: str = "file") -> object:
    """``text`` (of ``path``) as JSON. :raises UserFileError: for anything that is not usable JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        reason = f"is not valid JSON ({clip(exc.msg, 60)}, line {exc.lineno} column {exc.colno})"
    except RecursionError:
        reason = "is not usable JSON (nested too deeply)"
    except MemoryError:
        reason = "is not usable JSON (too big to hold in memory)"
    except ValueError:      # "Exceeds the limit (4300 digits) for integer string conversion"
        reason = "is not usable JSON (it holds a number with too many digits)"
    except Exception as exc:                     # nothing else is known to happen
        reason = f"is not usable JSON ({type(exc).__name__})"
    raise UserFileError(path, reason, what)


def load_user_json(path: str | os.PathLike[str], what: str, outcome: str,
                   read: Callable[[object], tuple[T, list[str]]]) -> tuple[T | None, list[str]]:
    """``read`` of the JSON file ``path`` and its first :data:`MAX_WARNINGS` problems (one line
    counts the rest), each naming the file; ``(None, [])`` for a missing file, ``(None,
    [warning])`` for one that cannot be used (moved aside with ``outcome``). Never raises.
    :param read: parsed JSON -> ``(value, problems)``; :class:`UserFileError` if not its layout."""
    try:
        value, problems = read(parse_json(read_user_file(path, what), path, what))
    except UserFileError as exc:
        return None, ([] if exc.missing else [set_aside(path, what, exc.reason, outcome)])
    except Exception as exc:         # a bug here must not stop the game starting
        return None, [set_aside(path, what, f"could not be read ({type(exc).__name__})", outcome)]
    prefix = f"{what} {shown_path(path)}"
    lines = [f"{prefix}: {p}" for p in problems[:MAX_WARNINGS]]
    if (rest := len(problems) - MAX_WARNINGS) > 0:
        lines.append(f"{prefix}: {rest} more problem{'s' if rest > 1 else ''} ignored")
    return value, lines


def json_object(data: object, path: str | os.PathLike[str], what: str,
                noun: str) -> dict[str, object]:
    """``data`` (parsed JSON of ``path``) if it is an object. :raises UserFileError:"""
    if isinstance(data, dict):
        return data
    kinds = ((type(None), "null"), (bool, "true or false"), ((int, float), "a number"),
             (str, "a string"), (list, "a list"))
    held = next((name for t, name in kinds if isinstance(data, t)), type(data).__name__)
    raise UserFileError(path, f"is JSON but not {noun} (it holds {held}, not a JSON object)", what)


def set_aside(path: str | os.PathLike[str], what: str, reason: str, outcome: str) -> str:
    """``"<what> <path> <reason>; "`` and :func:`moved_aside`'s words."""
    return f"{what} {shown_path(path)} {reason}; {moved_aside(path, outcome)}"


def moved_aside(path: str | os.PathLike[str], outcome: str) -> str:
    """Rename ``path`` to ``<name>.bad-<YYYYmmdd-HHMMSS>`` (``-2`` ... if taken): ``"renamed it
    <new name> and <outcome>"``, or why not. Never raises."""
    source = Path(path)
    try:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        base = source.with_name(f"{source.name}.bad-{stamp}")
        target, n = base, 1
        while os.path.lexists(target):
            n += 1
            target = source.with_name(f"{base.name}-{n}")
        os.replace(source, target)
    except FileNotFoundError:
        return outcome
    except (OSError, ValueError) as exc:
        return f"could not move it aside ({_os_reason(exc)}) and {outcome}"
    return f"renamed it {clip(target.name, 80)} and {outcome}"
