"""The window size limits: one validator (settings.check_window_size) for --size and the settings.

pygame crashes (a segmentation fault) when asked for a window of 9500x9500
pixels or more, so neither the command line nor the settings file may ask
for one; both refuse with the same words, naming the limits.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from connect4_game.cli import main
from connect4_game.storage.settings import (
    DEFAULT_WINDOW,
    MAX_WINDOW,
    MIN_WINDOW_H,
    MIN_WINDOW_W,
    Settings,
    check_window_size,
    load_settings,
)

ROOT = Path(__file__).resolve().parents[1]
LIMITS = 'the window must be between 520x480 and 8192x8192'


@pytest.mark.parametrize('size', [(520, 480), (8192, 8192), (900, 800), [1024, 600]])
def test_sizes_within_the_limits_are_kept(size):
    assert check_window_size(size) == tuple(size)


@pytest.mark.parametrize('size, shown', [
    ((200, 150), '200x150'), ((10000, 10000), '10000x10000'), ((9500, 9500), '9500x9500'),
    ((8193, 600), '8193x600'), ((900, 8193), '900x8193'), ((True, 600), 'Truex600'),
    ((900.0, 600), '900.0x600'), ((10**5000, 600), 'a 5001-digit numberx600'),
])
def test_sizes_outside_the_limits_are_refused_naming_them(size, shown):
    with pytest.raises(ValueError) as exc:
        check_window_size(size)
    assert str(exc.value) == f'{LIMITS}, not {shown}'


def test_the_limits_are_a_window_pygame_can_hold():
    assert (MIN_WINDOW_W, MIN_WINDOW_H) == (520, 480)
    assert MAX_WINDOW <= 8192


@pytest.mark.parametrize('value, shown', [('200x150', '200x150'), ('10000x10000', '10000x10000'),
                                          ('9500X9500', '9500x9500')])
def test_size_option_names_the_limits(capsys, value, shown):
    with pytest.raises(SystemExit) as exc:
        main(['--size', value, '--no-settings'])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert f'--size: {LIMITS}, not {shown}\n' in err and 'Traceback' not in err


def _write_settings(folder, **fields):
    (folder / 'settings.json').write_text(json.dumps(fields))
    return folder / 'settings.json'


@pytest.mark.parametrize('fields, shown', [
    ({'window_width': 10000, 'window_height': 10000}, "settings 'window_width', "
                                                      "'window_height': " + LIMITS
                                                      + ', not 10000x10000'),
    ({'window_width': 9500}, f"setting 'window_width': {LIMITS}, not 9500x760"),
    ({'window_height': 200}, f"setting 'window_height': {LIMITS}, not 800x200"),
])
def test_the_settings_file_refuses_the_same_sizes_in_the_same_words(tmp_path, fields, shown):
    path = _write_settings(tmp_path, theme='dark', **fields)
    settings, warnings = load_settings(path)
    assert (settings.window_width, settings.window_height) == DEFAULT_WINDOW
    assert settings.theme == 'dark'                  # the valid ones are kept
    assert len(warnings) == 1 and f'ignoring {shown};' in warnings[0], warnings


def test_a_good_size_in_the_settings_file_is_kept(tmp_path):
    path = _write_settings(tmp_path, window_width=8192, window_height=600)
    settings, warnings = load_settings(path)
    assert (settings.window_width, settings.window_height, warnings) == (8192, 600, [])


def test_settings_refuse_a_size_past_the_limits():
    with pytest.raises(ValueError, match=f'{LIMITS}, not 9500x760'):
        Settings(window_width=9500)
    with pytest.raises(ValueError, match=f'{LIMITS}, not 800x100'):
        Settings().replace(window_height=100)


def test_a_huge_window_in_the_settings_file_does_not_crash_the_start(tmp_path):
    _write_settings(tmp_path, window_width=9500, window_height=9500)
    env = dict(os.environ, SDL_VIDEODRIVER='dummy', SDL_AUDIODRIVER='dummy',
               PYGAME_HIDE_SUPPORT_PROMPT='1', CONNECT4_CONFIG_DIR=str(tmp_path))
    proc = subprocess.run([sys.executable, str(ROOT / 'main.py'), '--exit-after', '0.5'],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert LIMITS in proc.stderr
