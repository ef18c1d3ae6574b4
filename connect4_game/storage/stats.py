"""Win / loss / tie statistics per pairing, kept across runs.

A *pairing* is the ordered pair of player descriptions, X first, e.g.
``"Human vs AI(LEFT,3)"``, each side named by
:attr:`connect4_game.seat_config.PlayerSpec.statistics_name`.
Counts are from X's point of view: ``wins`` = X won, ``losses`` = O won.

Stored as ``stats.json`` next to the settings (see
:func:`connect4_game.storage.settings.config_dir`), written atomically and read
through :mod:`connect4_game.storage.userfiles`. :meth:`Stats.record` re-reads,
counts and writes under a lock shared by every process
(:mod:`connect4_game.storage.locking`), so games finishing at the same moment
in several windows or scripts all count. A file that cannot be used at all
(unreadable, not a regular file, too large, garbage, truncated, not the
statistics layout) is reported as one warning, moved aside to
``stats.json.bad-<YYYYmmdd-HHMMSS>`` and treated as empty; individual bad
entries are dropped with a warning each.

This module never imports pygame.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from connect4_game.core.checks import check_int
from connect4_game.core.side import Side
from connect4_game.storage.atomic import atomic_write_json
from connect4_game.storage.locking import locked
from connect4_game.storage.settings import config_dir
from connect4_game.storage.userfiles import (
    UserFileError,
    bounded_warnings,
    load_json,
    quote_value,
    set_aside,
    shown_path,
)

__all__ = ["STATS_FILE", "RESULTS", "Record", "Stats", "stats_path", "pairing_name",
           "load_stats"]

STATS_FILE = "stats.json"
STATS_VERSION = 1
RESULTS = (Side.X.value, Side.O.value, "tie")
MAX_DESC = 120


def stats_path() -> Path:
    """Full path of the statistics file."""
    return config_dir() / STATS_FILE


def pairing_name(x_desc: str, o_desc: str) -> str:
    """``"<X> vs <O>"``, the key of one pairing."""
    return f"{x_desc} vs {o_desc}"


@dataclass
class Record:
    """Counts of one pairing, from X's point of view."""

    wins: int = 0      # X won
    losses: int = 0    # O won
    ties: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.ties


def _valid_desc(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_DESC and value.strip() == value


def _count(entry: dict[str, object], key: str) -> int:
    """``entry[key]`` (0 if missing): a count, an int >= 0."""
    return check_int(entry.get(key, 0), 0, None, key)


class Stats:
    """All pairings' records, loaded from and saved to one JSON file.

    :param path: the file; default :func:`stats_path` (evaluated at each
        load/save, so ``CONNECT4_CONFIG_DIR`` set later is honoured).
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self._path = Path(path) if path is not None else None
        # key (x_desc, o_desc) -> Record, in first-seen order
        self.records: dict[tuple[str, str], Record] = {}

    @property
    def path(self) -> Path:
        return self._path if self._path is not None else stats_path()

    # -- persistence -----------------------------------------------------

    def load(self) -> list[str]:
        """Replace the in-memory records by the file's; never raises, never
        blocks, logs nothing.

        :returns: warnings, one line each (empty if the file was fine or does
            not exist). A file that cannot be used at all gives one warning
            and is moved aside (the warning says where); bad entries give one
            warning each, at most
            :data:`~connect4_game.storage.userfiles.MAX_WARNINGS` plus a count.
        """
        path = self.path
        what, outcome = "statistics file", "started with empty statistics"
        self.records = {}
        try:
            data = load_json(path, what)
            if not isinstance(data, dict) or not isinstance(data.get("pairings"), list):
                raise UserFileError(path, "is JSON but not in the statistics layout", what)
            problems = self._from_json(data["pairings"])
        except UserFileError as exc:
            self.records = {}
            if exc.missing:
                return []
            return [set_aside(path, what, exc.reason, outcome)]
        except Exception as exc:     # a bug here must not stop the game starting
            self.records = {}
            return [set_aside(path, what, f"could not be read ({type(exc).__name__})", outcome)]
        return bounded_warnings(f"{what} {shown_path(path)}", problems)

    def _from_json(self, pairings: list[object]) -> list[str]:
        """Add the entries of ``pairings``; returns one problem per bad entry."""
        warnings = []
        for i, entry in enumerate(pairings):
            try:
                if not isinstance(entry, dict):
                    raise ValueError("not an object")
                x, o = entry.get("x"), entry.get("o")
                if not (isinstance(x, str) and isinstance(o, str)
                        and _valid_desc(x) and _valid_desc(o)):
                    raise ValueError(f"bad player names {quote_value(x)}, {quote_value(o)}")
                rec = Record(_count(entry, "wins"), _count(entry, "losses"), _count(entry, "ties"))
            except ValueError as exc:
                warnings.append(f"ignoring entry {i}: {exc}")
                continue
            old = self.records.setdefault((x, o), Record())
            old.wins += rec.wins
            old.losses += rec.losses
            old.ties += rec.ties
        return warnings

    def to_json(self) -> dict[str, object]:
        """The JSON-ready form written to the file."""
        return {"version": STATS_VERSION,
                "pairings": [{"x": x, "o": o, "wins": r.wins, "losses": r.losses,
                              "ties": r.ties}
                             for (x, o), r in self.records.items()]}

    def save(self) -> Path:
        """Write the records in memory atomically, replacing the file's (use
        :meth:`record` to add a game to what other processes counted).

        :raises OSError: if the file cannot be written or its lock not taken in time.
        """
        with locked(self.path) as path:
            return atomic_write_json(path, self.to_json())

    # -- recording and display -------------------------------------------

    def record(self, x_desc: str, o_desc: str, result: str, save: bool = True) -> Record:
        """Count one finished game and (by default) save at once.

        :param x_desc, o_desc: the sides' names (see the module doc).
        :param result: ``'X'`` (X won), ``'O'`` (O won) or ``'tie'``.
        :returns: the pairing's updated :class:`Record`.
        :raises ValueError: for an unknown result or an empty/over-long name.
        :raises OSError: if saving fails, or the lock is held by another
            process for :data:`~connect4_game.storage.locking.LOCK_TIMEOUT`
            seconds (a ``TimeoutError``); the count stays in memory.

        With ``save``, the file is re-read, counted and written while holding
        its lock, so that games finishing at the same time in other processes
        never overwrite each other's counts.
        """
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
        """The record of a pairing (all zero if never played)."""
        rec = self.records.get((x_desc, o_desc))
        return Record(rec.wins, rec.losses, rec.ties) if rec else Record()

    def summary(self, limit: int = 8, first: tuple[str, str] | None = None) -> list[str]:
        """Lines for the on-screen statistics panel.

        Each line reads ``"Human vs AI(LEFT,3): X won 3, O won 1, 2 ties"``.
        The pairing ``first`` (usually the current one) comes first, then the
        others by number of games, most played first; at most ``limit`` lines.
        Returns ``["No games played yet."]`` when there is nothing to show.

        :raises ValueError: if ``limit`` < 1.
        """
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
    """Create a :class:`Stats` and load it. Returns ``(stats, warnings)``; never raises."""
    stats = Stats(path)
    return stats, stats.load()
