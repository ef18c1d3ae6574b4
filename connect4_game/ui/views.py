"""The window's screens: one class per screen, switched by the app.

* :class:`GameScreen` — the board, the players, the AI, all in-game keys.
* :class:`NewGameScreen` — choose the players, board size and theme.
* :class:`HelpScreen` — every key.

Each screen has ``handle_event(event)``, ``update(dt)`` (dt in seconds) and
``draw(surface)``. Game state lives here, on the main thread; the AI runs
in :mod:`connect4_game.ui.worker`.
"""

from __future__ import annotations

import random
import sys

import pygame

from connect4_game.messages import clip

from connect4_game.ui.animation import DropAnimation, Shake, ease_out_back, Fade
from connect4_game.ui.model import GameModel, PlayerConfig, TIEBREAKS, lookahead_text, MIN_ROWS, MAX_ROWS, \
    MIN_COLS, MAX_COLS
from connect4_game.ui.render import MAX_TEXT, Renderer, SCORE_STYLE, font, render_fit, _mix
from connect4_game.ui.worker import Job

__all__ = ['GameScreen', 'NewGameScreen', 'HelpScreen', 'HELP_KEYS', 'expert_available']

COMPUTER_JOB_KINDS = {'ai': 'ai', 'expert': 'expert', 'plugin': 'plugin'}
DEMO_GAP = 2.0            # seconds between demo games
PACE_MIN, PACE_MAX = 0.0, 3.0
PLUGIN_TIMEOUT = 10.0     # seconds a plug-in may think before it is stopped
SLOW_SEARCH = 1.5         # seconds of searching after which the status bar says how long
LOWER_LOOKAHEAD_TIP = 'press 0-9 for a lower lookahead to answer at once'

HELP_KEYS = [
    ('Mouse move / click', 'aim (ghost checker) / drop a checker'),
    ('Left / Right', 'move the column cursor'),
    ('Down / Space / Enter', 'drop at the cursor'),
    ('0 - 9', 'AI lookahead (plies)'),
    ('+ / = / -', 'raise / lower lookahead, up to max (full solve)'),
    ('T', 'tiebreak LEFT > RIGHT > RANDOM'),
    ('E', 'Expert AI on/off (perfect play, "win in N")'),
    ('H', 'hint: the column the AI would play for you'),
    ('A', 'live analysis overlay (scores of every column)'),
    ('U / Ctrl+Z', 'undo (back to your previous move)'),
    ('R / Ctrl+Y', 'redo'),
    ('N', 'new game (same settings)'),
    ('G', 'new-game screen: players, board size, theme'),
    ('D', 'AI-vs-AI demo on/off'),
    ('P', 'pause / resume the demo'),
    ('[ / ]', 'demo slower / faster'),
    ('C', 'next colour theme'),
    ('M', 'sound on/off'),
    ('S', 'statistics panel on/off'),
    ('Ctrl+S / Ctrl+O', 'save game / load game'),
    ('Ctrl+C', 'copy the move string'),
    ('F11', 'fullscreen on/off'),
    ('F1 / ?', 'this help'),
    ('Esc', 'quit (or leave this screen)'),
]


def expert_available() -> bool:
    """True if the Expert engine (issue 5) can be imported."""
    try:
        from connect4_game.ai import expert  # noqa: F401
        return hasattr(expert, 'ExpertPlayer') and hasattr(expert, 'analyze')
    except Exception:
        return False


def _score_label(score) -> tuple[str, str] | None:
    if score is None:
        return None
    text, colour = SCORE_STYLE.get(score, (str(score), 'neutral'))
    return (f'{score} {text}' if score in (0, 100) else
            'full' if score == -1 else f'{score} {text}', colour)


def _expert_label(label: str | None) -> tuple[str, str] | None:
    if not label:
        return None
    low = label.lower().lstrip('\u2248~ ')
    colour = 'good' if low.startswith('win') else 'bad' if low.startswith('loss') or \
        low.startswith('lose') else 'text_dim' if 'full' in low else 'neutral'
    return (label, colour)


class Toast:
    def __init__(self, text: str, kind: str = 'info', duration: float = 3.0):
        self.text, self.kind, self.duration, self.t = text, kind, duration, 0.0


class GameScreen:
    """The board: human input, AI moves via the worker, animations, overlays.

    :param app: the :class:`~connect4_game.ui.app.App` (window, worker,
        services, options).
    """

    def __init__(self, app, players: dict, rows: int = 6, cols: int = 7, moves=(),
                 demo: bool = False) -> None:
        self.app = app
        self.renderer = Renderer()
        self.players = dict(players)          # 'X'/'O' -> PlayerConfig
        ai = players['O'] if players['O'].kind == 'ai' else players['X']
        self.lookahead = ai.lookahead         # used by hint/analysis and the hotkeys
        self.tiebreak = ai.tiebreak
        self.expert_mode = any(p.kind == 'expert' for p in players.values())
        self.demo = False
        self.saved_players = None
        self.paused = False
        self.pace = app.settings_value('demo_pace', 0.5)
        self.overlay = False
        self.show_stats = False
        self.hint_col = None
        self.hint_wanted = False
        self.game_id = 0
        self.time = 0.0
        self.toasts: list[Toast] = []
        self.last_stats = {}          # side -> text after its last AI move
        self.worker_note = ''
        self.cache: dict = {}         # job key -> payload
        self.requested = None         # key of the job in flight
        self.search_time = 0.0        # seconds (sum of dt) the job in flight has run
        self._timed_key = None        # the job search_time belongs to
        self.errors = 0
        self._record_key = None
        self._record = None
        self.new_game(rows, cols, moves)
        if demo:
            self.set_demo(True)

    # ------------------------------------------------------------------ game
    def new_game(self, rows=None, cols=None, moves=()) -> None:
        rows = rows or getattr(self, 'model', None) and self.model.rows or 6
        cols = cols or getattr(self, 'model', None) and self.model.cols or 7
        self.model = GameModel(rows, cols, moves)
        self.game_id += 1
        self.clamp_lookahead()
        self.falling: list[DropAnimation] = []
        self.shake = None
        self.flash_col = None
        self.cursor = cols // 2
        self.hint_col = None
        self.hint_wanted = False
        self.since_move = 0.0
        self.end_time = 0.0
        self.end_reported = self.model.over
        self.banner_fade = Fade(0.45, ease_out_back)
        self.cache.clear()
        self.last_stats = {}
        self._cancel_job()
        if self.model.over:
            self._announce_end(print_it=False)

    @property
    def max_lookahead(self) -> int:
        """rows*cols: a deeper search is the same search (a full board ends every line)."""
        return self.model.rows * self.model.cols

    def clamp_lookahead(self) -> None:
        """Bring every lookahead (the hotkeys', each AI's) down to :attr:`max_lookahead`."""
        cap = self.max_lookahead
        self.lookahead = min(self.lookahead, cap)
        for players in (self.players, self.saved_players or {}):
            for side, p in players.items():
                if p.lookahead > cap:
                    players[side] = p.with_(lookahead=cap)

    def side_config(self, side=None) -> PlayerConfig:
        return self.players[side or self.model.to_move]

    def human_to_move(self) -> bool:
        return not self.model.over and self.side_config().is_human

    def animating(self) -> bool:
        return any(not f.done for f in self.falling)

    def describe(self, side: str) -> str:
        p = self.players[side]
        if p.kind == 'human':
            return 'you' if self.players['XO'.replace(side, '')].is_computer else 'human'
        if p.kind == 'ai':
            return f'AI {p.tiebreak} {lookahead_text(p.lookahead, self.model.rows, self.model.cols)}'
        if p.kind == 'plugin':
            return p.spec.split(':')[-1]
        return p.kind

    def stats_names(self) -> tuple[str, str]:
        from connect4_game.storage.stats import describe_player
        out = []
        for side in 'XO':
            p = self.players[side]
            if p.kind == 'ai':
                out.append(describe_player('ai', p.lookahead, p.tiebreak))
            elif p.kind == 'plugin':
                out.append(p.spec[-100:])
            else:
                out.append(describe_player(p.kind) if p.kind in ('human', 'random')
                           else p.kind.capitalize())
        return out[0], out[1]

    def play(self, col: int, by_computer: bool = False) -> bool:
        """Drop the side-to-move's checker in ``col`` with an animation.

        :returns: False (and a visible refusal) if the column cannot take it.
        """
        if self.model.over:
            return False
        if not self.model.can_play(col):
            self.refuse(col)
            return False
        checker = self.model.to_move
        row = self.model.play(col)
        self.app.total_moves += 1
        anim = DropAnimation(col, row, checker)
        self.falling.append(anim)
        self.since_move = 0.0
        self.hint_col = None
        self.hint_wanted = False
        if self.model.over:
            self.end_reported = False
        return True

    def refuse(self, col: int) -> None:
        self.shake = Shake()
        self.flash_col = col if col is not None and 0 <= col < self.model.cols else None
        self.app.sound('refused')

    def human_drop(self, col) -> None:
        if col is None or self.model.over:
            return
        if not self.side_config().is_human:
            self.toast('Wait: it is the computer\'s turn.')
            return
        self.cursor = col
        self.play(col)

    def _announce_end(self, print_it: bool = True) -> None:
        result = self.model.result
        msg = self.model.message()
        if print_it:
            print(msg)
            if result[0] == 'win':
                print('Congratulations!')
            if sys.stdout is not None:   # None under a gui-script on Windows
                sys.stdout.flush()
            self.app.record_result('tie' if result[0] == 'tie' else result[1], self)
            self._record = None
            self.app.sound('tie' if result[0] == 'tie' else 'win')
        self.end_reported = True

    # ------------------------------------------------------------- undo/redo
    def _finish_animations(self) -> None:
        for f in self.falling:
            f.finish()
        self.falling = []

    def undo(self) -> None:
        """Take back moves until it is a human's turn again (one move if nobody is human)."""
        if not self.model.moves:
            self.toast('Nothing to undo.')
            return
        self._finish_animations()
        humans = [s for s in 'XO' if self.players[s].is_human]
        if self.demo:
            self.paused = True
        self.model.undo()
        if humans:
            while self.model.moves and not self.players[self.model.to_move].is_human:
                self.model.undo()
        self.after_history_change()

    def redo(self) -> None:
        if not self.model.redo_stack:
            self.toast('Nothing to redo.')
            return
        self._finish_animations()
        humans = [s for s in 'XO' if self.players[s].is_human]
        self.model.redo()
        if humans:
            while self.model.redo_stack and not self.model.over and \
                    not self.players[self.model.to_move].is_human:
                self.model.redo()
        self.after_history_change()

    def after_history_change(self) -> None:
        self.hint_col = None
        self.hint_wanted = False
        self.since_move = 0.0
        self.end_reported = True   # undo/redo never re-counts a result
        self.banner_fade = Fade(0.45, ease_out_back)
        self._cancel_job()

    # --------------------------------------------------------------- settings
    def set_lookahead(self, value: int) -> None:
        value = max(0, min(self.max_lookahead, value))
        self.lookahead = value
        for side, p in self.players.items():
            if p.kind == 'ai':
                self.players[side] = p.with_(lookahead=value)
        self.app.remember(lookahead=min(value, 42))
        self.toast(f'AI lookahead {lookahead_text(value, self.model.rows, self.model.cols)}'
                   + (' (full solve)' if value >= self.max_lookahead else ''))

    def cycle_tiebreak(self) -> None:
        self.tiebreak = TIEBREAKS[(TIEBREAKS.index(self.tiebreak) + 1) % len(TIEBREAKS)]
        for side, p in self.players.items():
            if p.kind == 'ai':
                self.players[side] = p.with_(tiebreak=self.tiebreak)
        self.app.remember(tiebreak=self.tiebreak)
        self.toast(f'AI tiebreak {self.tiebreak}')

    def toggle_expert(self) -> None:
        if not self.expert_mode and not expert_available():
            self.toast('The Expert AI is not available in this installation.', 'error')
            return
        self.expert_mode = not self.expert_mode
        old, new = ('ai', 'expert') if self.expert_mode else ('expert', 'ai')
        for side, p in self.players.items():
            if p.kind == old:
                self.players[side] = p.with_(kind=new, lookahead=self.lookahead,
                                             tiebreak=self.tiebreak)
        self.app.remember(expert=self.expert_mode)
        self.toast('Expert AI on: perfect play' if self.expert_mode else 'Seed AI (lookahead) on')

    def set_demo(self, on: bool) -> None:
        if on == self.demo:
            return
        self.demo = on
        self.paused = False
        if on:
            self.saved_players = dict(self.players)
            kind = 'expert' if self.expert_mode else 'ai'
            for side in 'XO':
                if self.players[side].kind in ('human',):
                    self.players[side] = PlayerConfig(kind, self.lookahead, self.tiebreak)
            self.toast('Demo: AI vs AI (D stops, P pauses, [ ] pace)')
        else:
            if self.saved_players:
                self.players = self.saved_players
            self.saved_players = None
            self.toast('Demo off')
        self._cancel_job()

    def take_over(self, side: str, why: str) -> None:
        """A computer side failed: the human takes it over; the game goes on."""
        self.players[side] = PlayerConfig('human', self.lookahead, self.tiebreak)
        if self.saved_players:
            self.saved_players[side] = self.players[side]
        msg = f'Player {side} failed: {clip(why, 120)} You now play {side} (or press N / G).'
        print(msg, file=sys.stderr)
        self.toast(msg, 'error', 6.0)

    def toast(self, text: str, kind: str = 'info', duration: float = 2.5) -> None:
        """Show ``text`` for ``duration`` seconds (kept to :data:`MAX_TEXT`
        characters; drawn wrapped to fit the window)."""
        text = clip(text, MAX_TEXT)
        self.toasts = [t for t in self.toasts if t.text != text][-2:]
        self.toasts.append(Toast(text, kind, duration))

    # ------------------------------------------------------------------ jobs
    def _cancel_job(self) -> None:
        if self.requested is not None:
            self.app.worker.cancel()
            self.requested = None

    def analysis_kind(self) -> str:
        return 'expert' if self.expert_mode else 'ai'

    def desired_job(self) -> Job | None:
        """The one search the current state wants, or None."""
        m = self.model
        if m.over:
            return None
        side = m.to_move
        p = self.players[side]
        rows = m.rows_key()
        if p.kind in COMPUTER_JOB_KINDS:
            kind = p.kind
            lookahead, tiebreak = p.lookahead, p.tiebreak
            spec = p.spec
        elif p.kind == 'random':
            return None
        elif self.overlay or self.hint_wanted:
            kind = self.analysis_kind()
            lookahead, tiebreak, spec = self.lookahead, self.tiebreak, ''
        else:
            return None
        if kind == 'expert':
            lookahead, tiebreak = 0, 'LEFT'
            spec = 'move' if p.kind == 'expert' else ''
            budget = self.app.expert_budget
            if spec:   # Expert's own move: perfect on 6x7 (book + solver), bounded elsewhere
                budget = self.app.expert_move_budget if (m.rows, m.cols) == (6, 7) \
                    else max(self.app.expert_budget, 3.0)
        else:
            budget = self.app.expert_budget
        key = (self.game_id, tuple(m.moves), kind, side, lookahead, tiebreak, spec)
        return Job(key, kind, rows, side, lookahead, tiebreak, spec,
                   time_budget=budget,
                   timeout=getattr(self.app, 'plugin_timeout', PLUGIN_TIMEOUT)
                   if kind == 'plugin' else None)

    def _sync_job(self) -> None:
        job = self.desired_job()
        if job is None:
            if self.requested is not None:
                self._cancel_job()
            return
        if job.key in self.cache:
            if self.requested is not None and self.requested != job.key:
                self._cancel_job()
            return
        if self.requested != job.key:
            self.requested = job.key
            self.app.worker.submit(job)

    def _take_results(self) -> None:
        for res in self.app.worker.poll():
            if res.status == 'died':
                self.worker_note = 'AI worker restarted'
                self.toast('The AI worker process stopped; a new one took over.', 'error', 4.0)
                print('AI worker process stopped; restarted it.', file=sys.stderr)
                continue
            if res.key != self.requested:
                continue   # stale: for a position or setting no longer current
            self.requested = None
            if res.status == 'ok':
                self.cache[res.key] = res.payload
                if len(self.cache) > 64:
                    self.cache.pop(next(iter(self.cache)))
            else:
                side = res.job.checker
                kind = res.job.kind
                why = res.message or res.status
                if kind == 'plugin' or self.players[side].is_computer:
                    if self.players[side].is_computer and not self.model.over \
                            and self.model.to_move == side:
                        self.take_over(side, f'{why}.')
                    else:
                        self.toast(f'Analysis failed: {clip(why, 160)}', 'error')
                else:
                    self.toast(f'Analysis failed: {clip(why, 160)}', 'error')

    def current_payload(self, kind=None, lookahead=None, tiebreak=None, spec=''):
        """The cached search result for the current position (analysis by
        default; the side-to-move AI's own search with ``kind``/``lookahead``/...)."""
        m = self.model
        kind = kind or self.analysis_kind()
        la, tb = (0, 'LEFT') if kind == 'expert' else (lookahead if lookahead is not None
                                                       else self.lookahead,
                                                       tiebreak or self.tiebreak)
        return self.cache.get((self.game_id, tuple(m.moves), kind, m.to_move, la, tb, spec))

    def thinking(self) -> bool:
        return self.requested is not None and self.side_config().is_computer \
            and not self.model.over

    def _time_search(self, dt: float) -> None:
        """Add ``dt`` to :attr:`search_time` while the same job stays in flight;
        a new job (or none) starts again from 0."""
        if self.requested is not None and self.requested == self._timed_key:
            self.search_time += dt
        else:
            self._timed_key = self.requested
            self.search_time = 0.0

    def searching_kind(self) -> str | None:
        """The kind ('ai', 'expert', 'plugin') of the job in flight, or None."""
        key = self.requested
        return key[2] if isinstance(key, tuple) and len(key) > 2 else None

    def slow_search_seconds(self) -> int:
        """Whole seconds the job in flight has been searching once that is
        :data:`SLOW_SEARCH` or more, else 0."""
        if self.requested is None or self.requested != self._timed_key \
                or self.search_time < SLOW_SEARCH:
            return 0
        return int(self.search_time)

    # ---------------------------------------------------------------- events
    def handle_event(self, e) -> None:
        if e.type == pygame.MOUSEMOTION:
            lay = self.renderer.layout
            if lay is not None:
                col = lay.col_at(*e.pos)
                if col is not None:
                    self.cursor = col
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            lay = self.renderer.layout
            if lay is not None:
                self.human_drop(lay.col_at(*e.pos))
        elif e.type == pygame.KEYDOWN:
            self.handle_key(e)

    def handle_key(self, e) -> None:
        key, mods = e.key, e.mod
        uni = getattr(e, 'unicode', '') or ''
        ctrl = mods & pygame.KMOD_CTRL
        app = self.app
        if ctrl:
            if key == pygame.K_z:
                self.undo()
            elif key == pygame.K_y:
                self.redo()
            elif key == pygame.K_s:
                app.save_game(self)
            elif key == pygame.K_o:
                app.load_game_dialog(self)
            elif key == pygame.K_c:
                app.copy_moves(self)
            return
        if key == pygame.K_LEFT:
            self.cursor = max(0, self.cursor - 1)
        elif key == pygame.K_RIGHT:
            self.cursor = min(self.model.cols - 1, self.cursor + 1)
        elif key in (pygame.K_DOWN, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.human_drop(self.cursor)
        elif uni and uni in '0123456789' or pygame.K_KP0 <= key <= pygame.K_KP9:
            digit = int(uni) if uni and uni in '0123456789' else key - pygame.K_KP0
            self.set_lookahead(digit)
        elif uni in ('+', '=') or key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.set_lookahead(self.lookahead + 1)
        elif uni == '-' or key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.set_lookahead(min(self.lookahead, self.max_lookahead) - 1)
        elif uni == '?' or key == pygame.K_F1:
            app.show_help()
        elif uni == '[' or (not uni and key == pygame.K_LEFTBRACKET):
            self.pace = min(PACE_MAX, round(self.pace + 0.25, 2))
            app.remember(demo_pace=self.pace)
            self.toast(f'Demo pace {self.pace:.2f} s per move')
        elif uni == ']' or (not uni and key == pygame.K_RIGHTBRACKET):
            self.pace = max(PACE_MIN, round(self.pace - 0.25, 2))
            app.remember(demo_pace=self.pace)
            self.toast(f'Demo pace {self.pace:.2f} s per move')
        elif key == pygame.K_t:
            self.cycle_tiebreak()
        elif key == pygame.K_d:
            self.set_demo(not self.demo)
        elif key == pygame.K_n:
            self.new_game()
        elif key == pygame.K_g:
            app.show_new_game()
        elif key == pygame.K_u:
            self.undo()
        elif key == pygame.K_r:
            self.redo()
        elif key == pygame.K_h:
            self.request_hint()
        elif key == pygame.K_a:
            self.overlay = not self.overlay
            self.toast('Analysis overlay on' if self.overlay else 'Analysis overlay off')
        elif key == pygame.K_e:
            self.toggle_expert()
        elif key == pygame.K_p:
            if self.demo or all(p.is_computer for p in self.players.values()):
                self.paused = not self.paused
                self.toast('Paused (P resumes)' if self.paused else 'Resumed')
        elif key == pygame.K_c:
            app.cycle_theme()
        elif key == pygame.K_m:
            app.toggle_mute()
        elif key == pygame.K_s:
            self.show_stats = not self.show_stats
        elif key == pygame.K_F11:
            app.toggle_fullscreen()
        elif key == pygame.K_ESCAPE:
            app.quit()

    def request_hint(self) -> None:
        if self.model.over:
            self.toast('The game is over: N starts a new one.')
            return
        if not self.side_config().is_human:
            self.toast('Hints are for your turn.')
            return
        self.hint_wanted = True
        self._resolve_hint()

    def _centre_most_best(self, payload, col: int) -> int:
        """With the RANDOM tiebreak any best column is what the AI might play;
        the hint then shows the most central of them (never a random corner)."""
        scores = payload.get('scores')
        if self.expert_mode or self.tiebreak != 'RANDOM' or not scores or \
                any(not isinstance(x, int) for x in scores):
            return col
        best = max(scores)
        mid = (self.model.cols - 1) / 2
        ties = [c for c, x in enumerate(scores) if x == best and self.model.can_play(c)]
        return min(ties, key=lambda c: (abs(c - mid), c)) if ties else col

    def _resolve_hint(self) -> None:
        if not self.hint_wanted:
            return
        payload = self.current_payload()
        if payload is not None and payload.get('column') is not None:
            col = payload['column']
            self.hint_wanted = False
            if isinstance(col, int) and self.model.can_play(col):
                col = self._centre_most_best(payload, col)
                self.hint_col = col
                self.cursor = col
                labels = self.overlay_labels_from(payload)
                verdict = f' ({labels[col][0]})' if labels and labels[col] else ''
                self.toast(f'Hint: column {col}{verdict}')
            else:
                self.toast(f'No hint: the search answered column {col!r}.', 'error')

    # ---------------------------------------------------------------- update
    def update(self, dt: float) -> None:
        self.time += dt
        self.since_move += dt
        self._time_search(dt)
        for f in self.falling:
            was = f.landed
            f.update(dt)
            if f.landed and not was:
                self.app.sound('drop')
        self.falling = [f for f in self.falling if not f.done]
        if self.shake is not None:
            self.shake.update(dt)
            if self.shake.done:
                self.shake = None
        for t in self.toasts:
            t.t += dt
        self.toasts = [t for t in self.toasts if t.t < t.duration]
        self._take_results()
        if self.model.over and not self.animating():
            if not self.end_reported:
                self._announce_end()
            self.end_time += dt
            self.banner_fade.update(dt)
            if self.demo and not self.paused and self.end_time >= DEMO_GAP:
                self.new_game()
        self._sync_job()
        self._resolve_hint()
        self._maybe_computer_move()
        self._time_search(0.0)       # a job submitted or answered this frame starts at 0

    def _maybe_computer_move(self) -> None:
        m = self.model
        if m.over or self.animating():
            return
        side = m.to_move
        p = self.players[side]
        if p.is_human:
            return
        if self.paused:
            return
        wait = self.pace if self.demo or all(q.is_computer for q in self.players.values()) \
            else 0.12
        if self.since_move < wait:
            return
        if p.kind == 'random':
            self.play(random.choice(m.board.legal_columns()), by_computer=True)
            self.last_stats[side] = 'random move'
            return
        job = self.desired_job()
        payload = self.cache.get(job.key) if job else None
        if payload is None:
            return
        col = payload.get('column')
        if not isinstance(col, int) or not m.can_play(col):
            self.cache.pop(job.key, None)
            self.take_over(side, f'it chose column {col!r}, which cannot be played.')
            return
        nodes, secs = payload.get('nodes') or 0, payload.get('time') or 0.0
        took = f'{secs * 1000:.1f} ms' if secs < 0.1 else f'{secs:.2f} s'
        self.last_stats[side] = f'{nodes:,} nodes in {took}' if nodes else took
        self.play(col, by_computer=True)

    # ------------------------------------------------------------------ draw
    def status_texts(self) -> tuple[str, str, str]:
        m = self.model
        if m.over:
            line1 = m.message() + ('  N: new game' if not self.demo else '')
        else:
            side = m.to_move
            p = self.players[side]
            who = 'Your turn' if p.is_human and self.players[
                'XO'.replace(side, '')].is_computer else f'Player {side} to move'
            if p.is_human and all(q.is_human for q in self.players.values()):
                who = f'Player {side} to move (hot-seat)'
            line1 = who if 'Player' in who else f'{who} ({side})'
            slow = self.slow_search_seconds()
            if self.thinking():
                line1 = f'Player {side} ({self.describe(side)}) thinking\u2026' + \
                    (f' {slow} s' if slow else '')
            elif p.kind == 'random':
                line1 = f'Player {side} (random) to move'
            elif slow:          # the hint or the analysis overlay is still searching
                line1 = f'{line1}  {"hint" if self.hint_wanted else "analysis"}: {slow} s\u2026'
        if self.paused:
            line1 += '  [paused]'
        la = lookahead_text(self.lookahead, m.rows, m.cols)
        engine = 'Expert' if self.expert_mode else f'lookahead {la}, tiebreak {self.tiebreak}'
        parts = [f'AI: {engine}']
        if self.demo:
            parts.append(f'demo {self.pace:.2f}s')
        if self.app.muted:
            parts.append('muted')
        line2 = '   '.join(parts) + f'   X: {self.describe("X")}  O: {self.describe("O")}'
        if not m.over and self.slow_search_seconds() and self.searching_kind() == 'ai':
            # only the seed AI's search grows with the lookahead; a digit key answers at once
            line2 = LOWER_LOOKAHEAD_TIP[0].upper() + LOWER_LOOKAHEAD_TIP[1:] + '   ' + line2
        stats = '  '.join(f'{s}: {t}' for s, t in sorted(self.last_stats.items()))
        right = (stats + '\n' if stats else '') + self.record_text() + f'{m.rows}x{m.cols}  F1 help'
        if self.worker_note:
            right = self.worker_note + '\n' + right
        return line1, line2, right

    def last_move_slot(self):
        """(row, col) of the last checker played, once it has landed, else None."""
        m = self.model
        if not m.moves or self.animating():
            return None
        col = m.moves[-1]
        row = m.board.top_row(col)
        return None if row is None else (row, col)

    def record_text(self) -> str:
        """'X 2 : 1 O, 0 ties   ' for this pairing (kept across runs), or ''."""
        key = self.stats_names()
        if self._record_key != key or self._record is None:
            try:
                rec = self.app.stats().get(*key)
                self._record = (f'X {rec.wins} : {rec.losses} O, {rec.ties} '
                                f'tie{"" if rec.ties == 1 else "s"}   ') if rec.games else ''
            except Exception:
                self._record = ''
            self._record_key = key
        return self._record

    def overlay_labels(self):
        payload = self.current_payload()
        if payload is None:
            # the AI's own search for its move is the same analysis
            p = self.side_config() if not self.model.over else None
            if p is not None and p.kind in ('ai', 'expert'):
                payload = self.current_payload(p.kind, p.lookahead, p.tiebreak,
                                               'move' if p.kind == 'expert' else '')
        if payload is None:
            return [('\u2026', 'text_dim')] * self.model.cols if not self.model.over else None
        return self.overlay_labels_from(payload)

    def overlay_labels_from(self, payload) -> list:
        """One (text, colour-name) label or None per column for a search result."""
        if payload.get('labels'):
            labels = [_expert_label(x) for x in payload['labels']]
        else:
            labels = [_score_label(s) for s in (payload.get('scores') or [])]
        return (labels + [None] * self.model.cols)[:self.model.cols]   # one per column

    def draw(self, surface) -> None:
        m = self.model
        self.renderer.prepare(surface.get_size(), m.rows, m.cols, self.app.theme)
        pal = self.renderer.pal
        hidden = [(int(f.target_row), f.col) for f in self.falling]
        ghost = None
        if self.human_to_move():
            ghost = (m.to_move, self.cursor)
        win_line = None
        if m.result and m.result[0] == 'win' and not self.animating():
            win_line = m.result[2]
        labels = self.overlay_labels() if self.overlay and not m.over else None
        self.renderer.draw_board(
            surface, m.board.slots, hidden=hidden, falling=self.falling, ghost=ghost,
            win_line=win_line, t=self.time, shake=self.shake.offset if self.shake else 0.0,
            flash_col=self.flash_col, flash=self.shake.flash if self.shake else 0.0,
            cursor=self.cursor if self.human_to_move() else None, hint_col=self.hint_col,
            hint_row=m.landing_row(self.hint_col) if self.hint_col is not None else None,
            last_move=self.last_move_slot(),
            ghost_row=m.landing_row(self.cursor) if ghost is not None else None,
            labels=labels)
        line1, line2, right = self.status_texts()
        self.renderer.draw_status(surface, line1, right, line2,
                                  spinner=self.time if self.thinking() else None)
        if m.over and not self.animating():
            text = m.message()
            sub = 'Next game soon\u2026' if self.demo else 'N: new game   U: undo   G: settings'
            colour = pal.x_color if m.result[0] == 'win' and m.result[1] == 'X' else \
                pal.o_color if m.result[0] == 'win' else pal.text
            self.renderer.draw_banner(surface, text, sub, scale=self.banner_fade.value,
                                      color=_mix(colour, pal.text, 0.25))
        if self.show_stats:
            self.draw_stats(surface)
        for t in self.toasts[-1:]:
            alpha = min(1.0, (t.duration - t.t) / 0.4)
            self.renderer.draw_toast(surface, t.text, alpha, t.kind)

    def draw_stats(self, surface) -> None:
        lines = ['Statistics (S hides)'] + self.app.stats_lines(self)[:12]
        f = font(max(13, int(self.renderer.layout.status_h * 0.30)))
        max_w = surface.get_width() - 44
        imgs = [render_fit(f, x, self.app.palette.text, max_w) for x in lines]
        w = max(i.get_width() for i in imgs) + 24
        h = sum(i.get_height() + 4 for i in imgs) + 16
        panel = pygame.Surface((w, h), pygame.SRCALPHA)
        panel.fill((*self.app.palette.status_bg[:3], 230))
        surface.blit(panel, (10, 10))
        y = 18
        for i in imgs:
            surface.blit(i, (22, y))
            y += i.get_height() + 4


# ----------------------------------------------------------------------------


class HelpScreen:
    """Every key, one per line. Any key or click returns to the game."""

    def __init__(self, app) -> None:
        self.app = app

    def handle_event(self, e) -> None:
        if e.type == pygame.KEYDOWN or (e.type == pygame.MOUSEBUTTONDOWN and e.button == 1):
            self.app.show_game()

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface) -> None:
        pal = self.app.palette
        w, h = surface.get_size()
        surface.fill(pal.background)
        title = font(max(22, h // 18), True).render('Connect Four \u2014 keys', True, pal.text)
        surface.blit(title, ((w - title.get_width()) // 2, h // 30))
        size = max(12, min(26, int((h - h // 7) / (len(HELP_KEYS) + 2) * 0.78)))
        fk, fd = font(size, True), font(size)
        y = h // 30 + title.get_height() + size // 2
        key_w = max(fk.size(k)[0] for k, _ in HELP_KEYS)
        total = key_w + 24 + max(fd.size(d)[0] for _, d in HELP_KEYS)
        x0 = max(10, (w - total) // 2)
        for k, d in HELP_KEYS:
            surface.blit(fk.render(k, True, pal.accent), (x0, y))
            surface.blit(fd.render(d, True, pal.text), (x0 + key_w + 24, y))
            y += int(size * 1.18)
        foot = fd.render('Press any key to return to the game.', True, pal.text_dim)
        surface.blit(foot, ((w - foot.get_width()) // 2, min(h - foot.get_height() - 6, y + 6)))


class NewGameScreen:
    """Choose each side (human, AI with lookahead/tiebreak, random, Expert),
    the board size and the theme. Up/Down choose a line, Left/Right (or a
    click on the left/right half of a value) change it, Enter starts, Esc
    goes back."""

    def __init__(self, app, game: GameScreen) -> None:
        self.app = app
        g = game
        self.values = {
            'x_kind': g.players['X'].kind if g.players['X'].kind != 'plugin' else 'human',
            'x_lookahead': g.players['X'].lookahead, 'x_tiebreak': g.players['X'].tiebreak,
            'o_kind': g.players['O'].kind if g.players['O'].kind != 'plugin' else 'ai',
            'o_lookahead': g.players['O'].lookahead, 'o_tiebreak': g.players['O'].tiebreak,
            'rows': g.model.rows, 'cols': g.model.cols, 'theme': app.theme_name,
        }
        if g.saved_players:  # in demo: offer the players from before the demo
            for s in 'XO':
                p = g.saved_players[s]
                self.values[s.lower() + '_kind'] = p.kind if p.kind != 'plugin' else 'human'
        self.kinds = ['human', 'ai', 'random'] + (['expert'] if expert_available() else [])
        self.fields = ['x_kind', 'x_lookahead', 'x_tiebreak', 'o_kind', 'o_lookahead',
                       'o_tiebreak', 'rows', 'cols', 'theme', 'start']
        self.sel = 0
        self.rects: dict = {}

    def label(self, f: str) -> str:
        v = self.values.get(f)
        names = {'x_kind': 'Player X', 'x_lookahead': '   X lookahead', 'x_tiebreak': '   X tiebreak',
                 'o_kind': 'Player O', 'o_lookahead': '   O lookahead', 'o_tiebreak': '   O tiebreak',
                 'rows': 'Rows', 'cols': 'Columns', 'theme': 'Theme', 'start': ''}
        return names[f], ('Start game (Enter)' if f == 'start' else str(v))

    def change(self, f: str, delta: int) -> None:
        v = self.values
        if f.endswith('_kind'):
            v[f] = self.kinds[(self.kinds.index(v[f]) + delta) % len(self.kinds)
                              if v[f] in self.kinds else 0]
        elif f.endswith('_lookahead'):
            v[f] = max(0, min(42, v[f] + delta))
        elif f.endswith('_tiebreak'):
            v[f] = TIEBREAKS[(TIEBREAKS.index(v[f]) + delta) % 3]
        elif f == 'rows':
            v[f] = max(MIN_ROWS, min(MAX_ROWS, v[f] + delta))
        elif f == 'cols':
            v[f] = max(MIN_COLS, min(MAX_COLS, v[f] + delta))
        elif f == 'theme':
            names = self.app.theme_names()
            v[f] = names[(names.index(v[f]) + delta) % len(names)] if v[f] in names else names[0]
            self.app.set_theme(v[f])

    def start(self) -> None:
        v = self.values
        players = {s: PlayerConfig(v[s.lower() + '_kind'], v[s.lower() + '_lookahead'],
                                   v[s.lower() + '_tiebreak']) for s in 'XO'}
        self.app.start_game(players, v['rows'], v['cols'])

    def handle_event(self, e) -> None:
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.app.show_game()
            elif e.key == pygame.K_UP:
                self.sel = (self.sel - 1) % len(self.fields)
            elif e.key in (pygame.K_DOWN, pygame.K_TAB):
                self.sel = (self.sel + 1) % len(self.fields)
            elif e.key == pygame.K_LEFT:
                if self.fields[self.sel] != 'start':
                    self.change(self.fields[self.sel], -1)
            elif e.key == pygame.K_RIGHT:
                if self.fields[self.sel] != 'start':
                    self.change(self.fields[self.sel], +1)
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            elif e.key == pygame.K_F1:
                self.app.show_help()
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for f, rect in self.rects.items():
                if rect.collidepoint(e.pos):
                    self.sel = self.fields.index(f)
                    if f == 'start':
                        self.start()
                    else:
                        self.change(f, -1 if e.pos[0] < rect.centerx else +1)
                    return

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface) -> None:
        pal = self.app.palette
        w, h = surface.get_size()
        surface.fill(pal.background)
        title = font(max(22, h // 16), True).render('New game', True, pal.text)
        surface.blit(title, ((w - title.get_width()) // 2, h // 24))
        size = max(14, min(30, h // 24))
        f = font(size)
        fb = font(size, True)
        y = h // 24 + title.get_height() + size
        row_h = int(size * 1.6)
        self.rects = {}
        for i, field in enumerate(self.fields):
            name, value = self.label(field)
            selected = i == self.sel
            if field == 'start':
                rect = pygame.Rect(0, 0, max(240, fb.size(value)[0] + 40), row_h + 6)
                rect.center = (w // 2, y + row_h)
                pygame.draw.rect(surface, pal.accent if selected else pal.board, rect,
                                 border_radius=12)
                img = fb.render(value, True, (255, 255, 255))
                surface.blit(img, img.get_rect(center=rect.center))
                self.rects[field] = rect
                break
            side_kind = self.values.get(field[:2] + 'kind') if field[:2] in ('x_', 'o_') else None
            dim = field.endswith(('_lookahead', '_tiebreak')) and side_kind != 'ai'
            colour = pal.accent if selected else pal.text_dim if dim else pal.text
            surface.blit(f.render(name, True, colour), (w // 2 - 260, y))
            rect = pygame.Rect(w // 2 + 20, y - 4, 240, row_h - 4)
            pygame.draw.rect(surface, _mix(pal.background, pal.text, 0.12 if selected else 0.05),
                             rect, border_radius=8)
            if selected:
                pygame.draw.rect(surface, pal.accent, rect, 2, border_radius=8)
            img = render_fit(fb, f'<  {value}  >', pal.text_dim if dim else pal.text, 236)
            surface.blit(img, img.get_rect(center=rect.center))
            self.rects[field] = rect
            y += row_h
        hint = f.render('Up/Down choose, Left/Right change, Enter start, Esc back', True,
                        pal.text_dim)
        surface.blit(hint, ((w - hint.get_width()) // 2, h - hint.get_height() - 12))
