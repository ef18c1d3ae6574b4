"""The game record, kept by every part that keeps a game: the move list (the truth) and the
assignment's Board in step (BU CS111 ps9, Problem 1), with push / undo / redo, the side to
move and a typed outcome. Columns are 0-based, as in ``add_checker``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from connect4_game.core.board import DEFAULT_COLS, DEFAULT_ROWS, MAX_COLS, MAX_ROWS, Board
from connect4_game.core.checks import check_int, is_int
from connect4_game.core.side import Side

__all__ = ['Game', 'Move', 'Outcome', 'MoveRefused', 'Refusal', 'reconcile']


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the ``winner`` of a four in a row (None for a tie, a full board),
    the (row, col) slots of the winning ``line`` (row 0 on top) and ``winner_moves``, the N
    of ``Player X wins in N moves.`` (Problem 3)."""

    winner: Side | None = None
    line: tuple[tuple[int, int], ...] = ()
    winner_moves: int = 0

    def result(self) -> str:
        """The winner's letter or ``'tie'`` (as the statistics and the network write it)."""
        return 'tie' if self.winner is None else self.winner.value

    def message(self) -> str:
        """The assignment's last line: ``'Player X wins in 8 moves.'`` or ``"It's a tie!"``."""
        if self.winner is None:
            return "It's a tie!"
        return f'Player {self.winner} wins in {self.winner_moves} moves.'


@dataclass(frozen=True)
class Move:
    """One checker dropped: 0-based ``column``, ``row`` (0 on top), ``checker``, 1-based ``ply``."""

    column: int
    row: int
    checker: Side
    ply: int


class Refusal(str, Enum):
    """Why :meth:`Game.check` refuses a move (the network protocol's error codes)."""

    WRONG_PLY = 'wrong_ply'
    CONFLICT = 'conflict'
    NOT_YOUR_TURN = 'not_your_turn'
    ILLEGAL_MOVE = 'illegal_move'
    GAME_OVER = 'game_over'


class MoveRefused(ValueError):
    """A move the game refuses: ``code`` (a :class:`Refusal`); ``str(err)`` names the move."""

    def __init__(self, code: Refusal, text: str) -> None:
        super().__init__(text)
        self.code = code


def reconcile(ours: Sequence[int], theirs: Sequence[int]) -> list[int] | None:
    """The agreed move list of two sides: the longer if it extends the shorter, else None."""
    short, long_ = (ours, theirs) if len(ours) <= len(theirs) else (theirs, ours)
    return list(long_) if list(long_[:len(short)]) == list(short) else None


class Game:
    """One game on a ``rows`` x ``cols`` board (1..12 x 1..14) from the 0-based columns ``moves``,
    X first; ``board``, ``moves``, ``redo_stack`` (the next last) and ``outcome`` (None while
    it runs) change only by the methods.
    :raises ValueError: for a board size outside those limits; :class:`MoveRefused` naming the
        first bad move (``'move 7: column 0 is full'``)."""

    def __init__(self, rows: int = DEFAULT_ROWS, cols: int = DEFAULT_COLS,
                 moves: Iterable[int] = ()) -> None:
        self.rows = check_int(rows, 1, MAX_ROWS, 'rows')
        self.cols = check_int(cols, 1, MAX_COLS, 'columns')
        self.board = Board(rows, cols)
        self.moves: list[int] = []
        self.redo_stack: list[int] = []
        self.outcome: Outcome | None = None
        for ply, col in enumerate(list(moves), 1):
            try:
                self.check(ply, col)
            except MoveRefused as exc:
                raise MoveRefused(exc.code, f'move {ply}: {exc}') from None
            self._apply(col)

    def __repr__(self) -> str:
        return f'Game({self.rows}, {self.cols}, {self.moves!r})'

    @property
    def to_move(self) -> Side:
        """The side whose move comes next (also once the game is over)."""
        return Side.for_ply(len(self.moves) + 1)

    @property
    def next_ply(self) -> int:
        """The ply number (1-based) of the next move."""
        return len(self.moves) + 1

    @property
    def over(self) -> bool:
        """The game has an :attr:`outcome`."""
        return self.outcome is not None

    def can_play(self, col: object) -> bool:
        """``col`` can take a checker and the game goes on."""
        return self.outcome is None and is_int(col) and self.board.can_add_to(col)

    def rows_key(self) -> tuple[str, ...]:
        """The board as a tuple of row strings, top row first (for the worker)."""
        return tuple(''.join(row) for row in self.board.slots)

    def check(self, ply: int, column: object, side: Side | None = None) -> bool:
        """True if ``column`` at ``ply`` (by ``side``, if given) is the next legal move, False for
        a duplicate. :raises MoveRefused: WRONG_PLY, CONFLICT (that ply was played in another
        column), GAME_OVER, NOT_YOUR_TURN or ILLEGAL_MOVE (no such column, full)."""
        if not is_int(ply, 1):
            raise MoveRefused(Refusal.WRONG_PLY, f'ply must be an integer >= 1, not {ply!r}'[:80])
        if not is_int(column, 0, self.cols - 1):
            raise MoveRefused(Refusal.ILLEGAL_MOVE,
                              f'column must be an integer from 0 to {self.cols - 1}, '
                              f'not {column!r}'[:100])
        if ply <= len(self.moves):
            if self.moves[ply - 1] == column:
                return False
            raise MoveRefused(Refusal.CONFLICT, f'ply {ply} was played in column '
                                                f'{self.moves[ply - 1]}, not {column}')
        if ply != self.next_ply:
            raise MoveRefused(Refusal.WRONG_PLY, f'the next move is ply {self.next_ply}, '
                                                 f'not {ply}')
        if self.outcome is not None:
            raise MoveRefused(Refusal.GAME_OVER, 'the game is over')
        if side is not None and side != self.to_move:
            raise MoveRefused(Refusal.NOT_YOUR_TURN,
                              f"it is {self.to_move}'s turn, not {side}'s")
        if not self.board.can_add_to(column):
            raise MoveRefused(Refusal.ILLEGAL_MOVE, f'column {column} is full')
        return True

    def push(self, col: int, side: Side | None = None) -> Move:
        """Drop the side-to-move's checker (``side``: the one meant) in ``col``; forgets redo.
        :raises MoveRefused: as :meth:`check`."""
        self.check(self.next_ply, col, side)
        self.redo_stack.clear()
        return self._apply(col)

    def offer(self, ply: int, column: int, side: Side | None = None) -> Move | None:
        """Play ``column`` at ``ply`` (a network move) if it is the next legal move; None for
        a duplicate. :raises MoveRefused: as :meth:`check`."""
        if not self.check(ply, column, side):
            return None
        self.redo_stack.clear()
        return self._apply(column)

    def pop(self) -> Move | None:
        """Take back the last move (it can be redone); None if there is none."""
        if not self.moves:
            return None
        ply = len(self.moves)
        col = self.moves.pop()
        row = self.board.top_row(col)
        self.board.remove_checker(col)
        self.redo_stack.append(col)
        self.outcome = None
        return Move(col, -1 if row is None else row, Side.for_ply(ply), ply)

    def redo(self) -> Move | None:
        """Play again the last move taken back; None if there is none."""
        if not self.redo_stack or self.outcome is not None:
            return None
        return self._apply(self.redo_stack.pop())

    def truncate(self, ply: int) -> None:
        """Take back every move after the first ``ply`` (not redoable).
        :raises ValueError: unless ``0 <= ply <= len(moves)``."""
        check_int(ply, 0, len(self.moves), 'ply')
        while len(self.moves) > ply:
            self.board.remove_checker(self.moves.pop())
            self.outcome = None
        self.redo_stack.clear()

    def replace(self, moves: Sequence[int]) -> None:
        """Replay ``moves`` from an empty board.
        :raises MoveRefused: for an illegal game (this one is left as it was)."""
        fresh = Game(self.rows, self.cols, moves)
        self.board, self.moves, self.outcome = fresh.board, fresh.moves, fresh.outcome
        self.redo_stack = []

    def _apply(self, col: int) -> Move:
        checker = self.to_move
        row = self.board.landing_row(col)
        self.board.add_checker(checker.value, col)
        self.moves.append(col)
        line = self.board.winning_line(checker.value)
        if line is not None:
            self.outcome = Outcome(checker, tuple(line), self.board.num_checkers(checker.value))
        elif self.board.is_full():
            self.outcome = Outcome()
        return Move(col, row, checker, len(self.moves))

