"""Atomic file writes (a locked, fsync-ed temporary file beside the target takes its name), and the
``<file>.lock`` (filelock) around a read-modify-write shared by every process (docs/files.md)."""

from __future__ import annotations

import contextlib
import errno
import itertools
import json
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from connect4_game.core.checks import check_seconds

__all__ = ["atomic_write_bytes", "atomic_write_new", "json_bytes", "remove_stale_temp_files",
           "STALE_AFTER", "UNUSED_AFTER", "LOCK_TIMEOUT", "LOCK_SUFFIX", "locked"]

_TEMP_SUFFIX = ".tmp"
# ".<target name>.<mkstemp's 8 random characters>.tmp", as made by atomic_write_bytes
_TEMP_NAME = re.compile(r"\..+\.[a-z0-9_]{8}" + re.escape(_TEMP_SUFFIX), re.ASCII)

STALE_AFTER = 60.0      # seconds: a temporary file this old is abandoned in any case
UNUSED_AFTER = 1.0      # seconds: one no writer holds (a writer locks it at once)

_POSIX = sys.platform != "win32"
_MAX_NAMES = 10_000       # names atomic_write_new tries before giving up
LOCK_TIMEOUT = 10.0      # seconds to wait for another process's lock (held for ms)
LOCK_SUFFIX = ".lock"
_POLL = 0.002            # seconds between tries while another process holds the lock

T = TypeVar("T")


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically (folders made); returns the path.
    :raises TypeError: ``data`` is not bytes-like.
    :raises OSError: the directory is not writable, the disk is full, ..."""
    target = Path(path)
    def commit(tmp_name: str) -> Path:
        os.replace(tmp_name, target)
        return target
    return _via_temp_file(target.parent, target.name, data, commit)


def atomic_write_new(directory: str | os.PathLike[str], names: Iterable[str], data: bytes) -> Path:
    """Write ``data`` atomically as a new file of ``directory`` under the first free one of
    ``names`` (never an overwrite); returns its path.
    :raises TypeError: ``data`` is not bytes-like.
    :raises ValueError: a name that is empty, ``.``/``..`` or holds a path separator.
    :raises FileExistsError: every name tried is taken.
    :raises OSError: the directory is not writable, the disk is full, ..."""
    folder = Path(directory)
    def commit(tmp_name: str) -> Path:
        for name in itertools.islice(names, _MAX_NAMES):
            if not name or name in (".", "..") or os.sep in name or "/" in name \
                    or (os.altsep and os.altsep in name):
                raise ValueError(f"not a file name: {name[:40]!r}")
            target = folder / name
            if _link_or_claim(tmp_name, target):
                return target
        raise FileExistsError(errno.EEXIST, "every name is taken", str(folder))
    return _via_temp_file(folder, "new", data, commit)


def _link_or_claim(tmp_name: str, target: Path) -> bool:
    try:
        os.link(tmp_name, target)
    except FileExistsError:
        return False
    except OSError:                      # no hard links here: claim the name, then rename
        try:
            os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        except FileExistsError:
            return False
        try:
            os.replace(tmp_name, target)
        except BaseException:
            _unlink_quietly(str(target))
            raise
        return True
    _unlink_quietly(tmp_name)
    return True


def _via_temp_file(directory: Path, name: str, data: bytes,
                   commit: Callable[[str], T]) -> T:
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"data must be bytes, got {type(data).__name__}")
    directory.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix="." + name + ".", suffix=_TEMP_SUFFIX,
                                    dir=str(directory))
    try:
        _hold(fd)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
            if _POSIX:                   # renamed while still held: never seen unheld
                result = commit(tmp_name)
        if not _POSIX:                   # Windows renames only closed files
            result = commit(tmp_name)
    except BaseException:
        _unlink_quietly(tmp_name)
        raise
    _fsync_dir(directory)
    return result


def json_bytes(obj: object) -> bytes:
    """``obj`` as indented, key-sorted UTF-8 JSON ending in a newline."""
    return (json.dumps(obj, indent=2, sort_keys=True) + "\n").encode("utf-8")


def remove_stale_temp_files(directory: str | os.PathLike[str]) -> int:
    """Remove the temporary files of interrupted writes in ``directory``: unchanged for
    :data:`UNUSED_AFTER` seconds and held by no writer, or for :data:`STALE_AFTER`; how many."""
    now = time.time()
    removed = 0
    try:
        entries = list(os.scandir(os.fspath(directory)))
    except (OSError, ValueError, TypeError):
        return 0
    for entry in entries:
        if not _TEMP_NAME.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            age = now - info.st_mtime
            if not stat.S_ISREG(info.st_mode) or age <= min(STALE_AFTER, UNUSED_AFTER):
                continue
            if age <= STALE_AFTER and _held(entry.path):
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed += 1
    return removed


def _unlink_quietly(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


if _POSIX:
    import fcntl

    def _hold(fd: int) -> None:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _held(path: str) -> bool:
        """True if a writer holds the file, or if that cannot be told."""
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            return True
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True
        finally:
            os.close(fd)
        return False
else:     # Windows keeps a file a writer has open from being removed
    def _hold(fd: int) -> None:
        pass

    def _held(path: str) -> bool:
        return False


def _fsync_dir(directory: Path) -> None:
    if os.name != "posix":
        return
    try:
        fd = os.open(str(directory), os.O_RDONLY)
    except OSError:
        return
    with contextlib.suppress(OSError):
        os.fsync(fd)
    os.close(fd)


@contextmanager
def locked(path: str | os.PathLike[str], timeout: float | None = None) -> Iterator[Path]:
    """Hold the lock of ``path`` for the ``with`` block (folders made), waiting up to ``timeout``
    seconds (None: :data:`LOCK_TIMEOUT`); yields ``path``.
    :raises TimeoutError: (``filelock.Timeout``) if the lock stays held.
    :raises OSError: if the lock file cannot be created.
    :raises ValueError: for a ``timeout`` that is not a number of seconds >= 0."""
    wait = check_seconds(LOCK_TIMEOUT if timeout is None else timeout, "timeout",
                         zero_ok=True, finite=True)
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    from filelock import FileLock  # here: its import costs ~20 ms, and only writers need it
    with FileLock(str(target) + LOCK_SUFFIX).acquire(timeout=wait, poll_interval=_POLL):
        yield target
