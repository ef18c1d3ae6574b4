"""A lock around a read-modify-write of one of the player's files, shared by every process:
``<file>.lock`` held with filelock, released by the system when its holder dies."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from connect4_game.core.checks import check_seconds

__all__ = ["LOCK_TIMEOUT", "LOCK_SUFFIX", "lock_path", "locked"]

LOCK_TIMEOUT = 10.0      # seconds to wait for another process's lock (held for ms)
LOCK_SUFFIX = ".lock"
_POLL = 0.002            # seconds between tries while another process holds the lock


def lock_path(path: str | os.PathLike[str]) -> Path:
    """The lock file of ``path``: ``stats.json`` -> ``stats.json.lock``."""
    target = Path(path)
    return target.with_name(target.name + LOCK_SUFFIX)


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
    lock = FileLock(str(lock_path(target)))
    with lock.acquire(timeout=wait, poll_interval=_POLL):
        yield target
