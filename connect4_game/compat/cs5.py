"""Harvey Mudd's Connect Four (HMC CS5 hw6pr3) on our engine: camelCase names and a board
built *width first*, ``Board(7, 6)``; ``tests/oracle_cs5.py`` is the literal outline that
judges :meth:`Player.scoresFor` (docs/assignment.md)."""

from __future__ import annotations

import random

from connect4_game.ai.bitboard import from_board
from connect4_game.ai.search import Searcher
from connect4_game.compat.adapter import (
    EngineAdapter,
    ask_column,
    check_board,
    move_method,
    register_style_board,
)

# absolute imports: this file also loads as a plug-in (--o connect4_game/compat/cs5.py:Player)
from connect4_game.core import board as _engine
from connect4_game.core.board import other, validate_checker
from connect4_game.core.checks import check_lookahead
from connect4_game.players import Player as _ConsolePlayer
from connect4_game.players import check_tiebreak

__all__ = ['Board', 'Player', 'EnginePlayer']

HUMAN = 'human'
_SEARCHER = Searcher()     # HMC/Dutch scores, apart from BU's: a table follows one rule


class Board(_engine.Board):
    """``Board(width, height)``, width first: our engine's Board (``slots``, printout,
    rules) with the CS5 names; ``data`` is HMC's name for ``slots``.
    :raises ValueError: naming a size that is not a positive int."""

    def __init__(self, width: int = 7, height: int = 6) -> None:
        super().__init__(height, width)

    @classmethod
    def from_engine(cls, b: _engine.Board) -> Board:
        """A board of this class with the position of engine board ``b``."""
        check_board(b)
        new = cls(b.width, b.height)
        new.slots = [row[:] for row in b.slots]
        return new

    @property
    def data(self) -> list[list[str]]:
        """The grid, HMC's name for ``slots`` (rows top first)."""
        return self.slots

    @data.setter
    def data(self, rows: list[list[str]]) -> None:
        self.slots = rows

    def copy(self) -> Board:
        """An independent copy of this board, of the same class."""
        return type(self).from_engine(self)

    delMove = _engine.Board.remove_checker
    allowsMove = _engine.Board.can_add_to
    winsFor = _engine.Board.is_win_for
    isFull = _engine.Board.is_full
    clear = _engine.Board.reset

    def addMove(self, col: int, ox: str) -> None:
        """Drop checker ``ox`` into column ``col`` (column first).
        :raises ValueError: for a bad checker or column, or a full column."""
        self.add_checker(ox, col)

    def setBoard(self, moveString: str) -> None:
        """``add_checkers`` (hw6pr2: a digit off the board uses up a turn).
        :raises ValueError: for a character that is not a digit, or a full column."""
        if not isinstance(moveString, str):
            raise ValueError(f'moveString must be a string of digits, not {moveString!r}')
        bad = [ch for ch in moveString if ch not in '0123456789']
        if bad:
            raise ValueError(f'moveString must contain only digits, not {bad[0]!r} '
                             f'in {moveString!r}')
        self.add_checkers(moveString)

    def hostGame(self) -> None:
        """``playGame('human', 'human')``."""
        self.playGame(HUMAN, HUMAN)

    def playGame(self, px: object, po: object) -> None:
        """A game on this board (hw6pr3), the side with fewer checkers first ('X' when equal):
        ``px`` and ``po`` are players (``nextMove`` or ``next_move``) or ``'human'``; the board
        and a blank line after every move, ``'Game abandoned.'`` at the end of input.
        :raises ValueError: for a side that is neither, a checker not its side's, or
            a computer's column that cannot be played."""
        players = {'X': _check_side(px, 'X', 'px'), 'O': _check_side(po, 'O', 'po')}
        print(self)
        print()
        ox = self.to_move()
        while True:
            for ch in ('X', 'O'):
                if self.winsFor(ch):
                    print(ch + ' wins!')
                    return None
            if self.isFull():
                print("It's a tie!")
                return None
            player = players[ox]
            if player == HUMAN:
                print(ox + "'s turn")
                try:
                    col = _ConsolePlayer(ox).next_move(self)
                except (EOFError, KeyboardInterrupt):
                    print()
                    print('Game abandoned.')
                    return None
            else:
                col = ask_column(player, self, self)
            self.addMove(col, ox)
            print(self)
            print()
            ox = other(ox)


def _check_side(p: object, ox: str, name: str) -> object:
    if p == HUMAN:
        return p
    try:
        move_method(p)
    except ValueError:
        raise ValueError(f"{name} must be a Player or 'human', not {p!r}") from None
    own = getattr(p, 'ox', getattr(p, 'checker', ox))
    if own != ox:
        raise ValueError(f'{name} plays {ox!r} but its checker is {own!r}')
    return p


class Player:
    """HMC CS5's AI player, ``Player(ox, tbt, ply)``: checker ``'X'`` or ``'O'``, tiebreak
    ``'LEFT'``, ``'RIGHT'`` or ``'RANDOM'``, ``ply`` >= 0 moves ahead.
    :raises ValueError: naming any other value."""

    def __init__(self, ox: str, tbt: str, ply: int) -> None:
        self.ox = validate_checker(ox)
        self.tbt = check_tiebreak(tbt, 'tiebreak type')
        self.ply = check_lookahead(ply, 'ply')

    def __repr__(self) -> str:
        """The string of the assignment's code: three lines and a blank line."""
        s = "Player for " + self.ox + "\n"
        s += "  with tiebreak type: " + self.tbt + "\n"
        s += "  and ply == " + str(self.ply) + "\n\n"
        return s

    def oppCh(self) -> str:
        """The opponent's checker: ``'O'`` for 'X', ``'X'`` for 'O'."""
        return other(self.ox)

    def scoreBoard(self, b: _engine.Board) -> float:
        """``100.0`` a win for this player, ``0.0`` for the opponent, else ``50.0``.
        :raises ValueError: if ``b`` is not a Board."""
        check_board(b)
        if b.is_win_for(self.ox):
            return 100.0
        if b.is_win_for(self.oppCh()):
            return 0.0
        return 50.0

    def tiebreakMove(self, scores: list[float]) -> int:
        """The column of a highest score, leftmost, rightmost or random by ``tbt``.
        :raises ValueError: if ``scores`` is empty."""
        if not scores:
            raise ValueError(f'scores must be a non-empty list, not {scores!r}')
        best = max(scores)
        columns = [col for col, score in enumerate(scores) if score == best]
        tbt = check_tiebreak(self.tbt, 'tiebreak type')
        if tbt == 'LEFT':
            return columns[0]
        if tbt == 'RIGHT':
            return columns[-1]
        return random.choice(columns)

    def scoresFor(self, b: _engine.Board) -> list[float]:
        """``b.width`` scores looking ``ply`` moves ahead on any engine Board (not modified),
        by the HMC and Dutch outline: ``-1.0`` full column, ``100.0`` win (even one that fills
        the board, where BU CS111 ps9 gives 50), ``0.0`` loss, ``50.0`` neither.
        :raises ValueError: for a bad board, ``ox`` or ``ply``."""
        check_board(b)
        validate_checker(self.ox)
        check_lookahead(self.ply, 'ply')
        cur, mask = from_board(b, self.ox)
        return [float(s) for s in _SEARCHER.search(cur, mask, b.height, b.width, self.ply, True)[0]]

    def nextMove(self, b: _engine.Board) -> int:
        """The best column of :meth:`scoresFor` by :meth:`tiebreakMove`.
        :raises ValueError: if every column of ``b`` is full."""
        scores = self.scoresFor(b)
        if max(scores) < 0:
            raise ValueError('the board is full: there is no column to play')
        return self.tiebreakMove(scores)


class EnginePlayer(EngineAdapter):
    """A CS5 :class:`Player` for the plug-in option, built from the checker alone:
    ``--o connect4_game/cs5.py:EnginePlayer`` plays ``Player('O', 'LEFT', 3)``."""

    player_class = Player
    board_class = Board

    def __init__(self, checker: str, tbt: str = 'LEFT', ply: int = 3) -> None:
        super().__init__(self.player_class(checker, tbt, ply), type(self).board_class)


register_style_board('camel', Board)
