"""The real-time loop (:class:`FrameLoop`) and its ``--frame-stats`` timings; tests call
``App.step(events, dt)`` instead."""

from __future__ import annotations

import contextlib
import gc
import json
import logging
import time
from collections.abc import Iterable
from typing import Protocol

import pygame

from connect4_game import logs
from connect4_game.core.messages import clip, quote
from connect4_game.play.session import GameSession
from connect4_game.search.worker import SearchWorker
from connect4_game.ui.window import Window

__all__ = ['FPS', 'IDLE_POLL', 'DOZE_AFTER', 'DOZE_POLL', 'FrameLoop', 'frame_stats', 'idle_pause']

FPS = 60
IDLE_POLL = 1.0 / 30    # seconds between looks at the events while nothing moves
DOZE_AFTER = 1.0        # seconds still, after which the loop dozes
DOZE_POLL = 0.1         # seconds between looks at the events while dozing
MAX_DT = 0.1            # the longest dt (seconds) of one step: after a stall nothing jumps

log = logging.getLogger(__name__)


def frame_stats(intervals_s: Iterable[float], moves: int) -> dict[str, float]:
    """JSON-ready ``frames``, ``p50_ms``, ``p95_ms``, ``p99_ms``, ``max_ms`` of the frame
    ``intervals`` (seconds), and ``moves``."""
    ms = sorted(x * 1000.0 for x in intervals_s)
    n = len(ms)

    def pct(p: float) -> float:
        if not ms:
            return 0.0
        return round(ms[min(n - 1, max(0, int(round(p / 100.0 * n + 0.5)) - 1))], 3)

    return {'frames': n + 1 if n else 0, 'p50_ms': pct(50), 'p95_ms': pct(95),
            'p99_ms': pct(99), 'max_ms': round(ms[-1], 3) if ms else 0.0, 'moves': moves}


def idle_pause(still_for: float) -> float:
    """Seconds to sleep before the next look at the events after ``still_for`` seconds still."""
    return IDLE_POLL if still_for < DOZE_AFTER else DOZE_POLL


class LoopApp(Protocol):
    """What the loop drives (the :class:`~connect4_game.ui.app.App`)."""

    running: bool
    drew: bool
    window: Window
    worker: SearchWorker
    session: GameSession

    def step(self, events: list[pygame.event.Event], dt: float,
             redraw: bool | None = True) -> pygame.Surface: ...
    def wants_frames(self) -> bool: ...
    def show_game(self) -> None: ...
    def quit(self) -> None: ...
    def close(self) -> None: ...


class FrameLoop:
    """Runs ``app`` until it stops: :data:`FPS` frames a second while something moves, a frame
    only on a change while nothing does. ``intervals``: the seconds between moving frames of the
    last :meth:`run`; ``give_up_after``: seconds of failing frames that end the loop, with a crash
    report (:func:`logs.report_crash`)."""

    def __init__(self, app: LoopApp) -> None:
        self.app = app
        self.intervals: list[float] = []
        self.give_up_after = 3.0
        self._last_error: str | None = None
        self._failure: Exception | None = None       # the last failing frame's error

    def run(self) -> int:
        """The real loop until quit, then the app closes; 1 if the frames kept failing or the
        ``--screenshot`` could not be written, else 0."""
        app = self.app
        self.intervals = []
        status = 0
        self.install_sigterm()
        try:
            self._warm_up()
            status = self._frames(1.0 / FPS)
        except KeyboardInterrupt:
            pass
        finally:
            app.close()
        if app.window.screenshot_error is not None:
            status = max(status, 1)
        return status

    def _warm_up(self) -> None:
        self.guarded_step(pygame.event.get(), 0.0)   # builds the sprites before timing
        pygame.display.flip()
        wait_warm = getattr(self.app.worker, 'wait_warm', None)
        if wait_warm is not None:
            wait_warm(5.0)
        # what start-up built lives as long as the window: out of the collector's full passes
        gc.collect()
        gc.freeze()

    def _frames(self, period: float) -> int:
        """Steps while the app runs; 1 if they kept failing, else 0."""
        app = self.app
        last = still_since = time.perf_counter()
        deadline = last + period
        failing_for = 0.0
        moving = True
        while app.running:
            events = pygame.event.get()
            now = time.perf_counter()
            dt = now - last
            last = now
            if moving:
                self.intervals.append(dt)
            ok = self.guarded_step(events, min(dt, MAX_DT), redraw=None)
            failing_for = 0.0 if ok else failing_for + dt
            if failing_for >= self.give_up_after:
                log.error('the window keeps failing; saving the game and quitting')
                if self._failure is not None:
                    logs.report_crash(self._failure)
                return 1
            if app.drew or not ok:
                pygame.display.flip()
            moving = not ok or app.wants_frames()
            if moving or events:
                still_since = now
                deadline = self.pace(deadline, period)
            else:
                time.sleep(idle_pause(now - still_since))
                deadline = time.perf_counter() + period
        return 0

    def guarded_step(self, events: list[pygame.event.Event], dt: float,
                     redraw: bool | None = True) -> bool:
        """``app.step(events, dt, redraw)``; an unexpected error is logged once, shown in the
        window and the game comes back on top. Returns whether the frame went well."""
        try:
            self.app.step(events, dt, redraw=redraw)
            return True
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as exc:
            self._failure = exc
            msg = f'internal error: {type(exc).__name__}: {clip(exc, 200)}'
            if msg != self._last_error:
                log.error('%s', msg)
                self._last_error = msg
            with contextlib.suppress(Exception):
                self.app.session.say(msg, 'error', 5.0)
                self.app.show_game()
            return False

    def install_sigterm(self) -> None:
        """SIGTERM and SIGHUP (the terminal closed) quit the app like closing its window, so a
        friend is told (main thread only)."""
        import signal
        import threading
        if threading.current_thread() is not threading.main_thread():
            return
        with contextlib.suppress(ValueError, OSError, AttributeError):
            for name in ('SIGTERM', 'SIGHUP'):
                if hasattr(signal, name):
                    signal.signal(getattr(signal, name), lambda *_a: self.app.quit())

    @staticmethod
    def pace(deadline: float, period: float) -> float:
        """Sleep until ``deadline`` (perf_counter seconds); the next deadline, ``period`` on."""
        remaining = deadline - time.perf_counter()
        if remaining > 0.0015:
            time.sleep(remaining - 0.001)
        while time.perf_counter() < deadline:
            pass
        now = time.perf_counter()
        deadline += period
        if now - deadline > period:      # a stall: start afresh
            deadline = now + period
        return deadline

    def write_frame_stats(self, path: str, moves: int) -> bool:
        """Write :func:`frame_stats` as JSON to ``path``; returns whether (failures logged)."""
        data = frame_stats(self.intervals, moves)
        try:
            with open(path, 'w', encoding='utf-8') as fh:
                json.dump(data, fh, indent=2)
        except OSError as exc:
            log.error('could not write frame stats %s: %s', quote(path),
                      clip(exc.strerror or exc, 120))
            return False
        return True
