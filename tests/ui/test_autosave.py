"""The unfinished game is autosaved in the frame each move is played or taken
back (atomically), so that a crash or a power cut loses no move: checked in
the headless app frame by frame, and by killing a real window with SIGKILL
in the middle of a game and starting it again."""

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

from connect4_game.net.connection import NetState, Timing
from connect4_game.net.events import Connected, OpponentMove
from connect4_game.net.join import Join
from connect4_game.net.options import NetMode, NetworkOptions
from connect4_game.seat_config import PlayerSpec
from connect4_game.storage.savegame import load_autosave
from connect4_game.ui.app import App, AppOptions
from tests.net.net_helpers import FAST_JOIN, Watch
from tests.ui_helpers import DT, InstantWorker, click_col, key, settle

ROOT = Path(__file__).resolve().parents[2]


def test_every_move_and_every_undo_is_on_disk_in_its_frame(tmp_path, monkeypatch, closing):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    app = App(AppOptions(x=PlayerSpec('human'), o=PlayerSpec('human'), mute=True,
                         use_settings=True, owns_autosave=True),
              size=(640, 600), worker=InstantWorker())
    closing(app)
    for col in [3, 3, 4, 2, 6]:
        app.step([click_col(app, col)], DT)
        saved, _warning = load_autosave()
        assert saved is not None and saved.columns == app.session.game.moves
        settle(app)
    assert load_autosave()[0].columns == [3, 3, 4, 2, 6]
    app.step([key(pygame.K_u, 'u')], DT)
    assert load_autosave()[0].columns == [3, 3, 4, 2]
    app.step([key(pygame.K_n, 'n')], DT)                 # a new, empty game: nothing to offer
    assert load_autosave() == (None, None)


def autosaving_app(closing, **players):
    app = App(AppOptions(mute=True, use_settings=True, owns_autosave=True, **players),
              size=(640, 600), worker=InstantWorker())
    closing(app)
    return app


def test_a_network_game_never_replaces_the_autosave(tmp_path, monkeypatch, closing):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    app = autosaving_app(closing, x=PlayerSpec('human'), o=PlayerSpec('human'))
    for col in [3, 3, 4]:
        app.step([click_col(app, col)], DT)
        settle(app)
    before = (tmp_path / 'autosave.json').read_bytes()
    assert load_autosave()[0].columns == [3, 3, 4]
    game = app.session.start_network(
        NetworkOptions(NetMode.HOST, bind_address='127.0.0.1', port=0, code='4321', side='X',
                       local={'X': PlayerSpec('human')}),
        timing=Timing(0.1, 0.6, 0.5))
    friend = Join('127.0.0.1', game.peer.port, '4321', **FAST_JOIN).start()
    closing(friend)
    watch = Watch(friend)
    deadline = time.monotonic() + 10
    while app.session.network.peer.state is not NetState.PLAYING:   # the window agrees on the hello
        assert time.monotonic() < deadline, 'the friend never came'
        app.step([], DT)
        threading.Event().wait(0.005)              # the network thread runs between frames
    watch.wait(Connected)
    app.step([click_col(app, 2)], DT)
    assert watch.wait(OpponentMove).column == 2
    friend.send_move(2, 5)
    while app.session.game.moves != [2, 5]:
        assert time.monotonic() < deadline, "the friend's move never came"
        app.step([], DT)
        threading.Event().wait(0.005)
    settle(app)
    assert (tmp_path / 'autosave.json').read_bytes() == before
    app.close()                                    # quitting mid-game leaves the network game
    assert (tmp_path / 'autosave.json').read_bytes() == before
    again = autosaving_app(closing)                # the next start: the game played here
    assert again.session.game.moves == [3, 3, 4]
    assert [p.kind.value for p in again.session.players.values()] == ['human', 'human']


def test_the_next_start_resumes_with_the_players_it_was_saved_with(tmp_path, monkeypatch,
                                                                    closing):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    hard = PlayerSpec.for_level('hard')
    app = autosaving_app(closing, x=PlayerSpec('human'), o=hard)
    app.step([click_col(app, 3)], DT)
    app.close()                                  # before the computer answers
    assert load_autosave()[0].players['O'] == hard
    (tmp_path / 'settings.json').write_text(json.dumps({'o': {'kind': 'ai', 'level': 'easy'}}))
    again = autosaving_app(closing)
    assert again.session.game.moves == [3] and again.session.players['O'] == hard


@pytest.mark.slow
def test_a_window_killed_mid_game_finds_every_move_at_the_next_start(tmp_path):
    (tmp_path / 'settings.json').write_text(json.dumps(
        {'x': {'kind': 'random'}, 'o': {'kind': 'random'}, 'rows': 12, 'cols': 14, 'demo_pace': 0.1}))
    env = dict(os.environ, SDL_VIDEODRIVER='dummy', SDL_AUDIODRIVER='dummy',
               CONNECT4_CONFIG_DIR=str(tmp_path))
    autosave = tmp_path / 'autosave.json'
    window = subprocess.Popen([sys.executable, str(ROOT / 'main.py')], env=env, cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seen = 0
    try:
        deadline = time.monotonic() + 60
        while seen < 8:                           # computers play each other: moves keep coming
            assert time.monotonic() < deadline and window.poll() is None, window.stderr.read()
            with contextlib.suppress(OSError, ValueError, KeyError):   # not written yet
                seen = max(seen, len(json.loads(autosave.read_text())['moves']))
            threading.Event().wait(0.02)          # polls a file another process writes
        window.send_signal(signal.SIGKILL)        # a crash: no goodbye, nothing flushed
        window.wait(10)
        kept = json.loads(autosave.read_text())['moves']
        assert len(kept) >= seen
    finally:
        window.kill()
    again = subprocess.Popen([sys.executable, str(ROOT / 'main.py')], env=env, cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = again.stdout.readline()
    finally:
        again.send_signal(signal.SIGTERM)
        again.wait(20)
    assert f'Your unfinished game is back ({len(kept)} moves)' in line


@pytest.mark.parametrize('size,screen,expected', [
    ((9500, 9500), None, (8192, 8192)),        # what pygame can hold
    ((3000, 2000), (1024, 800), (1024, 800)),  # what the display can show
    ((200, 150), (1024, 800), (520, 480)),     # never below the smallest window
    ((800, 700), (640, 480), (640, 480)),
])
def test_the_window_fits_the_screen_and_pygame(size, screen, expected):
    from connect4_game.ui.window import fit_size
    assert fit_size(size, screen) == expected
