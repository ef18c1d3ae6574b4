"""Playing the HMC CS5 and Dutch players in our console game and window.

The BU CS111 ps9 game (our console and window) asks a player for
``next_move(board)`` on an engine :class:`~connect4_game.core.board.Board`; the HMC
CS5 hw6pr3 and Dutch "Vier op een rij" players answer ``nextMove(b)`` /
``next_move(b)`` on their own ``Board(width, height)``. :class:`EngineAdapter`
bridges the two: it copies our board into the player's Board class
(:func:`to_board_of`), asks, and checks the answer.

A player whose module defines no ``Board`` gets the board of its naming
style (camelCase: :class:`connect4_game.compat.cs5.Board`, snake_case:
:class:`connect4_game.compat.vieropeenrij.Board`); those modules register
themselves with :func:`register_style_board`, so this module imports neither.

Nothing here imports pygame.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from connect4_game.core import board as _engine
from connect4_game.core.board import other, validate_checker
from connect4_game.core.checks import check_lookahead, is_int
from connect4_game.core.messages import clip
from connect4_game.players import check_tiebreak

__all__ = ['EngineAdapter', 'as_engine_player', 'to_board_of', 'move_method',
           'register_style_board', 'default_board_class']

_STYLE_BOARDS: dict[str, type] = {}     # 'camel' / 'snake' -> Board class


def register_style_board(style: str, board_class: type) -> None:
    """Name the Board class players of ``style`` ('camel' for ``nextMove``,
    'snake' for ``next_move``) get when their module has none."""
    _STYLE_BOARDS[style] = board_class


def move_method(p: Any) -> Callable[[object], object]:
    """The player's ``nextMove`` (HMC CS5) or else ``next_move`` (Dutch, BU)."""
    m = getattr(p, 'nextMove', None)
    method: Callable[[object], object] = m if callable(m) else p.next_move
    return method


def default_board_class(player: object) -> type:
    """The ``Board`` of the player's own module, else the registered Board of
    its naming style.

    :raises ValueError: if neither is known.
    """
    module = sys.modules.get(type(player).__module__)
    cls = getattr(module, 'Board', None)
    if isinstance(cls, type):
        return cls
    style = 'camel' if callable(getattr(player, 'nextMove', None)) else 'snake'
    try:
        return _STYLE_BOARDS[style]
    except KeyError:
        raise ValueError(f'no Board class known for {clip(player)}; '
                         'import connect4_game.compat first') from None


def to_board_of(b: _engine.Board, board_class: type[Any]) -> object:
    """Copy engine board ``b`` into a new ``board_class(width, height)``.

    If ``board_class`` is one of ours (an engine Board subclass) the grid is
    copied; otherwise (a student's own CS5/Dutch Board) the checkers are
    replayed column by column, bottom up, with its ``addMove(col, ox)`` or
    ``add_move(col, ox)``.

    :raises ValueError: if ``board_class`` has neither method.
    """
    if not isinstance(b, _engine.Board):
        raise ValueError(f'expected a Connect Four Board, not {clip(b)}')
    if isinstance(board_class, type) and issubclass(board_class, _engine.Board):
        if hasattr(board_class, 'from_engine'):
            copied: object = board_class.from_engine(b)
            return copied
        new: _engine.Board = board_class(b.height, b.width)     # the engine's own order
        new.slots = [row[:] for row in b.slots]
        return new
    theirs: Any = board_class(b.width, b.height)
    add = getattr(theirs, 'addMove', None) or getattr(theirs, 'add_move', None)
    if not callable(add):
        raise ValueError(f'{board_class!r} has no addMove(col, ox) or add_move(col, ox)')
    for col in range(b.width):
        for row in range(b.height - 1, -1, -1):
            ch = b.slots[row][col]
            if ch == _engine.EMPTY:
                break
            add(col, ch)
    return theirs


class EngineAdapter:
    """A CS5/Dutch ``Player(ox, tbt, ply)`` seen through our engine's player
    interface (BU CS111 ps9 Player): ``checker``, ``num_moves``,
    ``next_move(engine_board)``, and ``opponent_checker()``.

    ``next_move`` copies our engine board into the player's own Board class
    (:func:`to_board_of`), asks ``nextMove`` (else ``next_move``), checks the
    answer and counts the move. ``lookahead`` / ``tiebreak`` read and write
    the wrapped ``ply`` / ``tbt`` (so the game's lookahead hotkeys work);
    ``last_nodes`` / ``last_time`` report the last HMC/Dutch search.

    :raises ValueError: if the player has no usable ``ox``/``checker`` or no
        ``nextMove``/``next_move``.
    """

    def __init__(self, player: Any, board_class: type | None = None) -> None:
        if not (callable(getattr(player, 'nextMove', None))
                or callable(getattr(player, 'next_move', None))):
            raise ValueError(f'{player!r} has no nextMove(board) or next_move(board)')
        ox = getattr(player, 'ox', None)
        if ox is None:
            ox = getattr(player, 'checker', None)
        validate_checker(ox)
        self.player = player
        self.board_class = board_class if board_class is not None else default_board_class(player)
        self.num_moves = 0

    @property
    def checker(self) -> str:
        """The wrapped player's checker (``ox``)."""
        p = self.player
        checker: str = p.ox if hasattr(p, 'ox') else p.checker
        return checker

    @checker.setter
    def checker(self, value: str) -> None:
        validate_checker(value)
        if hasattr(self.player, 'ox'):
            self.player.ox = value
        else:
            self.player.checker = value

    @property
    def lookahead(self) -> int | None:
        """The wrapped player's ``ply`` (None if it has none)."""
        ply: int | None = getattr(self.player, 'ply', None)
        return ply

    @lookahead.setter
    def lookahead(self, value: int) -> None:
        self.player.ply = check_lookahead(value, 'ply')

    @property
    def tiebreak(self) -> str | None:
        """The wrapped player's ``tbt`` (None if it has none)."""
        tbt: str | None = getattr(self.player, 'tbt', None)
        return tbt

    @tiebreak.setter
    def tiebreak(self, value: str) -> None:
        self.player.tbt = check_tiebreak(value, 'tiebreak type')

    @property
    def last_nodes(self) -> int:
        """Search nodes of the wrapped player's last search (0 if it does not say)."""
        nodes: int = getattr(self.player, 'last_nodes', 0)
        return nodes

    @property
    def last_time(self) -> float:
        """Seconds of the wrapped player's last search (0.0 if it does not say)."""
        seconds: float = getattr(self.player, 'last_time', 0.0)
        return seconds

    def opponent_checker(self) -> str:
        """The opponent's checker, ``'O'`` or ``'X'``."""
        return other(self.checker)

    def __repr__(self) -> str:
        """``'Player X (LEFT, 3)'`` like BU's AIPlayer (``'Player X'`` when the
        wrapped player has no tbt/ply)."""
        s = 'Player ' + self.checker
        if self.tiebreak is not None and self.lookahead is not None:
            s += f' ({self.tiebreak}, {self.lookahead})'
        return s

    def next_move(self, b: _engine.Board) -> int:
        """The wrapped player's column for engine board ``b`` (not modified).

        :raises ValueError: if it answers something that is not a free column.
        """
        theirs = to_board_of(b, self.board_class)
        col = move_method(self.player)(theirs)
        if not isinstance(col, int) or not is_int(col) or not b.can_add_to(col):
            raise ValueError(f'{self.player!r} chose column {col!r}, which cannot be played')
        self.num_moves += 1
        return col


def as_engine_player(player: Any, board_class: type | None = None) -> EngineAdapter:
    """Wrap a CS5- or Dutch-style ``Player(ox, tbt, ply)`` (ours or a
    student's class with ``nextMove(board)`` / ``next_move(board)`` on a
    ``Board(width, height)``) for our console and window. See
    :class:`EngineAdapter`. ``board_class`` defaults to the ``Board`` defined
    in the player's own module."""
    if isinstance(player, EngineAdapter):
        return player
    return EngineAdapter(player, board_class)
