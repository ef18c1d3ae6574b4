"""The smallest window (520x480) and the biggest board: every text the window draws is measured
(no font under MIN_PX real px, pygame's font size, nothing cut), the analysis badges of a 12x14 board alternate in two rows
so each can be read, and the review's per-side summary fits."""

import pygame
import pytest

from connect4_game.i18n import LANGUAGES
from connect4_game.ui import text_fit
from connect4_game.ui.render import Renderer
from connect4_game.ui.text_fit import MIN_PX
from connect4_game.ui.themes import get_theme
from connect4_game.ui.window import MIN_WINDOW_H, MIN_WINDOW_W
from tests.ui_helpers import DT, InstantWorker, key, make_app

SMALL = (MIN_WINDOW_W, MIN_WINDOW_H)


def measured(app, events=()):
    """(font px, text, cut) of every text of the next frame after ``events``."""
    app.step(list(events), DT)
    return [(t.px, t.text, t.cut and not t.free) for t in text_fit.frame_texts()]


@pytest.mark.parametrize('lang', list(LANGUAGES))
@pytest.mark.parametrize('rows,cols', [(6, 7), (12, 14)])
def test_every_text_of_the_game_at_520x480_is_12_px_or_more(closing, rows, cols, lang):
    app = make_app(InstantWorker(), x='human', o='human', rows=rows, cols=cols, size=SMALL,
                   moves=[3, 3, 2], language=lang)
    closing(app)
    seen = measured(app)
    seen += measured(app, [key(pygame.K_a, 'a')])                    # the analysis badges
    seen += measured(app, [key(pygame.K_h, 'h')])                    # the hint
    seen += measured(app, [key(pygame.K_F10)])                       # the menu
    seen += measured(app, [key(pygame.K_ESCAPE), key(pygame.K_ESCAPE)])
    texts = {t for _s, t, _c in seen}
    assert str(cols) in texts and len(texts) > cols + 10
    assert lang != 'en' or {"Player O's turn", '~ even'} <= texts
    small = sorted({(s, t) for s, t, _c in seen if s < MIN_PX})
    assert not small, small
    cut = sorted({t for _s, t, c in seen if c})
    assert not cut, cut


@pytest.mark.parametrize('rows,cols,two_rows', [(6, 7, False), (12, 14, True), (6, 9, False)])
def test_narrow_columns_put_their_badges_in_two_rows(rows, cols, two_rows):
    pygame.display.init()
    surface = pygame.display.set_mode(SMALL)
    theme = get_theme(None)
    r = Renderer()
    lay = r.prepare(SMALL, rows, cols, theme)
    labels = [('loss in 14', theme.bad), ('\u2248 even', theme.neutral), ('win in 9', theme.good)]
    labels = (labels * cols)[:cols]
    text_fit.begin_frame()
    r.draw_labels(surface, labels)
    drawn = text_fit.frame_texts()
    rects = r.label_rects(labels)
    assert r.staggered() is two_rows
    assert len({rect.top for rect in rects}) == (2 if two_rows else 1)
    for i, a in enumerate(rects):
        assert surface.get_rect().contains(a)
        assert not any(a.colliderect(b) for b in rects[i + 1:])      # none covers another
        assert a.width >= (2 * lay.cell - 6 if two_rows else lay.cell - 4)
    for t in drawn:
        assert t.fits and not t.cut and t.px >= MIN_PX, t
        assert len(t.lines) == 1 or not two_rows
        whole = t.lines[0] in ('~ even', 'win in 9', 'loss in 14') or len(t.lines) == 2
        assert whole or (t.short and t.lines[0] in ('~=', '+9', '-14')), t.lines
        assert whole or text_fit.cut_text_at(t.box.center) is t       # the whole in a tooltip


def test_the_reviews_summary_fits_at_520x480(closing, worker):
    app = make_app(worker, x='human', o='human', size=SMALL, moves=[3, 3, 4, 4, 5, 1, 2])
    closing(app)
    app.step([], DT)
    app.step([key(pygame.K_v, 'v')], DT)
    scr = app.screen
    for _ in range(2000):
        app.step([], DT)
        if scr.done:
            break
        app.worker.wait_ready(30)
    assert scr.done
    app.step([], DT)
    summary = [t for t in text_fit.frame_texts() if 'blunder' in t.text or 'mistake' in t.text]
    assert summary
    for t in summary:
        assert not t.cut and not t.short and t.fits and t.px >= MIN_PX, t


@pytest.mark.parametrize('size', [SMALL, (1280, 1024)], ids=['520x480', '1280x1024'])
def test_the_new_game_dialogs_rows_stay_in_place(closing, size):
    """Choosing a difficulty (Custom too) or a deep lookahead moves no row, so a second click lands
    where the player aimed; Advanced is a page of its own whose rows take the main page's places,
    and the main page comes back as it was."""
    app = make_app(InstantWorker(), x='human', o='ai', size=size)
    closing(app)
    app.step([], DT)
    app.step([key(pygame.K_g, 'g')], DT)
    scr = app.screen
    assert not scr.advanced_open
    app.step([], DT)

    def tops():
        return {row.title: row.rect.top for row in scr.form_rows()}
    first = tops()
    assert len(first) == 8
    for seg in list(scr.level.seg_rects) * 2:
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=seg.center)], DT)
        app.step([], DT)
        assert not scr.advanced_open and tops() == first, scr.level.value
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                 pos=scr.advanced_button.rect.center)], DT)
    app.step([], DT)
    opened = tops()
    assert scr.advanced_open and 'O: lookahead (plies)' in opened
    assert sorted(opened.values()) == sorted(first.values())[1:len(opened) + 1]   # under the facts
    deep = scr.lookaheads['O']
    deep.value = 30
    scr.changed(deep)                                   # Custom, with the warning
    app.step([], DT)
    assert scr.warning() and tops() == opened and scr.level.value == 'custom'
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                 pos=scr.advanced_button.rect.center)], DT)
    app.step([], DT)
    assert not scr.advanced_open and tops() == first


def test_resize_and_f11_keep_the_window_in_place(closing, monkeypatch):
    """Resizing and F11 change the one window in place: a second ``set_mode`` makes a new window
    where the old one's inside was, which a window manager moves down by its title bar."""
    app = make_app(InstantWorker(), x='human', o='human', size=(700, 640))
    closing(app)
    app.step([], DT)
    made = []
    real = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, 'set_mode', lambda *a, **k: made.append(a) or real(*a, **k))
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=900, h=700, size=(900, 700))], DT)
    assert app.surface.get_size() == (900, 700)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=300, h=200, size=(300, 200))], DT)
    assert app.surface.get_size() == SMALL                   # never below the smallest
    app.step([key(pygame.K_F11)], DT)
    assert app.window.fullscreen
    app.step([key(pygame.K_F11)], DT)
    assert not app.window.fullscreen and app.surface.get_size() == SMALL
    assert made == []


def test_a_toolbar_without_room_moves_buttons_into_the_menu(closing):
    """German labels at 520x480 do not all fit at 12 px: Help and then Settings leave the bar for
    the top of the menu, where a click still does what the button did; a wide window keeps all."""
    app = make_app(InstantWorker(), x='human', o='human', size=SMALL, language='de')
    closing(app)
    app.step([], DT)
    bar = app.game.toolbar
    moved = [b.action for b in bar.overflow]
    assert moved and moved == [a for a in ('settings', 'help') if a in moved]
    assert 'new' not in moved and 'menu' not in moved
    app.step([key(pygame.K_F10)], DT)
    menu = app.game.menu
    assert [i.action for i in menu.items[:len(moved)]] == moved
    assert [i.label for i in menu.items[:len(moved)]] == [b.label for b in bar.overflow]
    bar_texts = [t for t in text_fit.frame_texts() if bar.rect.contains(t.box)]
    assert {t.text for t in bar_texts} == {b.label for b in bar.buttons if b not in bar.overflow}
    assert all(t.px >= MIN_PX and not t.partial and t.fits for t in bar_texts)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                 pos=menu.rows[moved.index('help')].center)], DT)
    assert type(app.screen).__name__ == 'HelpScreen'
    app.show_game()
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=800, size=(1280, 800))], DT)
    app.step([], DT)
    assert bar.overflow == [] and all(b.rect.width > 0 for b in bar.buttons)


def test_a_choice_without_room_for_its_labels_steps_through_them():
    """A row whose labels have no room at 12 px is one segment, ``< label >``: a click on its
    left half chooses the one before, on its right half the one after."""
    from connect4_game.ui.widgets import Choice
    pygame.display.init()
    surface = pygame.display.set_mode(SMALL)
    row = Choice('Players', [('one', 'One player'), ('two', 'Two players'),
                             ('computers', 'Computer gegen Computer')], 'one')
    row.layout(pygame.Rect(10, 10, 500, 36), 100)
    assert not row.compact and len(row.seg_rects) == 3
    assert row.click(row.seg_rects[2].center) and row.value == 'computers'
    row.layout(pygame.Rect(10, 10, 300, 36), 100)
    assert row.compact and len(row.seg_rects) == 1
    seg = row.seg_rects[0]
    assert row.click((seg.right - 5, seg.centery)) and row.value == 'one'
    assert row.click((seg.left + 5, seg.centery)) and row.value == 'computers'
    assert not row.click((seg.left - 20, seg.centery)) and row.value == 'computers'
    text_fit.begin_frame()
    row.draw(surface, get_theme(None), 17, True)
    drawn = text_fit.frame_texts()
    assert any('Computer gegen Computer' in t.lines[0] for t in drawn)
    assert all(t.fits and not t.cut and t.px >= MIN_PX for t in drawn)


def test_a_button_that_left_the_bar_first_comes_back_when_a_later_one_made_room():
    from connect4_game.ui.text_fit import MIN_FONT, font
    from connect4_game.ui.widgets import Button, Toolbar
    pygame.display.init()
    labels = ['New game', 'A very long label indeed', 'Help', 'Menu']
    bar = Toolbar([Button(x, x.split()[0].lower()) for x in labels], right=2,
                  overflow=('help', 'a'))
    each = [font(MIN_FONT).size(x)[0] + 2 * max(8, MIN_FONT // 2) for x in labels]
    bar.layout(sum(each) - each[1] + 4 * 4 + 2 * 6, 34)            # room for all but one
    assert [b.action for b in bar.overflow] == ['a']
    assert bar.named['help'].rect.width == each[2] and bar.named['a'].rect.width == 0
    bar.layout(sum(each) - each[1] - 10, 34)                        # room for neither
    assert [b.action for b in bar.overflow] == ['a', 'help']


def test_a_choice_gives_a_long_label_a_wider_segment_before_it_steps():
    """Five levels in French: 'Personnalisé' has no room in a fifth of the row, but every label
    fits on one line when each segment is as wide as its label, so the row stays segmented."""
    from connect4_game.ui.text_fit import MIN_FONT, font
    from connect4_game.ui.widgets import Choice
    pygame.display.init()
    options = [('easy', 'Facile'), ('medium', 'Moyen'), ('hard', 'Difficile'),
               ('expert', 'Expert'), ('custom', 'Personnalis\u00e9')]
    natural = [font(MIN_FONT, True).size(label)[0] for _v, label in options]
    room = sum(natural) + 12 * len(options) + 10
    assert max(natural) > room / len(options) - 10          # no room in a fifth of the row
    row = Choice('Difficult\u00e9', options, 'easy')
    row.layout(pygame.Rect(0, 0, 100 + room, 20), 100)
    assert not row.compact and len(row.seg_rects) == 5
    for (_v, label), seg, w in zip(options, row.seg_rects, natural, strict=True):
        assert seg.width - 6 >= w, label
    assert row.click(row.seg_rects[4].center) and row.value == 'custom'
    row.layout(pygame.Rect(0, 0, 100 + room - 30, 20), 100)
    assert row.compact
