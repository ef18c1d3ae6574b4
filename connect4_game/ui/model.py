"""The window's game state, free of pygame: the move list, undo/redo, the
result, and who plays each side.

All of it lives on the window's main thread; the AI worker only ever sees
copies (see :mod:`connect4_game.ui.worker`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from connect4_game.board import Board

__all__ = ['PlayerConfig', 'GameModel', 'PLAYER_KINDS', 'TIEBREAKS', 'MIN_ROWS', 'MAX_ROWS',
           'MIN_COLS', 'MAX_COLS', 'lookahead_text', 'message_for_result']

PLAYER_KINDS = ('human', 'ai', 'random', 'expert', 'plugin')
TIEBREAKS = ('LEFT', 'RIGHT', 'RANDOM')
MIN_ROWS, MAX_ROWS = 4, 12
MIN_COLS, MAX_COLS = 4, 14


@dataclass(frozen=True)
class PlayerConfig:
    """Who plays one side: ``kind`` in :data:`PLAYER_KINDS`, the seed AI's
    ``lookahead`` (plies, >= 0) and ``tiebreak``, and for ``'plugin'`` the
    ``spec`` ``FILE.py:ClassName``.

    :raises ValueError: for an unknown kind or tiebreak, or a negative lookahead.
    """

    kind: str = 'human'
    lookahead: int = 6
    tiebreak: str = 'LEFT'
    spec: str = ''

    def __post_init__(self):
        if self.kind not in PLAYER_KINDS:
            raise ValueError(f'player kind must be one of {PLAYER_KINDS}, not {self.kind!r}')
        if self.tiebreak not in TIEBREAKS:
            raise ValueError(f'tiebreak must be LEFT, RIGHT or RANDOM, not {self.tiebreak!r}')
        if isinstance(self.lookahead, bool) or not isinstance(self.lookahead, int) \
                or self.lookahead < 0:
            raise ValueError(f'lookahead must be an integer >= 0, not {self.lookahead!r}')
        if self.kind == 'plugin' and not self.spec:
            raise ValueError('a plugin player needs a spec FILE.py:ClassName')

    @property
    def is_human(self) -> bool:
        return self.kind == 'human'

    @property
    def is_computer(self) -> bool:
        return self.kind != 'human'

    def with_(self, **changes) -> 'PlayerConfig':
        return replace(self, **changes)


def lookahead_text(lookahead: int, rows: int, cols: int) -> str:
    """'7', or 'max' when the lookahead reaches a full solve (>= rows*cols plies;
    pygame's default font has no '∞' glyph)."""
    return 'max' if lookahead >= rows * cols else str(lookahead)


def message_for_result(result) -> str:
    """The seed's end-of-game line for ``result`` (see :attr:`GameModel.result`), or ''."""
    if result is None:
        return ''
    if result[0] == 'win':
        return f'Player {result[1]} wins in {result[3]} moves.'
    return "It's a tie!"


class GameModel:
    """One game on a ``rows`` x ``cols`` board, X moving first.

    :param rows: 1..any (the window allows 4..12).
    :param cols: 1..any (the window allows 4..14).
    :param moves: columns already played, alternating X, O, X, ...
    :raises ValueError: if a move is out of range, into a full column or
        after the game is over (naming the move's position, 1-based).

    ``result`` is None while the game runs, ``('win', checker, line,
    n_moves)`` with ``line`` the (row, col) slots of the four, or
    ``('tie',)`` for a full board.
    """

    def __init__(self, rows: int = 6, cols: int = 7, moves=()) -> None:
        self.board = Board(rows, cols)
        self.rows, self.cols = rows, cols
        self.moves: list[int] = []
        self.redo_stack: list[int] = []
        self.result = None
        for i, col in enumerate(moves):
            if self.result is not None:
                raise ValueError(f'move {i + 1} ({col}) comes after the game is over')
            if not isinstance(col, int) or not 0 <= col < cols:
                raise ValueError(f'move {i + 1}: column {col!r} is not in 0..{cols - 1}')
            if not self.board.can_add_to(col):
                raise ValueError(f'move {i + 1}: column {col} is full')
            self._apply(col)

    # ---- queries ---------------------------------------------------------
    @property
    def to_move(self) -> str:
        """'X' after an even number of moves, else 'O'."""
        return 'X' if len(self.moves) % 2 == 0 else 'O'

    @property
    def over(self) -> bool:
        return self.result is not None

    def can_play(self, col: int) -> bool:
        return not self.over and 0 <= col < self.cols and self.board.can_add_to(col)

    def landing_row(self, col: int) -> int:
        """Row where a checker dropped in ``col`` lands, or -1 if the column is full."""
        for row in range(self.rows - 1, -1, -1):
            if self.board.slots[row][col] == ' ':
                return row
        return -1

    def rows_key(self) -> tuple:
        """The board as a tuple of row strings (top row first), for the worker."""
        return tuple(''.join(r) for r in self.board.slots)

    def move_string(self) -> str:
        """The moves in the seed's ``add_checkers`` notation (one digit per
        move; columns >= 10 are written as letters a, b, c, d)."""
        from connect4_game.storage.savegame import moves_to_string
        return moves_to_string(self.moves)

    def message(self) -> str:
        return message_for_result(self.result)

    def replay(self) -> Board:
        """A fresh board with the move list replayed (used by invariant checks)."""
        b = Board(self.rows, self.cols)
        checker = 'X'
        for col in self.moves:
            b.add_checker(checker, col)
            checker = 'O' if checker == 'X' else 'X'
        return b

    # ---- changes -----------------------------------------------------------
    def _apply(self, col: int) -> int:
        row = self.landing_row(col)
        checker = self.to_move
        self.board.add_checker(checker, col)
        self.moves.append(col)
        self._update_result(checker)
        return row

    def _update_result(self, last_checker: str | None) -> None:
        self.result = None
        for checker in ([last_checker] if last_checker else []) + ['X', 'O']:
            line = self.board.winning_line(checker)
            if line is not None:
                self.result = ('win', checker, line, self.board.num_checkers(checker))
                return
        if self.board.is_full():
            self.result = ('tie',)

    def play(self, col: int) -> int:
        """Drop the side-to-move's checker in ``col``; clears the redo list.

        :returns: the row where it landed.
        :raises ValueError: if the game is over or ``col`` is out of range or full.
        """
        if self.over:
            raise ValueError(f'the game is over; column {col} cannot be played')
        if not isinstance(col, int) or not 0 <= col < self.cols:
            raise ValueError(f'column {col!r} is not in 0..{self.cols - 1}')
        if not self.board.can_add_to(col):
            raise ValueError(f'column {col} is full')
        self.redo_stack.clear()
        return self._apply(col)

    def undo(self) -> int | None:
        """Take back the last move; returns its column, or None if there is none."""
        if not self.moves:
            return None
        col = self.moves.pop()
        self.board.remove_checker(col)
        self.redo_stack.append(col)
        self._update_result(None)
        return col

    def redo(self) -> int | None:
        """Play again the last undone move; returns its column, or None."""
        if not self.redo_stack or self.over:
            return None
        col = self.redo_stack.pop()
        self._apply(col)
        return col
