"""Win / loss / tie statistics per pairing (``"Human vs AI(LEFT,3)"``, each side's
:attr:`~connect4_game.seat_config.PlayerSpec.statistics_name`, X first), counted from X's
point of view, in ``stats.json`` beside the settings (docs/files.md)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from connect4_game.core.checks import check_int
from connect4_game.core.side import Side
from connect4_game.storage.atomic import atomic_write_json
from connect4_game.storage.locking import locked
from connect4_game.storage.settings import config_dir
from connect4_game.storage.userfiles import UserFileError, load_user_json, quote_value

__all__ = ["STATS_FILE", "RESULTS", "Record", "Stats", "stats_path", "pairing_name",
           "load_stats"]

STATS_FILE = "stats.json"
STATS_VERSION = 1
RESULTS = (Side.X.value, Side.O.value, "tie")
MAX_DESC = 120


def stats_path() -> Path:
    return config_dir() / STATS_FILE


def pairing_name(x_desc: str, o_desc: str) -> str:
    """``"<X> vs <O>"``."""
    return f"{x_desc} vs {o_desc}"


@dataclass
class Record:
    """One pairing's games X won (``wins``), lost (``losses``) and ``ties``."""

    wins: int = 0
    losses: int = 0
    ties: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.ties


def _valid_desc(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_DESC and value.strip() == value


def _count(entry: dict[str, object], key: str) -> int:
    return check_int(entry.get(key, 0), 0, None, key)


def _records(pairings: list[object]) -> tuple[dict[tuple[str, str], Record], list[str]]:
    """The records of the file's ``pairings`` and one problem per bad entry."""
    records: dict[tuple[str, str], Record] = {}
    warnings = []
    for i, entry in enumerate(pairings):
        try:
            if not isinstance(entry, dict):
                raise ValueError("not an object")
            x, o = entry.get("x"), entry.get("o")
            if not (isinstance(x, str) and isinstance(o, str)
                    and _valid_desc(x) and _valid_desc(o)):
                raise ValueError(f"bad player names {quote_value(x)}, {quote_value(o)}")
            wins, losses, ties = (_count(entry, key) for key in ("wins", "losses", "ties"))
        except ValueError as exc:
            warnings.append(f"ignoring entry {i}: {exc}")
            continue
        old = records.setdefault((x, o), Record())
        old.wins += wins
        old.losses += losses
        old.ties += ties
    return records, warnings


class Stats:
    """All pairings' records, in the file ``path`` (default :func:`stats_path`, looked up at each
    load and save)."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self._path = Path(path) if path is not None else None
        self.records: dict[tuple[str, str], Record] = {}

    @property
    def path(self) -> Path:
        return self._path if self._path is not None else stats_path()

    def load(self) -> list[str]:
        """Replace the records by the file's; the warnings, as
        :func:`~connect4_game.storage.userfiles.load_user_json`. Never raises, never blocks."""
        path, what = self.path, "statistics file"

        def read(data: object) -> tuple[dict[tuple[str, str], Record], list[str]]:
            if not isinstance(data, dict) or not isinstance(data.get("pairings"), list):
                raise UserFileError(path, "is JSON but not in the statistics layout", what)
            return _records(data["pairings"])

        records, warnings = load_user_json(path, what, "started with empty statistics", read)
        self.records = records or {}
        return warnings

    def to_json(self) -> dict[str, object]:
        return {"version": STATS_VERSION,
                "pairings": [{"x": x, "o": o, "wins": r.wins, "losses": r.losses,
                              "ties": r.ties}
                             for (x, o), r in self.records.items()]}

    def save(self) -> Path:
        """Write the records in memory over the file's (:meth:`record` adds to other processes').

        :raises OSError: if the file cannot be written or its lock not taken in time."""
        with locked(self.path) as path:
            return atomic_write_json(path, self.to_json())

    def record(self, x_desc: str, o_desc: str, result: str, save: bool = True) -> Record:
        """Count a game, ``result`` ``'X'``, ``'O'`` or ``'tie'`` (with ``save`` in the file, re-read
        under its lock); returns the pairing's :class:`Record`.

        :raises ValueError: for an unknown result or an empty/over-long name.
        :raises OSError: if saving fails or the lock stays held; the count stays in memory."""
        if result not in RESULTS:
            raise ValueError(f"result must be 'X', 'O' or 'tie', not {quote_value(result)}")
        for name, desc in (("x_desc", x_desc), ("o_desc", o_desc)):
            if not _valid_desc(desc):
                raise ValueError(f"{name} must be a non-empty string of at most "
                                 f"{MAX_DESC} characters without outer spaces, "
                                 f"not {quote_value(desc)}")
        if not save:
            return self._count(x_desc, o_desc, result)
        with locked(self.path) as path:
            self.load()
            rec = self._count(x_desc, o_desc, result)
            atomic_write_json(path, self.to_json())
        return rec

    def _count(self, x_desc: str, o_desc: str, result: str) -> Record:
        rec = self.records.setdefault((x_desc, o_desc), Record())
        if result == Side.X:
            rec.wins += 1
        elif result == Side.O:
            rec.losses += 1
        else:
            rec.ties += 1
        return rec

    def get(self, x_desc: str, o_desc: str) -> Record:
        """A copy of a pairing's record (zeros if never played)."""
        rec = self.records.get((x_desc, o_desc))
        return Record(rec.wins, rec.losses, rec.ties) if rec else Record()

    def summary(self, limit: int = 8, first: tuple[str, str] | None = None) -> list[str]:
        """At most ``limit`` lines ``"Human vs AI(LEFT,3): X won 3, O won 1, 2 ties"``, the pairing
        ``first`` first, then by games played; ``["No games played yet."]`` for none.

        :raises ValueError: if ``limit`` < 1."""
        check_int(limit, 1, None, "limit")
        keys = sorted(self.records, key=lambda k: -self.records[k].games)
        if first is not None:
            keys = [first] + [k for k in keys if k != first]
        lines = []
        for key in keys[:limit]:
            r = self.get(*key)
            ties = "1 tie" if r.ties == 1 else f"{r.ties} ties"
            lines.append(f"{pairing_name(*key)}: X won {r.wins}, O won {r.losses}, {ties}")
        return lines or ["No games played yet."]


def load_stats(path: str | os.PathLike[str] | None = None) -> tuple[Stats, list[str]]:
    """``(stats, warnings)`` of a loaded :class:`Stats`; never raises."""
    stats = Stats(path)
    return stats, stats.load()
