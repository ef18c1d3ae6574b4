"""The practice screen, headless with the real worker: from the review, P
sets up each mistake, a right move is found and answered by perfect play, a
wrong one keeps the exercise for another try (the second shows the best), only
Next goes on, the summary counts first-try and later finds apart, Esc goes back
to the review; every text fits; the screenshot tool takes its picture."""

import pygame
import pytest

from connect4_game.ai import perfect
from connect4_game.ui import text_fit
from connect4_game.ui.text_fit import MIN_FONT
from tests.ui_helpers import DT, key, make_app, settle

#: 4x5: move 1 (X, column 1) is a blunder, best columns 2, 3, 4; move 4 (O,
#: column 3) a mistake: column 2 wins soonest, column 4 wins later
GAME = [0, 1, 4, 2]


def open_review(app, limit=2000):
    app.step([key(pygame.K_v, 'v')], DT)
    scr = app.screen
    assert type(scr).__name__ == 'ReviewScreen'
    for _ in range(limit):
        app.step([], DT)
        if scr.done:
            break
        app.worker.wait_ready(30)
    assert scr.done and not scr.error
    return scr


def open_practice(worker, moves, size=(700, 640), x='human', o='human'):
    """A 4x5 app after ``moves`` with the review ready and its practice
    open: ``(app, review, practice screen)``."""
    app = make_app(worker, x=x, o=o, rows=4, cols=5, moves=moves, size=size)
    settle(app)
    review = open_review(app)
    app.step([key(pygame.K_p, 'p')], DT)
    scr = app.screen
    assert type(scr).__name__ == 'PracticeScreen'
    return app, review, scr


def click_column(app, scr, col):
    lay = scr.renderer.layout
    x, y = lay.slot_center(1, col)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x, y + scr.board_top))],
             DT)


def wait_reply(app, scr, limit=600):
    for _ in range(limit):
        if scr.stage != 'reply':
            return
        app.worker.wait_ready(30)
        app.step([], DT)
    raise AssertionError('perfect play never answered')


def test_a_wrong_try_keeps_the_exercise_and_a_right_one_is_found_and_answered(worker):
    app, review, scr = open_practice(worker, GAME)
    try:
        assert scr.prompt() == 'Move 1: find a better move than column 1'
        assert 'Exercise 1 of 2' in scr.detail()
        app.step([key(pygame.K_2, '\u00b2')], DT)           # a digit but no number: nothing
        assert scr.stage == 'ask'
        app.step([key(pygame.K_5, '5')], DT)                # column 5: a loss, not the draw
        assert scr.stage == 'missed' and scr.prompt() == 'Not column 5: try again.'
        assert not scr.show_best()                          # not given away at once
        click_column(app, scr, 4)                           # a click tries again, never skips
        assert scr.stage == 'missed' and scr.practice.index == 0
        assert scr.prompt() == 'Not column 5: try again. The best were columns 2, 3, 4.'
        app.step([key(pygame.K_1, '1')], DT)                # column 1 again: still wrong
        assert scr.tried == 0 and scr.board().slots[-1][:] == ['X', ' ', ' ', ' ', ' ']
        click_column(app, scr, 2)                           # column 3: found at the 4th try
        assert scr.stage == 'found' or scr.stage == 'reply'
        wait_reply(app, scr)
        app.step([], DT)
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                     pos=scr.toolbar.named['next'].rect.center)], DT)
        assert scr.stage == 'ask' and scr.practice.current().ply == 4
        assert scr.prompt() == 'Move 4: find a better move than column 3'
        assert scr.board().slots[-1][:] == ['X', 'O', ' ', ' ', 'X']
        click_column(app, scr, 3)                           # column 4: a slower win counts
        assert scr.stage in ('reply', 'found')
        assert scr.prompt() == 'Found it!'
        wait_reply(app, scr)
        assert scr.stage == 'found'
        after = perfect.solve_position(list(GAME[:3]) + [3], 4, 5)
        assert scr.reply in after.best                      # perfect play answered
        assert f'column {scr.reply + 1}' in scr.detail()
        assert sum(ch != ' ' for row in scr.board().slots for ch in row) == 5
        app.step([], DT)
        click_column(app, scr, 0)                           # a click after the find: nothing
        assert scr.stage == 'found' and scr.practice.index == 1
        app.step([key(pygame.K_RETURN)], DT)
        assert scr.stage == 'done' and scr.prompt() == '2 of 2 found'
        assert scr.detail() == '1 at the first try, 1 after another try'
        assert not scr.toolbar.named['next'].enabled
        app.step([key(pygame.K_RETURN)], DT)                # back to the review
        assert app.screen is review
    finally:
        app.close()


def test_next_skips_an_exercise_not_found(worker):
    app, _review, scr = open_practice(worker, GAME)
    try:
        assert scr.toolbar.named['next'].enabled             # Next is there before any try
        app.step([key(pygame.K_n, 'n')], DT)
        assert scr.stage == 'ask' and scr.practice.current().ply == 4
        app.step([key(pygame.K_3, '3')], DT)                # a draw where a win was
        app.step([key(pygame.K_RETURN)], DT)
        assert scr.stage == 'done' and scr.prompt() == '0 of 2 found'
        assert scr.detail() == '0 at the first try, 0 after another try'
    finally:
        app.close()


def test_only_the_human_sides_mistakes_are_practised(worker):
    app, _review, scr = open_practice(worker, GAME, x='ai', o='human')
    try:
        assert [e.ply for e in scr.practice.exercises] == [4]
    finally:
        app.close()


def test_esc_goes_back_to_the_review_and_never_quits(worker):
    app, review, scr = open_practice(worker, GAME)
    try:
        app.step([key(pygame.K_ESCAPE)], DT)
        assert app.screen is review and app.running
        app.step([key(pygame.K_p, 'p')], DT)                # a fresh practice
        again = app.screen
        assert again is not scr and again.practice.index == 0
        app.step([key(pygame.K_1, '1')], DT)                # a full column? no: a wrong try
        app.step([key(pygame.K_ESCAPE)], DT)
        assert app.screen is review
        app.step([key(pygame.K_ESCAPE)], DT)
        assert app.screen is app.game
    finally:
        app.close()


def test_no_mistakes_says_so(worker):
    app, review, scr = open_practice(worker, [2, 2])       # best moves only
    try:
        assert scr.stage == 'empty'
        assert scr.prompt() == 'No mistakes to practise \u2014 well played.'
        app.step([key(pygame.K_3, '3')], DT)                # nothing to play
        assert scr.stage == 'empty' and scr.tried is None
        app.step([key(pygame.K_ESCAPE)], DT)
        assert app.screen is review
    finally:
        app.close()


def text_problems(name):
    out = []
    for t in text_fit.frame_texts():
        if not t.box.contains(t.ink) or not t.area.contains(t.ink):
            out.append(f'{name}: {t.text!r} spills out of {t.box} (ink {t.ink})')
        elif t.cut and not t.free:
            out.append(f'{name}: {t.text!r} cut to {t.lines!r}')
        elif t.size < MIN_FONT:
            out.append(f'{name}: {t.text!r} smaller than {MIN_FONT} px')
    return out


@pytest.mark.parametrize('size', [(520, 480), (1920, 1080)], ids=['520x480', '1920x1080'])
def test_every_practice_text_fits(worker, size):
    app, review, scr = open_practice(worker, GAME, size=size)
    found = []
    try:
        app.step([], DT)
        found += text_problems('review')
        app.step([], DT)
        found += text_problems('question')
        app.step([key(pygame.K_5, '5')], DT)
        found += text_problems('missed')
        app.step([key(pygame.K_RETURN)], DT)
        app.step([key(pygame.K_4, '4')], DT)
        found += text_problems('found')
        wait_reply(app, scr)
        app.step([], DT)
        found += text_problems('answered')
        app.step([key(pygame.K_RETURN)], DT)
        found += text_problems('summary')
        for b in scr.toolbar.buttons:
            app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0))], DT)
            for _ in range(90):
                app.step([], DT)
            found += text_problems(f'tooltip {b.action}')
        app.step([key(pygame.K_ESCAPE)], DT)
        app.step([], DT)
        found += text_problems('review with Practice')
        assert not found, '\n'.join(found)
    finally:
        app.close()


def test_the_screenshot_tool_writes_practice_png(worker, tmp_path):
    from tools.screenshots import save_practice
    app = make_app(worker, x='human', o='human', rows=4, cols=5, moves=GAME)
    try:
        settle(app)
        review = open_review(app)
        written = []
        assert save_practice(app, tmp_path, written)
        assert written == [tmp_path / 'practice.png'] and written[0].stat().st_size > 0
        assert pygame.image.load(str(written[0])).get_size() == app.surface.get_size()
        assert app.screen is review
    finally:
        app.close()
