"""A network game as the window or the console sees it: a board kept in step
with the peer, and a runner that plays a whole game from the command line.

:class:`NetGame` wraps a :class:`~connect4_game.net.peer.Host` or
:class:`~connect4_game.net.peer.Join`: each frame the window calls
:meth:`NetGame.poll`, draws :attr:`NetGame.board`, and calls :meth:`NetGame.play`
when the local player picks a column. Undo is a request the other side
accepts or declines; both then go back to the agreed ply.

:func:`play_remote` plays a whole game between a local player (anything with
``next_move(board) -> column``, such as ``AIPlayer`` or ``RandomPlayer``) and
the remote side, printing the moves as the console game does and ending with
the assignment's result line (``Player X wins in 8 moves.`` /
``It's a tie!``).

This module never imports pygame.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from connect4_game.board import Board, other
from connect4_game.net.events import (
    Closed, Connected, Event, GameInfo, OpponentMove, PeerBack, PeerLost, UndoAnswered,
    UndoRequested,
)
from connect4_game.net.record import GameRecord, MoveRefused
from connect4_game.rules import CHECKERS

__all__ = ['NetGame', 'play_remote', 'result_line']


def result_line(board: Board) -> str | None:
    """The assignment's result line for a finished ``board``:
    ``'Player X wins in N moves.'`` (N = the winner's checkers on the board)
    or ``"It's a tie!"``; None while the game goes on."""
    for checker in ('X', 'O'):
        if board.is_win_for(checker):
            return f'Player {checker} wins in {board.num_checkers(checker)} moves.'
    if board.is_full():
        return "It's a tie!"
    return None


class NetGame:
    """A board and move list kept in step with a connected peer.

    :param peer: a :class:`~connect4_game.net.peer.Host` or
        :class:`~connect4_game.net.peer.Join` (started or not; this class
        never starts or closes it).

    Attributes (read only): ``peer``; ``info`` (the last
    :class:`~connect4_game.net.events.GameInfo`, None before ``Connected``);
    ``connected``; ``closed``; ``undo_asked`` (the ply the opponent asked to
    go back to, or None); ``undo_waiting`` (the ply this side asked for, or None).
    """

    def __init__(self, peer: Any) -> None:
        self.peer = peer
        self.info: GameInfo | None = None
        self.connected = False
        self.closed = False
        self.undo_asked: int | None = None
        self.undo_waiting: int | None = None
        self._record: GameRecord | None = None

    # -- what the window reads -----------------------------------------------------

    @property
    def started(self) -> bool:
        """True once the game is known (after the first ``Connected``)."""
        return self._record is not None

    @property
    def board(self) -> Board | None:
        """The current board (None before ``Connected``); do not change it."""
        return self._record.board if self._record is not None else None

    @property
    def moves(self) -> tuple[int, ...]:
        """The move list: 0-based columns, X first."""
        return tuple(self._record.moves) if self._record is not None else ()

    @property
    def my_side(self) -> str | None:
        """This side's checker, ``'X'`` or ``'O'`` (None before ``Connected``)."""
        return self.info.my_side if self.info is not None else None

    def to_move(self) -> str | None:
        """``'X'`` or ``'O'``: whose turn it is (None before ``Connected``)."""
        return self._record.to_move() if self._record is not None else None

    def result(self) -> str | None:
        """``'X'``/``'O'`` (the winner), ``'tie'``, or None while the game goes on."""
        return self._record.result() if self._record is not None else None

    def my_turn(self) -> bool:
        """True when the local player may move now (the game is not over)."""
        return (self._record is not None and self._record.result() is None
                and self._record.to_move() == self.my_side)

    def result_line(self) -> str | None:
        """The assignment's result line (see :func:`result_line`), or None."""
        return result_line(self._record.board) if self._record is not None else None

    # -- what the window does -------------------------------------------------------

    def poll(self, timeout: float = 0.0) -> list[Event]:
        """Apply the peer's new events to the board and return them (oldest
        first) for the window to show. Waits up to ``timeout`` seconds for the
        first one (0: never waits)."""
        events = self.peer.wait_events(timeout) if timeout > 0 else self.peer.events()
        for event in events:
            self._apply(event)
        return events

    def play(self, column: int) -> int:
        """Play the local player's move in ``column`` (0-based) and send it.

        :returns: the move's ply (1-based).
        :raises ValueError: if it is not this side's turn, the game is over or
            not started, or ``column`` cannot take a checker; also if the
            peer's move list moved on meanwhile (an undo just answered): the
            board is then brought up to date, so poll and try again.
        """
        if not self.my_turn():
            raise ValueError('it is not your turn')
        ply = self._record.next_ply
        self._record.check(ply, column, self.my_side)
        try:
            self.peer.send_move(ply, column)
        except ValueError:
            self._resync()
            raise
        self._record.offer(ply, column, self.my_side)
        return ply

    def request_undo(self) -> int | None:
        """Ask the opponent to take back this side's last move (and the
        opponent's reply to it, if any).

        :returns: the ply asked to go back to, or None if no request can be made now.
        """
        ply = self.peer.request_undo()
        if ply is not None:
            self.undo_waiting = ply
        return ply

    def answer_undo(self, accept: bool) -> bool:
        """Answer the opponent's undo request; if ``accept``, take the moves back here too.

        :returns: False if there was no open request any more.
        """
        ply = self.undo_asked
        self.undo_asked = None
        if ply is None or not self.peer.answer_undo(accept):
            return False
        if accept and self._record is not None and ply <= len(self._record.moves):
            self._record.truncate(ply)
        return True

    # -- keeping in step -------------------------------------------------------------

    def _reset(self, info: GameInfo) -> None:
        self.info = info
        # The peer's list is info.moves plus whatever happened since (a move
        # this side played just after the handshake, say); events still
        # queued for those are then duplicates, which change nothing.
        try:
            self._record = GameRecord(info.rows, info.cols, self.peer.moves())
        except ValueError:
            self._record = GameRecord(info.rows, info.cols, info.moves)

    def _resync(self) -> None:
        """Adopt the peer's move list (it is the one checked against the opponent)."""
        if self.info is not None:
            self._record = GameRecord(self.info.rows, self.info.cols, self.peer.moves())

    def _apply(self, event: Event) -> None:
        if isinstance(event, (Connected, PeerBack)):
            self._reset(event.info)
            self.connected = True
            self.undo_asked = self.undo_waiting = None
        elif isinstance(event, OpponentMove) and self._record is not None:
            try:
                self._record.offer(event.ply, event.column, other(self.my_side))
            except MoveRefused:
                self._resync()     # an undo answered meanwhile: the peer's list is the truth
        elif isinstance(event, UndoRequested):
            self.undo_asked = event.ply
        elif isinstance(event, UndoAnswered):
            self.undo_waiting = None
            if event.accept and self._record is not None:
                if event.ply <= len(self._record.moves):
                    self._record.truncate(event.ply)
                else:
                    self._resync()
        elif isinstance(event, PeerLost):
            self.connected = False
            self.undo_asked = self.undo_waiting = None
        elif isinstance(event, Closed):
            self.connected = False
            self.closed = True


def _player_for(player: Any, checker: str) -> Any:
    if hasattr(player, 'next_move') and not isinstance(player, type):
        return player
    return player(checker)          # a class such as RandomPlayer, or a factory


def play_remote(peer: Any, player: Any, *, out: Callable[..., None] = print,
                connect_timeout: float = 30.0, lost_timeout: float = 60.0,
                close: bool = True) -> Board | None:
    """Play a whole game between a local ``player`` and the remote side.

    :param peer: a :class:`~connect4_game.net.peer.Host` or
        :class:`~connect4_game.net.peer.Join`; started here if it is not yet.
    :param player: an object with ``checker`` and ``next_move(board) -> column``
        (its checker must be this side's), or a callable ``checker -> player``
        such as the class ``RandomPlayer`` (a joiner learns its side only
        when it connects).
    :param out: called like :func:`print` for every line shown.
    :param connect_timeout: seconds to wait for the opponent to connect.
    :param lost_timeout: seconds to wait for a lost opponent to come back.
    :param close: close the peer at the end (it says goodbye to the other side).
    :returns: the final board, or None if the game could not be finished
        (no opponent, connection lost for good, peer closed).
    :raises ValueError: if ``player`` plays the wrong checker or an illegal column.

    Opponent undo requests are declined. Prints, like the console game,
    ``Player X's turn``, the board after each move, and at the end the
    result line and ``Congratulations!`` for a win.
    """
    game = NetGame(peer)
    if not peer.started:
        peer.start()
    try:
        deadline = time.monotonic() + connect_timeout
        while not game.started:
            if game.closed or time.monotonic() >= deadline:
                out('No opponent connected.')
                return None
            game.poll(timeout=min(0.2, max(0.0, deadline - time.monotonic())))
        local = _player_for(player, game.my_side)
        if getattr(local, 'checker', game.my_side) != game.my_side:
            raise ValueError(f'the local player plays {local.checker!r}, but this side is '
                             f'{game.my_side!r}')
        out('Welcome to Connect Four!')
        out()
        out(str(game.board))
        lost_since: float | None = None
        while game.result() is None:
            if game.closed:
                out('The connection to the other player was closed.')
                return None
            if game.connected and game.my_turn():
                lost_since = None
                out(f"{local}'s turn")
                column = local.next_move(game.board.copy())
                game.play(column)
                out()
                out(str(game.board))
                out()
                continue
            for event in game.poll(timeout=0.2):
                if isinstance(event, OpponentMove) and game.board is not None:
                    out(f"Player {other(game.my_side)}'s turn")
                    out()
                    out(str(game.board))
                    out()
                elif isinstance(event, UndoRequested):
                    game.answer_undo(False)
                elif isinstance(event, PeerLost):
                    if event.left and game.result() is None:
                        out('The other player left the game.')
                        return None
                    lost_since = time.monotonic()
                elif isinstance(event, PeerBack):
                    lost_since = None
            if lost_since is not None and not game.connected \
                    and time.monotonic() - lost_since >= lost_timeout:
                out('The connection to the other player was lost.')
                return None
        line = game.result_line()
        out(line)
        if game.result() in CHECKERS:
            out('Congratulations!')
        return game.board
    finally:
        if close:
            peer.close()
