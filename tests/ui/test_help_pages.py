"""The help pages: F1 opens them over the game, the page list, Previous / Next, the keys and the
wheel turn and scroll them; every line of every page can be read (scrolled into view, whole, 12 px
or more) at 520x480 and at a large size in every language; the keys page is the command table."""

import pygame
import pytest

from connect4_game.i18n import LANGUAGES
from connect4_game.ui import text_fit
from connect4_game.ui.commands import COMMANDS
from connect4_game.ui.screens.help import PAGES, HelpPage, page_text
from connect4_game.ui.text_fit import MIN_FONT
from tests.ui_helpers import DT, InstantWorker, key, make_app


@pytest.fixture
def helped(closing):
    def open_help(size=(520, 480), lang='en'):
        app = make_app(InstantWorker(), x='human', o='human', size=size, language=lang)
        closing(app)
        app.step([], DT)
        app.step([key(pygame.K_F1)], DT)
        assert type(app.screen).__name__ == 'HelpScreen'
        return app, app.screen
    return open_help


def shown_text(app):
    app.step([], DT)
    return ' '.join(t.text for t in text_fit.frame_texts())


def test_the_pages_turn_by_keys_buttons_and_the_list(helped):
    app, scr = helped()
    assert [p.title for p in scr.pages][:3] == ['Rules', 'Playing', 'Levels']
    assert 'four of your checkers in a row wins' in shown_text(app).lower()
    assert not scr.toolbar.named['prev'].enabled
    app.step([key(pygame.K_RIGHT)], DT)
    assert scr.page == 1 and pygame.display.get_caption()[0].endswith('Help \u2014 Playing')
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                 pos=scr.toolbar.named['next'].rect.center)], DT)
    assert scr.page == 2
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                 pos=scr.page_rects[5].center)], DT)
    assert scr.page == 5 and scr.title() == 'A friend'
    app.step([key(pygame.K_7, '7')], DT)
    assert scr.page == len(PAGES) - 1 and not scr.toolbar.named['next'].enabled
    app.step([key(pygame.K_RIGHT)], DT)                  # the last page stays
    assert scr.page == len(PAGES) - 1
    app.step([key(pygame.K_PAGEUP), key(pygame.K_LEFT)], DT)
    assert scr.page == len(PAGES) - 3
    app.step([key(pygame.K_h, 'h'), key(pygame.K_SPACE, ' ')], DT)   # game keys do nothing here
    assert app.screen is scr
    app.step([key(pygame.K_ESCAPE)], DT)
    assert app.screen is app.game and not app.session.game.moves


@pytest.mark.parametrize('size', [(520, 480), (1280, 1024)], ids=['520x480', '1280x1024'])
@pytest.mark.parametrize('lang', LANGUAGES)
def test_every_line_of_every_page_is_read_whole(helped, size, lang):
    """Scrolled from top to bottom, each page shows all its words, nothing cut or under 12 px."""
    app, scr = helped(size, lang)
    problems = []
    for n in range(len(scr.pages)):
        scr.go(n)
        app.step([], DT)
        words: set[str] = set()
        while True:
            for t in text_fit.frame_texts():
                if t.cut or t.short or not t.fits or t.size < MIN_FONT:
                    problems.append(f'page {n}: {t.text!r} {t.size}px cut={t.cut}')
                words.update(t.text.split())
            if scr.scroll >= scr.max_scroll:
                break
            before = scr.scroll
            app.step([key(pygame.K_DOWN)], DT)
            assert scr.scroll > before
        page = scr.pages[n]
        wanted = {w for p in page.paragraphs for w in page_text(p).split()}
        wanted |= {w for k, d in page.lines() for w in (k + ' ' + d).split()}
        assert wanted <= words, (n, sorted(wanted - words)[:5])
    assert not problems, '\n'.join(problems[:10])


def test_a_long_page_scrolls_by_the_wheel_and_home_and_end(helped):
    app, scr = helped()
    app.step([key(pygame.K_7, '7')], DT)                 # the keys: longer than the window
    assert scr.max_scroll > 0 and scr.scroll == 0
    assert 'Ctrl+Q' not in shown_text(app)
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)], DT)
    assert scr.scroll > 0
    app.step([key(pygame.K_END)], DT)
    assert scr.scroll == scr.max_scroll and 'Ctrl+Q' in shown_text(app)
    app.step([key(pygame.K_HOME)], DT)
    assert scr.scroll == 0
    app.step([key(pygame.K_LEFT)], DT)                   # another page starts at its top
    assert scr.scroll == 0 and scr.page == 5


def test_the_keys_page_is_the_command_table_and_the_text_names_their_keys(helped):
    app, scr = helped()
    keys_page = scr.pages[-1]
    shown = ' '.join(k + ' ' + d for k, d in keys_page.lines())
    for c in COMMANDS:
        if c.key_label():
            assert c.key_label() in shown, c.name
    assert 'Undo (U / Ctrl+Z)' in page_text(PAGES[1].paragraphs[1])
    # a translation naming a command that does not exist falls back to the English
    from connect4_game import i18n
    real = i18n._tr
    try:
        class Broken:
            def gettext(self, message):
                return message.replace('{undo}', '{nothing}')
        i18n._tr = Broken()
        assert 'Undo (U / Ctrl+Z)' in page_text(PAGES[1].paragraphs[1])
    finally:
        i18n._tr = real


def test_one_page_has_no_list_and_closes_with_f1(helped):
    from connect4_game.ui.screens.help import HelpScreen
    app, _scr = helped()
    app.step([key(pygame.K_ESCAPE)], DT)
    one = HelpScreen(app, [HelpPage('Only', ('A short page.',), (('X', 'a key'),))])
    app.push(one)
    assert 'A short page.' in shown_text(app) and one.page_rects == []
    assert [b.action for b in one.toolbar.buttons] == ['back']           # nothing to turn
    app.step([key(pygame.K_2, '\u00b2')], DT)                          # a digit but no number
    assert one.page == 0 and app.screen is one
    app.step([key(pygame.K_F1)], DT)
    assert app.screen is app.game
