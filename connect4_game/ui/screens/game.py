"""The game screen: the board, the toolbar and its menu, the status bar.

It shows the :class:`~connect4_game.ui.session.GameSession` and turns what
the player does -- a click on a column, a toolbar button, a menu item, a
key -- into a command: one of the :data:`ACTIONS` (one table, shared with the
help screen, so every control names its key) or a board key. Two tables
drive it: the keys (:data:`_KEY_ACTIONS`, :data:`_CTRL_ACTIONS`, ...) give a
command's name, :data:`_COMMANDS` gives what the name does; a new command is
a row in each. Animations (the falling checker, the shake of a refused drop,
the pop-in of the result) and toasts live here; the words of the status bar
live in :mod:`~connect4_game.ui.screens.game_status`; the game itself lives
in the session.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from connect4_game.ui import events
from connect4_game.ui.animation import DropAnimation, Fade, Shake, ease_out_back
from connect4_game.ui.i18n import N_, _, ngettext
from connect4_game.ui.render import Renderer, mix
from connect4_game.ui.screens import game_status
from connect4_game.ui.screens.base import Screen
from connect4_game.ui.screens.game_commands import COMMANDS
from connect4_game.ui.screens.game_status import LOWER_LOOKAHEAD_TIP
from connect4_game.ui.widgets import Button, Menu, MenuItem, Toolbar

__all__ = ['GameScreen', 'ACTIONS', 'Action', 'BOARD_KEYS', 'LOWER_LOOKAHEAD_TIP', 'key_action']


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

# ------------------------------------------------------------------ keys -> command names
# Looked up in this order (see key_action): Ctrl+key, the cursor keys, the
# digits, the typed symbols, then the plain keys.
_CTRL_ACTIONS = {pygame.K_z: 'undo', pygame.K_y: 'redo', pygame.K_s: 'save', pygame.K_o: 'load',
                 pygame.K_c: 'copy'}
_CURSOR_KEYS = {
    pygame.K_LEFT: 'left', pygame.K_RIGHT: 'right', pygame.K_DOWN: 'drop',
    pygame.K_SPACE: 'space', pygame.K_RETURN: 'drop', pygame.K_KP_ENTER: 'drop',
    pygame.K_TAB: 'toolbar',
}
_SYMBOL_KEYS = (   # (command, typed characters, keys, keys that count only when they type nothing)
    ('stronger', ('+', '='), (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS), ()),
    ('weaker', ('-',), (pygame.K_MINUS, pygame.K_KP_MINUS), ()),
    ('help', ('?',), (), ()),
    ('slower', ('[',), (), (pygame.K_LEFTBRACKET,)),
    ('faster', (']',), (), (pygame.K_RIGHTBRACKET,)),
)
_KEY_ACTIONS = {
    pygame.K_t: 'tiebreak', pygame.K_e: 'expert',
    pygame.K_n: 'new', pygame.K_u: 'undo', pygame.K_r: 'redo', pygame.K_h: 'hint',
    pygame.K_a: 'analysis', pygame.K_g: 'settings', pygame.K_F1: 'help', pygame.K_F10: 'menu',
    pygame.K_v: 'review', pygame.K_s: 'stats', pygame.K_d: 'demo', pygame.K_p: 'pause',
    pygame.K_c: 'theme', pygame.K_m: 'sound', pygame.K_i: 'details', pygame.K_F11: 'fullscreen',
    pygame.K_f: 'network',
    pygame.K_ESCAPE: 'quit',
}
_DIGITS = '0123456789'


def _digit(key: int, uni: str) -> int | None:
    """The lookahead a digit key asks for (typed, or on the keypad), or None."""
    if uni and uni in _DIGITS:
        return int(uni)
    if pygame.K_KP0 <= key <= pygame.K_KP9:
        return key - pygame.K_KP0
    return None


def key_action(key: int, uni: str, ctrl: bool) -> str | None:
    """The command a key press gives: the name of one of :data:`_COMMANDS`,
    'lookahead' for a digit (0-9, typed or on the keypad), or None.

    :param key: the pygame key code.
    :param uni: the text the key typed ('' if none).
    :param ctrl: whether Ctrl was held (only the Ctrl commands count then).
    """
    if ctrl:
        return _CTRL_ACTIONS.get(key)
    if key in _CURSOR_KEYS:
        return _CURSOR_KEYS[key]
    if _digit(key, uni) is not None:
        return 'lookahead'
    for action, chars, keys, bare_keys in _SYMBOL_KEYS:
        if uni in chars or key in keys or (not uni and key in bare_keys):
            return action
    return _KEY_ACTIONS.get(key)


class Toast:
    """A notice on screen: text, kind, seconds to show, seconds shown, the
    position it is about (None: any)."""

    def __init__(self, text: str, kind: str = 'info', duration: float = 2.5, position=None):
        self.text, self.kind, self.duration, self.t = text, kind, duration, 0.0
        self.position = position


class GameScreen(Screen):
    """The board and its controls; see the module docstring.

    :param app: the app (its ``session``, ``worker``, ``theme``, ``sounds``,
        ``stats``, ``files``, the stack).
    """

    def __init__(self, app) -> None:
        super().__init__(app)
        self.renderer = Renderer()
        self.buttons = {n: Button(_(ACTION[n].label), n, '') for n in TOOLBAR}   # by first action
        self.toolbar: Toolbar = Toolbar(list(self.buttons.values()), right=2)
        self.move_now_button = Button(_('Move now'), 'move_now', '', primary=True)
        self.menu: Menu | None = None
        self.falling: list[DropAnimation] = []
        self.shake: Shake | None = None
        self.flash_col: int | None = None
        self.banner_fade = Fade(0.45, ease_out_back)
        self.toasts: list[Toast] = []
        self.cursor: int = app.session.game.cols // 2
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

    def caption(self) -> str:
        """The window title's part: the result of a finished game, else the
        status bar's first line."""
        if self.session.game.over:
            return self.result_texts()[0]
        return self.status_texts()[0]

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
        """A key press: its command (see :func:`key_action`) is carried out."""
        uni = getattr(e, 'unicode', '') or ''
        action = key_action(e.key, uni, bool(e.mod & pygame.KMOD_CTRL))
        if action == 'lookahead':
            self.session.controls.set_lookahead(_digit(e.key, uni))
        elif action:
            self.do(action)

    def drop(self, col) -> None:
        """A person drops a checker in ``col`` (None: outside the board)."""
        if col is None:
            return
        self.cursor = col
        self.session.human_drop(col)

    def do(self, action: str) -> None:
        """Carry out the command ``action``: one of the :data:`ACTIONS` or a
        board key's (see :data:`~connect4_game.ui.screens.game_commands.COMMANDS`); an unknown name does nothing."""
        command = COMMANDS.get(action)
        if command is not None:
            command(self)

    def open_menu(self) -> None:
        anchor = self.buttons['menu'].rect
        items = [MenuItem(_(ACTION[n].label), n, ACTION[n].key) for n in MENU]
        game_status.label_menu(items, self.session, self.app.sounds.muted)
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
                self.app.sounds.play('drop')
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
        """Turn the session's events into animations, sounds and dialogs, and
        its notices into toasts."""
        news, notices = self.session.take_news()
        for event in news:
            handler = _NEWS.get(type(event))
            if handler is not None:
                handler(self, event)
        for n in notices:
            self.toast(n.text, n.kind, n.seconds, n.position)

    def _sync_toolbar(self) -> None:
        s = self.session
        tb = self.toolbar
        self.buttons['undo'].enabled = bool(s.game.moves)
        self.buttons['redo'].enabled = bool(s.game.redo_stack) and s.network is None
        hint = self.buttons['hint']
        if s.game.over and s.game.moves:       # Hint has nothing to say: Review has
            hint.action, hint.enabled = 'review', True
        else:
            hint.action, hint.enabled = 'hint', s.human_to_move()
        if hint.label != _(ACTION[hint.action].label):
            self._labels_lang = None
        self.buttons['analysis'].on = s.advisor.overlay
        self.buttons['undo'].enabled = bool(s.game.moves)
        lang = self.app.language
        if lang != self._labels_lang:          # the language changed: relabel
            self._labels_lang = lang
            for b in tb.buttons:
                b.label = _(ACTION[b.action].label)
                b.tooltip = f'{_(ACTION[b.action].tip)} ({ACTION[b.action].key})'
            self.move_now_button.label = _('Move now')
            self.move_now_button.tooltip = f"{_(ACTION['move_now'].tip)} (Space)"

    # ------------------------------------------------------------------ texts
    def result_texts(self) -> tuple[str, str]:
        """The banner's two lines for a finished game."""
        return game_status.result_texts(self.session)

    def status_texts(self) -> tuple[str, str, str]:
        """(line 1, line 2, right side) of the status bar."""
        return game_status.status_texts(self.session, invitation=self.app.invitation,
                                        record=self.record_text(), details=self.details)

    def record_text(self) -> str:
        """This pairing's record, kept across runs: 'X 2 : 1 O, 0 draws', or ''."""
        key = self.session.stats_names()
        if self._record_key != key:
            try:
                self._record = game_status.record_words(self.app.stats.open().get(*key))
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
        if not s.advisor.overlay or s.game.over:
            return None
        payload = s.advisor.payload()
        if payload is None:
            return [('\u2026', 'text_dim')] * s.game.cols
        return game_status.overlay_badges(payload, s.game.cols, self.app.theme)

    def last_move_slot(self):
        g = self.session.game
        if not g.moves or self.animating():
            return None
        col = g.moves[-1]
        row = g.board.top_row(col)
        return None if row is None else (row, col)

    def _move_now_visible(self) -> bool:
        s = self.session
        return s.thinking() and s.planner.slow_search_seconds() > 0 and s.computer.can_move_now()

    # ------------------------------------------------------------------ draw
    def draw(self, surface) -> None:
        """The board, the status bar, the result banner, then the toolbar,
        the newest toast and the menu (or a tooltip) on top."""
        g = self.session.game
        lay = self.renderer.prepare(surface.get_size(), g.rows, g.cols, self.app.theme)
        self.toolbar.layout(lay.width, lay.toolbar_h)
        win_line = list(g.outcome.line) if g.outcome and g.outcome.winner \
            and not self.animating() else None
        self._draw_board(surface, win_line)
        self._draw_status(surface, lay)
        if g.over and not self.animating():
            self._draw_banner(surface, win_line)
        self._draw_controls(surface)

    def _draw_board(self, surface, win_line) -> None:
        """The board, its checkers (those still falling drawn in flight), the
        ghost checker and cursor of a person to move, the hint, the last move
        and the analysis badges."""
        s = self.session
        g = s.game
        hidden = [(int(f.target_row), f.col) for f in self.falling]
        human = s.human_to_move()
        self.renderer.draw_board(
            surface, g.board.slots, hidden=hidden, falling=self.falling,
            ghost=(g.to_move, self.cursor) if human else None, win_line=win_line, t=self.time,
            shake=self.shake.offset if self.shake else 0.0, flash_col=self.flash_col,
            flash=self.shake.flash if self.shake else 0.0,
            cursor=self.cursor if human else None, hint_col=s.advisor.hint_col,
            hint_row=g.landing_row(s.advisor.hint_col) if s.advisor.hint_col is not None else None,
            last_move=self.last_move_slot(),
            ghost_row=g.landing_row(self.cursor) if human else None,
            labels=self.overlay_labels())

    def _draw_status(self, surface, lay) -> None:
        """The status bar, with the Move-now button while a slow search runs."""
        s = self.session
        g = s.game
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
            self.move_now_button.draw(surface, self.app.theme, max(12, lay.status_h // 4))

    def _draw_banner(self, surface, win_line) -> None:
        """The result of a finished game, in the winner's colour, popping in."""
        theme = self.app.theme
        winner = self.session.game.outcome.winner
        title, sub = self.result_texts()
        colour = theme.x_color if winner == 'X' else theme.o_color if winner == 'O' \
            else theme.text
        self.renderer.draw_banner(surface, title, sub, scale=self.banner_fade.value,
                                  color=mix(colour, theme.text, 0.25), win_line=win_line)

    def _draw_controls(self, surface) -> None:
        """The toolbar, the newest toast fading out, and the menu or a tooltip."""
        theme = self.app.theme
        self.toolbar.draw(surface, theme)
        for t in self.toasts[-1:]:
            alpha = min(1.0, (t.duration - t.t) / 0.4)
            self.renderer.draw_toast(surface, t.text, alpha, t.kind)
        if self.menu is not None:
            self.menu.draw(surface, theme)
        else:
            self.toolbar.draw_tooltip(surface, theme)


# ------------------------------------------------------------------ commands


# What the game screen does with each of the session's events.


def _on_move(g: GameScreen, event: events.MoveMade) -> None:
    m = event.move
    g.falling.append(DropAnimation(m.column, m.row, m.checker))


def _on_refused(g: GameScreen, event: events.DropRefused) -> None:
    g.shake = Shake(duration=0.45)
    g.flash_col = event.column
    g.app.sounds.play('refused')


def _on_game_over(g: GameScreen, event: events.GameOver) -> None:
    g.app.sounds.play('win' if event.outcome.winner else 'tie')


def _on_new_position(g: GameScreen, event: events.GameEvent) -> None:
    g.banner_fade = Fade(0.45, ease_out_back)
    if isinstance(event, events.GameStarted):
        g.falling = []
        g.cursor = min(g.cursor, g.session.game.cols - 1)


def _on_hint(g: GameScreen, event: events.HintShown) -> None:
    g.cursor = event.column


def _on_undo_asked(g: GameScreen, event: events.UndoAsked) -> None:
    from connect4_game.ui.screens.confirm import ConfirmScreen
    s = g.session
    n = len(s.game.moves) - event.ply
    question = ngettext('Your friend asks to take back {n} move. Allow it?',
                        'Your friend asks to take back {n} moves. Allow it?',
                        n).format(n=n) if event.ply else \
        _('Your friend asks to start a new game. Allow it?')
    g.app.push(ConfirmScreen(g.app, question, _('Allow'),
                             lambda: s.answer_friend_undo(True), _('Refuse'),
                             on_no=lambda: s.answer_friend_undo(False)))


def _on_network_failed(g: GameScreen, event: events.NetworkFailed) -> None:
    g.app.show_network(error=event.text)


_NEWS: dict[type, Callable[[GameScreen, Any], None]] = {
    events.MoveMade: _on_move, events.DropRefused: _on_refused,
    events.GameOver: _on_game_over, events.GameStarted: _on_new_position,
    events.HistoryChanged: _on_new_position, events.HintShown: _on_hint,
    events.UndoAsked: _on_undo_asked, events.NetworkFailed: _on_network_failed,
}

