"""The referee of a network game: the :class:`~connect4_game.core.game.Game` as
this side knows it, checked against everything the opponent sends.

The opponent may play only its own side: one move at a time, in turn, a
legal column (:meth:`Game.offer <connect4_game.core.game.Game.offer>` with the
opponent's side). When the two sides (re)connect, the opponent's move list
must be this side's, this side's plus the opponent's own next move (played
while they were apart), or this side's minus this side's own last move (the
opponent missed it): :func:`reconcile_with_peer`. Anything else is refused:
no side ever gets a move it did not play put in its name.

The in-game messages are handled by a dispatch table keyed by message type
(:meth:`Referee.handle`); the undo handshake (one request at a time, either
way, answered before anything is taken back) lives here too.

This module never imports pygame.
"""

from __future__ import annotations

import collections
import logging
import threading
from collections.abc import Callable, Sequence
from typing import Any

from connect4_game.core.checks import check_int
from connect4_game.core.game import Game, MoveRefused, reconcile, side_for_ply
from connect4_game.core.messages import clip
from connect4_game.core.side import Side
from connect4_game.net import protocol as P
from connect4_game.net.events import (
    ChatMessage,
    Error,
    Event,
    GameInfo,
    OpponentMove,
    UndoAnswered,
    UndoRequested,
)
from connect4_game.net.transport import Conn, Transport

__all__ = ['Referee', 'reconcile_with_peer']

logger = logging.getLogger(__name__)

Message = dict[str, Any]


def _foreign_text(ours: Sequence[int], theirs: Sequence[int], peer_side: Side) -> str:
    """Why a move list that extends or falls short of ours is refused."""
    if len(theirs) > len(ours):
        ply = next(p for p in range(len(ours) + 1, len(theirs) + 1)
                   if side_for_ply(p) != peer_side)
        return (f"move {ply} is {side_for_ply(ply)}'s, not yours: a side sends only its own "
                f'next move')
    missing = len(ours) - len(theirs)
    return (f'your list lacks {missing} move{"s" if missing > 1 else ""} of this game '
            f'(from move {len(theirs) + 1})')


def reconcile_with_peer(game: Game, theirs: Sequence[int], peer_side: Side
                        ) -> list[tuple[int, int]]:
    """Bring ``game`` in step with the move list the opponent (playing
    ``peer_side``) brought to a handshake.

    Accepted: the same list; ``game``'s moves plus one move of ``peer_side``
    (played into ``game`` here); ``game``'s moves plus one of this side's
    (the opponent missed it: it is returned, to send or to announce).

    :returns: ``[(ply, column)]`` of this side's move the opponent lacks, or ``[]``.
    :raises ProtocolError: ``'diverged'`` (neither list extends the other),
        ``'foreign_moves'`` (the lists differ by more than one move, or by a
        move of the side that does not hold it), ``'game_mismatch'`` (the
        opponent's move is not legal here). ``game`` is left as it was.
    """
    ours = list(game.moves)
    theirs = list(theirs)
    if theirs == ours:
        return []
    if reconcile(ours, theirs) is None:
        raise P.ProtocolError('diverged', 'the two games differ: they cannot continue together')
    if len(theirs) == len(ours) + 1 and side_for_ply(len(theirs)) == peer_side:
        try:
            game.offer(len(theirs), theirs[-1], peer_side)
        except MoveRefused as err:
            raise P.ProtocolError('game_mismatch', f'move {len(theirs)}: {err}') from None
        return []
    if len(ours) == len(theirs) + 1 and side_for_ply(len(ours)) != peer_side:
        return [(len(ours), ours[-1])]
    raise P.ProtocolError('foreign_moves', _foreign_text(ours, theirs, peer_side))


class Referee:
    """This side's game, side and names, the opponent's connection and the undo
    handshake; thread-safe (``lock``) between the game and the I/O thread.

    :param transport: sends and closes connections (I/O thread only).
    :param emit: puts an :class:`~connect4_game.net.events.Event` for the game.
    :param refuse: ``refuse(conn, code, text, ply=None)`` answers a broken
        rule with an error and closes the connection.
    :param lost: ``lost(reason, left)`` reports that the opponent's
        connection ended (after :meth:`detach`).

    Attributes (hold ``lock`` to read them from the game's thread):
    ``game`` (None for a joiner before its first handshake), ``side``,
    ``host_side``, ``names``, ``active`` (the opponent's connection or
    None), ``gen`` (counts handshakes: undo and chat belong to one
    connection), ``undo_out`` / ``undo_in`` (the ply of this side's /
    the opponent's open undo request) and ``outbox``.
    """

    def __init__(self, transport: Transport, *, emit: Callable[[Event], None],
                 refuse: Callable[..., None], lost: Callable[[str, bool], None]) -> None:
        self.lock = threading.RLock()
        self.game: Game | None = None
        self.side: Side | None = None
        self.host_side: Side | None = None
        self.names: dict[Side, str] = {Side.X: '', Side.O: ''}
        self.active: Conn | None = None
        self.gen = 0
        self.undo_out: int | None = None
        self.undo_in: int | None = None
        self.outbox: collections.deque[tuple[int | None, Message]] = collections.deque()
        self._transport = transport
        self._emit, self._refuse, self._lost = emit, refuse, lost
        self._handlers: dict[str, Callable[[Conn, Message], None]] = {
            'ping': self._on_ping, 'pong': self._on_pong, 'move': self._on_move,
            'undo_request': self._on_undo_request, 'undo_reply': self._on_undo_reply,
            'chat': self._on_chat, 'bye': self._on_bye, 'error': self._on_error,
            'hello': self._on_unexpected, 'welcome': self._on_unexpected,
        }

    @property
    def friend_side(self) -> Side | None:
        """The opponent's side (None before this side's is known)."""
        return self.side.other if self.side is not None else None

    # == the game's calls (any thread) =================================================

    def play(self, ply: int, column: int) -> bool:
        """This side's move: checked, played and queued to send.

        :returns: True if played, False if that exact move was already played.
        :raises ValueError: before the game is known; :class:`MoveRefused`
            (a ValueError) for a move :meth:`Game.offer` refuses.
        """
        with self.lock:
            if self.game is None:
                raise ValueError('there is no game yet: wait until the opponent is connected')
            new = self.game.offer(ply, column, self.side) is not None
            if new:
                self.outbox.append((None, {'type': 'move', 'ply': ply, 'column': column}))
        return new

    def ask_undo(self, ply: int | None) -> int | None:
        """Open an undo request back to ``ply`` moves (None: to just before
        this side's last move).

        :returns: the ply asked for, or None if no request can be made now.
        :raises ValueError: for a ``ply`` that is not from 0 to ``len(moves) - 1``.
        """
        with self.lock:
            game = self.game
            if self.active is None or game is None or self.undo_out is not None \
                    or self.undo_in is not None:
                return None
            played = len(game.moves)
            if ply is None:
                mine = [p for p in range(played, 0, -1) if side_for_ply(p) == self.side]
                if not mine:
                    return None
                ply = mine[0] - 1
            else:
                check_int(ply, 0, played - 1, 'ply')
            self.undo_out = ply
            self.outbox.append((self.gen, {'type': 'undo_request', 'ply': ply}))
        return ply

    def answer_undo(self, accept: bool) -> tuple[int, bool] | None:
        """Answer the opponent's open request; if ``accept``, take the moves back.

        :returns: ``(ply, accepted)``, or None if there was no open request.
        """
        accept = bool(accept)
        with self.lock:
            ply, game = self.undo_in, self.game
            if ply is None or self.active is None or game is None:
                return None
            self.undo_in = None
            accept = accept and ply <= len(game.moves)
            if accept:
                game.truncate(ply)
            self.outbox.append((self.gen, {'type': 'undo_reply', 'ply': ply, 'accept': accept}))
        return ply, accept

    def chat(self, text: str) -> bool:
        """Queue a chat line; False if the opponent is not connected."""
        with self.lock:
            if self.active is None:
                return False
            self.outbox.append((self.gen, {'type': 'chat', 'text': text}))
        return True

    def take_outbox(self) -> tuple[list[tuple[int | None, Message]], Conn | None, int]:
        """Everything queued to send, the connection and handshake it is for."""
        with self.lock:
            items = list(self.outbox)
            self.outbox.clear()
            return items, self.active, self.gen

    # == the I/O thread ==================================================================

    def activate(self, conn: Conn) -> GameInfo:
        """``conn`` is the opponent's connection from now on (a handshake
        succeeded; hold ``lock``). Open undo requests are forgotten.

        :returns: the game as agreed, for ``Connected`` / ``PeerBack``.
        """
        self.active = conn
        self.gen += 1
        self.undo_out = self.undo_in = None
        assert self.game is not None
        return GameInfo(rows=self.game.rows, cols=self.game.cols,
                        host_side=self.host_side or Side.X, my_side=self.side or Side.X,
                        moves=tuple(self.game.moves), names=dict(self.names),
                        peer=conn.address)

    def detach(self, conn: Conn) -> bool:
        """Forget ``conn`` as the opponent's connection; True if it was."""
        with self.lock:
            if self.active is conn:
                self.active = None
                return True
            return False

    def drop_undo(self) -> int | None:
        """The connection is gone: forget both undo requests; returns the ply
        this side had asked for (it counts as declined), or None."""
        with self.lock:
            asked, self.undo_out, self.undo_in = self.undo_out, None, None
        return asked

    def handle(self, conn: Conn, msg: Message) -> None:
        """A message from the connected opponent (through the dispatch table)."""
        self._handlers[msg['type']](conn, msg)

    def _on_ping(self, conn: Conn, msg: Message) -> None:
        self._transport.send(conn, {'type': 'pong'})

    def _on_pong(self, conn: Conn, msg: Message) -> None:
        pass                              # hearing anything is what counts

    def _on_move(self, conn: Conn, msg: Message) -> None:
        ply, column = msg['ply'], msg['column']
        refusal: MoveRefused | None = None
        with self.lock:
            assert self.game is not None
            try:
                new = self.game.offer(ply, column, self.friend_side) is not None
            except MoveRefused as err:
                refusal, new = err, False
        if refusal is not None:
            logger.info('refused move %d in column %d from %s: %s', ply, column, conn.address,
                        refusal)
            self._transport.send(conn, {'type': 'error', 'code': refusal.code.value,
                                        'text': clip(str(refusal), P.MAX_TEXT), 'ply': ply})
            self._emit(Error(f'refused a move from the opponent: {refusal}'))
        elif new:
            self._emit(OpponentMove(ply, column))

    def _on_undo_request(self, conn: Conn, msg: Message) -> None:
        ply = msg['ply']
        with self.lock:
            ok = (self.undo_out is None and self.undo_in is None and self.game is not None
                  and ply < len(self.game.moves))
            if ok:
                self.undo_in = ply
        if ok:
            self._emit(UndoRequested(ply))
        else:
            self._transport.send(conn, {'type': 'undo_reply', 'ply': ply, 'accept': False})

    def _on_undo_reply(self, conn: Conn, msg: Message) -> None:
        ply = msg['ply']
        with self.lock:
            if self.undo_out != ply or self.game is None:
                return               # a stale answer: no such request is open
            self.undo_out = None
            accept = msg['accept'] and ply <= len(self.game.moves)
            if accept:
                self.game.truncate(ply)
        self._emit(UndoAnswered(ply, accept))

    def _on_chat(self, conn: Conn, msg: Message) -> None:
        self._emit(ChatMessage(msg['text']))

    def _on_bye(self, conn: Conn, msg: Message) -> None:
        self.detach(conn)
        self._transport.begin_close(conn)
        self._lost('the opponent left the game', True)

    def _on_error(self, conn: Conn, msg: Message) -> None:
        text = f"the opponent says: {msg['text']}"
        if msg['code'] in P.FATAL_ERRORS:
            self.detach(conn)
            self._transport.close_now(conn)
            self._lost(text, False)
        else:
            self._emit(Error(text))

    def _on_unexpected(self, conn: Conn, msg: Message) -> None:
        self._refuse(conn, 'bad_message', f"unexpected {msg['type']!r} during the game")
