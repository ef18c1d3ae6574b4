"""The window: one loop of events -> update(dt) -> draw, with screens switched by the app.

Tests drive :meth:`App.step` with a list of events and a ``dt`` in seconds
and read the pixels of :attr:`App.surface`; they never wait on the wall
clock. :meth:`App.run` is the real loop (60 fps) used by ``python main.py``.
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass, field

import pygame

from connect4_game.messages import clip, quote
from connect4_game.storage.settings import Settings as _Settings

from connect4_game.ui.model import MAX_COLS, MAX_ROWS, MIN_COLS, MIN_ROWS, GameModel, PlayerConfig
from connect4_game.ui.render import palette_from_theme
from connect4_game.ui.views import GameScreen, HelpScreen, NewGameScreen
from connect4_game.ui.worker import SearchWorker

__all__ = ['AppOptions', 'App', 'DEFAULT_LOOKAHEAD', 'DEFAULT_TIEBREAK', 'frame_stats', 'run_window']

# First-run AI strength: the settings' defaults (lookahead 6 answers in milliseconds with the
# search module; RANDOM because a LEFT tiebreak opens in the corner every game and looks broken).
DEFAULT_LOOKAHEAD = _Settings().lookahead
DEFAULT_TIEBREAK = _Settings().tiebreak
DEFAULT_SIZE = (800, 760)
FPS = 60


@dataclass
class AppOptions:
    """Everything the command line can set for the window (see :mod:`connect4_game.cli`).

    ``x``/``o`` are :class:`PlayerConfig` (None: from settings, default human
    X vs AI O); ``exit_after`` is in seconds; ``moves`` is a start position
    in the seed's ``add_checkers`` notation; ``use_settings`` False keeps
    the user's settings files untouched (tests, scripts).

    ``owns_autosave`` True means this run belongs to the player: it offers
    back the unfinished game of the last such run, and on exit writes the
    current one (or removes the file once the game is finished). Scripted
    runs (start position, players, demo, exit options) leave it False and
    never read, write or remove the autosave; ``use_settings`` False also
    means no autosave.
    """

    x: PlayerConfig | None = None
    o: PlayerConfig | None = None
    rows: int | None = None
    cols: int | None = None
    lookahead: int | None = None
    tiebreak: str | None = None
    demo: bool = False
    expert: bool = False
    exit_after_game: bool = False
    exit_after: float | None = None
    screenshot: str | None = None
    frame_stats: str | None = None
    theme: str | None = None
    mute: bool = False
    moves: list = field(default_factory=list)
    load: str | None = None
    size: tuple | None = None
    use_settings: bool = True
    owns_autosave: bool = False
    expert_budget: float = 2.0


def frame_stats(intervals_s, moves: int) -> dict:
    """JSON-ready frame statistics: ``frames``, ``p50_ms``, ``p95_ms``,
    ``p99_ms``, ``max_ms`` of the intervals between frames (given in seconds), ``moves``."""
    ms = sorted(x * 1000.0 for x in intervals_s)
    n = len(ms)

    def pct(p):
        if not ms:
            return 0.0
        return round(ms[min(n - 1, max(0, int(round(p / 100.0 * n + 0.5)) - 1))], 3)

    return {'frames': n + 1 if n else 0, 'p50_ms': pct(50), 'p95_ms': pct(95),
            'p99_ms': pct(99), 'max_ms': round(ms[-1], 3) if ms else 0.0, 'moves': moves}


class _NullSound:
    muted = True

    def play(self, name):
        pass

    def stop(self):
        pass


class App:
    """The Connect Four window.

    :param options: :class:`AppOptions`.
    :param size: window size in pixels (default from settings or 800x760).
    :param worker: a :class:`SearchWorker` to share (tests); by default the
        app starts its own and closes it in :meth:`close`.
    :param own_worker: whether :meth:`close` closes ``worker`` (default: only
        a worker the app started itself).
    """

    GIVE_UP_AFTER = 3.0   # seconds of nothing but failing frames before the loop gives up

    def __init__(self, options: AppOptions | None = None, size=None, worker=None,
                 own_worker: bool | None = None) -> None:
        self.options = opts = options or AppOptions()
        self.messages: list[str] = []     # warnings to show once the game screen exists
        self._message_kinds: list[str] = []   # 'error' or 'info', one per message
        self.screenshot_error: str | None = None   # why the asked-for screenshot was not written
        self._load_settings()
        pygame.display.init()
        pygame.font.init()
        if size is None:
            size = opts.size or (self.settings.window_width, self.settings.window_height)
        self.windowed_size = tuple(size)
        self.fullscreen = False
        self.surface = self._set_mode(self.windowed_size)
        pygame.display.set_caption('Connect Four')
        pygame.key.set_repeat(300, 60)
        self._own_worker = worker is None if own_worker is None else own_worker
        self.worker = worker or SearchWorker()
        self.expert_budget = opts.expert_budget            # seconds for an analysis
        self.expert_move_budget = max(opts.expert_budget, 8.0)   # seconds for Expert's move
        self.plugin_timeout = 10.0                                # seconds per plug-in move
        self.running = True
        self.elapsed = 0.0
        self.games_finished = 0
        self.total_moves = 0
        self._theme_from(opts.theme or self.settings.theme)
        self._set_icon()
        self.muted = bool(opts.mute or self.settings.muted)
        self._sound = self._make_sound()
        self._stats = None
        self._closed = False
        self.game = self._first_game()
        self.screen = self.game
        for msg, kind in zip(self.messages, self._message_kinds):
            self.game.toast(msg, kind, 5.0)
            print(clip(msg, 300), file=sys.stderr)

    def _note(self, text, kind: str = 'error') -> None:
        """A message for the start: printed once on stderr and shown as a toast
        (``kind`` 'error' for a problem, 'info' for news)."""
        self.messages.append(clip(text, 300))
        self._message_kinds.append(kind)

    # ------------------------------------------------------------ services
    def _load_settings(self) -> None:
        from connect4_game.storage.settings import load_settings
        self.settings = _Settings()
        self._settings_dirty = False
        if self.options.use_settings:
            self.settings, warnings = load_settings()
            for w in warnings:
                self._note(w)

    def settings_value(self, name, default):
        return getattr(self.settings, name, default)

    def remember(self, **changes) -> None:
        """Change settings (saved on exit when the app uses settings)."""
        try:
            self.settings = self.settings.replace(**changes)
            self._settings_dirty = True
        except ValueError:
            pass

    def _save_settings(self) -> None:
        if not (self.options.use_settings and self._settings_dirty):
            return
        from connect4_game.storage.settings import save_settings
        try:
            save_settings(self.settings)
        except OSError as exc:
            print(f'could not save settings: {clip(exc, 200)}', file=sys.stderr)

    def _theme_from(self, name) -> None:
        from connect4_game.ui import themes
        try:
            self.theme = themes.get_theme(name)
        except ValueError as exc:
            self._note(exc)
            self.theme = themes.get_theme(None)
        self.theme_name = self.theme.name
        self.palette = palette_from_theme(self.theme)

    def _set_icon(self) -> None:
        """A red and a yellow checker as the window icon (best effort)."""
        try:
            from connect4_game.ui.themes import checker_surface
            icon = pygame.Surface((32, 32), pygame.SRCALPHA)
            icon.blit(checker_surface(self.theme, 'O', 10), (10, 0))
            icon.blit(checker_surface(self.theme, 'X', 10), (0, 10))
            pygame.display.set_icon(icon)
        except (pygame.error, ValueError):
            pass

    def theme_names(self):
        from connect4_game.ui import themes
        return themes.theme_names()

    def set_theme(self, name: str) -> None:
        self._theme_from(name)
        self.remember(theme=self.theme_name)

    def cycle_theme(self) -> None:
        from connect4_game.ui import themes
        self.set_theme(themes.next_theme(self.theme_name))
        self.game.toast(f'Theme: {getattr(self.theme, "label", self.theme_name)}')

    def _make_sound(self):
        try:
            from connect4_game.ui import sound
            return sound.SoundPlayer(muted=self.muted)
        except Exception as exc:  # no audio device, missing files: play silently
            self._note(f'sound off: {exc}')
            return _NullSound()

    def sound(self, name: str) -> None:
        if self.muted:
            return
        try:
            self._sound.play(name)
        except Exception:
            pass

    def toggle_mute(self) -> None:
        self.muted = not self.muted
        self._sound.muted = self.muted
        if self.muted and hasattr(self._sound, 'stop'):
            self._sound.stop()
        self.remember(muted=self.muted)
        self.game.toast('Sound off' if self.muted else 'Sound on')

    def stats(self):
        if self._stats is None:
            from connect4_game.storage.stats import Stats, load_stats
            if self.options.use_settings:
                self._stats, warnings = load_stats()
                for w in warnings:
                    print(clip(w, 300), file=sys.stderr)
            else:
                self._stats = Stats(os.devnull)
        return self._stats

    def record_result(self, result: str, game: GameScreen) -> None:
        self.games_finished += 1
        try:
            x, o = game.stats_names()
            self.stats().record(x, o, result, save=self.options.use_settings)
        except (OSError, ValueError) as exc:
            print(f'could not record statistics: {clip(exc, 200)}', file=sys.stderr)

    def stats_lines(self, game: GameScreen) -> list[str]:
        try:
            return self.stats().summary(limit=6, first=game.stats_names())
        except Exception as exc:
            return [f'statistics unavailable: {clip(exc, 120)}']

    # ---------------------------------------------------------- players
    def _first_game(self) -> GameScreen:
        opts, st = self.options, self.settings
        lookahead = opts.lookahead if opts.lookahead is not None else st.lookahead
        tiebreak = opts.tiebreak or st.tiebreak
        if opts.use_settings and opts.x is None and opts.o is None:
            x = PlayerConfig(st.x_kind, lookahead, tiebreak)
            o = PlayerConfig(st.o_kind, lookahead, tiebreak)
        else:
            x = opts.x or PlayerConfig('human', lookahead, tiebreak)
            o = opts.o or PlayerConfig('ai', lookahead, tiebreak)
        if opts.expert or (opts.use_settings and st.expert and opts.x is None and opts.o is None):
            from connect4_game.ui.views import expert_available
            if expert_available():
                x = x.with_(kind='expert') if x.kind == 'ai' else x
                o = o.with_(kind='expert') if o.kind == 'ai' else o
        rows = opts.rows or (st.rows if opts.use_settings else 6)
        cols = opts.cols or (st.cols if opts.use_settings else 7)
        moves = list(opts.moves or [])
        if opts.load:
            from connect4_game.storage.savegame import load_game
            saved = load_game(opts.load)     # SaveFileError is reported by the CLI
            rows, cols, moves = saved.rows, saved.cols, saved.columns
        elif self.owns_autosave():
            from connect4_game.storage.savegame import load_autosave
            saved, warning = load_autosave()
            if warning:
                self._note(warning)
            if saved is not None:
                rows, cols, moves = saved.rows, saved.cols, saved.columns
                self._note(f'Your unfinished game is back ({len(moves)} moves). '
                           f'N starts a new one.', 'info')
        ai = [p for p in (o, x) if p.kind == 'ai']
        if ai and opts.lookahead is None and (opts.x is not None or opts.o is not None):
            lookahead = ai[0].lookahead          # the hotkeys start from the AI's own values
        if ai and opts.tiebreak is None and (opts.x is not None or opts.o is not None):
            tiebreak = ai[0].tiebreak
        game = GameScreen(self, {'X': x, 'O': o}, rows, cols, moves, demo=opts.demo)
        game.lookahead = min(lookahead, game.max_lookahead)   # past a full board: same search
        game.tiebreak = tiebreak
        return game

    def start_game(self, players: dict, rows: int, cols: int) -> None:
        """Start a new game from the new-game screen (and remember the choice)."""
        g = self.game
        g.set_demo(False)
        g.players = dict(players)
        ai = [p for p in players.values() if p.kind == 'ai']
        if ai:
            g.lookahead, g.tiebreak = ai[-1].lookahead, ai[-1].tiebreak
        g.expert_mode = any(p.kind == 'expert' for p in players.values())
        g.new_game(rows, cols)
        changes = dict(rows=rows, cols=cols)
        for s in 'XO':
            p = players[s]
            if p.kind in ('human', 'random', 'ai'):
                changes[f'{s.lower()}_kind'] = p.kind
            changes[f'{s.lower()}_lookahead'] = min(42, p.lookahead)
            changes[f'{s.lower()}_tiebreak'] = p.tiebreak
        self.remember(**changes)
        self.show_game()

    # ---------------------------------------------------------- screens
    def show_game(self) -> None:
        self.screen = self.game

    def show_help(self) -> None:
        self.screen = HelpScreen(self)

    def show_new_game(self) -> None:
        self.screen = NewGameScreen(self, self.game)

    def quit(self) -> None:
        self.running = False

    # ---------------------------------------------------------- window
    def _set_mode(self, size, fullscreen: bool = False):
        flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        try:
            surf = pygame.display.set_mode(size if not fullscreen else (0, 0), flags)
            if not fullscreen and surf.get_size() != tuple(size):
                surf = pygame.display.set_mode(size, flags)   # SDL keeps the desktop size once
            return surf
        except pygame.error:
            return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.surface = self._set_mode(self.windowed_size, self.fullscreen)

    def resize(self, w: int, h: int) -> None:
        w, h = max(320, int(w)), max(300, int(h))
        self.windowed_size = (w, h)
        if not self.fullscreen:
            if pygame.display.get_surface() is None or \
                    pygame.display.get_surface().get_size() != (w, h):
                self.surface = self._set_mode((w, h))
            else:
                self.surface = pygame.display.get_surface()
            self.remember(window_width=w, window_height=h)

    # ---------------------------------------------------------- saving
    def _saved_game(self, game: GameScreen):
        from connect4_game.storage.savegame import SavedGame
        x, o = game.stats_names()
        return SavedGame(game.model.rows, game.model.cols, game.model.move_string(), x, o)

    def save_path(self) -> str:
        from connect4_game.storage.settings import config_dir
        return str(config_dir() / 'saved_game.json')

    def save_game(self, game: GameScreen, path: str | None = None) -> str | None:
        from connect4_game.storage.savegame import save_game
        path = path or self.save_path()
        try:
            save_game(path, self._saved_game(game))
        except (OSError, ValueError) as exc:
            game.toast(f'Could not save: {clip(exc, 160)}', 'error', 4.0)
            return None
        game.toast(f'Saved to {clip(path, 120)}', 'info', 4.0)
        print(f'Game saved to {clip(path, 200)}')
        return path

    def load_game_dialog(self, game: GameScreen, path: str | None = None) -> bool:
        """Replace the game with the saved one at ``path`` (default :meth:`save_path`).

        The file is read and checked completely first: if anything is wrong
        with it the current game stays exactly as it was and a toast (and
        one stderr line) says why. Returns whether the game was replaced.
        """
        from connect4_game.storage.savegame import load_game
        path = path or self.save_path()
        try:
            saved = load_game(path)
            rows, cols, moves = saved.rows, saved.cols, saved.columns
            if not (MIN_ROWS <= rows <= MAX_ROWS and MIN_COLS <= cols <= MAX_COLS):
                raise ValueError(f'its board is {rows}x{cols}; the window plays {MIN_ROWS}-'
                                 f'{MAX_ROWS} rows and {MIN_COLS}-{MAX_COLS} columns')
            GameModel(rows, cols, moves)          # replays: fails here, not half-way in
        except Exception as exc:                  # any bad file: the game goes on untouched
            why = clip(exc, 1000)
            print(f'could not load the game: {clip(why, 300)}', file=sys.stderr)
            # the window names the file by its name alone, so the reason stays visible
            short = why.replace(str(path), os.path.basename(str(path)) or str(path))
            game.toast(f'Could not load: {clip(short, 160)}', 'error', 5.0)
            return False
        game.set_demo(False)
        game.new_game(rows, cols, moves)
        game.toast(f'Loaded {clip(path, 80)} ({len(moves)} moves)', 'info', 4.0)
        return True

    def copy_moves(self, game: GameScreen) -> bool:
        """Copy the move string to the clipboard; a message (not a crash) if there is none."""
        text = game.model.move_string()
        try:
            if hasattr(pygame, 'scrap'):
                if not pygame.scrap.get_init():
                    pygame.scrap.init()
                pygame.scrap.put_text(text) if hasattr(pygame.scrap, 'put_text') else \
                    pygame.scrap.put(pygame.SCRAP_TEXT, text.encode())
                game.toast(f'Copied moves "{text}"')
                return True
            raise pygame.error('no clipboard module')
        except Exception as exc:
            game.toast(f'No clipboard here ({exc}); moves: {text or "(none)"}', 'error', 5.0)
            print(f'moves: {text}')
            return False

    def owns_autosave(self) -> bool:
        """Whether this run may offer, write or remove the autosave (see :class:`AppOptions`)."""
        return bool(self.options.use_settings and self.options.owns_autosave)

    def autosave(self) -> None:
        """Keep the unfinished game for the next plain start (a finished one
        removes the autosave) -- only in a run that owns the autosave."""
        if not self.owns_autosave():
            return
        from connect4_game.storage.savegame import autosave
        try:
            if not self.game.demo:
                autosave(self._saved_game(self.game))
        except (OSError, ValueError) as exc:
            print(f'could not autosave the game: {clip(exc, 200)}', file=sys.stderr)

    # ---------------------------------------------------------- frame
    def handle_event(self, e) -> None:
        if e.type == pygame.QUIT:
            self.quit()
            return
        if e.type == pygame.VIDEORESIZE:
            self.resize(e.w, e.h)
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        self.screen.handle_event(e)

    def step(self, events, dt: float):
        """One frame: handle ``events``, advance by ``dt`` seconds, draw.

        :returns: the surface drawn on.
        """
        if dt < 0:
            raise ValueError(f'dt must be >= 0 seconds, not {dt!r}')
        for e in events:
            if not self.running:
                break
            self.handle_event(e)
        self.elapsed += dt
        self._check_worker()
        self.game.update(dt)
        if self.screen is not self.game:
            self.screen.update(dt)
        self.screen.draw(self.surface)
        self._update_caption()
        self._check_exit()
        return self.surface

    def _update_caption(self) -> None:
        """The window title follows the game (useful in the task bar)."""
        g = self.game
        m = g.model
        if m.over:
            state = m.message()
        elif g.thinking():
            slow = g.slow_search_seconds()
            state = f'{m.to_move} is thinking\u2026' + (f' {slow} s' if slow else '')
        else:
            state = 'your turn' if g.human_to_move() else f'{m.to_move} to move'
        caption = clip(f'Connect Four \u2014 {state}', 120)
        if caption != getattr(self, '_caption', None):
            self._caption = caption
            pygame.display.set_caption(caption)

    def _check_worker(self) -> None:
        """If the worker thread itself has died, start a new worker (issue 8)."""
        alive = getattr(self.worker, 'alive', None)
        if alive is None or alive() or self._closed:
            return
        try:
            self.worker.close(0.2)
        except Exception:
            pass
        self.worker = SearchWorker()
        self._own_worker = True
        g = self.game
        g.requested = None
        g.worker_note = 'AI worker restarted'
        g.toast('The AI worker stopped; a new one took over.', 'error', 4.0)
        print('AI worker thread stopped; started a new worker.', file=sys.stderr)

    def _check_exit(self) -> None:
        o = self.options
        if o.exit_after is not None and self.elapsed >= o.exit_after:
            self.running = False
        g = self.game
        if o.exit_after_game and g.model.over and not g.animating() and g.end_time >= 0.8:
            self.running = False

    def run(self) -> int:
        """The real loop at 60 fps until quit; returns the exit status: 0 on a
        normal quit, 1 if the frame step kept failing or if the screenshot
        asked for (``--screenshot``) could not be written (one stderr line
        says why; everything else was still saved).

        SIGTERM ends it like closing the window (the game is autosaved). An
        unexpected error in a frame is reported in one line (window and
        stderr) and the game goes on; only frames failing without a break
        for :attr:`GIVE_UP_AFTER` seconds end it.
        """
        intervals = []
        status = 0
        self._install_sigterm()
        last = time.perf_counter()
        try:
            self._guarded_step(pygame.event.get(), 0.0)   # builds the sprites before timing
            pygame.display.flip()
            wait_warm = getattr(self.worker, 'wait_warm', None)
            if wait_warm is not None:   # loading: the worker processes import the engine
                wait_warm(5.0)
            last = time.perf_counter()
            period = 1.0 / FPS
            deadline = last + period
            failing_for = 0.0
            while self.running:
                events = pygame.event.get()
                now = time.perf_counter()
                dt = now - last
                last = now
                intervals.append(dt)
                ok = self._guarded_step(events, min(dt, 0.1))
                failing_for = 0.0 if ok else failing_for + dt
                if failing_for >= self.GIVE_UP_AFTER:
                    print('the window keeps failing; saving the game and quitting',
                          file=sys.stderr)
                    status = 1
                    break
                pygame.display.flip()
                deadline = self._pace(deadline, period)
        except KeyboardInterrupt:
            pass
        finally:
            self.intervals = intervals
            self.close()
        if self.screenshot_error is not None:
            status = max(status, 1)
        return status

    def _guarded_step(self, events, dt) -> bool:
        try:
            self.step(events, dt)
            return True
        except (KeyboardInterrupt, SystemExit):
            raise
        except Exception as exc:
            msg = f'internal error: {type(exc).__name__}: {clip(exc, 200)}'
            if msg != getattr(self, '_last_error', None):
                print(msg, file=sys.stderr)
                self._last_error = msg
            try:
                self.game.toast(msg, 'error', 5.0)
                self.screen = self.game
            except Exception:
                pass
            return False

    def _install_sigterm(self) -> None:
        try:
            import signal
            import threading
            if threading.current_thread() is threading.main_thread():
                signal.signal(signal.SIGTERM, lambda *_: self.quit())
        except (ValueError, OSError, AttributeError):
            pass

    @staticmethod
    def _pace(deadline: float, period: float) -> float:
        """Sleep until ``deadline`` (perf_counter seconds): a coarse sleep, then
        a short spin for the last millisecond (no ``sleep(0)``: yielding the CPU
        on a busy machine can cost a whole time slice), so frames come every
        ``period`` seconds on average without drift. Returns the next deadline."""
        remaining = deadline - time.perf_counter()
        if remaining > 0.0015:
            time.sleep(remaining - 0.001)
        while time.perf_counter() < deadline:
            pass
        now = time.perf_counter()
        deadline += period
        if now - deadline > period:      # far behind (a stall): start afresh
            deadline = now + period
        return deadline

    def save_screenshot(self, path: str) -> bool:
        """Write the last frame to ``path`` (the format from its extension, PNG
        by default). The image is encoded in memory and written with ordinary
        file writes, so a full disk or an unwritable path (``/dev/full``, a
        directory, no permission) is noticed: one stderr line says so and
        :attr:`screenshot_error` is set. Returns whether it was written."""
        import io
        try:
            buf = io.BytesIO()
            hint = path if os.path.splitext(str(path))[1] else 'screenshot.png'
            pygame.image.save(self.surface, buf, hint)
            data = buf.getvalue()
            if not data:
                raise OSError('the image encoder wrote nothing')
            with open(path, 'wb') as fh:
                fh.write(data)
        except (pygame.error, OSError, ValueError, TypeError) as exc:
            why = getattr(exc, 'strerror', None) or exc
            self.screenshot_error = clip(why, 120)
            print(f'connect4: could not save the screenshot {quote(path)}: '
                  f'{self.screenshot_error}', file=sys.stderr)
            return False
        return True

    def moves_played(self) -> int:
        return self.total_moves

    def close(self) -> None:
        """Write the screenshot and frame stats if asked, autosave, stop the worker."""
        if self._closed:
            return
        self._closed = True
        o = self.options
        try:
            self.worker.cancel() if not self._own_worker else None
            if self._own_worker:
                self.worker.close()
        except Exception:
            pass
        if o.screenshot:
            self.save_screenshot(o.screenshot)
        if o.frame_stats:
            data = frame_stats(getattr(self, 'intervals', []), self.total_moves)
            try:
                with open(o.frame_stats, 'w', encoding='utf-8') as fh:
                    json.dump(data, fh, indent=2)
            except OSError as exc:
                print(f'could not write frame stats {quote(o.frame_stats)}: '
                      f'{clip(exc.strerror or exc, 120)}', file=sys.stderr)
        self.autosave()
        self._save_settings()


def run_window(opts: AppOptions) -> int:
    """Open the game window for ``opts`` and run it until it is closed.

    The search worker's processes are started first, so they boot while
    pygame opens the window. Returns the exit status: the app's own, 2 for an
    error in the options (e.g. a saved game that changed meanwhile), 1 when
    no window can be opened (no display, no video driver), 0 on Ctrl-C.
    """
    app = None
    worker = SearchWorker()   # its processes start while pygame opens the window
    try:
        try:
            app = App(opts, worker=worker, own_worker=True)
        except (ValueError, OSError) as exc:   # e.g. the saved game changed meanwhile
            print(f'connect4: error: {clip(exc, 200)}', file=sys.stderr)
            return 2
        except pygame.error as exc:            # no display, no video driver
            print(f'connect4: cannot open a window ({exc}); try --text, or '
                  f'SDL_VIDEODRIVER=dummy for a headless run', file=sys.stderr)
            return 1
        return app.run()
    except KeyboardInterrupt:
        return 0
    finally:
        if app is not None:
            app.close()
        worker.close()
        pygame.quit()

