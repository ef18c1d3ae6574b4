"""A game with a friend over the network: the connection's side of it.

:class:`NetworkGame` owns what a network game has beyond the game record:
the :class:`~connect4_game.net.link.NetworkLink` to the friend, who plays
this computer's side once the handshake says which side that is, who played
here before the network game, and the host's invitation. It sends this
side's moves and undo questions, hands the connection's events to the game
(:meth:`poll`), and says in the player's words what an event that leaves
the game as it is means (:meth:`news`). The game
(:class:`~connect4_game.play.session.GameSession`) plays the friend's moves
and seats the players; closing this tells the friend you left and closes the
connection and the listening socket.

This module never imports pygame.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from connect4_game.core.messages import clip
from connect4_game.i18n import _
from connect4_game.net import events as ev
from connect4_game.net.link import NetState, NetworkLink
from connect4_game.play.events import Notice, NoticeKind
from connect4_game.play.seats import FriendSeat, Seat
from connect4_game.seat_config import PlayerSpec

__all__ = ['NetworkGame']

log = logging.getLogger(__name__)


class NetworkGame:
    """The connection of a network game (see the module docstring).

    :param link: a started link to the friend.
    :param local: who plays this computer's side once it is known
        (``{'X': PlayerSpec, 'O': PlayerSpec}``).
    :param before: who played at this computer before the network game
        (``{'X': PlayerSpec, 'O': PlayerSpec}``), or None.

    Attributes: ``link``; ``invitation`` (a host's line for the friend,
    '' for a joiner); ``local``; ``before``; ``closed``.
    """

    def __init__(self, link: NetworkLink, local: Mapping[str, PlayerSpec],
                 before: Mapping[str, PlayerSpec] | None = None) -> None:
        self.link = link
        self.local = dict(local)
        self.before = dict(before) if before else None
        self.invitation = link.invitation()
        self.closed = False

    # ------------------------------------------------------------ queries
    @property
    def state(self) -> NetState:
        """Where the connection is."""
        return self.link.state

    def started(self) -> bool:
        """The friend has been connected: moves count (also while the
        connection is lost for a moment, or after the friend left)."""
        return self.link.info is not None

    def friend_seat(self, side: str) -> FriendSeat:
        """The friend's seat on ``side``; closing it closes this game."""
        return FriendSeat(side, self.link.friend_name, self.close)

    def shows_local_seats(self, seats: Mapping[str, Seat]) -> bool:
        """Whether ``seats`` (``{'X': Seat, 'O': Seat}``) are still this
        network game's: a friend's seat, or this computer's seat it made
        (kept after the game ended, until another game is chosen)."""
        return any(seat.friend for seat in seats.values()) or \
            any(seats[side].config is self.local[side] for side in 'XO')

    # ------------------------------------------------------------ this side
    def send(self, ply: int, col: int) -> None:
        """Send this side's move ``col`` (0-based) as move ``ply`` (1-based)
        before it is played here.

        :raises MoveRefused: the friend's game cannot take it.
        :raises ValueError: no friend is connected.
        """
        self.link.send_move(ply, col)

    def ask_undo(self, ply: int | None = None) -> int | None:
        """Ask the friend to go back to the first ``ply`` moves (None: this
        side's last move and the friend's reply to it; 0: a new game).

        :returns: the number of moves that would stay, or None when the
            friend cannot be asked now.
        """
        try:
            return self.link.request_undo(ply)
        except ValueError:
            return None

    def answer_undo(self, accept: bool) -> int | None:
        """Answer the friend's request to take back moves: the number of
        moves to keep if the game goes back, else None."""
        return self.link.answer_undo(accept)

    def moves(self) -> list[int]:
        """The moves (0-based columns) as the connection has them."""
        return list(self.link.moves())

    def poll(self) -> list[Any]:
        """What happened on the connection since the last call
        (:mod:`connect4_game.net.events`)."""
        return self.link.poll()

    def close(self) -> None:
        """Leave: the friend is told, the connection and the listening
        socket close. Safe to call twice."""
        if self.closed:
            return
        self.closed = True
        try:
            self.link.close()
        except OSError as exc:
            log.info('closing the network game: %s', exc)

    # ------------------------------------------------------------ words
    def news(self, event: Any) -> Notice | None:
        """The notice for a connection event that leaves the game as it is
        (the friend lost or gone, a refused connection, an error, a chat
        line, joins paused), or None for any other event. A new code (too
        many wrong ones) also renews :attr:`invitation`."""
        if isinstance(event, ev.PeerLost):
            if event.left:
                return Notice(_('Your friend left the game.'), NoticeKind.ERROR, 8.0)
            return Notice(_('Connection lost ({why}): waiting for your friend to come '
                            'back…').format(why=clip(event.reason, 60)), NoticeKind.ERROR, 8.0)
        if isinstance(event, ev.Refused):
            return Notice(_('Refused a connection from {who}: {why}').format(
                who=clip(event.address, 40), why=clip(event.reason, 60)), seconds=4.0)
        if isinstance(event, ev.Error):
            return Notice(clip(event.text, 160), NoticeKind.ERROR, 6.0)
        if isinstance(event, ev.ChatMessage):
            return Notice(_('Your friend: {text}').format(text=clip(event.text, 160)),
                          seconds=6.0)
        if isinstance(event, ev.JoinsPaused):
            if isinstance(event, ev.CodeChanged):
                self.invitation = self.link.invitation()
            return Notice(clip(event.text, 160), NoticeKind.ERROR, 8.0)
        return None
