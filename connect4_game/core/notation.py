"""The players' move notation: columns numbered 1..N, as the board shows
them and as connect4.gamesolver.org writes a position.

A game is the string of the columns played, X first: ``'4453'`` is X in
column 4, O in column 4, X in column 5, O in column 3. This is what the
window's *Copy moves* (Ctrl+C) puts on the clipboard, what *Paste position*
(Ctrl+V) and ``--position`` read, and what a player types.

The rule for boards wider than 9 columns: columns 1 to 9 are the digits
``1``-``9``, columns 10 to 14 (the widest board offered) are the letters
``a``-``e`` (``a`` = 10, ``b`` = 11, ... ``e`` = 14; upper case is accepted
on input, lower case is written). There is no column ``0``.

This is *not* the assignment's notation: ``Board.add_checkers`` (BU CS111
ps9) and ``--moves`` number the columns from 0 (``'3342'`` is the same game
as ``'4453'``), and saved game files keep that notation
(:mod:`connect4_game.storage.savegame`). The two meet only here, in
:func:`from_add_checkers` and :func:`to_add_checkers`.

Reading (:func:`parse_position`) is forgiving about what surrounds the
moves and strict about the moves themselves: spaces, tabs, newlines and
commas between the moves are ignored, a whole gamesolver address
(``https://connect4.gamesolver.org/?pos=4453``) is read from its ``pos=``,
and every other character is refused by a :class:`NotationError` naming it,
its position in the text and the move it would have been. Each move is also
played on the board, so a column off the board, a full column or a move
after the game was won is refused the same way.

This module never imports pygame.

>>> format_moves([3, 3, 4, 2])
'4453'
>>> parse_position('4453')
[3, 3, 4, 2]
>>> parse_position('4 4 5 3\\n')
[3, 3, 4, 2]
>>> column_name(9), column_name(13), column_of('A')
('a', 'e', 9)
>>> try:
...     parse_position('4408')
... except NotationError as err:
...     print(err)
move 3: '0' (character 3) is not a column: use 1-7
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from connect4_game.core.board import DEFAULT_COLS, DEFAULT_ROWS, MAX_COLS, MAX_ROWS, check_column
from connect4_game.core.checks import check_int
from connect4_game.core.game import Game, MoveRefused

__all__ = ['COLUMN_CHARS', 'NotationError', 'column_name', 'column_of', 'column_range',
           'format_moves', 'parse_position', 'from_add_checkers', 'to_add_checkers',
           'ADD_CHECKERS_CHARS']

COLUMN_CHARS = '123456789abcde'
"""The name of each column, 0-based index -> character; ``len(COLUMN_CHARS)``
is :data:`connect4_game.core.board.MAX_COLS` (14)."""

ADD_CHECKERS_CHARS = '0123456789abcd'
"""The assignment's ``add_checkers`` notation (BU CS111 ps9), as ``--moves``
and the saved games write it: column ``i`` (0-based) is ``ADD_CHECKERS_CHARS[i]``."""

_SEPARATORS = ' \t\r\n,;'
_MAX_SHOWN_CHAR = 12


class NotationError(ValueError):
    """A move string that cannot be read or played.

    ``str(err)`` is one line naming the move and the bad character, e.g.
    ``"move 3: '8' (character 5) is off the board: columns 1-7"``.

    Attributes: ``move`` (the 1-based move it would have been, or None for
    a problem with the whole text), ``char`` (the bad character, or None),
    ``position`` (its 1-based place in the text, or None), ``reason``
    (one of ``'not a column'``, ``'off the board'``, ``'full'``,
    ``'won'`` (a move after four in a row), ``'board full'`` (a move after
    the last cell), ``'empty'`` (no moves at all)) and ``columns`` (how many
    columns the board has).
    """

    def __init__(self, reason: str, cols: int, move: int | None = None,
                 char: str | None = None, position: int | None = None) -> None:
        self.reason = reason
        self.columns = cols
        self.move = move
        self.char = char
        self.position = position
        super().__init__(self._describe())

    def _describe(self) -> str:
        span = column_range(self.columns)
        if self.reason == 'empty':
            return f'no moves: type columns {span}, e.g. 4453'
        head = f'move {self.move}: {_shown(self.char)} (character {self.position})'
        if self.reason == 'not a column':
            return f'{head} is not a column: use {span}'
        if self.reason == 'off the board':
            return f'{head} is off the board: columns {span}'
        if self.reason == 'full':
            return f'{head}: column {self.char} is full'
        if self.reason == 'board full':
            return f'{head}: the board is already full'
        return f'{head}: the game was already won'


def _shown(ch: str | None) -> str:
    """A bad character as messages quote it (a control character as its escape)."""
    return repr(ch)[:_MAX_SHOWN_CHAR] if ch is not None else "''"


def column_range(cols: int) -> str:
    """How the columns of a board ``cols`` wide are typed: ``'1-7'``,
    ``'1-9, a'`` (10), ``'1-9, a-e'`` (14).

    :raises ValueError: for ``cols`` outside 1..14.
    """
    check_int(cols, 1, MAX_COLS, 'columns')
    if cols == 1:
        return '1'
    if cols <= 9:
        return f'1-{cols}'
    letters = COLUMN_CHARS[9:cols]
    return '1-9, ' + (letters if len(letters) == 1 else f'{letters[0]}-{letters[-1]}')


def column_name(col: int) -> str:
    """The character of 0-based column ``col``: ``'1'``..``'9'``, ``'a'``..``'e'``.

    :raises ValueError: for a column outside 0..13 or a non-int.
    """
    return COLUMN_CHARS[check_column(col, MAX_COLS)]


def column_of(ch: str) -> int:
    """The 0-based column a character names (case-insensitive).

    :raises ValueError: if ``ch`` is not one of ``1-9``, ``a-e``.
    """
    if not isinstance(ch, str) or len(ch) != 1 or ch.lower() not in COLUMN_CHARS:
        raise ValueError(f'{_shown(ch if isinstance(ch, str) else str(ch))} is not a column '
                         '(use 1-9, then a-e for columns 10-14)')
    return COLUMN_CHARS.index(ch.lower())


def format_moves(cols: Iterable[int]) -> str:
    """The move string of 0-based columns, e.g. ``[3, 3, 4, 2]`` -> ``'4453'``.

    :raises ValueError: for a column outside 0..13.
    """
    return ''.join(column_name(c) for c in cols)


@dataclass
class _Reader:
    """Reads one move string onto a ``rows`` x ``cols`` game."""

    rows: int
    cols: int

    def read(self, text: str) -> list[int]:
        game = Game(self.rows, self.cols)
        start = _moves_start(text)
        for i in range(start, len(text)):
            ch = text[i]
            if ch in _SEPARATORS:
                continue
            if ch == '&' and start:          # the end of a gamesolver address's pos=
                break
            self._play(game, ch, i + 1)
        if not game.moves:
            raise NotationError('empty', self.cols)
        return list(game.moves)

    def _play(self, game: Game, ch: str, position: int) -> None:
        move = len(game.moves) + 1
        low = ch.lower()
        if low not in COLUMN_CHARS:
            raise NotationError('not a column', self.cols, move, ch, position)
        col = COLUMN_CHARS.index(low)
        if col >= self.cols:
            raise NotationError('off the board', self.cols, move, ch, position)
        if game.outcome is not None:
            reason = 'won' if game.outcome.winner else 'board full'
            raise NotationError(reason, self.cols, move, ch, position)
        try:
            game.push(col)
        except MoveRefused:
            raise NotationError('full', self.cols, move, ch, position) from None


def _moves_start(text: str) -> int:
    """Where the moves begin: after ``pos=`` in a gamesolver address, else 0."""
    at = text.find('pos=')
    return at + 4 if at >= 0 else 0


def parse_position(text: str, rows: int = DEFAULT_ROWS,
                   cols: int = DEFAULT_COLS) -> list[int]:
    """The 0-based columns of the move string ``text``, played and checked
    on a ``rows`` x ``cols`` board (see the module docstring for what is
    ignored around the moves).

    :param text: e.g. ``'4453'``, ``' 4 4 5 3 '``, or a gamesolver address.
    :param rows, cols: the board: 1..12 rows, 1..14 columns.
    :returns: the columns, 0-based, X first (at least one move).
    :raises NotationError: (a ValueError) naming the bad character, its
        place and its move: not a column, a column off the board, a full
        column, a move after the game was won, no moves at all.
    :raises ValueError: for a board size outside the limits, or ``text``
        that is not a string.
    """
    if not isinstance(text, str):
        raise ValueError(f'a move string must be text, not {type(text).__name__}')
    check_int(rows, 1, MAX_ROWS, 'rows')
    check_int(cols, 1, MAX_COLS, 'columns')
    return _Reader(rows, cols).read(text)


def from_add_checkers(moves: str) -> str:
    """The assignment's ``add_checkers`` string (0-based, ``0``-``9`` then
    ``a``-``d``) in the players' notation: ``'3342'`` -> ``'4453'``.

    :raises ValueError: for a character that is not a column there.
    """
    out = []
    for ch in moves:
        if ch.lower() not in ADD_CHECKERS_CHARS:
            raise ValueError(f'{_shown(ch)} is not an add_checkers column (0-9, a-d)')
        out.append(COLUMN_CHARS[ADD_CHECKERS_CHARS.index(ch.lower())])
    return ''.join(out)


def to_add_checkers(moves: str) -> str:
    """The players' notation in the assignment's ``add_checkers`` string:
    ``'4453'`` -> ``'3342'``.

    :raises ValueError: for a character that is not a column (see :func:`column_of`).
    """
    return ''.join(ADD_CHECKERS_CHARS[column_of(ch)] for ch in moves)
