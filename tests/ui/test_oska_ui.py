"""Headless tests of the Oska screen: events in, update(dt), draw; the AI runs
in the app's process worker and is awaited through the worker's own API
(never sleep, never the wall clock)."""

import pygame
import pytest

from connect4_game.oska.engine import OSKA_MAX_LOOKAHEAD as MAX_LOOKAHEAD
from connect4_game.oska.engine import (
    Move,
    apply_move,
    initial_board,
    legal_moves,
    oskaplayer,
    row_lengths,
)
from connect4_game.search.jobs import Result, ResultStatus
from connect4_game.ui.screens.oska import OskaScreen
from tests.ui_helpers import StuckWorker, make_app

SIZE = (800, 640)


@pytest.fixture
def views(worker):
    apps = []

    def make(n=4, human_side="w", lookahead=3, use_worker=None):
        app = make_app(use_worker or worker, x="human", o="human", size=SIZE)
        apps.append(app)
        v = OskaScreen(app, n, human_side, lookahead)
        app.push(v)
        return v
    yield make
    for a in apps:
        a.close()


def wait_for_ai(view, timeout=30):
    """Block until the worker has a result waiting (its explicit API)."""
    return view.app.worker.wait_ready(timeout)


def click(view, square):
    view.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=view.square_center(square),
                                          button=1))


def key(view, k, text=""):
    view.process_event(pygame.event.Event(pygame.KEYDOWN, key=k, unicode=text, mod=0))


def settle(view, dt=1 / 60, limit=600):
    """update(dt) until no animation/pass is running and no AI result is pending."""
    for _ in range(limit):
        view.update(dt)
        if view.requested is not None:
            assert wait_for_ai(view)
            continue
        if not view.animating and not view.passing and (
                view.result is not None or view.is_human(view.turn)):
            return
    raise AssertionError("view did not settle")


@pytest.mark.parametrize("n", [4, 5, 6])
def test_square_centres_and_hit_testing_round_trip(views, n):
    v = views(n, "both", 2)
    surf = pygame.Surface(SIZE)
    v.draw(surf)
    lengths = row_lengths(n)
    centres = set()
    for r, length in enumerate(lengths):
        for c in range(length):
            x, y = v.square_center((r, c))
            assert 0 < x < SIZE[0] and 0 < y < SIZE[1]
            assert v.square_at((x, y)) == (r, c)
            centres.add((x, y))
    assert len(centres) == sum(lengths)
    # rows are centred: first and last square of each row mirror around the middle
    for r, length in enumerate(lengths):
        (xa, _), (xb, _) = v.square_center((r, 0)), v.square_center((r, length - 1))
        assert abs((xa + xb) / 2 - SIZE[0] / 2) <= 1
    assert v.square_at((2, 2)) is None


def test_click_selects_highlights_and_plays_a_slide(views):
    v = views(4, "both", 2)
    click(v, (0, 3))
    assert v.selected == (0, 3)
    assert set(v.legal_targets) == {(1, 2)}
    surf = pygame.Surface(SIZE)
    v.draw(surf)
    r, g, b, *_ = surf.get_at(v.square_center((1, 2)))
    assert g > r and g > b  # the legal destination is tinted green
    click(v, (2, 0))  # not a destination, not own checker: deselect
    assert v.selected is None
    click(v, (0, 3))
    click(v, (1, 2))
    assert v.board == ["www-", "--w", "--", "---", "bbbb"] and v.turn == "b"
    st = v.animation_state()
    assert st["pos"] == v.square_center((0, 3))                 # not moved yet
    xs = []
    for _ in range(10):
        v.update(v.SLIDE_TIME / 10)
        st = v.animation_state()
        if st:
            xs.append(st["pos"][0])
            v.draw(surf)
    assert v.animation_state() is None
    # the checker slid monotonically from (0,3) to (1,2) with an ease (slow start)
    x0, x1 = v.square_center((0, 3))[0], v.square_center((1, 2))[0]
    assert all(a >= b for a, b in zip([x0] + xs, xs + [x1], strict=True))
    assert x0 - xs[0] < (x0 - x1) / 10


def test_clicks_ignored_for_wrong_side_and_during_animation(views):
    v = views(4, "both", 2)
    click(v, (4, 0))  # black checker on white's turn
    assert v.selected is None
    click(v, (0, 0))
    click(v, (1, 0))
    assert v.animating
    click(v, (4, 0))
    assert v.selected is None and v.board == ["-www", "w--", "--", "---", "bbbb"]


def test_jump_removes_captured_checker_with_fade(views):
    v = views(4, "both", 2)
    v.new_game(["----", "w--", "b-", "---", "-b--"], "w")
    click(v, (1, 0))
    assert v.legal_targets == {(3, 1): Move((1, 0), (3, 1), (2, 0))}
    surf = pygame.Surface(SIZE)
    v.draw(surf)
    click(v, (3, 1))
    assert v.board[2] == "--"  # the game state already has the capture
    fades, lifts = [], []
    while v.animating:
        st = v.animation_state()
        fades.append(st["capture"])
        lifts.append(st["lift"])
        v.draw(surf)
        v.update(1 / 30)
    assert fades[0] == 0 and max(fades) > 0.9
    assert all(a <= b for a, b in zip(fades, fades[1:], strict=False))
    assert max(lifts) > 0.9  # the jumper hops over the captured checker


def test_ai_replies_off_thread_with_the_seed_player(views):
    v = views(4, "w", 3)
    click(v, (0, 3))
    click(v, (1, 2))
    after_human = list(v.board)
    assert v.turn == "b"
    assert v.requested is not None
    assert "thinking" in v.status_text()
    assert wait_for_ai(v)
    settle(v)
    assert v.board == oskaplayer(after_human, "b", 3)
    assert v.turn == "w" and v.last_move is not None


def test_ai_result_waits_for_the_slide_to_finish(views):
    v = views(4, "w", 1)
    click(v, (0, 0))
    click(v, (1, 0))
    assert wait_for_ai(v)
    v.update(0.0)  # result is ready but the human's checker is still sliding
    assert v.turn == "b" and v.last_move == Move((0, 0), (1, 0))
    settle(v)
    assert v.turn == "w" and v.last_move != Move((0, 0), (1, 0))


def test_new_game_drops_stale_search(views):
    v = views(4, "b", 4)  # AI plays white and starts thinking at once
    first = v.requested
    assert first is not None
    key(v, pygame.K_n)  # new game while the search runs: a new search, the old one dropped
    assert v.requested != first
    settle(v)
    assert v.turn == "b" and v.board == oskaplayer(initial_board(4), "w", 4)


def test_lookahead_keys_restart_search(views):
    v = views(4, "b", 1)
    key(v, pygame.K_4)  # AI (white) is thinking at lookahead 1: restart at 4
    assert v.lookahead == 4 and v.requested.lookahead == 4
    settle(v)
    assert v.board == oskaplayer(initial_board(4), "w", 4)


def test_lookahead_hotkeys(views):
    v = views(4, "both", 3)
    key(v, pygame.K_EQUALS, "=")
    key(v, pygame.K_KP_PLUS)
    assert v.lookahead == 5
    key(v, pygame.K_MINUS, "-")
    assert v.lookahead == 4
    key(v, pygame.K_7, "7")
    assert v.lookahead == 7
    key(v, pygame.K_0, "0")
    assert v.lookahead == 10
    for _ in range(5):
        key(v, pygame.K_PLUS, "+")
    assert v.lookahead == MAX_LOOKAHEAD
    key(v, pygame.K_1, "1")
    key(v, pygame.K_MINUS, "-")
    assert v.lookahead == 1
    assert "lookahead 1" in v.message


def test_pass_is_shown_then_turn_moves_on(views):
    v = views(4, "both", 2)
    stuck = ["--ww", "--b", "--", "---", "----"]  # black cannot move
    v.new_game(stuck, "b")
    assert v.passing and "no legal move" in v.status_text()
    click(v, (1, 2))
    assert v.selected is None
    v.update(v.PASS_TIME / 2)
    assert v.turn == "b"
    v.update(v.PASS_TIME / 2 + 1e-6)
    assert v.turn == "w" and not v.passing and v.board == stuck


def test_escape_clears_then_leaves_and_resize(views):
    v = views(5, "both", 2)
    app = v.app
    click(v, (0, 0))
    key(v, pygame.K_ESCAPE)
    assert v.selected is None and app.screen is v
    key(v, pygame.K_ESCAPE)
    assert app.screen is app.game and app.running      # back to Connect Four
    surf = pygame.Surface((1200, 500))
    v.draw(surf)
    assert v.square_at(v.square_center((3, 1))) == (3, 1)


def test_the_connect4_game_waits_under_oska(views):
    v = views(4, "both", 2)
    app = v.app
    n = app.session.game.moves[:]
    app.step([], 0.5)
    assert app.session.planner.requested is None and app.session.game.moves == n


@pytest.mark.parametrize("n", [4, 5, 6])
def test_whole_game_human_clicks_vs_ai(views, n):
    v = views(n, "w", 2)
    surf = pygame.Surface(SIZE)
    for _ in range(200):
        settle(v)
        v.draw(surf)
        if v.result is not None:
            break
        move = legal_moves(v.board, "w")[0]
        before = list(v.board)
        click(v, move.frm)
        click(v, move.to)
        assert v.board == apply_move(before, move)
    assert v.result in ("w", "b", "draw")
    text = v.status_text()
    expected = {"draw": "A draw!", "w": "You win as White!", "b": "Black (computer) wins."}[v.result]
    assert text.startswith(expected)
    click(v, (0, 0))
    assert "new one" in v.message
    key(v, pygame.K_n)
    assert v.board == initial_board(n) and v.result is None


def test_ai_vs_ai_finishes(views):
    v = views(4, None, 2)
    surf = pygame.Surface(SIZE)
    for _ in range(400):
        settle(v, dt=0.1)
        v.draw(surf)
        if v.result is not None:
            break
    assert v.result in ("w", "b", "draw")


def test_bad_arguments(views):
    v = views(4, "both", 2)
    with pytest.raises(ValueError, match="human_side"):
        OskaScreen(v.app, 4, "x", 2)
    with pytest.raises(ValueError, match="lookahead"):
        OskaScreen(v.app, 4, "w", 0)
    with pytest.raises(ValueError, match="n must be"):
        OskaScreen(v.app, 3, "w", 2)
    with pytest.raises(ValueError, match="n=5"):
        v.new_game(initial_board(5), "w")
    with pytest.raises(ValueError, match="player"):
        v.new_game(initial_board(4), "x")


def test_colours_come_from_the_theme(views):
    v = views(4, "both", 2)
    surf = pygame.Surface(SIZE)
    v.draw(surf)
    assert tuple(surf.get_at((2, 2)))[:3] == v.app.theme.background
    v.app.set_theme("paper")
    v.draw(surf)
    assert tuple(surf.get_at((2, 2)))[:3] == v.app.theme.background


def test_oska_from_the_command_line_runs_in_the_same_window(tmp_path):
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    shot = tmp_path / "oska.png"
    env = dict(__import__("os").environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, str(root / "main.py"), "--game", "oska", "--demo",
                        "--exit-after", "2", "--screenshot", str(shot), "--no-settings"],
                       capture_output=True, text=True, timeout=120, env=env, cwd=root)
    assert r.returncode == 0, r.stderr
    assert pygame.image.load(str(shot)).get_size() == (800, 760)


def test_finished_waits_for_the_last_animation(views):
    v = views(4, "both", 2)
    v.new_game(["----", "---", "--", "w--", "-b--"], "w")
    click(v, (3, 0))
    click(v, (4, 0))
    assert v.result == "w" and not v.finished()  # final slide still running
    settle(v)
    assert v.finished()


def test_a_win_is_told_in_the_accent_colour_and_a_move_is_not(views):
    def status_colours(view):
        surf = pygame.Surface(SIZE)
        view.draw(surf)
        bar = view.renderer.layout.status_rect
        return {tuple(surf.get_at((x, y)))[:3] for x in range(bar.left, bar.right, 2)
                for y in range(bar.top, bar.bottom, 2)}
    v = views(4, "both", 2)
    v.new_game(["----", "---", "--", "w--", "-b--"], "w")
    assert v.app.theme.accent not in status_colours(v)
    click(v, (3, 0))
    click(v, (4, 0))
    settle(v)
    assert v.result == "w" and v.app.theme.accent in status_colours(v)


class FailingWorker(StuckWorker):
    """Answers every job with an error (an engine bug in the worker process)."""

    def poll(self):
        out = [Result(job, ResultStatus.ERROR, message="boom") for job in self.jobs]
        self.jobs = []
        return out


def test_engine_error_in_the_worker_is_reported_not_raised(views):
    v = views(4, "b", 2, use_worker=FailingWorker())   # AI white starts at once and fails
    v.update(0.0)
    assert "AI error: boom" in v.message and v.last_move is None
    v.draw(pygame.Surface(SIZE))


def test_a_replaced_worker_is_asked_for_the_lost_search(views):
    v = views(4, "b", 2, use_worker=StuckWorker())     # the computer (white) thinks for ever
    lost = v.requested
    v.app.worker = fresh = StuckWorker()               # the app started a new search worker
    v.worker_replaced(fresh)
    assert lost is not None and fresh.jobs == [v.requested] and v.requested == lost
    human = views(4, "both", 2, use_worker=StuckWorker())
    human.worker_replaced(fresh)
    assert human.requested is None and fresh.jobs == [v.requested]
