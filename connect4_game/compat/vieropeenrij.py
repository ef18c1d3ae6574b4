"""The Dutch "Vier op een rij" ("Connect Four") milestone, snake_case, on our engine.

The Dutch course's version of the HMC assignment, with Python-style names
(``set_board``, ``opp_ch``, ``score_board``, ``tiebreak_move``,
``scores_for``, ``next_move``) and ``Board(width, height)`` -- **width
first**::

    >>> b = Board(7, 6)
    >>> b.set_board('1211244445')
    >>> Player('X', 'LEFT', 2).scores_for(b)
    [0.0, 0.0, 0.0, 50.0, 0.0, 0.0, 0.0]

It builds on :mod:`connect4_game.compat.cs5` (so on our engine Board and the fast
search, with ``win_before_full=True``: a winning move scores 100.0 even when
it fills the board). The camelCase names of :mod:`connect4_game.compat.cs5` stay
available too. ``tests/oracle_cs5.py`` holds the literal Dutch outline that
judges :meth:`Player.scores_for`.

Nothing here imports pygame.
"""

from __future__ import annotations

from connect4_game.compat import cs5
from connect4_game.compat.adapter import as_engine_player, register_style_board

# absolute, so that this file also loads as a plug-in file (see cs5)
from connect4_game.core import board as _engine

__all__ = ['Board', 'Player', 'EnginePlayer', 'as_engine_player']


class Board(cs5.Board):
    """The Dutch milestone's board: ``Board(width, height)``, width first
    (``Board(7, 6)`` is 7 columns x 6 rows). Our engine Board with the
    snake_case names of the course (``add_move``, ``del_move``,
    ``allows_move``, ``wins_for``, ``is_full``, ``set_board``, ``clear``,
    ``host_game``, ``play_game``).

    :raises ValueError: naming a size that is not a positive int.
    """

    def add_move(self, col: int, ox: str) -> None:
        """Drop checker ``ox`` into column ``col`` (column first).

        :raises ValueError: for a bad checker or column, or a full column."""
        self.addMove(col, ox)

    def del_move(self, col: int) -> None:
        """Remove the top checker of column ``col`` (nothing if it is empty)."""
        self.delMove(col)

    def allows_move(self, col: int) -> bool:
        """True if ``col`` is a column of this board that is not full."""
        return self.allowsMove(col)

    def wins_for(self, ox: str) -> bool:
        """True if ``ox`` has four in a row.

        :raises ValueError: if ``ox`` is not 'X' or 'O'."""
        return self.winsFor(ox)

    def set_board(self, move_string: str) -> None:
        """Play alternating checkers, 'X' first, into the columns named by the
        digits of ``move_string`` (e.g. ``'1211244445'``).

        :raises ValueError: for a character that is not a digit, or a full column."""
        self.setBoard(move_string)

    def host_game(self) -> None:
        """Two humans play from the console: ``play_game('human', 'human')``."""
        self.hostGame()

    def play_game(self, px: object, po: object) -> None:
        """Play a game, 'X' first; either side may be ``'human'``. Same
        behaviour and printout as :meth:`connect4_game.compat.cs5.Board.playGame`
        (ends with the board and ``'X wins!'``)."""
        self.playGame(px, po)


class Player(cs5.Player):
    """The Dutch milestone's AI player: ``Player(ox, tbt, ply)`` with
    ``opp_ch``, ``score_board``, ``tiebreak_move``, ``scores_for`` and
    ``next_move`` (the Dutch "Vier op een rij"). ``repr`` is the CS5 code's string (see
    :class:`connect4_game.compat.cs5.Player`).

    :raises ValueError: naming a bad checker, tiebreak type or ply.
    """

    def opp_ch(self) -> str:
        """The opponent's checker."""
        return self.oppCh()

    def score_board(self, b: _engine.Board) -> float:
        """``100.0`` win for this player, ``0.0`` win for the opponent, else ``50.0``."""
        return self.scoreBoard(b)

    def tiebreak_move(self, scores: list[float]) -> int:
        """Column of a highest score, by the tiebreak type ('LEFT' leftmost,
        'RIGHT' rightmost, 'RANDOM' random).

        :raises ValueError: if ``scores`` is empty."""
        return self.tiebreakMove(scores)

    def scores_for(self, b: _engine.Board) -> list[float]:
        """One float per column: ``-1.0`` full, ``100.0`` win, ``0.0`` loss,
        ``50.0`` neither within ``ply`` moves (the Dutch outline; ``b`` unchanged).

        :raises ValueError: for a bad board."""
        return self.scoresFor(b)

    def next_move(self, b: _engine.Board) -> int:
        """The best column by :meth:`scores_for` and :meth:`tiebreak_move`.

        :raises ValueError: if every column is full."""
        return self.nextMove(b)


class EnginePlayer(cs5.EnginePlayer):
    """A Dutch :class:`Player` for the plug-in option, built from the checker
    alone: ``--o connect4_game/vieropeenrij.py:EnginePlayer`` plays
    ``Player('O', 'LEFT', 3)``."""

    player_class = Player
    board_class = Board


register_style_board('snake', Board)
