"""The game screen: the board, the toolbar and its menu, the status bar; clicks and keys
become the commands of :data:`~connect4_game.ui.commands.COMMANDS`, carried out by :meth:`do`."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from connect4_game.i18n import _
from connect4_game.net.connection import NetState
from connect4_game.net.events import JoinFailed, UndoRequested
from connect4_game.play import events
from connect4_game.play.session import GameSession
from connect4_game.players import WARN_LOOKAHEAD
from connect4_game.ui import commands, themes
from connect4_game.ui.animation import DropAnimation, Shake, step_drops
from connect4_game.ui.commands import COMMAND, MENU, TOOLBAR, TOOLBAR_OVERFLOW, TOOLBAR_RIGHT
from connect4_game.ui.render import HINT_PULSE_END, WIN_PULSE_END, Badge, Layout, Renderer
from connect4_game.ui.screens import game_status
from connect4_game.ui.screens.base import Screen
from connect4_game.ui.screens.chat import ChatScreen
from connect4_game.ui.screens.confirm import ConfirmScreen, ask_friend_undo
from connect4_game.ui.screens.help import HelpScreen
from connect4_game.ui.screens.host import AppServices
from connect4_game.ui.screens.network import NetworkScreen
from connect4_game.ui.screens.saved_games import SavedGamesScreen
from connect4_game.ui.screens.stats import StatsScreen
from connect4_game.ui.themes import mix
from connect4_game.ui.widgets import Button, Menu, MenuItem, ResultBanner, Toast, Toolbar

__all__ = ['GameScreen']

# the status bar as last drawn: (line 1, line 2, right side), the checker beside it, the spinner
StatusShown = tuple[tuple[str, str, str], str | None, bool]


class GameScreen(Screen):
    """The board and its controls; see the module docstring."""

    app: AppServices

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.renderer = Renderer()
        self.toolbar = Toolbar([Button(_(COMMAND[n].label), n, '') for n in TOOLBAR],
                               right=TOOLBAR_RIGHT, overflow=TOOLBAR_OVERFLOW)
        self.move_now_button = Button(_(COMMAND['move_now'].label), 'move_now', '', primary=True)
        self.menu: Menu | None = None
        self.falling: list[DropAnimation] = []
        self.shake: Shake | None = None
        self.flash_col: int | None = None
        self.banner = ResultBanner()
        self.toast_at: pygame.Rect | None = None    # where the newest notice was drawn last
        self.toasts: list[Toast] = []
        self.cursor: int = app.session.game.cols // 2
        self.details = False
        self.time = 0.0
        self.hint_since = 0.0          # self.time when the hint was shown
        self._labelled: tuple[str, str] | None = None     # (language, Hint's action) labelled
        self._shown_status: StatusShown | None = None   # the status bar as last drawn
        self._commands: dict[str, Callable[[], object]] = self._command_table()
        self._news: dict[type, Callable[[Any], object]] = {
            events.MoveMade: lambda e: self.falling.append(
                DropAnimation(e.move.column, e.move.row, e.move.checker)),
            events.DropRefused: self._on_refused,
            events.GameOver: lambda e: app.sounds.play('win' if e.outcome.winner else 'tie'),
            events.BoardReset: self._on_board_reset, events.HintShown: self._on_hint,
            UndoRequested: lambda e: ask_friend_undo(app, self.session, e.ply),
            JoinFailed: self._on_network_failed,
            events.FriendLeft: lambda e: self._friend_not_here(),
        }

    @property
    def session(self) -> GameSession:
        """The game in progress (the app's; a new game may replace it)."""
        return self.app.session

    # ------------------------------------------------------------------ queries
    def animating(self) -> bool:
        """Whether a checker is still falling."""
        return any(not f.done for f in self.falling)

    def caption(self) -> str:
        """The window title's part: the result of a finished game, else the status's first line."""
        if self.session.game.over:
            return game_status.result_texts(self.session)[0]
        return self.status_texts()[0]

    def banner_shown(self) -> bool:
        """Whether the result of a finished game is on the board."""
        return self.session.game.over and not self.animating() and not self.banner.hidden

    def wants_frames(self) -> bool:
        """Whether the picture changes by itself: a fall, a shake, a fade, a pulse, a tooltip."""
        s = self.session
        toast = self.toasts[-1] if self.toasts else None
        return bool(self.animating() or self.shake is not None or s.thinking()
                    or (self.banner_shown() and self.banner.moving())
                    or (toast is not None and toast.t >= toast.duration - 0.4)
                    or (s.hint_col is not None
                        and self.time - self.hint_since < HINT_PULSE_END)
                    or (self.menu is None and self.toolbar.tip_pending()))

    def picture_key(self) -> tuple[object, ...]:
        """What the screen shows that can change without an event."""
        s = self.session
        toast = self.toasts[-1] if self.toasts else None
        return (s.position_id, self.status_texts(), s.hint_col, self.overlay_labels(),
                None if toast is None else (toast.text, toast.kind), self.banner_shown(),
                self.menu is None and self.toolbar.tip_button(), self.move_now_visible(),
                tuple((b.label, b.enabled, b.on) for b in self.toolbar.buttons),
                self.app.theme.name, self.app.language)

    def keep_clear(self) -> list[pygame.Rect]:
        """What a tooltip must not cover: the notice, the result, the hint and the badges."""
        out = [r for r in (self.toast_at if self.toasts else None,
                           self.banner.rect if self.banner_shown() else None) if r is not None]
        if self.renderer.layout is not None:
            out += self.renderer.column_rects([self.session.hint_col])
            out += [r for r in self.renderer.label_rects(self.overlay_labels() or []) if r]
        return out

    def move_now_visible(self) -> bool:
        """Whether Move now shows: the computer has thought a while and has a move."""
        s = self.session
        return bool(s.thinking() and s.planner.slow_search_seconds() > 0 and s.can_move_now())

    def last_move_slot(self) -> tuple[int, int] | None:
        """The (row, column) of the last move once landed; else None."""
        game = self.session.game
        if not game.moves or self.animating():
            return None
        col = game.moves[-1]
        row = game.board.top_row(col)
        return None if row is None else (row, col)

    def held_status(self) -> StatusShown | None:
        """The status bar as last drawn while it stays so: a checker still falls."""
        s = self.session
        held = self.animating() and (s.game.over or s.human_to_move())
        return self._shown_status if held else None

    # ------------------------------------------------------------------ events
    def process_event(self, e: pygame.event.Event) -> None:
        """A pygame event: to the open menu, else the toolbar, else the board."""
        if self.menu is not None:
            action = self.menu.handle_event(e)
            if action is not None:
                self.menu = None
                self.toolbar.quiet_tip()           # no tooltip of the Menu button after it
                if action:
                    self.do(action)
            return
        if e.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) \
                and self.toolbar.dispatch(e, self.do):
            return
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self._click_result(e.pos):
            return
        lay = self.renderer.layout
        if e.type == pygame.MOUSEMOTION:
            if lay is not None:
                col = lay.col_at(*e.pos)
                if col is not None:
                    self.cursor = col
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            if lay is not None and not lay.toolbar_rect.collidepoint(e.pos):
                self.drop(lay.col_at(*e.pos))
        elif e.type == pygame.KEYDOWN:
            self.handle_key(e)

    def _click_result(self, pos: tuple[int, int]) -> bool:
        """A click on Move now, the result (hides it) or a finished game's status bar (shows it)."""
        if self.move_now_visible() and self.move_now_button.hit(pos):
            self.do('move_now')
            return True
        if self.banner_shown() and self.banner.rect is not None \
                and self.banner.rect.collidepoint(pos):
            self.banner.hidden = True
            return True
        lay = self.renderer.layout
        if self.session.game.over and lay is not None and lay.status_rect.collidepoint(pos):
            self.do('banner')
            return True
        return False

    def handle_key(self, e: pygame.event.Event) -> None:
        """A key's command (:func:`~connect4_game.ui.commands.lookup`); a column key drops there."""
        hit = commands.lookup(e.key, getattr(e, 'unicode', '') or '',
                              bool(e.mod & pygame.KMOD_CTRL))
        if hit is None:
            return
        command, key = hit
        if key.column is not None:
            if key.column < self.session.game.cols:
                self.drop(key.column)
        else:
            self.do(command.name)

    def drop(self, col: int | None) -> None:
        """A person drops a checker in ``col`` (0-based; None: outside the board)."""
        if col is None:
            return
        self.cursor = col
        self.session.human_drop(col)

    def do(self, action: str) -> None:
        """Carry out the command named ``action`` (of :data:`commands.COMMANDS`)."""
        command = self._commands.get(action)
        if command is not None:
            command()

    def open_menu(self) -> None:
        """The menu: the buttons the toolbar has no room for, then the menu's own entries."""
        anchor = self.toolbar.named['menu'].rect
        items = [MenuItem(b.label, b.action, COMMAND[b.action].key_label(), b.enabled)
                 for b in self.toolbar.overflow if b.action not in MENU]
        items += [MenuItem(_(COMMAND[n].label), n, COMMAND[n].key_label()) for n in MENU]
        game_status.label_menu(items, self.session, self.app.sounds.muted)
        self.menu = Menu(items, anchor, self.app.surface.get_size())

    def pause(self) -> None:
        """A dialog comes over the game, or goes: the bar's tooltip goes."""
        self.toolbar.forget_hover()

    resume = pause

    # ------------------------------------------------------------------ commands
    def _command_table(self) -> dict[str, Callable[[], object]]:
        """What each command of :data:`~connect4_game.ui.commands.COMMANDS` does.
        :raises RuntimeError: if the table and the commands differ."""
        app = self.app
        table: dict[str, Callable[[], object]] = {
            'left': lambda: self._move_cursor(-1),
            'right': lambda: self._move_cursor(+1),
            'drop': lambda: self.drop(self.cursor),
            'toolbar': self.toolbar.take_focus,
            'stronger': self._stronger,
            'weaker': lambda: self.session.set_lookahead(self.session.lookahead - 1),
            'tiebreak': lambda: self.session.cycle_tiebreak(),
            'expert': lambda: self.session.toggle_expert(),
            'slower': lambda: self.session.change_pace(+0.25),
            'faster': lambda: self.session.change_pace(-0.25),
            'banner': self._toggle_banner,
            'escape': self._escape,
            'new': self._new_game,
            'undo': lambda: self.finish_animations(self.session.undo),
            'redo': lambda: self.finish_animations(self.session.redo),
            'hint': lambda: self.session.request_hint(),
            'analysis': lambda: self.session.toggle_overlay(),
            'settings': lambda: app.show_new_game(),
            'help': lambda: app.push(HelpScreen(app)),
            'menu': self.open_menu,
            'move_now': self._move_now,
            'review': lambda: app.show_review(),
            'network': self._network,
            'chat': self._chat,
            'save': lambda: app.files.save_game(self.session),
            'load': lambda: app.push(SavedGamesScreen(app)),
            'copy': lambda: app.files.copy_moves(self.session),
            'paste': self._paste,
            'stats': lambda: app.push(StatsScreen(app)),
            'puzzles': self._puzzles,
            'demo': lambda: self.session.set_demo(not self.session.demo),
            'pause': lambda: self.session.toggle_pause(),
            'theme': self._next_theme,
            'sound': self._sound,
            'details': self._toggle_details,
            'fullscreen': lambda: app.toggle_fullscreen(),
            'quit': lambda: app.quit(),
        }
        wanted = {c.name for c in commands.COMMANDS} - {'column'}
        if set(table) != wanted:
            raise RuntimeError(f'commands without a handler: {sorted(wanted - set(table))}, '
                               f'handlers without a command: {sorted(set(table) - wanted)}')
        return table

    def _move_cursor(self, step: int) -> None:
        self.cursor = max(0, min(self.session.game.cols - 1, self.cursor + step))

    def _move_now(self) -> None:
        """Space or Move now: the computer's best move so far, else drop at the cursor."""
        if self.session.thinking():
            self.session.move_now()
        else:
            self.drop(self.cursor)

    def _stronger(self) -> None:
        s = self.session
        value = s.lookahead + 1
        s.set_lookahead(value)
        if WARN_LOOKAHEAD < value < s.max_lookahead:
            s.say(_('Lookahead {n}: the computer may think for minutes per move.').format(
                n=value), 'error', 4.0)

    def _new_game(self) -> None:
        s = self.session
        if s.network is None:
            s.new_game()
        elif s.network.peer.state is NetState.PLAYING:
            s.ask_friend_undo(0)
        else:
            self._friend_not_here()

    def _friend_not_here(self) -> None:
        """The friend is not there: wait for them, or the computer plays on from here."""
        app, s = self.app, self.session
        network = s.network
        assert network is not None
        question = {NetState.WAITING: _('Your friend has not joined yet.'),
                    NetState.LOST: _('The connection to your friend is lost.')}.get(
            network.peer.state, _('Your friend left the game.'))
        wait = network.peer.is_host or network.peer.state is NetState.LOST
        app.push(ConfirmScreen(app, question, _('Play the computer from here'),
                               lambda: self.finish_animations(s.play_computer_from_here),
                               _('Wait for your friend') if wait else _('New game…'),
                               on_no=None if wait else app.show_new_game))

    def _paste(self) -> None:
        """Ctrl+V: the game after the clipboard's moves (columns 1..N, ``4453``), same players."""
        app, s = self.app, self.session
        if s.network is not None:
            s.say(_('Leave the network game before pasting a position.'), 'error', 4.0)
            return
        moves = app.files.pasted_position(s)
        if moves is None:
            return
        set_up = partial(self.finish_animations, lambda: app.files.set_up(s, moves))
        if s.game.moves and not s.game.over and not s.demo and s.game.moves != moves:
            app.push(ConfirmScreen(app, _('Set up the pasted position? The game in progress '
                                          'ends (it is not saved).'), _('Set up'), set_up))
        else:
            set_up()

    def _chat(self) -> None:
        if self.session.network is None:
            self.session.say(_('Chat is for a game with a friend over the network.'))
        else:
            self.app.push(ChatScreen(self.app, self.session.network))

    def _network(self) -> None:
        s = self.session
        if s.network is not None:
            s.close()
            s.say(_('You left the network game.'))
        else:
            self.app.show_network()

    def _next_theme(self) -> None:
        app = self.app
        app.set_theme(themes.next_theme(app.theme.name))
        self.session.say(_('Theme: {name}').format(name=_(app.theme.label)))

    def _sound(self) -> None:
        muted = self.app.toggle_mute()
        self.session.say(_('Sound off') if muted else _('Sound on'))

    def _toggle_details(self) -> None:
        self.details = not self.details

    def _escape(self) -> None:
        """Esc: close a tooltip, the newest notice or the result; else say how to quit."""
        if self.toolbar.hide_tip() or self.app.tips.hide():
            return
        if self.toasts:
            self.toasts.pop()
        elif self.banner_shown():
            self.banner.hidden = True
        else:
            self.session.say(_('Esc closes menus and notices. To quit: {keys} or Menu > '
                               'Quit.').format(keys=COMMAND['quit'].key_label()))

    def _toggle_banner(self) -> None:
        """B (or a click on the status bar): show the result again, or put it away."""
        if self.session.game.over:
            self.banner.toggle()

    def _puzzles(self) -> None:
        """Menu > Puzzles (Z): the puzzle screen over the game, which stays as it is."""
        from connect4_game.core.messages import broken_install
        from connect4_game.trainer.model import PuzzleDataError
        from connect4_game.ui.screens.puzzle import PuzzleScreen
        try:
            self.app.push(PuzzleScreen(self.app))
        except (PuzzleDataError, OSError) as exc:     # a broken install
            self.session.say(broken_install(exc), 'error', 8.0)

    # ------------------------------------------------------------------ update
    def finish_animations(self, then: Callable[[], object] = lambda: None) -> None:
        """Land every falling checker at once, then run ``then`` (which changes the board)."""
        for f in self.falling:
            f.finish()
        self.falling = []
        then()

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds: the animations, the session, the notices."""
        s = self.session
        self.time += dt
        if self.menu is None:
            self.toolbar.update(dt)
        self.falling = step_drops(self.falling, dt, lambda: self.app.sounds.play('drop'))
        if self.shake is not None:
            self.shake.update(dt)
            if self.shake.done:
                self.shake = None
        s.update(dt, busy=self.animating())
        self.take_session_news()
        for t in self.toasts:
            t.t += dt
        self.toasts = [t for t in self.toasts if t.t < t.duration
                       and (t.position is None or t.position == s.position_id)]
        self.banner.update(dt, s.game.over and not self.animating())
        self._sync_toolbar()

    def take_session_news(self) -> None:
        """Turn the session's events into animations, sounds and dialogs, notices into toasts."""
        news, notices = self.session.take_news()
        for event in news:
            handler = self._news.get(type(event))
            if handler is not None:
                handler(event)
        for n in notices:            # the newest three, each text once
            self.toasts = [t for t in self.toasts if t.text != n.text][-2:]
            self.toasts.append(Toast(n.text, n.kind, n.seconds, n.position))

    def _on_refused(self, event: events.DropRefused) -> None:
        self.shake = Shake(duration=0.45)
        self.flash_col = event.column
        self.app.sounds.play('refused')

    def _on_board_reset(self, event: events.BoardReset) -> None:
        self.banner.reset()
        self.falling = []
        self.cursor = min(self.cursor, self.session.game.cols - 1)

    def _on_hint(self, event: events.HintShown) -> None:
        self.cursor = event.column
        self.hint_since = self.time

    def _on_network_failed(self, event: JoinFailed) -> None:
        if not isinstance(self.app.screen, NetworkScreen):    # the join screen says it itself
            self.app.show_network(error=event.text)

    def _sync_toolbar(self) -> None:
        """The buttons follow the game (Hint becomes Review once it is over) and the language."""
        s = self.session
        self.toolbar.named['undo'].enabled = bool(s.game.moves)
        self.toolbar.named['redo'].enabled = bool(s.game.redo_stack) and s.network is None
        hint = self.toolbar.named['hint']
        if s.game.over and s.game.moves:       # Hint has nothing to say: Review has
            hint.action, hint.enabled = 'review', True
        else:
            hint.action, hint.enabled = 'hint', s.human_to_move()
        self.toolbar.named['analysis'].on = s.overlay
        if self._labelled != (self.app.language, hint.action):
            self._labelled = (self.app.language, hint.action)
            for b in self.toolbar.buttons:
                b.label = _(COMMAND[b.action].label)
                b.tooltip = COMMAND[b.action].tooltip()
            hint.alternates = (_(COMMAND['hint'].label), _(COMMAND['review'].label))
            self.move_now_button.label = _(COMMAND['move_now'].label)
            self.move_now_button.tooltip = COMMAND['move_now'].tooltip()

    # ------------------------------------------------------------------ texts
    def status_texts(self) -> tuple[str, str, str]:
        """(line 1, line 2, right side) of the status bar."""
        held = self.held_status()
        if held is not None:
            return held[0]
        line1, line2, right = game_status.status_texts(
            self.session, invitation=self.app.invitation, record=self.record_text(),
            details=self.details)
        if self.session.game.over and self.banner.hidden:
            line2 = _('{key} or a click here shows the result again.').format(
                key=COMMAND['banner'].main_key()) + '   ' + line2
        return line1, line2, right

    def record_text(self) -> str:
        """This pairing's record (see :func:`game_status.record_words`)."""
        record = self.app.stats.get(*self.session.stats_names())
        return game_status.record_words(record, self.session)

    def overlay_labels(self) -> list[Badge | None] | None:
        """One Badge (or None) per column for the analysis; None without it."""
        s = self.session
        if not s.overlay or s.game.over:
            return None
        analysis = s.analysis_payload()
        if analysis is None:
            return [('\u2026', self.app.theme.text_dim)] * s.game.cols
        return game_status.overlay_badges(analysis, s.game.cols, self.app.theme)

    # ------------------------------------------------------------------ draw
    def draw(self, surface: pygame.Surface) -> None:
        """The board, the status bar, the result, then the toolbar, toast and menu on top."""
        game = self.session.game
        lay = self.renderer.prepare(surface.get_size(), game.rows, game.cols, self.app.theme)
        self.toolbar.layout(lay.width, lay.toolbar_h)
        outcome = game.outcome
        win_line = list(outcome.line) if outcome is not None and outcome.winner \
            and not self.animating() else None
        self._draw_board(surface, win_line)
        self._draw_status(surface, lay)
        self.banner.rect = None
        if self.banner_shown():
            self._draw_banner(surface, win_line)
        self._draw_controls(surface)

    def _draw_board(self, surface: pygame.Surface, win_line: list[Any] | None) -> None:
        """The board, its checkers (falling ones in flight), the ghost, cursor, hint and badges."""
        s = self.session
        game = s.game
        human = s.human_to_move()
        hint_col = s.hint_col
        self.renderer.draw_board(
            surface, game.board.slots, falling=self.falling,
            ghost=(game.to_move, self.cursor) if human else None, win_line=win_line,
            t=min(self.banner.shown_for, WIN_PULSE_END),
            hint_t=min(self.time - self.hint_since, HINT_PULSE_END),
            shake=self.shake.offset if self.shake else 0.0, flash_col=self.flash_col,
            flash=self.shake.flash if self.shake else 0.0,
            cursor=self.cursor if human else None, hint_col=hint_col,
            hint_row=game.board.landing_row(hint_col) if hint_col is not None else None,
            last_move=self.last_move_slot(),
            ghost_row=game.board.landing_row(self.cursor) if human else None,
            labels=self.overlay_labels())

    def _draw_status(self, surface: pygame.Surface, lay: Layout) -> None:
        """The status bar (as before the move while a checker falls), with Move now."""
        s = self.session
        game = s.game
        held = self.held_status()
        if held is None:
            held = (self.status_texts(), None if game.over else game.to_move, s.thinking())
            self._shown_status = held
        texts, checker, spinner = held
        line1, line2, right = texts
        reserve = 0
        if self.move_now_visible():
            b = self.move_now_button
            sr = lay.status_rect
            bw = min(sr.width // 3, max(110, int(sr.height * 2.6)))
            b.rect = pygame.Rect(sr.right - bw - 10, sr.top + sr.height // 4, bw, sr.height // 2)
            reserve = bw + 16
        self.renderer.draw_status(surface, line1, right, line2,
                                  spinner=self.time if spinner else None, reserve=reserve,
                                  checker=checker)
        if reserve:
            self.move_now_button.draw(surface, self.app.theme, max(12, lay.status_h // 4))

    def _draw_banner(self, surface: pygame.Surface, win_line: list[Any] | None) -> None:
        """The result of a finished game, in the winner's colour, popping in."""
        theme = self.app.theme
        outcome = self.session.game.outcome
        winner = None if outcome is None else outcome.winner
        title, sub = game_status.result_texts(self.session)
        colour = theme.side_colours(winner)[0] if winner else theme.text
        self.banner.rect = self.renderer.draw_banner(
            surface, title, sub, scale=self.banner.fade.value,
            color=mix(colour, theme.text, 0.25), win_line=win_line)

    def _draw_controls(self, surface: pygame.Surface) -> None:
        """The toolbar, the newest notice fading out, then the menu or a tooltip."""
        theme = self.app.theme
        self.toolbar.draw(surface, theme)
        self.toast_at = None
        for t in self.toasts[-1:]:
            alpha = min(1.0, (t.duration - t.t) / 0.4)
            self.toast_at = self.renderer.draw_toast(surface, t.text, alpha, t.kind)
        if self.menu is not None:
            self.menu.draw(surface, theme)
        self.toolbar.draw_tooltip(surface, theme, avoid=self.keep_clear(),
                                  shown=self.menu is None and self.app.screen is self)
