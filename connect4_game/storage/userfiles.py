"""Reading the files anyone can hand the game (settings, statistics, saved
games): a FIFO, ``/dev/zero``, a gigabyte of garbage, JSON nested a million
deep, a 5,000-digit number. Reading returns the text or raises one
:class:`UserFileError`, one short line naming the file and the problem --
never another exception, a hang or the file's content. :func:`set_aside`
moves an unusable file out of the way. This module never imports pygame."""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path

from connect4_game.core.messages import ELLIPSIS, clip, quote

__all__ = ["MAX_FILE_BYTES", "MAX_SHOWN_PATH", "SHOWN_VALUE", "MAX_WARNINGS", "UserFileError",
           "shown_path", "quote_value", "read_user_file", "parse_json", "load_json",
           "json_kind", "set_aside", "bounded_warnings"]

MAX_FILE_BYTES = 1 << 20      # the largest file the game reads (its own are a few KB)
MAX_SHOWN_PATH = 120          # characters of a path a message shows (the end is kept)
SHOWN_VALUE = 40              # characters of a bad key or value a warning quotes
MAX_WARNINGS = 5              # per-entry warnings of one file (then one counts the rest)

_CHUNK = 1 << 16


class UserFileError(ValueError):
    """A file cannot be used; ``str()`` is one line, ``"<what> <path> <reason>"``:
    ``path``, ``what`` (its role, ``"settings file"``), ``reason`` (starting
    with a verb, ``"is not valid JSON (...)"``) and ``missing`` (it does not exist)."""

    def __init__(self, path: str | os.PathLike[str], reason: str, what: str = "file",
                 *, missing: bool = False) -> None:
        self.path = Path(path)
        self.what = what
        self.reason = reason
        self.missing = missing
        super().__init__(f"{what} {shown_path(self.path)} {reason}")


def shown_path(path: str | os.PathLike[str]) -> str:
    """``path`` as a message shows it: one line, at most :data:`MAX_SHOWN_PATH`
    characters, cut at the start (``…/long/dir/settings.json``) when longer."""
    text = os.fspath(path) if isinstance(path, os.PathLike) else path
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    text = str(text)
    if len(text) > MAX_SHOWN_PATH:
        text = ELLIPSIS + text[-(MAX_SHOWN_PATH - 1):]
    return clip(text, MAX_SHOWN_PATH)


def quote_value(value: object) -> str:
    """A bad key or value as a loader's message quotes it: :func:`~connect4_game.core.messages.quote`
    cut to :data:`SHOWN_VALUE` characters (``'kkkk…'``), one line, never raising."""
    return quote(value, SHOWN_VALUE)


_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


def _kind_of(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a plain file")


def _os_reason(exc: BaseException) -> str:
    text = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return clip(text, 60)


def read_user_file(path: str | os.PathLike[str], what: str = "file") -> str:
    """The text (UTF-8, a leading byte-order mark dropped, not stripped) of
    the regular file ``path``, whose role ``what`` messages name. Only a
    regular file is opened, non-blocking, and checked again on the open
    descriptor (a FIFO swapped in cannot block); at most
    :data:`MAX_FILE_BYTES` bytes are read.

    :raises UserFileError: ``missing=True`` if it does not exist; not a
        regular file, unreadable, too large or not UTF-8."""
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
    except UserFileError:
        raise
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
    """``text`` (the content of ``path``) parsed as JSON, any JSON value.

    :raises UserFileError: naming ``path`` (never another exception): not valid
        JSON, a number too long, nesting too deep, out of memory."""
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


def load_json(path: str | os.PathLike[str], what: str = "file") -> object:
    """:func:`read_user_file` then :func:`parse_json`. :raises UserFileError: as those."""
    return parse_json(read_user_file(path, what), path, what)


def json_kind(value: object) -> str:
    """A short English name of a parsed JSON value's type, e.g. ``'a list'``, ``'null'``."""
    kinds = ((type(None), "null"), (bool, "true or false"), ((int, float), "a number"),
             (str, "a string"), (list, "a list"), (dict, "an object"))
    return next((name for t, name in kinds if isinstance(value, t)), type(value).__name__)


def set_aside(path: str | os.PathLike[str], what: str, reason: str, outcome: str) -> str:
    """Move the unusable file ``path`` aside (:func:`moved_aside`) and word
    the one-line warning: ``"settings file /c/settings.json is not valid
    JSON (...); renamed it settings.json.bad-20261123-142501 and started
    with default settings"`` (``what``, ``reason``, ``outcome``). Never raises."""
    return f"{what} {shown_path(path)} {reason}; {moved_aside(path, outcome)}"


def moved_aside(path: str | os.PathLike[str], outcome: str) -> str:
    """Rename ``path`` to ``<name>.bad-<YYYYmmdd-HHMMSS>`` (``-2``, ... if
    taken; :func:`os.replace` never opens it, a symlink itself is moved) and
    say so: ``"renamed it <new name> and <outcome>"``, or why it could not be
    moved, or just ``outcome`` if it is gone. Never raises."""
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


def bounded_warnings(prefix: str, problems: list[str], limit: int = MAX_WARNINGS) -> list[str]:
    """``"<prefix>: <problem>"`` for the first ``limit`` problems, then one
    line counting the rest. :raises ValueError: if ``limit`` < 1."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    lines = [f"{prefix}: {p}" for p in problems[:limit]]
    rest = len(problems) - limit
    if rest > 0:
        lines.append(f"{prefix}: {rest} more problem{'s' if rest > 1 else ''} ignored")
    return lines
