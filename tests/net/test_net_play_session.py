"""The window's network game without a window, over 127.0.0.1: a failed join keeps the
game in progress, a friend's goodbye offers the computer from the same position and
frees the port, chat both ways, and hints and analysis only when both agreed."""

import socket

import pytest

from connect4_game import i18n
from connect4_game.net.connection import NetState
from connect4_game.net.events import ChatMessage, Connected, JoinFailed, OpponentMove
from connect4_game.net.host import Host
from connect4_game.net.join import Join
from connect4_game.net.options import NetMode, NetworkOptions
from connect4_game.play import events
from connect4_game.play.network_game import CHAT_LINES
from connect4_game.play.session import GameSession
from connect4_game.seat_config import PlayerSpec
from tests.net.net_helpers import FAST, FAST_JOIN, Watch, owned, poll_until

HUMAN = PlayerSpec('human')
CODE = '2468'
MOVES = [3, 3, 3, 3, 2, 2, 4, 4]        # eight moves, nobody has won


@pytest.fixture(autouse=True)
def english():
    """The window's words in English, whatever an earlier test chose."""
    i18n.set_language('en')


def step(session, cond, what):
    """Update ``session`` frame by frame (``dt`` 0.05 s) until ``cond()``."""
    news = []

    def frame():
        session.update(0.05)
        news.extend(session.take_news()[0])
        return cond(news)
    poll_until(frame, timeout=5.0, what=what)
    return news


def host_session(closing, help=False):
    s = GameSession({'X': HUMAN, 'O': PlayerSpec.for_level('easy')})
    closing(s)
    s.start_network(NetworkOptions(NetMode.HOST, bind_address='127.0.0.1', port=0, code=CODE,
                                   side='X', help=help, discovery_port=None),
                    timing=FAST['timing'])
    return s


def test_a_wrong_code_keeps_the_game_in_progress(closing):
    host = Host(0, '127.0.0.1', CODE, announce=None, **FAST).start()
    closing(host)
    owned(host)
    s = GameSession({'X': HUMAN, 'O': PlayerSpec.for_level('easy')}, moves=MOVES)
    closing(s)
    game, labels = s.game, (s.label('X'), s.label('O'))
    s.take_news()
    joining = s.start_network(NetworkOptions(NetMode.JOIN, address=f'127.0.0.1:{host.port}',
                                             code='0000'), timing=FAST['timing'])
    assert s.joining is joining and s.network is None and s.game is game
    news = step(s, lambda n: any(isinstance(e, JoinFailed) for e in n),
                'the join failed')
    failed = [e for e in news if isinstance(e, JoinFailed)]
    assert failed[0].text == 'Wrong code.'
    assert s.joining is None and s.network is None and joining.closed
    assert s.game is game and s.game.moves == MOVES
    assert (s.label('X'), s.label('O')) == labels
    assert not any(isinstance(e, events.BoardReset) for e in news)


def test_no_host_there_keeps_the_game_and_cancel_stops_a_join(closing):
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))
        free = probe.getsockname()[1]
    s = GameSession({'X': HUMAN, 'O': HUMAN}, moves=MOVES)
    closing(s)
    s.start_network(NetworkOptions(NetMode.JOIN, address=f'127.0.0.1:{free}', code=CODE),
                    first_tries=0.0)
    step(s, lambda n: any(isinstance(e, JoinFailed) for e in n), 'the join failed')
    assert s.game.moves == MOVES and s.network is None
    joining = s.start_network(NetworkOptions(NetMode.JOIN, address=f'127.0.0.1:{free}',
                                             code=CODE), first_tries=30.0)
    s.cancel_join()
    assert s.joining is None and joining.closed and s.game.moves == MOVES


def test_a_join_that_succeeds_replaces_the_game(closing):
    host = Host(0, '127.0.0.1', CODE, announce=None, moves=[3], **FAST).start()
    closing(host)
    owned(host)
    s = GameSession({'X': HUMAN, 'O': HUMAN}, moves=MOVES)
    closing(s)
    s.start_network(NetworkOptions(NetMode.JOIN, address=f'127.0.0.1:{host.port}', code=CODE),
                    timing=FAST['timing'])
    step(s, lambda n: s.network is not None, 'joined')
    assert s.joining is None and s.game is s.network.peer.game and s.game.moves == [3]
    assert s.label('O') == 'You' and s.seats['X'].friend


def test_the_friend_leaving_offers_the_computer_from_the_same_position(closing):
    s = host_session(closing)
    port = s.network.peer.port
    friend = Join('127.0.0.1', port, CODE, **FAST_JOIN).start()
    closing(friend)
    watch = Watch(friend)
    step(s, lambda n: s.network.started(), 'the friend joined')
    watch.wait(Connected)
    s.play(3)
    watch.wait(OpponentMove)
    friend.send_move(2, 3)
    step(s, lambda n: s.game.moves == [3, 3], "the friend's move")
    record = s.game
    friend.close()
    news = step(s, lambda n: any(isinstance(e, events.FriendLeft) for e in n), 'the goodbye')
    assert s.network is not None          # waiting stays possible until the player chooses
    s.play_computer_from_here()
    assert s.network is None and s.game is record and s.game.moves == [3, 3]
    assert s.label('O') == 'Computer (Medium)' and s.seats['X'].person
    Host(port, '127.0.0.1', announce=None).start().close()   # the port is free again
    s.toggle_overlay()
    assert s.overlay and s.desired_job() is not None          # the analysis works again
    assert not any(isinstance(e, events.BoardReset) for e in news)


def test_chat_goes_both_ways_bounded_and_cleaned(closing):
    s = host_session(closing)
    friend = Join('127.0.0.1', s.network.peer.port, CODE, **FAST_JOIN).start()
    closing(friend)
    watch = Watch(friend)
    step(s, lambda n: s.network.started(), 'the friend joined')
    watch.wait(Connected)
    assert s.network.send_chat('  hello\x07 there  ') == ''
    assert watch.wait(ChatMessage).text == 'hello there'
    assert s.network.send_chat('x' * 500) == ''
    assert watch.wait(ChatMessage).text == 'x' * 200
    assert s.network.send_chat('\n\t') == '' and s.network.chat[-1] == (True, 'x' * 200)
    friend.send_chat('hi!')
    step(s, lambda n: s.network.chat[-1] == (False, 'hi!'), 'the chat line')
    for n in range(CHAT_LINES + 5):
        s.network.send_chat(str(n))
    assert len(s.network.chat) == CHAT_LINES and s.network.chat[-1] == (True, str(CHAT_LINES + 4))
    friend.close()
    step(s, lambda n: s.network.peer.state is NetState.LEFT, 'the goodbye')
    assert s.network.send_chat('anyone?') == 'Your friend is not connected.'


@pytest.mark.parametrize('offer, accept', [(False, True), (True, False), (True, True)])
def test_hints_and_analysis_need_both_players(closing, offer, accept):
    s = host_session(closing, help=offer)
    friend = Join('127.0.0.1', s.network.peer.port, CODE, accept_help=accept,
                      **FAST_JOIN).start()
    closing(friend)
    watch = Watch(friend)
    step(s, lambda n: s.network.started(), 'the friend joined')
    assert watch.wait(Connected).info.help is (offer and accept)
    s.take_news()
    s.toggle_overlay()
    s.request_hint()
    notices = [n.text for n in s.take_news()[1]]
    if offer and accept:
        assert s.overlay and s.hint_wanted and s.desired_job() is not None
    else:
        assert not s.overlay and not s.hint_wanted and s.desired_job() is None
        assert notices == ['Hints and analysis are off in this network game.'] * 2
    s.close()
    s.toggle_overlay()                    # after the game (the review too) everything is back
    assert s.help_allowed() and s.overlay != (offer and accept)
