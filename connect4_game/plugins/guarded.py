"""Running a plug-in's moves in this process without letting it break the game.

:class:`SafePlayer` runs the moves defensively: ``choose`` returns
``('ok', col)`` or ``('error', message)`` -- for an exception, a non-integer,
an out-of-range or a full column -- never raising. A plug-in that runs for
minutes cannot be interrupted inside the same thread;
:meth:`SafePlayer.choose_with_timeout` runs ``choose`` on a *daemon* thread
and returns ``('timeout', message)`` when the limit passes; the thread is
abandoned (it cannot be killed) and dies with the process, and the SafePlayer
refuses further moves (``('error', ...)``) while the abandoned call is still
running, so two calls never overlap.

:class:`GuardedPlayer` gives a plug-in the assignment's player interface
(BU CS111 ps9, Problem 2's ``Player``) for the console game: on the first
fault the user takes over that side.
"""

from __future__ import annotations

import operator
import threading
from collections.abc import Callable
from typing import Any

from connect4_game.core.board import Board, other, validate_checker
from connect4_game.core.checks import check_seconds, shown
from connect4_game.core.messages import clip
from connect4_game.plugins.spec import describe_exception

__all__ = ["SafePlayer", "GuardedPlayer"]


class SafePlayer:
    """Runs a plug-in player's moves without ever raising.

    :param player: an object with ``next_move(board)`` (from :func:`load_player`).
    :param label: how messages name it (default: its class name).
    """

    def __init__(self, player: Any, label: str | None = None) -> None:
        if not callable(getattr(player, "next_move", None)):
            raise ValueError(f"{player!r} has no next_move(board) method")
        self.player = player
        self.label = label or type(player).__name__
        self._busy = threading.Lock()   # held while a call runs (even an abandoned one)
        self.thread: threading.Thread | None = None   # last choose_with_timeout thread

    @property
    def busy(self) -> bool:
        """True while a call (possibly an abandoned, timed-out one) is running."""
        return self._busy.locked()

    def choose(self, board: Board) -> tuple[str, Any]:
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
        if not self._busy.acquire(blocking=False):
            return ("error", f"{self.label} is still busy with an earlier move")
        try:
            return self._choose(board)
        finally:
            self._busy.release()

    def _choose(self, board: Board) -> tuple[str, Any]:
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
        try:
            col = operator.index(answer)    # int, or numpy integer
        except Exception:                   # TypeError, or a hostile __index__
            return ("error", f"{self.label}.next_move returned {shown(answer)} "
                             f"({clip(type(answer).__name__, 40)}), not a column number")
        if not 0 <= col < board.width:
            return ("error", f"{self.label}.next_move returned {shown(col)}, off the board "
                             f"(columns 0 to {board.width - 1})")
        if not board.can_add_to(col):
            return ("error", f"{self.label}.next_move returned column {col}, which is full")
        return ("ok", col)

    def choose_with_timeout(self, board: Board, timeout: float) -> tuple[str, Any]:
        """:meth:`choose` on a daemon thread, waiting at most ``timeout`` seconds.

        :returns: what ``choose`` returns, or ``('timeout', message)``; the
            thread of a timed-out call is abandoned (see the module doc) and
            the next calls return ``('error', 'still busy')`` until it ends.
        :raises ValueError: if ``timeout`` is not a positive number.
        """
        check_seconds(timeout, "timeout")
        if self.busy:
            return ("error", f"{self.label} is still busy with an earlier move")
        box: list[tuple[str, Any]] = []
        thread = threading.Thread(target=lambda: box.append(self.choose(board)),
                                  name=f"plugin-{self.label}", daemon=True)
        self.thread = thread
        thread.start()
        thread.join(timeout)
        if thread.is_alive():
            return ("timeout", f"{self.label} took longer than {timeout:g} s to move; "
                               "you can take over its side or start a new game")
        return box[0] if box else ("error", f"{self.label} stopped without answering")


class GuardedPlayer:
    """A plug-in player made safe for the console game (``process_move``).

    Has the assignment's player interface (``checker``, ``num_moves``,
    ``opponent_checker()``, ``repr`` ``'Player X'``, ``next_move(b)``). Each
    move goes through :class:`SafePlayer` (with ``timeout`` seconds, if
    given). On the first error or time-out it prints the message and
    ``'You take over X.'`` and from then on ``fallback`` (by default the
    assignment's console :class:`~connect4_game.players.Player`, i.e. the user)
    plays that side: the game goes on, no traceback.

    :param player: the plug-in (from :func:`load_player`).
    :param label: how messages name it (e.g. the spec).
    :param fallback: who takes over; default ``Player(checker)``.
    :param timeout: seconds per move, or None for no limit.
    :param out: a callable printing one line (default :func:`print`).
    """

    def __init__(self, player: Any, label: str | None = None, fallback: Any = None,
                 timeout: float | None = None, out: Callable[[str], Any] = print) -> None:
        self.safe = SafePlayer(player, label)
        checker = getattr(player, "checker", None)
        self.checker = validate_checker(checker)
        if fallback is None:
            from connect4_game.players import Player
            fallback = Player(self.checker)
        self.fallback = fallback
        self.timeout = timeout
        self.out = out
        self.num_moves = 0
        self.taken_over = False
        self.last_error = ""

    def __repr__(self) -> str:
        return "Player " + self.checker

    def opponent_checker(self) -> str:
        """The other side's checker, ``'O'`` for ``'X'`` and back."""
        return other(self.checker)

    def next_move(self, b: Board) -> int:
        """The plug-in's column, or the fallback's after a fault (see class doc)."""
        if not self.taken_over:
            if self.timeout is None:
                status, value = self.safe.choose(b)
            else:
                status, value = self.safe.choose_with_timeout(b, self.timeout)
            if status == "ok":
                self.num_moves += 1
                column: int = value
                return column
            self.taken_over = True
            self.last_error = value
            self.out(f"{value}")
            self.out(f"You take over {self.checker}.")
        col: int = self.fallback.next_move(b)
        self.num_moves += 1
        return col
