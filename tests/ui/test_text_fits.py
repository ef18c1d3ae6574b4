"""Every text of every screen fits its box: in every language of the window, in the
smallest window, the default one and a large one.

Each label is drawn by ``text_fit.draw_text``, which notes the box it was
given and where its ink went; the tests read that log after a frame
(``text_fit.frame_texts``). A text fits when its ink is inside its box and
inside the window, and it is whole -- wrapped or smaller, or a deliberate
short form (with the whole text in a tooltip) -- never cut to a fragment
with ``…``; only text from outside (file names, errors, notices) may be cut.
"""

import pygame
import pytest

from connect4_game.i18n import LANGUAGES
from connect4_game.ui import text_fit
from connect4_game.ui.render import Renderer
from connect4_game.ui.text_fit import MIN_PX
from connect4_game.ui.themes import get_theme
from tests.ui_helpers import DT, key, make_app

SIZES = [(520, 480), (800, 760), (1920, 1080)]
LANGS = list(LANGUAGES)
CASES = [pytest.param(size, lang, id=f'{size[0]}x{size[1]}-{lang}') for size in SIZES
         for lang in LANGS if lang in ('en', 'nl') or size == SIZES[0]]
"""English and Dutch at every size (the layouts); every other language in the smallest window,
where its longer words have the least room."""
CTRL = pygame.KMOD_LCTRL
MOVES = [3, 3, 4, 2, 2, 4, 5, 5, 3]


def problems(name: str) -> list[str]:
    """What does not fit in the frame just drawn (named ``name``)."""
    out = []
    for t in text_fit.frame_texts():
        if not t.box.contains(t.ink):
            out.append(f'{name}: {t.text!r} spills out of its box {t.box} (ink {t.ink})')
        elif not t.area.contains(t.ink):
            out.append(f'{name}: {t.text!r} spills out of the window ({t.ink})')
        elif t.cut and not t.free:
            out.append(f'{name}: {t.text!r} cut to {t.lines!r} in {t.box.size}')
        elif t.px < MIN_PX:
            out.append(f'{name}: {t.text!r} in a font of {t.px} px, under {MIN_PX} px')
    return out


def frame(app, events=(), dt=DT):
    """Step one frame that draws; returns its problems' list-to-be."""
    app.step(list(events), dt)


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def click(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def wait_for(app, cond, steps=300):
    """Step until ``cond()``, waiting on the worker for its answers (bounded)."""
    for _ in range(steps):
        if cond():
            return True
        if getattr(app.worker, 'busy', lambda: False)():
            app.worker.wait_ready(10)
        app.step([], DT)
    return cond()


def game_screens(app) -> list[str]:
    """The game screen in its states: a position, the analysis and the
    details, the menu, each toolbar tooltip, a finished game."""
    found = []
    frame(app)
    found += problems('game')
    app.step([key(pygame.K_i, 'i'), key(pygame.K_a, 'a')], DT)
    wait_for(app, lambda: app.session.analysis_payload() is not None, 200)
    frame(app)
    found += problems('analysis + details')
    app.step([key(pygame.K_i, 'i'), key(pygame.K_a, 'a')], DT)
    app.step([key(pygame.K_F10)], DT)
    found += problems('menu')
    app.step([key(pygame.K_ESCAPE)], DT)
    for b in app.game.toolbar.buttons:
        app.step([motion(b.rect.center)], DT)
        app.step([], 0.7)
        found += problems(f'tooltip of {b.action}')
    return found


def dialog_screens(app, worker) -> list[str]:
    """Help, statistics, new game (with Advanced), saved games, network,
    a question, the review and Oska."""
    from connect4_game.ui.screens.confirm import ask_friend_undo
    found = []
    for name, keys in (('help', [key(pygame.K_F1)]), ('stats', [key(pygame.K_s, 's')]),
                       ('new game', [key(pygame.K_g, 'g')]),
                       ('saved games', [key(pygame.K_o, 'o', CTRL)])):
        app.step(keys, DT)
        frame(app)
        found += problems(name)
        if name == 'new game':
            app.screen.toggle_advanced()
            frame(app)
            found += problems('new game, advanced')
        app.show_game()
    app.show_network()
    frame(app)
    found += problems('network')
    app.step([key(pygame.K_RIGHT)], DT)                # Join a game, with its list
    frame(app)
    found += problems('network, join')
    app.show_game()
    ask_friend_undo(app, app.session, 2)
    frame(app)
    found += problems('question')
    app.show_game()
    app.step([key(pygame.K_v, 'v')], DT)
    wait_for(app, lambda: app.screen.done, 600)
    app.step([key(pygame.K_LEFT), key(pygame.K_LEFT)], DT)
    frame(app)
    found += problems('review')
    app.show_game()
    app.show_oska()
    for _ in range(5):
        frame(app)
    found += problems('oska')
    app.show_game()
    return found


@pytest.mark.parametrize('size, lang', CASES)
def test_every_text_of_every_screen_fits_its_box(worker, closing, tmp_path, monkeypatch,
                                                 size, lang):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    app = make_app(worker, x='human', o='human', moves=MOVES, size=size, language=lang)
    closing(app)
    found = game_screens(app) + dialog_screens(app, worker)
    assert not found, '\n'.join(found)


@pytest.mark.parametrize('size, lang', CASES)
def test_the_result_and_its_status_bar_fit(closing, size, lang):
    from tests.ui_helpers import InstantWorker
    app = make_app(InstantWorker(), x='human', o='human', moves=[3, 3, 4, 4, 5, 5], size=size,
                   language=lang)
    closing(app)
    frame(app)
    app.step([click(app.game.renderer.layout.slot_center(2, 6))], DT)
    for _ in range(90):
        app.step([], DT)
    found = problems('result')
    app.step([key(pygame.K_ESCAPE)], DT)           # the result put away
    found += problems('result put away')
    assert not found, '\n'.join(found)


@pytest.mark.parametrize('cols', [4, 7, 14])
@pytest.mark.parametrize('size', SIZES, ids=[f'{w}x{h}' for w, h in SIZES])
def test_badges_show_whole_words_or_a_short_form(size, cols):
    """'loss in 12' (or 'verlies in 12', 'gelijkspel') in a column too
    narrow for it: two lines, a smaller size, or the short form '-12' with
    the whole text in a tooltip -- never 'loss in…'."""
    pygame.display.init()
    surface = pygame.display.set_mode(size)
    theme = get_theme(None)
    r = Renderer()
    r.prepare(size, 6, cols, theme)
    words = [('loss in 12', theme.bad), ('verlies in 12', theme.bad), ('gelijkspel', theme.neutral),
             ('winst in 9', theme.good), ('~ win', theme.good), ('even', theme.neutral),
             ('\u2026', 'text_dim')]
    labels = (words * 3)[:cols]
    text_fit.begin_frame()
    r.draw_labels(surface, labels)
    drawn = text_fit.frame_texts()
    assert len(drawn) == cols
    assert not problems('badges')
    for t in drawn:
        assert not t.cut, t
        if t.short:
            assert t.lines[0][0] in '+-=~' and text_fit.cut_text_at(t.box.center) is t


def test_draw_text_wraps_then_shrinks_then_shortens_then_cuts():
    pygame.display.init()
    surface = pygame.Surface((400, 200))
    box = pygame.Rect(10, 10, 60, 40)
    text_fit.begin_frame()
    whole = text_fit.draw_text(surface, 'New game', box, (255, 255, 255), 16)
    assert whole.lines == ('New game',) and not whole.partial
    two = text_fit.draw_text(surface, 'Take back your move', box, (255, 255, 255), 16, lines=3)
    assert len(two.lines) > 1 and ' '.join(two.lines) == 'Take back your move'
    small = text_fit.draw_text(surface, 'Terugzetten', pygame.Rect(0, 0, 78, 20), (0, 0, 0), 20)
    assert small.lines == ('Terugzetten',) and small.size < 20 and not small.partial
    short = text_fit.draw_text(surface, 'verlies in 12', pygame.Rect(0, 0, 22, 12), (0, 0, 0),
                               14, short=('-12',))
    assert short.lines == ('-12',) and short.short and not short.cut
    cut = text_fit.draw_text(surface, 'Supercalifragilistic', pygame.Rect(0, 0, 40, 12),
                             (0, 0, 0), 14)
    assert cut.cut and cut.lines[0].endswith('\u2026')
    for t in text_fit.frame_texts():
        assert t.box.contains(t.ink), t
    assert text_fit.cut_text_at((5, 5)) is cut          # the topmost partial text there
    assert text_fit.cut_text_at((300, 150)) is None


@pytest.mark.parametrize('lang', LANGS)
def test_the_new_game_dialog_against_a_level_fits(closing, lang):
    """One player against a level shows the most rows (the difficulty and what it plays like),
    and Advanced adds the assignment's four: the tightest dialog at 520x480."""
    from connect4_game.play.start import AppOptions
    from connect4_game.seat_config import PlayerSpec, SeatKind
    from connect4_game.ui.app import App
    from tests.ui_helpers import InstantWorker
    app = App(AppOptions(x=PlayerSpec(SeatKind.HUMAN), o=PlayerSpec.for_level('hard'),
                         use_settings=False, language=lang), size=SIZES[0], worker=InstantWorker())
    closing(app)
    app.step([key(pygame.K_g, 'g')], DT)
    frame(app)
    found = problems('new game')
    app.screen.toggle_advanced()
    frame(app)
    found += problems('new game, advanced')
    app.screen.level.value = 'custom'                 # the longest words about the knobs
    frame(app)
    found += problems('new game, advanced, custom')
    assert not found, '\n'.join(found)
