"""Saved games, the autosave and the library: JSON objects (docs/files.md), ``moves`` in BU CS111
ps9's ``add_checkers`` notation; a 6x7 move string in the players' notation is read too."""

from __future__ import annotations

import itertools
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from connect4_game.core.board import Board, check_cols, check_rows
from connect4_game.core.checks import shown
from connect4_game.core.game import Game
from connect4_game.core.messages import clip
from connect4_game.core.notation import Notation, format_moves, read_game
from connect4_game.core.side import CHECKERS
from connect4_game.seat_config import PlayerSpec, SeatKind
from connect4_game.storage import userfiles
from connect4_game.storage.atomic import atomic_write_bytes, atomic_write_new, json_bytes
from connect4_game.storage.settings import config_dir, config_file
from connect4_game.storage.userfiles import UserFileError

__all__ = ["FORMAT", "AUTOSAVE_FILE", "SavedGame", "STORED_KINDS", "save_game", "load_game",
           "autosave", "load_autosave", "clear_autosave", "save_to_library", "list_library",
           "LibraryEntry", "MAX_LIBRARY"]

log = logging.getLogger(__name__)

FORMAT = "connect4-game"
VERSION = 1
AUTOSAVE_FILE = "autosave.json"
SAVED_GAME = "saved game"
AUTOSAVED_GAME = "autosaved game"


STORED_KINDS = (SeatKind.HUMAN, SeatKind.RANDOM, SeatKind.AI)   # the players a saved game keeps


@dataclass(frozen=True)
class SavedGame:
    """Board size, ``moves`` (``add_checkers`` notation), descriptions of at most 200 characters
    and ``players`` (``{side: PlayerSpec}``, None for an older file).
    :raises ValueError: for a board not offered, illegal moves, a bad description or players."""

    rows: int
    cols: int
    moves: str
    x: str = ""
    o: str = ""
    name: str = ""
    saved_at: str = ""
    players: dict[str, PlayerSpec] | None = field(default=None, hash=False)
    _game: Game = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        for name in ("x", "o", "name", "saved_at"):
            value = getattr(self, name)
            if not isinstance(value, str) or len(value) > 200:
                raise ValueError(f"player description {name!r} must be a short string, "
                                 f"not {shown(value)}")
        _check_players(self.players)
        game = read_game(self.moves, check_rows(self.rows), check_cols(self.cols, "cols"),
                         Notation.ADD_CHECKERS)
        object.__setattr__(self, "moves", format_moves(game.moves, Notation.ADD_CHECKERS))
        object.__setattr__(self, "_game", game)

    @property
    def columns(self) -> list[int]:
        return list(self._game.moves)

    def board(self) -> Board:
        return self._game.board.copy()

    def result(self) -> str | None:
        """``'X'``, ``'O'``, ``'tie'``, or None while the game goes on."""
        return self._game.outcome.result() if self._game.outcome else None

    def players_over(self, current: dict[str, PlayerSpec]) -> dict[str, PlayerSpec]:
        return {**current, **(self.players or {})}

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {"format": FORMAT, "version": VERSION, "rows": self.rows,
                                   "cols": self.cols, "moves": self.moves}
        data.update((k, v) for k, v in (("x", self.x), ("o", self.o), ("name", self.name),
                                        ("saved_at", self.saved_at)) if v)
        if self.players is not None:
            data["players"] = {side: p.to_json() for side, p in self.players.items()}
        return data

    @classmethod
    def from_json(cls, data: object) -> SavedGame:
        """The game :meth:`to_json` wrote. :raises ValueError: naming the problem."""
        if not isinstance(data, dict):
            raise ValueError(f"expected a JSON object, got {type(data).__name__}")
        if data.get("format", FORMAT) != FORMAT:
            raise ValueError(f"not a Connect Four saved game "
                             f"(format {shown(data.get('format'))})")
        version = data.get("version", VERSION)
        if type(version) is not int or not 1 <= version <= VERSION:
            raise ValueError(f"version {shown(version)}: this game reads version {VERSION}; "
                             "a newer one may have written it")
        if missing := [k for k in ("rows", "cols", "moves") if k not in data]:
            raise ValueError(f"missing field(s): {', '.join(missing)}")
        return cls(data["rows"], data["cols"], data["moves"], data.get("x", ""), data.get("o", ""),
                   data.get("name", ""), data.get("saved_at", ""),
                   _players_from_json(data["players"]) if "players" in data else None)


def _check_players(players: object) -> None:
    if players is None:
        return
    if not isinstance(players, dict) or not set(players) <= set(CHECKERS):
        raise ValueError(f"players must map 'X' and 'O' to players, not {shown(players)}")
    for side, player in players.items():
        if not isinstance(player, PlayerSpec) or player.kind not in STORED_KINDS:
            raise ValueError(f"the player of {side} cannot be stored: {shown(player)}")


def _players_from_json(data: object) -> dict[str, PlayerSpec]:
    """The players of a file, sides checked by :func:`_check_players`. :raises ValueError:"""
    if not isinstance(data, dict):
        raise ValueError(f"players must be an object, not {shown(data)}")
    try:
        return {side: PlayerSpec.from_json(p) for side, p in data.items()}   # "expert" too
    except ValueError as exc:
        raise ValueError(f"players: {clip(exc, 80)}") from None


def save_game(path: str | os.PathLike[str], game: SavedGame, existing: bool = False) -> Path:
    """Write ``game`` atomically as JSON; returns the path. With ``existing`` (a rename) only over
    a file that is still there.
    :raises TypeError: for no SavedGame.
    :raises UserFileError: if it cannot be written, or (``missing``) it was deleted meanwhile."""
    if not isinstance(game, SavedGame):
        raise TypeError(f"expected SavedGame, got {type(game).__name__}")
    try:
        if existing and not os.path.lexists(path):
            raise UserFileError(path, "was deleted meanwhile", SAVED_GAME, missing=True)
        return atomic_write_bytes(path, json_bytes(game.to_json()))
    except OSError as exc:
        raise UserFileError(path, f"cannot be written ({clip(exc.strerror or exc, 60)})",
                            SAVED_GAME) from None


def load_game(path: str | os.PathLike[str], what: str = SAVED_GAME) -> SavedGame:
    """A saved game's file (JSON, or a 6x7 move string), ``what`` in messages.
    :raises UserFileError: (``missing``)."""
    target = Path(path)
    text = userfiles.read_user_file(target, what).strip()
    if not text:
        raise UserFileError(target, "is empty", what)
    try:
        return _game_from_text(text, target, what)
    except UserFileError:
        raise
    except ValueError as exc:
        raise UserFileError(target, f"is not a valid saved game: {clip(exc, 160)}",
                            what) from None
    except Exception as exc:         # RecursionError, MemoryError, a bug: still one message
        raise UserFileError(target, f"could not be read ({type(exc).__name__})",
                            what) from None


def _game_from_text(text: str, target: Path, what: str) -> SavedGame:
    if all(ch in Notation.ADD_CHECKERS.value + Notation.PLAYERS.value for ch in text.lower()):
        return _players_moves(text)           # a bare move string, as copied with Ctrl+C
    try:
        data = userfiles.parse_json(text, target, what)
    except UserFileError:
        if text[0] in "{[\"":
            raise
        return _players_moves(text)           # a move string with a bad move: name it
    return SavedGame.from_json(userfiles.json_object(data, target, what, "a saved game"))


def _players_moves(text: str) -> SavedGame:
    return SavedGame(6, 7, format_moves(read_game(text).moves, Notation.ADD_CHECKERS))


def autosave(game: SavedGame, path: str | os.PathLike[str] | None = None) -> Path | None:
    """Keep an unfinished ``game`` for the next plain start and return the path; an empty or
    finished one removes the autosave (None). :raises UserFileError: if writing fails."""
    target = config_file(path, AUTOSAVE_FILE)
    if not game.moves or game.result() is not None:
        clear_autosave(target)
        return None
    return save_game(target, game)


def load_autosave(path: str | os.PathLike[str] | None = None) -> tuple[SavedGame | None, str | None]:
    """``(game, None)``, ``(None, None)`` for no usable unfinished autosave, ``(None, warning)``
    for a file that cannot be used (moved aside). Never raises."""
    target = config_file(path, AUTOSAVE_FILE)
    try:
        game = load_game(target, AUTOSAVED_GAME)
    except UserFileError as exc:
        if exc.missing:
            return None, None
        return None, userfiles.set_aside(target, AUTOSAVED_GAME, exc.reason, "started a new game")
    if game.result() is not None or not game.moves:
        return None, None
    return game, None


def clear_autosave(path: str | os.PathLike[str] | None = None) -> None:
    """Remove the autosave file if present (errors are logged)."""
    target = config_file(path, AUTOSAVE_FILE)
    try:
        target.unlink(missing_ok=True)
    except OSError as exc:
        log.warning("cannot remove autosave %s: %s", userfiles.shown_path(target), exc)


LIBRARY_DIR = "saved_games"
MAX_LIBRARY = 200           # the most saved games listed (the newest first)


@dataclass(frozen=True)
class LibraryEntry:
    """A library file's ``path``, ``game`` (None if unreadable) and ``error``."""

    path: Path
    game: SavedGame | None
    error: str = ""

    @property
    def title(self) -> str:
        return (self.game.name if self.game and self.game.name else self.path.stem)


def save_to_library(game: SavedGame, name: str = "", when: float | None = None,
                    folder: str | os.PathLike[str] | None = None) -> Path:
    """Save ``game`` as a new library file named after the time (``20261123-142501.json``),
    carrying ``name`` (default the time); returns its path. :raises UserFileError:"""
    when = time.time() if when is None else when
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    shown = time.strftime("%Y-%m-%d %H:%M", time.localtime(when))
    target_dir = config_file(folder, LIBRARY_DIR)
    named = SavedGame(game.rows, game.cols, game.moves, game.x, game.o,
                      clip(name or shown, 60), shown)
    try:
        names = itertools.chain([f"{stamp}.json"],
                                (f"{stamp}-{n}.json" for n in itertools.count(2)))
        return atomic_write_new(target_dir, names, json_bytes(named.to_json()))
    except OSError as exc:
        raise UserFileError(target_dir / f"{stamp}.json",
                            f"cannot be written ({clip(exc.strerror or exc, 60)})",
                            SAVED_GAME) from None


def list_library(folder: str | os.PathLike[str] | None = None,
                 limit: int = MAX_LIBRARY) -> list[LibraryEntry]:
    """At most ``limit`` saved games, newest first (an older version's ``saved_game.json`` too).
    Never raises."""
    target_dir = config_file(folder, LIBRARY_DIR)
    try:
        paths = [p for p in target_dir.iterdir() if p.suffix == ".json" and p.name[0] != "."]
    except OSError:
        paths = []
    if folder is None:
        old = config_dir() / "saved_game.json"
        if old.exists():
            paths.append(old)
    paths.sort(key=lambda p: p.name, reverse=True)
    out = []
    for path in paths[:limit]:
        try:
            out.append(LibraryEntry(path, load_game(path)))
        except UserFileError as exc:
            out.append(LibraryEntry(path, None, clip(exc.reason, 120)))
    out.sort(key=lambda e: (e.game.saved_at if e.game else "", e.path.name), reverse=True)
    return out
