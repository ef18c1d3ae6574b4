"""Atomic file writes: a crash or kill mid-write leaves the previous file intact.

The new content goes to a temporary file in the same directory as the target
(so the final rename never crosses a file system), is flushed and ``fsync``-ed,
then replaces the target with :func:`os.replace`, which is atomic on POSIX and
Windows. The directory is ``fsync``-ed afterwards where the platform allows it,
so the rename itself survives a power cut.

Used by settings, statistics and saved games (issue 4 and issue 8,
"Nothing lost"). This module never imports pygame.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["atomic_write_bytes", "atomic_write_text", "atomic_write_json"]


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
    fd, tmp_name = tempfile.mkstemp(prefix="." + target.name + ".", suffix=".tmp",
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
