"""The smallest window (520x480) and the biggest board: every text the window draws is measured
(no font under MIN_FONT, nothing cut), the analysis badges of a 12x14 board alternate in two rows
so each can be read, and the review's per-side summary fits."""

import pygame
import pytest

from connect4_game.ui import text_fit
from connect4_game.ui.render import Renderer
from connect4_game.ui.text_fit import MIN_FONT
from connect4_game.ui.themes import get_theme
from connect4_game.ui.window import MIN_WINDOW_H, MIN_WINDOW_W
from tests.ui_helpers import DT, InstantWorker, key, make_app

SMALL = (MIN_WINDOW_W, MIN_WINDOW_H)


def measured(app, events=()):
    """(size, text, cut) of every text of the next frame after ``events``."""
    app.step(list(events), DT)
    return [(t.size, t.text, t.cut and not t.free) for t in text_fit.frame_texts()]


@pytest.mark.parametrize('rows,cols', [(6, 7), (12, 14)])
def test_every_text_of_the_game_at_520x480_is_12_px_or_more(closing, rows, cols):
    app = make_app(InstantWorker(), x='human', o='human', rows=rows, cols=cols, size=SMALL,
                   moves=[3, 3, 2])
    closing(app)
    seen = measured(app)
    seen += measured(app, [key(pygame.K_a, 'a')])                    # the analysis badges
    seen += measured(app, [key(pygame.K_h, 'h')])                    # the hint
    seen += measured(app, [key(pygame.K_F10)])                       # the menu
    seen += measured(app, [key(pygame.K_ESCAPE), key(pygame.K_ESCAPE)])
    texts = {t for _s, t, _c in seen}
    assert "Player O's turn" in texts and str(cols) in texts and '~ even' in texts
    small = sorted({(s, t) for s, t, _c in seen if s < MIN_FONT})
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
        assert t.fits and not t.cut and t.size >= MIN_FONT, t
        assert len(t.lines) == 1 or not two_rows
        assert t.lines[0] in ('\u2248 even', '~ even', 'win in 9', 'loss in 14', '-14') \
            or len(t.lines) == 2, t.lines


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
        assert not t.cut and not t.short and t.fits and t.size >= MIN_FONT, t


@pytest.mark.parametrize('size', [SMALL, (1280, 1024)], ids=['520x480', '1280x1024'])
def test_the_new_game_dialogs_rows_stay_in_place(closing, size):
    """Choosing a difficulty, opening or closing Advanced, or a warning about a deep lookahead
    moves no row, so a second click lands where the player aimed."""
    app = make_app(InstantWorker(), x='human', o='ai', size=size)
    closing(app)
    app.step([], DT)
    app.step([key(pygame.K_g, 'g')], DT)
    scr = app.screen
    if scr.advanced_open:
        scr.toggle_advanced()
    app.step([], DT)

    def tops():
        return {row.title: row.rect.top for row in scr.form_rows()}
    first = tops()
    for seg in list(scr.level.seg_rects):
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=seg.center)], DT)
        app.step([], DT)
        now = tops()                                    # Custom opens Advanced below
        assert {t: now[t] for t in first} == first, scr.level.value
    if scr.advanced_open:
        scr.toggle_advanced()
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                 pos=scr.advanced_button.rect.center)], DT)
    app.step([], DT)
    opened = tops()
    assert scr.advanced_open and len(opened) > len(first)
    assert {t: opened[t] for t in first} == first
    deep = scr.lookaheads['O']
    deep.value = 30
    scr.changed(deep)                                   # Custom, with the warning
    app.step([], DT)
    assert scr.warning() and tops() == opened
    scr.toggle_advanced()
    app.step([], DT)
    assert tops() == {t: opened[t] for t in tops()}


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
