"""A friend found on the network, in the window: the join screen lists a hosted game and
joins it by a click and the code, a wrong code keeps the address, the code and the game
in progress, the friend's goodbye offers the computer from the same position, chat both
ways, and no hints or analysis unless both agreed. Over loopback, driven by events and
``dt``; the network is waited for with deadlines."""

import socket
import threading
import time

import pygame

from connect4_game.net.connection import NetState, Timing
from connect4_game.net.events import ChatMessage, Connected, OpponentMove
from connect4_game.net.host import Host
from connect4_game.net.join import Join
from connect4_game.net.options import NetMode, NetworkOptions
from connect4_game.play.network_game import NetworkGame
from connect4_game.seat_config import PlayerSpec
from connect4_game.ui.app import App, AppOptions
from tests.net.net_helpers import FAST_JOIN, Watch, owned, pump
from tests.ui_helpers import DT, InstantWorker, click_col, key

FAST_PEER = dict(timing=Timing(0.1, 0.6, 0.5))
CODE = '4321'
MOVES = [3, 3, 3, 3, 2, 2, 4, 4]             # eight moves, nobody has won


def step_until(app, cond, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not (pump() or cond()):
        assert time.monotonic() < deadline, 'condition not reached in time'
        app.step([], DT)
        threading.Event().wait(0.005)      # let the network thread run between frames
    return True


def window(closing, **opts):
    app = App(AppOptions(use_settings=False, mute=True, **opts), size=(640, 600),
              worker=InstantWorker())
    closing(app)
    return app


def typed(text):
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def click(rect):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center)


def hosted(app, help=False):
    options = NetworkOptions(NetMode.HOST, bind_address='127.0.0.1', port=0, code=CODE,
                             side='X', help=help, local={'X': PlayerSpec('human')},
                             discovery_port=None)
    return app.session.start_network(options, **FAST_PEER).peer


def with_friend(closing, help=False, accept=False):
    app = window(closing)
    host = hosted(app, help)
    friend = Join('127.0.0.1', host.port, CODE, accept_help=accept, **FAST_JOIN).start()
    closing(friend)
    watch = Watch(friend)
    step_until(app, lambda: app.session.network.peer.state is NetState.PLAYING)
    watch.wait(Connected)
    return app, host, friend, watch


def test_the_join_screen_lists_a_hosted_game_and_joins_it_by_a_click(closing):
    other = Host(0, '127.0.0.1', CODE, 6, 7, 'O', offer_help=True, **FAST_PEER).start()
    closing(other)
    owned(other)
    app = window(closing)
    app.show_network()
    screen = app.screen
    app.step([key(pygame.K_RIGHT)], DT)                       # Join a game
    assert screen.mode.value == 'join'
    started = time.monotonic()
    step_until(app, lambda: any(g.port == other.port for g in screen.games), timeout=3.0)
    assert time.monotonic() - started < 3.0
    app.step([], DT)                                          # drawn: the lines can be clicked
    rect = next(r for r, g in screen.game_rects if g.port == other.port)
    line = screen._game_line(next(g for g in screen.games if g.port == other.port))
    assert 'you play first' in line and 'hints offered' in line
    app.step([click(rect)], DT)
    assert screen.address.value == f'127.0.0.1:{other.port}' and screen.chosen() is screen.code
    app.step([typed(CODE), key(pygame.K_RETURN)], DT)
    step_until(app, lambda: app.screen is app.game, timeout=5.0)
    s = app.session
    assert s.network is not None and s.network.peer.side == 'X'
    assert s.label('X') == 'You' and s.seats['O'].friend


def test_a_wrong_code_keeps_the_address_the_code_and_the_game(closing):
    other = Host(0, '127.0.0.1', '1111', 6, 7, 'X', announce=None, **FAST_PEER).start()
    closing(other)
    owned(other)
    app = window(closing)
    app.session.start_new({'X': PlayerSpec('human'), 'O': PlayerSpec('human')}, 6, 7, MOVES)
    game = app.session.game
    app.show_network()
    screen = app.screen
    app.step([key(pygame.K_RIGHT), key(pygame.K_DOWN), typed(f'127.0.0.1:{other.port}'),
              key(pygame.K_DOWN), typed('2222'), key(pygame.K_RETURN)], DT)
    if type(app.screen).__name__ == 'ConfirmScreen':           # the game in progress ends...
        app.step([key(pygame.K_RETURN)], DT)                   # ...only if the join succeeds
    assert screen.pending is not None and app.session.game is game
    step_until(app, lambda: screen.pending is None, timeout=5.0)
    assert app.screen is screen and screen.error == 'Wrong code.'
    assert (screen.mode.value, screen.address.value, screen.code.value) == \
        ('join', f'127.0.0.1:{other.port}', '2222')
    assert app.session.game is game and game.moves == MOVES and app.session.network is None
    app.step([key(pygame.K_ESCAPE)], DT)
    assert app.screen is app.game and app.session.game.moves == MOVES


def test_cancel_stops_a_join_that_waits_for_a_host(closing):
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))
        free = probe.getsockname()[1]
    app = window(closing)
    app.show_network()
    screen = app.screen
    app.step([key(pygame.K_RIGHT), key(pygame.K_DOWN), typed(f'127.0.0.1:{free}'),
              key(pygame.K_DOWN), typed(CODE), key(pygame.K_RETURN)], DT)
    pending = screen.pending
    assert isinstance(pending, NetworkGame)
    app.step([key(pygame.K_ESCAPE)], DT)                      # stops the join, stays here
    assert app.screen is screen and screen.pending is None and pending.closed
    assert pending.peer.join(3.0) and app.session.joining is None


def test_the_friend_leaving_offers_the_computer_from_here_at_once(closing):
    app, host, friend, watch = with_friend(closing)
    app.step([click_col(app, 3)], DT)
    watch.wait(OpponentMove)
    friend.send_move(2, 3)
    step_until(app, lambda: app.session.game.moves == [3, 3])
    record = app.session.game
    friend.close()
    step_until(app, lambda: type(app.screen).__name__ == 'ConfirmScreen', timeout=5)
    confirm = app.screen
    assert 'left' in confirm.question and confirm.yes.label == 'Play the computer from here'
    assert confirm.no.label == 'Wait for your friend'
    app.step([key(pygame.K_RETURN)], DT)
    s = app.session
    assert app.screen is app.game and s.network is None
    assert s.game is record and s.game.moves == [3, 3]
    assert (s.label('X'), s.label('O')) == ('You', 'Computer (Medium)')
    assert host.join(3.0)
    Host(host.port, '127.0.0.1', announce=None).start().close()    # the port is free
    app.step([click_col(app, 2)], DT)
    step_until(app, lambda: len(s.game.moves) == 4)            # the computer answers
    app.step([key(pygame.K_a, 'a')], DT)
    assert s.overlay and s.desired_job() is not None           # the analysis works again


def test_waiting_for_the_friend_keeps_the_game_open_for_them(closing):
    app, host, friend, watch = with_friend(closing)
    app.step([click_col(app, 3)], DT)
    watch.wait(OpponentMove)
    friend.close()
    step_until(app, lambda: type(app.screen).__name__ == 'ConfirmScreen', timeout=5)
    app.step([key(pygame.K_ESCAPE)], DT)                       # Wait for your friend
    assert app.session.network is not None and host.running
    back = Join('127.0.0.1', host.port, CODE, moves=[3], **FAST_JOIN).start()
    closing(back)
    step_until(app, lambda: app.session.network.peer.state is NetState.PLAYING, timeout=5)


def test_chat_both_ways_with_enter_and_the_friends_text_cut_to_fit(closing):
    app, host, friend, watch = with_friend(closing)
    app.step([key(pygame.K_SLASH, '/'), typed('/')], DT)       # opening types nothing
    chat = app.screen
    assert type(chat).__name__ == 'ChatScreen' and chat.line.value == ''
    app.step([typed('good luck'), key(pygame.K_RETURN)], DT)
    assert watch.wait(ChatMessage).text == 'good luck' and chat.line.value == ''
    friend.send_chat('w' * 200)
    step_until(app, lambda: app.session.network.chat[-1] == (False, 'w' * 200))
    app.step([], DT)
    assert app.screen is chat
    app.step([key(pygame.K_ESCAPE)], DT)
    assert app.screen is app.game
    app.step([click_col(app, 3)], DT)                          # the board plays again
    assert watch.wait(OpponentMove).column == 3


def test_no_hints_or_analysis_unless_both_agreed(closing):
    app, host, friend, watch = with_friend(closing, help=True, accept=False)
    s = app.session
    app.step([key(pygame.K_a, 'a'), key(pygame.K_h, 'h')], DT)
    assert not s.overlay and not s.hint_wanted
    assert any('off in this network game' in t.text for t in app.game.toasts)
    app.show_review()                                          # the review has everything
    assert s.help_allowed()


def test_both_agreed_hints_and_analysis_work(closing):
    app, host, friend, watch = with_friend(closing, help=True, accept=True)
    app.step([key(pygame.K_a, 'a')], DT)
    assert app.session.overlay and app.session.desired_job() is not None
    app.step([click_col(app, 3)], DT)
    watch.wait(OpponentMove)
    assert app.session.seat().friend and app.session.desired_job() is not None   # their turn too


def test_a_joiner_whose_host_leaves_plays_the_computer_from_the_same_position(closing):
    other = Host(0, '127.0.0.1', CODE, 6, 7, 'X', announce=None, **FAST_PEER).start()
    closing(other)
    watch = Watch(other)
    app = window(closing)
    app.session.start_network(NetworkOptions(NetMode.JOIN, address=f'127.0.0.1:{other.port}',
                                             code=CODE), **FAST_PEER)
    step_until(app, lambda: app.session.network is not None)
    watch.wait(Connected)
    other.send_move(1, 3)
    step_until(app, lambda: app.session.game.moves == [3])
    record = app.session.game
    other.close()
    step_until(app, lambda: type(app.screen).__name__ == 'ConfirmScreen', timeout=5)
    assert app.screen.no.label == 'New game…'          # nobody to wait for
    app.step([key(pygame.K_RETURN)], DT)
    s = app.session
    assert s.network is None and s.game is record and s.game.moves == [3]
    assert (s.label('X'), s.label('O')) == ('Computer (Medium)', 'You')
