"""Puzzle tries by :attr:`connect4_game.trainer.Puzzle.id` in ``puzzle_stats.json``:
``{"version": 1, "puzzles": {"3fa2c01b": {"tried": 3, "solved": 1}, ...}}`` (docs/files.md)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from connect4_game.core.checks import is_int
from connect4_game.storage.atomic import atomic_write_json
from connect4_game.storage.locking import locked
from connect4_game.storage.settings import config_dir
from connect4_game.storage.userfiles import UserFileError, load_user_json, quote_value

__all__ = ['PUZZLE_STATS_FILE', 'PuzzleCounts', 'PuzzleTotals', 'puzzle_stats_path',
           'load_puzzle_counts', 'record_puzzle_try', 'puzzle_totals']

PUZZLE_STATS_FILE = 'puzzle_stats.json'
PUZZLE_STATS_VERSION = 1
MAX_ID = 40         # the longest puzzle id kept (the shipped ones have 8 characters)
_WHAT = 'puzzle statistics file'


@dataclass(frozen=True)
class PuzzleCounts:
    """One puzzle's finished tries: ``tried`` >= 0, ``solved`` 0..tried."""

    tried: int = 0
    solved: int = 0


@dataclass(frozen=True)
class PuzzleTotals:
    """Over every puzzle: puzzles tried and solved at least once, all ``tries`` and ``solves``."""

    puzzles_tried: int = 0
    puzzles_solved: int = 0
    tries: int = 0
    solves: int = 0


def puzzle_stats_path() -> Path:
    return config_dir() / PUZZLE_STATS_FILE


def _valid_id(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_ID and value.isprintable() \
        and value.strip() == value


def _entries(puzzles: dict[object, object]) -> tuple[dict[str, PuzzleCounts], list[str]]:
    """The counts of the file's ``puzzles`` and one problem per bad entry."""
    counts: dict[str, PuzzleCounts] = {}
    problems = []
    for pid, entry in puzzles.items():
        tried, solved = (entry.get('tried'), entry.get('solved')) if isinstance(entry, dict) \
            else (None, None)
        if not isinstance(pid, str) or not _valid_id(pid):
            problems.append(f'ignoring puzzle {quote_value(pid)}: not a puzzle id')
        elif not is_int(tried, 0) or not is_int(solved, 0, tried):
            problems.append(f'ignoring puzzle {quote_value(pid)}: tried and solved must be '
                            'counts, solved at most tried')
        else:
            counts[pid] = PuzzleCounts(tried, solved)
    return counts, problems


def load_puzzle_counts(path: str | os.PathLike[str] | None = None
                       ) -> tuple[dict[str, PuzzleCounts], list[str]]:
    """``({puzzle id: PuzzleCounts}, warnings)`` of ``path`` (default :func:`puzzle_stats_path`), as
    :func:`~connect4_game.storage.userfiles.load_user_json`. Never raises, never blocks."""
    target = Path(path) if path is not None else puzzle_stats_path()

    def read(data: object) -> tuple[dict[str, PuzzleCounts], list[str]]:
        if not isinstance(data, dict) or not isinstance(data.get('puzzles'), dict):
            raise UserFileError(target, 'is JSON but not in the puzzle statistics layout', _WHAT)
        return _entries(data['puzzles'])

    counts, warnings = load_user_json(target, _WHAT, 'started with no puzzle tries', read)
    return counts or {}, warnings


def _to_json(counts: Mapping[str, PuzzleCounts]) -> dict[str, object]:
    return {'version': PUZZLE_STATS_VERSION,
            'puzzles': {pid: {'tried': c.tried, 'solved': c.solved}
                        for pid, c in counts.items()}}


def record_puzzle_try(puzzle_id: str, solved: bool,
                      path: str | os.PathLike[str] | None = None) -> PuzzleCounts:
    """Count a finished try of ``puzzle_id`` in the file, under its lock; returns its counts.

    :raises ValueError: for a bad id or a ``solved`` that is not a bool.
    :raises OSError: if the file cannot be written or the lock stays held (``TimeoutError``)."""
    if not _valid_id(puzzle_id):
        raise ValueError(f'puzzle_id must be 1-{MAX_ID} printable characters without outer '
                         f'spaces, not {quote_value(puzzle_id)}')
    if not isinstance(solved, bool):
        raise ValueError(f'solved must be True or False, not {quote_value(solved)}')
    target = Path(path) if path is not None else puzzle_stats_path()
    with locked(target) as held:
        counts, _warnings = load_puzzle_counts(held)
        old = counts.get(puzzle_id, PuzzleCounts())
        new = PuzzleCounts(old.tried + 1, old.solved + int(solved))
        counts[puzzle_id] = new
        atomic_write_json(held, _to_json(counts))
    return new


def puzzle_totals(counts: Mapping[str, PuzzleCounts]) -> PuzzleTotals:
    """The :class:`PuzzleTotals` of ``counts`` (from :func:`load_puzzle_counts`)."""
    return PuzzleTotals(sum(1 for c in counts.values() if c.tried),
                        sum(1 for c in counts.values() if c.solved),
                        sum(c.tried for c in counts.values()),
                        sum(c.solved for c in counts.values()))
