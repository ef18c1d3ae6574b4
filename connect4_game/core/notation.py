"""Move strings, one character a move, X first, and their one replay into a
:class:`~connect4_game.core.game.Game`: the players' columns 1..N then ``a``-``e``, and the
assignment's ``add_checkers`` ones from 0 (BU CS111 ps9); see docs/command-line.md."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from connect4_game.core.board import DEFAULT_COLS, DEFAULT_ROWS, MAX_COLS, check_column
from connect4_game.core.checks import check_int
from connect4_game.core.game import Game, MoveRefused

__all__ = ['Notation', 'NotationError', 'column_name', 'column_range', 'format_moves',
           'read_game', 'parse_position', 'parse_add_checkers']

_SEPARATORS = ' \t\r\n,;'


class Notation(Enum):
    """A notation: its value names each 0-based column by a character."""

    PLAYERS = '123456789abcde'
    ADD_CHECKERS = '0123456789abcd'


class NotationError(ValueError):
    """A move string that cannot be read or played, in one line: ``"move 3: '8'
    (character 5) is off the board: columns 1-7"``; ``reason`` is ``'not a column'``,
    ``'off the board'``, ``'full'``, ``'won'``, ``'board full'`` or ``'empty'`` (then
    ``move``, ``char`` and the 1-based ``position`` are None)."""

    def __init__(self, reason: str, cols: int, notation: Notation = Notation.PLAYERS,
                 move: int | None = None, char: str | None = None,
                 position: int | None = None) -> None:
        self.reason, self.columns, self.move = reason, cols, move
        self.char, self.position = char, position
        span = column_range(cols, notation)
        shown = repr(char)[:12]
        head = (f'move {move}: {shown} (character {position})' if notation is Notation.PLAYERS
                else f'move {move} (index {(position or 1) - 1}, {shown})')
        super().__init__({
            'empty': f'no moves: type columns {span}, e.g. 4453',
            'not a column': f'{head} is not a column: use {span}',
            'off the board': f'{head} is off the board: columns {span}',
            'full': f'{head}: column {char} is full',
            'board full': f'{head}: the board is already full',
        }.get(reason, f'{head}: the game was already won'))


def column_range(cols: int, notation: Notation = Notation.PLAYERS) -> str:
    """How the columns of a board ``cols`` wide are typed: ``'1-7'``,
    ``'1-9, a'`` (10), ``'1-9, a-e'`` (14); ``'0-6'`` in the assignment's.
    :raises ValueError: for ``cols`` outside 1..14."""
    names = notation.value[:check_int(cols, 1, MAX_COLS, 'columns')]
    parts = (''.join(c for c in names if c.isdigit()), ''.join(c for c in names if c.isalpha()))
    return ', '.join(p if len(p) == 1 else f'{p[0]}-{p[-1]}' for p in parts if p)


def column_name(col: int, notation: Notation = Notation.PLAYERS) -> str:
    """The character of 0-based column ``col``: ``'1'``..``'9'``, ``'a'``..``'e'``.
    :raises ValueError: for a column outside 0..13 or a non-int."""
    return notation.value[check_column(col, MAX_COLS)]


def format_moves(cols: Iterable[int], notation: Notation = Notation.PLAYERS) -> str:
    """The move string of 0-based columns: ``[3, 3, 4, 2]`` -> ``'4453'``.
    :raises ValueError: for a column outside 0..13."""
    return ''.join(column_name(c, notation) for c in cols)


def read_game(text: str, rows: int = DEFAULT_ROWS, cols: int = DEFAULT_COLS,
              notation: Notation = Notation.PLAYERS) -> Game:
    """The :class:`Game` of the move string ``text`` on a ``rows`` x ``cols`` board (1..12 x 1..14);
    the players' notation skips separators and reads a gamesolver address's ``pos=``.
    :raises NotationError: naming the bad character, its place and its move.
    :raises ValueError: for a board size outside the limits or ``text`` not a str."""
    if not isinstance(text, str):
        raise ValueError(f'a move string must be text, not {type(text).__name__}')
    game = Game(rows, cols)                 # it refuses a size outside the limits
    players = notation is Notation.PLAYERS
    start = text.find('pos=') + 4 if players and 'pos=' in text else 0
    for i, ch in enumerate(text[start:], start):
        if players and ch in _SEPARATORS:
            continue
        if players and ch == '&' and start:    # the end of a gamesolver address's pos=
            break
        col = notation.value.find(ch.lower()) if len(ch.lower()) == 1 else -1
        reason = ('not a column' if col < 0 else 'off the board' if col >= cols
                  else '' if game.outcome is None
                  else 'won' if game.outcome.winner else 'board full')
        try:
            if not reason:
                game.push(col)
        except MoveRefused:
            reason = 'full'
        if reason:
            raise NotationError(reason, cols, notation, len(game.moves) + 1, ch, i + 1)
    return game


def parse_position(text: str, rows: int = DEFAULT_ROWS, cols: int = DEFAULT_COLS) -> list[int]:
    """The 0-based columns of ``text`` in the players' notation (at least one move).
    :raises NotationError: as :func:`read_game`, and for no moves at all.
    :raises ValueError: as :func:`read_game`."""
    moves = read_game(text, rows, cols).moves
    if not moves:
        raise NotationError('empty', cols)
    return moves


def parse_add_checkers(text: str, rows: int = DEFAULT_ROWS, cols: int = DEFAULT_COLS) -> list[int]:
    """The 0-based columns of ``text`` in the assignment's ``add_checkers``
    notation (BU CS111 ps9), ``'3342'`` -> ``[3, 3, 4, 2]``.
    :raises NotationError, ValueError: as :func:`read_game`."""
    return read_game(text, rows, cols, Notation.ADD_CHECKERS).moves
