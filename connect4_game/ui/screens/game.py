"""The game screen: the board, the toolbar and its menu, the status bar.

It shows the :class:`~connect4_game.play.session.GameSession` and turns what
the player does -- a click on a column, a toolbar button, a menu item, a
key -- into a command: one of the :data:`ACTIONS` (one table, shared with the
help screen, so every control names its key) or a board key. Two tables
drive it: the keys (:data:`_KEY_ACTIONS`, :data:`_CTRL_ACTIONS`, ...) give a
command's name, :data:`_COMMANDS` gives what the name does; a new command is
a row in each. Animations (the falling checker, the shake of a refused drop,
the pop-in of the result) and toasts live here; the words of the status bar
live in :mod:`~connect4_game.ui.screens.game_status`, the drawing and what
the screen does with the session's news in
:mod:`~connect4_game.ui.screens.game_view`, the commands in
:mod:`~connect4_game.ui.screens.game_commands`; the game itself lives in
the session.

Esc closes what is on top -- a tooltip, the newest notice, the result --
and never quits (Ctrl+Q and Menu > Quit do). The result can be brought
back with B or a click on the status bar. The screen tells the window when
it must draw (:meth:`GameScreen.wants_frames`, :meth:`GameScreen.picture_key`):
while nothing moves it is not redrawn, and the pulses of the hint and of
the winning four settle after a few beats.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from connect4_game.i18n import N_, _
from connect4_game.ui.animation import DropAnimation, Shake, step_drops
from connect4_game.ui.render import HINT_PULSE_END, Renderer
from connect4_game.ui.screens import game_status, game_view
from connect4_game.ui.screens.base import Screen
from connect4_game.ui.screens.game_commands import COMMANDS
from connect4_game.ui.screens.game_status import LOWER_LOOKAHEAD_TIP
from connect4_game.ui.widgets import Button, Menu, MenuItem, ResultBanner, Toast, Toolbar

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
    Action('move_now', N_('Move now'), N_('Space'), N_('Play the best move found so far')),
    Action('review', N_('Review game'), 'V', N_('Replay the game with every mistake marked')),
    Action('puzzles', N_('Puzzles'), 'Z', N_('Find the winning move: puzzles from win in 1 up')),
    Action('network', N_('Play a friend'), 'F', N_('Host or join a game with a friend on another computer')),
    Action('save', N_('Save game'), 'Ctrl+S', N_('Save this game under a name')),
    Action('load', N_('Load game'), 'Ctrl+O', N_('Open one of your saved games')),
    Action('copy', N_('Copy moves'), 'Ctrl+C', N_('Copy the moves to the clipboard')),
    Action('paste', N_('Paste position'), 'Ctrl+V',
           N_('Set up the game from moves on the clipboard, such as 4453')),
    Action('stats', N_('Statistics'), 'S', N_('Wins, losses and draws of every pairing')),
    Action('demo', N_('Demo'), 'D', N_('The computer plays both sides, game after game')),
    Action('pause', N_('Pause demo'), 'P', N_('Pause or resume the demo')),
    Action('theme', N_('Next theme'), 'C', N_('Classic, dark, high contrast, paper')),
    Action('sound', N_('Sound on/off'), 'M', N_('Turn the sounds off or on')),
    Action('details', N_('Details'), 'I', N_("Show the search's nodes and times")),
    Action('fullscreen', N_('Full screen'), 'F11', N_('Full screen on or off')),
    Action('quit', N_('Quit'), 'Ctrl+Q', N_('Close the game (an unfinished game is kept)')),
]
ACTION = {a.name: a for a in ACTIONS}
TOOLBAR = ('new', 'undo', 'redo', 'hint', 'analysis', 'settings', 'help', 'menu')
MENU = ('review', 'network', 'save', 'load', 'copy', 'paste', 'stats', 'puzzles', 'demo', 'pause', 'theme', 'sound',
        'details', 'fullscreen', 'quit')

BOARD_KEYS = [
    (N_('Mouse'), N_('aim with the ghost checker, click to drop it')),
    (N_('Left / Right'), N_('move the column cursor')),
    (N_('Down / Space / Enter'), N_('drop at the cursor')),
    (N_('0 - 9, + / -'), N_('Advanced: the lookahead in plies (up to a full solve)')),
    (N_('T'), N_('Advanced: tiebreak LEFT > RIGHT > RANDOM')),
    (N_('E'), N_('Expert (perfect play) on or off')),
    (N_('[ / ]'), N_('computer games slower / faster')),
    (N_('B'), N_('show or hide the result of a finished game (or click the status bar)')),
    (N_('Esc'), N_('close the menu, a tooltip, a notice or the result (never quits)')),
]

# ------------------------------------------------------------------ keys -> command names
# Looked up in this order (see key_action): Ctrl+key, the cursor keys, the
# digits, the typed symbols, then the plain keys.
_CTRL_ACTIONS = {pygame.K_z: 'undo', pygame.K_y: 'redo', pygame.K_s: 'save', pygame.K_o: 'load',
                 pygame.K_c: 'copy', pygame.K_v: 'paste', pygame.K_q: 'quit'}
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
    pygame.K_f: 'network', pygame.K_b: 'banner', pygame.K_z: 'puzzles',
    pygame.K_ESCAPE: 'escape',
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
        self.banner = ResultBanner()
        self.toast_at: pygame.Rect | None = None    # where the newest notice was drawn last
        self.toasts: list[Toast] = []
        self.cursor: int = app.session.game.cols // 2
        self.details = False
        self.time = 0.0
        self.hint_since = 0.0          # self.time when the hint was shown
        self._record_key: object = None   # (pairing, your side) the record was read for
        self._record = ''
        self._labels_lang = None
        self._shown_status: tuple[tuple[str, str, str], str | None, bool] | None = None   # the status bar as last drawn

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

    def banner_shown(self) -> bool:
        """Whether the result of a finished game is on the board."""
        return self.session.game.over and not self.animating() and not self.banner.hidden

    def wants_frames(self) -> bool:
        """Whether the picture changes by itself: a checker falls, a refused
        drop shakes, the result pops in, a notice fades, the computer thinks
        (the spinner), the hint or the winning four pulses, a tooltip is
        about to show."""
        s = self.session
        toast = self.toasts[-1] if self.toasts else None
        return (self.animating() or self.shake is not None or s.thinking()
                or (self.banner_shown() and self.banner.moving())
                or (toast is not None and toast.t >= toast.duration - 0.4)
                or (s.advisor.hint_col is not None and self.time - self.hint_since < HINT_PULSE_END)
                or (self.menu is None and self.toolbar.tip_pending()))

    def picture_key(self) -> tuple:
        """What the screen shows that can change without an event (see
        :meth:`Screen.picture_key`)."""
        s = self.session
        toast = self.toasts[-1] if self.toasts else None
        return (s.position_id, self.status_texts(), s.advisor.hint_col, self.overlay_labels(),
                None if toast is None else (toast.text, toast.kind), self.banner_shown(),
                self.menu is None and self.toolbar.tip_button(), self._move_now_visible(),
                tuple((b.label, b.enabled, b.on) for b in self.toolbar.buttons),
                self.app.theme.name, self.app.language)

    def keep_clear(self) -> list:
        """What a tooltip must not cover: the newest notice, the result, the
        hint's column and the analysis badges (window rects)."""
        out = [r for r in (self.toast_at if self.toasts else None,
                           self.banner.rect if self.banner_shown() else None) if r is not None]
        if self.renderer.layout is not None:
            out += self.renderer.column_rects([self.session.advisor.hint_col])
            out += [r for r in self.renderer.label_rects(self.overlay_labels() or []) if r]
        return out

    # ------------------------------------------------------------------ events
    def process_event(self, e) -> None:
        if self.menu is not None:
            action = self.menu.handle_event(e)
            if action is not None:
                self.menu = None
                self.toolbar.tip_hidden = True     # no tooltip of the Menu button after it
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

    def _click_result(self, pos) -> bool:
        """A left click at ``pos`` on Move now, on the result (puts it away)
        or on the status bar of a finished game (brings it back); returns
        whether it was one of those."""
        if self._move_now_visible() and self.move_now_button.hit(pos):
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
        board key's (see :data:`~connect4_game.ui.screens.game_commands.COMMANDS`),
        or the screen's own Esc ('escape') and B ('banner'); an unknown name
        does nothing."""
        command = COMMANDS.get(action)
        if command is not None:
            command(self)

    def open_menu(self) -> None:
        anchor = self.buttons['menu'].rect
        items = [MenuItem(_(ACTION[n].label), n, _(ACTION[n].key)) for n in MENU]
        game_status.label_menu(items, self.session, self.app.sounds.muted)
        self.menu = Menu(items, anchor, self.app.surface.get_size())

    def pause(self) -> None:
        """A dialog comes over the game: the bar's tooltip goes."""
        self.toolbar.hover, self.toolbar.tip_rect = None, None

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
        """Turn the session's events into animations, sounds and dialogs, and
        its notices into toasts."""
        news, notices = self.session.take_news()
        for event in news:
            handler = game_view.NEWS.get(type(event))
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
        lang = self.app.language
        if lang != self._labels_lang:          # the language changed: relabel
            self._labels_lang = lang
            for b in tb.buttons:
                b.label = _(ACTION[b.action].label)
                b.tooltip = f'{_(ACTION[b.action].tip)} ({_(ACTION[b.action].key)})'
            hint.alternates = (_(ACTION['hint'].label), _(ACTION['review'].label))
            self.move_now_button.label = _('Move now')
            self.move_now_button.tooltip = f"{_(ACTION['move_now'].tip)} ({_('Space')})"

    # ------------------------------------------------------------------ texts
    def result_texts(self) -> tuple[str, str]:
        """The banner's two lines for a finished game."""
        return game_status.result_texts(self.session)

    def status_texts(self) -> tuple[str, str, str]:
        """(line 1, line 2, right side) of the status bar. While a checker
        falls it does not yet say that it is the player's turn or how the
        game ended: it says what it said before (see
        :func:`~connect4_game.ui.screens.game_view.status_held`)."""
        held = self._shown_status
        if held is not None and game_view.status_held(self):
            return held[0]
        line1, line2, right = game_status.status_texts(
            self.session, invitation=self.app.invitation, record=self.record_text(),
            details=self.details)
        if self.session.game.over and self.banner.hidden:
            line2 = _('B or a click here shows the result again.') + '   ' + line2
        return line1, line2, right

    def record_text(self) -> str:
        """This pairing's record, kept across runs, from your side when one
        person plays ('You: 2 won, 1 lost, 0 draws'), else 'X 2 : 1 O, 0 draws';
        '' before its first game."""
        names = self.session.stats_names()
        key = (names, game_status.your_side(self.session))
        if self._record_key != key:
            try:
                self._record = game_status.record_words(self.app.stats.open().get(*names),
                                                        self.session)
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

    def _move_now_visible(self) -> bool:
        s = self.session
        return s.thinking() and s.planner.slow_search_seconds() > 0 and s.computer.can_move_now()

    # ------------------------------------------------------------------ draw
    def draw(self, surface) -> None:
        """The board, the status bar, the result banner, then the toolbar,
        the newest toast and the menu (or a tooltip) on top (see
        :mod:`~connect4_game.ui.screens.game_view`)."""
        game_view.draw(self, surface)
