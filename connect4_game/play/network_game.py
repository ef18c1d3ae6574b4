"""A game with a friend over the network: what the session keeps of it (the
connection, who plays here, the host's invitation, the chat)."""

from __future__ import annotations

from collections.abc import Mapping

from connect4_game.core.messages import clip
from connect4_game.core.side import Side
from connect4_game.i18n import _
from connect4_game.net import events as ev
from connect4_game.net import protocol as P
from connect4_game.net.connection import Connection
from connect4_game.play.events import Notice, NoticeKind
from connect4_game.play.seats import FriendSeat
from connect4_game.seat_config import PlayerSpec

__all__ = ['NetworkGame', 'CHAT_LINES']

CHAT_LINES = 40          # chat lines kept, the oldest dropped


class NetworkGame:
    """The network side of a game, kept as attributes with ``closed`` and ``invitation``
    (a host's line for the friend): ``peer``, a started connection (its record is the
    session's game); ``local``, ``{Side: PlayerSpec}`` who plays this computer's side once
    it is known; ``chat``, the last :data:`CHAT_LINES` lines as ``(mine, text)``, oldest first."""

    def __init__(self, peer: Connection, local: Mapping[Side, PlayerSpec]) -> None:
        self.peer = peer
        self.local = dict(local)
        self.invitation = peer.invitation()
        self.closed = False
        self.chat: list[tuple[bool, str]] = []

    def started(self) -> bool:
        """The friend has been connected: moves count (also once lost or gone)."""
        return self.peer.info is not None

    def friend_seat(self, side: Side) -> FriendSeat:
        """The friend's seat on ``side``; closing it closes this game."""
        return FriendSeat(side, self.peer.friend_name, self.close)

    def close(self) -> None:
        """Leave: the friend is told, the sockets close. Safe to call twice."""
        if self.closed:
            return
        self.closed = True
        self.peer.close()

    def send_chat(self, text: str) -> str:
        """Send a line of chat (trimmed, unprintable characters dropped, cut to 200
        characters); '' once sent, else the player's reason why not."""
        line = ''.join(c for c in text if c.isprintable()).strip()[:P.MAX_CHAT]
        if not line:
            return ''
        if self.closed or not self.peer.send_chat(line):
            return _('Your friend is not connected.')
        self._heard(True, line)
        return ''

    def _heard(self, mine: bool, text: str) -> None:
        self.chat = [*self.chat[1 - CHAT_LINES:], (mine, text)]

    def news(self, event: ev.Event) -> Notice | None:
        """The notice for an event that leaves the game as it is (the friend lost or gone,
        a refused connection, an error, chat, joins paused; a new code renews
        :attr:`invitation`), or None."""
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
            self._heard(False, event.text)
            return Notice(_('Your friend: {text}').format(text=clip(event.text, 160)),
                          seconds=6.0)
        if isinstance(event, ev.JoinsPaused):
            self.invitation = self.peer.invitation()       # with the new code, if any
            return Notice(clip(event.text, 160), NoticeKind.ERROR, 8.0)
        return None
