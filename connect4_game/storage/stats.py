"""The player's statistics beside the settings (docs/files.md): win / loss / tie per pairing, from
X's point of view, in ``stats.json``; each puzzle's tries in ``puzzle_stats.json``."""

from __future__ import annotations

import atexit
import json
import logging
import os
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypeGuard, TypeVar

from connect4_game.core.checks import check_int, is_int, shown
from connect4_game.core.side import Side
from connect4_game.storage.atomic import atomic_write_bytes, locked
from connect4_game.storage.settings import config_file
from connect4_game.storage.userfiles import UserFileError, load_user_json, shown_path

__all__ = ["STATS_FILE", "RESULTS", "Record", "Stats", "load_stats", "PUZZLE_STATS_FILE",
           "PuzzleCounts", "load_puzzle_counts", "record_puzzle_try", "puzzle_totals"]

STATS_FILE = "stats.json"
PUZZLE_STATS_FILE = "puzzle_stats.json"
STATS_VERSION = 1       # of both files
RESULTS = {Side.X.value: "wins", Side.O.value: "losses", "tie": "ties"}   # -> the Record field
MAX_DESC = 120
MAX_ID = 40         # the longest puzzle id kept (the shipped ones have 8 characters)
PUZZLE_LOCK_WAIT = 0.25     # seconds a puzzle try waits for another program's lock

logger = logging.getLogger(__name__)

K = TypeVar("K")
V = TypeVar("V")


def _read(path: Path, what: str, key: str, layout: type, empty: str,
          entries: Callable[[object], tuple[dict[K, V], list[str]]]
          ) -> tuple[dict[K, V], list[str]]:
    """``(entries, warnings)`` of the file's ``key`` (a ``layout``) as ``load_user_json``."""
    def read(data: object) -> tuple[dict[K, V], list[str]]:
        if not isinstance(data, dict) or not isinstance(data.get(key), layout):
            raise UserFileError(path, f"is JSON but not in the {what.removesuffix(' file')} "
                                      "layout", what)
        return entries(data[key])
    found, warnings = load_user_json(path, what, empty, read)
    return found or {}, warnings


def _update(path: Path, change: Callable[[Path], tuple[dict[str, object], V]],
            wait: float | None = None) -> V:
    """Under ``path``'s lock (waiting ``wait`` seconds, None: the lock's default), write the
    compact JSON ``change`` makes of the file's current content; returns ``change``'s value.
    :raises OSError: if the file cannot be written or the lock stays held (``TimeoutError``)."""
    with locked(path, wait) as held:
        data, value = change(held)
        atomic_write_bytes(held, json.dumps(data, separators=(",", ":")).encode("utf-8"))
    return value


@dataclass
class Record:
    """One pairing's games X won (``wins``), lost (``losses``) and ``ties``."""

    wins: int = 0
    losses: int = 0
    ties: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.ties


def _valid_name(value: object, limit: int = MAX_DESC) -> TypeGuard[str]:
    """A player's description (or, with ``limit`` :data:`MAX_ID`, a puzzle id)."""
    return isinstance(value, str) and 0 < len(value) <= limit and value.strip() == value


def _records(pairings: object) -> tuple[dict[tuple[str, str], Record], list[str]]:
    assert isinstance(pairings, list)
    records: dict[tuple[str, str], Record] = {}
    warnings = []
    for i, entry in enumerate(pairings):
        try:
            if not isinstance(entry, dict):
                raise ValueError("not an object")
            x, o = entry.get("x"), entry.get("o")
            if not (_valid_name(x) and _valid_name(o)):
                raise ValueError(f"bad player names {shown(x)}, {shown(o)}")
            counts = {key: check_int(entry.get(key, 0), 0, None, key) for key in RESULTS.values()}
        except ValueError as exc:
            warnings.append(f"ignoring entry {i}: {exc}")
            continue
        old = records.setdefault((x, o), Record())
        for key in RESULTS.values():
            setattr(old, key, getattr(old, key) + counts[key])
    return records, warnings


class Stats:
    """All pairings' records, in the file ``path`` (default :data:`STATS_FILE`)."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = config_file(path, STATS_FILE)
        self.records: dict[tuple[str, str], Record] = {}

    def load(self) -> list[str]:
        """Replace the records by the file's; the warnings. Never raises."""
        self.records, warnings = _read(self.path, "statistics file", "pairings", list,
                                       "started with empty statistics", _records)
        return warnings

    def to_json(self) -> dict[str, object]:
        return {"version": STATS_VERSION,
                "pairings": [{"x": x, "o": o, "wins": r.wins, "losses": r.losses,
                              "ties": r.ties}
                             for (x, o), r in self.records.items()]}

    def record(self, x_desc: str, o_desc: str, result: str, save: bool = True) -> Record:
        """Count a game, ``result`` ``'X'``, ``'O'`` or ``'tie'`` (with ``save`` in the file, re-read
        under its lock); returns the pairing's :class:`Record`.
        :raises ValueError: for an unknown result or an empty/over-long name.
        :raises OSError: if saving fails or the lock stays held; the count stays in memory."""
        if result not in RESULTS:
            raise ValueError(f"result must be 'X', 'O' or 'tie', not {shown(result)}")
        for name, desc in (("x_desc", x_desc), ("o_desc", o_desc)):
            if not _valid_name(desc):
                raise ValueError(f"{name} must be a non-empty string of at most {MAX_DESC} "
                                 f"characters without outer spaces, not {shown(desc)}")
        if not save:
            return self._count(x_desc, o_desc, result)
        def count(_path: Path) -> tuple[dict[str, object], Record]:
            self.load()
            rec = self._count(x_desc, o_desc, result)
            return self.to_json(), rec
        return _update(self.path, count)

    def _count(self, x_desc: str, o_desc: str, result: str) -> Record:
        rec = self.records.setdefault((x_desc, o_desc), Record())
        setattr(rec, RESULTS[result], getattr(rec, RESULTS[result]) + 1)
        return rec

    def get(self, x_desc: str, o_desc: str) -> Record:
        """A copy of a pairing's record (zeros if never played)."""
        return replace(self.records.get((x_desc, o_desc), Record()))


def load_stats(path: str | os.PathLike[str] | None = None) -> tuple[Stats, list[str]]:
    stats = Stats(path)
    return stats, stats.load()


@dataclass(frozen=True)
class PuzzleCounts:
    """One puzzle's finished tries: ``tried`` >= 0, ``solved`` 0..tried."""

    tried: int = 0
    solved: int = 0


_pending: dict[Path, tuple[dict[str, PuzzleCounts], frozenset[str]]] = {}   # per file: the
# tries not written yet, and the puzzle ids it keeps


def _valid_id(value: object) -> TypeGuard[str]:
    return _valid_name(value, MAX_ID) and value.isprintable()


def _puzzle_entries(puzzles: object) -> tuple[dict[str, PuzzleCounts], list[str]]:
    assert isinstance(puzzles, dict)
    counts: dict[str, PuzzleCounts] = {}
    problems = []
    for pid, entry in puzzles.items():
        tried, solved = (entry.get("tried"), entry.get("solved")) if isinstance(entry, dict) \
            else (None, None)
        if not _valid_id(pid):
            problems.append(f"ignoring puzzle {shown(pid)}: not a puzzle id")
        elif not is_int(tried, 0) or not is_int(solved, 0, tried):
            problems.append(f"ignoring puzzle {shown(pid)}: tried and solved must be "
                            "counts, solved at most tried")
        else:
            counts[pid] = PuzzleCounts(tried, solved)
    return counts, problems


def load_puzzle_counts(path: str | os.PathLike[str] | None = None
                       ) -> tuple[dict[str, PuzzleCounts], list[str]]:
    """``({puzzle id: PuzzleCounts}, warnings)`` of ``path`` (default
    :data:`PUZZLE_STATS_FILE`). Never raises."""
    return _read(config_file(path, PUZZLE_STATS_FILE), "puzzle statistics file", "puzzles", dict,
                 "started with no puzzle tries", _puzzle_entries)


def record_puzzle_try(puzzle_id: str, solved: bool, path: str | os.PathLike[str] | None = None,
                      known: Collection[str] | None = None) -> PuzzleCounts:
    """Count a finished try of ``puzzle_id`` in the file, under its lock; returns its counts. The
    file keeps only the ``known`` ids (default: the shipped puzzles'). While another program holds
    the lock past :data:`PUZZLE_LOCK_WAIT` the try waits in memory for the next one, or the exit.
    :raises ValueError: for an id not ``known`` or a ``solved`` that is not a bool.
    :raises OSError: if the file cannot be written."""
    if known is None:
        from connect4_game.trainer.model import load_puzzles
        known = {p.id for p in load_puzzles()}
    if not _valid_id(puzzle_id) or puzzle_id not in known:
        raise ValueError(f"not a puzzle id: {shown(puzzle_id)}")
    if not isinstance(solved, bool):
        raise ValueError(f"solved must be True or False, not {shown(solved)}")
    target = config_file(path, PUZZLE_STATS_FILE)
    waiting = _pending.setdefault(target, ({}, frozenset(known)))[0]
    old = waiting.get(puzzle_id, PuzzleCounts())
    waiting[puzzle_id] = PuzzleCounts(old.tried + 1, old.solved + int(solved))
    try:
        return _write_tries(target, PUZZLE_LOCK_WAIT)[puzzle_id]
    except TimeoutError:
        logger.warning("%s is locked by another program; the puzzle try is counted with the "
                       "next one", shown_path(target))
        on_file = load_puzzle_counts(target)[0].get(puzzle_id, PuzzleCounts())
        new = waiting[puzzle_id]
        return PuzzleCounts(on_file.tried + new.tried, on_file.solved + new.solved)
    except BaseException:
        waiting[puzzle_id] = old
        raise


def _write_tries(target: Path, wait: float | None) -> dict[str, PuzzleCounts]:
    """Add the tries waiting for ``target`` to it; its counts after. :raises OSError: as _update."""
    waiting, known = _pending[target]
    def count(held: Path) -> tuple[dict[str, object], dict[str, PuzzleCounts]]:
        counts, warnings = load_puzzle_counts(held)
        for line in warnings:
            logger.warning("%s", line)
        for pid, new in waiting.items():
            had = counts.get(pid, PuzzleCounts())
            counts[pid] = PuzzleCounts(had.tried + new.tried, had.solved + new.solved)
        return ({"version": STATS_VERSION,
                 "puzzles": {pid: {"tried": c.tried, "solved": c.solved}
                             for pid, c in counts.items() if pid in known}}, counts)
    counts = _update(target, count, wait)
    del _pending[target]
    return counts


def _write_pending() -> None:
    for target in list(_pending):
        try:
            _write_tries(target, None)
        except OSError as exc:
            logger.warning("could not count the puzzle tries in %s: %s", shown_path(target), exc)


atexit.register(_write_pending)


def puzzle_totals(counts: Mapping[str, PuzzleCounts]) -> tuple[int, int]:
    """How many puzzles of ``counts`` (:func:`load_puzzle_counts`) were tried, and solved."""
    return (sum(1 for c in counts.values() if c.tried), sum(1 for c in counts.values() if c.solved))
