"""The console game (BU CS111 ps9, Problem 3): ``process_move`` and ``connect_four``."""

from __future__ import annotations

from connect4_game.board import Board
from connect4_game.rules import CHECKERS


def process_move(p, b: Board) -> bool:
    """Play one move of player ``p`` on board ``b`` and print it as the assignment does.

    Prints ``"Player X's turn"``, asks ``p.next_move(b)`` for a column, drops
    the checker, prints a blank line, the board and a blank line, then
    ``'Player X wins in 8 moves.'`` / ``'Congratulations!'`` or
    ``"It's a tie!"`` when the game is over.

    :returns: True if the game is over (a win or a full board), else False.
    :raises ValueError: if the player returns a column that cannot be played.
    """
    print(str(p) + "'s turn")
    col = p.next_move(b)
    b.add_checker(p.checker, col)
    print()
    print(b)
    print()
    if b.is_win_for(p.checker):
        print(str(p) + ' wins in ' + str(p.num_moves) + ' moves.')
        print('Congratulations!')
        return True
    if b.is_full():
        print("It's a tie!")
        return True
    return False


def connect_four(p1, p2, height: int = 6, width: int = 7, board: Board | None = None):
    """Play a game between ``p1`` and ``p2`` and return the final :class:`Board`.

    As in the assignment (ps9 Problem 3 starter code) the game is played on a new
    ``height`` x ``width`` board (6x7 by default) and ``p1`` moves first. Given
    a ``board``, the game continues on it instead (it is changed in place) and
    the player whose checker is to move (:meth:`Board.to_move`) goes first; a
    board that is already won or full is printed and returned as it is.

    One player must use 'X' and the other 'O'; otherwise prints
    ``'need one X player and one O player.'`` and returns None.
    """
    if p1.checker not in CHECKERS or p2.checker not in CHECKERS \
       or p1.checker == p2.checker:
        print('need one X player and one O player.')
        return None

    print('Welcome to Connect Four!')
    print()
    if board is None:
        b = Board(height, width)
    else:
        b = board
        if p2.checker == b.to_move():
            p1, p2 = p2, p1
    print(b)
    if b.is_win_for('X') or b.is_win_for('O') or b.is_full():
        return b

    while True:
        if process_move(p1, b):
            return b
        if process_move(p2, b):
            return b
