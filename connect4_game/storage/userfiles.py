"""Reading the files a user (or anyone with access to their disk) can hand the game.

Settings, statistics, the autosave and saved games all come through here. A
file can be anything: a FIFO that would block the start for ever,
``/dev/zero``, a gigabyte of garbage, JSON nested a million levels deep, a
number with 5,000 digits, a symlink to some private text file. Whatever it is,
reading it either returns its text or raises one :class:`UserFileError` with a
short, one-line message that names the file and says what is wrong -- never
another exception, never a hang, and never the file's content.

* :func:`read_user_file` -- the file's text (regular files only, at most
  :data:`MAX_FILE_BYTES`, UTF-8 with an optional byte-order mark).
* :func:`parse_json` / :func:`load_json` -- the same, parsed as JSON.
* :func:`set_aside` -- move an unusable configuration file out of the way
  (``settings.json`` -> ``settings.json.bad-20261123-142501``) so that the next
  start is clean, and word the warning that says where it went.
* :func:`shown_path` -- a path as messages show it (bounded, one line);
  :func:`quote_value` -- a bad key or value as messages quote it.
* :func:`bounded_warnings` -- at most :data:`MAX_WARNINGS` lines for one file.

This module never imports pygame.
"""

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

MAX_FILE_BYTES = 1 << 20
"""The largest file (bytes) the game reads; its own files are a few KB."""

MAX_SHOWN_PATH = 120
"""The most characters of a path a message shows (the end is kept)."""

SHOWN_VALUE = 40
"""The most characters of a bad key or value a loader's message quotes: with
the file's path and what happened to the file, a warning stays one short line."""

MAX_WARNINGS = 5
"""The most per-entry warnings one file gives (then one line counts the rest)."""

_CHUNK = 1 << 16


class UserFileError(ValueError):
    """A file cannot be used. ``str()`` is one line: ``"<what> <path> <reason>"``.

    :ivar path: the file (:class:`~pathlib.Path`) as given.
    :ivar what: its role, e.g. ``"settings file"`` or ``"saved game"``.
    :ivar reason: what is wrong, starting with a verb, e.g.
        ``"is not valid JSON (Expecting value, line 1 column 1)"``.
    :ivar missing: True if the file does not exist (callers that treat a
        missing file as "nothing saved yet" check this).
    """

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


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def _os_reason(exc: BaseException) -> str:
    text = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return clip(text, 60)


def read_user_file(path: str | os.PathLike[str], what: str = "file") -> str:
    """The text of the regular file ``path``, read safely.

    The file is ``stat``-ed first (symlinks are followed) and only a regular
    file is opened, non-blocking, then checked again with ``fstat`` on the
    open descriptor, so a FIFO or device swapped in meanwhile cannot block or
    flood the reader. At most :data:`MAX_FILE_BYTES` bytes are read. The
    bytes are decoded as UTF-8; a leading byte-order mark is dropped.

    :param path: the file.
    :param what: its role in messages, e.g. ``"settings file"``.
    :returns: the decoded text (str), not stripped.
    :raises UserFileError: with ``missing=True`` if it does not exist;
        otherwise if it is not a regular file, cannot be read, is larger
        than :data:`MAX_FILE_BYTES` or is not UTF-8 text.
    """
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
    """Parse ``text`` (the content of ``path``) as JSON.

    :returns: the parsed value (any JSON type, including None for ``null``).
    :raises UserFileError: naming ``path``: not valid JSON (with line and
        column), a number too long to convert, nesting too deep, or out of
        memory -- never another exception.
    """
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
    """:func:`read_user_file` then :func:`parse_json`.

    :returns: the parsed value (any JSON type).
    :raises UserFileError: as those two (``missing=True`` for a missing file).
    """
    return parse_json(read_user_file(path, what), path, what)


def json_kind(value: object) -> str:
    """A short English name of a parsed JSON value's type, e.g. ``'a list'``, ``'null'``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def set_aside(path: str | os.PathLike[str], what: str, reason: str, outcome: str) -> str:
    """Move the unusable configuration file ``path`` aside and word the warning.

    The file is renamed (:func:`os.replace`, which never opens it, so a FIFO
    or device is moved without blocking) to ``<name>.bad-<YYYYmmdd-HHMMSS>``
    in the same directory (``-2``, ``-3``, ... appended if that name is
    taken). For a symlink, the link is moved, not what it points to.

    :param path: the file.
    :param what: its role, e.g. ``"settings file"``.
    :param reason: what is wrong, starting with a verb (see :class:`UserFileError`).
    :param outcome: what the game does instead, e.g. ``"started with default settings"``.
    :returns: the warning, one line, e.g. ``"settings file /c/settings.json
        is not valid JSON (...); renamed it settings.json.bad-20261123-142501
        and started with default settings"`` (the new name is in the same
        directory, so only the name is shown). If the move fails, the
        warning says so instead. Never raises.
    """
    source = Path(path)
    head = f"{what} {shown_path(source)} {reason}"
    return f"{head}; {moved_aside(source, outcome)}"


def moved_aside(path: str | os.PathLike[str], outcome: str) -> str:
    """Rename ``path`` as :func:`set_aside` does and say so: ``"renamed it
    settings.json.bad-20261123-142501 and <outcome>"`` (or why it could not
    be moved, or just ``outcome`` if it is gone already). Never raises."""
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
    line counting the rest, so a file of 100,000 bad entries gives a handful
    of lines, not 100,000.

    :raises ValueError: if ``limit`` < 1.
    """
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    lines = [f"{prefix}: {p}" for p in problems[:limit]]
    rest = len(problems) - limit
    if rest > 0:
        lines.append(f"{prefix}: {rest} more problem{'s' if rest > 1 else ''} ignored")
    return lines
