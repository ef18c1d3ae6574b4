"""How the window behaves around the game, as a newcomer met it next to GNOME
Four-in-a-row: tooltips keep clear of the result, the hint and notices and go
on a click; the result can be put away and brought back; the analysis says
'…' until it knows; the status bar does not say 'Your turn' before the
computer's checker has landed; the toolbar does not shift at the end of a
game; the host's 'Waiting for your friend' notice goes when the friend comes;
Esc closes what is on top and never quits. Driven by events and dt only."""

import threading
import time

import pygame
import pytest

from connect4_game.net.connection import NetState
from connect4_game.net.events import Connected
from connect4_game.net.join import Join
from connect4_game.net.options import NetMode, NetworkOptions
from connect4_game.search.jobs import Result, ResultStatus
from connect4_game.search.replies import MoveReply
from connect4_game.seat_config import PlayerSpec
from connect4_game.ui.app import App, AppOptions
from connect4_game.ui.widgets import TOOLTIP_DELAY
from tests.net.net_helpers import FAST_JOIN, Watch
from tests.ui_helpers import (
    DT,
    InstantWorker,
    StuckWorker,
    click_col,
    key,
    make_app,
    settle,
    step_until,
)

CTRL = pygame.KMOD_LCTRL
WIN_IN_COLUMN_1 = [0, 1, 0, 1, 0, 1]        # X plays column 1 (0-based 0) next and wins


def new(closing, worker=None, **kw):
    app = make_app(worker or InstantWorker(), mute=True, **kw)
    closing(app)
    app.step([], DT)
    return app


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(pos), rel=(0, 0), buttons=(0, 0, 0))


def press(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(pos), button=button)


def wait(app, seconds):
    for _ in range(int(seconds / DT) + 1):
        app.step([], DT)


def rest_on(app, button):
    """Move the mouse onto the toolbar button ``button`` (or the one named so) and let it rest
    until its tooltip is due; returns where the tooltip went (None: none)."""
    if isinstance(button, str):
        button = app.game.toolbar.named[button]
    app.step([motion(button.rect.center)], DT)
    wait(app, TOOLTIP_DELAY + 0.1)
    return app.game.toolbar.tip_rect


def finished(closing, moves=WIN_IN_COLUMN_1 + [0], **kw):
    """A two-person game just won by its last move of ``moves`` (the result popped in)."""
    app = new(closing, x='human', o='human', moves=moves[:-1], **kw)
    app.step([click_col(app, moves[-1])], DT)
    settle(app)
    wait(app, 0.6)
    assert app.game.banner_shown() and app.game.banner.rect is not None
    return app


# ---------------------------------------------------------------- 1. tooltips

def _tips_clear_of(app, rects):
    """Rest on every toolbar button: each tooltip drawn misses every rect of
    ``rects()``. Returns how many were drawn."""
    drawn = 0
    for b in list(app.game.toolbar.buttons):
        tip = rest_on(app, b)
        if tip is None:
            continue
        drawn += 1
        for r in rects():
            assert not tip.colliderect(r), (b.action, tip, r)
        app.step([motion((1, app.surface.get_height() - 2))], DT)   # off the bar: the tip goes
    return drawn


def test_tooltips_never_cover_a_notice(closing):
    app = new(closing, x='human', o='human')
    app.session.say('Sound off', seconds=60.0)
    app.step([], DT)
    assert app.game.toast_at is not None
    assert _tips_clear_of(app, lambda: [app.game.toast_at]) >= 4


# a four from the bottom up to the second row: the result goes above the board,
# just under the toolbar, where the tooltips would go
UP_TO_THE_TOP = [2, 1, 3, 5, 0, 0, 6, 4, 0, 2, 4, 0, 4, 1, 0, 0, 4, 4, 1, 2, 1, 5, 4, 1, 6, 1, 3,
                 2, 6, 2]


@pytest.mark.parametrize('moves,size', [(WIN_IN_COLUMN_1 + [0], (700, 640)),
                                        (UP_TO_THE_TOP, (520, 480)),
                                        (UP_TO_THE_TOP, (1200, 600))])
def test_tooltips_never_cover_the_result(closing, moves, size):
    app = finished(closing, moves, size=size)
    app.game.toasts.clear()
    assert _tips_clear_of(app, lambda: [app.game.banner.rect]) >= 4


def test_tooltips_never_cover_the_hint_or_its_notice(closing):
    app = new(closing, x='human', o='human')          # InstantWorker: the hint is column 1
    app.step([key(pygame.K_h, 'h')], DT)
    step_until(app, lambda: app.session.hint_col is not None, wait=False)
    app.step([], DT)
    g = app.game
    assert g.session.hint_col == 0 and 'Hint' in g.toasts[-1].text

    def keep():
        return g.renderer.column_rects([0]) + [g.toast_at]
    assert _tips_clear_of(app, keep) >= 4


def test_a_click_takes_the_tooltip_away(closing):
    app = new(closing, x='human', o='human')
    assert rest_on(app, 'undo') is not None
    status = app.game.renderer.layout.status_rect
    app.step([press(status.center, 3)], DT)            # any click, anywhere
    assert app.game.toolbar.tip_rect is None
    wait(app, 1.0)                                     # and it does not come back by itself
    assert app.game.toolbar.tip_rect is None


@pytest.mark.parametrize('by', ['mouse', 'keyboard'])
def test_the_menu_tooltip_does_not_stay_after_a_menu_choice(closing, by):
    app = new(closing, x='human', o='human')
    g = app.game
    assert rest_on(app, 'menu') is not None
    if by == 'mouse':
        app.step([press(g.toolbar.named['menu'].rect.center)], DT)
        assert g.menu is not None and g.toolbar.tip_rect is None
        row = g.menu.rows[[i.action for i in g.menu.items].index('details')]
        app.step([motion(row.center)], DT)
        app.step([press(row.center)], DT)
    else:
        app.step([key(pygame.K_F10)], DT)
        assert g.menu is not None
        g.menu.sel = [i.action for i in g.menu.items].index('details')
        app.step([key(pygame.K_RETURN, '\r')], DT)
    assert g.menu is None and g.details                 # the choice was made
    wait(app, 2 * TOOLTIP_DELAY)
    assert g.toolbar.tip_button() is None and g.toolbar.tip_rect is None


@pytest.mark.parametrize('k,uni,mod,dialog', [
    (pygame.K_g, 'g', 0, 'NewGameScreen'),
    (pygame.K_o, 'o', CTRL, 'SavedGamesScreen'),        # drawn over the game
])
def test_no_toolbar_tooltip_shows_under_a_dialog(closing, tmp_path, monkeypatch, k, uni, mod,
                                                 dialog):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    app = new(closing, x='human', o='human')
    assert rest_on(app, 'settings') is not None
    app.step([key(k, uni, mod)], DT)                    # a dialog, by its key
    assert type(app.screen).__name__ == dialog
    wait(app, 1.0)
    assert app.game.toolbar.tip_rect is None
    app.step([key(pygame.K_ESCAPE, '\x1b')], DT)
    assert app.screen is app.game and app.game.toolbar.tip_rect is None


# ---------------------------------------------------------------- 2. the result

def test_the_result_is_put_away_and_brought_back(closing):
    app = finished(closing)
    g = app.game
    assert g.banner.rect is not None
    app.step([press(g.banner.rect.center)], DT)        # a click on it
    assert not g.banner_shown() and g.banner.rect is None
    assert 'B or a click here' in g.status_texts()[1]
    app.step([key(pygame.K_b, 'b')], DT)                # B brings it back
    assert g.banner_shown() and g.banner.rect is not None
    app.step([key(pygame.K_ESCAPE, '\x1b')], DT)        # Esc puts it away
    assert not g.banner_shown() and app.running
    app.step([press(g.renderer.layout.status_rect.center)], DT)   # a click on the status line
    assert g.banner_shown() and g.banner.rect is not None
    app.step([key(pygame.K_b, 'b')], DT)                # B puts it away too
    assert not g.banner_shown() and g.banner.rect is None
    assert g.session.game.over and app.running


# ---------------------------------------------------------------- 3. analysis badges

class Answering(StuckWorker):
    """Answers only what the test puts in ``answers`` (Result objects made
    from the jobs it was given)."""

    def __init__(self):
        super().__init__()
        self.answers = []

    def poll(self):
        out, self.answers = self.answers, []
        return out


def test_the_analysis_says_wait_until_it_knows_then_the_result(closing):
    worker = Answering()
    app = new(closing, worker, x='human', o='human', lookahead=12)
    app.step([key(pygame.K_a, 'a')], DT)
    app.step([], DT)
    g = app.game
    job = worker.jobs[-1]
    assert [b[0] for b in g.overlay_labels()] == ['\u2026'] * 7       # computing
    worker.answers.append(Result(job, ResultStatus.PROGRESS, MoveReply(   # a shallower look
        1, (50, 100, 0, 50, 50, 50, 50), depth=4, nodes=9, seconds=0.01)))
    app.step([], DT)
    texts = [b[0] for b in g.overlay_labels()]
    assert 'even' not in ' '.join(texts)                   # not a verdict while it computes
    assert texts[1] == 'win \u22644' and texts[2] == 'loss \u22644'   # proven: shown at once
    assert texts[0] == texts[3] == '\u2026'
    worker.answers.append(Result(job, ResultStatus.OK, MoveReply(
        1, (50, 100, 0, 50, 50, 50, 50), depth=12, nodes=99, seconds=0.5)))
    app.step([], DT)
    texts = [b[0] for b in g.overlay_labels()]
    assert texts[0] == '\u2248 even' and texts[1] == 'win \u226412'   # then the result


# ---------------------------------------------------------------- 4. status bar

def test_your_turn_waits_until_the_computers_checker_has_landed(closing):
    app = new(closing, x='human', o='ai')                # InstantWorker answers at once
    g = app.game
    assert g.status_texts()[0] == 'Your turn (X)'
    app.step([click_col(app, 3)], DT)
    seen = []
    for _ in range(400):
        app.step([], DT)
        s = g.session
        computer_falling = g.animating() and len(s.game.moves) == 2
        seen.append((computer_falling, g.status_texts()[0], pygame.display.get_caption()[0]))
        if len(s.game.moves) == 2 and not g.animating():
            break
    falling = [line for fell, line, _c in seen if fell]
    assert falling, 'the computer never answered'
    assert not any('Your turn' in line for line in falling), falling
    assert not any('Your turn' in title for fell, _l, title in seen if fell)   # nor the title
    before = [line for fell, line, _c in seen if not fell and 'Your turn' not in line]
    assert falling[0] == before[-1]                    # it holds what it said before
    assert g.status_texts()[0] == 'Your turn (X)'      # and says it once the checker is down
    assert g.caption() == 'Your turn (X)'


# ---------------------------------------------------------------- 5. toolbar

@pytest.mark.parametrize('size', [(700, 640), (520, 480), (1200, 600)])
@pytest.mark.parametrize('language', ['en', 'nl'])
def test_the_toolbar_does_not_shift_when_hint_becomes_review(closing, size, language):
    app = new(closing, x='human', o='human', moves=WIN_IN_COLUMN_1, size=size,
              language=language)
    g = app.game
    before = {b.action: pygame.Rect(b.rect) for b in g.toolbar.buttons}
    labels = [b.label for b in g.toolbar.buttons]
    app.step([click_col(app, 0)], DT)
    settle(app)
    app.step([], DT)
    assert g.session.game.over and g.toolbar.named['hint'].action == 'review'
    assert [b.label for b in g.toolbar.buttons] != labels   # Hint says Review now
    after = {('hint' if b.action == 'review' else b.action): pygame.Rect(b.rect)
             for b in g.toolbar.buttons}
    assert after == before
    app.step([key(pygame.K_n, 'n')], DT)                # a new game: Hint again, same place
    app.step([], DT)
    assert {b.action: pygame.Rect(b.rect) for b in g.toolbar.buttons} == before


# ---------------------------------------------------------------- 6. network host

def test_the_wait_for_your_friend_notice_goes_when_the_friend_has_come(closing):
    app = App(AppOptions(use_settings=False, mute=True), size=(640, 600), worker=InstantWorker())
    closing(app)
    options = NetworkOptions(NetMode.HOST, bind_address='127.0.0.1', port=0, code='4321',
                             side='X', local={'X': PlayerSpec('human')})
    game = app.start_network(options)
    app.step([], DT)

    def waiting():
        return [t for t in app.game.toasts if 'Waiting for your friend' in t.text]
    assert waiting()                                    # shown while nobody has come
    friend = Join('127.0.0.1', game.peer.port, '4321', **FAST_JOIN).start()
    closing(friend)
    deadline = time.monotonic() + 10
    while not (app.session.network is not None and app.session.network.peer.state is NetState.PLAYING):
        assert time.monotonic() < deadline, 'the friend never came'
        app.step([], DT)                                # the window agrees on the hello
        threading.Event().wait(0.005)                   # let the network thread run
    Watch(friend).wait(Connected)
    app.step([], DT)
    assert not waiting()                                # it went
    assert 'Waiting' not in app.game.status_texts()[0]
    assert any('Connected to' in t.text for t in app.game.toasts)


# ---------------------------------------------------------------- 7. Esc and quitting

def test_esc_closes_a_dialog_and_does_not_quit(closing):
    app = new(closing, x='human', o='human')
    for k, uni in ((pygame.K_g, 'g'), (pygame.K_F1, ''), (pygame.K_s, 's')):
        app.step([key(k, uni)], DT)
        assert app.screen is not app.game
        app.step([key(pygame.K_ESCAPE, '\x1b')], DT)
        assert app.screen is app.game and app.running


def test_esc_closes_the_menu_and_does_not_quit(closing):
    app = new(closing, x='human', o='human')
    app.step([key(pygame.K_F10)], DT)
    assert app.game.menu is not None
    app.step([key(pygame.K_ESCAPE, '\x1b')], DT)
    assert app.game.menu is None and app.running


def test_esc_closes_a_tooltip_then_a_notice_then_the_result_and_never_quits(closing):
    app = finished(closing)
    g = app.game
    app.session.say('Sound off', seconds=60.0)
    assert rest_on(app, 'undo') is not None
    app.step([key(pygame.K_ESCAPE, '\x1b')], DT)        # the tooltip first
    assert g.toolbar.tip_rect is None and g.toasts and g.banner_shown()
    app.step([key(pygame.K_ESCAPE, '\x1b')], DT)        # then the notice
    assert not any(t.text == 'Sound off' for t in g.toasts) and g.banner_shown()
    g.toasts.clear()
    app.step([key(pygame.K_ESCAPE, '\x1b')], DT)        # then the result
    assert not g.banner_shown()
    for _ in range(3):                                  # nothing left: it says how to quit
        app.step([key(pygame.K_ESCAPE, '\x1b')], DT)
    assert app.running and any('Ctrl+Q' in t.text for t in g.toasts)


def _autosaving_app(tmp_path, monkeypatch, closing):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    app = App(AppOptions(x=PlayerSpec('human'), o=PlayerSpec('human'), mute=True,
                         use_settings=True, owns_autosave=True),
              size=(640, 600), worker=InstantWorker())
    closing(app)
    for col in (3, 4):
        app.step([click_col(app, col)], DT)
        settle(app)
    return app


@pytest.mark.parametrize('how', ['ctrl_q', 'menu_quit', 'close_button'])
def test_ctrl_q_menu_quit_and_the_close_button_quit_and_keep_the_game(tmp_path, monkeypatch,
                                                                     closing, how):
    from connect4_game.storage.savegame import load_autosave
    app = _autosaving_app(tmp_path, monkeypatch, closing)
    g = app.game
    if how == 'ctrl_q':
        app.step([key(pygame.K_q, 'q', CTRL)], DT)
    elif how == 'close_button':
        app.step([pygame.event.Event(pygame.QUIT)], DT)
    else:
        app.step([press(g.toolbar.named['menu'].rect.center)], DT)
        row = g.menu.rows[[i.action for i in g.menu.items].index('quit')]
        app.step([motion(row.center)], DT)
        app.step([press(row.center)], DT)
    assert not app.running
    app.close()
    saved, _warning = load_autosave()
    assert saved is not None and saved.columns == [3, 4]


# ---------------------------------------------------------------- 8. idle window

def test_an_idle_window_draws_only_when_something_changes(closing):
    """As the real loop steps it (``redraw=None``): while nothing moves, at
    most the once-a-second backstop frame; the mouse's hover and every frame
    of a falling checker are still drawn (see benchmarks/bench_idle.py for
    the CPU this saves)."""
    from connect4_game.ui.app import IDLE_REDRAW
    app = new(closing, x='human', o='ai')
    for _ in range(240):                               # whatever pops in settles
        app.step([], DT, redraw=None)
    drawn = 0
    for _ in range(600):                               # 10 s of nothing
        app.step([], DT, redraw=None)
        drawn += app.drew
    assert drawn <= 10 / IDLE_REDRAW + 1
    lay = app.game.renderer.layout
    app.step([motion(lay.slot_center(2, 1))], DT, redraw=None)   # the ghost checker follows
    assert app.drew and app.game.cursor == 1
    app.step([click_col(app, 3)], DT, redraw=None)
    falls = 0
    while app.game.animating():
        app.step([], DT, redraw=None)
        assert app.drew, 'a frame of the falling checker was skipped'
        falls += 1
    assert falls >= 10                                 # the drop is animated, frame by frame
