"""The HMC CS5 and Dutch players (``nextMove(b)`` / ``next_move(b)`` on their own
``Board(width, height)``) as BU CS111 ps9 players: an :class:`EngineAdapter` copies our board
into the player's Board class (its module's, else its naming style's), asks, and checks."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import cast

from connect4_game.core import board as _engine
from connect4_game.core.board import validate_checker
from connect4_game.core.checks import is_int
from connect4_game.core.messages import clip

__all__ = ['EngineAdapter', 'as_engine_player', 'to_board_of', 'move_method', 'ask_column',
           'check_board', 'register_style_board', 'default_board_class', 'BoardClass']

BoardClass = Callable[[int, int], object]
"""A CS5/Dutch ``Board(width, height)`` class: ours (an engine Board subclass) or a
student's, which has ``addMove(col, ox)`` or ``add_move(col, ox)``."""

_STYLE_BOARDS: dict[str, type[_engine.Board]] = {}     # 'camel' / 'snake' -> Board class


def check_board(b: object) -> _engine.Board:
    """``b`` itself if it is an engine Board. :raises ValueError: naming anything else."""
    if not isinstance(b, _engine.Board):
        raise ValueError(f'expected a Connect Four Board, not {clip(repr(b))}')
    return b


def register_style_board(style: str, board_class: type[_engine.Board]) -> None:
    """Name the Board class players of ``style`` ('camel' for ``nextMove``,
    'snake' for ``next_move``) get when their module has none."""
    _STYLE_BOARDS[style] = board_class


def move_method(p: object) -> Callable[[object], object]:
    """The player's ``nextMove`` (HMC CS5) or else ``next_move`` (Dutch, BU).
    :raises ValueError: if it has neither."""
    for name in ('nextMove', 'next_move'):
        method: Callable[[object], object] | None = getattr(p, name, None)
        if callable(method):
            return method
    raise ValueError(f'{clip(p)} has no nextMove(board) or next_move(board)')


def ask_column(player: object, shown: object, b: _engine.Board) -> int:
    """The column ``player`` picks when shown ``shown`` (``b`` or its copy), checked on ``b``.
    :raises ValueError: if it answers something that is not a free column of ``b``."""
    col = move_method(player)(shown)
    if not isinstance(col, int) or not is_int(col) or not b.can_add_to(col):
        raise ValueError(f'{player!r} chose column {col!r}, which cannot be played')
    return col


def default_board_class(player: object) -> BoardClass:
    """The ``Board`` of the player's own module, else its naming style's (the package's
    modules register both as it is imported, before this module is used)."""
    module = sys.modules.get(type(player).__module__)
    cls: object = getattr(module, 'Board', None)
    if isinstance(cls, type):
        return cls
    return _STYLE_BOARDS['camel' if callable(getattr(player, 'nextMove', None)) else 'snake']


def to_board_of(b: _engine.Board, board_class: BoardClass) -> object:
    """Engine board ``b`` as a new ``board_class(width, height)``: the grid copied into
    one of ours, the checkers replayed (``addMove``/``add_move``) into a student's.
    :raises ValueError: if a student's class has neither method."""
    check_board(b)
    make_theirs = board_class     # as given: the isinstance test narrows board_class
    if isinstance(board_class, type) and issubclass(board_class, _engine.Board):
        from_engine = getattr(board_class, 'from_engine', None)
        if callable(from_engine):
            copied: object = from_engine(b)
            return copied
        new = board_class(b.height, b.width)     # the engine's own order
        new.slots = [row[:] for row in b.slots]
        return new
    theirs = make_theirs(b.width, b.height)
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
    """A CS5/Dutch ``Player(ox, tbt, ply)``, its ``player``, as a BU CS111 ps9 player: ``checker``,
    ``num_moves``, ``next_move(engine_board)``.
    :raises ValueError: if it has no usable ``ox``/``checker`` or ``nextMove``/``next_move``."""

    def __init__(self, player: object, board_class: BoardClass | None = None) -> None:
        move_method(player)
        self.player = player
        validate_checker(self.checker)
        self.board_class = board_class if board_class is not None else default_board_class(player)
        self.num_moves = 0

    @property
    def checker(self) -> str:
        """The wrapped player's checker (``ox``, else ``checker``)."""
        return cast(str, getattr(self.player, 'ox', getattr(self.player, 'checker', '')))

    def __repr__(self) -> str:
        """``'Player X (LEFT, 3)'`` like BU's AIPlayer (the wrapped ``tbt`` and ``ply``), or
        ``'Player X'`` without them."""
        tbt, ply = getattr(self.player, 'tbt', None), getattr(self.player, 'ply', None)
        s = 'Player ' + self.checker
        if tbt is not None and ply is not None:
            s += f' ({tbt}, {ply})'
        return s

    def next_move(self, b: _engine.Board) -> int:
        """The wrapped player's column for engine board ``b`` (not modified).
        :raises ValueError: if it answers something that is not a free column."""
        col = ask_column(self.player, to_board_of(b, self.board_class), b)
        self.num_moves += 1
        return col


def as_engine_player(player: object, board_class: BoardClass | None = None) -> EngineAdapter:
    """``player`` as an :class:`EngineAdapter` (itself if it is one)."""
    return player if isinstance(player, EngineAdapter) else EngineAdapter(player, board_class)
