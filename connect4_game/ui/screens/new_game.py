"""The new-game dialog, as in GNOME Four-in-a-row: the game (Connect Four or Oska), Players,
Difficulty (a level or Custom), Play first / second, the board, the look; the assignment's knobs
(lookahead and tiebreak of each side, BU CS111 ps9 Problem 4) wait on a page of their own,
*Advanced*, so every row has room for 12 px text in the smallest window."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from connect4_game.ai import levels
from connect4_game.core.board import MAX_COLS, MAX_ROWS, MIN_COLS, MIN_ROWS
from connect4_game.core.side import Side
from connect4_game.i18n import LANGUAGE_NAMES, N_, _, ngettext, number
from connect4_game.oska.engine import (
    OSKA_DEFAULT_LOOKAHEAD,
    OSKA_MAX_LOOKAHEAD,
    OSKA_MAX_N,
    OSKA_MIN_N,
)
from connect4_game.players import MAX_LOOKAHEAD, TIEBREAKS, WARN_LOOKAHEAD, clamp_lookahead
from connect4_game.seat_config import PlayerSpec, SeatKind
from connect4_game.ui import themes
from connect4_game.ui.screens.base import FormScreen
from connect4_game.ui.screens.help import HelpScreen
from connect4_game.ui.screens.host import AppServices
from connect4_game.ui.screens.oska import OskaScreen
from connect4_game.ui.text_fit import MIN_FONT, draw_text, line_height
from connect4_game.ui.widgets import Button, Choice, Stepper

__all__ = ['NewGameScreen', 'level_facts', 'level_label',
           'level_tip', 'level_settings_text', 'level_choices', 'CUSTOM', 'CUSTOM_WORDS']

CUSTOM = 'custom'
"""The Difficulty row's last choice: the assignment's AIPlayer with the
Advanced settings (the others are :data:`connect4_game.ai.levels.LEVELS`)."""
CUSTOM_WORDS = N_("The assignment's AIPlayer with the settings under Advanced.")
"""What Custom plays like, for players (a level's are its ``words``)."""
GAME_NAMES = {'connect4': N_('Connect Four'), 'oska': N_('Oska')}


def level_choices() -> list[tuple[str, str]]:
    """The Difficulty row's ``(name, label)`` choices: every level, then Custom."""
    return [(lv.name, _(lv.label)) for lv in levels.LEVELS] + [(CUSTOM, _('Custom'))]


def level_label(level: str) -> str:
    """The name of a Difficulty choice in the current language ('Hard', 'Custom')."""
    return dict(level_choices()).get(level, level)


def level_facts(level: str) -> list[str]:
    """What the level ``level`` really plays with, one short phrase per setting it has, in the
    current language ('looks 16 plies ahead', 'at most 0.35 s a move', 'knows the openings
    (6×7)', ...); [] for Expert and Custom."""
    st = levels.get_level(level).setting if levels.is_level(level) else None
    if st is None:
        return []
    ahead = ngettext('looks {n} ply ahead', 'looks {n} plies ahead', st.lookahead)
    facts = [ahead.format(n=st.lookahead) if st.lookahead else _('does not search the replies')]
    if st.seconds > 0:
        facts.append(_('at most {s} s a move').format(s=number(st.seconds)))
    if st.safety >= 1:
        words = ngettext('checks threats {n} ply deep', 'checks threats {n} plies deep', st.safety)
        if 0 <= st.spot_chance < 1:
            words = _('{check} on {p} of every 100 moves').format(check=words,
                                                                  p=round(st.spot_chance * 100))
        facts.append(words.format(n=st.safety))
    if st.book:
        facts.append(_('knows the openings (6\u00d77)'))
    if st.solve_seconds > 0:
        facts.append(_('solves exactly for up to {s} s').format(s=number(st.solve_seconds)))
    if st.temperature:
        facts.append(_('varies its moves'))
    return facts


def level_tip(level: str) -> str:
    """What a Difficulty choice plays like, in the current language ('' for an unknown one)."""
    if level == CUSTOM:
        return _(CUSTOM_WORDS)
    return _(levels.get_level(level).words) if levels.is_level(level) else ''


def level_settings_text(level: str) -> str:
    """A named level's settings ('Hard: looks 16 plies ahead, ...'), '' for Expert and Custom."""
    facts = level_facts(level)
    return _('{level}: {facts}.').format(level=level_label(level),
                                         facts=', '.join(facts)) if facts else ''


def _level_of(players: dict[str, PlayerSpec]) -> str:
    """The difficulty the players show: a computer's level, 'custom', else the default."""
    computers = [p for p in (players[Side.O], players[Side.X]) if p.kind == SeatKind.AI]
    return (computers[0].level or CUSTOM) if computers else levels.DEFAULT_LEVEL


class NewGameScreen(FormScreen):
    """Choose the game, the players and the board, then Start (Enter) or Cancel (Esc): Up/Down
    choose a row, Left/Right (or a click) change it. Opened over Oska, the game chosen is Oska."""

    name = N_('New game')
    app: AppServices
    button_stops = 1

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self._build()

    def _build(self) -> None:
        """Build the controls in the current language from the game, Oska and the app."""
        app = self.app
        s = app.session
        players = s.local_players()
        humans = [side for side in Side if players[side].is_human]
        under = [sc for sc in self.app.stack if isinstance(sc, OskaScreen)]
        oska = under[-1] if under else None
        self.game = Choice(_('Game'), [(k, _(v)) for k, v in GAME_NAMES.items()],
                           'oska' if oska is not None else 'connect4')
        mode = 'two' if len(humans) == 2 else 'one' if len(humans) == 1 else 'computers'
        self.mode = Choice(_('Players'), [('one', _('One player')), ('two', _('Two players')),
                                          ('computers', _('Computer vs computer'))], mode)
        self.level = Choice(_('Difficulty'), level_choices(), _level_of(players))
        self.first = Choice(_('You play'),
                            [(Side.X.value, _('First')), (Side.O.value, _('Second'))],
                            humans[0].value if len(humans) == 1 else Side.X.value)
        self.rows = Stepper(_('Rows'), MIN_ROWS, MAX_ROWS, s.game.rows)
        self.cols = Stepper(_('Columns'), MIN_COLS, MAX_COLS, s.game.cols)
        self._build_oska(oska)
        self.theme = Choice(_('Theme'), [(t.name, _(t.label)) for t in themes.THEMES.values()],
                            app.theme.name)
        self.language = Choice(_('Language'), list(LANGUAGE_NAMES.items()), app.language)
        self.lookaheads = {side: Stepper(_('{side}: lookahead (plies)').format(side=side), 0,
                                         MAX_LOOKAHEAD, players[side].lookahead) for side in Side}
        self.tiebreaks = {side: Choice(_('{side}: tiebreak').format(side=side),
                                       [(t, t) for t in TIEBREAKS], players[side].tiebreak)
                          for side in Side}
        self.advanced_open = False      # the Advanced page instead of the main one
        self.start_button = Button(_('Start'), 'start', _('Start the game (Enter)'), primary=True)
        self.cancel_button = Button(_('Cancel'), 'cancel', _('Back to the game (Esc)'))
        self.advanced_button = Button('', 'advanced', _('The assignment\'s AI settings'))
        self.network_button = Button(_('Play a friend…'), 'network',
                                     _('Host or join a game with a friend on another computer (F)'))
        self.sel = 1                    # Players: the game is chosen less often

    def _build_oska(self, oska: OskaScreen | None) -> None:
        """Oska's rows: from the Oska game under the dialog if there is one (and its players),
        else from the command line's choices."""
        self.oska_n = Stepper(_('Checkers per side'), OSKA_MIN_N, OSKA_MAX_N,
                              self.app.options.oska_n if oska is None else oska.n)
        self.oska_lookahead = Stepper(_('Computer lookahead (plies)'), 1, OSKA_MAX_LOOKAHEAD,
                                      OSKA_DEFAULT_LOOKAHEAD if oska is None else oska.lookahead)
        if oska is not None:
            side = oska.human_side
            self.mode.value = 'two' if side == 'both' else 'computers' if side is None else 'one'
            self.first.value = Side.O.value if side == 'b' else Side.X.value

    def advanced_rows(self) -> list[Choice[Any]]:
        """The Advanced rows: X's lookahead and tiebreak, then O's."""
        return [row for side in Side for row in (self.lookaheads[side], self.tiebreaks[side])]

    def form_rows(self) -> list[Choice[Any]]:
        """The controls on screen now, top to bottom."""
        return self._page(self.game.value, self.mode.value, self.advanced_open)

    def _page(self, game: str, mode: str, advanced: bool) -> list[Choice[Any]]:
        """The rows of the page for ``game`` and ``mode``, the Advanced page if ``advanced``."""
        out: list[Choice[Any]] = [self.game, self.mode]
        if game == 'oska':
            out += [self.first] if mode == 'one' else []
            out.append(self.oska_n)
            out += [self.oska_lookahead] if mode != 'two' else []
            return out + [self.theme, self.language]
        if advanced:
            return self.advanced_rows()
        if mode != 'two':
            out.append(self.level)
        if mode == 'one':
            out.append(self.first)
        return out + [self.rows, self.cols, self.theme, self.language]

    def dimmed(self, control: Choice[Any]) -> bool:
        """Advanced rows are dimmed for a person's side and while a named level plays."""
        for side in Side:
            if control in (self.lookaheads[side], self.tiebreaks[side]):
                return self.players()[side].is_human or self.level.value != CUSTOM
        return False

    def info_text(self) -> str:
        """The lines above the Advanced rows: what the chosen level plays with."""
        level = self.level.value
        if level == CUSTOM:
            return _("Custom: the assignment's AIPlayer with these settings")
        if levels.is_level(level) and levels.get_level(level).perfect:
            return _('Expert: perfect play, no lookahead')
        return level_settings_text(level)

    def players(self) -> dict[str, PlayerSpec]:
        """The Connect Four players the dialog describes now."""
        mode, level = self.mode.value, self.level.value
        out: dict[str, PlayerSpec] = {}
        for side in Side:
            la = clamp_lookahead(self.lookaheads[side].value, self.rows.value, self.cols.value)
            human = mode == 'two' or (mode == 'one' and side == self.first.value)
            named = '' if human or level == CUSTOM else level     # '': the assignment's AIPlayer
            out[side] = PlayerSpec(SeatKind.HUMAN if human else SeatKind.AI, la,
                                   self.tiebreaks[side].value, level=named)
        return out

    def oska_players(self) -> str | None:
        """Who plays Oska: ``'w'``, ``'b'``, ``'both'`` (two people) or None (the computer)."""
        mode = self.mode.value
        if mode == 'one':
            return 'w' if self.first.value == Side.X else 'b'
        return 'both' if mode == 'two' else None

    def warning(self) -> str:
        """A warning for a lookahead deep enough to take minutes, else ''."""
        if not self.advanced_open or self.game.value != 'connect4':
            return ''
        if any(p.advanced and WARN_LOOKAHEAD < p.lookahead < self.rows.value * self.cols.value
               for p in self.players().values()):
            return _('A lookahead over {n} can take minutes for each move.').format(
                n=WARN_LOOKAHEAD)
        return ''

    def changed(self, control: Choice[Any]) -> None:
        """``control`` changed: theme and language apply, an Advanced value makes it Custom."""
        if control is self.theme:
            self.app.set_theme(self.theme.value)
        elif control is self.language:
            self.app.set_language(self.language.value)
            self._relabel()
        elif control in self.advanced_rows():
            self.level.value = CUSTOM

    def _relabel(self) -> None:
        """The language changed: build the dialog again in it, keeping the choices."""
        values = [row.value for row in self._choices()]
        opened, sel = self.advanced_open, self.sel
        self._build()
        for row, value in zip(self._choices(), values, strict=True):
            row.value = value
        self.advanced_open, self.sel = opened, sel

    def _choices(self) -> list[Choice[Any]]:
        """Every row with a value, shown or not, always in the same order."""
        return [self.game, self.mode, self.level, self.first, self.rows, self.cols, self.theme,
                self.language, self.oska_n, self.oska_lookahead, *self.advanced_rows()]

    def start(self) -> None:
        """Start the game chosen: Connect Four with :meth:`players` on the board chosen, or Oska."""
        if self.game.value == 'oska':
            self.app.show_oska(n=self.oska_n.value, human_side=self.oska_players(),
                               lookahead=self.oska_lookahead.value)
        else:
            self.app.start_game(self.players(), self.rows.value, self.cols.value)

    def process_event(self, e: pygame.event.Event) -> None:
        """F1 helps, Alt+A opens Advanced, Alt+F plays a friend; see :class:`FormScreen`."""
        with_alt = {pygame.K_a: self.toggle_advanced, pygame.K_f: self.open_network}
        if e.type == pygame.KEYDOWN and e.key == pygame.K_F1:
            self.app.push(HelpScreen(self.app))
        elif e.type == pygame.KEYDOWN and e.key in with_alt and e.mod & pygame.KMOD_ALT:
            with_alt[e.key]()
        else:
            super().process_event(e)

    def buttons(self) -> Sequence[tuple[Button, Callable[[], object]]]:
        """Advanced (Connect Four's only), Play a friend, Cancel and Start."""
        first = [(self.advanced_button, self.toggle_advanced)] if self.game.value == 'connect4' \
            else []
        return first + [(self.network_button, self.open_network),
                        (self.cancel_button, self.close), (self.start_button, self.start)]

    def toggle_advanced(self) -> None:
        """Turn to the Advanced page (Connect Four's) or back, on its first row."""
        if self.game.value == 'connect4':
            self.advanced_open = not self.advanced_open
            self.sel = 0

    def open_network(self) -> None:
        """Leave the dialog for the network one (play a friend)."""
        self.close()
        self.app.show_network()

    def draw(self, surface: pygame.Surface) -> None:
        """The title, the rows, the tip of the chosen row, a warning and the buttons."""
        theme = self.app.theme
        w, h = surface.get_size()
        top = self.draw_title(surface, _('New game')) + 8
        bottom = h - max(44, h // 11) - 16 - (24 if self.game.value == 'connect4' else 0)
        most = max(len(self._page(g, m, a)) for g in GAME_NAMES for m, _label in self.mode.options
                   for a in (False, True))
        row_h = max(MIN_FONT + 14, min(52, (bottom - top) // (most + 1)))   # rows stay put
        size = max(MIN_FONT, min(22, int(row_h * 0.45)))
        margin = max(12, w // 16)
        if self.advanced_open:      # a long list of facts: cut, with the whole in a tooltip
            draw_text(surface, self.info_text(), pygame.Rect(margin, top, w - 2 * margin,
                                                             row_h - 8),
                      theme.text_dim, max(MIN_FONT, size - 2), bold=True, lines=2, free=True)
            top += row_h
        y = self.draw_rows(surface, top, row_h, size)
        self.advanced_button.label = _('Hide advanced') if self.advanced_open else _('Advanced…')
        by = self.place_buttons(surface, 4, 180, left=len(self.buttons()) - 2)
        hint_size = max(MIN_FONT, size - 2)
        step = line_height(hint_size)
        warn = self.warning()
        if warn:
            draw_text(surface, warn, pygame.Rect(margin, by - step - 8, w - 2 * margin, step),
                      theme.bad, hint_size)
        draw_text(surface, self.tip(), pygame.Rect(margin, y + 2, w - 2 * margin, 3 * step),
                  theme.text_dim, hint_size, lines=3, valign='top')
        self.draw_buttons(surface)

    def tip(self) -> str:
        """A line on the selected row: the level's words, the Advanced rows', Oska's or the keys."""
        control = self.chosen()
        level = self.level.value
        if control is self.level:
            return level_tip(level)
        if control in self.advanced_rows():
            if level == CUSTOM:
                return _("Custom: the assignment's AIPlayer looks this many plies (half-moves) "
                         'ahead and breaks ties LEFT, RIGHT or at RANDOM. Choose a difficulty to '
                         'go back to its settings.')
            return _("These are the assignment's AIPlayer settings: change one to play it "
                     'instead of {level} (Custom).').format(level=level_label(level))
        if self.game.value == 'oska':
            return _('Oska: move your checkers diagonally forward; jump to capture. Win by '
                     'taking every checker of the other side or by bringing all yours to '
                     'its back row.')
        return _('Up/Down: choose a line   Left/Right or click: change   Enter: start   '
                 'Esc: back')
