"""One network adapter for whoever owns the game (the console or the window).

:class:`NetworkLink` wraps a started :class:`~connect4_game.net.host.Host` or
:class:`~connect4_game.net.join.Join`. The owner keeps its own
:class:`~connect4_game.core.game.Game`; each frame it calls :meth:`NetworkLink.poll`
and applies the events: the opponent's move comes as
:class:`~connect4_game.net.events.OpponentMove` and is played with
``game.offer(ply, column, side=link.friend_side)`` (or let
:meth:`NetworkLink.sync` do every such step). The link's :attr:`state` says
where the connection is (:class:`NetState`), and :attr:`failure` why a join
failed.

A game over the network::

    link = open_link(NetworkOptions(NetMode.HOST, port=0))
    print(link.invitation())
    game = None
    ...each frame:
        for event in link.poll():
            game = link.sync(game, event)
        ...on the local player's move:
            if link.send_move(game.next_ply, column): game.push(column)
    link.close()

This module never imports pygame.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from enum import Enum
from typing import Any

from connect4_game.core.board import DEFAULT_COLS, DEFAULT_ROWS
from connect4_game.core.game import Game, MoveRefused, side_for_ply
from connect4_game.core.side import Side
from connect4_game.net.events import (
    Closed,
    Connected,
    Event,
    GameInfo,
    JoinFailed,
    JoinFailure,
    OpponentMove,
    PeerBack,
    PeerLost,
    UndoAnswered,
    UndoRequested,
)
from connect4_game.net.host import Host
from connect4_game.net.join import Join
from connect4_game.net.options import NetworkOptions
from connect4_game.net.peer import Peer

__all__ = ['NetState', 'NetworkLink', 'open_link', 'JOIN_FIRST_TRIES']

logger = logging.getLogger(__name__)

JOIN_FIRST_TRIES = 15.0
"""Seconds a joiner keeps trying to reach a host that is not up yet, unless told."""


class NetState(str, Enum):
    """Where a network game's connection is."""

    WAITING = 'waiting'
    """A host waits for a friend to join; a joiner is connecting."""
    PLAYING = 'playing'
    """The friend is connected: moves go both ways."""
    LOST = 'lost'
    """The connection was lost: both sides try to get back together."""
    LEFT = 'left'
    """The friend said goodbye: they are not coming back (a host still
    listens, and a new join makes it ``PLAYING`` again)."""
    FAILED = 'failed'
    """The join failed: :attr:`NetworkLink.failure` says why."""
    CLOSED = 'closed'
    """This side closed the link, or the peer stopped for good."""


class NetworkLink:
    """The network game of one side, as its owner sees it.

    :param peer: a :class:`~connect4_game.net.host.Host` or
        :class:`~connect4_game.net.join.Join`, started or not (the link
        never starts it; :func:`open_link` builds and starts one).

    Attributes (read only): ``peer``; ``info`` (the last
    :class:`~connect4_game.net.events.GameInfo`, None before the first
    handshake); ``failure`` (a :class:`~connect4_game.net.events.JoinFailure`
    once the join failed, else None) and ``failure_text`` (its sentence for
    the player, e.g. ``'Wrong code.'``); ``undo_asked`` (the ply the friend
    asked to go back to, or None); ``undo_waiting`` (the ply this side asked
    for, or None); ``state_since`` (:func:`time.monotonic` seconds when
    :attr:`state` last changed).
    """

    def __init__(self, peer: Peer) -> None:
        self.peer = peer
        self.info: GameInfo | None = None
        self.failure: JoinFailure | None = None
        self.failure_text = ''
        self.undo_asked: int | None = None
        self.undo_waiting: int | None = None
        self._state = NetState.WAITING
        self.state_since = time.monotonic()
        self._notes: dict[type, Callable[[Event], None]] = {
            Connected: self._note_connected, PeerBack: self._note_connected,
            PeerLost: self._note_lost, JoinFailed: self._note_failed, Closed: self._note_closed,
            UndoRequested: self._note_undo_asked, UndoAnswered: self._note_undo_answered,
        }

    # -- what the owner reads ----------------------------------------------------------

    @property
    def state(self) -> NetState:
        """Where the connection is (see :class:`NetState`)."""
        return self._state

    @property
    def is_host(self) -> bool:
        """True for a host, False for a joiner."""
        return isinstance(self.peer, Host)

    @property
    def my_side(self) -> Side | None:
        """This side, X or O (a joiner: None before it connects)."""
        return self.info.my_side if self.info is not None else self.peer.side

    @property
    def friend_side(self) -> Side | None:
        """The friend's side (None while :attr:`my_side` is)."""
        mine = self.my_side
        return None if mine is None else mine.other

    @property
    def friend_name(self) -> str:
        """The name the friend gave ('' before the first handshake)."""
        side = self.friend_side
        return self.info.names.get(side, '') if self.info is not None and side else ''

    def invitation(self) -> str:
        """A host's line for the friend (``'address 192.168.1.5 port 24744,
        code 0421'``; looks the host name up: call it once); '' for a joiner."""
        return self.peer.invitation() if isinstance(self.peer, Host) else ''

    def moves(self) -> tuple[int, ...]:
        """The move list as the network side knows it (0-based columns, X first)."""
        return self.peer.moves()

    # -- events ----------------------------------------------------------------------

    def poll(self, timeout: float = 0.0) -> list[Event]:
        """The peer's new events, oldest first, after updating :attr:`state`,
        :attr:`info`, :attr:`failure` and the undo attributes from them.
        Waits up to ``timeout`` seconds for the first one (0: never waits).

        The owner applies them to its game: ``Connected`` / ``PeerBack`` -> the
        game is ``info.moves`` (on an ``info.rows`` x ``info.cols`` board);
        ``OpponentMove(ply, column)`` -> ``game.offer(ply, column,
        side=link.friend_side)``; ``UndoAnswered(ply, accept=True)`` ->
        ``game.truncate(ply)``. :meth:`sync` does exactly that. A host's
        ``JoinsPaused`` / ``CodeChanged`` carries a line to show the player
        (after ``CodeChanged``, :meth:`invitation` has the new code).
        """
        events = self.peer.wait_events(timeout) if timeout > 0 else self.peer.events()
        for event in events:
            note = self._notes.get(type(event))
            if note is not None:
                note(event)
        return events

    def sync(self, game: Game | None, event: Event) -> Game | None:
        """Apply ``event`` to ``game`` (the owner's game).

        :returns: the game to keep: ``game`` itself, or a new
            :class:`~connect4_game.core.game.Game` for a ``Connected`` /
            ``PeerBack`` on another board size or when ``game`` is None.

        A move of this side made after the handshake was reported is kept
        (the peer has it too). An opponent's move that no longer fits (it
        crossed an undo) is dropped; should the game ever be out of step
        with the peer, it is logged and replaced by the peer's list.
        """
        if isinstance(event, (Connected, PeerBack)):
            return self._adopt(game, event.info)
        if game is None:
            return None
        if isinstance(event, OpponentMove):
            self._play_friend(game, event)
        elif isinstance(event, UndoAnswered) and event.accept:
            if event.ply <= len(game.moves):
                game.truncate(event.ply)
            else:
                self._resync(game, f'undo to {event.ply}')
        return game

    # -- what the owner does ---------------------------------------------------------

    def send_move(self, ply: int, column: int) -> bool:
        """Send this side's move ``ply`` (1-based) in ``column`` (0-based);
        call it before playing the move into the owner's game, and play it
        only if this returns True.

        :returns: True if sent (or kept for a friend who is away), False if
            that exact move was already played.
        :raises ValueError: before the game is known; a
            :class:`~connect4_game.core.game.MoveRefused` (a ValueError) if it is
            not this side's turn, not the next ply, no legal column, or the
            game is over.
        """
        return self.peer.send_move(ply, column)

    def request_undo(self, ply: int | None = None) -> int | None:
        """Ask the friend to go back to the first ``ply`` moves (default: to
        just before this side's last move); ``UndoAnswered`` follows.

        :returns: the ply asked for, or None if no request can be made now.
        :raises ValueError: for a ``ply`` that is not from 0 to ``len(moves) - 1``.
        """
        ply = self.peer.request_undo(ply)
        if ply is not None:
            self.undo_waiting = ply
        return ply

    def answer_undo(self, accept: bool) -> int | None:
        """Answer the friend's open undo request.

        :returns: the ply to go back to (call ``game.truncate(ply)``) when
            ``accept`` and the request was still open; None otherwise
            (declined, or no open request any more).
        """
        ply = self.peer.pending_undo()
        self.undo_asked = None
        if ply is None or not self.peer.answer_undo(accept):
            return None
        return ply if accept and len(self.peer.moves()) == ply else None

    def send_chat(self, text: str) -> bool:
        """Send a chat line (printable, 1-200 characters); False if the friend
        is not connected. :raises ValueError: for a bad line."""
        return self.peer.send_chat(text)

    def close(self, wait: float = 1.0) -> None:
        """Tell the friend this side left, close the connection and the
        listening socket; :attr:`state` becomes ``CLOSED`` (a failure is
        kept). Waits up to ``wait`` seconds for a host's listening socket to
        be closed (the goodbye goes out in the background). Safe to call twice."""
        self.peer.close()
        if self._state is not NetState.FAILED:
            self._set(NetState.CLOSED)
        if isinstance(self.peer, Host):
            self.peer.wait_stopped_listening(wait)

    def join(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds for the peer's thread to stop;
        True if it has."""
        return self.peer.join(timeout)

    # -- inside ----------------------------------------------------------------------

    def _set(self, state: NetState) -> None:
        if state is not self._state:
            self._state = state
            self.state_since = time.monotonic()

    def _note_connected(self, event: Event) -> None:
        assert isinstance(event, (Connected, PeerBack))
        self.info = event.info
        self.undo_asked = self.undo_waiting = None
        self._set(NetState.PLAYING)

    def _note_lost(self, event: Event) -> None:
        assert isinstance(event, PeerLost)
        self.undo_asked = self.undo_waiting = None
        self._set(NetState.LEFT if event.left else NetState.LOST)

    def _note_failed(self, event: Event) -> None:
        assert isinstance(event, JoinFailed)
        self.failure, self.failure_text = event.cause, event.text
        self._set(NetState.FAILED)

    def _note_closed(self, event: Event) -> None:
        if self._state not in (NetState.FAILED, NetState.LEFT):
            self._set(NetState.CLOSED)

    def _note_undo_asked(self, event: Event) -> None:
        assert isinstance(event, UndoRequested)
        self.undo_asked = event.ply

    def _note_undo_answered(self, event: Event) -> None:
        self.undo_waiting = None

    def _adopt(self, game: Game | None, info: GameInfo) -> Game:
        """The game as agreed at a handshake: new moves are played one by one;
        the board is rebuilt only for another board size or another game."""
        moves = list(info.moves)
        if game is None or (game.rows, game.cols) != (info.rows, info.cols):
            return Game(info.rows, info.cols, moves)
        played = game.moves
        mine_since = (len(played) == len(moves) + 1 and played[:-1] == moves
                      and side_for_ply(len(played)) == info.my_side)
        if mine_since or played == moves:
            return game
        if moves[:len(played)] == played and game.outcome is None:
            for ply in range(len(played) + 1, len(moves) + 1):
                game.offer(ply, moves[ply - 1])
        else:
            game.replace(moves)
        return game

    def _play_friend(self, game: Game, event: OpponentMove) -> None:
        try:
            game.offer(event.ply, event.column, self.friend_side)
        except MoveRefused as err:
            if list(self.peer.moves()) == game.moves:
                logger.info('dropped move %d of the friend: %s', event.ply, err)
            else:
                self._resync(game, f'move {event.ply} ({err})')

    def _resync(self, game: Game, what: str) -> None:
        moves = self.peer.moves()
        logger.warning('the game is out of step with the network at %s: taking its %d moves',
                       what, len(moves))
        game.replace(moves)


def open_link(options: NetworkOptions, *, rows: int = DEFAULT_ROWS, cols: int = DEFAULT_COLS,
              name: str | None = None, first_tries: float | None = None,
              **timings: Any) -> NetworkLink:
    """Build the Host or Join ``options`` describe, start it and wrap it.

    :param rows: a host's board rows (and ``cols`` its columns); a joiner
        learns the host's.
    :param name: this player's name (default ``'Host'`` / ``'Guest'``).
    :param first_tries: a joiner: seconds to keep trying to reach a host that
        is not up yet (default: ``options.wait``, else :data:`JOIN_FIRST_TRIES`).
    :param timings: passed on (``ping_interval``, ``peer_timeout``, ...).
    :raises OSError: if a host cannot listen (port in use, no such address).
    :raises ValueError: for a bad value.
    """
    peer: Peer
    if options.is_host:
        peer = Host(options.port, options.bind_address, options.code, rows, cols,
                    options.side or Side.X, name=name or 'Host', **timings)
    else:
        host, port = options.host_and_port()
        if first_tries is None:
            first_tries = options.wait if options.wait is not None else JOIN_FIRST_TRIES
        peer = Join(host, port, options.code or '', name=name or 'Guest',
                    first_tries=first_tries, **timings)
    peer.start()
    return NetworkLink(peer)
