"""A short seeded chaos run against the *real* worker process (the big UI fuzz in
test_fuzz_ui.py uses a fake worker): random clicks, hotkeys, resizes, undo, new
games and a killed worker process, interleaved with dt steps. No exception, and
after every step the board is the replay of the move list and the only search
queued is the one the game waits for."""

import os
import random
import signal

import pygame
import pytest

from connect4_game.core.game import Game
from connect4_game.search.worker import SearchWorker
from tests.ui_helpers import key, make_app

KEYS = [(pygame.K_LEFT, ''), (pygame.K_RIGHT, ''), (pygame.K_SPACE, ' '), (pygame.K_u, 'u'),
        (pygame.K_r, 'r'), (pygame.K_h, 'h'), (pygame.K_a, 'a'), (pygame.K_t, 't'),
        (pygame.K_e, 'e'), (pygame.K_d, 'd'), (pygame.K_p, 'p'), (pygame.K_n, 'n'),
        (pygame.K_PLUS, '+'), (pygame.K_MINUS, '-'), (pygame.K_5, '5'), (pygame.K_1, '1'),
        (pygame.K_9, '9'), (pygame.K_s, 's'), (pygame.K_RIGHTBRACKET, ']')]


@pytest.mark.parametrize('seed', [1])
def test_chaos_with_the_real_worker(seed, tmp_path, monkeypatch):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    rng = random.Random(seed)
    random.seed(seed)
    w = SearchWorker()
    rows, cols = rng.choice([(6, 7), (4, 5), (7, 9)])
    app = make_app(w, x=rng.choice(['human', 'ai']), o='ai', lookahead=3, rows=rows, cols=cols,
                   mute=True)
    killed = 0
    kill_from = [250, 600]      # the worker's process is killed at the first step from each on
    try:
        g = app.game
        app.step([], 1 / 60)
        for i in range(800):
            r = rng.random()
            if r < 0.35:
                e = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                       pos=(rng.randrange(app.surface.get_width()),
                                            rng.randrange(app.surface.get_height())))
            elif r < 0.8:
                k, u = rng.choice(KEYS)
                e = key(k, u)
            elif r < 0.81:
                e = pygame.event.Event(pygame.VIDEORESIZE, w=rng.randint(400, 1000),
                                       h=rng.randint(350, 900), size=(0, 0))
            else:
                e = None
            # the worker dies mid-game (once it has a process again: a replacement starts
            # only after its restart pause, in real time)
            pids = w.pids() if kill_from and i >= kill_from[0] else []
            just_killed = bool(pids)
            if just_killed:
                os.kill(pids[0], signal.SIGKILL)
                kill_from.pop(0)
                killed += 1
            app.step([e] if e is not None else [], rng.choice([0.0, 1 / 60, 0.05, 0.3]))
            if app.screen is not g:
                app.show_game()
            assert g.session.game.board == Game(g.session.game.rows, g.session.game.cols, g.session.game.moves).board
            assert abs(g.session.game.board.num_checkers('X') - g.session.game.board.num_checkers('O')) <= 1
            with w._cond:   # the only queued job is the one the game waits for
                pending, cancelling = w._pending, w._cancel
            assert pending is None or pending == g.session.planner.requested
            assert g.session.planner.requested is None or pending is not None or w._current is not None \
                or cancelling or w.wait_ready(0) or just_killed
        assert app.running and killed == 2
        assert app.session.total_moves > 10
    finally:
        app.close()
        w.close()
