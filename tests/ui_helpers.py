"""Helpers for the headless window tests (tests/test_ui_*.py): build an App,
make events, step until something happens — always by events and dt, with
bounded loops and no sleeping."""

import pygame

from connect4_game.seat_config import PlayerSpec
from connect4_game.ui.app import App, AppOptions

DT = 1 / 60


def make_app(worker, x='human', o='ai', lookahead=2, tiebreak='LEFT', rows=6, cols=7,
             size=(700, 640), **opts):
    options = AppOptions(x=PlayerSpec(x, lookahead, tiebreak),
                         o=PlayerSpec(o, lookahead, tiebreak), rows=rows, cols=cols,
                         lookahead=lookahead, tiebreak=tiebreak, use_settings=False, **opts)
    return App(options, size=size, worker=worker)


def key(k, uni='', mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=uni, scancode=0)


def click_col(app, col, button=1):
    lay = app.game.renderer.layout
    if lay is None:
        app.step([], 0.0)
        lay = app.game.renderer.layout
    x, y = lay.slot_center(2, col)
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=button)


def settle(app, steps=120, dt=DT):
    """Step until no checker is falling (at most ``steps`` frames)."""
    for _ in range(steps):
        app.step([], dt)
        if not app.game.animating():
            return True
    return False


def step_until(app, cond, max_steps=400, dt=DT, wait=True, timeout=60.0):
    """Step frames until ``cond()``; when the game waits for the worker, block on
    :meth:`SearchWorker.wait_ready` (an explicit API, not a sleep). Returns the
    number of frames drawn; raises AssertionError if ``cond`` never holds."""
    for i in range(max_steps):
        if cond():
            return i
        if wait and app.session.planner.requested is not None:
            app.worker.wait_ready(timeout)         # at once when a result waits
        app.step([], dt)
    assert cond(), 'condition not reached within the step bound'
    return max_steps


class StuckWorker:
    """A worker whose searches never finish (a lookahead far too deep, a
    plug-in that hangs): it records every job and answers none, so tests
    can step the app with dt while a job stays in flight."""

    def __init__(self) -> None:
        self.jobs = []
        self.cancels = 0
        self.current = None

    def submit(self, job) -> None:
        self.jobs.append(job)
        self.current = job

    def cancel(self) -> None:
        self.cancels += 1
        self.current = None

    def in_flight(self):
        return self.current

    def poll(self):
        return []

    def busy(self) -> bool:
        return bool(self.jobs)

    def close(self, wait: float = 0.5) -> None:
        pass


class InstantWorker(StuckWorker):
    """A worker that answers each job at the next poll with the leftmost
    playable column (deterministic, no processes)."""

    def poll(self):
        from connect4_game.search.jobs import Result, ResultStatus
        from connect4_game.search.replies import MoveReply
        out = []
        for job in self.jobs:
            legal = [c for c in range(len(job.rows[0])) if job.rows[0][c] == ' ']
            scores = tuple(50 if job.rows[0][c] == ' ' else -1 for c in range(len(job.rows[0])))
            out.append(Result(job, ResultStatus.OK, MoveReply(legal[0] if legal else None,
                                                              scores, nodes=1, seconds=0.001)))
        self.jobs = []
        self.current = None
        return out
