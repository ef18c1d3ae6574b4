"""The window: events -> update(dt) -> draw over a stack of screens, in a real-time loop with its
``--frame-stats`` timings (tests call ``App.step(events, dt)`` instead). :class:`App` holds the OS
window, the screen stack, the services and the search worker; the game itself is the
:class:`~connect4_game.play.session.GameSession`. Esc never quits; Ctrl+Q or Menu > Quit do."""

from __future__ import annotations

import contextlib
import gc
import json
import logging
import os
import sys
import threading
import time
from collections.abc import Iterable

import pygame

from connect4_game import i18n, logs
from connect4_game.core.messages import clip, quote
from connect4_game.i18n import _, ngettext
from connect4_game.net.options import NetMode, NetworkOptions
from connect4_game.oska.engine import OSKA_DEFAULT_LOOKAHEAD, OSKA_MAX_LOOKAHEAD
from connect4_game.play.network_game import NetworkGame
from connect4_game.play.session import GameSession
from connect4_game.play.start import AppOptions, players_to_settings, resolve_start
from connect4_game.search.worker import SearchWorker
from connect4_game.seat_config import PlayerSpec
from connect4_game.storage.savegame import SavedGame
from connect4_game.storage.settings import DEFAULT_PACE, Settings
from connect4_game.storage.stats import Stats, load_stats
from connect4_game.ui import text_fit, themes
from connect4_game.ui.game_files import GameFiles
from connect4_game.ui.screen_stack import ScreenStack
from connect4_game.ui.screens.base import Screen
from connect4_game.ui.screens.game import GameScreen
from connect4_game.ui.sound import SoundPlayer
from connect4_game.ui.widgets import draw_tooltip
from connect4_game.ui.window import Window

__all__ = ['App', 'AppOptions', 'frame_stats', 'idle_pause', 'run_window', 'show_crash', 'FPS',
           'IDLE_REDRAW', 'CRASH_AFTER_ENV']

log = logging.getLogger(__name__)

FPS = 60
IDLE_REDRAW = 1.0   # seconds: App.step(redraw=None) draws this often even when nothing changes
IDLE_POLL = 1.0 / 30    # seconds between looks at the events while nothing moves
DOZE_AFTER = 1.0        # seconds still, after which the loop dozes
DOZE_POLL = 0.1         # seconds between looks at the events while dozing
MAX_DT = 0.1            # the longest dt (seconds) of one step: after a stall nothing jumps
# tests only: seconds after which every frame fails, so the window gives up with a crash report
CRASH_AFTER_ENV = 'CONNECT4_CRASH_AFTER'


def frame_stats(intervals_s: Iterable[float], moves: int) -> dict[str, float]:
    """JSON-ready ``frames``, ``p50_ms``, ``p95_ms``, ``p99_ms``, ``max_ms`` of the frame
    ``intervals`` (seconds), and ``moves``."""
    ms = sorted(x * 1000.0 for x in intervals_s)
    n = len(ms)

    def pct(p: float) -> float:
        if not ms:
            return 0.0
        return round(ms[min(n - 1, max(0, int(round(p / 100.0 * n + 0.5)) - 1))], 3)

    return {'frames': n + 1 if n else 0, 'p50_ms': pct(50), 'p95_ms': pct(95),
            'p99_ms': pct(99), 'max_ms': round(ms[-1], 3) if ms else 0.0, 'moves': moves}


def idle_pause(still_for: float) -> float:
    """Seconds to sleep before the next look at the events after ``still_for`` seconds still."""
    return IDLE_POLL if still_for < DOZE_AFTER else DOZE_POLL


def pace(deadline: float, period: float) -> float:
    """Sleep until ``deadline`` (perf_counter seconds); the next deadline, ``period`` on."""
    remaining = deadline - time.perf_counter()
    if remaining > 0.0015:
        time.sleep(remaining - 0.001)
    while time.perf_counter() < deadline:
        pass
    now = time.perf_counter()
    deadline += period
    if now - deadline > period:      # a stall: start afresh
        deadline = now + period
    return deadline


class App:
    """The Connect Four window of ``size`` px (default: the command line's, else the settings'),
    with a ``worker`` to share (tests; by default its own, which :meth:`close` closes unless
    ``own_worker`` says otherwise). Raises ValueError for network options that cannot be used,
    pygame.error when no window can be opened. :meth:`run` draws :data:`FPS` frames a second while
    something moves, a frame only on a change while nothing does; ``intervals``: the seconds
    between moving frames of the last run; ``give_up_after``: seconds of failing frames that end
    it, with a crash report (:func:`logs.report_crash`)."""

    game: GameScreen    # the bottom of the stack

    def __init__(self, options: AppOptions | None = None, size: tuple[int, int] | None = None,
                 worker: SearchWorker | None = None, own_worker: bool | None = None) -> None:
        self.options = opts = options or AppOptions()
        self.notes: list[tuple[str, str]] = []     # (text, kind) to show once the game is up
        self.invitation = ''                       # the network invitation, once hosting
        logs.configure()
        self.settings = Settings()
        self._settings_dirty = False
        self.last_puzzle = ''                      # the id of the puzzle shown last ('': none)
        self._load_settings()
        self.language = i18n.set_language(opts.language or self.settings.language or None, [
            loc['language'] for loc in pygame.system.get_pref_locales()])
        if size is None:
            size = opts.size or (self.settings.window_width, self.settings.window_height)
        self.window = Window(size)
        self.surface: pygame.Surface = self.window.open(_('Connect Four'))
        self._own_worker = worker is None if own_worker is None else own_worker
        self.worker = worker or SearchWorker()
        self.running = True
        self.elapsed = 0.0
        self._crash_after = float(os.environ.get(CRASH_AFTER_ENV) or 'inf')   # tests only
        self.theme = self._theme(opts.theme or self.settings.theme)
        themes.set_icon(self.theme)
        self.sounds = self._sound_player(bool(opts.mute or self.settings.muted))
        self._stats: Stats | None = None
        self.files = GameFiles(opts)
        self.intervals: list[float] = []
        self.give_up_after = 3.0
        self._last_error: str | None = None
        self._failure: Exception | None = None       # the last failing frame's error
        self._closed = False
        self.drew = False                      # whether the last step drew a frame
        self._picture: object = None           # what the last frame drawn showed
        self._since_draw = 0.0                 # seconds since the last frame drawn
        self.tips = text_fit.CutTextTips()     # the mouse, for the tooltip of a cut text
        self.session = self._make_session()
        self._autosaved = (self.session.planner.game_id, self.session.position_id)
        self.game = GameScreen(self)
        self.stack = ScreenStack(self.game)
        self.push = self.stack.push
        self.pop = self.stack.pop
        if opts.game == 'oska':
            self.show_oska(human_side=None if opts.demo else 'w', lookahead=opts.lookahead)
        for text, kind in self.notes:
            self.session.say(text, kind, 6.0)
            print(clip(text, 300), file=sys.stderr if kind == 'error' else sys.stdout)
        self.game.take_session_news()
        if opts.network:
            try:
                self.start_network(opts.network)
            except (OSError, ValueError) as exc:
                raise ValueError(f"cannot {opts.network.mode.value} the game: "
                                 f"{clip(getattr(exc, 'strerror', None) or exc, 120)}") from None
        if opts.review:
            self.show_review()

    def note(self, text: str, kind: str = 'error') -> None:
        """A message for the start, shown as a notice and printed (``kind`` 'error': stderr)."""
        self.notes.append((clip(text, 300), kind))

    def _load_settings(self) -> None:
        """Read the settings file unless ``use_settings`` is off (a bad value noted)."""
        if not self.options.use_settings:
            return
        from connect4_game.storage.settings import clean_config_dir, load_settings
        clean_config_dir()
        self.settings, warnings = load_settings()
        for warning in warnings:
            self.note(warning)

    def remember(self, **changes: object) -> None:
        """Change settings, e.g. ``remember(theme='dark')``; a refused change is ignored."""
        with contextlib.suppress(ValueError):
            self.settings = self.settings.replace(**changes)
            self._settings_dirty = True

    def _save_settings(self) -> None:
        if not (self.options.use_settings and self._settings_dirty):
            return
        from connect4_game.storage.settings import save_settings
        try:
            save_settings(self.settings)
            self._settings_dirty = False
        except OSError as exc:
            log.warning('could not save settings: %s', clip(exc, 200))

    def puzzle_shown(self, puzzle_id: str) -> None:
        """The puzzle screen now shows the puzzle ``puzzle_id``."""
        self.last_puzzle = puzzle_id

    def _make_session(self) -> GameSession:
        opts = self.options
        saved = None
        if self.files.owns_autosave() and not opts.moves and opts.rows is None:
            from connect4_game.storage.savegame import load_autosave
            saved, warning = load_autosave()
            if warning:
                self.note(warning)
        start = resolve_start(opts, self.settings, saved)
        players = start.players
        if start.autosaved and saved is not None:
            players = saved.players_over(players)      # the players it was saved with
            n = len(start.moves)
            self.note(ngettext('Your unfinished game is back ({n} move). New game: N.',
                               'Your unfinished game is back ({n} moves). New game: N.',
                               n).format(n=n), 'info')
        return GameSession(
            players, start.rows, start.cols, start.moves, lookahead=start.lookahead,
            tiebreak=start.tiebreak, expert=start.expert,
            pace=opts.pace if opts.pace is not None else
            self.settings.demo_pace if opts.use_settings else DEFAULT_PACE,
            demo=opts.demo, remember=self.remember, record=self.record_game,
            budgets=opts.budgets, worker=self.worker)

    def set_theme(self, name: str) -> None:
        """Use the theme called ``name`` (unknown: the default, noted) and keep it."""
        self.theme = self._theme(name)
        self.remember(theme=self.theme.name)

    def _sound_player(self, muted: bool) -> SoundPlayer:
        try:
            return SoundPlayer(muted=muted)
        except Exception as exc:  # a failing driver: play silently
            self.note(_('Sound off: {why}').format(why=clip(exc, 120)))
            return SoundPlayer(muted=True, enabled=False)

    def toggle_mute(self) -> bool:
        """Mute or unmute the sounds and keep it for the next start; returns whether muted."""
        muted = self.sounds.toggle_mute()
        self.remember(muted=muted)
        return muted

    @property
    def stats(self) -> Stats:
        """The statistics file, read on first use (without ``use_settings``: empty)."""
        if self._stats is None:
            if self.options.use_settings:
                self._stats, warnings = load_stats()
                for w in warnings:
                    log.warning('%s', clip(w, 300))
            else:
                self._stats = Stats(os.devnull)
        return self._stats

    def record_game(self, x: str, o: str, result: str) -> None:
        """Count a finished game of ``x`` against ``o`` (``result`` a side or 'tie'); ValueError
        for an unknown result or a bad player name, OSError if the file cannot be written."""
        self.stats.record(x, o, result, save=self.options.use_settings)

    def _theme(self, name: str | None) -> themes.Theme:
        try:
            return themes.get_theme(name)
        except ValueError as exc:
            self.note(str(exc))
            return themes.get_theme(None)

    def set_language(self, code: str) -> None:
        """Switch the window's language and keep it; ValueError for one the game lacks."""
        self.language = i18n.set_language(code)
        self.remember(language=code)
        self.window.set_caption(_('Connect Four'))

    @property
    def screen(self) -> Screen:
        """The screen on top of the stack."""
        return self.stack.top

    def show_game(self) -> None:
        while len(self.stack) > 1:
            self.pop()

    def show_new_game(self) -> None:
        from connect4_game.ui.screens.new_game import NewGameScreen
        self.push(NewGameScreen(self))

    def show_review(self) -> None:
        """Review the game: its seats close first (a friend is told you left)."""
        from connect4_game.ui.screens.review import ReviewScreen
        self.session.close()
        self.push(ReviewScreen(self))

    def show_network(self, error: str = '') -> None:
        """The host/join screen (``error``: why the last join failed)."""
        from connect4_game.ui.screens.network import NetworkScreen
        self.show_game()
        self.push(NetworkScreen(self, error))

    def start_network(self, options: NetworkOptions,
                      first_tries: float | None = None) -> NetworkGame:
        """Host or join as ``options`` say (the old game's seats close); ``first_tries``: seconds
        a join keeps trying at first (None: the network's default). Raises OSError if a host
        cannot listen, ValueError for a bad address, port, side or code."""
        s = self.session
        game = s.start_network(options, first_tries=first_tries)
        self.invitation = game.invitation
        if options.mode is NetMode.HOST:
            s.say(_('Waiting for your friend: {invitation}').format(invitation=self.invitation),
                  seconds=30.0, about_position=True)
            print(f'Hosting a game: {self.invitation}', flush=True)
        else:
            s.say(_('Connecting to {address}…').format(address=clip(options.address, 60)),
                  seconds=10.0, about_position=True)
        return game

    def show_oska(self, n: int | None = None, human_side: str | None = 'w',
                  lookahead: int | None = None) -> None:
        """Oska over the Connect Four game, whose seats close: ``n`` checkers a side (None: the
        command line's), ``human_side`` ('w', 'b', 'both' or None) and ``lookahead`` plies."""
        from connect4_game.ui.screens.oska import OskaScreen
        self.show_game()
        self.session.close()
        self.push(OskaScreen(self, n=self.options.oska_n if n is None else n, human_side=human_side,
                             lookahead=OSKA_DEFAULT_LOOKAHEAD if lookahead is None
                             else max(1, min(OSKA_MAX_LOOKAHEAD, lookahead))))

    def start_game(self, players: dict[str, PlayerSpec], rows: int, cols: int) -> None:
        """Start a new game from the new-game dialog (and remember the choice)."""
        s = self.session
        s.start_new(players, rows, cols)
        self.remember(rows=rows, cols=cols, expert=s.expert_mode, **players_to_settings(players))
        self.show_game()

    def quit(self) -> None:
        self.running = False

    def toggle_fullscreen(self) -> None:
        self.surface = self.window.toggle_fullscreen()

    def resize(self, w: int, h: int) -> None:
        """The window was resized to ``w`` x ``h`` pixels (never below the minimum; kept)."""
        surface = self.window.resize(w, h)
        if surface is not None:
            self.surface = surface
            w, h = self.window.windowed_size
            self.remember(window_width=w, window_height=h)

    def load_saved(self, saved: SavedGame, title: str = '') -> bool:
        """Replace the game by ``saved``; whether it did (a bad one leaves it, with a notice)."""
        s = self.session
        try:
            s.restore(saved)
        except (ValueError, OSError) as exc:
            s.say(_('Could not load: {why}').format(why=clip(exc, 160)), 'error', 5.0)
            log.error('could not load the game: %s', clip(exc, 300))
            return False
        n = len(saved.columns)
        s.say(ngettext('Loaded {name} ({n} move)', 'Loaded {name} ({n} moves)', n).format(
            name=clip(title, 60), n=n), 'info', 4.0)
        return True

    def handle_event(self, e: pygame.event.Event) -> None:
        """One pygame event: closing (also Ctrl+Q), resizing and F11 are the window's; the top
        screen gets every other one (Esc never quits)."""
        key = e.key if e.type == pygame.KEYDOWN else None
        if e.type == pygame.QUIT or key == pygame.K_q and getattr(e, 'mod', 0) & pygame.KMOD_CTRL:
            self.quit()
        elif e.type == pygame.VIDEORESIZE:
            self.resize(e.w, e.h)
        elif key == pygame.K_F11:
            self.toggle_fullscreen()
        else:
            self.tips.follow(e)
            self.stack.top.process_event(e)

    def wants_frames(self) -> bool:
        """Whether the picture changes by itself now: the loop then draws every frame."""
        return self.stack.wants_frames() or self.tips.pending()

    def _picture_now(self) -> tuple[object, ...]:
        """What the next frame would show without an event: size, screens' pictures, tooltip."""
        tip = self.tips.due()
        return (self.surface.get_size(), self.stack.picture(), tip.text if tip else None)

    def step(self, events: list[pygame.event.Event], dt: float,
             redraw: bool | None = True) -> pygame.Surface:
        """One frame: handle ``events``, advance by ``dt`` seconds (ValueError if negative), draw
        and return the surface: always with ``redraw`` True (tests), with None only on a change
        or after :data:`IDLE_REDRAW` seconds, as the real loop does (:attr:`drew` tells)."""
        if dt < 0:
            raise ValueError(f'dt must be >= 0 seconds, not {dt!r}')
        for e in events:
            if not self.running:
                break
            self.handle_event(e)
        self.elapsed += dt
        self.tips.advance(dt)
        self._since_draw += dt
        self._replace_dead_worker()
        self.stack.update(dt)
        self._autosave_on_change()
        if redraw is None:
            redraw = bool(events) or self.wants_frames() or self._since_draw >= IDLE_REDRAW \
                or self._picture_now() != self._picture
        self.drew = redraw
        if redraw:
            self._draw()
            self._picture = self._picture_now()
        top = self.stack.top
        title = top.caption() if top.own_title else \
            f"{_('Connect Four')} \u2014 {top.caption() or self.game.caption()}"
        self.window.set_caption(clip(title, 120))
        self._check_exit()
        return self.surface

    def _draw(self) -> None:
        self._since_draw = 0.0
        tip = self.tips.due()      # from the frame before: the texts it drew
        text_fit.begin_frame()
        self.stack.draw(self.surface)
        if tip is not None and text_fit.cut_text_at(tip.box.center) is not None:
            draw_tooltip(self.surface, self.theme, tip.text, tip.box,
                         avoid=self.stack.top.keep_clear())

    def run(self) -> int:
        """The real loop until quit, then the app closes; 1 if the frames kept failing or the
        ``--screenshot`` could not be written, else 0."""
        self.intervals = []
        status = 0
        self.install_sigterm()
        try:
            self._warm_up()
            status = self._frames(1.0 / FPS)
        except KeyboardInterrupt:
            pass
        finally:
            self.close()
        if self.window.screenshot_error is not None:
            status = max(status, 1)
        return status

    def _warm_up(self) -> None:
        self.guarded_step(pygame.event.get(), 0.0)   # builds the sprites before timing
        pygame.display.flip()
        wait_warm = getattr(self.worker, 'wait_warm', None)
        if wait_warm is not None:
            wait_warm(5.0)
        # what start-up built lives as long as the window: out of the collector's full passes
        gc.collect()
        gc.freeze()

    def _frames(self, period: float) -> int:
        """Steps while the app runs; 1 if they kept failing, else 0."""
        last = still_since = time.perf_counter()
        deadline = last + period
        failing_for = 0.0
        moving = True
        while self.running:
            events = pygame.event.get()
            now = time.perf_counter()
            dt = now - last
            last = now
            if moving:
                self.intervals.append(dt)
            ok = self.guarded_step(events, min(dt, MAX_DT), redraw=None)
            failing_for = 0.0 if ok else failing_for + dt
            if failing_for >= self.give_up_after:
                log.error('the window keeps failing; saving the game and quitting')
                if self._failure is not None:
                    logs.report_crash(self._failure)
                return 1
            if self.drew or not ok:
                pygame.display.flip()
            moving = not ok or self.wants_frames()
            if moving or events:
                still_since = now
                deadline = pace(deadline, period)
            else:
                time.sleep(idle_pause(now - still_since))
                deadline = time.perf_counter() + period
        return 0

    def guarded_step(self, events: list[pygame.event.Event], dt: float,
                     redraw: bool | None = True) -> bool:
        """:meth:`step`; an unexpected error is logged once, shown in the window and the game
        comes back on top. Returns whether the frame went well."""
        try:
            self.step(events, dt, redraw=redraw)
            return True
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as exc:
            self._failure = exc
            msg = f'internal error: {type(exc).__name__}: {clip(exc, 200)}'
            if msg != self._last_error:
                log.error('%s', msg)
                self._last_error = msg
            with contextlib.suppress(Exception):
                self.session.say(msg, 'error', 5.0)
                self.show_game()
            return False

    def install_sigterm(self) -> None:
        """SIGTERM and SIGHUP (the terminal closed) quit the app like closing its window, so a
        friend is told (main thread only)."""
        import signal
        if threading.current_thread() is not threading.main_thread():
            return
        with contextlib.suppress(ValueError, OSError, AttributeError):
            for name in ('SIGTERM', 'SIGHUP'):
                if hasattr(signal, name):
                    signal.signal(getattr(signal, name), lambda *_a: self.quit())

    def close(self) -> None:
        """Write the screenshot and frame stats if asked, autosave, keep the settings, stop."""
        if self._closed:
            return
        self._closed = True
        o = self.options
        with contextlib.suppress(Exception):
            self.session.close()
        with contextlib.suppress(Exception):
            if self._own_worker:
                self.worker.close()
            else:
                self.worker.cancel()
        if o.screenshot:
            self.window.save_screenshot(self.surface, o.screenshot)
        if o.frame_stats:
            try:
                with open(o.frame_stats, 'w', encoding='utf-8') as fh:
                    json.dump(frame_stats(self.intervals, self.session.total_moves), fh, indent=2)
            except OSError as exc:
                log.error('could not write frame stats %s: %s', quote(o.frame_stats),
                          clip(exc.strerror or exc, 120))
        self.files.autosave(self.session)
        self._save_settings()

    def _autosave_on_change(self) -> None:
        """Autosave in the frame a move is played or taken back."""
        position = (self.session.planner.game_id, self.session.position_id)
        if position != self._autosaved:
            self._autosaved = position
            self.files.autosave(self.session)

    def _replace_dead_worker(self) -> None:
        alive = getattr(self.worker, 'alive', None)
        if alive is None or alive() or self._closed:
            return
        with contextlib.suppress(Exception):
            self.worker.close(0.2)
        self.worker = SearchWorker()
        self._own_worker = True
        self.session.worker_replaced(self.worker)
        for screen in self.stack:
            screen.worker_replaced(self.worker)
        log.error('AI worker thread stopped; started a new worker.')

    def _check_exit(self) -> None:
        """``--exit-after``, ``--exit-after-game``; RuntimeError after :data:`CRASH_AFTER_ENV`."""
        if self.elapsed >= self._crash_after:
            raise RuntimeError(f'a crash forced by {CRASH_AFTER_ENV}')
        o = self.options
        if o.exit_after is not None and self.elapsed >= o.exit_after:
            self.running = False
        if o.exit_after_game:
            top = self.stack.top
            done = top.finished() if top is not self.game else None
            if done is not None:
                if done:
                    self.running = False
            elif self.session.game.over and not self.game.animating() \
                    and self.session.end_time >= 0.8:
                self.running = False


def show_crash(text: str) -> None:
    """A crash's message in a message box, from the main thread only (macOS opens windows there)."""
    if threading.current_thread() is threading.main_thread():
        pygame.display.message_box(_('Connect Four'), text, 'error')


def run_window(opts: AppOptions) -> int:
    """Run the game window for ``opts`` until it is closed. Returns the exit status: the app's
    own, 2 for an error in the options, 1 when no window can be opened or it kept failing (a crash
    report named in a message box: :func:`show_crash`), 0 on Ctrl-C."""
    logs.configure()
    logs.add_crash_notifier(show_crash)
    app = None
    worker = SearchWorker()   # its processes start while pygame opens the window
    try:
        try:
            app = App(opts, worker=worker, own_worker=True)
        except (ValueError, OSError) as exc:
            log.error('connect4: error: %s', clip(exc, 200))
            return 2
        except pygame.error as exc:            # no display, no video driver
            log.error('connect4: cannot open a window (%s); try --text, or '
                      'SDL_VIDEODRIVER=dummy for a headless run', clip(exc, 120))
            return 1
        return app.run()
    except KeyboardInterrupt:
        return 0
    finally:
        if app is not None:
            app.close()
        worker.close()
        pygame.quit()
