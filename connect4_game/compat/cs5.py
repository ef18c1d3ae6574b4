"""Harvey Mudd's Connect Four (HMC CS5 hw6pr3), camelCase, on our engine.

The HMC version of the assignment names everything differently from BU's
ps9 (BU CS111 ps9), and builds the board *width first*::

    >>> b = Board(7, 6)          # 7 columns x 6 rows (BU: Board(6, 7))
    >>> b.setBoard('01020305')
    >>> Player('X', 'LEFT', 0).scoreBoard(b)
    100.0
    >>> b = Board(7, 6)
    >>> b.setBoard('1211244445')
    >>> Player('X', 'LEFT', 3).scoresFor(b)
    [0.0, 0.0, 0.0, 100.0, 0.0, 0.0, 0.0]

:class:`Board` is our engine's Board with HMC's names; :meth:`Player.scoresFor`
asks the fast search (:class:`connect4_game.ai.search.Searcher`) with
``win_before_full=True``: HMC's outline scores a winning move 100 even when it
fills the board, where BU's gives 50. ``tests/oracle_cs5.py`` is the literal
outline that judges it. :class:`EnginePlayer` plays a CS5 player in our console
and window (see :mod:`connect4_game.compat.adapter`). Nothing here imports pygame.
"""

from __future__ import annotations

import random
import threading

from connect4_game.ai.search import Searcher
from connect4_game.compat.adapter import (
    EngineAdapter,
    as_engine_player,
    ask_column,
    check_board,
    register_style_board,
    to_board_of,
)

# Absolute imports, so that this file also loads as a plug-in file
# (``--o connect4_game/cs5.py:Player``), which imports it outside the package.
from connect4_game.core import board as _engine
from connect4_game.core.board import other, validate_checker
from connect4_game.core.checks import check_lookahead
from connect4_game.players import Player as _ConsolePlayer
from connect4_game.players import check_tiebreak

__all__ = ['Board', 'Player', 'EnginePlayer', 'hmc_scores', 'last_search_stats',
           # re-exported from connect4_game.compat.adapter, where they live
           'as_engine_player', 'EngineAdapter', 'to_board_of']

HUMAN = 'human'


# -- the search (shared, never copied) -----------------------------------------

_searcher: Searcher | None = None
_searcher_lock = threading.Lock()


def _get_searcher() -> Searcher:
    """The Searcher of HMC/Dutch scores, apart from BU's ``AIPlayer``'s: a
    Searcher clears its table whenever the ``win_before_full`` rule changes."""
    global _searcher
    with _searcher_lock:
        if _searcher is None:
            _searcher = Searcher()
        return _searcher


def hmc_scores(b: _engine.Board, ox: str, ply: int) -> list[float]:
    """Scores of every column of ``b`` for checker ``ox`` looking ``ply``
    moves ahead, by the outline of HMC CS5 hw6pr3 and the Dutch "Vier op een rij": ``-1.0``
    full column, ``100.0`` win, ``0.0`` loss, ``50.0`` neither. A winning move
    scores 100.0 even when it fills the last free cell (BU's ps9 gives 50).

    :param b: any engine Board (``cs5.Board`` / ``vieropeenrij.Board`` too);
        it is not modified.
    :returns: a list of ``b.width`` floats.
    :raises ValueError: for a bad board, checker or ply.
    """
    check_board(b)
    validate_checker(ox)
    check_lookahead(ply, 'ply')
    searcher = _get_searcher()
    return [float(s) for s in searcher.scores(b, ox, ply, win_before_full=True)]


def last_search_stats() -> tuple[int, float]:
    """``(nodes, seconds)`` of the last HMC/Dutch search in this process."""
    s = _get_searcher()
    return s.last_nodes, s.last_time


# -- Board ---------------------------------------------------------------------

class Board(_engine.Board):
    """HMC CS5's Connect Four board: ``Board(width, height)`` -- **width
    first**, so ``Board(7, 6)`` is 7 columns x 6 rows (HMC CS5 hw6pr3).

    It is our engine's Board (same ``slots``, printout and rules) with the
    CS5 method names. ``data`` is the grid as HMC calls it (the same list as
    ``slots``: rows top first, each a list of ``' '``, ``'X'``, ``'O'``).

    :param width: number of columns, an int >= 1 (default 7).
    :param height: number of rows, an int >= 1 (default 6).
    :raises ValueError: naming a size that is not a positive int.
    """

    def __init__(self, width: int = 7, height: int = 6) -> None:
        super().__init__(height, width)

    @classmethod
    def from_engine(cls, b: _engine.Board) -> Board:
        """A new board of this class holding the position of engine board ``b``."""
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

    # camelCase names of HMC CS5 hw6pr3 (hw6pr2's Board) ------------------------------

    def addMove(self, col: int, ox: str) -> None:
        """Drop checker ``ox`` into column ``col`` (note: column first).

        :raises ValueError: for a bad checker or column, or a full column.
        """
        self.add_checker(ox, col)

    def delMove(self, col: int) -> None:
        """Remove the top checker of column ``col`` (nothing if it is empty)."""
        self.remove_checker(col)

    def allowsMove(self, col: int) -> bool:
        """True if ``col`` is a column of this board that is not full."""
        return self.can_add_to(col)

    def winsFor(self, ox: str) -> bool:
        """True if ``ox`` has four in a row.

        :raises ValueError: if ``ox`` is not 'X' or 'O'."""
        return self.is_win_for(ox)

    def isFull(self) -> bool:
        """True if no column can take another checker."""
        return self.is_full()

    def setBoard(self, moveString: str) -> None:
        """Play alternating checkers, 'X' first, into the columns named by the
        digits of ``moveString`` (e.g. ``'01020305'``); digits naming no column
        of this board are skipped (and still use up a turn), as in hw6pr2.

        :raises ValueError: for a character that is not a digit, or a full column.
        """
        if not isinstance(moveString, str):
            raise ValueError(f'moveString must be a string of digits, not {moveString!r}')
        bad = [ch for ch in moveString if ch not in '0123456789']
        if bad:
            raise ValueError(f'moveString must contain only digits, not {bad[0]!r} '
                             f'in {moveString!r}')
        self.add_checkers(moveString)

    def clear(self) -> None:
        """Empty the board."""
        self.reset()

    def hostGame(self) -> None:
        """Two humans play on this board from the console:
        ``playGame('human', 'human')``."""
        self.playGame(HUMAN, HUMAN)

    def playGame(self, px: object, po: object) -> None:
        """Play a game on this board, 'X' moving first (HMC CS5 hw6pr3).

        ``px`` and ``po`` are each a Player (anything with ``nextMove(board)``
        or ``next_move(board)``) or the string ``'human'``, who is asked for a
        column (``'Enter a column: '``), with ``'Try again!'`` and a new
        prompt for anything that is not a free column of this board (including
        text that is not a number). The board is printed at the start and
        after every move, followed by a blank line; the game ends with
        ``'X wins!'`` / ``'O wins!'`` or ``"It's a tie!"``. End of input
        (EOF / Ctrl-D, or Ctrl-C) ends the game with ``'Game abandoned.'``.
        On a board that already holds checkers, the side with fewer checkers
        moves first ('X' when equal). Returns None, as in the assignment, so the
        interpreter prints nothing after the result.

        :raises ValueError: if a side is neither ``'human'`` nor a player, if
            its checker does not match its side, or if a computer player
            returns a column that cannot be played.
        """
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
    if isinstance(p, str):
        if p != HUMAN:
            raise ValueError(f"{name} must be a Player or 'human', not {p!r}")
        return p
    if not (callable(getattr(p, 'nextMove', None)) or callable(getattr(p, 'next_move', None))):
        raise ValueError(f"{name} must be a Player or 'human', not {p!r}")
    own = getattr(p, 'ox', getattr(p, 'checker', ox))
    if own != ox:
        raise ValueError(f'{name} plays {ox!r} but its checker is {own!r}')
    return p


# -- Player ----------------------------------------------------------------------

class Player:
    """HMC CS5's AI player (HMC CS5 hw6pr3): ``Player(ox, tbt, ply)``.

    :param ox: its checker, ``'X'`` or ``'O'`` (capital o).
    :param tbt: tiebreak type, ``'LEFT'``, ``'RIGHT'`` or ``'RANDOM'``.
    :param ply: how many moves ahead it looks, an int >= 0.
    :raises ValueError: naming any other value.

    ``repr`` follows the code the assignment gives (``"Player for X\\n  with
    tiebreak type: LEFT\\n  and ply == 2\\n\\n"``); the assignment's own printed
    example shows ``with tiebreak: LEFT`` without the indent, which that code
    cannot produce -- we chose the code.
    """

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
        """``100.0`` if ``b`` is a win for this player, else ``0.0`` if it is
        a win for the opponent, else ``50.0`` (HMC CS5 hw6pr3; tiebreak and ply do
        not matter).

        :raises ValueError: if ``b`` is not a Board.
        """
        check_board(b)
        if b.is_win_for(self.ox):
            return 100.0
        if b.is_win_for(self.oppCh()):
            return 0.0
        return 50.0

    def tiebreakMove(self, scores: list[float]) -> int:
        """The column (index) of a highest score of ``scores``: the leftmost
        for 'LEFT', the rightmost for 'RIGHT', a random one for 'RANDOM'.

        :raises ValueError: if ``scores`` is empty.
        """
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
        """One float per column of ``b`` (HMC CS5 hw6pr3): ``-1.0`` full column,
        ``100.0`` a win within ``ply`` moves, ``0.0`` a loss within ``ply``
        moves, ``50.0`` neither -- exactly what the assignment's recursive outline
        gives, computed by the fast search (see :func:`hmc_scores`). ``b`` is
        left unchanged.

        :raises ValueError: for a bad board, or a bad ``ox`` / ``ply`` set
            after construction.
        """
        return hmc_scores(b, self.ox, self.ply)

    def nextMove(self, b: _engine.Board) -> int:
        """The column this player picks on ``b``: the best of
        :meth:`scoresFor`, ties broken by :meth:`tiebreakMove`.

        :raises ValueError: if every column of ``b`` is full.
        """
        scores = self.scoresFor(b)
        if max(scores) < 0:
            raise ValueError('the board is full: there is no column to play')
        return self.tiebreakMove(scores)

    @property
    def last_nodes(self) -> int:
        """Search nodes of the last HMC/Dutch ``scoresFor`` in this process (0 before any)."""
        return last_search_stats()[0] if _searcher is not None else 0

    @property
    def last_time(self) -> float:
        """Seconds of the last HMC/Dutch ``scoresFor`` in this process (0.0 before any)."""
        return last_search_stats()[1] if _searcher is not None else 0.0


# -- plugging CS5 players into our game ---------------------------------------------

class EnginePlayer(EngineAdapter):
    """A CS5 :class:`Player` ready for the plug-in option, built from the
    checker alone: ``--o connect4_game/cs5.py:EnginePlayer`` plays
    ``Player('O', 'LEFT', 3)`` in the window. (``--o connect4_game/cs5.py:Player``
    works too: the loader passes ``(checker, tiebreak, lookahead)`` to a
    three-argument class and wraps it with :func:`as_engine_player`.)

    :param checker: ``'X'`` or ``'O'`` (required, so that the loader passes it).
    :param tbt: tiebreak type (default ``'LEFT'``).
    :param ply: lookahead (default 3).
    """

    player_class = Player
    board_class = Board

    def __init__(self, checker: str, tbt: str = 'LEFT', ply: int = 3) -> None:
        super().__init__(self.player_class(checker, tbt, ply), type(self).board_class)


register_style_board('camel', Board)
