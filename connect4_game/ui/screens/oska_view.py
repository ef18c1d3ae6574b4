"""How the Oska screen looks: the board of ``2n - 3`` rows (ECS 170 Spring
2022, Homework Assignments 3 and 4), the moves of the selected checker
(green: step, red: capture), the moving checker and the status bar, in the
theme's colours; and Oska's help screen."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import NamedTuple, Protocol, TypedDict

import pygame

from connect4_game.core.side import Side
from connect4_game.i18n import _
from connect4_game.oska.engine import Move, opponent
from connect4_game.ui.render import MIN_FONT, darker, fit_text, font, mix, wrap_text
from connect4_game.ui.screens.base import Host
from connect4_game.ui.screens.help import HelpScreen
from connect4_game.ui.themes import RGB, Theme, checker_surface

__all__ = ['OskaView', 'OskaHelpScreen', 'OskaPicture', 'Slide', 'SlideState', 'Square',
           'board_layout', 'oska_colours']

Square = tuple[int, int]
"""A square of the Oska board: (row, column), 0-based, row 0 at the top."""


class Slide(TypedDict):
    """A move on its way: the ``move``, the moving ``piece`` ('w'/'b'),
    ``t`` seconds so far, ``slide`` seconds for the checker to arrive and
    ``total`` seconds with a captured checker's fading."""

    move: Move
    piece: str
    t: float
    slide: float
    total: float


class _SlideStateBase(TypedDict):
    move: Move
    piece: str
    progress: float
    pos: tuple[int, int]
    lift: float


class SlideState(_SlideStateBase, total=False):
    """Where a move's animation stands: the ``move`` and its ``piece``,
    ``progress`` (eased 0..1), ``pos`` (px centre of the moving checker),
    ``lift`` (0..1, a jump) and, for a capture, ``capture`` (0 intact, 1 gone)."""

    capture: float


class OskaPicture(Protocol):
    """What :class:`OskaView` reads of the Oska screen (it writes nothing)."""

    @property
    def app(self) -> Host:
        """The window (its theme)."""
        ...

    @property
    def n(self) -> int:
        """Checkers per side."""
        ...

    @property
    def lengths(self) -> list[int]:
        """The squares of each row."""
        ...

    @property
    def size(self) -> tuple[int, int]:
        """The window's size (px) the board is laid out for."""
        ...

    @property
    def board(self) -> Sequence[str]:
        """The assignment's board: a string a row, '-' an empty square."""
        ...

    @property
    def turn(self) -> str:
        """'w' or 'b'."""
        ...

    @property
    def result(self) -> str | None:
        """The winner ('w'/'b') or None."""
        ...

    @property
    def selected(self) -> Square | None:
        """The person's chosen checker."""
        ...

    @property
    def hover(self) -> Square | None:
        """The square under the mouse."""
        ...

    @property
    def last_move(self) -> Move | None:
        """The move played last."""
        ...

    @property
    def legal_targets(self) -> dict[Square, Move]:
        """Target square -> move, for the selected checker."""
        ...

    @property
    def lookahead(self) -> int:
        """The computer's lookahead (plies)."""
        ...

    @property
    def message(self) -> str:
        """The last message ('' for none)."""
        ...

    def is_human(self, side: str) -> bool:
        """Whether a person plays ``side``."""
        ...

    def square_center(self, square: Square) -> tuple[int, int]:
        """The px centre of ``square``."""
        ...

    def status_text(self) -> str:
        """Whose move it is, or the result."""
        ...

    def animation_state(self) -> SlideState | None:
        """The running move's animation, or None."""
        ...


def oska_colours(theme: Theme) -> dict[str, RGB]:
    """Oska's colours from a theme: light squares (the board colour washed
    toward white), goal rows toward the accent, the white side's checkers in
    the lighter of the theme's text and background colours, the black side's
    in the darker one; steps, captures and selection in the theme's good, bad
    and accent colours."""
    light, dark = sorted((theme.text, theme.background), key=sum, reverse=True)
    square = mix(theme.board, (255, 255, 255), 0.65)
    return {'frame': theme.board_edge, 'square': square, 'goal': mix(square, theme.accent, 0.35),
            'edge': darker(square, 0.75), 'w': mix(light, (255, 255, 255), 0.5),
            'b': mix(dark, (0, 0, 0), 0.3), 'selected': theme.accent, 'step': theme.good,
            'capture': theme.bad, 'last_move': theme.accent, 'hover': theme.highlight}


def board_layout(size: tuple[int, int], n: int, rows: int) -> tuple[int, int, float, int]:
    """``(cell, top, cx, status_h)`` in px of Oska's board of ``rows`` rows
    for ``n`` checkers a side in a window of ``size``: the square's size, the
    board's top, its centre line and the status bar's height."""
    w, h = size
    status_h = max(48, min(80, int(h * 0.10)))
    pad = max(10, int(min(w, h) * 0.03))
    cell = max(12, int(min((w - 2 * pad) / (n + 1.2), (h - status_h - 2 * pad) / rows)))
    top = pad + max(0, (h - status_h - 2 * pad - rows * cell) // 2)
    return cell, top, w / 2, status_h


class _Metrics(NamedTuple):
    """Sizes of one frame, in px: square ``cell``, board ``top``, centre
    line ``cx``, frame ``pad``, ``gap`` between squares, checker ``radius``."""

    cell: int
    top: int
    cx: float
    pad: int
    gap: int
    radius: int


class OskaView:
    """Draws one :class:`~connect4_game.ui.screens.oska.OskaScreen` (its
    state, an :class:`OskaPicture`, is only read); keeps the checker sprites
    of the current theme."""

    def __init__(self, screen: OskaPicture) -> None:
        self.screen = screen
        self._sprites_theme: tuple[str, Theme] | None = None

    def draw(self, surface: pygame.Surface) -> None:
        """The whole screen onto ``surface``."""
        scr = self.screen
        theme = scr.app.theme
        col = oska_colours(theme)
        cell, top, cx, status_h = board_layout(scr.size, scr.n, len(scr.lengths))
        surface.fill(theme.background)
        m = _Metrics(cell, top, cx, max(3, cell // 10), max(1, cell // 24), max(4, int(cell * 0.36)))
        self._draw_frames(surface, col, m)
        self._draw_squares(surface, col, m)
        self._draw_goal_labels(surface, m)
        self._draw_checkers(surface, m)
        self._draw_moves(surface, col, m)
        self._draw_animation(surface, m)
        self.draw_status(surface, status_h)

    def _draw_frames(self, surface: pygame.Surface, col: dict[str, RGB], m: _Metrics) -> None:
        """The frame behind each row of squares."""
        cell, pad = m.cell, m.pad
        for r, length in enumerate(self.screen.lengths):
            x0 = m.cx - length * cell / 2 - pad
            rect = pygame.Rect(int(x0), int(m.top + r * cell - pad), int(length * cell + 2 * pad),
                               int(cell + 2 * pad))
            pygame.draw.rect(surface, col['frame'], rect, border_radius=pad * 2)

    def _draw_squares(self, surface: pygame.Surface, col: dict[str, RGB], m: _Metrics) -> None:
        """The squares (goal rows tinted), the last move's two squares, the
        square under the mouse on a person's turn, and the row letters."""
        scr = self.screen
        cell, gap, pad = m.cell, m.gap, m.pad
        label_font = font(max(MIN_FONT, int(cell * 0.28)))
        last = scr.last_move
        show_hover = scr.is_human(scr.turn) and scr.result is None
        for r, length in enumerate(scr.lengths):
            for c in range(length):
                rect = pygame.Rect(0, 0, cell - 2 * gap, cell - 2 * gap)
                rect.center = scr.square_center((r, c))
                goal = r in (0, len(scr.lengths) - 1)
                pygame.draw.rect(surface, col['goal'] if goal else col['square'], rect,
                                 border_radius=max(2, cell // 12))
                pygame.draw.rect(surface, col['edge'], rect, max(1, cell // 40),
                                 border_radius=max(2, cell // 12))
                if last is not None and (r, c) in (last.frm, last.to):
                    pygame.draw.rect(surface, col['last_move'], rect.inflate(-gap * 2, -gap * 2),
                                     max(2, cell // 22), border_radius=max(2, cell // 12))
                if scr.hover == (r, c) and show_hover:
                    pygame.draw.rect(surface, col['hover'], rect, max(1, cell // 40),
                                     border_radius=max(2, cell // 12))
            letter = label_font.render('abcdefghijklmnopqrstuvwxyz'[r], True,
                                       scr.app.theme.text_dim)
            lx = m.cx - length * cell / 2 - pad - letter.get_width() - cell * 0.15
            surface.blit(letter, (int(lx), int(m.top + (r + 0.5) * cell - letter.get_height() / 2)))

    def _draw_goal_labels(self, surface: pygame.Surface, m: _Metrics) -> None:
        """"Black's goal" / "White's goal" right of the first / last row,
        where the window is wide enough."""
        scr = self.screen
        w = surface.get_width()
        goal_font = font(max(MIN_FONT, int(m.cell * 0.2)))
        line_h = goal_font.get_linesize()
        for r, text in ((0, _("Black's goal")), (len(scr.lengths) - 1, _("White's goal"))):
            gx = m.cx + scr.lengths[r] * m.cell / 2 + m.pad + m.cell * 0.15
            room = int(w - 4 - gx)
            words = text.split()
            if room <= 0 or max(goal_font.size(word)[0] for word in words) > room:
                continue                        # no room even for a word a line
            lines = wrap_text(goal_font, text, room, len(words))
            y = m.top + (r + 0.5) * m.cell - len(lines) * line_h / 2
            for i, line in enumerate(lines):
                img = goal_font.render(line, True, scr.app.theme.text_dim)
                surface.blit(img, (int(gx), int(y + i * line_h)))

    def _draw_checkers(self, surface: pygame.Surface, m: _Metrics) -> None:
        """The checkers at rest (not the one moving)."""
        scr = self.screen
        state = scr.animation_state()
        moving_to = state['move'].to if state else None
        for r, row in enumerate(scr.board):
            for c, ch in enumerate(row):
                if ch == '-' or (r, c) == moving_to:
                    continue
                self._blit_checker(surface, ch, scr.square_center((r, c)), m.radius)

    def _draw_moves(self, surface: pygame.Surface, col: dict[str, RGB], m: _Metrics) -> None:
        """A ring round the selected checker, its target squares, and a
        cross on each checker a target captures."""
        scr = self.screen
        cell, radius = m.cell, m.radius
        if scr.selected is not None:
            pygame.draw.circle(surface, col['selected'], scr.square_center(scr.selected),
                               radius + max(3, cell // 14), max(3, cell // 16))
        for sq, mv in scr.legal_targets.items():
            colour = col['capture'] if mv.captured else col['step']
            ring = pygame.Surface((cell, cell), pygame.SRCALPHA)
            pygame.draw.circle(ring, (*colour, 150), (cell // 2, cell // 2), radius)
            pygame.draw.circle(ring, (*colour, 255), (cell // 2, cell // 2), radius,
                               max(2, cell // 20))
            x, y = scr.square_center(sq)
            surface.blit(ring, (x - cell // 2, y - cell // 2))
            if mv.captured:
                cxp, cyp = scr.square_center(mv.captured)
                d = int(radius * 0.45)
                pygame.draw.line(surface, colour, (cxp - d, cyp - d), (cxp + d, cyp + d),
                                 max(3, cell // 14))
                pygame.draw.line(surface, colour, (cxp - d, cyp + d), (cxp + d, cyp - d),
                                 max(3, cell // 14))

    def _draw_animation(self, surface: pygame.Surface, m: _Metrics) -> None:
        """The moving checker, lifted on a jump, and the captured one
        shrinking and fading."""
        scr = self.screen
        state = scr.animation_state()
        if state is None:
            return
        move = state['move']
        k = state.get('capture', 1.0)
        if move.captured is not None and k < 1.0:
            self._blit_checker(surface, opponent(state['piece']),
                               scr.square_center(move.captured), m.radius,
                               scale=1.0 - 0.7 * k, alpha=255 * (1.0 - k))
        self._blit_checker(surface, state['piece'], state['pos'], m.radius,
                           scale=1.0 + 0.15 * state['lift'])

    def draw_status(self, surface: pygame.Surface, status_h: int) -> None:
        """The status bar, ``status_h`` px high along the bottom: the game's
        status (:meth:`OskaScreen.status_text`) and the keys, after the
        last message."""
        scr = self.screen
        theme = scr.app.theme
        w, h = scr.size
        rect = pygame.Rect(0, h - status_h, w, status_h)
        pygame.draw.rect(surface, theme.status_bg, rect)
        big = font(max(MIN_FONT + 2, int(status_h * 0.3)), True)
        small = font(max(MIN_FONT, int(status_h * 0.22)))
        keys = _('Oska n={n}   lookahead {la}   N: new game   F1: help   Esc: back').format(
            n=scr.n, la=scr.lookahead)
        colour = theme.accent if scr.result in ('w', 'b') else theme.status_text
        # two lines, as Connect Four's status bar: the state, then the last
        # message (if any) and the keys
        img = big.render(fit_text(big, scr.status_text(), w - 24), True, colour)
        second = f'{scr.message}   |   {keys}' if scr.message else keys
        if small.size(second)[0] > w - 24 and scr.message:
            second = scr.message               # the message first; the keys are in F1
        img2 = small.render(fit_text(small, second, w - 24), True, theme.text_dim)
        gap = max(2, (status_h - img.get_height() - img2.get_height()) // 3)
        surface.blit(img, (12, rect.top + gap))
        surface.blit(img2, (12, rect.top + 2 * gap + img.get_height()))

    def _sprite(self, side: str, radius: int) -> pygame.Surface:
        """The checker sprite of ``side`` (``'w'``/``'b'``) at ``radius`` px,
        in Oska's colours of the current theme."""
        theme = self.screen.app.theme
        cached = self._sprites_theme
        if cached is None or cached[0] != theme.name:
            col = oska_colours(theme)
            t = dataclasses.replace(theme, x_color=col['w'], x_outline=darker(col['w'], 0.6),
                                    o_color=col['b'], o_outline=mix(col['b'], col['w'], 0.35),
                                    x_shape=None, o_shape=None)
            cached = self._sprites_theme = (theme.name, t)
        return checker_surface(cached[1], Side.X if side == 'w' else Side.O, radius)

    def _blit_checker(self, surface: pygame.Surface, side: str, centre: tuple[int, int],
                      radius: int, scale: float = 1.0, alpha: float = 255) -> None:
        """Draw ``side``'s checker centred on ``centre`` (px), scaled by
        ``scale``, with opacity ``alpha`` (0..255)."""
        spr = self._sprite(side, radius)
        if scale != 1.0:
            size = max(1, int(spr.get_width() * scale))
            spr = pygame.transform.smoothscale(spr, (size, size))
        if alpha < 255:
            spr = spr.copy()
            spr.set_alpha(max(0, int(alpha)))
        surface.blit(spr, (centre[0] - spr.get_width() // 2, centre[1] - spr.get_height() // 2))


class OskaHelpScreen(HelpScreen):
    """Oska's rules and keys over the Oska screen, which waits meanwhile."""

    updates_below = False

    def caption(self) -> str:
        return _('Oska') + ' \u2014 ' + _('Help')

    def window_title(self) -> str:
        """The window's whole title: 'Oska — Help'."""
        return self.caption()

    def title(self) -> str:
        return _('Oska: rules and controls')

    def footer(self) -> str:
        return _('Press any key or click to return to Oska.')
