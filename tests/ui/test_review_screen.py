"""The review screen, headless with the real worker: the graph fills move by
move, every move gets a verdict, the keys and clicks choose a move, and the
game underneath waits and goes on afterwards."""

import pygame

from connect4_game.ai.review import review_game
from connect4_game.search.replies import MoveReply
from connect4_game.ui.screens.review import graph_y
from tests.ui_helpers import DT, key, make_app, settle


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


def test_a_finished_game_is_reviewed_move_by_move(worker):
    # 4x5 board: solved at once by our own solver, with or without bitbully
    moves = [0, 1, 0, 1, 0, 4, 2, 1, 0]
    app = make_app(worker, x='human', o='human', rows=4, cols=5, moves=moves)
    try:
        settle(app)
        assert app.session.game.over
        assert app.game.toolbar.buttons[3].action == 'review'     # Hint became Review
        scr = open_review(app)
        expected = review_game(4, 5, moves, time_budget=None)
        assert [r.verdict for r in scr.records] == [r.verdict for r in expected]
        assert [r.value for r in scr.records] == [r.value for r in expected]
        bad = [i for i, r in enumerate(expected) if r.verdict in ('mistake', 'blunder')]
        assert scr.sel == (bad[0] if bad else 0)               # opens at the first mistake
        app.step([key(pygame.K_HOME)], DT)
        assert scr.sel == 0 and 'Move 1: X played column 1' in scr.move_text()
        app.step([key(pygame.K_RIGHT), key(pygame.K_RIGHT)], DT)
        assert scr.sel == 2
        g = scr.graph_rect
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                     pos=(g.right - 2, g.centery))], DT)
        assert scr.sel == len(moves) - 1                       # a click on the graph
        surf = app.step([], DT)
        assert surf.get_size() == app.surface.get_size()
        app.step([key(pygame.K_ESCAPE)], DT)
        assert app.screen is app.game
    finally:
        app.close()


#: 4x5: X can win at once in column 0 on move 7 but plays column 4; O then wins
THROWN_WIN = [0, 1, 0, 1, 0, 1, 4, 1]


def reviewed(worker, moves):
    """A two-player 4x5 app after ``moves``, with the review open and ready: ``(app, screen)``."""
    app = make_app(worker, x='human', o='human', rows=4, cols=5, moves=moves)
    settle(app)
    return app, open_review(app)


def test_a_thrown_win_is_a_blunder_and_n_finds_it(worker):
    app, scr = reviewed(worker, THROWN_WIN)
    try:
        verdicts = [r.verdict for r in scr.records]
        assert verdicts[6] == 'blunder' and 0 in scr.records[6].best
        app.step([key(pygame.K_HOME), key(pygame.K_n, 'n')], DT)
        after_first = [i for i, v in enumerate(verdicts) if i > 0 and v in ('mistake', 'blunder')]
        assert scr.sel == after_first[0]                         # N: the next mistake
        assert verdicts[scr.sel] in scr.move_text()
    finally:
        app.close()


def test_the_game_waits_under_the_review_and_goes_on_after(worker):
    app = make_app(worker, x='human', o='ai', rows=4, cols=5, lookahead=2, moves=[2])
    try:
        app.step([], DT)
        open_review(app)
        moves = list(app.session.game.moves)
        for _ in range(30):
            app.step([], 0.1)
        assert app.session.game.moves == moves                # nothing moved underneath
        app.step([key(pygame.K_ESCAPE)], DT)
        for _ in range(600):                                  # the computer's move comes
            app.step([], DT)
            if len(app.session.game.moves) > len(moves):
                break
            if app.session.planner.requested is not None:
                app.worker.wait_ready(30)
        assert len(app.session.game.moves) == len(moves) + 1
    finally:
        app.close()


def test_graph_positions_order_wins_draws_and_losses():
    cells = 42
    assert graph_y(0, cells) == 0 and graph_y(None, cells) == 0
    assert 0 < graph_y(30, cells) < graph_y(3, cells) < 1        # a sooner win is higher
    assert -1 < graph_y(-3, cells) < graph_y(-30, cells) < 0


def click(app, rect):
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center)], DT)


def test_the_buttons_step_through_the_game_and_lead_back(worker):
    moves = THROWN_WIN
    app, scr = reviewed(worker, moves)
    try:
        app.step([key(pygame.K_HOME)], DT)
        bar = scr.toolbar
        assert [b.action for b in bar.buttons] == ['back', 'prev', 'next', 'mistake', 'practice']
        assert all(b.rect.height > 0 and b.rect.bottom <= scr.graph_rect.top for b in bar.buttons)
        assert not bar.named['prev'].enabled and bar.named['next'].enabled
        click(app, bar.named['next'].rect)
        click(app, bar.named['next'].rect)
        assert scr.sel == 2
        click(app, bar.named['prev'].rect)
        assert scr.sel == 1
        click(app, bar.named['mistake'].rect)
        assert scr.records[scr.sel].verdict in ('mistake', 'blunder') and scr.sel > 1
        while bar.named['next'].enabled:               # to the last move: nothing after it
            click(app, bar.named['next'].rect)
        assert scr.sel == len(moves) - 1
        assert not bar.named['next'].enabled
        click(app, bar.named['next'].rect)             # a dimmed button does nothing
        assert scr.sel == len(moves) - 1
        click(app, bar.named['mistake'].rect)          # round again to the first mistake
        assert scr.sel == 0 and scr.records[0].verdict == 'blunder'
        # the keyboard reaches the buttons too: Tab, then Enter on "Back to the game"
        app.step([key(pygame.K_TAB)], DT)
        assert bar.focus == 0 and app.screen is scr
        app.step([key(pygame.K_RETURN)], DT)
        assert app.screen is app.game
    finally:
        app.close()


def test_the_review_opens_at_the_first_mistake_and_n_goes_on_from_there(worker):
    app, scr = reviewed(worker, [2, 2, 1, 1])           # 4x5: move 3 throws the win away
    try:
        assert [r.verdict for r in scr.records][:3] == ['best', 'best', 'blunder']
        assert scr.sel == 2 and 'Move 3: X played column 2' in scr.move_text()
        assert scr.toolbar.named['mistake'].enabled == (scr.next_mistake() is not None)
    finally:
        app.close()


def test_without_a_mistake_the_review_opens_at_move_1(worker):
    app, scr = reviewed(worker, [2, 2, 2])
    try:
        assert [r.verdict for r in scr.records] == ['best', 'best', 'best']
        assert scr.sel == 0 and scr.next_mistake() is None
        assert not scr.toolbar.named['mistake'].enabled
    finally:
        app.close()


def test_a_move_still_judged_shows_dots_over_its_columns(worker):
    from tests.ui_helpers import StuckWorker
    app = make_app(StuckWorker(), x='human', o='human', rows=4, cols=5, moves=[0, 0, 0, 0, 1])
    try:
        app.step([key(pygame.K_v, 'v')], DT)
        scr = app.screen
        assert type(scr).__name__ == 'ReviewScreen' and scr.sel == 0 and not scr.records
        labels = scr.judging_labels(scr.position())
        assert [lbl[0] for lbl in labels] == ['\u2026'] * 5      # move 1: every column open
        scr.sel = 4                                             # column 1 is full there
        labels = scr.judging_labels(scr.position())
        assert labels[0] is None and [lbl[0] for lbl in labels[1:]] == ['\u2026'] * 4
        app.step([], DT)                                        # drawn without a verdict
    finally:
        app.close()


def test_the_review_teaches_the_analysis_perfect_play(worker):
    app, scr = reviewed(worker, THROWN_WIN)
    try:
        app.step([key(pygame.K_ESCAPE)], DT)
        s = app.session
        s.new_game(4, 5, THROWN_WIN[:6])                 # the position before the thrown win
        known = s.perfect_payload()
        assert known is not None and known.columns[0] is not None and known.columns[0].label == 'win in 1'
        s.overlay = True
        labels = app.game.overlay_labels()
        assert labels[0][0] == 'win in 1' and labels[0][1] == app.theme.good
        assert s.verdict(MoveReply(None, (50,) * 5, depth=2), 4).startswith('loss')
    finally:
        app.close()
