"""The window, headless: clicks, animation, AI reply off the UI
thread, hotkeys, demo, quitting while the AI thinks, worker faults."""

import os
import signal

import pygame
import pytest

from connect4_game.search.jobs import Result, ResultStatus
from connect4_game.search.replies import MoveReply
from connect4_game.search.worker import SearchWorker
from connect4_game.ui.app import frame_stats
from tests.ui_helpers import DT, click_col, key, make_app, settle, step_until


@pytest.fixture
def app(worker):
    a = make_app(worker, x='human', o='human')
    yield a
    a.close()


def pixel_near(surface, pos, colour, tol=40):
    c = surface.get_at(pos)
    return all(abs(c[i] - colour[i]) <= tol for i in range(3))


def test_click_lands_checker_in_right_slot_after_animation(app):
    app.step([], DT)
    app.step([click_col(app, 3)], DT)
    g = app.game
    # the model has the move at once; the checker is still falling
    assert g.session.game.moves == [3]
    assert g.animating()
    fall = g.falling[0]
    assert (fall.col, fall.target_row) == (3, 5) and fall.row < 5
    assert settle(app, steps=200)
    assert g.session.game.board.slots[5][3] == 'X'
    # pixels: the slot's centre shows X's colour, the slot above is still a hole
    lay = g.renderer.layout
    surf = app.step([], DT)
    cx, cy = lay.slot_center(5, 3)
    off = int(lay.radius * 0.5)
    assert pixel_near(surf, (cx + off, cy), app.theme.x_color)
    assert not pixel_near(surf, (cx + off, cy - lay.cell), app.theme.x_color)
    # the last checker played carries a small marker in the highlight colour
    assert pixel_near(surf, (cx, cy), app.theme.highlight, tol=10)
    app.step([click_col(app, 3)], DT)
    settle(app, steps=200)
    assert g.session.game.board.slots[4][3] == 'O'


def test_checker_falls_with_gravity_then_bounces(app):
    app.step([], DT)
    app.step([click_col(app, 0)], DT)
    fall = app.game.falling[0]
    rows = []
    for _ in range(400):
        app.step([], 1 / 240)
        rows.append(fall.row)
        if fall.done:
            break
    # it accelerates (each step covers more rows than the one before) ...
    first = rows[:6]
    gaps = [b - a for a, b in zip(first, first[1:], strict=False)]
    assert all(g2 > g1 for g1, g2 in zip(gaps, gaps[1:], strict=False))
    # ... touches the target, rises again (the bounce) and rests at the target
    hit = rows.index(5.0)
    assert min(rows[hit + 1:]) < 5.0
    assert fall.done and fall.row == 5.0


def test_full_column_refuses_visibly(worker):
    app = make_app(worker, x='human', o='human', rows=4, cols=4)
    try:
        app.step([], DT)
        for _ in range(4):
            app.step([click_col(app, 1)], DT)
            settle(app)
        assert app.session.game.moves == [1, 1, 1, 1]
        app.step([click_col(app, 1)], DT)
        g = app.game
        assert g.session.game.moves == [1, 1, 1, 1]          # refused
        assert g.shake is not None and g.flash_col == 1
        offsets = set()
        for _ in range(10):
            app.step([], DT)
            if g.shake:
                offsets.add(round(g.shake.offset))
        assert len(offsets) > 2                        # it really moves
        for _ in range(60):
            app.step([], DT)
        assert g.shake is None
    finally:
        app.close()


def test_ghost_checker_follows_mouse(app):
    app.step([], DT)
    lay = app.game.renderer.layout
    x, y = lay.slot_center(3, 5)
    surf = app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0),
                                        buttons=(0, 0, 0))], DT)
    assert app.game.cursor == 5
    gx, gy = lay.slot_center(-1.05, 5)
    before = surf.get_at((gx, gy))
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=lay.slot_center(3, 1), rel=(0, 0),
                                 buttons=(0, 0, 0))], DT)
    after = app.surface.get_at((gx, gy))
    assert app.game.cursor == 1 and before != after


def test_ai_reply_arrives_while_frames_keep_drawing(worker):
    app = make_app(worker, x='human', o='ai', lookahead=4)
    try:
        app.step([], DT)
        app.step([click_col(app, 3)], DT)
        g = app.game
        frames_while_thinking = 0
        for _ in range(30):
            app.step([], DT)
            if g.session.thinking():
                frames_while_thinking += 1
                assert 'thinking' in g.status_texts()[0]
        assert frames_while_thinking > 0 or g.session.game.moves[1:]
        step_until(app, lambda: len(g.session.game.moves) == 2 and not g.animating(), max_steps=600)
        assert g.session.game.board.num_checkers('O') == 1
        assert 'O' in g.session.last_stats                     # nodes/time shown after the AI move
        assert g.session.game.to_move == 'X' and g.session.human_to_move()
    finally:
        app.close()


def test_stale_result_is_dropped_after_new_game(worker):
    app = make_app(worker, x='human', o='ai', lookahead=40)   # a long search
    try:
        app.step([], DT)
        app.step([click_col(app, 3)], DT)
        settle(app)
        g = app.game
        old_game = g.session.planner.game_id
        old_job = g.session.desired_job()
        assert old_job.checker == 'O' and g.session.planner.requested == old_job
        app.step([key(pygame.K_n, 'n')], DT)           # new game while O thinks
        assert g.session.planner.game_id == old_game + 1 and g.session.game.moves == []
        # the old search's reply turns up late: it is dropped, not played
        worker._results.put(Result(old_job, ResultStatus.OK, MoveReply(0, (50,) * 7, nodes=1,
                                                                       seconds=0.1)))
        for _ in range(30):
            app.step([], DT)
        assert g.session.game.moves == []                     # the old reply never lands
    finally:
        app.close()


@pytest.mark.parametrize('k,uni,check', [
    (pygame.K_PLUS, '+', lambda g, a: g.session.lookahead == 3),
    (pygame.K_EQUALS, '=', lambda g, a: g.session.lookahead == 3),
    (pygame.K_MINUS, '-', lambda g, a: g.session.lookahead == 1),
    (pygame.K_t, 't', lambda g, a: g.session.tiebreak == 'RIGHT' and g.session.players['O'].tiebreak == 'RIGHT'),
    (pygame.K_d, 'd', lambda g, a: g.session.demo and g.session.players['X'].kind == 'ai'),
    (pygame.K_a, 'a', lambda g, a: g.session.overlay),
    (pygame.K_s, 's', lambda g, a: type(a.screen).__name__ == 'StatsScreen'),
    (pygame.K_m, 'm', lambda g, a: a.sounds.muted),
    (pygame.K_c, 'c', lambda g, a: a.theme.name != 'classic'),
    (pygame.K_ESCAPE, '\x1b', lambda g, a: a.running and any('Ctrl+Q' in t.text for t in g.toasts)),
    (pygame.K_F1, '', lambda g, a: type(a.screen).__name__ == 'HelpScreen'),
    (pygame.K_SLASH, '?', lambda g, a: type(a.screen).__name__ == 'HelpScreen'),
    (pygame.K_g, 'g', lambda g, a: type(a.screen).__name__ == 'NewGameScreen'),
])
def test_hotkey_changes_what_it_should(worker, k, uni, check):
    app = make_app(worker, x='human', o='ai', lookahead=2)
    try:
        app.step([], DT)
        assert not check(app.game, app)
        app.step([key(k, uni)], DT)
        assert check(app.game, app)
        # the status bar shows the change at once
        line1, line2, right = app.game.status_texts()
        if uni in '+=-':
            assert f'lookahead {app.session.lookahead}' in line2
        if uni == 't':
            assert 'RIGHT' in line2
    finally:
        app.close()


def test_lookahead_up_to_full_solve_shown_as_max(worker):
    app = make_app(worker, x='human', o='human', rows=4, cols=4, lookahead=14)
    try:
        app.step([], DT)
        for _ in range(5):
            app.step([key(pygame.K_PLUS, '+')], DT)
        assert app.session.lookahead == 16                # 4x4 = 16 cells: a full solve
        assert any('full solve' in t.text for t in app.game.toasts)
        app.step([key(pygame.K_MINUS, '-')], DT)
        assert app.session.lookahead == 15
    finally:
        app.close()


def test_new_game_key_and_lookahead_applies_to_next_ai_move(worker):
    app = make_app(worker, x='human', o='ai', lookahead=1)
    try:
        g = app.game
        app.step([], DT)
        app.step([key(pygame.K_PLUS, '+')] * 2, DT)
        app.step([click_col(app, 0)], DT)
        job = g.session.desired_job()
        assert job is not None and job.lookahead == 3 and job.checker == 'O'
        step_until(app, lambda: len(g.session.game.moves) == 2, max_steps=600)
        app.step([key(pygame.K_n, 'n')], DT)
        assert g.session.game.moves == [] and g.session.lookahead == 3
    finally:
        app.close()


def test_demo_game_runs_to_its_end_and_the_next_starts(worker, capsys):
    app = make_app(worker, x='ai', o='ai', lookahead=1, demo=True)
    try:
        g = app.game
        g.session.pace = 0.0
        first = g.session.planner.game_id
        step_until(app, lambda: g.session.game.over and not g.animating(), max_steps=3000, dt=0.05)
        out = capsys.readouterr().out
        assert ('wins in' in out) or ("It's a tie!" in out)
        assert g.session.game.outcome.message() in out
        step_until(app, lambda: g.session.planner.game_id == first + 1, max_steps=200, dt=0.05)
        assert g.session.demo and g.session.game.moves == [] or len(g.session.game.moves) <= 1
    finally:
        app.close()


def test_exit_after_game_stops_the_app(worker, capsys):
    app = make_app(worker, x='random', o='random', exit_after_game=True)
    try:
        step_until(app, lambda: not app.running, max_steps=3000, dt=0.05)
        assert app.session.game.over
    finally:
        app.close()


def test_win_is_highlighted_with_the_seed_message(worker, capsys):
    app = make_app(worker, x='human', o='human')
    try:
        app.step([], DT)
        for col in [0, 1, 0, 1, 0, 1]:
            app.step([click_col(app, col)], DT)
            settle(app)
        g = app.game
        lay = g.renderer.layout
        cx, cy = lay.slot_center(5, 0)
        probe = (cx + lay.radius - 1, cy)                 # the rim of X's bottom checker
        before = app.step([], DT).get_at(probe)
        app.step([click_col(app, 0)], DT)
        settle(app)
        assert g.session.game.over and g.session.game.outcome.message() == 'Player X wins in 4 moves.'
        for _ in range(5):
            surf = app.step([], DT)
        out = capsys.readouterr().out
        assert 'Player X wins in 4 moves.\nCongratulations!' in out
        assert surf.get_at(probe) != before               # the winning four are ringed
        assert pygame.display.get_caption()[0] == 'Connect Four \u2014 Player X wins in 4 moves.'
        assert g.session.game.outcome.line == ((2, 0), (3, 0), (4, 0), (5, 0))
        # nobody moves after the end
        app.step([click_col(app, 3)], DT)
        assert len(g.session.game.moves) == 7
    finally:
        app.close()


def test_tie_message(worker, capsys):
    # a 4x4 board filled without four in a row
    moves = [0, 1, 0, 1, 1, 0, 1, 0, 2, 3, 2, 3, 3, 2, 3]
    app = make_app(worker, x='human', o='human', rows=4, cols=4, moves=moves)
    try:
        app.step([], DT)
        assert not app.session.game.over
        app.step([click_col(app, 2)], DT)
        settle(app)
        app.step([], DT)
        assert app.session.game.outcome.message() == "It's a tie!"
        assert "It's a tie!" in capsys.readouterr().out
    finally:
        app.close()


def test_quit_is_answered_while_the_ai_thinks_deep(capsys):
    w = SearchWorker()
    app = make_app(w, x='human', o='ai', lookahead=40)
    try:
        app.step([], DT)
        app.step([click_col(app, 3)], DT)
        settle(app)
        for _ in range(5):
            app.step([], DT)
        assert app.session.thinking()
        pid = w.wait_running(30)              # the search has reached its process
        pids = w.pids()
        assert pid in pids
        app.step([pygame.event.Event(pygame.QUIT)], DT)
        assert not app.running
    finally:
        app.close()
        w.close()
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


def test_dead_worker_is_noticed_replaced_and_the_game_goes_on(capsys):
    w = SearchWorker()
    app = make_app(w, x='human', o='ai', lookahead=40)   # O will think for a long time
    try:
        g = app.game
        app.step([], DT)
        app.step([click_col(app, 3)], DT)
        settle(app)
        for _ in range(3):
            app.step([], DT)
        assert g.session.thinking()
        pid = w.wait_running(30)
        os.kill(pid, signal.SIGKILL)                     # the worker process dies mid-search
        step_until(app, lambda: g.session.worker_note != '', max_steps=50)
        assert 'restarted' in g.session.worker_note and w.restarts == 1
        assert pid not in w.pids() and w.pids()
        assert g.session.thinking()                              # the same search runs again
        app.step([key(pygame.K_MINUS, '-')] * 39, DT)    # the player lowers the lookahead ...
        step_until(app, lambda: len(g.session.game.moves) == 2 and not g.animating(), max_steps=600)
        assert g.session.game.board.num_checkers('O') == 1      # ... and the game goes on
    finally:
        app.close()
        w.close()


def test_frame_stats_shape():
    data = frame_stats([0.016, 0.017, 0.018, 0.050], moves=3)
    assert data['frames'] == 5 and data['moves'] == 3
    assert data['p50_ms'] == 17.0 and data['max_ms'] == 50.0
    assert set(data) == {'frames', 'p50_ms', 'p95_ms', 'p99_ms', 'max_ms', 'moves'}


def test_dead_worker_thread_is_replaced_and_the_game_goes_on(capsys):
    w = SearchWorker()

    def broken(job):
        raise RuntimeError('worker thread bug')

    w._run_job = broken                                  # the next job kills the thread
    app = make_app(w, x='human', o='ai', lookahead=2)
    try:
        g = app.game
        app.step([], DT)
        app.step([click_col(app, 3)], DT)
        w._thread.join(10)
        assert not w.alive()
        app.step([], DT)
        assert app.worker is not w and g.session.worker_note == 'AI worker restarted'
        step_until(app, lambda: len(g.session.game.moves) == 2 and not g.animating(), max_steps=600)
        assert g.session.game.board.num_checkers('O') == 1
        assert 'started a new worker' in capsys.readouterr().err
    finally:
        app.close()
        w.close()
    assert app.worker.pids() == []                       # the replacement is closed with the app


def test_sigterm_ends_the_loop_like_closing_the_window(worker):
    app = make_app(worker, x='human', o='human')
    old = signal.getsignal(signal.SIGTERM)
    try:
        app.install_sigterm()
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(3):
            app.step([], DT)
        assert not app.running
    finally:
        signal.signal(signal.SIGTERM, old)
        app.close()


def test_an_error_in_a_frame_is_reported_and_the_game_goes_on(worker, capsys):
    app = make_app(worker, x='human', o='human')
    try:
        real = app.game.update
        calls = []

        def flaky(dt):
            calls.append(dt)
            if len(calls) == 2:
                raise KeyError('boom')
            real(dt)
        app.game.update = flaky
        assert app.guarded_step([], DT)
        assert not app.guarded_step([], DT)             # the failing frame
        assert app.guarded_step([click_col(app, 2)], DT)
        assert app.session.game.moves == [2] and app.running
        assert "internal error: KeyError: 'boom'" in capsys.readouterr().err
        assert any('boom' in t.text for t in app.game.toasts)
    finally:
        app.close()


def test_a_loop_that_only_fails_gives_up_cleanly(worker, capsys):
    app = make_app(worker, x='human', o='human')

    def broken(dt):
        raise ValueError('always')
    app.game.update = broken
    app.give_up_after = 0.1
    assert app.run() == 1                                # ends (and closes) instead of hanging
    err = capsys.readouterr().err
    assert 'keeps failing' in err and err.count('internal error') == 1   # reported once
