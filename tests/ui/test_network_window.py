"""Playing a friend in the window: the app hosts (or joins) over loopback and a
scripted peer of connect4_game.net plays the other side. The app is stepped
by events and dt; the network is waited for with deadlines, never by sleeping
a fixed time before an assertion."""

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

from connect4_game.net.connection import NetState, Timing
from connect4_game.net.console import play_remote
from connect4_game.net.events import Connected, OpponentMove, UndoAnswered, UndoRequested
from connect4_game.net.host import Host
from connect4_game.net.join import Join
from connect4_game.net.options import NetMode, NetworkOptions
from connect4_game.players import RandomPlayer
from connect4_game.seat_config import PlayerSpec
from connect4_game.ui.app import App, AppOptions
from tests.net.net_helpers import FAST_JOIN, Watch
from tests.ui_helpers import DT, InstantWorker, click_col, key

ROOT = Path(__file__).resolve().parents[2]
FAST_PEER = dict(timing=Timing(0.1, 0.6, 0.5))


def host_app(local='human', **opts):
    options = AppOptions(use_settings=False, mute=True, **opts)
    app = App(options, size=(640, 600), worker=InstantWorker())
    options = NetworkOptions(NetMode.HOST, bind_address='127.0.0.1', port=0, code='4321',
                             side='X', local={'X': PlayerSpec(local)})
    game = app.session.start_network(options, **FAST_PEER)
    return app, game.peer


def playing(app):
    return app.session.network is not None and app.session.network.peer.state is NetState.PLAYING


def step_until(app, cond, timeout=10.0, dt=DT):
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, 'condition not reached in time'
        app.step([], dt)
        threading.Event().wait(0.005)      # let the network thread run between frames
    return True


def test_the_window_hosts_and_a_friend_plays_a_whole_game(closing):
    app, host = host_app('random')
    closing(app)
    friend = Join('127.0.0.1', host.port, '4321', **FAST_JOIN)
    closing(friend)
    result = {}
    thread = threading.Thread(target=lambda: result.setdefault(
        'board', play_remote(friend, RandomPlayer, out=lambda *a: None, close=False)),
        daemon=True)
    thread.start()
    step_until(app, lambda: app.session.game.over, timeout=30)
    thread.join(10)
    s = app.session
    assert s.players['O'].kind == 'remote' and s.players['X'].kind == 'random'
    assert s.game.moves == friend.game.moves == host.game.moves
    board = result['board']
    assert board is not None and board.board.slots == s.game.board.slots
    assert 'Your friend' in app.game.status_texts()[1]


def test_a_click_is_sent_and_the_friends_move_comes_back(closing):
    app, host = host_app('human')
    closing(app)
    friend = Join('127.0.0.1', host.port, '4321', **FAST_JOIN).start()
    closing(friend)
    watch = Watch(friend)
    step_until(app, lambda: playing(app))             # the window agrees on the hello
    watch.wait(Connected)
    assert app.game.status_texts()[0] == 'Your turn (X)'
    app.step([click_col(app, 3)], DT)
    assert watch.wait(OpponentMove).column == 3
    app.step([click_col(app, 4)], DT)                 # not our turn: refused, nothing sent
    assert app.session.game.moves == [3]
    assert any("friend's turn" in t.text for t in app.game.toasts)
    friend.send_move(2, 2)
    step_until(app, lambda: app.session.game.moves == [3, 2])


def test_undo_is_a_request_the_friend_answers(closing):
    app, host = host_app('human')
    closing(app)
    friend = Join('127.0.0.1', host.port, '4321', **FAST_JOIN).start()
    closing(friend)
    watch = Watch(friend)
    step_until(app, lambda: playing(app))             # the window agrees on the hello
    watch.wait(Connected)
    app.step([click_col(app, 3)], DT)
    watch.wait(OpponentMove)
    friend.send_move(2, 0)
    step_until(app, lambda: app.session.game.moves == [3, 0])
    app.step([key(pygame.K_u, 'u')], DT)               # a request, nothing taken back yet
    assert app.session.game.moves == [3, 0]
    assert watch.wait(UndoRequested).ply == 0
    friend.answer_undo(False)
    step_until(app, lambda: any('said no' in t.text for t in app.game.toasts))
    assert app.session.game.moves == [3, 0]
    # the friend asks; the window asks the player, who allows it
    friend.request_undo()
    step_until(app, lambda: type(app.screen).__name__ == 'ConfirmScreen')
    app.step([key(pygame.K_RETURN)], DT)
    assert app.session.game.moves == [3]
    assert watch.wait(UndoAnswered).accept


def test_a_friend_who_leaves_is_said_and_the_game_goes_on_when_they_rejoin(closing):
    app, host = host_app('human')
    closing(app)
    friend = Join('127.0.0.1', host.port, '4321', **FAST_JOIN).start()
    watch = Watch(friend)
    step_until(app, lambda: playing(app))             # the window agrees on the hello
    watch.wait(Connected)
    app.step([click_col(app, 3)], DT)
    watch.wait(OpponentMove)
    friend.close()                                     # the friend's program ends: a goodbye
    step_until(app, lambda: app.session.network.peer.state is NetState.LEFT, timeout=5)
    assert 'left the game' in app.game.status_texts()[0]
    assert any('left the game' in t.text for t in app.game.toasts)
    assert app.session.game.moves == [3]               # the game is kept
    back = Join('127.0.0.1', host.port, '4321', moves=[3], **FAST_JOIN).start()
    closing(back)
    step_until(app, lambda: playing(app), timeout=5)
    assert Watch(back).wait(Connected).info.moves == (3,)
    back.send_move(2, 6)
    step_until(app, lambda: app.session.game.moves == [3, 6])


def _free_port():
    import socket
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


@pytest.mark.slow
def test_two_windows_play_each_other_and_agree(tmp_path):
    """Two real processes on 127.0.0.1: the computer on both sides, one hosts,
    one joins; both print the same result line and exit after the game."""
    port = _free_port()
    env = dict(os.environ, SDL_VIDEODRIVER='dummy', SDL_AUDIODRIVER='dummy',
               CONNECT4_CONFIG_DIR=str(tmp_path))
    host = subprocess.Popen([sys.executable, str(ROOT / 'main.py'), '--host', f'127.0.0.1:{port}',
                             '--code', '2468', '--x', 'easy', '--exit-after-game', '--rows', '4',
                             '--cols', '5',
                             '--exit-after', '90', '--no-settings'],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            cwd=ROOT)
    try:
        join = subprocess.run([sys.executable, str(ROOT / 'main.py'), '--join',
                               f'127.0.0.1:{port}', '--code', '2468', '--o', 'medium',
                               '--exit-after-game', '--exit-after', '90', '--no-settings'],
                              capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
        out, err = host.communicate(timeout=60)
    finally:
        host.kill()
    assert host.returncode == 0 and join.returncode == 0, err + join.stderr
    last = [line for line in out.splitlines() if 'wins in' in line or 'tie' in line]
    assert last and last[-1] in join.stdout
    assert 'code 2468' in out


def test_the_console_game_against_a_friend(tmp_path):
    port = _free_port()
    env = dict(os.environ, CONNECT4_CONFIG_DIR=str(tmp_path))
    host = subprocess.Popen([sys.executable, str(ROOT / 'main.py'), '--text', '--host',
                             f'127.0.0.1:{port}', '--code', '1357', '--x', 'random'],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            cwd=ROOT)
    try:
        join = subprocess.run([sys.executable, str(ROOT / 'main.py'), '--text', '--join',
                               f'127.0.0.1:{port}', '--code', '1357', '--o', 'random'],
                              capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
        out, err = host.communicate(timeout=30)
    finally:
        host.kill()
    assert host.returncode == 0 and join.returncode == 0, err + join.stderr
    ends = [line for line in out.splitlines() if 'wins in' in line or "It's a tie!" in line]
    assert ends and ends[-1] in join.stdout


@pytest.mark.parametrize('argv,needle', [
    (['--join', '127.0.0.1:1'], 'needs the --code'),
    (['--host', '0', '--join', 'x'], 'one computer hosts'),
    (['--host', 'abc'], "'abc' is not PORT or ADDRESS:PORT"),
    (['--host', '70000'], 'port must be'),
    (['--join', 'h', '--code', '12a4'], '4 digits'),
    (['--host', '0', '--o', 'hard'], 'the friend plays O'),
    (['--code', '1234'], '--code does nothing without --host or --join'),
])
def test_bad_network_options_are_refused(capsys, argv, needle):
    from connect4_game.cli import main
    with pytest.raises(SystemExit) as exc:
        main(argv + ['--no-settings'])
    assert exc.value.code == 2 and needle in capsys.readouterr().err


@pytest.mark.parametrize('side', ['O', 'o'])
def test_the_host_can_play_second(side):
    from connect4_game.cli import _check_mode, build_parser, window_options
    parser = build_parser()
    args = parser.parse_args(['--host', '0', '--side', side, '--o', 'hard', '--no-settings'])
    _check_mode(args, parser)
    net_opts = window_options(args, None, None, []).network
    assert net_opts.mode is NetMode.HOST and net_opts.side == 'O'
    assert net_opts.local['O'].level == 'hard'


COUNTER = '''
class Counter:
    """A plug-in with a memory: its choice depends on how often it was asked."""

    def __init__(self, checker):
        self.checker = checker
        self.calls = 0

    def next_move(self, board):
        self.calls += 1
        legal = [c for c in range(board.width) if board.can_add_to(c)]
        return legal[(self.calls * 5 + (3 if self.checker == 'X' else 1)) % len(legal)]
'''


def test_a_window_host_with_a_plugin_plays_as_the_same_plugins_do_locally(worker, tmp_path,
                                                                          closing):
    from connect4_game.plugins.loader import load_player
    bot = tmp_path / 'counter.py'
    bot.write_text(COUNTER)
    spec = f'{bot}:Counter'
    plugin = PlayerSpec('plugin', plugin=spec)
    local = App(AppOptions(x=plugin, o=plugin, use_settings=False, mute=True, pace=0.0),
                size=(640, 600), worker=worker)
    closing(local)
    step_until(local, lambda: local.session.game.over, timeout=60)
    alone = list(local.session.game.moves)

    options = NetworkOptions(NetMode.HOST, bind_address='127.0.0.1', port=0, code='4321',
                             side='X', local={'X': plugin})
    app = App(AppOptions(use_settings=False, mute=True), size=(640, 600), worker=worker)
    closing(app)
    game = app.session.start_network(options, **FAST_PEER)
    for _ in range(30):                       # nobody is asked before the friend is here
        app.step([], DT)
    assert app.session.planner.requested is None and app.session.game.moves == []
    friend = Join('127.0.0.1', game.peer.port, '4321', **FAST_JOIN)
    closing(friend)
    result = {}
    thread = threading.Thread(target=lambda: result.setdefault(
        'game', play_remote(friend, load_player(spec, 'O'), out=lambda *a: None,
                                close=False)), daemon=True)
    thread.start()
    step_until(app, lambda: app.session.game.over, timeout=60)
    thread.join(10)
    assert app.session.game.moves == alone
    assert result['game'] is not None and result['game'].moves == alone


def test_after_the_friend_left_new_game_offers_the_computer_and_it_answers(closing):
    app, host = host_app('human')
    closing(app)
    friend = Join('127.0.0.1', host.port, '4321', **FAST_JOIN).start()
    watch = Watch(friend)
    step_until(app, lambda: playing(app))             # the window agrees on the hello
    watch.wait(Connected)
    app.step([click_col(app, 3)], DT)
    watch.wait(OpponentMove)
    friend.close()
    step_until(app, lambda: app.session.network.peer.state is NetState.LEFT, timeout=5)
    assert type(app.screen).__name__ == 'ConfirmScreen'     # asked at once...
    app.step([key(pygame.K_ESCAPE)], DT)                    # ...Wait for your friend
    app.step([key(pygame.K_n, 'n')], DT)                    # New game asks again
    confirm = app.screen
    assert type(confirm).__name__ == 'ConfirmScreen' and 'left' in confirm.question
    assert confirm.no.label == 'Wait for your friend'
    app.step([key(pygame.K_RETURN)], DT)               # Play the computer from here
    s = app.session
    assert app.screen is app.game and s.network is None and s.game.moves == [3]
    assert (s.label('X'), s.label('O')) == ('You', 'Computer (Medium)')
    assert host.join(3.0)                               # the old game's network is gone
    step_until(app, lambda: len(s.game.moves) == 2)     # the computer answers at once


def test_a_wrong_code_says_why_and_goes_back_to_the_join_screen(closing):
    other = Host(0, '127.0.0.1', '1111', 6, 7, 'X', **FAST_PEER).start()
    closing(other)
    app = App(AppOptions(use_settings=False, mute=True), size=(640, 600),
              worker=InstantWorker())
    closing(app)
    options = NetworkOptions(NetMode.JOIN, address=f'127.0.0.1:{other.port}', code='2222')
    app.session.start_network(options, first_tries=2.0, **FAST_PEER)
    step_until(app, lambda: type(app.screen).__name__ == 'NetworkScreen', timeout=5)
    assert app.screen.error == 'Wrong code.'
    assert app.session.network is None and not any(seat.friend for seat in
                                                   app.session.seats.values())
    app.step([key(pygame.K_ESCAPE)], DT)                # back to a game that works
    app.session.set_players({'O': PlayerSpec('human')})
    app.step([click_col(app, 3)], DT)
    assert app.session.game.moves == [3]
