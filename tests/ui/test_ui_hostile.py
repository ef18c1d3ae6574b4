"""The window against hostile input: huge strings in files and messages, bad
saved games, an autosave that scripted runs must leave alone, a lookahead of
a billion, a screenshot that cannot be written. Driven by events and dt."""

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from connect4_game.core.messages import MAX_TEXT
from connect4_game.play.planner import SLOW_SEARCH_SECONDS as SLOW_SEARCH
from connect4_game.seat_config import PlayerSpec
from connect4_game.ui import render, text_fit
from connect4_game.ui.app import App, AppOptions
from connect4_game.ui.render import Renderer
from connect4_game.ui.screens.game_status import LOWER_LOOKAHEAD_TIP as TIP
from connect4_game.ui.text_fit import fit_text, font, wrap_text
from connect4_game.ui.themes import get_theme
from tests.ui_helpers import DT, InstantWorker, StuckWorker, click_col, key, make_app, settle

LOWER_LOOKAHEAD_TIP = TIP.format(key='-').lower()

CTRL = pygame.KMOD_LCTRL
ROOT = Path(__file__).resolve().parents[2]
HUGE = 200_000
SIZE = (640, 600)


@pytest.fixture
def no_wide_smoothscale(monkeypatch):
    """Fail the test if anything smooth-scales a surface wider than the window
    (how a 200,000-character toast used to crash the process)."""
    real = pygame.transform.smoothscale
    limit = {'width': 10_000}

    def guarded(surface, size, *args, **kw):
        if surface.get_width() > limit['width']:
            raise AssertionError(f'smoothscale of a {surface.get_width()} px wide surface '
                                 f'in a {limit["width"]} px window')
        return real(surface, size, *args, **kw)

    monkeypatch.setattr(pygame.transform, 'smoothscale', guarded)
    # the supersampled sprites (board, checkers) are drawn 3x larger and scaled down on purpose
    monkeypatch.setattr(render, '_smooth', lambda surface, size: real(surface, size))
    return limit


@pytest.fixture
def quiet_loader_logs():
    """Only what the app itself prints reaches stderr (the loaders' own log lines do not)."""
    logging.disable(logging.CRITICAL)
    yield
    logging.disable(logging.NOTSET)


def renderer_for(size=SIZE, rows=6, cols=7):
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(size)
    r = Renderer()
    r.prepare(size, rows, cols, get_theme(None))
    return r, surface


# ---------------------------------------------------------------- text that fits

@pytest.mark.parametrize('text', [
    'k' * HUGE,                                   # one word, far too long
    'word ' * 40_000,                             # many short words
    'line\nbreaks\tand\x1b escapes ' * 5000,      # control characters
    ' ' * 1000,
    '',
    'short',
])
def test_fit_and_wrap_stay_inside_the_width(text):
    renderer_for()
    f = font(20)
    for width in (1, 8, 60, 300, 620):
        one = fit_text(f, text, width)
        assert len(one) <= MAX_TEXT and f.size(one)[0] <= width
        assert one.isprintable()
        lines = wrap_text(f, text, width, 3)
        assert 1 <= len(lines) <= 3
        assert all(f.size(x)[0] <= max(width, f.size(x[:1])[0]) for x in lines)
    if len(text.strip()) > MAX_TEXT:
        assert fit_text(f, text, 300).endswith('\u2026')
        assert wrap_text(f, text, 300, 3)[-1].endswith('\u2026')
    assert fit_text(f, 'short', 300) == 'short'


def test_a_huge_toast_is_wrapped_inside_the_window(no_wide_smoothscale):
    r, surface = renderer_for()
    no_wide_smoothscale['width'] = SIZE[0]
    for text in ('k' * HUGE, 'settings.json: ignoring unknown setting ' + 'k ' * HUGE):
        rect = r.draw_toast(surface, text, 1.0, 'error')
        assert rect.left >= 0 and rect.right <= SIZE[0]
        lines = text_fit.frame_texts()[-1].lines
        assert len(lines) <= 3 and lines[-1].endswith('\u2026')
    # a short one stays one line, whole
    r.draw_toast(surface, 'Sound off')
    assert text_fit.frame_texts()[-1].lines == ('Sound off',)


def test_a_huge_status_banner_and_labels_render_inside_the_window(no_wide_smoothscale):
    r, surface = renderer_for()
    no_wide_smoothscale['width'] = SIZE[0]
    big = 'x' * HUGE
    r.draw_status(surface, big, big + '\n' + big, big, spinner=1.0)
    r.draw_status(surface, 'Your turn (X)', big)
    r.draw_status(surface, big, 'X: 12 nodes')
    r.draw_banner(surface, big, big, scale=1.2)
    r.draw_labels(surface, [(big, 'good')] * 7)


def test_the_status_bar_does_not_spill_over_the_right_edge():
    import dataclasses
    r, surface = renderer_for()
    surface.fill((0, 0, 0))
    r.prepare(SIZE, 6, 7, dataclasses.replace(get_theme(None), name='black-bar',
                                              status_bg=(0, 0, 0)))
    r.draw_status(surface, 'Player O (AI LEFT max) thinking\u2026 ' + '9' * 300,
                  'X: 1,234 nodes in 2.3 ms  O: ' + 'n' * 400, 'second line ' * 200,
                  spinner=0.0)
    # nothing drawn in the last 6 px columns of the bar (the margin is 12 px)
    rect = r.layout.status_rect
    right_edge = [surface.get_at((x, y))[:3] for x in range(rect.right - 6, rect.right)
                  for y in range(rect.top + 2, rect.bottom)]
    assert set(right_edge) == {(0, 0, 0)}


def test_a_game_screen_with_huge_toasts_draws(no_wide_smoothscale, closing):
    app = make_app(InstantWorker(), x='human', o='human', size=SIZE)
    closing(app)
    no_wide_smoothscale['width'] = SIZE[0]
    app.session.say('q' * HUGE, 'error', 5.0)
    app.step([], DT)
    assert len(app.game.toasts[-1].text) <= MAX_TEXT
    app.step([], DT)
    app.session.take_over('X', 'boom ' * HUGE)
    app.step([], DT)
    assert len(app.game.toasts[-1].text) <= MAX_TEXT


# ---------------------------------------------------------------- hostile config files

def hostile_config(tmp_path):
    (tmp_path / 'settings.json').write_text(json.dumps({'k' * HUGE: 1, 'lookahead': 3}))
    (tmp_path / 'autosave.json').write_text(json.dumps(
        {'format': 'connect4-game', 'version': 1, 'rows': 6, 'cols': 7, 'moves': '33',
         'x': 'v' * HUGE}))


def test_start_with_huge_keys_and_values_in_the_config_files(tmp_path, monkeypatch, capsys,
                                                             closing, no_wide_smoothscale,
                                                             quiet_loader_logs):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    hostile_config(tmp_path)
    app = App(AppOptions(owns_autosave=True), size=SIZE, worker=InstantWorker())
    closing(app)
    no_wide_smoothscale['width'] = SIZE[0]
    for _ in range(5):
        app.step([], DT)
    assert app.notes and all(len(m) <= 300 for m, _kind in app.notes)
    assert all(len(t.text) <= MAX_TEXT for t in app.game.toasts)
    assert app.settings.lookahead == 3                  # the good setting still counts
    err = capsys.readouterr().err.splitlines()
    assert err and all(len(line) <= 300 for line in err)
    for m, _kind in app.notes:                       # each warning printed once
        assert err.count(m) == 1


def test_unclipped_warnings_from_a_loader_are_bounded_by_the_window(tmp_path, monkeypatch,
                                                                    capsys, closing,
                                                                    no_wide_smoothscale):
    from connect4_game.storage import settings
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    monkeypatch.setattr(settings, 'load_settings',
                        lambda *a, **k: (settings.Settings(), ['k' * HUGE, 'second ' * HUGE]))
    app = App(AppOptions(), size=SIZE, worker=InstantWorker())
    closing(app)
    no_wide_smoothscale['width'] = SIZE[0]
    for _ in range(3):
        app.step([], DT)
    assert len(app.notes) == 2 and all(len(m) <= 300 for m, _kind in app.notes)
    assert all(t.kind == 'error' and len(t.text) <= MAX_TEXT for t in app.game.toasts)
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(len(line) <= 300 for line in err)


def test_the_real_start_with_hostile_config_files(tmp_path):
    hostile_config(tmp_path)
    env = dict(os.environ, CONNECT4_CONFIG_DIR=str(tmp_path), SDL_VIDEODRIVER='dummy',
               SDL_AUDIODRIVER='dummy')
    r = subprocess.run([sys.executable, str(ROOT / 'main.py'), '--exit-after', '0.5'],
                       cwd=str(tmp_path), env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, (r.returncode, r.stderr[-500:])
    assert (tmp_path / 'autosave.json').exists()        # a scripted run leaves it alone


# ---------------------------------------------------------------- loading a bad game

@pytest.mark.parametrize('content', [
    json.dumps({'format': 'connect4-game', 'version': 1, 'rows': 6, 'cols': 7, 'moves': '3',
                'x': 'v' * HUGE}),
    json.dumps({'format': 'connect4-game', 'version': 1, 'rows': 6, 'cols': 7,
                'moves': '3' * 7}),
    json.dumps({'format': 'connect4-game', 'version': 1, 'rows': 64, 'cols': 1, 'moves': '0'}),
    '{"rows": 6, "cols": 7, "mov',
    '1' * HUGE + 'z',
])
def test_ctrl_o_of_a_bad_file_keeps_the_current_game(tmp_path, monkeypatch, capsys, closing,
                                                     no_wide_smoothscale, content):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    app = make_app(InstantWorker(), x='human', o='human', size=SIZE)
    closing(app)
    no_wide_smoothscale['width'] = SIZE[0]
    g = app.game
    app.step([], DT)
    for col in (3, 3, 4):
        app.step([click_col(app, col)], DT)
    settle(app)
    game_id = g.session.planner.game_id
    (tmp_path / 'saved_game.json').write_text(content)
    app.step([key(pygame.K_o, 'o', CTRL)], DT)
    app.step([], DT)                                    # the list of saved games is drawn
    app.step([key(pygame.K_RETURN)], DT)                # load the bad one
    app.step([key(pygame.K_ESCAPE)], DT)
    app.step([], DT)
    assert g.session.game.moves == [3, 3, 4] and g.session.planner.game_id == game_id and app.game is g
    toast = g.toasts[-1]
    assert toast.kind == 'error' and toast.text.startswith('Could not load')
    assert len(toast.text) <= MAX_TEXT
    err = capsys.readouterr().err.splitlines()
    assert len(err) <= 1 and all(len(line) <= 300 for line in err)
    # and the game goes on
    app.step([click_col(app, 0)], DT)
    assert g.session.game.moves == [3, 3, 4, 0]


# ---------------------------------------------------------------- the autosave

AUTOSAVE = json.dumps({'format': 'connect4-game', 'version': 1, 'rows': 6, 'cols': 7,
                       'moves': '3344'}).encode()


def run_to_the_end(app, max_steps=3000):
    for _ in range(max_steps):
        if app.session.game.over and not app.game.animating():
            break
        app.step([], 0.05)
    assert app.session.game.over


@pytest.mark.parametrize('x,o', [('ai', 'ai'), ('random', 'random')])
def test_a_run_that_does_not_own_the_autosave_leaves_it_alone(tmp_path, monkeypatch, x, o):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    saved = tmp_path / 'autosave.json'
    saved.write_bytes(AUTOSAVE)
    app = App(AppOptions(x=PlayerSpec(x, 1, 'LEFT'), o=PlayerSpec(o, 1, 'LEFT'),
                         exit_after_game=True), size=SIZE, worker=InstantWorker())
    try:
        assert app.session.game.moves == []                 # not offered
        run_to_the_end(app)                               # finished: would clear it
    finally:
        app.close()
    assert saved.read_bytes() == AUTOSAVE


def test_a_start_position_run_does_not_overwrite_the_autosave(tmp_path, monkeypatch):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    saved = tmp_path / 'autosave.json'
    saved.write_bytes(AUTOSAVE)
    app = App(AppOptions(moves=[1], exit_after=0.5), size=SIZE, worker=InstantWorker())
    try:
        assert app.session.game.moves == [1]
        while app.running:
            app.step([], 0.05)
    finally:
        app.close()
    assert saved.read_bytes() == AUTOSAVE


def test_the_run_that_owns_the_autosave_offers_writes_and_clears_it(tmp_path, monkeypatch):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    saved = tmp_path / 'autosave.json'
    saved.write_bytes(AUTOSAVE)
    app = App(AppOptions(owns_autosave=True), size=SIZE, worker=InstantWorker())
    try:
        g = app.game
        assert g.session.game.moves == [3, 3, 4, 4]
        assert any('unfinished game is back' in t.text and t.kind == 'info' for t in g.toasts)
        g.session.set_players({'X': PlayerSpec('human'), 'O': PlayerSpec('human')})
        app.step([], DT)
        app.step([click_col(app, 0)], DT)
    finally:
        app.close()
    assert json.loads(saved.read_text())['moves'] == '33440'
    # a finished game removes it: nothing left to offer back
    again = App(AppOptions(owns_autosave=True), size=SIZE, worker=InstantWorker())
    try:
        g = again.game
        g.session.set_players({'X': PlayerSpec('human'), 'O': PlayerSpec('human')})
        again.step([], DT)
        for col in (6, 2, 6, 5):         # X gets 2, 3, 4, 5 on the bottom row
            again.step([click_col(again, col)], DT)
            settle(again)
        assert g.session.game.over
    finally:
        again.close()
    assert not saved.exists()


def test_no_settings_means_no_autosave_even_when_owned(tmp_path, monkeypatch):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    saved = tmp_path / 'autosave.json'
    saved.write_bytes(AUTOSAVE)
    app = App(AppOptions(owns_autosave=True, use_settings=False), size=SIZE,
              worker=InstantWorker())
    try:
        assert app.session.game.moves == []
        app.session.set_players({'X': PlayerSpec('human'), 'O': PlayerSpec('human')})
        app.step([], DT)
        app.step([click_col(app, 2)], DT)
    finally:
        app.close()
    assert saved.read_bytes() == AUTOSAVE


# ---------------------------------------------------------------- a huge lookahead

@pytest.mark.parametrize('rows,cols', [(6, 7), (4, 5)])
def test_a_lookahead_past_the_board_is_clamped_to_its_cells(closing, rows, cols):
    worker = StuckWorker()
    app = make_app(worker, x='ai', o='human', lookahead=1_000_000_000, rows=rows, cols=cols,
                   size=SIZE)
    closing(app)
    g = app.game
    app.step([], DT)
    cells = rows * cols
    assert g.session.lookahead == cells
    assert g.session.players['X'].lookahead == cells and g.session.players['O'].lookahead == cells
    assert worker.jobs and worker.jobs[-1].lookahead == cells
    line1, line2, _ = g.status_texts()
    assert 'full solve' in line1 + line2
    assert '1000000000' not in line1 + line2


def test_new_game_screen_and_loading_clamp_the_lookahead(tmp_path, monkeypatch, closing):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    app = make_app(StuckWorker(), x='human', o='ai', lookahead=40, size=SIZE)
    closing(app)
    app.step([], DT)
    from connect4_game.storage.savegame import SavedGame
    app.load_saved(SavedGame(4, 4, '0'), 'small')
    g = app.game
    assert (g.session.game.rows, g.session.game.cols) == (4, 4)
    assert g.session.lookahead == 16 and g.session.players['O'].lookahead == 16
    app.start_game({'X': PlayerSpec('human', 42), 'O': PlayerSpec('ai', 42)}, 4, 5)
    assert g.session.lookahead == 20 and g.session.players['O'].lookahead == 20


def test_a_slow_search_says_how_long_and_what_answers_at_once(closing):
    worker = StuckWorker()
    app = make_app(worker, x='human', o='ai', lookahead=40, size=SIZE)
    closing(app)
    g = app.game
    app.step([], DT)
    app.step([click_col(app, 3)], DT)         # the computer's search starts in this frame
    assert g.session.thinking()
    t = 0.0
    while t + 0.1 < SLOW_SEARCH - 0.05:
        app.step([], 0.1)
        t += 0.1
        line1, line2, _ = g.status_texts()
        assert ' s' not in line1.split('thinking')[-1] and LOWER_LOOKAHEAD_TIP not in line2.lower()
    for _ in range(3):
        app.step([], 0.1)                     # past the threshold (1 s)
    line1, line2, _ = g.status_texts()
    assert 'thinking\u2026 1 s' in line1 and LOWER_LOOKAHEAD_TIP in line2.lower()
    for _ in range(30):
        app.step([], 0.1)
    line1, line2, _ = g.status_texts()
    assert 'thinking\u2026 4 s' in line1
    assert '4 s' in pygame.display.get_caption()[0]
    # a lower lookahead: a new search, so the clock starts again
    app.step([key(pygame.K_MINUS, '-')], DT)
    assert worker.jobs[-1].lookahead == g.session.lookahead < 40
    line1, line2, _ = g.status_texts()
    assert g.session.thinking() and ' s' not in line1.split('thinking')[-1]
    assert LOWER_LOOKAHEAD_TIP not in line2.lower()


def test_a_slow_hint_says_how_long(closing):
    worker = StuckWorker()                  # 7x7: the hint is the lookahead AI's (6x7: perfect play)
    app = make_app(worker, x='human', o='human', lookahead=40, rows=7, cols=7, size=SIZE)
    closing(app)
    g = app.game
    app.step([], DT)
    app.step([key(pygame.K_h, 'h')], DT)
    assert g.session.hint_wanted and g.session.planner.requested is not None
    assert any('thinking' in t.text for t in g.toasts)  # at once: the hint is being worked on
    app.step([], 0.5)
    assert 'hint' not in g.status_texts()[0]
    app.step([], 1.0)
    app.step([], 0.5)
    line1, line2, _ = g.status_texts()
    assert 'hint: 2 s' in line1 and LOWER_LOOKAHEAD_TIP in line2.lower()


# ---------------------------------------------------------------- the screenshot

def test_a_screenshot_that_cannot_be_written_is_one_line_and_status_1(tmp_path, capsys):
    for target in ('/dev/full', str(tmp_path), str(tmp_path / 'no' / 'dir' / 'x.png')):
        if target == '/dev/full' and not os.path.exists('/dev/full'):
            continue
        app = make_app(StuckWorker(), x='human', o='human', size=SIZE, screenshot=target,
                       exit_after=0.0)
        assert app.run() == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and 'screenshot' in err[0] and len(err[0]) < 300, err
    good = tmp_path / 'shot.png'
    app = make_app(StuckWorker(), x='human', o='human', size=SIZE, screenshot=str(good),
                   exit_after=0.0)
    assert app.run() == 0
    assert good.read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'
    assert capsys.readouterr().err == ''


def test_the_start_removes_temporary_files_killed_writers_left(tmp_path, monkeypatch, closing):
    import time as _time
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    stale = tmp_path / '.settings.json.k3j_x9q2.tmp'
    fresh = tmp_path / '.stats.json.abcdefgh.tmp'        # a write going on right now
    other = tmp_path / 'notes.tmp'                       # not ours
    for f in (stale, fresh, other):
        f.write_text('half')
    old = _time.time() - 7200
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    app = App(AppOptions(), size=SIZE, worker=InstantWorker())
    closing(app)
    assert not stale.exists() and fresh.exists() and other.exists()
