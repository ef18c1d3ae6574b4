"""Saved games: a game is its move string.

Move notation
-------------
A game is the string of the columns played, X first, in the assignment's
``Board.add_checkers`` notation (BU CS111 ps9): ``'1211244445'`` means X in
column 1, O in column 2, X in 1, ... For boards up to 10 columns this is
exactly the assignment's notation (digits ``0``-``9``). Wider boards (up to 14
columns) continue with letters: ``a`` = 10, ``b`` = 11, ``c`` = 12,
``d`` = 13 (upper case accepted on input, lower case written).

Unlike the assignment's helper, :func:`parse_moves` *validates*: it refuses a
character that is not a column, a column off the board, a full column and a
move after the game is won, naming the 0-based index and the character (never
repeating the whole string, which may be a megabyte long).

Files
-----
A saved game is a small JSON object (written atomically)::

    {"format": "connect4-game", "version": 1, "rows": 6, "cols": 7,
     "moves": "1211244445", "x": "Human", "o": "Hard",
     "players": {"X": {"kind": "human", "lookahead": 6, "tiebreak": "RANDOM"},
                 "O": {"kind": "ai", "level": "hard", "lookahead": 6,
                       "tiebreak": "RANDOM"}}}

``x``/``o`` (optional) describe the players, free text. ``players``
(optional; files written before it existed have none) is who played each
side, so that a restored game keeps its players: a
:class:`~connect4_game.seat_config.PlayerConfig` of kind ``human``,
``random``, ``ai`` (a ``level``, or the assignment's ``AIPlayer`` with its
``lookahead`` and ``tiebreak``, BU CS111 ps9 Problem 4) or ``expert``. A
plug-in's side is never stored (a saved game never names code to run), nor
is a friend over the network. The board size must
be one the game offers (``MIN_ROWS``..``MAX_ROWS`` x ``MIN_COLS``..``MAX_COLS``
of :mod:`connect4_game.storage.settings`). :func:`load_game` also accepts a plain
text file holding only a move string (6x7 board); other JSON values (``null``,
``"123"``, a list) are refused. Files are read through
:mod:`connect4_game.storage.userfiles` (regular files only, at most 1 MiB, UTF-8 with
or without a byte-order mark). Every problem with a file (missing,
unreadable, not a regular file, truncated, garbage, wrong fields, illegal
moves) raises :class:`SaveFileError`, a ``ValueError`` with a one-line,
bounded message naming the file -- never another exception, and never the
file's content.

Autosave
--------
:func:`autosave` keeps the current unfinished game in ``autosave.json`` in the
config directory (see :func:`connect4_game.storage.settings.config_dir`);
:func:`load_autosave` returns it for "offer back on the next plain start"; an
autosave that cannot be used is moved aside (``autosave.json.bad-<time>``)
with one warning.

This module never imports pygame.
"""

from __future__ import annotations

import itertools
import logging
import os
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from connect4_game.core.board import MAX_COLS, MAX_ROWS, MIN_COLS, MIN_ROWS, Board, check_column
from connect4_game.core.checks import check_int
from connect4_game.core.game import Game
from connect4_game.core.messages import clip
from connect4_game.core.notation import ADD_CHECKERS_CHARS
from connect4_game.core.side import CHECKERS
from connect4_game.seat_config import PlayerConfig, SeatKind
from connect4_game.storage.atomic import atomic_write_json, atomic_write_new, json_bytes
from connect4_game.storage.settings import config_dir
from connect4_game.storage.userfiles import (
    UserFileError,
    json_kind,
    parse_json,
    quote_value,
    read_user_file,
    set_aside,
    shown_path,
)

__all__ = [
    "MOVE_CHARS", "MAX_COLS", "FORMAT", "AUTOSAVE_FILE", "MoveStringError", "SaveFileError",
    "SavedGame", "col_to_char", "char_to_col", "moves_to_string", "parse_moves",
    "board_from_moves", "game_result", "save_game", "load_game", "autosave_path",
    "autosave", "load_autosave", "clear_autosave", "library_dir", "save_to_library",
    "list_library", "LibraryEntry", "MAX_LIBRARY",
]

log = logging.getLogger(__name__)

MOVE_CHARS = ADD_CHECKERS_CHARS      # one name per column; len(MOVE_CHARS) == MAX_COLS
FORMAT = "connect4-game"
VERSION = 1
AUTOSAVE_FILE = "autosave.json"
SAVED_GAME = "saved game"
AUTOSAVED_GAME = "autosaved game"


class MoveStringError(ValueError):
    """A move string is invalid. ``index`` (0-based) and ``char`` name the
    offending move (``index`` is None for errors about the whole string or
    the board size); ``reason`` is the message without the position."""

    def __init__(self, message: str, index: int | None = None, char: str | None = None,
                 reason: str = "") -> None:
        super().__init__(message)
        self.index = index
        self.char = char
        self.reason = reason or message


class SaveFileError(UserFileError):
    """A saved-game file cannot be used or written.

    A :class:`~connect4_game.storage.userfiles.UserFileError` (so a ``ValueError``):
    ``str()`` is one line naming the file and saying why; ``path``,
    ``reason`` and ``missing`` give the parts.
    """


def col_to_char(col: int) -> str:
    """The notation character of column ``col`` (0..13): ``'0'``..``'9'``, ``'a'``..``'d'``.

    :raises ValueError: for a column outside 0..13 or a non-int.
    """
    return MOVE_CHARS[check_column(col, MAX_COLS)]


def char_to_col(ch: str) -> int:
    """The column of a notation character (case-insensitive).

    :raises ValueError: if ``ch`` is not one of ``0-9``, ``a-d``.
    """
    if not isinstance(ch, str) or len(ch) != 1 or ch.lower() not in MOVE_CHARS:
        raise ValueError(f"{quote_value(ch)} is not a column "
                         "(use 0-9, then a-d for columns 10-13)")
    return MOVE_CHARS.index(ch.lower())


def moves_to_string(cols: Iterable[int]) -> str:
    """The move string of a sequence of columns, e.g. ``[1, 2, 1]`` -> ``'121'``.

    :raises ValueError: for a column outside 0..13.
    """
    return "".join(col_to_char(c) for c in cols)


def _check_size(rows: Any, cols: Any, min_rows: int = MIN_ROWS,
                min_cols: int = MIN_COLS) -> None:
    """Refuse a board size outside ``min_rows..MAX_ROWS`` x ``min_cols..MAX_COLS``.

    Saved games use the game's own limits (the defaults); the move-string
    functions allow smaller boards (``min_rows = min_cols = 1``) for the
    assignment's tiny test boards.

    :raises MoveStringError: naming the bad value (clipped).
    """
    try:
        check_int(rows, min_rows, MAX_ROWS, "rows")
        check_int(cols, min_cols, MAX_COLS, "cols")
    except ValueError as exc:
        raise MoveStringError(str(exc)) from None


def _move_problem(game: Game, ch: str) -> tuple[int, str]:
    """The column a move character names, and why it cannot be played ('' if it can)."""
    low = ch.lower()
    if low not in MOVE_CHARS:
        return -1, "not a column (use 0-9, then a-d for columns 10-13)"
    col = MOVE_CHARS.index(low)
    if col >= game.cols:
        return col, (f"column {col} is off the board (columns are 0 to {game.cols - 1}, "
                     f"written 0-{MOVE_CHARS[game.cols - 1]})")
    if game.outcome is not None and game.outcome.winner:
        return col, f"the game was already won by {game.outcome.winner}"
    if not game.can_play(col):
        return col, f"column {col} is full"
    return col, ""


def _replay(moves: str, rows: int, cols: int) -> Game:
    """Validate and play ``moves``; return the game (its columns, board and outcome)."""
    if not isinstance(moves, str):
        raise MoveStringError(f"moves must be a string, not {type(moves).__name__}")
    _check_size(rows, cols, 1, 1)
    game = Game(rows, cols)
    for i, ch in enumerate(moves):
        col, reason = _move_problem(game, ch)
        if reason:
            # ch!r is one character (at most ~12 shown); the string may be 1 MB
            raise MoveStringError(f"move {i + 1} (index {i}, {ch!r}): {reason}", i, ch, reason)
        game.push(col)
    return game


def parse_moves(moves: str, rows: int = 6, cols: int = 7) -> list[int]:
    """Validate a move string and return its columns (0-based ints).

    Surrounding whitespace is not stripped: every character counts, so the
    index in an error message is the index in the string as given.

    :param moves: e.g. ``'1211244445'`` (see the module docstring).
    :param rows, cols: board size: 1 to ``MAX_ROWS`` (12) rows, 1 to
        ``MAX_COLS`` (14) columns (the limits of :mod:`connect4_game.storage.settings`).
    :raises MoveStringError: (a ValueError) naming the move's index and
        character for a character that is not a column, a column off the
        board, a full column, or a move after the game was won; or naming a
        bad board size.
    """
    return _replay(moves, rows, cols).moves


def board_from_moves(moves: str, rows: int = 6, cols: int = 7) -> Board:
    """The :class:`~connect4_game.core.board.Board` after playing ``moves`` (validated).

    :raises MoveStringError: as :func:`parse_moves`.
    """
    return _replay(moves, rows, cols).board


def game_result(board: Board) -> str | None:
    """``'X'`` or ``'O'`` if that side has four in a row, ``'tie'`` if the
    board is full, else None (game still going)."""
    for checker in CHECKERS:
        if board.is_win_for(checker):
            return checker
    return "tie" if board.is_full() else None


STORED_KINDS = (SeatKind.HUMAN, SeatKind.RANDOM, SeatKind.AI, SeatKind.EXPERT)
"""The kinds of player a saved game keeps (see the module docstring)."""


@dataclass(frozen=True)
class SavedGame:
    """One saved game: board size, move string, optional player descriptions
    and the players of its sides.

    :param players: ``{'X': PlayerConfig, 'O': PlayerConfig}`` (a side may
        be left out), each of a kind in :data:`STORED_KINDS`; None when not
        known (an older file).

    Construction validates everything and raises :class:`MoveStringError`
    (a ValueError) if the board size is not one the game offers
    (``MIN_ROWS``..``MAX_ROWS`` x ``MIN_COLS``..``MAX_COLS``) or the moves are
    not legal on it, and a ``ValueError`` for a player description that is
    not a string of at most 200 characters or players that cannot be stored.
    """

    rows: int
    cols: int
    moves: str
    x: str = ""
    o: str = ""
    name: str = ""
    saved_at: str = ""
    players: dict[str, PlayerConfig] | None = field(default=None, hash=False)
    # set from the moves: result() is asked after every move (autosave)
    _result: str | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name in ("x", "o", "name", "saved_at"):
            value = getattr(self, name)
            if not isinstance(value, str) or len(value) > 200:
                raise ValueError(f"player description {name!r} must be a short string, "
                                 f"not {quote_value(value)}")
        _check_players(self.players)
        _check_size(self.rows, self.cols)
        game = _replay(self.moves, self.rows, self.cols)
        object.__setattr__(self, "moves", moves_to_string(game.moves))  # normalise case
        object.__setattr__(self, "_result", game.outcome.result() if game.outcome else None)

    @property
    def columns(self) -> list[int]:
        return parse_moves(self.moves, self.rows, self.cols)

    def board(self) -> Board:
        return board_from_moves(self.moves, self.rows, self.cols)

    def result(self) -> str | None:
        """See :func:`game_result`."""
        return self._result

    def players_over(self, current: dict[str, PlayerConfig]) -> dict[str, PlayerConfig]:
        """The players to restore the game with: ``{'X': PlayerConfig, 'O':
        PlayerConfig}``, the stored ones, else (an older file, a side not
        stored) the side's player in ``current``."""
        return {**current, **(self.players or {})}

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "rows": self.rows,
                                "cols": self.cols, "moves": self.moves}
        if self.x:
            data["x"] = self.x
        if self.o:
            data["o"] = self.o
        if self.name:
            data["name"] = self.name
        if self.saved_at:
            data["saved_at"] = self.saved_at
        if self.players is not None:
            data["players"] = {side: _player_to_json(p) for side, p in self.players.items()}
        return data

    @classmethod
    def from_json(cls, data: Any) -> SavedGame:
        """:raises ValueError: (MoveStringError or a plain ValueError) naming the problem."""
        if not isinstance(data, dict):
            raise ValueError(f"expected a JSON object, got {type(data).__name__}")
        if data.get("format", FORMAT) != FORMAT:
            raise ValueError(f"not a Connect Four saved game "
                             f"(format {quote_value(data.get('format'))})")
        missing = [k for k in ("rows", "cols", "moves") if k not in data]
        if missing:
            raise ValueError(f"missing field(s): {', '.join(missing)}")
        return cls(data["rows"], data["cols"], data["moves"], data.get("x", ""), data.get("o", ""),
                   data.get("name", ""), data.get("saved_at", ""),
                   _players_from_json(data["players"]) if "players" in data else None)


def _check_players(players: Any) -> None:
    """:raises ValueError: unless ``players`` is None or maps 'X'/'O' to a
    PlayerConfig of a kind in :data:`STORED_KINDS`."""
    if players is None:
        return
    if not isinstance(players, dict) or not set(players) <= set(CHECKERS):
        raise ValueError(f"players must map 'X' and 'O' to players, not {quote_value(players)}")
    for side, player in players.items():
        if not isinstance(player, PlayerConfig) or player.kind not in STORED_KINDS:
            raise ValueError(f"the player of {side} cannot be stored: {quote_value(player)}")


def _player_to_json(player: PlayerConfig) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": player.kind.value, "lookahead": player.lookahead,
                            "tiebreak": player.tiebreak}
    if player.level:
        data["level"] = player.level
    return data


def _players_from_json(data: Any) -> dict[str, PlayerConfig]:
    """:raises ValueError: naming the side whose player is not one a saved game keeps."""
    if not isinstance(data, dict):
        raise ValueError(f"players must be an object, not {quote_value(data)}")
    players = {}
    for side, player in data.items():
        if side not in CHECKERS or not isinstance(player, dict):
            raise ValueError(f"players: bad side {quote_value(side)}")
        kind, lookahead = player.get("kind"), player.get("lookahead", PlayerConfig.lookahead)
        if kind not in [k.value for k in STORED_KINDS] or isinstance(lookahead, bool):
            raise ValueError(f"players: the player of {side} is not one a saved game keeps")
        try:
            players[side] = PlayerConfig(SeatKind(kind), lookahead,
                                         player.get("tiebreak", PlayerConfig.tiebreak),
                                         level=player.get("level", ""))
        except TypeError as exc:
            raise ValueError(f"players: the player of {side}: {clip(exc, 80)}") from None
    return players


def save_game(path: str | os.PathLike[str], game: SavedGame) -> Path:
    """Write ``game`` to ``path`` atomically as JSON; returns the path.

    :raises TypeError: if ``game`` is not a SavedGame.
    :raises SaveFileError: if the file cannot be written (message names it).
    """
    if not isinstance(game, SavedGame):
        raise TypeError(f"expected SavedGame, got {type(game).__name__}")
    try:
        return atomic_write_json(path, game.to_json())
    except OSError as exc:
        raise SaveFileError(path, f"cannot be written ({clip(exc.strerror or exc, 60)})",
                            SAVED_GAME) from None


def load_game(path: str | os.PathLike[str]) -> SavedGame:
    """Read a saved game (JSON, or a plain move string for a 6x7 board).

    Never moves or changes the file.

    :raises SaveFileError: with a one-line message naming the file, for a
        missing (``missing=True``), unreadable, over-large, non-regular,
        truncated or garbage file, JSON that is not a saved-game object,
        wrong fields, a board size the game does not offer, or illegal moves
        (the move's index and character are named, not the whole string).
    """
    return _read_game(Path(path), SAVED_GAME)


def _read_game(target: Path, what: str) -> SavedGame:
    try:
        text = read_user_file(target, what).strip()
    except UserFileError as exc:
        raise SaveFileError(target, exc.reason, what, missing=exc.missing) from None
    if not text:
        raise SaveFileError(target, "is empty", what)
    try:
        return _game_from_text(text, target, what)
    except SaveFileError:
        raise
    except UserFileError as exc:
        raise SaveFileError(target, exc.reason, what) from None
    except ValueError as exc:
        raise SaveFileError(target, f"is not a valid saved game: {clip(exc, 160)}",
                            what) from None
    except Exception as exc:         # RecursionError, MemoryError, a bug: still one message
        raise SaveFileError(target, f"could not be read ({type(exc).__name__})",
                            what) from None


def _game_from_text(text: str, target: Path, what: str) -> SavedGame:
    """The game in ``text`` (stripped, non-empty).

    :raises ValueError: (MoveStringError, UserFileError, SaveFileError) why not.
    """
    if all(ch in MOVE_CHARS for ch in text.lower()):
        return SavedGame(6, 7, text)          # a bare move string, as copied with Ctrl+C
    try:
        data = parse_json(text, target, what)
    except UserFileError:
        if text[0] in "{[\"":
            raise
        return SavedGame(6, 7, text)          # a move string with a bad move: name it
    if not isinstance(data, dict):
        raise SaveFileError(target, f"is JSON but not a saved game (it holds "
                                    f"{json_kind(data)}, not a JSON object)", what)
    return SavedGame.from_json(data)


# -- autosave -------------------------------------------------------------------

def autosave_path() -> Path:
    """``autosave.json`` in the config directory."""
    return config_dir() / AUTOSAVE_FILE


def autosave(game: SavedGame, path: str | os.PathLike[str] | None = None) -> Path | None:
    """Keep ``game`` for the next plain start, or forget it.

    An unfinished game with at least one move is written (atomically) and its
    path returned; an empty or finished game removes any previous autosave
    and returns None (there is nothing to offer back).

    Cheap enough for every move: one write of about 150 bytes to a
    temporary file, ``fsync``, a rename (under 1 ms per call on an SSD; the
    ``fsync`` is most of it). A process killed at any moment leaves the
    previous autosave or the new one, and at worst a temporary file that
    :func:`load_autosave` never reads and
    :func:`~connect4_game.storage.settings.clean_config_dir` removes at the
    next start.

    :raises SaveFileError: if writing fails.
    """
    target = Path(path) if path is not None else autosave_path()
    if not game.moves or game.result() is not None:
        clear_autosave(target)
        return None
    return save_game(target, game)


def load_autosave(path: str | os.PathLike[str] | None = None) -> tuple[SavedGame | None, str | None]:
    """The autosaved game to offer back; never raises, never blocks, logs nothing.

    :returns: ``(game, None)`` if there is a usable unfinished game;
        ``(None, None)`` if there is none (or only a finished one);
        ``(None, warning)`` if the file cannot be used: it is then moved aside
        (``autosave.json.bad-<YYYYmmdd-HHMMSS>``, see
        :func:`connect4_game.storage.userfiles.set_aside`) so the warning appears
        once, and the one-line warning says where it went.
    """
    target = Path(path) if path is not None else autosave_path()
    try:
        game = _read_game(target, AUTOSAVED_GAME)
    except SaveFileError as exc:
        if exc.missing:
            return None, None
        return None, set_aside(target, AUTOSAVED_GAME, exc.reason, "started a new game")
    if game.result() is not None or not game.moves:
        return None, None
    return game, None


def clear_autosave(path: str | os.PathLike[str] | None = None) -> None:
    """Remove the autosave file if present (errors are logged, not raised)."""
    target = Path(path) if path is not None else autosave_path()
    try:
        target.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        log.warning("cannot remove autosave %s: %s", shown_path(target), exc)


# -- the saved-games library ---------------------------------------------------------

LIBRARY_DIR = "saved_games"
MAX_LIBRARY = 200
"""The most saved games listed (the newest first)."""


def library_dir() -> Path:
    """The folder of the player's saved games (``saved_games`` in the config directory)."""
    return config_dir() / LIBRARY_DIR


@dataclass(frozen=True)
class LibraryEntry:
    """One file of the library: its ``path``, the ``game`` (None if it
    cannot be read) and ``error`` (one line, '' when readable)."""

    path: Path
    game: SavedGame | None
    error: str = ""

    @property
    def title(self) -> str:
        return (self.game.name if self.game and self.game.name else self.path.stem)


def _library_names(stamp: str) -> Iterator[str]:
    """``<stamp>.json``, then ``<stamp>-2.json``, ``<stamp>-3.json`` ..."""
    yield f"{stamp}.json"
    for n in itertools.count(2):
        yield f"{stamp}-{n}.json"


def save_to_library(game: SavedGame, name: str = "", when: float | None = None,
                    folder: str | os.PathLike[str] | None = None) -> Path:
    """Save ``game`` as a new file of the library, named after the time
    (``20261123-142501.json``, ``-2`` etc. if taken) and carrying ``name``
    (default: the date and time) and the save time.

    Never overwrites a file, even when several processes save in the same
    second: the name is taken by the file system itself (see
    :func:`~connect4_game.storage.atomic.atomic_write_new`), and the file
    appears complete or not at all.

    :returns: the new file's path.
    :raises SaveFileError: if it cannot be written (the message names the folder).
    """
    when = time.time() if when is None else when
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    shown = time.strftime("%Y-%m-%d %H:%M", time.localtime(when))
    target_dir = Path(folder) if folder is not None else library_dir()
    named = SavedGame(game.rows, game.cols, game.moves, game.x, game.o,
                      clip(name or shown, 60), shown)
    try:
        return atomic_write_new(target_dir, _library_names(stamp), json_bytes(named.to_json()))
    except OSError as exc:
        raise SaveFileError(target_dir / f"{stamp}.json",
                            f"cannot be written ({clip(exc.strerror or exc, 60)})",
                            SAVED_GAME) from None


def list_library(folder: str | os.PathLike[str] | None = None,
                 limit: int = MAX_LIBRARY) -> list[LibraryEntry]:
    """The saved games, newest first (by save time, then file name), at most
    ``limit``; an unreadable file is listed with its one-line error (it is
    never moved or changed). The single saved game of earlier versions
    (``saved_game.json`` in the config directory) is listed too. Never raises."""
    target_dir = Path(folder) if folder is not None else library_dir()
    paths: list[Path] = []
    try:
        with os.scandir(target_dir) as it:
            for entry in it:
                if entry.name.endswith(".json") and not entry.name.startswith("."):
                    paths.append(Path(entry.path))
    except OSError:
        pass
    if folder is None:
        old = config_dir() / "saved_game.json"
        if old.exists():
            paths.append(old)
    paths.sort(key=lambda p: p.name, reverse=True)
    out = []
    for path in paths[:limit]:
        try:
            out.append(LibraryEntry(path, load_game(path)))
        except SaveFileError as exc:
            out.append(LibraryEntry(path, None, clip(exc.reason, 120)))
    out.sort(key=lambda e: (e.game.saved_at if e.game else "", e.path.name), reverse=True)
    return out
