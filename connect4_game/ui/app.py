"""The window: one loop of events -> update(dt) -> draw over a stack of screens.

:class:`App` owns the window, the services the screens share (theme, sound,
statistics, the settings file, the search worker, the clipboard, the saved
games) and the stack of screens (:mod:`connect4_game.ui.screens`); the game
itself is the :class:`~connect4_game.ui.session.GameSession`.

Tests drive :meth:`App.step` with a list of events and a ``dt`` in seconds
and read the pixels of :attr:`App.surface`; they never wait on the wall
clock. :meth:`App.run` is the real loop (60 frames a second).

A click travels: pygame event -> :meth:`App.step` -> the top screen's
``process_event`` -> a session command (``human_drop``) -> the session's
state and events -> the screen's animation and sound. An AI move travels:
the session's :meth:`~connect4_game.ui.session.GameSession.desired_job`
-> the worker's process -> a tagged result -> the session plays it when
the tag still matches the position.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import time

import pygame

from connect4_game import rules
from connect4_game.messages import clip, quote
from connect4_game.storage.settings import Settings
from connect4_game.ui import i18n, themes
from connect4_game.ui.i18n import _
from connect4_game.ui.session import GameSession
from connect4_game.ui.startup import AppOptions, players_to_settings, resolve_start
from connect4_game.ui.worker import SearchWorker

__all__ = ['App', 'AppOptions', 'frame_stats', 'run_window', 'FPS']

FPS = 60


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
    :param size: window size in pixels (default: the command line's, else
        the settings', at least 520 x 480).
    :param worker: a :class:`SearchWorker` to share (tests); by default the
        app starts its own.
    :param own_worker: whether :meth:`close` closes ``worker`` (default:
        only a worker the app started itself).
    """

    GIVE_UP_AFTER = 3.0   # seconds of nothing but failing frames before the loop gives up

    def __init__(self, options: AppOptions | None = None, size=None, worker=None,
                 own_worker: bool | None = None) -> None:
        self.options = opts = options or AppOptions()
        self.notes: list[tuple[str, str]] = []     # (text, kind) to show once the game is up
        self.screenshot_error: str | None = None
        self._load_settings()
        self.language = i18n.set_language(opts.language or self.settings.language or None)
        pygame.display.init()
        pygame.font.init()
        if size is None:
            size = opts.size or (self.settings.window_width, self.settings.window_height)
        self.windowed_size = (max(rules.MIN_WINDOW_W, int(size[0])),
                              max(rules.MIN_WINDOW_H, int(size[1])))
        self.fullscreen = False
        self.surface = self._set_mode(self.windowed_size)
        pygame.display.set_caption(_('Connect Four'))
        pygame.key.set_repeat(300, 60)
        self._own_worker = worker is None if own_worker is None else own_worker
        self.worker = worker or SearchWorker()
        self.running = True
        self.elapsed = 0.0
        self._theme_from(opts.theme or self.settings.theme)
        self._set_icon()
        self.muted = bool(opts.mute or self.settings.muted)
        self._sound = self._make_sound()
        self._stats = None
        self._closed = False
        self.session = self._make_session()
        from connect4_game.ui.screens.game import GameScreen
        self.game = GameScreen(self)
        self.stack = [self.game]
        if opts.game == 'oska':
            self.show_oska()
        for text, kind in self.notes:
            self.session.say(text, kind, 6.0)
            print(clip(text, 300), file=sys.stderr if kind == 'error' else sys.stdout)
        self.game.take_session_news()
        self.invitation = ''
        if opts.network:
            self._start_network()
        if opts.review:
            self.show_review()

    # ------------------------------------------------------------ start-up
    def note(self, text: str, kind: str = 'error') -> None:
        """A message for the start: shown as a notice and printed once
        (``kind`` 'error' on stderr, 'info' on stdout)."""
        self.notes.append((clip(text, 300), kind))

    def _load_settings(self) -> None:
        from connect4_game.storage.settings import clean_config_dir, load_settings
        self.settings = Settings()
        self._settings_dirty = False
        if self.options.use_settings:
            clean_config_dir()
            self.settings, warnings = load_settings()
            for w in warnings:
                self.note(w)

    def _make_session(self) -> GameSession:
        opts = self.options
        saved = None
        if self.owns_autosave() and not opts.moves and opts.rows is None:
            from connect4_game.storage.savegame import load_autosave
            saved, warning = load_autosave()
            if warning:
                self.note(warning)
        start = resolve_start(opts, self.settings, saved)
        for what, n in start.notes:
            if what == 'autosave':
                self.note(_('Your unfinished game is back ({n} moves). New game: N.').format(n=n),
                          'info')
        return GameSession(
            start.players, start.rows, start.cols, start.moves, lookahead=start.lookahead,
            tiebreak=start.tiebreak, expert=start.expert,
            pace=opts.pace if opts.pace is not None else
            self.settings.demo_pace if opts.use_settings else rules.DEFAULT_PACE,
            demo=opts.demo, remember=self.remember, record=self.record_result,
            budgets=opts.budgets, worker=self.worker)

    # ------------------------------------------------------------ services
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
        try:
            self.theme = themes.get_theme(name)
        except ValueError as exc:
            self.note(str(exc))
            self.theme = themes.get_theme(None)
        self.theme_name = self.theme.name

    def _set_icon(self) -> None:
        """A red and a yellow checker as the window icon (best effort)."""
        try:
            icon = pygame.Surface((32, 32), pygame.SRCALPHA)
            icon.blit(themes.checker_surface(self.theme, 'O', 10), (10, 0))
            icon.blit(themes.checker_surface(self.theme, 'X', 10), (0, 10))
            pygame.display.set_icon(icon)
        except (pygame.error, ValueError):
            pass

    def set_theme(self, name: str) -> None:
        self._theme_from(name)
        self.remember(theme=self.theme_name)

    def cycle_theme(self) -> None:
        self.set_theme(themes.next_theme(self.theme_name))
        self.session.say(_('Theme: {name}').format(name=_(self.theme.label)))

    def set_language(self, code: str) -> None:
        """Switch the window's language (and keep it for the next start)."""
        self.language = i18n.set_language(code)
        self.remember(language=code)
        pygame.display.set_caption(_('Connect Four'))

    def _make_sound(self):
        try:
            from connect4_game.ui import sound
            return sound.SoundPlayer(muted=self.muted)
        except Exception as exc:  # no audio device, missing files: play silently
            self.note(_('Sound off: {why}').format(why=clip(exc, 120)))
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
        self.session.say(_('Sound off') if self.muted else _('Sound on'))

    def stats(self):
        """The statistics file (loaded once; an empty one without settings)."""
        if self._stats is None:
            from connect4_game.storage.stats import Stats, load_stats
            if self.options.use_settings:
                self._stats, warnings = load_stats()
                for w in warnings:
                    print(clip(w, 300), file=sys.stderr)
            else:
                self._stats = Stats(os.devnull)
        return self._stats

    def record_result(self, x: str, o: str, result: str) -> None:
        self.stats().record(x, o, result, save=self.options.use_settings)
        self.game.record_changed()

    def perfect_backend_name(self) -> str:
        """The perfect-play engine behind Expert, for the details view."""
        try:
            from connect4_game.ai import perfect
        except ImportError:
            return ''
        return perfect.backend_label(perfect.backend_name(self.session.rows, self.session.cols))

    # ------------------------------------------------------------ screens
    @property
    def screen(self):
        """The screen on top of the stack."""
        return self.stack[-1]

    def push(self, screen) -> None:
        self.stack[-1].pause()
        self.stack.append(screen)

    def pop(self, screen=None) -> None:
        """Take ``screen`` (default: the top one) off the stack; the game stays."""
        if len(self.stack) > 1 and (screen is None or screen is self.stack[-1]):
            self.stack.pop()
            self.stack[-1].resume()
        elif screen is not None and screen in self.stack[1:]:
            self.stack.remove(screen)

    def show_game(self) -> None:
        """Back to the game: every other screen closes."""
        while len(self.stack) > 1:
            self.pop()

    def show_help(self) -> None:
        from connect4_game.ui.screens.help import HelpScreen
        self.push(HelpScreen(self))

    def show_new_game(self) -> None:
        from connect4_game.ui.screens.new_game import NewGameScreen
        self.push(NewGameScreen(self))

    def show_stats(self) -> None:
        from connect4_game.ui.screens.stats import StatsScreen
        self.push(StatsScreen(self))

    def show_load(self) -> None:
        from connect4_game.ui.screens.saved_games import SavedGamesScreen
        self.push(SavedGamesScreen(self))

    def show_review(self) -> None:
        try:
            from connect4_game.ui.screens.review import ReviewScreen
        except ImportError:
            self.session.say(_('The game review is not available in this installation.'),
                             'error')
            return
        self.push(ReviewScreen(self))

    def show_network(self) -> None:
        from connect4_game.ui.screens.network import NetworkScreen
        self.push(NetworkScreen(self))

    def _start_network(self) -> None:
        """``--host`` / ``--join`` from the command line."""
        from connect4_game.ui.screens.network import start_host, start_join
        net = self.options.network
        local = net.get('local')
        try:
            if net['mode'] == 'host':
                start_host(self, net['port'], net.get('side', 'X'), net.get('addr', ''),
                           net.get('code'), local)
            else:
                start_join(self, net['address'], net['code'], local)
        except (OSError, ValueError) as exc:
            raise ValueError(f"cannot {'host' if net['mode'] == 'host' else 'join'} the game: "
                             f"{clip(getattr(exc, 'strerror', None) or exc, 120)}") from None

    def show_oska(self) -> None:
        from connect4_game.ui.screens.oska import OskaScreen
        self.session.lend_worker()
        self.push(OskaScreen(self, n=self.options.oska_n,
                             human_side=None if self.options.demo else 'w',
                             lookahead=rules.OSKA_DEFAULT_LOOKAHEAD if self.options.lookahead
                             is None else max(1, min(rules.OSKA_MAX_LOOKAHEAD,
                                                     self.options.lookahead))))

    def start_game(self, players: dict, rows: int, cols: int) -> None:
        """Start a new game from the new-game dialog (and remember the choice)."""
        s = self.session
        s.start_new(players, rows, cols)
        self.remember(rows=rows, cols=cols, expert=s.expert_mode, **players_to_settings(players))
        self.game.record_changed()
        self.show_game()

    def quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------ window
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
        """Full screen and back to the same window size (F11)."""
        self.fullscreen = not self.fullscreen
        self.surface = self._set_mode(self.windowed_size, self.fullscreen)

    def resize(self, w: int, h: int) -> None:
        """The window was resized: never below 520 x 480 (the board and text stay readable)."""
        if self.fullscreen:
            return
        w, h = max(rules.MIN_WINDOW_W, int(w)), max(rules.MIN_WINDOW_H, int(h))
        self.windowed_size = (w, h)
        current = pygame.display.get_surface()
        if current is None or current.get_size() != (w, h):
            self.surface = self._set_mode((w, h))
        else:
            self.surface = current
        self.remember(window_width=w, window_height=h)

    # ------------------------------------------------------------ files
    def save_game(self) -> str | None:
        """Save the game to the library of saved games; returns the path or None."""
        from connect4_game.storage.savegame import save_to_library
        try:
            path = save_to_library(self.session.saved_game())
        except (OSError, ValueError) as exc:
            self.session.say(_('Could not save: {why}').format(why=clip(exc, 160)), 'error', 4.0)
            return None
        self.session.say(_('Game saved ({n} moves). Load it with Ctrl+O.').format(
            n=len(self.session.game.moves)), 'info', 4.0)
        print(f'Game saved to {clip(path, 200)}')
        return str(path)

    def load_saved(self, saved, title: str = '') -> bool:
        """Replace the game by the saved game ``saved`` (checked first: a bad
        one leaves the game as it was, with a notice). Returns whether it did."""
        s = self.session
        try:
            rows, cols = rules.check_rows(saved.rows), rules.check_cols(saved.cols)
            moves = list(saved.columns)
            s.set_demo(False)
            s.new_game(rows, cols, moves)
        except (ValueError, OSError) as exc:
            s.say(_('Could not load: {why}').format(why=clip(exc, 160)), 'error', 5.0)
            print(f'could not load the game: {clip(exc, 300)}', file=sys.stderr)
            return False
        s.say(_('Loaded {name} ({n} moves)').format(name=clip(title, 60), n=len(moves)),
              'info', 4.0)
        return True

    def copy_moves(self) -> bool:
        """Copy the move string to the clipboard; a notice (not a crash) if there is none."""
        text = self.session.game.move_string()
        try:
            pygame.scrap.put_text(text)     # pygame-ce: no init needed
        except (pygame.error, AttributeError, RuntimeError) as exc:
            self.session.say(_('No clipboard here ({why}); the moves are: {moves}').format(
                why=clip(exc, 60), moves=text or _('(none)')), 'error', 6.0)
            print(f'moves: {text}')
            return False
        self.session.say(_('Copied the moves {moves} to the clipboard.').format(
            moves=clip(text, 60) or _('(none)')))
        return True

    def owns_autosave(self) -> bool:
        """Whether this run may offer, write or remove the autosave (see :class:`AppOptions`)."""
        return bool(self.options.use_settings and self.options.owns_autosave)

    def autosave(self) -> None:
        """Keep the unfinished game for the next plain start (a finished one
        removes the autosave) -- only in a run that owns the autosave."""
        if not self.owns_autosave() or self.session.demo or self.session.net_state:
            return
        from connect4_game.storage.savegame import autosave
        try:
            autosave(self.session.saved_game())
        except (OSError, ValueError) as exc:
            print(f'could not autosave the game: {clip(exc, 200)}', file=sys.stderr)

    # ------------------------------------------------------------ frame
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
        self.screen.process_event(e)

    def step(self, events, dt: float):
        """One frame: handle ``events``, advance by ``dt`` seconds, draw.

        :returns: the surface drawn on.
        :raises ValueError: for a negative ``dt``.
        """
        if dt < 0:
            raise ValueError(f'dt must be >= 0 seconds, not {dt!r}')
        for e in events:
            if not self.running:
                break
            self.handle_event(e)
        self.elapsed += dt
        self._check_worker()
        top = len(self.stack) - 1
        first = top
        while first > 0 and self.stack[first].updates_below:
            first -= 1
        for screen in self.stack[first:]:
            screen.update(dt)
        bottom = top
        while bottom > 0 and not self.stack[bottom].covers:
            bottom -= 1
        for screen in self.stack[bottom:]:
            screen.draw(self.surface)
        self._update_caption()
        self._check_exit()
        return self.surface

    def _update_caption(self) -> None:
        """The window title follows the game (useful in the task bar)."""
        s = self.session
        if self.stack[-1] is not self.game and getattr(self.stack[-1], 'caption', None):
            state = self.stack[-1].caption()
        elif s.game.over:
            state = self.game.result_texts()[0]
        else:
            state = self.game.status_texts()[0]
        caption = clip(f"{_('Connect Four')} \u2014 {state}", 120)
        if caption != getattr(self, '_caption', None):
            self._caption = caption
            pygame.display.set_caption(caption)

    def _check_worker(self) -> None:
        """If the worker's thread itself has died, start a new worker."""
        alive = getattr(self.worker, 'alive', None)
        if alive is None or alive() or self._closed:
            return
        try:
            self.worker.close(0.2)
        except Exception:
            pass
        self.worker = SearchWorker()
        self._own_worker = True
        self.session.worker_replaced(self.worker)
        for screen in self.stack:
            if hasattr(screen, 'worker_replaced'):
                screen.worker_replaced(self.worker)
        print('AI worker thread stopped; started a new worker.', file=sys.stderr)

    def _check_exit(self) -> None:
        o = self.options
        if o.exit_after is not None and self.elapsed >= o.exit_after:
            self.running = False
        if o.exit_after_game:
            top = self.stack[-1]
            done = getattr(top, 'finished', None)
            if done is not None and top is not self.game:
                if done():
                    self.running = False
            elif self.session.game.over and not self.game.animating() \
                    and self.session.end_time >= 0.8:
                self.running = False

    def run(self) -> int:
        """The real loop at 60 frames a second until quit; returns the exit
        status: 0 on a normal quit, 1 if the frame step kept failing or the
        screenshot asked for (``--screenshot``) could not be written.

        SIGTERM ends it like closing the window (the game is autosaved). An
        unexpected error in a frame is reported in one line (window and
        stderr) and the game goes on; only frames failing without a break
        for :attr:`GIVE_UP_AFTER` seconds end it.
        """
        intervals = []
        status = 0
        self._install_sigterm()
        try:
            self._guarded_step(pygame.event.get(), 0.0)   # builds the sprites before timing
            pygame.display.flip()
            wait_warm = getattr(self.worker, 'wait_warm', None)
            if wait_warm is not None:   # loading: the worker processes import the engine
                wait_warm(5.0)
            # what start-up built lives as long as the window: keep it out of the
            # garbage collector's full passes, which would otherwise walk it
            # every time and can cost a frame
            gc.collect()
            gc.freeze()
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
                self.session.say(msg, 'error', 5.0)
                self.show_game()
            except Exception:
                pass
            return False

    def _install_sigterm(self) -> None:
        try:
            import signal
            import threading
            if threading.current_thread() is threading.main_thread():
                signal.signal(signal.SIGTERM, lambda *_a: self.quit())
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
        file writes, so a full disk or an unwritable path is noticed: one
        stderr line says so and :attr:`screenshot_error` is set. Returns
        whether it was written."""
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

    def close(self) -> None:
        """Write the screenshot and frame stats if asked, autosave, keep the
        settings, stop the worker and the screens' own resources."""
        if self._closed:
            return
        self._closed = True
        o = self.options
        try:
            self.session.detach_peer()
        except Exception:
            pass
        for screen in reversed(self.stack):
            closing = getattr(screen, 'on_app_close', None)
            if closing is not None:
                try:
                    closing()
                except Exception:
                    pass
        try:
            if self._own_worker:
                self.worker.close()
            else:
                self.worker.cancel()
        except Exception:
            pass
        if o.screenshot:
            self.save_screenshot(o.screenshot)
        if o.frame_stats:
            data = frame_stats(getattr(self, 'intervals', []), self.session.total_moves)
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
        except (ValueError, OSError) as exc:
            print(f'connect4: error: {clip(exc, 200)}', file=sys.stderr)
            return 2
        except pygame.error as exc:            # no display, no video driver
            print(f'connect4: cannot open a window ({clip(exc, 120)}); try --text, or '
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
