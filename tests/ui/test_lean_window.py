"""What keeps the window lean: it draws in software without loading OpenGL, and the real loop
dozes while nothing happens -- it looks for events 30 times a second at first, then, after a
still spell, 10 times a second, and wakes at the first event (a fake clock and scripted events
drive it; nothing sleeps for real). ``benchmarks/bench_memory.py`` measures what they save."""

import os

import pygame
import pytest

from connect4_game.ui import app as ui_app
from connect4_game.ui.window import Window
from tests.ui_helpers import StuckWorker, make_app


class _Clock:
    """perf_counter and sleep of the loop: time passes only when the loop sleeps (and a
    microsecond a reading, so the loop's last-millisecond spin ends)."""

    def __init__(self):
        self.now = 100.0
        self.sleeps = []

    def perf_counter(self):
        self.now += 1e-6
        return self.now

    def sleep(self, seconds):
        self.sleeps.append(seconds)
        self.now += seconds


@pytest.fixture
def clock(monkeypatch):
    c = _Clock()
    monkeypatch.setattr(ui_app.time, 'perf_counter', c.perf_counter)
    monkeypatch.setattr(ui_app.time, 'sleep', c.sleep)
    return c


def test_a_still_window_dozes_and_the_first_event_wakes_it(clock, monkeypatch, closing):
    app = make_app(StuckWorker(), x='human', o='human')
    closing(app)
    steps, events_at = [], {60: ['a key']}

    def still_step(events, dt, redraw=True):     # a window where nothing moves
        steps.append(dt)
        app.running, app.drew = len(steps) < 80, False
    monkeypatch.setattr(app, 'step', still_step)
    monkeypatch.setattr(app, 'wants_frames', lambda: False)
    monkeypatch.setattr(ui_app.pygame.event, 'get', lambda: events_at.get(len(steps) + 1, []))
    monkeypatch.setattr(ui_app.pygame.display, 'flip', lambda: None)
    assert app._frames(1.0 / ui_app.FPS) == 0
    naps = clock.sleeps
    awake = sum(1 for s in naps[:59] if s == ui_app.IDLE_POLL)
    polls_awake = ui_app.DOZE_AFTER / ui_app.IDLE_POLL
    assert polls_awake - 1 <= awake <= polls_awake + 1
    assert naps[awake:59] == [ui_app.DOZE_POLL] * (59 - awake)     # then it dozes
    assert naps[59] < 1.0 / ui_app.FPS                             # the event: a frame's pace
    assert naps[60] == ui_app.IDLE_POLL                            # and awake again after it
    assert ui_app.DOZE_POLL <= 0.1                                 # a click waits at most that


def test_idle_pause_is_the_poll_then_the_doze():
    assert ui_app.idle_pause(0.0) == ui_app.IDLE_POLL
    assert ui_app.idle_pause(ui_app.DOZE_AFTER) == ui_app.DOZE_POLL


@pytest.mark.parametrize('setting, kept', [(None, '0'), ('opengl', 'opengl')])
def test_the_window_draws_in_software_unless_the_user_says_otherwise(monkeypatch, setting, kept):
    """SDL on Linux otherwise opens an OpenGL context to choose its framebuffer, which maps
    Mesa (and LLVM: about 50 MB) into the window's process for a game drawn in software."""
    if setting is None:
        monkeypatch.delenv('SDL_FRAMEBUFFER_ACCELERATION', raising=False)
    else:
        monkeypatch.setenv('SDL_FRAMEBUFFER_ACCELERATION', setting)
    try:
        Window((640, 480)).open('Connect Four')
        assert os.environ['SDL_FRAMEBUFFER_ACCELERATION'] == kept
    finally:
        pygame.display.quit()
