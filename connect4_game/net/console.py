"""A whole network game in the console, printing what the assignment's console game
prints (BU CS111 ps9, Problem 3's ``connect_four``): the board after each move, ``Player
X's turn``, the result line and ``Congratulations!`` for a win."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import cast

from connect4_game.core.console import ConsolePlayer
from connect4_game.core.game import Game
from connect4_game.core.side import Side
from connect4_game.net.connection import Connection, NetState
from connect4_game.net.events import JoinsPaused, OpponentMove, UndoRequested

__all__ = ['play_remote']

Out = Callable[..., None]
_POLL = 0.2            # seconds: the longest wait for the friend between checks
LOST_TIMEOUT = 60.0    # seconds a lost friend has to come back
_ENDED = {
    NetState.CLOSED: 'The connection to the other player was closed.',
    NetState.FAILED: 'The connection to the other player was closed.',
    NetState.LEFT: 'The other player left the game.',
}


def _local_player(player: object, side: Side) -> ConsolePlayer:
    """``player``, or ``player(checker)`` for a class or factory.
    :raises ValueError: if it is no player or plays another checker than ``side``."""
    if callable(player) and (isinstance(player, type) or not hasattr(player, 'next_move')):
        player = player(side.value)
    checker = getattr(player, 'checker', side)
    if not callable(getattr(player, 'next_move', None)) or checker != side:
        raise ValueError(f'the local player plays {checker!r}, but this side is {side.value!r}')
    return cast(ConsolePlayer, player)


def _show(game: Game, out: Out) -> None:
    out()
    out(str(game.board))
    out()


def _wait_for_friend(conn: Connection, wait: float | None, out: Out) -> Game | None:
    """The game once the first handshake is done, else None (after ``wait`` s, it says so)."""
    deadline = None if wait is None else time.monotonic() + wait
    while conn.info is None:
        if conn.state in (NetState.FAILED, NetState.CLOSED):
            return None
        left = _POLL if deadline is None else min(_POLL, deadline - time.monotonic())
        if left <= 0:
            out(f'No friend joined within {wait:g} s.')
            return None
        for event in conn.events(left):
            if isinstance(event, JoinsPaused):      # a new code (or a pause) to tell
                out(event.text)
    return conn.game


def _friend_events(conn: Connection, game: Game, out: Out) -> None:
    """Show the friend's moves; decline their undo requests."""
    for event in conn.events(_POLL):
        if isinstance(event, OpponentMove):
            out(f"Player {Side.for_ply(event.ply)}'s turn")
            _show(game, out)
        elif isinstance(event, UndoRequested):
            conn.answer_undo(False)
        elif isinstance(event, JoinsPaused):
            out(event.text)


def _play(conn: Connection, game: Game, local: ConsolePlayer, out: Out) -> Game | None:
    while game.outcome is None:
        ended = _ENDED.get(conn.state)
        if ended is not None:
            out(ended)
            return None
        if conn.state is NetState.PLAYING and game.to_move == conn.side:
            out(f"{local}'s turn")
            conn.send_move(game.next_ply, local.next_move(game.board.copy()))
            _show(game, out)
            continue
        _friend_events(conn, game, out)
        if conn.state is NetState.LOST and time.monotonic() - conn.state_since >= LOST_TIMEOUT:
            out('The connection to the other player was lost.')
            return None
    out(game.outcome.message())
    if game.outcome.winner is not None:
        out('Congratulations!')
    return game


def play_remote(conn: Connection, player: object, *, out: Out = print,
                wait: float | None = None, close: bool = True) -> Game | None:
    """Play a whole game between a local ``player`` and the friend, whose undo requests
    are declined, on ``conn`` (a Host or Join, started here if it is not yet).
    :param player: an object with ``checker`` and ``next_move(board) -> column``, or a
        callable ``checker -> player`` such as ``RandomPlayer``; ``out``: like :func:`print`.
    :param wait: seconds to wait for the first handshake (None: no limit), then
        :data:`LOST_TIMEOUT` for a lost friend to come back; ``close``: close at the end.
    :returns: the finished game, or None (``conn.failure`` says why a join failed).
    :raises ValueError: if ``player`` plays the wrong checker or an illegal column.
    """
    if not conn.started:
        conn.start()
    try:
        game = _wait_for_friend(conn, wait, out)
        if game is None or conn.side is None:
            return None
        local = _local_player(player, conn.side)
        out('Welcome to Connect Four!')
        out()
        out(str(game.board))
        return _play(conn, game, local, out)
    finally:
        if close:
            conn.close()
