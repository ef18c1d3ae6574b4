"""What the player sees is where it should be: the result never covers the
winning four, notices are neutral or red and go when the position changes, a
full column says so in words, the window never shrinks below 520x480 and its
text never below 12 px, and full screen returns to the same window."""

import pygame
import pytest

from connect4_game.storage.settings import MIN_WINDOW_H, MIN_WINDOW_W
from connect4_game.ui.render import Renderer
from connect4_game.ui.screens.game_status import result_texts
from connect4_game.ui.text_fit import MIN_FONT
from connect4_game.ui.themes import get_theme
from tests.ui_helpers import DT, InstantWorker, click_col, key, make_app, settle


def _random_wins(seed=7, games=3000):
    """Seeded random games on 6x7, grouped by where their winning four lies."""
    import random

    from connect4_game.core.game import Game
    rng = random.Random(seed)
    found = {}
    for _ in range(games):
        g = Game(6, 7)
        while not g.over:
            g.push(rng.choice(g.board.legal_columns()))
        if g.outcome.winner is None:
            continue
        line = g.outcome.line
        rows = sorted(r for r, _c in line)
        cols = sorted(c for _r, c in line)
        kind = ('vertical' if len(set(cols)) == 1 else 'horizontal' if len(set(rows)) == 1
                else 'diagonal')
        where = 'top' if rows[0] <= 1 else 'middle' if rows[0] <= 2 else 'bottom'
        found.setdefault(f'{kind} {where}', list(g.moves))
    return found


WINS = sorted(_random_wins().items())


@pytest.mark.parametrize('name,moves', WINS, ids=[w[0] for w in WINS])
@pytest.mark.parametrize('size', [(800, 760), (520, 480), (1200, 600)])
def test_the_result_never_covers_the_winning_four(closing, name, moves, size):
    app = make_app(InstantWorker(), x='human', o='human', moves=moves, size=size)
    closing(app)
    settle(app)
    for _ in range(40):
        app.step([], DT)
    s = app.session
    assert s.game.over and s.game.outcome.winner, name
    r = app.game.renderer
    title, sub = result_texts(app.session)
    banner, _size, _sub_size = r.banner_rect(title, sub, list(s.game.outcome.line))
    for row, col in s.game.outcome.line:
        assert not banner.colliderect(r.layout.slot_rect(row, col)), (name, (row, col))
    assert banner.top >= r.layout.message_rect.bottom and banner.right <= size[0]


def test_notices_are_neutral_or_red_and_go_with_their_position(closing):
    app = make_app(InstantWorker(), x='human', o='human', rows=4, cols=4)
    closing(app)
    app.step([], DT)
    for _ in range(4):
        app.step([click_col(app, 0)], DT)
        settle(app)
    app.step([click_col(app, 0)], DT)                    # column 1 is full
    full = [t for t in app.game.toasts if 'full' in t.text]
    assert full and full[-1].kind == 'error' and 'Column 1 is full' in full[-1].text
    theme = app.theme
    surf = app.step([], DT)
    rect = app.game.renderer.draw_toast(surf, full[-1].text, 1.0, 'error')
    assert surf.get_at((rect.left + 4, rect.centery))[:3] == theme.bad
    app.step([click_col(app, 1)], DT)                    # the position changes:
    app.step([], DT)
    assert not [t for t in app.game.toasts if 'full' in t.text]   # the refusal is gone
    app.step([key(pygame.K_c, 'c')], DT)                 # news is neutral, not red
    news = app.game.toasts[-1]
    assert news.kind == 'info'
    rect = app.game.renderer.draw_toast(surf, news.text, 1.0, news.kind)
    assert surf.get_at((rect.left + 4, rect.centery))[:3] != app.theme.bad


def test_a_wait_notice_goes_when_the_computer_has_moved(closing):
    from tests.ui_helpers import StuckWorker
    worker = StuckWorker()
    app = make_app(worker, x='human', o='ai', lookahead=3)
    closing(app)
    app.step([], DT)
    app.step([click_col(app, 3)], DT)
    settle(app)
    app.step([click_col(app, 2)], DT)                    # not our turn
    assert any("computer's turn" in t.text for t in app.game.toasts)
    app.session.undo()                                   # the position changes
    app.step([], DT)
    assert not any("computer's turn" in t.text for t in app.game.toasts)


@pytest.mark.parametrize('w,h', [(300, 200), (519, 479), (100, 1000)])
def test_the_window_never_gets_smaller_than_520_by_480(closing, w, h):
    app = make_app(InstantWorker(), x='human', o='human')
    closing(app)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))], DT)
    surf = app.step([], DT)
    assert surf.get_width() >= MIN_WINDOW_W and surf.get_height() >= MIN_WINDOW_H


@pytest.mark.parametrize('rows,cols', [(6, 7), (12, 14), (4, 4)])
def test_no_text_is_smaller_than_12_px_at_the_smallest_window(rows, cols):
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((MIN_WINDOW_W, MIN_WINDOW_H))
    r = Renderer()
    lay = r.prepare(surface.get_size(), rows, cols, get_theme(None))
    seen = []
    real = pygame.font.Font

    class Spy(real):
        def __init__(self, name, size):
            seen.append(round(size / render.FONT_SCALE))     # back in the window's size units
            super().__init__(name, size)
    import connect4_game.ui.text_fit as render  # where the window's fonts are cached
    render._FONTS.clear()
    pygame.font.Font = Spy
    try:
        r.draw_board(surface, [[' '] * cols for _ in range(rows)],
                     labels=[('win in 9', 'good')] * cols)
        r.draw_status(surface, 'Your turn (X)', 'X 1 : 0 O, 0 draws', 'X: You   O: Computer')
        r.draw_toast(surface, 'Column 1 is full: choose another one.')
        r.draw_banner(surface, 'You win in 9 moves!', 'New game: N', win_line=[(0, 0)])
    finally:
        pygame.font.Font = real
        render._FONTS.clear()
    assert seen and min(seen) >= MIN_FONT
    assert lay.cell >= 20


def test_full_screen_and_back_keeps_the_window_size(closing):
    app = make_app(InstantWorker(), x='human', o='human', size=(700, 640))
    closing(app)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=900, h=700, size=(900, 700))], DT)
    app.step([key(pygame.K_F11)], DT)
    assert app.window.fullscreen
    app.step([key(pygame.K_F11)], DT)
    assert not app.window.fullscreen and app.surface.get_size() == (900, 700)
