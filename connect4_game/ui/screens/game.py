"""The game screen: the board, the toolbar and its menu, the status bar.

It shows the :class:`~connect4_game.ui.session.GameSession` and turns what
the player does -- a click on a column, a toolbar button, a menu item, a
key -- into one of the :data:`ACTIONS` (one table, shared with the help
screen, so every control names its key). Animations (the falling checker,
the shake of a refused drop, the pop-in of the result) and toasts live here;
the game itself lives in the session.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from connect4_game import rules
from connect4_game.ui.animation import DropAnimation, Fade, Shake, ease_out_back
from connect4_game.ui.i18n import N_, _, ngettext
from connect4_game.ui.render import Renderer, mix
from connect4_game.ui.screens.base import Screen
from connect4_game.ui.session import label_words, score_words
from connect4_game.ui.widgets import Button, Menu, MenuItem, Toolbar

__all__ = ['GameScreen', 'ACTIONS', 'Action', 'BOARD_KEYS', 'LOWER_LOOKAHEAD_TIP']

LOWER_LOOKAHEAD_TIP = N_('A lower lookahead (keys 0-9) answers at once.')


@dataclass(frozen=True)
class Action:
    """A command of the game screen: ``name`` (internal), ``label`` (shown,
    translated when drawn), ``key`` (the key that does it, as shown),
    ``tip`` (what it does, for tooltips and the help screen)."""

    name: str
    label: str
    key: str
    tip: str


ACTIONS = [
    Action('new', N_('New game'), 'N', N_('Start a new game with the same players')),
    Action('undo', N_('Undo'), 'U / Ctrl+Z', N_('Take back your last move')),
    Action('redo', N_('Redo'), 'R / Ctrl+Y', N_('Play again the move you took back')),
    Action('hint', N_('Hint'), 'H', N_('Show the column the computer would play for you')),
    Action('analysis', N_('Analysis'), 'A', N_("Show every column's outcome above the board")),
    Action('settings', N_('Settings'), 'G', N_('Players, difficulty, who plays first, board size, theme')),
    Action('help', N_('Help'), 'F1 / ?', N_('Every control and key')),
    Action('menu', N_('Menu'), 'F10', N_('More: save, load, review, statistics, demo, theme, sound')),
    Action('move_now', N_('Move now'), 'Space', N_('Play the best move found so far')),
    Action('review', N_('Review game'), 'V', N_('Replay the game with every mistake marked')),
    Action('network', N_('Play a friend'), 'F', N_('Host or join a game with a friend on another computer')),
    Action('save', N_('Save game'), 'Ctrl+S', N_('Save this game under a name')),
    Action('load', N_('Load game'), 'Ctrl+O', N_('Open one of your saved games')),
    Action('copy', N_('Copy moves'), 'Ctrl+C', N_('Copy the moves to the clipboard')),
    Action('stats', N_('Statistics'), 'S', N_('Wins, losses and draws of every pairing')),
    Action('demo', N_('Demo'), 'D', N_('The computer plays both sides, game after game')),
    Action('pause', N_('Pause demo'), 'P', N_('Pause or resume the demo')),
    Action('theme', N_('Next theme'), 'C', N_('Classic, dark, high contrast, paper')),
    Action('sound', N_('Sound on/off'), 'M', N_('Turn the sounds off or on')),
    Action('details', N_('Details'), 'I', N_("Show the search's nodes and times")),
    Action('fullscreen', N_('Full screen'), 'F11', N_('Full screen on or off')),
    Action('quit', N_('Quit'), 'Esc', N_('Close the game (an unfinished game is kept)')),
]
ACTION = {a.name: a for a in ACTIONS}
TOOLBAR = ('new', 'undo', 'redo', 'hint', 'analysis', 'settings', 'help', 'menu')
MENU = ('review', 'network', 'save', 'load', 'copy', 'stats', 'demo', 'pause', 'theme', 'sound',
        'details', 'fullscreen', 'quit')

BOARD_KEYS = [
    (N_('Mouse'), N_('aim with the ghost checker, click to drop it')),
    (N_('Left / Right'), N_('move the column cursor')),
    (N_('Down / Space / Enter'), N_('drop at the cursor')),
    (N_('0 - 9, + / -'), N_('Advanced: the lookahead in plies (up to a full solve)')),
    (N_('T'), N_('Advanced: tiebreak LEFT > RIGHT > RANDOM')),
    (N_('E'), N_('Expert (perfect play) on or off')),
    (N_('[ / ]'), N_('computer games slower / faster')),
]

_KEY_ACTIONS = {
    pygame.K_n: 'new', pygame.K_u: 'undo', pygame.K_r: 'redo', pygame.K_h: 'hint',
    pygame.K_a: 'analysis', pygame.K_g: 'settings', pygame.K_F1: 'help', pygame.K_F10: 'menu',
    pygame.K_v: 'review', pygame.K_s: 'stats', pygame.K_d: 'demo', pygame.K_p: 'pause',
    pygame.K_c: 'theme', pygame.K_m: 'sound', pygame.K_i: 'details', pygame.K_F11: 'fullscreen',
    pygame.K_f: 'network',
    pygame.K_ESCAPE: 'quit',
}
_CTRL_ACTIONS = {pygame.K_z: 'undo', pygame.K_y: 'redo', pygame.K_s: 'save', pygame.K_o: 'load',
                 pygame.K_c: 'copy'}


class Toast:
    """A notice on screen: text, kind, seconds to show, seconds shown, the
    position it is about (None: any)."""

    def __init__(self, text: str, kind: str = 'info', duration: float = 2.5, position=None):
        self.text, self.kind, self.duration, self.t = text, kind, duration, 0.0
        self.position = position


class GameScreen(Screen):
    """The board and its controls; see the module docstring.

    :param app: the app (its ``session``, ``worker``, ``theme``, sound, stack).
    """

    def __init__(self, app) -> None:
        super().__init__(app)
        self.renderer = Renderer()
        self.toolbar = Toolbar([Button(_(ACTION[n].label), n, '') for n in TOOLBAR], right=2)
        self.move_now_button = Button(_('Move now'), 'move_now', '', primary=True)
        self.menu: Menu | None = None
        self.falling: list[DropAnimation] = []
        self.shake: Shake | None = None
        self.flash_col = None
        self.banner_fade = Fade(0.45, ease_out_back)
        self.toasts: list[Toast] = []
        self.cursor = app.session.cols // 2
        self.details = False
        self.time = 0.0
        self._record_key = None
        self._record = ''
        self._labels_lang = None

    @property
    def session(self):
        return self.app.session

    # ------------------------------------------------------------------ queries
    def animating(self) -> bool:
        return any(not f.done for f in self.falling)

    def toast(self, text: str, kind: str = 'info', duration: float = 2.5, position=None) -> None:
        """Show ``text`` for ``duration`` seconds (drawn wrapped to fit the window)."""
        from connect4_game.messages import MAX_TEXT, clip
        text = clip(text, MAX_TEXT)
        self.toasts = [t for t in self.toasts if t.text != text][-2:]
        self.toasts.append(Toast(text, kind, duration, position))

    # ------------------------------------------------------------------ events
    def process_event(self, e) -> None:
        if self.menu is not None:
            action = self.menu.handle_event(e)
            if action is not None:
                self.menu = None
                if action:
                    self.do(action)
            return
        if e.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            action = self.toolbar.handle_event(e)
            if action == '':
                return
            if action:
                self.do(action)
                return
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self._move_now_visible() \
                and self.move_now_button.hit(e.pos):
            self.do('move_now')
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

    def handle_key(self, e) -> None:
        key, mods = e.key, e.mod
        uni = getattr(e, 'unicode', '') or ''
        s = self.session
        if mods & pygame.KMOD_CTRL:
            action = _CTRL_ACTIONS.get(key)
            if action:
                self.do(action)
            return
        if key == pygame.K_LEFT:
            self.cursor = max(0, self.cursor - 1)
        elif key == pygame.K_RIGHT:
            self.cursor = min(s.cols - 1, self.cursor + 1)
        elif key in (pygame.K_DOWN, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if key == pygame.K_SPACE and s.thinking():
                self.do('move_now')
            else:
                self.drop(self.cursor)
        elif key == pygame.K_TAB:
            self.toolbar.take_focus()
        elif uni and uni in '0123456789' or pygame.K_KP0 <= key <= pygame.K_KP9:
            digit = int(uni) if uni and uni in '0123456789' else key - pygame.K_KP0
            s.set_lookahead(digit)
        elif uni in ('+', '=') or key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self._raise_lookahead()
        elif uni == '-' or key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            s.set_lookahead(min(s.lookahead, s.max_lookahead) - 1)
        elif uni == '?':
            self.do('help')
        elif uni == '[' or (not uni and key == pygame.K_LEFTBRACKET):
            s.change_pace(+0.25)
        elif uni == ']' or (not uni and key == pygame.K_RIGHTBRACKET):
            s.change_pace(-0.25)
        elif key == pygame.K_t:
            s.cycle_tiebreak()
        elif key == pygame.K_e:
            s.toggle_expert()
        elif key in _KEY_ACTIONS:
            self.do(_KEY_ACTIONS[key])

    def _raise_lookahead(self) -> None:
        s = self.session
        value = min(s.lookahead, s.max_lookahead) + 1
        s.set_lookahead(value)
        if value > rules.WARN_LOOKAHEAD and value < s.max_lookahead:
            s.say(_('Lookahead {n}: the computer may think for minutes per move.').format(
                n=value), 'error', 4.0)

    def drop(self, col) -> None:
        """A person drops a checker in ``col`` (None: outside the board)."""
        if col is None:
            return
        self.cursor = col
        self.session.human_drop(col)

    def do(self, action: str) -> None:
        """Carry out one of the :data:`ACTIONS`."""
        s, app = self.session, self.app
        if action == 'new':
            if s.peer is not None:
                s.ask_peer_restart()
            else:
                s.new_game()
        elif action == 'undo':
            self._finish_animations()
            s.undo()
        elif action == 'redo':
            self._finish_animations()
            s.redo()
        elif action == 'hint':
            s.request_hint()
        elif action == 'analysis':
            s.toggle_overlay()
        elif action == 'settings':
            app.show_new_game()
        elif action == 'help':
            app.show_help()
        elif action == 'menu':
            self.open_menu()
        elif action == 'move_now':
            s.move_now()
        elif action == 'review':
            app.show_review()
        elif action == 'network':
            if s.peer is not None:
                s.detach_peer()
                s.say(_('You left the network game.'))
            else:
                app.show_network()
        elif action == 'save':
            app.save_game()
        elif action == 'load':
            app.show_load()
        elif action == 'copy':
            app.copy_moves()
        elif action == 'stats':
            app.show_stats()
        elif action == 'demo':
            s.set_demo(not s.demo)
        elif action == 'pause':
            s.toggle_pause()
        elif action == 'theme':
            app.cycle_theme()
        elif action == 'sound':
            app.toggle_mute()
        elif action == 'details':
            self.details = not self.details
        elif action == 'fullscreen':
            app.toggle_fullscreen()
        elif action == 'quit':
            app.quit()

    def open_menu(self) -> None:
        anchor = self.toolbar.button('menu').rect
        items = [MenuItem(_(ACTION[n].label), n, ACTION[n].key) for n in MENU]
        for item in items:
            if item.action == 'pause':
                item.enabled = self.session.demo or all(
                    p.is_computer for p in self.session.players.values())
                if self.session.paused:
                    item.label = _('Resume demo')
            elif item.action == 'sound' and self.app.muted:
                item.label = _('Sound on')
            elif item.action == 'sound':
                item.label = _('Sound off')
            elif item.action == 'demo' and self.session.demo:
                item.label = _('Stop demo')
            elif item.action == 'network' and self.session.peer is not None:
                item.label = _('Leave the network game')
        self.menu = Menu(items, anchor, self.app.surface.get_size())

    def resume(self) -> None:
        self.toolbar.hover = None

    # ------------------------------------------------------------------ update
    def _finish_animations(self) -> None:
        for f in self.falling:
            f.finish()
        self.falling = []

    def update(self, dt: float) -> None:
        s = self.session
        self.time += dt
        self.toolbar.update(dt)
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
        s.update(dt, busy=self.animating())
        self.take_session_news()
        for t in self.toasts:
            t.t += dt
        self.toasts = [t for t in self.toasts if t.t < t.duration
                       and (t.position is None or t.position == s.position_id)]
        if s.game.over and not self.animating():
            self.banner_fade.update(dt)
        self._sync_toolbar()

    def take_session_news(self) -> None:
        s = self.session
        for ev in s.take_events():
            kind = ev[0]
            if kind == 'move':
                _k, col, row, checker = ev
                self.falling.append(DropAnimation(col, row, checker))
            elif kind == 'refused':
                self.shake = Shake(duration=0.45)
                self.flash_col = ev[1]
                self.app.sound('refused')
            elif kind == 'end':
                result = ev[1]
                self.app.sound('tie' if result[0] == 'tie' else 'win')
            elif kind in ('new', 'undo'):
                self.banner_fade = Fade(0.45, ease_out_back)
                if kind == 'new':
                    self.falling = []
                    self.cursor = min(self.cursor, s.cols - 1)
            elif kind == 'hint':
                self.cursor = ev[1]
            elif kind == 'undo_asked':
                from connect4_game.ui.screens.confirm import ConfirmScreen
                n = len(s.game.moves) - ev[1]
                self.app.push(ConfirmScreen(
                    self.app, ngettext('Your friend asks to take back {n} move. Allow it?',
                                       'Your friend asks to take back {n} moves. Allow it?',
                                       n).format(n=n) if ev[1] else
                    _('Your friend asks to start a new game. Allow it?'),
                    _('Allow'), lambda: s.answer_peer_undo(True), _('Refuse'),
                    on_no=lambda: s.answer_peer_undo(False)))
        for n in s.take_notices():
            self.toast(n.text, n.kind, n.seconds, n.position)

    def _sync_toolbar(self) -> None:
        s = self.session
        tb = self.toolbar
        tb.button('undo').enabled = bool(s.game.moves)
        tb.button('redo').enabled = bool(s.game.redo_stack) and s.peer is None
        hint = tb.buttons[TOOLBAR.index('hint')]
        if s.game.over and s.game.moves:       # Hint has nothing to say: Review has
            hint.action, hint.enabled = 'review', True
        else:
            hint.action, hint.enabled = 'hint', s.human_to_move()
        if hint.label != _(ACTION[hint.action].label):
            self._labels_lang = None
        tb.button('analysis').on = s.overlay
        tb.button('undo').enabled = bool(s.game.moves)
        lang = self.app.language
        if lang != self._labels_lang:          # the language changed: relabel
            self._labels_lang = lang
            for b in tb.buttons:
                b.label = _(ACTION[b.action].label)
                b.tooltip = f'{_(ACTION[b.action].tip)} ({ACTION[b.action].key})'
            self.move_now_button.label = _('Move now')
            self.move_now_button.tooltip = f"{_(ACTION['move_now'].tip)} (Space)"

    # ------------------------------------------------------------------ texts
    def side_name(self, side: str) -> str:
        """How the status bar names a side: 'You', 'Computer (Medium)', ..."""
        s = self.session
        p = s.players[side]
        if p.kind == 'human':
            others_human = s.players['O' if side == 'X' else 'X'].is_human
            return _('Player {side}').format(side=side) if others_human else _('You')
        if p.kind == 'random':
            return _('Computer (random moves)')
        if p.kind == 'expert':
            return _('Computer (Expert)')
        if p.kind == 'plugin':
            return p.spec.split(':')[-1]
        if p.kind == 'remote':
            return _('Your friend (network)')
        if p.level:
            return _('Computer ({level})').format(level=_(p.level.capitalize()))
        la = _('full solve') if p.lookahead >= s.max_lookahead else str(p.lookahead)
        return _('Computer (lookahead {n}, {tiebreak})').format(n=la, tiebreak=p.tiebreak)

    def result_texts(self) -> tuple[str, str]:
        """The banner's two lines for a finished game."""
        s = self.session
        result = s.game.result
        if result[0] == 'tie':
            title = _("It's a tie!")
        else:
            side, n = result[1], result[3]
            p = s.players[side]
            vs_computer = len(s.humans()) == 1
            if vs_computer and p.is_human:
                title = ngettext('You win in {n} move!', 'You win in {n} moves!', n).format(n=n)
            elif vs_computer:
                title = ngettext('The computer wins in {n} move.',
                                 'The computer wins in {n} moves.', n).format(n=n)
            else:
                title = ngettext('Player {side} wins in {n} move.',
                                 'Player {side} wins in {n} moves.', n).format(side=side, n=n)
        sub = _('Next game soon…') if s.demo else \
            _('New game: N    Undo: U    Review: V')
        return title, sub

    def status_texts(self) -> tuple[str, str, str]:
        """(line 1, line 2, right side) of the status bar."""
        s = self.session
        g = s.game
        if g.over:
            line1 = self.result_texts()[0]
        else:
            side = g.to_move
            p = s.players[side]
            if s.thinking():
                secs = s.slow_search_seconds()
                line1 = _('{name} ({side}) is thinking…').format(name=self.side_name(side),
                                                                side=side)
                if secs:
                    line1 += f' {secs} s'
            elif s.net_state == 'waiting':
                line1 = _('Waiting for your friend…') + (
                    f'  {self.app.invitation}' if getattr(self.app, 'invitation', '') else '')
            elif s.net_state == 'lost':
                line1 = _('Connection lost: waiting for your friend to come back…')
            elif p.kind == 'remote':
                line1 = _("Your friend's turn ({side})").format(side=side)
            elif p.is_human and len(s.humans()) == 1:
                line1 = _('Your turn ({side})').format(side=side)
            elif p.is_human:
                line1 = _("Player {side}'s turn").format(side=side)
            else:
                line1 = _('{name} ({side}) to move').format(name=self.side_name(side), side=side)
            slow = s.slow_search_seconds()
            if slow and not s.thinking():      # the hint or the analysis is still searching
                line1 += '  ' + _('(hint: {n} s…)').format(n=slow) if s.hint_wanted \
                    else '  ' + _('(analysis: {n} s…)').format(n=slow)
        if s.paused:
            line1 += '  ' + _('[paused]')
        line2 = f"X: {self.side_name('X')}   O: {self.side_name('O')}"
        if s.slow_search_seconds() and s.searching_kind() == 'ai' and not g.over:
            line2 = _(LOWER_LOOKAHEAD_TIP) + '   ' + line2
        right = self.record_text()
        if self.details:
            right = self.details_text() + ('\n' + right if right else '')
        if s.worker_note:
            right = s.worker_note + ('\n' + right if right else '')
        return line1, line2, right

    def details_text(self) -> str:
        """The search figures (shown only in the details view)."""
        s = self.session
        parts = []
        for side in 'XO':
            st = s.last_stats.get(side)
            if st:
                nodes, secs, depth = st
                took = f'{secs * 1000:.1f} ms' if secs < 0.1 else f'{secs:.2f} s'
                parts.append(f'{side}: ' + (_('{nodes} nodes in {time}').format(
                    nodes=f'{nodes:,}', time=took) if nodes else took))
        engine = _('Expert') if s.expert_mode else _('lookahead {n}, tiebreak {t}').format(
            n=s.lookahead, t=s.tiebreak)
        backend = self.app.perfect_backend_name()
        return '  '.join(parts) + ('\n' if parts else '') + _('Analysis: {engine}').format(
            engine=engine) + (f' · {backend}' if backend else '')

    def record_text(self) -> str:
        """This pairing's record, kept across runs: 'X 2 : 1 O, 0 draws', or ''."""
        key = self.session.stats_names()
        if self._record_key != key:
            try:
                rec = self.app.stats().get(*key)
                self._record = ngettext('X {w} : {l} O, {t} draw', 'X {w} : {l} O, {t} draws',
                                        rec.ties).format(w=rec.wins, l=rec.losses, t=rec.ties) \
                    if rec.games else ''
            except Exception:
                self._record = ''
            self._record_key = key
        return self._record

    def record_changed(self) -> None:
        """Statistics changed: read the record again."""
        self._record_key = None

    def overlay_labels(self):
        """One (text, colour) badge per column for the analysis overlay, or None."""
        s = self.session
        if not s.overlay or s.game.over:
            return None
        payload = s.analysis_payload()
        if payload is None:
            return [('\u2026', 'text_dim')] * s.cols
        return self.labels_from(payload)

    def labels_from(self, payload) -> list:
        theme = self.app.theme
        out = []
        labels = payload.get('labels') or []
        scores = payload.get('scores') or []
        for col in range(self.session.cols):
            if labels and col < len(labels) and not labels[col] and not payload.get('column') \
                    and payload.get('time') is None:
                out.append(('\u2026', theme.text_dim))      # not proven yet
            elif labels and col < len(labels) and labels[col]:
                text = label_words(labels[col])
                low = labels[col].lower().lstrip('\u2248~\u2265 ')
                colour = theme.good if low.startswith('win') else theme.bad \
                    if low.startswith('loss') else theme.text_dim if 'full' in low \
                    else theme.neutral
                out.append((text, colour))
            elif col < len(scores) and scores[col] is not None:
                sc = scores[col]
                colour = {100: theme.good, 0: theme.bad, 50: theme.neutral}.get(sc, theme.text_dim)
                out.append((score_words(sc), colour))
            else:
                out.append(None)
        return out

    def last_move_slot(self):
        g = self.session.game
        if not g.moves or self.animating():
            return None
        col = g.moves[-1]
        row = g.board.top_row(col)
        return None if row is None else (row, col)

    def _move_now_visible(self) -> bool:
        s = self.session
        return s.thinking() and s.slow_search_seconds() > 0 and s.can_move_now()

    # ------------------------------------------------------------------ draw
    def draw(self, surface) -> None:
        s = self.session
        g = s.game
        app = self.app
        lay = self.renderer.prepare(surface.get_size(), g.rows, g.cols, app.theme)
        self.toolbar.layout(lay.width, lay.toolbar_h)
        hidden = [(int(f.target_row), f.col) for f in self.falling]
        human = s.human_to_move()
        win_line = g.result[2] if g.result and g.result[0] == 'win' and not self.animating() \
            else None
        self.renderer.draw_board(
            surface, g.board.slots, hidden=hidden, falling=self.falling,
            ghost=(g.to_move, self.cursor) if human else None, win_line=win_line, t=self.time,
            shake=self.shake.offset if self.shake else 0.0, flash_col=self.flash_col,
            flash=self.shake.flash if self.shake else 0.0,
            cursor=self.cursor if human else None, hint_col=s.hint_col,
            hint_row=g.landing_row(s.hint_col) if s.hint_col is not None else None,
            last_move=self.last_move_slot(),
            ghost_row=g.landing_row(self.cursor) if human else None,
            labels=self.overlay_labels())
        line1, line2, right = self.status_texts()
        reserve = 0
        if self._move_now_visible():
            b = self.move_now_button
            sr = lay.status_rect
            bw = min(sr.width // 3, max(110, int(sr.height * 2.6)))
            b.rect = pygame.Rect(sr.right - bw - 10, sr.top + sr.height // 4, bw, sr.height // 2)
            reserve = bw + 16
        self.renderer.draw_status(surface, line1, right, line2,
                                  spinner=self.time if s.thinking() else None, reserve=reserve,
                                  checker=None if g.over else g.to_move)
        if reserve:
            self.move_now_button.draw(surface, app.theme, max(12, lay.status_h // 4))
        if g.over and not self.animating():
            title, sub = self.result_texts()
            colour = app.theme.x_color if g.result[0] == 'win' and g.result[1] == 'X' else \
                app.theme.o_color if g.result[0] == 'win' else app.theme.text
            self.renderer.draw_banner(surface, title, sub, scale=self.banner_fade.value,
                                      color=mix(colour, app.theme.text, 0.25), win_line=win_line)
        self.toolbar.draw(surface, app.theme)
        for t in self.toasts[-1:]:
            alpha = min(1.0, (t.duration - t.t) / 0.4)
            self.renderer.draw_toast(surface, t.text, alpha, t.kind)
        if self.menu is not None:
            self.menu.draw(surface, app.theme)
        else:
            self.toolbar.draw_tooltip(surface, app.theme)
