"""NetworkLink without sockets: its typed state follows the peer's events, and
sync() keeps the owner's Game in step (moves offered, never a rebuild for a
move)."""

import pytest

from connect4_game.core.game import Game
from connect4_game.core.side import Side
from connect4_game.net import (
    ChatMessage,
    Closed,
    Connected,
    GameInfo,
    JoinFailed,
    JoinFailure,
    NetState,
    NetworkLink,
    OpponentMove,
    PeerBack,
    PeerLost,
    UndoAnswered,
    UndoRequested,
)


class StubPeer:
    """Just enough of a Join for the link: queued events and a move list."""

    def __init__(self, side=None):
        self.side = side
        self.queue = []
        self.list = ()
        self.closed = False

    def events(self):
        out, self.queue = self.queue, []
        return out

    def wait_events(self, timeout):
        return self.events()

    def moves(self):
        return tuple(self.list)

    def close(self):
        self.closed = True


def info(moves=(), my_side=Side.O, rows=6, cols=7):
    return GameInfo(rows, cols, my_side.other, my_side, tuple(moves),
                    {Side.X: 'Bob', Side.O: 'Ann'}, '127.0.0.1:24744')


def feed(link, *events):
    link.peer.queue.extend(events)
    return link.poll()


def test_the_state_follows_the_events():
    link = NetworkLink(StubPeer())
    assert link.state is NetState.WAITING and link.my_side is None and link.friend_name == ''
    feed(link, Connected(info()))
    assert link.state is NetState.PLAYING and (link.my_side, link.friend_side) == ('O', 'X')
    assert link.friend_name == 'Bob'
    since = link.state_since
    feed(link, ChatMessage('hi'))
    assert link.state is NetState.PLAYING and link.state_since == since
    feed(link, UndoRequested(0))
    assert link.undo_asked == 0
    feed(link, PeerLost('silence'))
    assert link.state is NetState.LOST and link.undo_asked is None
    feed(link, PeerBack(info()))
    assert link.state is NetState.PLAYING
    feed(link, PeerLost('the opponent left the game', left=True), Closed())
    assert link.state is NetState.LEFT                 # they are not coming back
    link.close()
    assert link.state is NetState.CLOSED and link.peer.closed


def test_a_failure_is_kept_with_its_words():
    link = NetworkLink(StubPeer())
    feed(link, JoinFailed(JoinFailure.WRONG_CODE, 'Wrong code.'), Closed())
    assert link.state is NetState.FAILED
    assert (link.failure, link.failure_text) == (JoinFailure.WRONG_CODE, 'Wrong code.')
    link.close()
    assert link.state is NetState.FAILED


def test_sync_builds_the_game_then_offers_the_friends_moves():
    link = NetworkLink(StubPeer())
    game = None
    for event in feed(link, Connected(info([3], rows=5, cols=8)), OpponentMove(2, 4)):
        game = link.sync(game, event)
    assert isinstance(game, Game) and (game.rows, game.cols) == (5, 8)
    same = game
    for event in feed(link, PeerBack(info([3, 4, 2], rows=5, cols=8))):
        game = link.sync(game, event)
    assert game is same and game.moves == [3, 4, 2]   # the new move played, not a new game


def test_sync_keeps_this_sides_move_made_after_the_handshake():
    link = NetworkLink(StubPeer())
    game = Game(6, 7, [3, 4])                         # ply 2 is O's: this side's
    assert link.sync(game, Connected(info([3]))).moves == [3, 4]
    other = Game(6, 7, [3, 5, 5])
    assert link.sync(other, Connected(info([3, 4]))).moves == [3, 4]   # another game: replaced


def test_a_move_that_crossed_an_undo_is_dropped_and_an_accepted_undo_truncates():
    peer = StubPeer()
    link = NetworkLink(peer)
    game = link.sync(None, Connected(info([3, 4, 5, 6])))
    game = link.sync(game, UndoAnswered(2, True))
    assert game.moves == [3, 4]
    peer.list = (3, 4)
    game = link.sync(game, OpponentMove(5, 0))         # meant for the game before the undo
    assert game.moves == [3, 4]
    assert link.sync(game, UndoAnswered(1, False)).moves == [3, 4]
    assert link.sync(None, OpponentMove(1, 0)) is None


def test_answer_undo_gives_the_ply_to_go_back_to():
    class Peer(StubPeer):
        def __init__(self):
            super().__init__('X')
            self.asked = 2
            self.list = (3, 4, 5)

        def pending_undo(self):
            return self.asked

        def answer_undo(self, accept):
            if self.asked is None:
                return False
            if accept:
                self.list = self.list[:self.asked]
            self.asked = None
            return True

    peer = Peer()
    link = NetworkLink(peer)
    assert link.answer_undo(True) == 2 and peer.list == (3, 4)
    assert link.answer_undo(True) is None             # nothing open any more
    peer.asked = 1
    assert link.answer_undo(False) is None and peer.list == (3, 4)


@pytest.mark.parametrize('event', [PeerLost('x'), Closed()])
def test_no_game_before_the_handshake(event):
    link = NetworkLink(StubPeer())
    assert link.sync(None, event) is None
