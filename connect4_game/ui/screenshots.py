"""Take the README screenshots from the running game (headless):

    python -m connect4_game.ui.screenshots [OUT_DIR]   (default assets/screenshots)

Writes ``game.png`` (a game in progress, ghost checker over the hovered
column), ``analysis.png`` (the live analysis overlay) and
``high_contrast.png`` (the high-contrast theme with shapes). Each picture is
the real :class:`~connect4_game.ui.app.App` driven by events and dt.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault('SDL_VIDEODRIVER', 'dummy')
os.environ.setdefault('SDL_AUDIODRIVER', 'dummy')
os.environ.setdefault('PYGAME_HIDE_SUPPORT_PROMPT', '1')

import pygame  # noqa: E402

from connect4_game.ui.app import App, AppOptions  # noqa: E402
from connect4_game.ui.model import PlayerConfig  # noqa: E402

SIZE = (800, 760)
DT = 1 / 60


def _settle(app, frames=90):
    for _ in range(frames):
        app.step([], DT)


def _wait_search(app, limit=600):
    for _ in range(limit):
        if app.game.requested is None:
            break
        app.worker.wait_ready(30)
        app.step([], DT)
    _settle(app, 30)


def _hover(app, col, row=2):
    pos = app.game.renderer.layout.slot_center(row, col)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], DT)


def shoot(out_dir: str | os.PathLike = 'assets/screenshots') -> list[Path]:
    """Write the three README pictures into ``out_dir``; returns their paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    moves = [3, 3, 4, 2, 2, 4, 5, 5, 3]      # O to move: the AI replies for real

    app = App(AppOptions(x=PlayerConfig('human', 8, 'RANDOM'), o=PlayerConfig('ai', 8, 'RANDOM'),
                         moves=moves, use_settings=False, mute=True), size=SIZE)
    try:
        app.step([], DT)
        _wait_search(app)
        _settle(app, 60)
        _hover(app, 6)
        _settle(app)
        written.append(out / 'game.png')
        pygame.image.save(app.surface, str(written[-1]))
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode='a',
                                     scancode=0)], DT)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_4, mod=0, unicode='4',
                                     scancode=0)], DT)
        _wait_search(app)
        app.game.toasts.clear()
        _hover(app, 1)
        _settle(app, 10)
        written.append(out / 'analysis.png')
        pygame.image.save(app.surface, str(written[-1]))
    finally:
        app.close()

    app = App(AppOptions(x=PlayerConfig('human', 6), o=PlayerConfig('human', 6),
                         moves=moves + [1, 1, 0, 1, 6], theme='high_contrast', use_settings=False,
                         mute=True), size=SIZE)
    try:
        app.step([], DT)
        _hover(app, 1)
        _settle(app)
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.game.renderer.layout
                                     .slot_center(2, 1), button=1)], DT)
        _settle(app, 120)
        written.append(out / 'high_contrast.png')
        pygame.image.save(app.surface, str(written[-1]))
    finally:
        app.close()
    return written


if __name__ == '__main__':
    for p in shoot(sys.argv[1] if len(sys.argv) > 1 else 'assets/screenshots'):
        print(p)
