"""A game with a friend over the network, the window's side.

:class:`NetworkGame` sits between the window's
:class:`~connect4_game.play.session.GameSession` and a
:class:`~connect4_game.net.link.NetworkLink`: it seats this computer's
player and the friend once the handshake says who plays which side, plays
the friend's moves into the game from the link's events (each checked by
the game record), sends this side's moves, and turns what happens on the
connection into notices. Closing it tells the friend you left and closes
the connection and the listening socket.

This module never imports pygame.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from connect4_game.board import other
from connect4_game.game import MoveRefused
from connect4_game.i18n import _, ngettext
from connect4_game.messages import clip
from connect4_game.net import events as ev
from connect4_game.net.link import NetState, NetworkLink, open_link
from connect4_game.net.options import NetMode, NetworkOptions
from connect4_game.play.events import NetworkFailed, NoticeKind, UndoAsked
from connect4_game.play.seats import FriendSeat, make_seat
from connect4_game.seat_config import PlayerConfig, SeatKind

if TYPE_CHECKING:
    from connect4_game.play.session import GameSession

__all__ = ['NetworkGame', 'start_network', 'local_players']

log = logging.getLogger(__name__)

_LAST: WeakKeyDictionary[Any, NetworkGame] = WeakKeyDictionary()
"""The last network game of each session (kept after it ended: its
seats stay until another game is chosen)."""


class NetworkGame:
    """The window's network game (see the module docstring).

    :param session: the game it plays.
    :param link: a started link to the friend.
    :param local: who plays this computer's side once it is known
        (``{'X': PlayerConfig, 'O': PlayerConfig}``; a side left out: the
        person here).
    :param before: who played at this computer before the network game
        (see :func:`local_players`), or None.

    Attributes: ``link``; ``invitation`` (a host's line for the friend,
    '' for a joiner); ``local``; ``before``.
    """

    def __init__(self, session: GameSession, link: NetworkLink,
                 local: Mapping[str, PlayerConfig] | None = None,
                 before: Mapping[str, PlayerConfig] | None = None) -> None:
        self.session = session
        self.link = link
        person = PlayerConfig(SeatKind.HUMAN, session.lookahead, session.tiebreak)
        self.local = {side: (local or {}).get(side, person) for side in 'XO'}
        self.before = dict(before) if before else None
        _LAST[session] = self
        self.invitation = link.invitation()
        self._closed = False
        self._handlers: dict[type, Callable[[Any], None]] = {
            ev.Connected: self._connected, ev.PeerBack: self._connected,
            ev.OpponentMove: self._friend_moved, ev.UndoRequested: self._undo_asked,
            ev.UndoAnswered: self._undo_answered, ev.PeerLost: self._lost,
            ev.Refused: self._refused, ev.Error: self._error, ev.ChatMessage: self._chat,
            ev.JoinFailed: self._failed, ev.Closed: self._ended,
            ev.JoinsPaused: self._joins_paused, ev.CodeChanged: self._joins_paused,
        }

    # ------------------------------------------------------------ queries
    @property
    def state(self) -> NetState:
        """Where the connection is."""
        return self.link.state

    def started(self) -> bool:
        """The friend has been connected: moves count (also while the
        connection is lost for a moment, or after the friend left)."""
        return self.link.info is not None

    # ------------------------------------------------------------ this side
    def seat_players(self) -> None:
        """Seat this computer's player on its side and the friend on the
        other (a joiner before it knows its side: the friend on both)."""
        mine = self.link.my_side
        s = self.session
        for side in 'XO':
            old = s.seats[side]
            if not old.friend:       # a friend's seat closes the link: it is only replaced
                old.close(s.planner)
            if side == mine:
                s.seats[side] = make_seat(side, self.local[side])
            else:
                s.seats[side] = FriendSeat(side, self.link.friend_name, self.close)
        s.planner.cancel()

    def send(self, ply: int, col: int) -> bool:
        """Send this side's move before it is played here.

        :returns: whether to play it (False, with a notice, if the network
            refuses it)."""
        try:
            self.link.send_move(ply, col)
            return True
        except MoveRefused as exc:
            self.session.say(_('Your friend cannot get that move: {why}').format(
                why=clip(exc, 100)), NoticeKind.ERROR)
        except ValueError:
            self.session.say(_('Wait until your friend is connected.'), about_position=True)
        return False

    def ask_undo(self, ply: int | None = None) -> bool:
        """Ask the friend to take back this side's last move (and the
        friend's reply to it, if any), or, with ``ply=0``, to start a new
        game. The notice counts the moves as the friend's question does
        ('Your friend asks to take back 2 moves. Allow it?')."""
        try:
            asked = self.link.request_undo(ply)
        except ValueError:
            asked = None
        if asked is None:
            self.session.say(_('You cannot ask your friend now.'))
            return False
        n = len(self.session.game.moves) - asked
        self.session.say(_('Asked your friend to start a new game…') if ply == 0 else
                         ngettext('Asked your friend to take back your last move…',
                                  'Asked your friend to take back your last {n} moves…',
                                  n).format(n=n), seconds=5.0)
        return True

    def shows_local_seats(self, session: GameSession) -> bool:
        """Whether ``session``'s seats are still this network game's: a
        friend's seat, or this computer's seat it made (kept after the game
        ended, until another game is chosen)."""
        seats = session.seats
        return any(seat.friend for seat in seats.values()) or \
            any(seats[side].config is self.local[side] for side in 'XO')

    def answer_undo(self, accept: bool) -> None:
        """Answer the friend's request to take back moves."""
        ply = self.link.answer_undo(accept)
        if ply is not None:
            self._take_back(ply)

    def update(self) -> None:
        """Apply what happened on the connection since the last frame."""
        for event in self.link.poll():
            handler = self._handlers.get(type(event))
            if handler is not None:
                handler(event)

    def close(self) -> None:
        """Leave: the friend is told, the connection and the listening
        socket close. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        try:
            self.link.close()
        except OSError as exc:
            log.info('closing the network game: %s', exc)
        if self.session.network is self:
            self.session.network = None

    # ------------------------------------------------------------ events
    def _connected(self, event: ev.Connected | ev.PeerBack) -> None:
        info = event.info
        s = self.session
        first = isinstance(event, ev.Connected)
        self.seat_players()
        if first or list(info.moves) != s.game.moves or \
                (info.rows, info.cols) != (s.game.rows, s.game.cols):
            s.new_game(info.rows, info.cols, list(info.moves))
        name = clip(info.names.get(other(info.my_side)) or _('your friend'), 30)
        s.say((_('Connected to {name}: you play {side}.') if first else
               _('{name} is back: the game goes on.')).format(name=name, side=info.my_side),
              seconds=5.0)

    def _friend_moved(self, event: ev.OpponentMove) -> None:
        s = self.session
        if s.play_friend_move(event.ply, event.column):
            return
        if list(self.link.moves()) != s.game.moves:
            log.warning('the game is out of step with the network at move %d: taking its '
                        'moves', event.ply)
            s.new_game(s.game.rows, s.game.cols, list(self.link.moves()))

    def _undo_asked(self, event: ev.UndoRequested) -> None:
        self.session.events.append(UndoAsked(event.ply))

    def _undo_answered(self, event: ev.UndoAnswered) -> None:
        if event.accept:
            self._take_back(event.ply)
            self.session.say(_('Your friend agreed.'))
        else:
            self.session.say(_('Your friend said no.'))

    def _take_back(self, ply: int) -> None:
        s = self.session
        if ply <= len(s.game.moves):
            s.game.truncate(ply)
        else:
            s.game.replace(list(self.link.moves()))
        s.history_changed()

    def _lost(self, event: ev.PeerLost) -> None:
        if event.left:
            self.session.say(_('Your friend left the game.'), NoticeKind.ERROR, 8.0)
        else:
            self.session.say(_('Connection lost ({why}): waiting for your friend to come '
                               'back…').format(why=clip(event.reason, 60)),
                             NoticeKind.ERROR, 8.0)

    def _refused(self, event: ev.Refused) -> None:
        self.session.say(_('Refused a connection from {who}: {why}').format(
            who=clip(event.address, 40), why=clip(event.reason, 60)), seconds=4.0)

    def _error(self, event: ev.Error) -> None:
        self.session.say(clip(event.text, 160), NoticeKind.ERROR, 6.0)

    def _chat(self, event: ev.ChatMessage) -> None:
        self.session.say(_('Your friend: {text}').format(text=clip(event.text, 160)),
                         seconds=6.0)

    def _joins_paused(self, event: ev.JoinsPaused) -> None:
        """Too many wrong codes: the host pauses joins (and may have a new
        code, which the invitation then shows)."""
        if isinstance(event, ev.CodeChanged):
            self.invitation = self.link.invitation()
        self.session.say(clip(event.text, 160), NoticeKind.ERROR, 8.0)

    def _failed(self, event: ev.JoinFailed) -> None:
        self.session.say(clip(event.text, 160), NoticeKind.ERROR, 8.0)
        self.session.events.append(NetworkFailed(clip(event.text, 160)))
        self.session.close()

    def _ended(self, event: ev.Closed) -> None:
        if self.link.state is NetState.FAILED:
            return
        self.session.say(_('The network game has ended.'),
                         NoticeKind.INFO if self.session.game.over else NoticeKind.ERROR, 6.0)


def local_players(session: GameSession) -> dict[str, PlayerConfig]:
    """Who plays at this computer, as the new-game dialog shows it:
    ``{'X': PlayerConfig, 'O': PlayerConfig}``. While the session's seats
    are a network game's (also after it ended, until another game is
    chosen) the players from before it; in a demo the players from before
    the demo; else the session's players."""
    net = session.network or _LAST.get(session)
    if net is not None and net.before and net.shows_local_seats(session):
        return dict(net.before)
    return dict(session.saved_players or session.players)


def start_network(session: GameSession, options: NetworkOptions, *,
                  name: str = '', first_tries: float | None = None,
                  **timings: float) -> NetworkGame:
    """Host or join as ``options`` say; the old game's seats close first and
    the session then plays the network game (it starts once the friend is
    connected). ``timings`` go to :func:`~connect4_game.net.link.open_link`.

    :raises OSError: if a host cannot listen (port in use, no permission).
    :raises ValueError: for a bad address, port, side or code.
    """
    session.controls.set_demo(False)
    before = local_players(session)
    session.close()
    link = open_link(options, rows=session.game.rows, cols=session.game.cols,
                     name=name or (_('Host') if options.mode is NetMode.HOST else _('Guest')),
                     first_tries=first_tries, **timings)
    game = NetworkGame(session, link, options.local, before)
    session.network = game
    game.seat_players()
    session.new_game()
    return game
