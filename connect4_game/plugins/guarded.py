"""Running a plug-in's moves without letting it break the game; the time limit is its process's,
whose parent replaces a process that takes too long."""

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
    """Runs the moves of ``player`` (from :func:`load_player`), named ``label`` in messages."""

    def __init__(self, player: PluginPlayer, label: str | None = None) -> None:
        if not callable(getattr(player, "next_move", None)):
            raise ValueError(f"{player!r} has no next_move(board) method")
        self.player = player
        self.label = label or type(player).__name__

    def choose(self, board: Board) -> tuple[str, int | str]:
        """``('ok', col)`` with a playable column for a copy of ``board``, or ``('error', message)``:
        one line naming the plug-in and the exception, non-integer, off-board or full column (values
        quoted by :func:`~connect4_game.core.checks.shown`). Raises only KeyboardInterrupt."""
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
