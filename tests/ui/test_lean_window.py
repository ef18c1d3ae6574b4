"""What keeps the window lean: it draws in software without loading OpenGL, and the real loop
dozes while nothing happens -- it looks for events 30 times a second at first, then, after a
still spell, 10 times a second, and wakes at the first event (a fake clock and scripted events
drive it; nothing sleeps for real). ``benchmarks/bench_memory.py`` measures what they save."""

import os

import pygame
import pytest

from connect4_game.ui import loop
from connect4_game.ui.window import Window


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


class _StillApp:
    """A window where nothing moves; ``events_at`` maps a step number to its events."""

    def __init__(self, steps, events_at):
        self.running, self.drew = True, False
        self.steps, self.events_at, self.done = steps, events_at, 0

    def step(self, events, dt, redraw=True):
        self.done += 1
        self.running = self.done < self.steps

    def wants_frames(self):
        return False


@pytest.fixture
def clock(monkeypatch):
    c = _Clock()
    monkeypatch.setattr(loop.time, 'perf_counter', c.perf_counter)
    monkeypatch.setattr(loop.time, 'sleep', c.sleep)
    return c


def test_a_still_window_dozes_and_the_first_event_wakes_it(clock, monkeypatch):
    app = _StillApp(steps=80, events_at={60: ['a key']})
    monkeypatch.setattr(loop.pygame.event, 'get', lambda: app.events_at.get(app.done + 1, []))
    monkeypatch.setattr(loop.pygame.display, 'flip', lambda: None)
    assert loop.FrameLoop(app)._frames(1.0 / loop.FPS) == 0
    naps = clock.sleeps
    awake = sum(1 for s in naps[:59] if s == loop.IDLE_POLL)
    assert loop.DOZE_AFTER / loop.IDLE_POLL - 1 <= awake <= loop.DOZE_AFTER / loop.IDLE_POLL + 1
    assert naps[awake:59] == [loop.DOZE_POLL] * (59 - awake)     # then it dozes
    assert naps[59] < 1.0 / loop.FPS                             # the event: a frame's pace
    assert naps[60] == loop.IDLE_POLL                            # and awake again after it
    assert loop.DOZE_POLL <= 0.1                                 # a click waits at most that


def test_idle_pause_is_the_poll_then_the_doze():
    assert loop.idle_pause(0.0) == loop.IDLE_POLL
    assert loop.idle_pause(loop.DOZE_AFTER) == loop.DOZE_POLL


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
