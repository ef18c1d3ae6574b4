"""Window-free animation: easing curves and the falling checker, driven by ``dt`` in seconds.
Positions are in slot units (row 0 the top row, -1 above the board)."""

from __future__ import annotations

import math
from collections.abc import Callable

__all__ = ['ease_out_quad', 'ease_in_out_sine', 'ease_out_back', 'DropAnimation', 'Shake',
           'Fade', 'step_drops']


def _clamp01(t: float) -> float:
    return 0.0 if t <= 0.0 else 1.0 if t >= 1.0 else t


def ease_out_quad(t: float) -> float:
    """Decelerating curve 1-(1-t)² on [0, 1]: 0 → 0, 1 → 1."""
    t = _clamp01(t)
    return 1.0 - (1.0 - t) * (1.0 - t)


def ease_in_out_sine(t: float) -> float:
    """Smooth start and stop on [0, 1]: 0 → 0, 0.5 → 0.5, 1 → 1."""
    t = _clamp01(t)
    return 0.5 - 0.5 * math.cos(math.pi * t)


def ease_out_back(t: float, overshoot: float = 1.70158) -> float:
    """Overshoots 1 a little then settles (a pop-in)."""
    t = _clamp01(t) - 1.0
    return 1.0 + t * t * ((overshoot + 1.0) * t + overshoot)


class DropAnimation:
    """``checker`` falling under gravity from above the board to ``target_row`` (0 = top) of
    ``col``, with at most two small bounces: ``row`` is its fractional row, ``landed`` True from
    the first impact, ``done`` True at rest."""

    GRAVITY = 90.0          # rows per second²
    RESTITUTION = 0.28      # the share of the impact speed a bounce keeps
    MIN_BOUNCE_SPEED = 1.5  # rows/s: a slower bounce stops the checker

    def __init__(self, col: int, target_row: int, checker: str) -> None:
        self.col = col
        self.target_row = float(target_row)
        self.checker = checker
        self.row = float(min(-1, target_row))
        self.speed = 0.0
        self.done = self.landed = False
        self.bounces = 0

    def update(self, dt: float) -> None:
        """Advance the fall by ``dt`` seconds (sub-stepped, so a large dt is safe)."""
        remaining = dt
        while remaining > 0 and not self.done:
            step = min(remaining, 1 / 240)
            remaining -= step
            self.speed += self.GRAVITY * step
            self.row += self.speed * step
            if self.row >= self.target_row:
                self.row = self.target_row
                self.landed = True
                self.speed = -self.speed * self.RESTITUTION
                self.bounces += 1
                if -self.speed < self.MIN_BOUNCE_SPEED or self.bounces > 2:
                    self.speed = 0.0
                    self.done = True

    def finish(self) -> None:
        self.row = self.target_row
        self.speed = 0.0
        self.done = self.landed = True


class Fade:
    """0 to 1 along ``curve`` over ``duration`` seconds (ValueError if not > 0)."""

    def __init__(self, duration: float = 0.3,
                 curve: Callable[[float], float] = ease_out_quad) -> None:
        if not duration > 0:
            raise ValueError(f'duration must be > 0, not {duration!r}')
        self.duration = duration
        self.curve = curve
        self.t = 0.0

    def update(self, dt: float) -> None:
        self.t = min(self.duration, self.t + max(0.0, dt))

    @property
    def value(self) -> float:
        return self.curve(self.t / self.duration)

    @property
    def done(self) -> bool:
        return self.t >= self.duration


class Shake(Fade):
    """A short horizontal shake (a refused move): ``offset`` px over ``duration`` seconds."""

    AMPLITUDE = 10.0    # px
    FREQUENCY = 28.0    # Hz

    def __init__(self, duration: float = 0.35) -> None:
        super().__init__(duration)

    @property
    def offset(self) -> float:
        """Current horizontal offset in pixels (0 when done)."""
        if self.done:
            return 0.0
        decay = 1.0 - ease_out_quad(self.t / self.duration)
        return self.AMPLITUDE * decay * math.sin(2 * math.pi * self.FREQUENCY * self.t)

    @property
    def flash(self) -> float:
        """Flash strength in [0, 1], 1 at the start, 0 when done."""
        return 0.0 if self.done else 1.0 - self.t / self.duration


def step_drops(drops: list[DropAnimation], dt: float,
               on_land: Callable[[], object]) -> list[DropAnimation]:
    """Advance the drops by ``dt`` seconds, ``on_land`` for each that lands; those still moving."""
    for f in drops:
        was = f.landed
        f.update(dt)
        if f.landed and not was:
            on_land()
    return [f for f in drops if not f.done]
