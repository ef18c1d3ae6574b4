"""Saved games: a game is its move string (issue 4, "Saved games"; issue 8, bad files).

Move notation
-------------
A game is the string of the columns played, X first, in the seed's
``Board.add_checkers`` notation (seed ps9): ``'1211244445'`` means X in
column 1, O in column 2, X in 1, ... For boards up to 10 columns this is
exactly the seed's notation (digits ``0``-``9``). Wider boards (up to 14
columns, issue 4) continue with letters: ``a`` = 10, ``b`` = 11, ``c`` = 12,
``d`` = 13 (upper case accepted on input, lower case written).

Unlike the seed's helper, :func:`parse_moves` *validates*: it refuses a
character that is not a column, a column off the board, a full column and a
move after the game is won, naming the 0-based index and the character.

Files
-----
A saved game is a small JSON object (written atomically)::

    {"format": "connect4-game", "version": 1, "rows": 6, "cols": 7,
     "moves": "1211244445", "x": "human", "o": "ai"}

``x``/``o`` (optional) describe the players, free text. :func:`load_game`
also accepts a plain text file holding only a move string (6x7 board).
Every problem with a file (missing, unreadable, truncated, garbage, wrong
fields, illegal moves) raises :class:`SaveFileError`, a ``ValueError`` with
a one-line message -- never another exception.

Autosave
--------
:func:`autosave` keeps the current unfinished game in ``autosave.json`` in the
config directory (see :func:`connect4_game.settings.config_dir`);
:func:`load_autosave` returns it for "offer back on the next plain start".

This module never imports pygame.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from .atomic import atomic_write_json
from .board import Board, other
from .settings import config_dir, read_json_file

__all__ = [
    "MOVE_CHARS", "MAX_COLS", "FORMAT", "AUTOSAVE_FILE", "MoveStringError", "SaveFileError",
    "SavedGame", "col_to_char", "char_to_col", "moves_to_string", "parse_moves",
    "board_from_moves", "game_result", "save_game", "load_game", "autosave_path",
    "autosave", "load_autosave", "clear_autosave",
]

log = logging.getLogger(__name__)

MOVE_CHARS = "0123456789abcd"
MAX_COLS = len(MOVE_CHARS)          # 14
MAX_ROWS = 64                       # sanity bound for files
FORMAT = "connect4-game"
VERSION = 1
AUTOSAVE_FILE = "autosave.json"
MAX_FILE_BYTES = 1 << 20


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


class SaveFileError(ValueError):
    """A saved-game file cannot be used; the message says which file and why."""


def col_to_char(col: int) -> str:
    """The notation character of column ``col`` (0..13): ``'0'``..``'9'``, ``'a'``..``'d'``.

    :raises ValueError: for a column outside 0..13 or a non-int.
    """
    if isinstance(col, bool) or not isinstance(col, int) or not 0 <= col < MAX_COLS:
        raise ValueError(f"column must be an integer from 0 to {MAX_COLS - 1}, not {col!r}")
    return MOVE_CHARS[col]


def char_to_col(ch: str) -> int:
    """The column of a notation character (case-insensitive).

    :raises ValueError: if ``ch`` is not one of ``0-9``, ``a-d``.
    """
    if not isinstance(ch, str) or len(ch) != 1 or ch.lower() not in MOVE_CHARS:
        raise ValueError(f"{ch!r} is not a column (use 0-9, then a-d for columns 10-13)")
    return MOVE_CHARS.index(ch.lower())


def moves_to_string(cols: Iterable[int]) -> str:
    """The move string of a sequence of columns, e.g. ``[1, 2, 1]`` -> ``'121'``.

    :raises ValueError: for a column outside 0..13.
    """
    return "".join(col_to_char(c) for c in cols)


def _check_size(rows: Any, cols: Any) -> None:
    if isinstance(rows, bool) or not isinstance(rows, int) or not 1 <= rows <= MAX_ROWS:
        raise MoveStringError(f"rows must be an integer from 1 to {MAX_ROWS}, not {rows!r}")
    if isinstance(cols, bool) or not isinstance(cols, int) or not 1 <= cols <= MAX_COLS:
        raise MoveStringError(f"cols must be an integer from 1 to {MAX_COLS} "
                              f"(the move notation has {MAX_COLS} column names), not {cols!r}")


def _replay(moves: str, rows: int, cols: int) -> tuple[list[int], Board]:
    """Validate and play ``moves``; return the columns and the final board."""
    if not isinstance(moves, str):
        raise MoveStringError(f"moves must be a string, not {type(moves).__name__}")
    _check_size(rows, cols)
    board = Board(rows, cols)
    played: list[int] = []
    checker = "X"
    winner: str | None = None
    for i, ch in enumerate(moves):
        def fail(reason: str) -> MoveStringError:
            return MoveStringError(f"move {i + 1} (index {i}, {ch!r}) of {moves!r}: {reason}",
                                   i, ch, reason)
        low = ch.lower()
        if low not in MOVE_CHARS:
            raise fail("not a column (use 0-9, then a-d for columns 10-13)")
        col = MOVE_CHARS.index(low)
        if col >= cols:
            raise fail(f"column {col} is off the board (columns are 0 to {cols - 1}, "
                       f"written 0-{MOVE_CHARS[cols - 1]})")
        if winner is not None:
            raise fail(f"the game was already won by {winner}")
        if not board.can_add_to(col):
            raise fail(f"column {col} is full")
        board.add_checker(checker, col)
        played.append(col)
        if board.is_win_for(checker):
            winner = checker
        checker = other(checker)
    return played, board


def parse_moves(moves: str, rows: int = 6, cols: int = 7) -> list[int]:
    """Validate a move string and return its columns (0-based ints).

    Surrounding whitespace is not stripped: every character counts, so the
    index in an error message is the index in the string as given.

    :param moves: e.g. ``'1211244445'`` (see the module docstring).
    :param rows, cols: board size; ``cols`` at most 14.
    :raises MoveStringError: (a ValueError) naming the move's index and
        character for a character that is not a column, a column off the
        board, a full column, or a move after the game was won; or naming a
        bad board size.
    """
    return _replay(moves, rows, cols)[0]


def board_from_moves(moves: str, rows: int = 6, cols: int = 7) -> Board:
    """The :class:`~connect4_game.board.Board` after playing ``moves`` (validated).

    :raises MoveStringError: as :func:`parse_moves`.
    """
    return _replay(moves, rows, cols)[1]


def game_result(board: Board) -> str | None:
    """``'X'`` or ``'O'`` if that side has four in a row, ``'tie'`` if the
    board is full, else None (game still going)."""
    for checker in ("X", "O"):
        if board.is_win_for(checker):
            return checker
    return "tie" if board.is_full() else None


@dataclass(frozen=True)
class SavedGame:
    """One saved game: board size, move string and optional player descriptions.

    Construction validates everything and raises :class:`MoveStringError`
    (a ValueError) if the moves are not legal on a ``rows`` x ``cols`` board.
    """

    rows: int
    cols: int
    moves: str
    x: str = ""
    o: str = ""

    def __post_init__(self) -> None:
        for name in ("x", "o"):
            value = getattr(self, name)
            if not isinstance(value, str) or len(value) > 200:
                raise ValueError(f"player description {name!r} must be a short string, "
                                 f"not {value!r}")
        columns = parse_moves(self.moves, self.rows, self.cols)
        object.__setattr__(self, "moves", moves_to_string(columns))  # normalise case

    @property
    def columns(self) -> list[int]:
        return parse_moves(self.moves, self.rows, self.cols)

    def board(self) -> Board:
        return board_from_moves(self.moves, self.rows, self.cols)

    def result(self) -> str | None:
        """See :func:`game_result`."""
        return game_result(self.board())

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "rows": self.rows,
                                "cols": self.cols, "moves": self.moves}
        if self.x:
            data["x"] = self.x
        if self.o:
            data["o"] = self.o
        return data

    @classmethod
    def from_json(cls, data: Any) -> "SavedGame":
        """:raises ValueError: (MoveStringError or a plain ValueError) naming the problem."""
        if not isinstance(data, dict):
            raise ValueError(f"expected a JSON object, got {type(data).__name__}")
        if data.get("format", FORMAT) != FORMAT:
            raise ValueError(f"not a Connect Four saved game (format {data.get('format')!r})")
        missing = [k for k in ("rows", "cols", "moves") if k not in data]
        if missing:
            raise ValueError(f"missing field(s): {', '.join(missing)}")
        return cls(data["rows"], data["cols"], data["moves"], data.get("x", ""), data.get("o", ""))


def save_game(path: str | os.PathLike, game: SavedGame) -> Path:
    """Write ``game`` to ``path`` atomically as JSON; returns the path.

    :raises TypeError: if ``game`` is not a SavedGame.
    :raises SaveFileError: if the file cannot be written (message names it).
    """
    if not isinstance(game, SavedGame):
        raise TypeError(f"expected SavedGame, got {type(game).__name__}")
    try:
        return atomic_write_json(path, game.to_json())
    except OSError as exc:
        raise SaveFileError(f"cannot save game to {path}: {exc.strerror or exc}") from None


def load_game(path: str | os.PathLike) -> SavedGame:
    """Read a saved game (JSON, or a plain move string for a 6x7 board).

    :raises SaveFileError: with a one-line message naming the file, for a
        missing, unreadable, over-large, truncated or garbage file, wrong
        fields, or illegal moves (the move's index and character are named).
    """
    target = Path(path)
    try:
        size = target.stat().st_size
    except FileNotFoundError:
        raise SaveFileError(f"saved game {target} does not exist") from None
    except OSError as exc:
        raise SaveFileError(f"cannot read saved game {target}: {exc.strerror or exc}") from None
    if size > MAX_FILE_BYTES:
        raise SaveFileError(f"saved game {target} is too large ({size} bytes) to be a game")
    try:
        text = target.read_bytes().decode("utf-8").strip()
    except UnicodeDecodeError:
        raise SaveFileError(f"saved game {target} is not text (garbage?)") from None
    except OSError as exc:
        raise SaveFileError(f"cannot read saved game {target}: {exc.strerror or exc}") from None
    if not text:
        raise SaveFileError(f"saved game {target} is empty")
    if not text.startswith(("{", "[")):
        # a bare move string, as copied with Ctrl+C
        try:
            return SavedGame(6, 7, text)
        except ValueError as exc:
            raise SaveFileError(f"saved game {target}: {exc}") from None
    data, problem = read_json_file(target, "saved game")
    if problem is not None:
        raise SaveFileError(problem)
    try:
        return SavedGame.from_json(data)
    except ValueError as exc:
        raise SaveFileError(f"saved game {target}: {exc}") from None


# -- autosave -------------------------------------------------------------------

def autosave_path() -> Path:
    """``autosave.json`` in the config directory."""
    return config_dir() / AUTOSAVE_FILE


def autosave(game: SavedGame, path: str | os.PathLike | None = None) -> Path | None:
    """Keep ``game`` for the next plain start, or forget it.

    An unfinished game with at least one move is written (atomically) and its
    path returned; an empty or finished game removes any previous autosave
    and returns None (there is nothing to offer back).

    :raises SaveFileError: if writing fails.
    """
    target = Path(path) if path is not None else autosave_path()
    if not game.moves or game.result() is not None:
        clear_autosave(target)
        return None
    return save_game(target, game)


def load_autosave(path: str | os.PathLike | None = None) -> tuple[SavedGame | None, str | None]:
    """The autosaved game to offer back, never raising.

    :returns: ``(game, None)`` if there is a usable unfinished game;
        ``(None, None)`` if there is none; ``(None, warning)`` if the file is
        bad (the bad file is then removed so the warning appears once).
    """
    target = Path(path) if path is not None else autosave_path()
    if not target.exists():
        return None, None
    try:
        game = load_game(target)
    except SaveFileError as exc:
        warning = f"ignoring the autosaved game: {exc}"
        log.warning("%s", warning)
        clear_autosave(target)
        return None, warning
    if game.result() is not None or not game.moves:
        return None, None
    return game, None


def clear_autosave(path: str | os.PathLike | None = None) -> None:
    """Remove the autosave file if present (errors are logged, not raised)."""
    target = Path(path) if path is not None else autosave_path()
    try:
        target.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        log.warning("cannot remove autosave %s: %s", target, exc)
