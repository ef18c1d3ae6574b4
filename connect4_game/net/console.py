"""A whole network game in the console: a local player (anything with
``next_move(board) -> column``, such as the assignment's ``AIPlayer`` or
``Player``) against the friend on the other computer.

It prints what the assignment's console game prints (BU CS111 ps9, Problem
3's ``connect_four``): the board after each move, ``Player X's turn``, and at
the end the result line (``Player X wins in 8 moves.`` / ``It's a tie!``) and
``Congratulations!`` for a win. The game is a
:class:`~connect4_game.core.game.Game` kept in step through a
:class:`~connect4_game.net.link.NetworkLink`.

This module never imports pygame.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from connect4_game.core.game import Game
from connect4_game.core.side import Side
from connect4_game.net.events import JoinsPaused, OpponentMove, UndoRequested
from connect4_game.net.link import NetState, NetworkLink
from connect4_game.net.peer import Peer

__all__ = ['play_remote']

Out = Callable[..., None]
_POLL = 0.2            # seconds: the longest wait for the friend between checks
_ENDED = {
    NetState.CLOSED: 'The connection to the other player was closed.',
    NetState.FAILED: 'The connection to the other player was closed.',
    NetState.LEFT: 'The other player left the game.',
}


def _local_player(player: Any, side: Side) -> Any:
    """``player`` itself, or ``player(checker)`` for a class or factory
    (``checker``: ``'X'`` or ``'O'``, as the assignment's players take it).

    :raises ValueError: if it plays another checker than ``side``.
    """
    local = player if hasattr(player, 'next_move') and not isinstance(player, type) \
        else player(side.value)
    if getattr(local, 'checker', side) != side:
        raise ValueError(f'the local player plays {local.checker!r}, '
                         f'but this side is {side.value!r}')
    return local


def _wait_for_friend(link: NetworkLink, wait: float | None, out: Out) -> Game | None:
    """The game once the first handshake is done; None if the join failed,
    the link closed, or ``wait`` seconds passed (then it says so)."""
    deadline = None if wait is None else time.monotonic() + wait
    game: Game | None = None
    while game is None:
        if link.state in (NetState.FAILED, NetState.CLOSED):
            return None
        left = _POLL if deadline is None else min(_POLL, deadline - time.monotonic())
        if left <= 0:
            out(f'No friend joined within {wait:g} s.')
            return None
        for event in link.poll(timeout=left):
            game = link.sync(game, event)
            if isinstance(event, JoinsPaused):      # a new code (or a pause) to tell
                out(event.text)
    return game


def _local_turn(link: NetworkLink, game: Game, local: Any, out: Out) -> None:
    """The local player's move: chosen, checked, sent, played and printed.

    :raises ValueError: for an illegal column (a MoveRefused).
    """
    out(f"{local}'s turn")
    column = local.next_move(game.board.copy())
    ply = game.next_ply
    game.check(ply, column, link.my_side)
    if link.send_move(ply, column):
        game.offer(ply, column, link.my_side)
    out()
    out(str(game.board))
    out()


def _friend_events(link: NetworkLink, game: Game, out: Out) -> Game:
    """Apply what the friend sent (moves are printed, undo requests declined)."""
    for event in link.poll(timeout=_POLL):
        game = link.sync(game, event) or game
        if isinstance(event, OpponentMove):
            out(f"Player {link.friend_side}'s turn")
            out()
            out(str(game.board))
            out()
        elif isinstance(event, UndoRequested):
            link.answer_undo(False)
        elif isinstance(event, JoinsPaused):
            out(event.text)
    return game


def _play(link: NetworkLink, game: Game, local: Any, out: Out, lost_timeout: float) -> Game | None:
    while game.outcome is None:
        ended = _ENDED.get(link.state)
        if ended is not None:
            out(ended)
            return None
        if link.state is NetState.PLAYING and game.to_move == link.my_side:
            _local_turn(link, game, local, out)
            continue
        game = _friend_events(link, game, out)
        if link.state is NetState.LOST and time.monotonic() - link.state_since >= lost_timeout:
            out('The connection to the other player was lost.')
            return None
    out(game.outcome.message())
    if game.outcome.winner is not None:
        out('Congratulations!')
    return game


def play_remote(link: NetworkLink | Peer, player: Any, *, out: Out = print,
                wait: float | None = None, lost_timeout: float = 60.0,
                close: bool = True) -> Game | None:
    """Play a whole game between a local ``player`` and the friend.

    :param link: a :class:`~connect4_game.net.link.NetworkLink`, or a
        :class:`~connect4_game.net.host.Host` / :class:`~connect4_game.net.join.Join`
        to wrap in one; its peer is started here if it is not yet.
    :param player: an object with ``checker`` and ``next_move(board) -> column``
        (its checker must be this side's), or a callable ``checker -> player``
        such as the class ``RandomPlayer`` (a joiner learns its side only
        when it connects).
    :param out: called like :func:`print` for every line shown.
    :param wait: seconds to wait for the first handshake (None: until it
        happens, the join fails or the link closes).
    :param lost_timeout: seconds to wait for a lost friend to come back.
    :param close: close the link at the end (the friend is told).
    :returns: the finished game, or None if it could not be finished (no
        friend in time, the join failed - read ``link.failure`` - the friend
        left or was lost for good, the link closed).
    :raises ValueError: if ``player`` plays the wrong checker or an illegal column.

    The friend's undo requests are declined.
    """
    if not isinstance(link, NetworkLink):
        link = NetworkLink(link)
    if not link.peer.started:
        link.peer.start()
    try:
        game = _wait_for_friend(link, wait, out)
        if game is None:
            return None
        side = link.my_side
        assert side is not None
        local = _local_player(player, side)
        out('Welcome to Connect Four!')
        out()
        out(str(game.board))
        return _play(link, game, local, out, lost_timeout)
    finally:
        if close:
            link.close()
