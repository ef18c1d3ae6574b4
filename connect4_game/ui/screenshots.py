"""Take the README pictures from the running game (headless):

    python -m connect4_game.ui.screenshots [OUT_DIR]   (default assets/screenshots)

Writes ``game.png`` (a game in progress, the toolbar, the ghost checker),
``new-game.png`` (the new-game dialog), ``analysis.png`` (the analysis
overlay), ``help.png`` (every control), ``high-contrast.png`` (the
high-contrast theme with shapes), ``review.png`` (the review of a game),
``saved-games.png``, ``network.png``, ``oska.png``, ``dutch.png`` (the window
in Dutch) and ``game.gif`` (a short game, with Pillow installed:
``pip install pillow``). Each picture is the real
:class:`~connect4_game.ui.app.App`, driven by events and ``dt``.
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
from connect4_game.seat_config import PlayerConfig, SeatKind  # noqa: E402

SIZE = (800, 760)
DT = 1 / 60
MOVES = [3, 3, 4, 2, 2, 4, 5, 5, 3]


def _key(k, uni='', mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=uni, scancode=0)


def _settle(app, frames=90):
    """Step ``frames`` frames, waiting for the worker when a search runs."""
    for _ in range(frames):
        if app.session.planner.requested is not None:
            app.worker.wait_ready(30)
        app.step([], DT)


def _hover(app, col, row=2):
    pos = app.game.renderer.layout.slot_center(row, col)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], DT)


def _save(app, out: Path, name: str, written: list) -> None:
    path = out / name
    pygame.image.save(app.surface, str(path))
    written.append(path)


def _app(**opts) -> App:
    opts.setdefault('use_settings', False)
    opts.setdefault('mute', True)
    return App(AppOptions(**opts), size=SIZE)


def shoot(out_dir: str | os.PathLike = 'assets/screenshots', gif: bool = True) -> list[Path]:
    """Write the README pictures into ``out_dir``; returns their paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    app = _app(x=PlayerConfig(SeatKind.HUMAN), o=PlayerConfig.for_level('hard'), moves=MOVES)
    try:
        _settle(app, 120)
        _hover(app, 6)
        _settle(app, 40)
        app.game.toasts.clear()
        _save(app, out, 'game.png', written)
        app.step([_key(pygame.K_a, 'a')], DT)
        _settle(app, 60)
        app.game.toasts.clear()
        _hover(app, 1)
        _settle(app, 10)
        _save(app, out, 'analysis.png', written)
        app.step([_key(pygame.K_a, 'a')], DT)
        app.step([_key(pygame.K_g, 'g')], DT)
        _settle(app, 3)
        _save(app, out, 'new-game.png', written)
        app.step([_key(pygame.K_ESCAPE)], DT)
        app.step([_key(pygame.K_F1)], DT)
        _settle(app, 3)
        _save(app, out, 'help.png', written)
        app.step([_key(pygame.K_ESCAPE)], DT)
        app.show_network()
        _settle(app, 3)
        _save(app, out, 'network.png', written)
        app.show_game()
        app.step([_key(pygame.K_v, 'v')], DT)
        if type(app.screen).__name__ == 'ReviewScreen':
            for _ in range(600):
                app.step([], DT)
                if app.screen.ready():
                    break
                app.worker.wait_ready(30)
            app.step([_key(pygame.K_LEFT), _key(pygame.K_LEFT)], DT)
            _settle(app, 5)
            _save(app, out, 'review.png', written)
        app.show_game()
    finally:
        app.close()

    app = _app(x=PlayerConfig(SeatKind.HUMAN), o=PlayerConfig(SeatKind.HUMAN), moves=MOVES + [1, 1, 0, 1, 6],
               theme='high_contrast')
    try:
        _settle(app, 2)
        _hover(app, 1)
        layout = app.game.renderer.layout
        assert layout is not None            # drawn at least once by _settle
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN,
                                     pos=layout.slot_center(2, 1), button=1)], DT)
        _settle(app, 120)
        _save(app, out, 'high-contrast.png', written)
    finally:
        app.close()

    app = _app(x=PlayerConfig(SeatKind.HUMAN), o=PlayerConfig.for_level('medium'), moves=MOVES,
               language='nl', theme='paper')
    try:
        _settle(app, 90)
        _hover(app, 2)
        app.step([_key(pygame.K_h, 'h')], DT)
        _settle(app, 30)
        _save(app, out, 'dutch.png', written)
    finally:
        app.close()

    app = _app(game='oska', demo=True)
    try:
        _settle(app, 400)
        _save(app, out, 'oska.png', written)
    finally:
        app.close()

    if gif:
        path = write_gif(out / 'game.gif')
        if path is not None:
            written.append(path)
    return written


def write_gif(path: Path, size=(480, 456), seconds: float = 14.0) -> Path | None:
    """A short game of the Medium level against the Hard level as an animated
    GIF (every 4th frame at 60 frames a second); None without Pillow."""
    try:
        from PIL import Image
    except ImportError:
        print('game.gif skipped: pip install pillow to write it', file=sys.stderr)
        return None
    app = App(AppOptions(x=PlayerConfig.for_level('medium'), o=PlayerConfig.for_level('hard'),
                         use_settings=False, mute=True, moves=[3]), size=size)
    frames = []
    try:
        app.session.pace = 0.35
        for i in range(int(seconds / DT)):
            if app.session.planner.requested is not None:
                app.worker.wait_ready(30)
            app.step([], DT)
            if i % 4 == 0:
                raw = pygame.image.tobytes(app.surface, 'RGB')
                frames.append(Image.frombytes('RGB', app.surface.get_size(), raw)
                              .quantize(colors=64))
            if app.session.game.over and app.session.end_time > 2.0:
                break
    finally:
        app.close()
    frames[0].save(path, save_all=True, append_images=frames[1:], duration=66, loop=0,
                   optimize=True)
    return path


if __name__ == '__main__':
    for p in shoot(sys.argv[1] if len(sys.argv) > 1 else 'assets/screenshots'):
        print(p)
