"""The move list is the truth: a :class:`~connect4_game.board.Board` kept in
step with the list of columns played, checked by the engine.

X always moves first, so ply ``p`` (1-based) is X's when ``p`` is odd. A game
ends at a four in a row or a full board; no move is accepted after that.

This module never imports pygame.

>>> r = GameRecord(6, 7)
>>> r.offer(1, 3), r.offer(1, 3), r.to_move()
(True, False, 'O')
>>> try:
...     r.offer(2, 9)
... except MoveRefused as err:
...     print(err.code, '-', err)
illegal_move - column 9 cannot take a checker
"""

from __future__ import annotations

from typing import Iterable, Sequence

from connect4_game.board import Board
from connect4_game.rules import check_cols, check_int, check_rows, is_int

__all__ = ['MoveRefused', 'GameRecord', 'side_for_ply', 'reconcile']


class MoveRefused(ValueError):
    """A move the engine refuses. Attributes: ``code`` (``'wrong_ply'``,
    ``'conflict'``, ``'not_your_turn'``, ``'illegal_move'`` or ``'game_over'``)
    and the text (``str(err)``)."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code


def side_for_ply(ply: int) -> str:
    """``'X'`` for odd plies, ``'O'`` for even ones (ply is 1-based)."""
    return 'X' if ply % 2 == 1 else 'O'


def reconcile(ours: Sequence[int], theirs: Sequence[int]) -> list[int] | None:
    """The agreed move list of two sides: the longer list if it extends the
    shorter one (equal lists agree), else None (the games diverged).

    >>> reconcile([3, 3], [3, 3, 2]), reconcile([3, 4], [3, 3, 2])
    ([3, 3, 2], None)
    """
    short, long_ = (ours, theirs) if len(ours) <= len(theirs) else (theirs, ours)
    if list(long_[:len(short)]) != list(short):
        return None
    return list(long_)


class GameRecord:
    """A board and its move list.

    :param rows: board rows, as the game offers them (:func:`rules.check_rows`).
    :param cols: board columns (:func:`rules.check_cols`).
    :param moves: 0-based columns already played, X first.
    :raises ValueError: for a board size the game does not offer;
        :class:`MoveRefused` if ``moves`` is not a legal game.

    Attributes: ``board`` (do not change it directly) and ``moves`` (a list,
    same).
    """

    def __init__(self, rows: int, cols: int, moves: Iterable[int] = ()) -> None:
        self.rows = check_rows(rows)
        self.cols = check_cols(cols)
        self.board = Board(rows, cols)
        self.moves: list[int] = []
        self._result: str | None = None
        for ply, column in enumerate(list(moves), 1):
            self.offer(ply, column)

    def __repr__(self) -> str:
        return f'GameRecord({self.rows}, {self.cols}, {self.moves!r})'

    @property
    def next_ply(self) -> int:
        """The ply number (1-based) of the next move."""
        return len(self.moves) + 1

    def to_move(self) -> str:
        """``'X'`` or ``'O'``: whose move comes next (even if the game is over)."""
        return side_for_ply(self.next_ply)

    def result(self) -> str | None:
        """``'X'`` or ``'O'`` (the winner), ``'tie'`` (full board) or None (not over)."""
        return self._result

    def check(self, ply: int, column: int, side: str | None = None) -> bool:
        """Whether ``column`` at ``ply`` (by ``side``, if given) would be new.

        :returns: True for the next legal move, False for a duplicate (a move
            already played at that ply, in that column).
        :raises MoveRefused: ``'wrong_ply'`` (not the next ply, or not an
            int >= 1), ``'conflict'`` (that ply was played in another column),
            ``'game_over'``, ``'not_your_turn'`` or ``'illegal_move'`` (no
            such column or a full one).
        """
        try:
            check_int(ply, 1, None, 'ply')
        except ValueError as exc:
            raise MoveRefused('wrong_ply', str(exc)) from None
        if not is_int(column):
            raise MoveRefused('illegal_move', 'column must be an integer')
        if ply <= len(self.moves):
            if self.moves[ply - 1] == column:
                return False
            raise MoveRefused('conflict', f'ply {ply} was played in column {self.moves[ply - 1]}, '
                                          f'not {column}')
        if ply != self.next_ply:
            raise MoveRefused('wrong_ply', f'the next move is ply {self.next_ply}, not {ply}')
        if self._result is not None:
            raise MoveRefused('game_over', 'the game is over')
        if side is not None and side != self.to_move():
            raise MoveRefused('not_your_turn', f"it is {self.to_move()}'s turn, not {side}'s")
        if not self.board.can_add_to(column):
            raise MoveRefused('illegal_move', f'column {column} cannot take a checker')
        return True

    def offer(self, ply: int, column: int, side: str | None = None) -> bool:
        """Play ``column`` at ``ply`` if it is the next legal move.

        :returns: True if played, False for a duplicate (left as it is).
        :raises MoveRefused: as :meth:`check`.
        """
        if not self.check(ply, column, side):
            return False
        mover = self.to_move()
        self.board.add_checker(mover, column)
        self.moves.append(column)
        if self.board.is_win_for(mover):
            self._result = mover
        elif self.board.is_full():
            self._result = 'tie'
        return True

    def truncate(self, ply: int) -> None:
        """Take back every move after the first ``ply`` moves.

        :raises ValueError: unless ``0 <= ply <= len(moves)``.
        """
        check_int(ply, 0, len(self.moves), 'ply')
        if ply == len(self.moves):
            return
        while len(self.moves) > ply:
            self.board.remove_checker(self.moves.pop())
        self._result = None      # a game stops at its end: no earlier position was over

    def replace(self, moves: Sequence[int]) -> None:
        """Replay ``moves`` from an empty board (for a reconciled list).

        :raises MoveRefused: if ``moves`` is not a legal game; the record is
            then left as it was.
        """
        fresh = GameRecord(self.rows, self.cols, moves)
        self.board, self.moves, self._result = fresh.board, fresh.moves, fresh._result
