"""Atomic file writes: a crash or kill mid-write leaves the previous file intact.

The new content goes to a temporary file in the same directory as the target
(so the final rename never crosses a file system), is flushed and ``fsync``-ed,
then replaces the target with :func:`os.replace`, which is atomic on POSIX and
Windows. The directory is ``fsync``-ed afterwards where the platform allows it,
so the rename itself survives a power cut.

A process killed between creating the temporary file and the rename leaves
that file behind (``.settings.json.k3j_x9q2.tmp``); :func:`remove_stale_temp_files`
removes such leftovers once they are old enough that no writer can still be
using them.

Used by settings, statistics and saved games. This module never imports pygame.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from connect4_game.rules import check_seconds

__all__ = ["atomic_write_bytes", "atomic_write_text", "atomic_write_json",
           "remove_stale_temp_files", "STALE_AFTER"]

_TEMP_SUFFIX = ".tmp"
# ".<target name>.<mkstemp's 8 random characters>.tmp", as made by atomic_write_bytes
_TEMP_NAME = re.compile(r"\..+\.[a-z0-9_]{8}" + re.escape(_TEMP_SUFFIX), re.ASCII)

STALE_AFTER = 60.0
"""Seconds after its last change that a leftover temporary file counts as abandoned."""


def atomic_write_bytes(path: str | os.PathLike, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically and return the path.

    Creates missing parent directories. On any error the temporary file is
    removed and the exception (``OSError``) propagates; the previous content
    of ``path`` is left untouched either way.

    Raises:
        TypeError: ``data`` is not bytes-like.
        OSError: the directory is not writable, the disk is full, ...
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"data must be bytes, got {type(data).__name__}")
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix="." + target.name + ".", suffix=_TEMP_SUFFIX,
                                    dir=str(target.parent))
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except OSError:
            pass
        raise
    _fsync_dir(target.parent)
    return target


def atomic_write_text(path: str | os.PathLike, text: str, encoding: str = "utf-8") -> Path:
    """Write the string ``text`` to ``path`` atomically (see :func:`atomic_write_bytes`)."""
    if not isinstance(text, str):
        raise TypeError(f"text must be str, got {type(text).__name__}")
    return atomic_write_bytes(path, text.encode(encoding))


def atomic_write_json(path: str | os.PathLike, obj: Any) -> Path:
    """Serialise ``obj`` as indented, key-sorted JSON and write it atomically.

    Raises:
        TypeError / ValueError: ``obj`` is not JSON-serialisable.
        OSError: as for :func:`atomic_write_bytes`.
    """
    text = json.dumps(obj, indent=2, sort_keys=True) + "\n"
    return atomic_write_text(path, text)


def remove_stale_temp_files(directory: str | os.PathLike,
                            older_than: float = STALE_AFTER) -> int:
    """Remove the temporary files that interrupted atomic writes left in ``directory``.

    Only regular files (not symlinks) whose names have the form
    ``.<name>.<8 random characters>.tmp`` that :func:`atomic_write_bytes`
    uses, and whose modification time is more than ``older_than`` seconds
    ago, are removed -- so a write in progress in another process is safe.

    :param directory: the directory to clean (not recursive).
    :param older_than: age in seconds (>= 0, default :data:`STALE_AFTER`).
    :returns: how many files were removed (0 if the directory is missing or
        unreadable: file-system errors are skipped, never raised).
    :raises ValueError: if ``older_than`` is negative or not a number.
    """
    check_seconds(older_than, "older_than", zero_ok=True)
    cutoff = time.time() - older_than
    removed = 0
    try:
        entries = list(os.scandir(directory))
    except (OSError, ValueError):
        return 0
    for entry in entries:
        if not _TEMP_NAME.fullmatch(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode) or info.st_mtime > cutoff:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed += 1
    return removed


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
