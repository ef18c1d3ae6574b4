"""Atomic file writes: a crash or kill mid-write leaves the previous file intact.

The new content goes to a temporary file in the same directory as the target
(so the final rename never crosses a file system), is flushed and ``fsync``-ed,
then replaces the target with :func:`os.replace`, which is atomic on POSIX and
Windows. The directory is ``fsync``-ed afterwards where the platform allows it,
so the rename itself survives a power cut. A reader therefore sees the old
content or the new one, never a part: even a writer killed with SIGKILL
cannot leave a half-written target.

:func:`atomic_write_new` writes a *new* file instead: the complete temporary
file is hard-linked to the first free name of a list, and the link fails if
that name exists, so two processes saving at the same moment can never take
the same name and no file is ever overwritten.

A process killed between creating the temporary file and the rename leaves
that file behind (``.settings.json.k3j_x9q2.tmp``). Its name starts with a
dot, so nothing that reads the game's files ever picks it up, and
:func:`remove_stale_temp_files` (run at every start) removes it: on POSIX a
writer holds an exclusive ``flock`` on its temporary file until the rename,
so a file nobody holds that has not changed for :data:`UNUSED_AFTER`
seconds belongs to a dead writer; on Windows a file another process still
has open cannot be removed. Any such file older than :data:`STALE_AFTER`
seconds goes too (file systems without ``flock``).

Used by settings, statistics and saved games. This module never imports pygame.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from connect4_game.core.checks import check_seconds

__all__ = ["atomic_write_bytes", "atomic_write_text", "atomic_write_json", "atomic_write_new",
           "json_bytes", "remove_stale_temp_files", "STALE_AFTER", "UNUSED_AFTER"]

_TEMP_SUFFIX = ".tmp"
# ".<target name>.<mkstemp's 8 random characters>.tmp", as made by atomic_write_bytes
_TEMP_NAME = re.compile(r"\..+\.[a-z0-9_]{8}" + re.escape(_TEMP_SUFFIX), re.ASCII)

STALE_AFTER = 60.0
"""Seconds after its last change that a leftover temporary file counts as
abandoned even if it cannot be told whether a writer holds it."""

UNUSED_AFTER = 1.0
"""Seconds after its last change that a temporary file no writer holds counts
as abandoned (a writer takes its lock microseconds after creating the file)."""

_POSIX = sys.platform != "win32"
_MAX_NAMES = 10_000       # names atomic_write_new tries before giving up

T = TypeVar("T")


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically and return the path.

    Creates missing parent directories. On any error the temporary file is
    removed and the exception (``OSError``) propagates; the previous content
    of ``path`` is left untouched either way.

    Raises:
        TypeError: ``data`` is not bytes-like.
        OSError: the directory is not writable, the disk is full, ...
    """
    target = Path(path)

    def commit(tmp_name: str) -> Path:
        os.replace(tmp_name, target)
        return target

    return _via_temp_file(target.parent, target.name, data, commit)


def atomic_write_new(directory: str | os.PathLike[str], names: Iterable[str], data: bytes) -> Path:
    """Write ``data`` atomically as a new file of ``directory``, under the
    first of ``names`` (file names, no directories) that is free; return its path.

    A name that exists - or that another process takes at the same moment -
    is skipped: no file is ever replaced. The file appears complete or not
    at all. Where the file system has no hard links (FAT), the name is
    claimed with an exclusive create and the content renamed onto it: still
    never an overwrite, but a writer killed in between leaves an empty file.

    :param names: tried in order; at most 10 000 of them (it may be endless).
    :raises TypeError: ``data`` is not bytes-like.
    :raises ValueError: a name that is empty, ``.``/``..`` or holds a path separator.
    :raises FileExistsError: every name tried is taken.
    :raises OSError: the directory is not writable, the disk is full, ...
    """
    folder = Path(directory)

    def commit(tmp_name: str) -> Path:
        for count, name in enumerate(names):
            if count >= _MAX_NAMES:
                break
            if not name or name in (".", "..") or os.sep in name or "/" in name \
                    or (os.altsep and os.altsep in name):
                raise ValueError(f"not a file name: {name[:40]!r}")
            target = folder / name
            if _link_or_claim(tmp_name, target):
                return target
        raise FileExistsError(errno.EEXIST, "every name is taken", str(folder))

    return _via_temp_file(folder, "new", data, commit)


def _link_or_claim(tmp_name: str, target: Path) -> bool:
    """Put the temporary file at ``target`` unless that name exists; True if done."""
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
    """Write ``data`` to a new temporary file in ``directory`` (flushed,
    fsync-ed, locked while open), then ``commit(temp path)``: a rename or a
    link that takes the file away from its temporary name. On any error the
    temporary file is removed and the error propagates."""
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


def atomic_write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> Path:
    """Write the string ``text`` to ``path`` atomically (see :func:`atomic_write_bytes`)."""
    if not isinstance(text, str):
        raise TypeError(f"text must be str, got {type(text).__name__}")
    return atomic_write_bytes(path, text.encode(encoding))


def json_bytes(obj: object) -> bytes:
    """``obj`` as the game's files hold JSON: indented, key-sorted, UTF-8, a final newline.

    :raises TypeError / ValueError: ``obj`` is not JSON-serialisable.
    """
    return (json.dumps(obj, indent=2, sort_keys=True) + "\n").encode("utf-8")


def atomic_write_json(path: str | os.PathLike[str], obj: object) -> Path:
    """Serialise ``obj`` as indented, key-sorted JSON and write it atomically.

    Raises:
        TypeError / ValueError: ``obj`` is not JSON-serialisable.
        OSError: as for :func:`atomic_write_bytes`.
    """
    return atomic_write_bytes(path, json_bytes(obj))


def remove_stale_temp_files(directory: str | os.PathLike[str], older_than: float = STALE_AFTER,
                            unused_after: float = UNUSED_AFTER) -> int:
    """Remove the temporary files that interrupted atomic writes left in ``directory``.

    Only regular files (not symlinks) whose names have the form
    ``.<name>.<8 random characters>.tmp`` that :func:`atomic_write_bytes`
    uses are candidates. One is removed when it has not changed for
    ``unused_after`` seconds and no writer holds it (its writer was killed),
    or when it has not changed for ``older_than`` seconds in any case -- so a
    write in progress in another process is safe.

    :param directory: the directory to clean (not recursive).
    :param older_than: age in seconds (>= 0, default :data:`STALE_AFTER`).
    :param unused_after: age in seconds (>= 0, default :data:`UNUSED_AFTER`)
        for a file no writer holds.
    :returns: how many files were removed (0 if the directory is missing or
        unreadable: file-system errors are skipped, never raised).
    :raises ValueError: if an age is negative or not a number.
    """
    check_seconds(older_than, "older_than", zero_ok=True)
    check_seconds(unused_after, "unused_after", zero_ok=True)
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
            if not stat.S_ISREG(info.st_mode) or age <= min(older_than, unused_after):
                continue
            if age <= older_than and _held(entry.path):
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
        """Take the writer's lock on its temporary file (released when it closes);
        best effort: a file system without ``flock`` only loses the early clean-up."""
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
else:
    def _hold(fd: int) -> None:
        """Nothing to do: Windows keeps an open file from being removed."""

    def _held(path: str) -> bool:
        """False: removing a file a writer still has open fails on Windows."""
        return False


def _fsync_dir(directory: Path) -> None:
    """Best-effort fsync of a directory (not supported on Windows)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(str(directory), os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
