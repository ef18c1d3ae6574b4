"""The Connect Four board (BU CS111 ps9, Problem 1).

A :class:`Board` is a grid of ``height`` rows by ``width`` columns. Row 0 is
the *top* row, as in the assignment; checkers fall to the highest row index that is
still empty. Four in a row wins on every board size, even boards smaller than
4x4 (where nobody can ever win).

>>> b = Board(3, 3)
>>> b.add_checkers('0200')
>>> b
|O| | |
|X| | |
|X| |O|
-------
 0 1 2
"""

from __future__ import annotations

from connect4_game.core.checks import check_int, is_int
from connect4_game.core.side import CHECKERS

EMPTY = ' '

# -- the boards the game offers (the assignment's Board takes any size >= 1) ------------
MIN_ROWS, MAX_ROWS = 4, 12          # the boards the game offers: 4x4 up to 12x14
MIN_COLS, MAX_COLS = 4, 14          # (14 columns: one move character each, 0-9 a-d)
DEFAULT_ROWS, DEFAULT_COLS = 6, 7   # the assignment's board


def check_rows(value: object, what: str = 'rows') -> int:
    """Board rows the game offers, :data:`MIN_ROWS`..:data:`MAX_ROWS`.

    :raises ValueError: ``'rows must be an integer from 4 to 12, not 3'``.
    """
    return check_int(value, MIN_ROWS, MAX_ROWS, what)


def check_cols(value: object, what: str = 'columns') -> int:
    """Board columns the game offers, :data:`MIN_COLS`..:data:`MAX_COLS`.

    :raises ValueError: ``'columns must be an integer from 4 to 14, not 3'``.
    """
    return check_int(value, MIN_COLS, MAX_COLS, what)


def check_column(value: object, cols: int, what: str = 'column') -> int:
    """A 0-based column index of a board of ``cols`` columns (as the
    assignment's ``add_checker`` takes it): an int from 0 to ``cols - 1``.

    :raises ValueError: ``'column must be an integer from 0 to <cols - 1>, not <value>'``.
    """
    return check_int(value, 0, cols - 1, what)


def validate_checker(checker: object) -> str:
    """Return ``checker`` if it is ``'X'`` or ``'O'``.

    :raises ValueError: naming the bad value otherwise (the assignment uses a bare
        ``assert``, which ``python -O`` would remove).
    """
    if checker not in CHECKERS or not isinstance(checker, str):
        raise ValueError(f"checker must be 'X' or 'O', not {checker!r}")
    return checker


def other(checker: str) -> str:
    """The opponent's checker: ``'O'`` for ``'X'`` and ``'X'`` for ``'O'``."""
    return 'O' if checker == 'X' else 'X'


class Board:
    """A Connect Four board of any size (BU CS111 ps9, Problem 1).

    :param height: number of rows, an int >= 1.
    :param width: number of columns, an int >= 1.
    :raises ValueError: if either size is not a positive int.

    Attributes: ``height``, ``width`` and ``slots``, a list of ``height`` rows
    (top row first), each a list of ``width`` one-character strings
    ``' '``, ``'X'`` or ``'O'``.
    """

    def __init__(self, height: int, width: int) -> None:
        check_int(height, 1, None, 'height')
        check_int(width, 1, None, 'width')
        self.height = height
        self.width = width
        self.slots = [[EMPTY] * self.width for _ in range(self.height)]

    def __repr__(self) -> str:
        """The board as the assignment prints it: rows of ``|X|O| |``, a line of
        ``2 * width + 1`` hyphens and the column labels modulo 10. No trailing
        newline."""
        s = ''
        for row in range(self.height):
            s += '|'
            for col in range(self.width):
                s += self.slots[row][col] + '|'
            s += '\n'
        s += '-' * (2 * self.width + 1) + '\n'
        for col in range(self.width):
            s += ' ' + str(col % 10)
        return s

    # -- moves ---------------------------------------------------------------

    def add_checker(self, checker: str, col: int) -> None:
        """Drop ``checker`` into column ``col``; it lands on the lowest empty slot.

        :raises ValueError: if ``checker`` is not 'X'/'O', ``col`` is not a
            column index in ``range(width)``, or the column is full.
        """
        validate_checker(checker)
        check_column(col, self.width)
        row = self.landing_row(col)
        if row < 0:
            raise ValueError(f'column {col} is full')
        self.slots[row][col] = checker

    def add_checkers(self, colnums: str) -> None:
        """Place alternating checkers, starting with 'X', in the columns named
        by the digits of ``colnums`` (the assignment's debugging helper, unchanged in
        behaviour: digits naming a column outside the board are skipped but
        still use up a turn).

        :raises ValueError: if a character is not a digit, or a column is full.
        """
        checker = 'X'
        for col_str in colnums:
            col = int(col_str)
            if 0 <= col < self.width:
                self.add_checker(checker, col)
            checker = other(checker)

    def reset(self) -> None:
        """Empty every slot."""
        self.slots = [[EMPTY] * self.width for _ in range(self.height)]

    def can_add_to(self, col: int) -> bool:
        """True if ``col`` is a column of this board that is not full."""
        if not is_int(col, 0, self.width - 1):
            return False
        return self.slots[0][col] == EMPTY

    def is_full(self) -> bool:
        """True if no column can take another checker."""
        return all(self.slots[0][col] != EMPTY for col in range(self.width))

    def remove_checker(self, col: int) -> None:
        """Remove the top checker of column ``col``; an empty column (or a
        column index outside the board) is left as it is."""
        if not 0 <= col < self.width:
            return
        for row in range(self.height):
            if self.slots[row][col] != EMPTY:
                self.slots[row][col] = EMPTY
                return

    def landing_row(self, col: int) -> int:
        """Row index where a checker dropped in column ``col`` would land
        (0 is the top row), or -1 if the column is full."""
        for row in range(self.height - 1, -1, -1):
            if self.slots[row][col] == EMPTY:
                return row
        return -1

    def top_row(self, col: int) -> int | None:
        """Row index of the top checker in ``col``, or None if it is empty."""
        for row in range(self.height):
            if self.slots[row][col] != EMPTY:
                return row
        return None

    # -- game end ------------------------------------------------------------

    _DIRECTIONS = ((0, 1), (1, 0), (1, 1), (-1, 1))  # horizontal, vertical, down diag, up diag

    def winning_line(self, checker: str) -> list[tuple[int, int]] | None:
        """The (row, col) slots of one four-in-a-row of ``checker``, or None.

        :raises ValueError: if ``checker`` is not 'X' or 'O'.
        """
        validate_checker(checker)
        slots, h, w = self.slots, self.height, self.width
        for dr, dc in self._DIRECTIONS:
            for row in range(h):
                end_row = row + 3 * dr
                if not 0 <= end_row < h:
                    continue
                for col in range(w - 3 * dc):
                    if (slots[row][col] == checker and slots[row + dr][col + dc] == checker
                            and slots[row + 2 * dr][col + 2 * dc] == checker
                            and slots[end_row][col + 3 * dc] == checker):
                        return [(row + i * dr, col + i * dc) for i in range(4)]
        return None

    def is_win_for(self, checker: str) -> bool:
        """True if ``checker`` has four in a row horizontally, vertically or
        diagonally (BU CS111 ps9, Problem 1).

        :raises ValueError: if ``checker`` is not 'X' or 'O'.
        """
        return self.winning_line(checker) is not None

    # -- conveniences for the game and the search ------------------------------

    def copy(self) -> Board:
        """An independent copy of this board."""
        b = Board(self.height, self.width)
        b.slots = [row[:] for row in self.slots]
        return b

    def legal_columns(self) -> list[int]:
        """The columns that can take a checker, left to right."""
        return [col for col in range(self.width) if self.slots[0][col] == EMPTY]

    def num_checkers(self, checker: str | None = None) -> int:
        """How many checkers are on the board (of ``checker`` only, if given)."""
        if checker is None:
            return sum(cell != EMPTY for row in self.slots for cell in row)
        return sum(cell == checker for row in self.slots for cell in row)

    def to_move(self) -> str:
        """The checker whose turn it is when X moves first: 'X' when both
        sides have as many checkers, else 'O'."""
        return 'X' if self.num_checkers('X') <= self.num_checkers('O') else 'O'

    def __eq__(self, other_board: object) -> bool:
        if not isinstance(other_board, Board):
            return NotImplemented
        return self.slots == other_board.slots

    __hash__ = None  # type: ignore[assignment]  # mutable: no hash
