"""The window against a broken install and careless input: a missing font, sound or puzzle set,
clipboard bytes that are not UTF-8, a screenshot name that is not UTF-8, SIGHUP, a bad puzzle
statistics file and a saved game deleted by another window while it is being renamed."""
from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from connect4_game.core.messages import REINSTALL
from connect4_game.storage.savegame import SavedGame, list_library, save_to_library
from connect4_game.ui import sound, text_fit
from connect4_game.ui.game_files import Clipboard
from tests.ui.test_player_window import toast
from tests.ui_helpers import DT, key, make_app

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def app(worker, tmp_path, monkeypatch):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    a = make_app(worker, x='human', o='human')
    a.step([], DT)
    yield a
    a.close()


def test_a_missing_font_falls_back_to_pygames_own_and_names_the_reinstall(monkeypatch, caplog):
    monkeypatch.setattr(text_fit, 'FONT_FILE', Path('/nonexistent/LiberationSans-Bold.ttf'))
    text_fit._FONTS.clear()
    try:
        with caplog.at_level(logging.WARNING, logger='connect4_game.ui.text_fit'):
            assert text_fit.font(30).size('Connect Four')[0] > 0
            text_fit.font(40)
    finally:
        text_fit._FONTS.clear()
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 1 and 'LiberationSans-Bold.ttf' in said[0] and REINSTALL in said[0]


def test_missing_sounds_name_the_reinstall(monkeypatch):
    monkeypatch.setattr(sound, 'sound_file', lambda name: None)
    player = sound.SoundPlayer()
    if player.reason.startswith('no audio device'):
        pytest.skip('no audio device here: the sounds are never looked for')
    assert REINSTALL in player.reason and 'drop' in player.reason


def test_a_missing_puzzle_set_is_one_line_in_the_window(app, monkeypatch):
    import connect4_game.ui.screens.puzzle as puzzle_screen

    def gone():
        raise FileNotFoundError(2, 'No such file or directory', 'puzzles.json')
    monkeypatch.setattr(puzzle_screen, 'load_puzzles', gone)
    app.step([key(pygame.K_z, 'z')], DT)
    text = toast(app)
    assert 'puzzles.json' in text and REINSTALL in text and 'internal error' not in text
    assert app.stack.top is app.game


def test_clipboard_bytes_that_are_not_utf8_are_refused_in_one_line(app, monkeypatch):
    def not_utf8():
        raise UnicodeDecodeError('utf-8', b'44\xff53\x00\x89PNG', 2, 3, 'invalid start byte')
    monkeypatch.setattr(pygame.scrap, 'get_text', not_utf8)
    assert Clipboard.get_text() == '44\ufffd53\x00\ufffdPNG'
    app.files.clipboard = Clipboard()
    app.step([key(pygame.K_v, 'v', pygame.KMOD_LCTRL)], DT)
    text = toast(app)
    assert app.session.game.moves == [] and 'not a column' in text
    assert 'internal error' not in text and '\n' not in text


def test_a_screenshot_path_that_is_not_utf8_is_written(tmp_path):
    folder = os.fsencode(tmp_path) + b'/caf\xe9'
    os.mkdir(folder)
    target = os.fsdecode(folder + b'/shot\xff.png')
    env = dict(os.environ, SDL_VIDEODRIVER='dummy', SDL_AUDIODRIVER='dummy')
    proc = subprocess.run([sys.executable, str(ROOT / 'main.py'), '--no-settings',
                           '--exit-after', '0', '--screenshot', target], capture_output=True,
                          env=env, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert Path(os.fsdecode(folder + b'/shot\xff.png')).read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'


def test_sighup_closes_the_window_like_sigterm(app):
    old = signal.getsignal(signal.SIGHUP)
    try:
        app.install_sigterm()
        os.kill(os.getpid(), signal.SIGHUP)
        assert app.running is False
    finally:
        signal.signal(signal.SIGHUP, old)


def test_a_bad_puzzle_statistics_file_is_named_when_the_puzzles_open(app, tmp_path, caplog):
    (tmp_path / 'puzzle_stats.json').write_text('{broken')
    with caplog.at_level(logging.WARNING, logger='connect4_game.ui.screens.puzzle'):
        app.step([key(pygame.K_z, 'z')], DT)
    said = [r.getMessage() for r in caplog.records if 'puzzle_stats.json' in r.getMessage()]
    assert len(said) == 1 and 'renamed it' in said[0]


def test_renaming_a_game_another_window_deleted_does_not_bring_it_back(app, tmp_path):
    from connect4_game.ui.screens.saved_games import SavedGamesScreen
    path = save_to_library(SavedGame(6, 7, '33'), name='mine')
    screen = SavedGamesScreen(app)
    entry = next(e for e in screen.entries if e.path == path)
    path.unlink()                                  # the other window
    screen.rename(entry, 'new name')
    assert not path.exists() and list_library() == [] and screen.entries == []
    assert toast(app) == 'Could not rename: was deleted meanwhile'
