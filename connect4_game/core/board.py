"""The Connect Four board (BU CS111 ps9, Problem 1): row 0 is the *top* row; four in a row
wins on every board size (docs/assignment.md shows its printout)."""

from __future__ import annotations

from connect4_game.core.checks import check_int, is_int
from connect4_game.core.side import CHECKERS

EMPTY = ' '

MIN_ROWS, MAX_ROWS = 4, 12          # the boards the game offers: 4x4 up to 12x14
MIN_COLS, MAX_COLS = 4, 14          # (the assignment's Board takes any size >= 1)
DEFAULT_ROWS, DEFAULT_COLS = 6, 7   # the assignment's board


def check_rows(value: object, what: str = 'rows') -> int:
    """Board rows the game offers, 4..12. :raises ValueError: otherwise."""
    return check_int(value, MIN_ROWS, MAX_ROWS, what)


def check_cols(value: object, what: str = 'columns') -> int:
    """Board columns the game offers, 4..14. :raises ValueError: otherwise."""
    return check_int(value, MIN_COLS, MAX_COLS, what)


def check_column(value: object, cols: int, what: str = 'column') -> int:
    """A 0-based column of a board ``cols`` wide, as ``add_checker`` takes it.
    :raises ValueError: ``'column must be an integer from 0 to <cols - 1>, not <value>'``."""
    return check_int(value, 0, cols - 1, what)


def validate_checker(checker: object) -> str:
    """``checker`` if it is ``'X'`` or ``'O'``.
    :raises ValueError: otherwise (the assignment's bare ``assert`` would go with ``-O``)."""
    if checker not in CHECKERS or not isinstance(checker, str):
        raise ValueError(f"checker must be 'X' or 'O', not {checker!r}")
    return checker


def other(checker: str) -> str:
    """The opponent's checker: ``'O'`` for ``'X'`` and ``'X'`` for ``'O'``."""
    return 'O' if checker == 'X' else 'X'


class Board:
    """A Connect Four board of ``height`` rows by ``width`` columns, any size >= 1 (BU CS111
    ps9, Problem 1); ``slots``: rows, top first, of one-character strings ' ', 'X' or 'O'.
    :raises ValueError: if either size is not a positive int."""

    def __init__(self, height: int, width: int) -> None:
        check_int(height, 1, None, 'height')
        check_int(width, 1, None, 'width')
        self.height = height
        self.width = width
        self.slots = [[EMPTY] * self.width for _ in range(self.height)]

    def __repr__(self) -> str:
        """The board as the assignment prints it: rows of ``|X|O| |``, ``2 *
        width + 1`` hyphens, the column labels modulo 10; no final newline."""
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

    def add_checker(self, checker: str, col: int) -> None:
        """Drop ``checker`` into column ``col``, onto the lowest empty slot.
        :raises ValueError: for a checker not 'X'/'O', no such column, or a full one."""
        validate_checker(checker)
        check_column(col, self.width)
        row = self.landing_row(col)
        if row < 0:
            raise ValueError(f'column {col} is full')
        self.slots[row][col] = checker

    def add_checkers(self, colnums: str) -> None:
        """Alternate checkers, 'X' first, in the columns of the digits of ``colnums`` (the
        assignment's helper: a column off the board is skipped but uses up a turn).
        :raises ValueError: for a character that is not a digit, or a full column."""
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
        return is_int(col, 0, self.width - 1) and self.slots[0][col] == EMPTY

    def is_full(self) -> bool:
        """True if no column can take another checker."""
        return all(self.slots[0][col] != EMPTY for col in range(self.width))

    def remove_checker(self, col: int) -> None:
        """Remove the top checker of column ``col`` (if any, on the board)."""
        row = self.top_row(col) if 0 <= col < self.width else None
        if row is not None:
            self.slots[row][col] = EMPTY

    def landing_row(self, col: int) -> int:
        """The row (0 on top) a checker dropped in ``col`` lands in, -1 if full."""
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

    _DIRECTIONS = ((0, 1), (1, 0), (1, 1), (-1, 1))  # horizontal, vertical, down diag, up diag

    def winning_line(self, checker: str) -> list[tuple[int, int]] | None:
        """The (row, col) slots of one four-in-a-row of ``checker``, or None.
        :raises ValueError: if ``checker`` is not 'X' or 'O'."""
        validate_checker(checker)
        slots, h, w = self.slots, self.height, self.width
        for dr, dc in self._DIRECTIONS:
            for row in range(max(0, -3 * dr), min(h, h - 3 * dr)):    # the rows a line fits in
                for col in range(w - 3 * dc):
                    if (slots[row][col] == checker and slots[row + dr][col + dc] == checker
                            and slots[row + 2 * dr][col + 2 * dc] == checker
                            and slots[row + 3 * dr][col + 3 * dc] == checker):
                        return [(row + i * dr, col + i * dc) for i in range(4)]
        return None

    def is_win_for(self, checker: str) -> bool:
        """``checker`` has four in a row across, up or diagonally (BU CS111
        ps9, Problem 1). :raises ValueError: if it is not 'X' or 'O'."""
        return self.winning_line(checker) is not None

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
        """The checker to move, X moving first: 'X' when both have as many."""
        return 'X' if self.num_checkers('X') <= self.num_checkers('O') else 'O'

    def __eq__(self, other_board: object) -> bool:
        if not isinstance(other_board, Board):
            return NotImplemented
        return self.slots == other_board.slots

    __hash__ = None  # type: ignore[assignment]  # mutable: no hash
