"""UI fuzzing: >= 20,000 random events into the headless app, invariants after each.

A seeded generator feeds the real :class:`connect4_game.ui.app.App` clicks
anywhere (also outside the board and the window), every hotkey, key repeats,
resizes, focus changes and quit requests (then cancelled by a new game),
interleaved with random ``dt`` steps, over random board sizes and player
kinds. The AI worker is replaced by a deterministic in-process fake that
answers after a random number of polls and sometimes fails (error result,
worker death, an illegal column) -- the fault paths a player may meet.

Checked after every event and every step:

* the board equals the replay of the move list (so checkers alternate,
  X first) and the checker counts differ by at most one;
* nobody moves after the game ended (same game, no undo/new game);
* a move made while handling an event is a human's drop on a human's turn;
  a move made in a ``dt`` step is a computer's, one at most per step
  (an AI never moves on a human's turn);
* at most one search is in flight, and the job the game waits for is the
  one the worker runs (or has answered).
"""

import random

import pygame
import pytest

from connect4_game.ai.score import ColumnScore, Score
from connect4_game.core.game import Game
from connect4_game.search.jobs import JobKind, Result, ResultStatus, compute
from connect4_game.search.replies import MoveReply
from connect4_game.seat_config import PlayerSpec
from connect4_game.ui.app import App, AppOptions

TOTAL_EVENTS = 20_000
APPS = 5
SEED = 8_2027
ILLEGAL_COLUMN_RATE = 0.005   # share of answers with an off-board column (fault injection)

KINDS = ["human", "human", "random", "ai", "ai", "plugin"]
SIZES = [(6, 7), (4, 4), (5, 6), (7, 9), (12, 14), (4, 14), (12, 4), (8, 8)]
LETTER_KEYS = [pygame.K_a, pygame.K_c, pygame.K_d, pygame.K_e, pygame.K_g, pygame.K_h,
               pygame.K_m, pygame.K_p, pygame.K_r, pygame.K_s, pygame.K_t,
               pygame.K_u, pygame.K_q, pygame.K_x]      # N (new game) is sent separately, rarer
SPECIAL_KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_SPACE,
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_F1,
                pygame.K_BACKSPACE, pygame.K_HOME, pygame.K_KP5, pygame.K_KP_PLUS,
                pygame.K_KP_MINUS]
CTRL_KEYS = [pygame.K_z, pygame.K_y, pygame.K_s, pygame.K_o, pygame.K_c, pygame.K_q]
TEXT_KEYS = "0123456789+-=[]?"
DROP_KEYS = (pygame.K_DOWN, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


class FakeWorker:
    """Deterministic stand-in for SearchWorker: one job at a time, answered
    after a random number of polls, sometimes with a fault."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.current = None          # job being "computed"
        self.countdown = 0
        self.outbox = []             # results not yet polled
        self.submits = self.cancels = self.faults = 0

    # the SearchWorker interface the app uses
    def submit(self, job) -> None:
        self.submits += 1
        self.current = job          # like the real worker: a new job replaces the running one
        self.countdown = self.rng.choice([0, 0, 1, 1, 2, 3, 6])

    def cancel(self) -> None:
        self.cancels += 1
        self.current = None

    def busy(self) -> bool:
        return self.current is not None

    def in_flight(self):
        return self.current

    def close(self) -> None:
        self.current = None

    def poll(self):
        if self.current is not None:
            if self.countdown > 0:
                self.countdown -= 1
            else:
                self.outbox.append(self._answer(self.current))
                if self.outbox[-1].status != "died":
                    self.current = None
        out, self.outbox = self.outbox, []
        return out

    def _answer(self, job):
        rng = self.rng
        roll = rng.random()
        if roll < 0.01:
            self.faults += 1
            return Result(job, ResultStatus.ERROR, message="ZeroDivisionError: injected fault")
        if roll < 0.02:
            self.faults += 1
            self.countdown = 1
            return Result(job, ResultStatus.DIED)          # the real worker re-runs the job
        if job.kind == JobKind.PUZZLE:          # judged for real: the puzzle's own position
            return Result(job, ResultStatus.OK, compute(job))
        rows = job.rows
        legal = [c for c in range(len(rows[0])) if rows[0][c] == " "]
        column = rng.choice(legal) if legal else None
        if roll < 0.02 + ILLEGAL_COLUMN_RATE and legal:
            self.faults += 1
            column = len(rows[0]) + 3           # an illegal answer
        scores = tuple((-1 if rows[0][c] != " " else rng.choice([0, 50, 100]))
                       for c in range(len(rows[0])))
        verdicts = {"win in 3": Score.of_pons(5, 3), "loss in 8": Score.of_pons(-4, 8),
                    "draw": Score.of_pons(0, None)}
        labels: tuple[ColumnScore | None, ...] = ()
        if job.kind == "expert":
            labels = tuple(None if s == -1 else ColumnScore(c, verdicts[rng.choice(list(verdicts))])
                           for c, s in enumerate(scores))
        if job.kind == "plugin":
            scores = ()
        return Result(job, ResultStatus.OK, MoveReply(column, scores, labels, seconds=0.01,
                                                      nodes=rng.randint(0, 999)))


def key_event(key, mod=0, uni=""):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=uni, scancode=0)


def random_event(rng: random.Random, size, last_key):
    w, h = size
    r = rng.random()
    if r < 0.22:
        if rng.random() < 0.85:      # mostly where a player clicks: the board, below the toolbar
            pos = (rng.randint(0, w), rng.randint(int(h * 0.1), h))
        else:                        # anywhere, also outside the window and on the toolbar
            pos = (rng.randint(-50, w + 50), rng.randint(-50, h + 50))
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 1, 2, 3, 4, 5]))
    if r < 0.30:
        pos = (rng.randint(-50, w + 50), rng.randint(-50, h + 50))
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if r < 0.33:
        pos = (rng.randint(0, w), rng.randint(0, h))
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    if r < 0.40 and last_key is not None:
        return last_key                                  # key repeat
    if r < 0.55:
        return key_event(rng.choice(DROP_KEYS + (pygame.K_LEFT, pygame.K_RIGHT)))
    if r < 0.68:
        k = rng.choice(LETTER_KEYS)
        return key_event(k, uni=chr(k) if k < 256 else "")
    if r < 0.74:
        ch = rng.choice(TEXT_KEYS)
        return key_event(ord(ch) if ord(ch) < 128 else 0, uni=ch)
    if r < 0.80:
        return key_event(rng.choice(SPECIAL_KEYS))
    if r < 0.85:
        return key_event(rng.choice(CTRL_KEYS), mod=pygame.KMOD_LCTRL)
    if r < 0.87:
        nw, nh = rng.choice([(rng.randint(100, 1100), rng.randint(100, 900)), (320, 300),
                             (1, 1), (1100, 400), (400, 900)])
        return pygame.event.Event(pygame.VIDEORESIZE, w=nw, h=nh, size=(nw, nh))
    if r < 0.90:
        return pygame.event.Event(rng.choice([pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED,
                                              pygame.WINDOWENTER, pygame.WINDOWLEAVE,
                                              pygame.ACTIVEEVENT]), gain=rng.randint(0, 1),
                                  state=1)
    if r < 0.901:
        return pygame.event.Event(pygame.QUIT)
    if r < 0.902:
        return key_event(pygame.K_ESCAPE)
    if r < 0.903:
        return key_event(pygame.K_n, uni="n")
    if r < 0.915:
        return key_event(pygame.K_F11)
    return key_event(pygame.K_KEYUP if hasattr(pygame, "K_KEYUP") else pygame.K_F5)


class Snapshot:
    def __init__(self, app):
        g = app.game
        self.game = g
        self.game_id = g.session.planner.game_id
        self.moves = list(g.session.game.moves)
        self.over = g.session.game.over
        self.players = dict(g.session.players)
        self.to_move = g.session.game.to_move
        self.on_game_screen = app.screen is g
        self.menu_open = g.menu is not None
        self.toolbar_focus = g.toolbar.focus is not None
        self.toolbar = g.toolbar.rect.copy()
        self.thinking = g.session.thinking()
        self.move_now = g.move_now_visible()


def check_state(app, worker, where):
    g = app.game
    m = g.session.game
    assert m.board == Game(m.rows, m.cols, m.moves).board, \
        f"{where}: board differs from the replay of {m.moves}"
    nx, no = m.board.num_checkers("X"), m.board.num_checkers("O")
    assert nx - no in (0, 1) and nx + no == len(m.moves), f"{where}: counts X={nx} O={no}"
    assert m.to_move == ("X" if len(m.moves) % 2 == 0 else "O")
    # at most one search in flight, and it is the one the game waits for
    assert worker.current is None or worker.countdown >= 0
    if g.session.planner.requested is not None:
        waiting_for = {worker.current} if worker.current is not None else set()
        waiting_for |= {r.request for r in worker.outbox}
        assert g.session.planner.requested in waiting_for, f"{where}: game waits for a job nobody runs"


def check_transition(before, app, where, human_drop=False, history=False, step=False):
    g = app.game
    if g is not before.game or g.session.planner.game_id != before.game_id:
        return                                   # a new game
    moves = g.session.game.moves
    if moves[:len(before.moves)] != before.moves or len(moves) == len(before.moves):
        return                                   # unchanged, or undo
    new = moves[len(before.moves):]
    assert not before.over, f"{where}: {len(new)} move(s) after the game ended"
    if history:
        return                                   # redo replays moves already played
    if step:
        assert len(new) == 1, f"{where}: {len(new)} computer moves in one step"
        side = before.to_move
        assert not before.players[side].is_human, \
            f"{where}: a computer moved on the human's turn ({side})"
    else:
        assert human_drop and before.on_game_screen, f"{where}: a move without a drop"
        assert len(new) == 1
        assert before.players[before.to_move].is_human, \
            f"{where}: a drop event moved for the computer side {before.to_move}"


def is_control_event(e, before):
    """A click on the toolbar or an open menu, or a key that commands the game
    (undo, redo, load, new game, 'move now' while the computer thinks): it may
    change the moves without being a drop."""
    if e.type == pygame.MOUSEBUTTONDOWN:
        return before.menu_open or before.toolbar.collidepoint(e.pos) or before.move_now
    if e.type != pygame.KEYDOWN:
        return False
    if e.mod & pygame.KMOD_CTRL:
        return e.key in (pygame.K_z, pygame.K_y, pygame.K_o)
    if e.key == pygame.K_SPACE and before.thinking:
        return True                              # Move now
    return before.menu_open or before.toolbar_focus or \
        e.key in (pygame.K_u, pygame.K_r, pygame.K_n)


def is_drop_event(e):
    """A click, a drop key at the cursor, or a column's number (1-9, typed or on the keypad)."""
    if e.type == pygame.MOUSEBUTTONDOWN:
        return e.button == 1
    if e.type != pygame.KEYDOWN or e.mod & pygame.KMOD_CTRL:
        return False
    typed = getattr(e, "unicode", "")
    return e.key in DROP_KEYS or (len(typed) == 1 and typed in "123456789") \
        or pygame.K_KP1 <= e.key <= pygame.K_KP9


def run_app(rng, events_budget, stats):
    rows, cols = rng.choice(SIZES)
    players = {}
    for side in "XO":
        kind = rng.choice(KINDS)
        players[side] = PlayerSpec(kind, rng.randint(0, 9), rng.choice(["LEFT", "RIGHT", "RANDOM"]),
                                     plugin="bots/none.py:Bot" if kind == "plugin" else "")
    worker = FakeWorker(rng)
    app = App(AppOptions(x=players["X"], o=players["O"], rows=rows, cols=cols, mute=True,
                         use_settings=False, demo=rng.random() < 0.2),
              size=rng.choice([(800, 760), (640, 480), (900, 600)]), worker=worker)
    try:
        check_state(app, worker, "start")
        last_key = None
        sent = 0
        while sent < events_budget:
            for _ in range(rng.randint(1, 6)):
                e = random_event(rng, app.surface.get_size(), last_key)
                if e.type == pygame.KEYDOWN:
                    last_key = e
                before = Snapshot(app)
                app.handle_event(e)
                sent += 1
                where = f"event {sent} {pygame.event.event_name(e.type)} {getattr(e, 'key', '')}"
                check_state(app, worker, where)
                check_transition(before, app, where, human_drop=is_drop_event(e),
                                 history=is_control_event(e, before))
                if not app.running:
                    # a quit request: the app would exit now; cancel it with a new game
                    stats["quits"] += 1
                    app.running = True
                    app.show_game()
                    before = Snapshot(app)
                    app.handle_event(key_event(pygame.K_n, uni="n"))
                    check_state(app, worker, where + " +N")
            if app.screen is not app.game and rng.random() < 0.3:
                app.show_game()          # the player closes the dialog, review or Oska
            before = Snapshot(app)
            dt = rng.choice([0.0, 1 / 120, 1 / 60, 1 / 30, 0.1, 0.25, 0.5, 1.0, 2.5])
            app.step([], dt)
            stats["steps"] += 1
            where = f"step after event {sent} dt={dt}"
            check_state(app, worker, where)
            check_transition(before, app, where, step=True)
        stats["events"] += sent
        stats["games"] += app.session.games_finished
        stats["faults"] += worker.faults
        stats["submits"] += worker.submits
        stats["total_moves"] += app.session.total_moves
    finally:
        app.close()


@pytest.mark.timeout(300)        # 20,000 events: about a minute, longer on a busy machine
def test_fuzz_the_headless_app(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CONNECT4_CONFIG_DIR", str(tmp_path))   # Ctrl+S / Ctrl+O go here
    from connect4_game.storage import savegame
    clock = iter(range(1_700_000_000, 1_800_000_000, 7))
    monkeypatch.setattr(savegame.time, "time", lambda: float(next(clock)))   # saved games' names
    rng = random.Random(SEED)
    random.seed(SEED)                     # random players and RANDOM tiebreaks
    stats = dict(events=0, steps=0, games=0, quits=0, faults=0, submits=0, total_moves=0)
    for _ in range(APPS):
        run_app(rng, TOTAL_EVENTS // APPS, stats)
    capsys.readouterr()
    print(stats)
    assert stats["events"] >= TOTAL_EVENTS
    # the fuzz really exercised the game: moves, finished games, searches, faults, quits
    assert stats["total_moves"] > 200, stats
    assert stats["games"] >= 3, stats
    assert stats["submits"] > 100 and stats["faults"] > 0 and stats["quits"] > 5, stats


def test_an_off_board_hint_column_from_the_worker_does_not_crash(tmp_path, monkeypatch):
    """Regression for a crash the fuzz found (notes/ui_bugs.md #5): a hint whose
    column is off the board must be ignored, not drawn."""
    monkeypatch.setenv("CONNECT4_CONFIG_DIR", str(tmp_path))

    class OffBoard(FakeWorker):
        def _answer(self, job):
            cols = len(job.rows[0])
            return Result(job, ResultStatus.OK, MoveReply(cols + 2, (50,) * cols, nodes=1))

    worker = OffBoard(random.Random(1))
    app = App(AppOptions(x=PlayerSpec("human", 3, "LEFT"), o=PlayerSpec("ai", 3, "LEFT"),
                         mute=True, use_settings=False), worker=worker)
    try:
        app.step([], 0.016)
        app.handle_event(key_event(pygame.K_h, uni="h"))     # ask for a hint on X's turn
        for _ in range(5):
            app.step([], 0.05)                                # must not raise
        g = app.game
        assert g.session.hint_col is None or g.session.game.can_play(g.session.hint_col)
        assert g.session.game.moves == []
    finally:
        app.close()
