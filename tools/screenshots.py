"""Take the README pictures from the running game (headless):

    python tools/screenshots.py [OUT_DIR] [--size WxH] [--lang CODE|all] [--no-gif]

(default ``assets/screenshots``, 800x760, each picture in its usual
language). Writes ``game.png`` (a game in progress, the toolbar, the ghost
checker), ``menu.png`` (the menu open), ``new-game.png`` (the new-game
dialog), ``analysis.png`` (the analysis overlay), ``help.png`` (every
control), ``stats.png`` (the statistics), ``result.png`` (a finished game and
its result), ``high-contrast.png`` (the high-contrast theme with shapes),
``review.png`` (the review of a game), ``practice.png`` (an exercise of its
practice), ``puzzle.png`` (a puzzle), ``network.png``, ``oska.png``,
``dutch.png`` (the window in Dutch) and ``game.gif`` (a short game, with
Pillow installed: ``pip install pillow``). ``--size`` and ``--lang`` take
every picture at that window size and in that language, to check how the
text fits, adding ``help-2.png`` ... (each further help page),
``new-game-advanced.png``, ``saved-games.png`` and ``question.png`` (a
friend's request); ``--lang all`` writes each language
into ``OUT_DIR/<code>/``. Each picture is the real
:class:`~connect4_game.ui.app.App`, driven by events and ``dt``.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault('SDL_VIDEODRIVER', 'dummy')
os.environ.setdefault('SDL_AUDIODRIVER', 'dummy')
os.environ.setdefault('PYGAME_HIDE_SUPPORT_PROMPT', '1')
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from connect4_game.i18n import LANGUAGES  # noqa: E402
from connect4_game.seat_config import PlayerSpec, SeatKind  # noqa: E402
from connect4_game.ui.app import App, AppOptions  # noqa: E402
from connect4_game.ui.screens.practice import PracticeScreen  # noqa: E402
from connect4_game.ui.screens.review import ReviewScreen  # noqa: E402

SIZE = (800, 760)
DT = 1 / 60
MOVES = [3, 3, 4, 2, 2, 4, 5, 5, 3]


def _key(k: int, uni: str = '', mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=uni, scancode=0)


def _settle(app: App, frames: int = 90) -> None:
    """Step ``frames`` frames, waiting for the worker when a search runs."""
    for _ in range(frames):
        if app.session.planner.requested is not None:
            app.worker.wait_ready(30)
        app.step([], DT)


def _hover(app: App, col: int, row: int = 2) -> None:
    layout = app.game.renderer.layout
    assert layout is not None, 'the game is drawn before the mouse moves over it'
    pos = layout.slot_center(row, col)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], DT)


def _save(app: App, out: Path, name: str, written: list[Path]) -> None:
    path = out / name
    pygame.image.save(app.surface, str(path))
    written.append(path)


@dataclass
class _Shot:
    """This run's window size (w, h px) and language (None: the default)."""

    size: tuple[int, int] = SIZE
    language: str | None = None


_SHOT = _Shot()


def _app(opts: AppOptions) -> App:
    """The window of ``opts``, without the player's files, muted, in this
    run's size and language."""
    opts = dataclasses.replace(opts, use_settings=False, mute=True,
                               language=_SHOT.language or opts.language)
    return App(opts, size=_SHOT.size)


def shoot(out_dir: str | os.PathLike[str] = 'assets/screenshots', gif: bool = True,
          size: tuple[int, int] = SIZE, language: str | None = None) -> list[Path]:
    """Write the README pictures into ``out_dir``, each ``size`` (w, h px)
    and, if ``language`` is given, in that language; returns their paths.

    :raises ValueError: for a language the game does not have.
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    _SHOT.size, _SHOT.language = (size[0], size[1]), language

    app = _app(AppOptions(x=PlayerSpec(SeatKind.HUMAN), o=PlayerSpec.for_level('hard'),
                          moves=MOVES))
    try:
        _settle(app, 120)
        _hover(app, 6)
        _settle(app, 40)
        app.game.toasts.clear()
        _save(app, out, 'game.png', written)
        app.step([_key(pygame.K_F10)], DT)
        _settle(app, 3)
        _save(app, out, 'menu.png', written)
        app.step([_key(pygame.K_ESCAPE)], DT)
        app.step([_key(pygame.K_s, 's')], DT)
        _settle(app, 3)
        _save(app, out, 'stats.png', written)
        app.step([_key(pygame.K_ESCAPE)], DT)
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
        if language is not None:
            save_checks(app, out, written)
        app.step([_key(pygame.K_ESCAPE)], DT)
        app.step([_key(pygame.K_F1)], DT)
        _settle(app, 3)
        _save(app, out, 'help.png', written)
        if language is not None:
            for page in range(2, len(getattr(app.screen, 'pages', ())) + 1):
                app.step([_key(pygame.K_RIGHT)], DT)
                _settle(app, 3)
                _save(app, out, f'help-{page}.png', written)
        app.step([_key(pygame.K_ESCAPE)], DT)
        app.show_network()
        _settle(app, 3)
        _save(app, out, 'network.png', written)
        app.show_game()
        app.step([_key(pygame.K_v, 'v')], DT)
        review = app.screen
        if isinstance(review, ReviewScreen):
            for _ in range(600):
                app.step([], DT)
                if review.done:
                    break
                app.worker.wait_ready(30)
            app.step([_key(pygame.K_LEFT), _key(pygame.K_LEFT)], DT)
            _settle(app, 5)
            _save(app, out, 'review.png', written)
            save_practice(app, out, written)
        app.show_game()
        save_puzzle(app, out, written)
    finally:
        app.close()

    app = _app(AppOptions(x=PlayerSpec(SeatKind.HUMAN), o=PlayerSpec(SeatKind.HUMAN),
                          moves=MOVES + [1, 1, 0, 1, 6], theme='high_contrast'))
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

    app = _app(AppOptions(x=PlayerSpec(SeatKind.HUMAN), o=PlayerSpec.for_level('easy'),
                          moves=[3, 3, 4, 4, 5, 5]))
    try:
        _settle(app, 2)
        layout = app.game.renderer.layout
        assert layout is not None
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN,      # X wins along the bottom
                                     pos=layout.slot_center(2, 6), button=1)], DT)
        _settle(app, 240)
        _save(app, out, 'result.png', written)
    finally:
        app.close()

    app = _app(AppOptions(x=PlayerSpec(SeatKind.HUMAN), o=PlayerSpec.for_level('medium'),
                          moves=MOVES, language='nl', theme='paper'))
    try:
        _settle(app, 90)
        _hover(app, 2)
        app.step([_key(pygame.K_h, 'h')], DT)
        _settle(app, 30)
        _save(app, out, 'dutch.png', written)
    finally:
        app.close()

    app = _app(AppOptions(game='oska', demo=True))
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


def save_checks(app: App, out: Path, written: list[Path]) -> None:
    """From the new-game dialog on top of ``app``, save the pictures only a text check needs
    (its Advanced rows, the saved games, a friend's request) and come back to the game."""
    from connect4_game.ui.screens.confirm import ask_friend_undo
    from connect4_game.ui.screens.new_game import NewGameScreen
    if isinstance(app.screen, NewGameScreen):
        app.screen.toggle_advanced()
        _settle(app, 3)
        _save(app, out, 'new-game-advanced.png', written)
    app.show_game()
    app.step([_key(pygame.K_o, 'o', pygame.KMOD_LCTRL)], DT)
    _settle(app, 3)
    _save(app, out, 'saved-games.png', written)
    app.show_game()
    ask_friend_undo(app, app.session, 2)
    _settle(app, 3)
    _save(app, out, 'question.png', written)
    app.show_game()


def save_practice(app: App, out: Path, written: list[Path]) -> bool:
    """From the review on top of ``app`` (every move judged), open its
    practice (key P), save ``practice.png`` (the first exercise) into
    ``out``, append its path to ``written`` and go back to the review (Esc).
    Returns False, writing nothing, when the practice did not open."""
    app.step([_key(pygame.K_p, 'p')], DT)
    if not isinstance(app.screen, PracticeScreen):
        return False
    _settle(app, 3)
    _save(app, out, 'practice.png', written)
    app.step([_key(pygame.K_ESCAPE)], DT)
    return True


def save_puzzle(app: App, out: Path, written: list[Path]) -> bool:
    """Open the puzzles over the game on top of ``app`` (the first
    "win in 3" of the set, the cursor on a column), save ``puzzle.png``
    into ``out``, append its path to ``written`` and go back to the game
    (Esc). Returns False, writing nothing, when the puzzles did not open."""
    from connect4_game.trainer.model import load_puzzles
    from connect4_game.ui.screens.puzzle import PuzzleScreen
    puzzle = next((p for p in load_puzzles() if p.win_in == 3), None)
    if puzzle is None:
        return False
    screen = PuzzleScreen(app, puzzle)
    app.push(screen)
    _settle(app, 3)
    lay = screen.renderer.layout
    if lay is not None:
        x, y = lay.slot_center(2, (puzzle.answer + 2) % lay.cols)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y + screen.board_top),
                                     rel=(0, 0), buttons=(0, 0, 0))], DT)
    _settle(app, 3)
    _save(app, out, 'puzzle.png', written)
    app.step([_key(pygame.K_ESCAPE)], DT)
    return True


def write_gif(path: Path, size: tuple[int, int] = (480, 456), seconds: float = 14.0) -> Path | None:
    """A short game of the Medium level against the Hard level as an animated
    GIF (every 4th frame at 60 frames a second); None without Pillow."""
    try:
        from PIL import Image
    except ImportError:
        print('game.gif skipped: pip install pillow to write it', file=sys.stderr)
        return None
    app = App(AppOptions(x=PlayerSpec.for_level('medium'), o=PlayerSpec.for_level('hard'),
                         use_settings=False, mute=True, moves=[3]), size=size)
    frames: list[Image.Image] = []
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


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split('x'))
    except ValueError:
        raise argparse.ArgumentTypeError(f'not a size WxH: {text!r}') from None
    if w < 1 or h < 1:
        raise argparse.ArgumentTypeError(f'not a size WxH: {text!r}')
    return w, h


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring); returns the exit status."""
    ap = argparse.ArgumentParser(prog='python tools/screenshots.py',
                                 description='Take the pictures of the window (headless).')
    ap.add_argument('out_dir', nargs='?', default='assets/screenshots')
    ap.add_argument('--size', type=_size, default=SIZE, metavar='WxH',
                    help='window size in pixels (default 800x760)')
    ap.add_argument('--lang', default=None, choices=(*LANGUAGES, 'all'), metavar='CODE',
                    help=f"the language ({', '.join(LANGUAGES)}, or all: one folder each)")
    ap.add_argument('--no-gif', action='store_true', help='leave out game.gif')
    args = ap.parse_args(argv)
    langs = LANGUAGES if args.lang == 'all' else (args.lang,)
    try:
        paths = [p for code in langs
                 for p in shoot(Path(args.out_dir, code) if args.lang == 'all' else args.out_dir,
                                gif=not args.no_gif, size=args.size, language=code)]
    except ValueError as exc:
        print(f'screenshots: {exc}', file=sys.stderr)
        return 2
    for p in paths:
        print(p)
    return 0


if __name__ == '__main__':
    sys.exit(main())
