"""Running a plug-in's moves without letting it break the game.

:class:`SafePlayer` runs the moves defensively: ``choose`` returns
``('ok', col)`` or ``('error', message)`` -- for an exception, a non-integer,
an out-of-range or a full column -- never raising. It runs in a process of
the plug-in's own, which is what puts a time limit on a move: the window's
worker (:mod:`connect4_game.search.jobs`) and the process of a
:class:`~connect4_game.plugins.process.ProcessPlayer` run a plug-in through
it, and their parents replace a process that takes too long.
"""

from __future__ import annotations

import operator
from typing import SupportsIndex

from connect4_game.core.board import Board
from connect4_game.core.checks import shown
from connect4_game.core.messages import clip
from connect4_game.plugins.loader import PluginPlayer
from connect4_game.plugins.spec import describe_exception

__all__ = ["SafePlayer"]


class SafePlayer:
    """Runs a plug-in player's moves without ever raising.

    :param player: an object with ``next_move(board)`` (from :func:`load_player`).
    :param label: how messages name it (default: its class name).
    """

    def __init__(self, player: PluginPlayer, label: str | None = None) -> None:
        if not callable(getattr(player, "next_move", None)):
            raise ValueError(f"{player!r} has no next_move(board) method")
        self.player = player
        self.label = label or type(player).__name__

    def choose(self, board: Board) -> tuple[str, int | str]:
        """Ask for a column for ``board`` (not modified: the plug-in gets a copy).

        :returns: ``('ok', col)`` with ``col`` a playable column, or
            ``('error', message)`` where message is one line naming the
            plug-in and what went wrong: an exception (type, text, line in
            the plug-in), a non-integer, a column off the board or a full
            column. What the plug-in returned is quoted shortened
            (:func:`connect4_game.core.checks.shown`: at most 40 characters, a long
            number as ``'a 101-digit number'``). Never raises (except
            KeyboardInterrupt).
        """
        try:
            copy = board.copy()
        except Exception as exc:
            return ("error", f"cannot copy the board for {self.label}: {exc}")
        try:
            answer = self.player.next_move(copy)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:   # includes SystemExit from a plug-in
            return ("error", f"{self.label}.next_move raised {describe_exception(exc)}")
        if isinstance(answer, bool):
            return ("error", f"{self.label}.next_move returned {answer!r}, not a column number")
        try:                                # int, or numpy integer
            col = operator.index(answer) if isinstance(answer, SupportsIndex) else None
        except Exception:                   # a hostile __index__
            col = None
        if col is None:
            return ("error", f"{self.label}.next_move returned {shown(answer)} "
                             f"({clip(type(answer).__name__, 40)}), not a column number")
        if not 0 <= col < board.width:
            return ("error", f"{self.label}.next_move returned {shown(col)}, off the board "
                             f"(columns 0 to {board.width - 1})")
        if not board.can_add_to(col):
            return ("error", f"{self.label}.next_move returned column {col}, which is full")
        return ("ok", col)
