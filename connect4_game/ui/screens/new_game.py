"""The new-game dialog, as a player meets it in GNOME Four-in-a-row: Players,
Difficulty, Play first / second, the board, the look; the assignment's
knobs (lookahead and tiebreak of each side, BU CS111 ps9 Problem 4) wait
under *Advanced*."""

from __future__ import annotations

import pygame

from connect4_game import rules
from connect4_game.ui import themes
from connect4_game.ui.i18n import N_, _
from connect4_game.ui.render import MIN_FONT, fit_text, font, wrap_text
from connect4_game.ui.screens.base import Screen
from connect4_game.seat_config import PlayerConfig, SeatKind
from connect4_game.ui.widgets import Button, Choice, Stepper, draw_tooltip

__all__ = ['NewGameScreen', 'LEVEL_NAMES', 'LANGUAGE_NAMES']

LEVEL_NAMES = {'easy': N_('Easy'), 'medium': N_('Medium'), 'hard': N_('Hard'),
               'expert': N_('Expert')}
LEVEL_TIPS = {'easy': N_('Looks {n} moves ahead: takes a win and blocks yours, otherwise plays anywhere.'),
              'medium': N_('Looks {n} moves ahead and likes the middle columns.'),
              'hard': N_('Looks {n} moves ahead and likes the middle columns: hard to beat.'),
              'expert': N_('Plays perfectly on the standard board: very hard to beat.')}


def level_tip(level: str) -> str:
    """What a level does, in the current language (its lookahead from
    :data:`connect4_game.ai.levels.LEVEL_SETTINGS`)."""
    from connect4_game.ai.levels import LEVEL_SETTINGS
    setting = LEVEL_SETTINGS.get(level)
    return _(LEVEL_TIPS[level]).format(n=setting.lookahead if setting else '')


LANGUAGE_NAMES = {'en': 'English', 'nl': 'Nederlands'}


class NewGameScreen(Screen):
    """Choose the players and the board, then Start (Enter) or Cancel (Esc).

    The rows are :class:`~connect4_game.ui.widgets.Choice` and
    :class:`~connect4_game.ui.widgets.Stepper` controls; Up/Down choose a
    row, Left/Right (or a click) change it. The game goes on underneath
    until Start.
    """

    def __init__(self, app) -> None:
        super().__init__(app)
        self._build()

    def _build(self) -> None:
        """Build the controls and buttons in the current language, from the
        session's players and board and the app's theme and language."""
        app = self.app
        s = app.session
        players = s.saved_players or s.players        # in the demo: the players from before
        x, o = players['X'], players['O']
        humans = [side for side in 'XO' if players[side].is_human]
        mode = 'two' if len(humans) == 2 else 'one' if len(humans) == 1 else 'computers'
        computer = o if o.is_computer else x
        level = computer.level_name() if computer.kind in ('ai', 'expert') else rules.DEFAULT_LEVEL
        self.advanced_open = level == 'advanced'
        if level == 'advanced':
            level = rules.DEFAULT_LEVEL
        self.base = {'X': x, 'O': o}
        self.mode = Choice(_('Players'), [('one', _('One player')), ('two', _('Two players')),
                                          ('computers', _('Computer vs computer'))], mode)
        self.level = Choice(_('Difficulty'), [(k, _(v)) for k, v in LEVEL_NAMES.items()], level)
        self.first = Choice(_('You play'), [('X', _('First')), ('O', _('Second'))],
                            humans[0] if len(humans) == 1 else 'X')
        self.rows = Stepper(_('Rows'), rules.MIN_ROWS, rules.MAX_ROWS, s.game.rows)
        self.cols = Stepper(_('Columns'), rules.MIN_COLS, rules.MAX_COLS, s.game.cols)
        self.theme = Choice(_('Theme'), [(t.name, _(t.label)) for t in themes.THEMES.values()],
                            app.theme_name)
        self.language = Choice(_('Language'), list(LANGUAGE_NAMES.items()), app.language)
        self.adv: dict[str, Choice] = {}
        for side in 'XO':
            p = self.base[side]
            self.adv[side + 'la'] = Stepper(_('{side}: lookahead (plies)').format(side=side), 0,
                                            rules.MAX_LOOKAHEAD, p.lookahead)
            self.adv[side + 'tb'] = Choice(_('{side}: tiebreak').format(side=side),
                                           [(t, t) for t in rules.TIEBREAKS], p.tiebreak)
        self.advanced_changed = False
        self.start_button = Button(_('Start'), 'start', _('Start the game (Enter)'), primary=True)
        self.cancel_button = Button(_('Cancel'), 'cancel', _('Back to the game (Esc)'))
        self.advanced_button = Button('', 'advanced', _('The assignment\'s AI settings'))
        self.network_button = Button(_('Play a friend…'), 'network',
                                     _('Host or join a game with a friend on another computer (F)'))
        self.sel = 0
        self.mouse = (0, 0)

    # ------------------------------------------------------------------ rows
    def rows_shown(self) -> list:
        """The controls on screen now, top to bottom."""
        out = [self.mode]
        if self.mode.value != 'two':
            out.append(self.level)
        if self.mode.value == 'one':
            out.append(self.first)
        out += [self.rows, self.cols, self.theme, self.language]
        if self.advanced_open:
            out += [self.adv['Xla'], self.adv['Xtb'], self.adv['Ola'], self.adv['Otb']]
        return out

    def dimmed(self, control) -> bool:
        """Advanced rows of a side a person plays do nothing: shown dimmed."""
        for side in 'XO':
            if control in (self.adv[side + 'la'], self.adv[side + 'tb']):
                return self.players()[side].is_human
        return False

    def players(self) -> dict:
        """The players the dialog describes now."""
        mode, level = self.mode.value, self.level.value
        out = {}
        for side in 'XO':
            la = rules.clamp_lookahead(self.adv[side + 'la'].value, self.rows.value,
                                       self.cols.value)
            tb = self.adv[side + 'tb'].value
            human = mode == 'two' or (mode == 'one' and side == self.first.value)
            if human:
                out[side] = PlayerConfig(SeatKind.HUMAN, la, tb)
            elif self.advanced_changed and level != 'expert':
                out[side] = PlayerConfig(SeatKind.AI, la, tb)       # exactly the assignment's AIPlayer
            else:
                out[side] = PlayerConfig.for_level(level, PlayerConfig(SeatKind.AI, la, tb))
        return out

    def warning(self) -> str:
        """A warning for a lookahead deep enough to take minutes, else ''."""
        if not self.advanced_open:
            return ''
        deep = [side for side, p in self.players().items()
                if p.advanced and rules.WARN_LOOKAHEAD < p.lookahead < self.rows.value * self.cols.value]
        if deep:
            return _('A lookahead over {n} can take minutes for each move.').format(
                n=rules.WARN_LOOKAHEAD)
        return ''

    def change(self, control, delta: int) -> None:
        control.step(delta)
        self.changed(control)

    def changed(self, control) -> None:
        if control is self.theme:
            self.app.set_theme(self.theme.value)
        elif control is self.language:
            self.app.set_language(self.language.value)
            self._relabel()
        elif control in self.adv.values():
            self.advanced_changed = True

    def _relabel(self) -> None:
        """The language changed: build the dialog again in it, keeping the choices."""
        keep = {name: getattr(self, name).value for name in
                ('mode', 'level', 'first', 'rows', 'cols', 'theme', 'language')}
        adv = {k: c.value for k, c in self.adv.items()}
        opened, changed, sel = self.advanced_open, self.advanced_changed, self.sel
        self._build()
        for name, value in keep.items():
            getattr(self, name).value = value
        for k, v in adv.items():
            self.adv[k].value = v
        self.advanced_open, self.advanced_changed, self.sel = opened, changed, sel

    def start(self) -> None:
        self.app.start_game(self.players(), self.rows.value, self.cols.value)

    def caption(self) -> str:
        return _('New game')

    # ------------------------------------------------------------------ events
    def process_event(self, e) -> None:
        """Keys (see :meth:`_on_key`), the mouse's position (for hover and
        tooltips) and left clicks on a button or a row."""
        if e.type == pygame.KEYDOWN:
            self._on_key(e)
        elif e.type == pygame.MOUSEMOTION:
            self.mouse = e.pos
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            self._on_click(e.pos)

    def _on_key(self, e) -> None:
        """Esc cancels, Enter starts, Up/Down (Tab) choose a row (the buttons'
        row too), Left/Right change it, F1 helps, Alt+A opens Advanced,
        Alt+F plays a friend."""
        rows = self.rows_shown()
        n = len(rows) + 1             # the buttons' row is selectable too
        plain = {pygame.K_ESCAPE: self.close, pygame.K_RETURN: self.start,
                 pygame.K_KP_ENTER: self.start, pygame.K_F1: lambda: self.app.show_help(),
                 pygame.K_UP: lambda: self._select((self.sel - 1) % n),
                 pygame.K_DOWN: lambda: self._select((self.sel + 1) % n),
                 pygame.K_TAB: lambda: self._select((self.sel + 1) % n)}
        with_alt = {pygame.K_a: self.toggle_advanced, pygame.K_f: self.open_network}
        if e.key in plain:
            plain[e.key]()
        elif e.key in (pygame.K_LEFT, pygame.K_RIGHT):
            if self.sel < len(rows):
                self.change(rows[self.sel], -1 if e.key == pygame.K_LEFT else 1)
        elif e.key in with_alt and e.mod & pygame.KMOD_ALT:
            with_alt[e.key]()

    def _on_click(self, pos) -> None:
        """A left click at ``pos``: a button's action, else choose (and
        change) the row under it."""
        for button, action in ((self.start_button, self.start),
                               (self.cancel_button, self.close),
                               (self.advanced_button, self.toggle_advanced),
                               (self.network_button, self.open_network)):
            if button.hit(pos):
                action()
                return
        for i, control in enumerate(self.rows_shown()):
            if control.rect.collidepoint(pos):
                self.sel = i
                if control.click(pos):
                    self.changed(control)
                return

    def _select(self, i: int) -> None:
        """Choose row ``i`` (the buttons' row is ``len(self.rows_shown())``)."""
        self.sel = i

    def toggle_advanced(self) -> None:
        """Show or hide the Advanced rows."""
        self.advanced_open = not self.advanced_open

    def open_network(self) -> None:
        """Leave the dialog for the network one (play a friend)."""
        self.close()
        self.app.show_network()

    # ------------------------------------------------------------------ draw
    def draw(self, surface) -> None:
        theme = self.app.theme
        w, h = surface.get_size()
        surface.fill(theme.background)
        title_f = font(max(20, h // 22), True)
        title = title_f.render(_('New game'), True, theme.text)
        surface.blit(title, ((w - title.get_width()) // 2, h // 50))
        rows = self.rows_shown()
        warn = self.warning()
        top = h // 50 + title.get_height() + 8
        bottom = h - max(44, h // 11) - 16 - (24 if warn else 0)
        row_h = max(MIN_FONT + 14, min(52, (bottom - top) // (len(rows) + 1)))
        size = max(MIN_FONT, min(22, int(row_h * 0.45)))
        margin = max(12, w // 16)
        title_w = min(int((w - 2 * margin) * 0.36), max(font(size).size(c.title)[0]
                                                        for c in rows) + 16)
        y = top
        for i, control in enumerate(rows):
            control.layout(pygame.Rect(margin, y, w - 2 * margin, row_h - 8), title_w)
            control.draw(surface, theme, size, i == self.sel, self.dimmed(control))
            y += row_h
        # Advanced toggle, Cancel, Start
        self.advanced_button.label = (_('Hide advanced') if self.advanced_open
                                      else _('Advanced…'))
        bh = max(34, min(48, h // 13))
        by = h - bh - 12
        bw = min(180, (w - 2 * margin - 36) // 4)
        self.advanced_button.rect = pygame.Rect(margin, by, bw, bh)
        self.network_button.rect = pygame.Rect(margin + bw + 12, by, bw, bh)
        self.cancel_button.rect = pygame.Rect(w - margin - 2 * bw - 12, by, bw, bh)
        self.start_button.rect = pygame.Rect(w - margin - bw, by, bw, bh)
        on_buttons = self.sel == len(rows)
        for b in (self.advanced_button, self.network_button, self.cancel_button,
                  self.start_button):
            b.draw(surface, theme, max(MIN_FONT + 2, int(bh * 0.42)),
                   hover=b.hit(self.mouse), focus=on_buttons and b is self.start_button)
        hint_f = font(max(MIN_FONT, size - 2))
        if warn:
            img = hint_f.render(fit_text(hint_f, warn, w - 2 * margin), True, theme.bad)
            surface.blit(img, (margin, by - img.get_height() - 8))
        tip = self.tip()
        if tip:
            lines = wrap_text(hint_f, tip, w - 2 * margin, 2)
            yy = y + 2
            for line in lines:
                img = hint_f.render(line, True, theme.text_dim)
                surface.blit(img, (margin, yy))
                yy += img.get_height()
        for b in (self.advanced_button, self.network_button, self.cancel_button,
                  self.start_button):
            if b.hit(self.mouse) and b.tooltip:
                draw_tooltip(surface, theme, b.tooltip, b.rect)

    def tip(self) -> str:
        """A line on the selected row: the level's description, or the rule of Advanced."""
        rows = self.rows_shown()
        control = rows[self.sel] if self.sel < len(rows) else None
        if control is self.level:
            return level_tip(self.level.value)
        if control in self.adv.values():
            return _('The assignment\'s AIPlayer: it looks this many moves ahead and breaks '
                     'ties LEFT, RIGHT or at RANDOM.')
        return _('Up/Down: choose a line   Left/Right or click: change   Enter: start   '
                 'Esc: back')
