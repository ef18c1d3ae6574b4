"""Drawing the board, the checkers, the status bar and the overlays, from cached sprites."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence

import pygame

from connect4_game.core.checks import check_int
from connect4_game.core.messages import MAX_TEXT, clip
from connect4_game.core.side import Side
from connect4_game.ui.animation import DropAnimation
from connect4_game.ui.text_fit import MIN_FONT, draw_text, fit, font, line_height
from connect4_game.ui.themes import RGB, SS, Colour, Theme, checker_surface, darker, mix

Cell = tuple[int, int]     # a slot of the board: (row, column), 0-based, row 0 at the top
Badge = tuple[str, 'Colour | str'] | tuple[str, 'Colour | str', str]
"""A column's badge: (text, colour) or (text, colour, short form); the colour an RGB tuple or
the name of a theme colour."""

__all__ = ['Layout', 'toolbar_height', 'Renderer', 'text_on', 'settle_time',
           'HINT_PULSE_END', 'WIN_PULSE_END', 'badge_short', 'badge_min_height', 'draw_panel']


def settle_time(rate: float, beats: int) -> float:
    """Seconds after which a pulse ``0.5 + 0.5 sin(t * rate)`` has beaten ``beats`` times."""
    return (math.pi / 2 + 2 * math.pi * beats) / rate


HINT_PULSE_END = settle_time(5.0, 3)    # the hint's ring (rate 5): three beats, then steady
WIN_PULSE_END = settle_time(6.0, 4)     # the winning four (rate 6): four beats, then steady


def badge_min_height() -> int:
    """The least height in px of a badge: two lines of the smallest bold text and a margin."""
    return 2 * line_height(MIN_FONT, True) + 4


def toolbar_height(window_height: int) -> int:
    """Height in px of the button bar along the top of a window ``window_height`` px high."""
    return max(34, min(52, int(window_height * 0.07)))


class Layout:
    """Where everything goes in a ``width`` x ``height`` px window."""

    def __init__(self, width: int, height: int, rows: int, cols: int,
                 toolbar: bool = True, status: bool = True) -> None:
        for name, value in (('width', width), ('height', height), ('rows', rows), ('cols', cols)):
            check_int(value, 1, None, name)
        self.width, self.height, self.rows, self.cols = width, height, rows, cols
        self.toolbar_h = toolbar_height(height) if toolbar else 0
        self.status_h = max(48, min(84, int(height * 0.10))) if status else 0
        self.message_h = max(20, min(32, int(height * 0.042)))
        self.toolbar_rect = pygame.Rect(0, 0, width, self.toolbar_h)
        self.message_rect = pygame.Rect(0, self.toolbar_h, width, self.message_h)
        self.status_rect = pygame.Rect(0, height - self.status_h, width, self.status_h)
        pad = max(6, int(min(width, height) * 0.02))
        top = self.toolbar_h + self.message_h
        avail_w = width - 2 * pad
        avail_h = self.status_rect.top - top - pad
        # cells: the board, the ghost row, the badges, the column numbers, the board's frame
        cell = max(8, int(min(avail_w / (cols + 0.4), avail_h / (rows + 2.07))))
        extra = badge_min_height() - int(cell * 0.40)
        if extra > 0:
            cell = max(8, int(min(avail_w / (cols + 0.4), (avail_h - extra) / (rows + 2.07))))
        self.cell = cell
        self.badge_h = max(int(cell * 0.40), badge_min_height())
        bw, bh = cell * cols, cell * rows
        above = int(cell * 1.05) + self.badge_h
        below = int(cell * 0.62)
        x0 = (width - bw) // 2
        y0 = top + above + max(0, (avail_h - above - bh - below) // 2)
        self.board_rect = pygame.Rect(x0, y0, bw, bh)
        self.badge_y = y0 - above + int(cell * 0.02) + self.badge_h // 2   # centre of the badges
        self.ghost_row = -1.0 - 0.1                         # slot row of the ghost checker
        self.numbers_y = y0 + bh + int(cell * 0.18) + int(cell * 0.22)
        self.radius = int(cell * 0.40)

    def col_at(self, x: float, y: float | None = None) -> int | None:
        """The column under window point (x, y) between the toolbar and the status bar, or None."""
        if y is not None and not (self.message_rect.top <= y < self.status_rect.top):
            return None
        c = int((x - self.board_rect.left) // self.cell)
        return c if 0 <= c < self.cols else None

    def slot_center(self, row: float, col: float) -> tuple[int, int]:
        """Pixel centre of slot (row, col); fractional and negative rows allowed."""
        return (int(self.board_rect.left + (col + 0.5) * self.cell),
                int(self.board_rect.top + (row + 0.5) * self.cell))

    def slot_rect(self, row: int, col: int) -> pygame.Rect:
        cx, cy = self.slot_center(row, col)
        return pygame.Rect(cx - self.radius, cy - self.radius, 2 * self.radius, 2 * self.radius)

    def column_rect(self, col: int, inset: int, dx: int = 0) -> pygame.Rect:
        """Column ``col`` of the board, ``inset`` px in from each side, shifted ``dx`` px."""
        br = self.board_rect
        return pygame.Rect(br.left + col * self.cell + inset + dx, br.top + inset,
                           self.cell - 2 * inset, br.height - 2 * inset)


def _smooth(surf: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(surf, size)


def make_board(layout: Layout, theme: Theme) -> pygame.Surface:
    """The board face with holes, a rim and a soft shadow (two margins wider on each side)."""
    cell, rows, cols = layout.cell, layout.rows, layout.cols
    margin = int(cell * 0.18)
    w, h = cols * cell + 2 * margin, rows * cell + 2 * margin
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    rad = int(cell * 0.22 * SS)
    pygame.draw.rect(big, theme.board_edge, big.get_rect(), border_radius=rad)
    inner = big.get_rect().inflate(-int(cell * 0.06 * SS), -int(cell * 0.06 * SS))
    pygame.draw.rect(big, theme.board, inner, border_radius=rad)
    hr = layout.radius * SS
    holes = [((margin + int((col + 0.5) * cell)) * SS, (margin + int((row + 0.5) * cell)) * SS)
             for row in range(rows) for col in range(cols)]
    for centre in holes:
        pygame.draw.circle(big, darker(theme.board, 0.78), centre, int(hr * 1.07))
        pygame.draw.circle(big, (0, 0, 0, 0), centre, hr)
    crescent = pygame.Surface((2 * hr + 2, 2 * hr + 2), pygame.SRCALPHA)
    pygame.draw.circle(crescent, (0, 0, 0, 90), (hr + 1, hr + 1), hr)
    pygame.draw.circle(crescent, (0, 0, 0, 0), (hr + 1, hr + 1 + int(hr * 0.16)), hr)
    for cx, cy in holes:
        big.blit(crescent, (cx - hr - 1, cy - hr - 1))
    face = _smooth(big, (w, h))
    out = pygame.Surface((w + margin * 2, h + margin * 2), pygame.SRCALPHA)
    for i, a in enumerate((18, 22, 28, 36)):
        grow = (4 - i) * max(2, margin // 3)
        r = pygame.Rect(margin - grow // 2 + margin // 2, margin - grow // 2 + margin // 2,
                        w + grow, h + grow)
        pygame.draw.rect(out, (0, 0, 0, a), r, border_radius=rad // SS + grow)
    out.blit(face, (margin, margin))
    return out


def make_background(size: tuple[int, int], theme: Theme) -> pygame.Surface:
    """A vertical gradient from the theme's ``background2`` to ``background``."""
    w, h = size
    s = pygame.Surface((w, h))
    steps = 48
    for i in range(steps):
        y0, y1 = h * i // steps, h * (i + 1) // steps
        s.fill(mix(theme.background2, theme.background, i / (steps - 1)), (0, y0, w, y1 - y0 + 1))
    return s.convert() if pygame.display.get_init() and pygame.display.get_surface() else s


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, fill: Colour, alpha: int = 235,
               border: Colour | None = None, radius: int = 10) -> None:
    """A rounded panel of ``fill`` (``alpha`` 0..255) at ``rect``, with a ``border`` colour."""
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*fill[:3], alpha), panel.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(panel, (*border[:3], 255), panel.get_rect(), 2, border_radius=radius)
    surface.blit(panel, rect.topleft)


def text_on(colour: Colour) -> RGB:
    """Black or white, whichever reads better on ``colour``."""
    light = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2] > 150
    return (0, 0, 0) if light else (255, 255, 255)


def badge_short(text: str, colour: Colour, theme: Theme) -> tuple[str, ...]:
    """The short form of a badge for a narrow column: the number in ``text`` signed '+', '-' or
    '=' by ``colour`` (good, bad, neutral), '~' first for an estimate; ``()`` for another colour."""
    sign = {tuple(theme.good[:3]): '+', tuple(theme.bad[:3]): '-',
            tuple(theme.neutral[:3]): '='}.get(tuple(colour[:3]))
    if sign is None:
        return ()
    approx = '~' if text.lstrip().startswith(('~', '\u2248', '\u2265')) else ''
    digits = re.findall(r'\d+', text)
    return (approx + sign + (digits[-1] if digits else ''),)


class Renderer:
    """Draws the game for one window size, board size and theme; :meth:`prepare` (which caches
    the sprites) comes before any drawing, else RuntimeError."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self.layout: Layout | None = None
        self.theme: Theme | None = None
        self.board_sprite: pygame.Surface | None = None
        self.checkers: dict[str, pygame.Surface] = {}
        self.bg: pygame.Surface | None = None

    def _ready(self) -> tuple[Layout, Theme]:
        if self.layout is None or self.theme is None:
            raise RuntimeError('Renderer.prepare() must be called before drawing')
        return self.layout, self.theme

    def prepare(self, size: tuple[int, int], rows: int, cols: int, theme: Theme,
                toolbar: bool = True, status: bool = True) -> Layout:
        """Lay out and (re)build the sprites for window ``size`` (px), board size and ``theme``."""
        key = (tuple(size), rows, cols, theme.name, toolbar, status)
        if key != self._key:
            self._key = key
            self.theme = theme
            self.layout = layout = Layout(size[0], size[1], rows, cols, toolbar, status)
            self.board_sprite = make_board(layout, theme)
            r = max(1, layout.radius)
            self.checkers = {c: checker_surface(theme, c, r) for c in Side}
            for c in Side:
                ghost = self.checkers[c].copy()
                ghost.set_alpha(110)
                self.checkers['g' + c] = ghost
            self.bg = make_background(size, theme)
        return self._ready()[0]

    def blit_checker(self, surface: pygame.Surface, checker: str, row: float, col: float,
                     dx: int = 0, ghost: bool = False) -> None:
        """Draw ``checker`` centred on slot (``row``, ``col``), shifted ``dx`` px."""
        spr = self.checkers[('g' if ghost else '') + checker]
        cx, cy = self._ready()[0].slot_center(row, col)
        surface.blit(spr, (cx - spr.get_width() // 2 + dx, cy - spr.get_height() // 2))

    def draw_board(self, surface: pygame.Surface, slots: Sequence[Sequence[str]], *,
                   falling: Sequence[DropAnimation] = (),
                   ghost: tuple[str, int] | None = None, win_line: Sequence[Cell] | None = None,
                   t: float = 0.0, shake: float = 0.0, flash_col: int | None = None,
                   flash: float = 0.0, cursor: int | None = None, hint_col: int | None = None,
                   hint_row: int | None = None, labels: Sequence[Badge | None] | None = None,
                   last_move: Cell | None = None, ghost_row: int | None = None,
                   best_cols: Iterable[int] = (), hint_t: float | None = None) -> None:
        """Draw the board with its checkers (some ``falling``), column numbers 1..N, the winning
        four (pulsing with ``t`` s), the ``ghost`` checker, a hint (pulsing with ``hint_t`` s),
        outlines round ``best_cols`` and the ``labels``."""
        dx = int(shake)
        self._draw_checkers(surface, slots, falling, dx)
        self.draw_numbers(surface, cursor, hint_col)
        self._draw_column_marks(surface, cursor, flash_col, flash, best_cols, dx)
        self._draw_last_move(surface, last_move, win_line, t, dx)
        self._draw_ghost(surface, ghost, ghost_row, dx)
        self._draw_hint(surface, hint_col, hint_row, t if hint_t is None else hint_t, dx)
        if labels:
            self.draw_labels(surface, labels)

    def _draw_checkers(self, surface: pygame.Surface, slots: Sequence[Sequence[str]],
                       falling: Sequence[DropAnimation], dx: int) -> None:
        if self.bg is None or self.board_sprite is None:
            raise RuntimeError('Renderer.prepare() must be called before drawing')
        surface.blit(self.bg, (0, 0))
        hidden = {(int(f.target_row), f.col) for f in falling}
        for r, row in enumerate(slots):
            for c, ch in enumerate(row):
                if ch != ' ' and (r, c) not in hidden:
                    self.blit_checker(surface, ch, r, c, dx)
        for f in falling:
            self.blit_checker(surface, f.checker, f.row, f.col, dx)
        lay = self._ready()[0]
        margin = 2 * int(lay.cell * 0.18)       # make_board's rim and shadow
        surface.blit(self.board_sprite, (lay.board_rect.left - margin + dx,
                                         lay.board_rect.top - margin))

    def _draw_column_marks(self, surface: pygame.Surface, cursor: int | None,
                           flash_col: int | None, flash: float, best_cols: Iterable[int],
                           dx: int) -> None:
        lay, theme = self._ready()
        if cursor is not None and 0 <= cursor < lay.cols:
            rect = lay.column_rect(cursor, 2, dx)
            hl = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(hl, (255, 255, 255, 30), hl.get_rect(),
                             border_radius=max(4, lay.cell // 2))
            surface.blit(hl, rect)
        if flash > 0 and flash_col is not None:
            rect = lay.column_rect(flash_col, 0, dx)
            fl = pygame.Surface(rect.size, pygame.SRCALPHA)
            fl.fill((*theme.bad[:3], int(110 * flash)))
            surface.blit(fl, rect)
        for col in best_cols:
            if 0 <= col < lay.cols:
                pygame.draw.rect(surface, theme.good, lay.column_rect(col, 3, dx),
                                 max(3, lay.cell // 16), border_radius=max(4, lay.cell // 2))

    def _draw_last_move(self, surface: pygame.Surface, last_move: Cell | None,
                        win_line: Sequence[Cell] | None, t: float, dx: int) -> None:
        lay, theme = self._ready()
        if last_move is not None and not win_line:
            cx, cy = lay.slot_center(*last_move)
            r = max(3, int(lay.radius * 0.16))
            pygame.draw.circle(surface, theme.highlight, (cx + dx, cy), r)
            pygame.draw.circle(surface, darker(theme.highlight, 0.5), (cx + dx, cy), r, 1)
        if win_line:
            pulse = 0.5 + 0.5 * math.sin(t * 6.0)
            width = max(3, int(lay.cell * 0.07))
            pts = [lay.slot_center(r, c) for r, c in win_line]
            pygame.draw.line(surface, mix(theme.highlight, theme.accent, pulse), pts[0], pts[-1],
                             max(2, width // 2))
            for (cx, cy) in pts:
                pygame.draw.circle(surface, mix(theme.highlight, theme.accent, pulse), (cx, cy),
                                   int(lay.radius * (1.02 + 0.06 * pulse)), width)

    def _draw_ghost(self, surface: pygame.Surface, ghost: tuple[str, int] | None,
                    ghost_row: int | None, dx: int) -> None:
        if ghost is None:
            return
        lay, theme = self._ready()
        checker, col = ghost
        if 0 <= col < lay.cols:
            self.blit_checker(surface, checker, lay.ghost_row, col, dx, ghost=True)
            if ghost_row is not None and ghost_row >= 0:
                colour = theme.x_color if checker == Side.X else theme.o_color
                cx, cy = lay.slot_center(ghost_row, col)
                pygame.draw.circle(surface, colour, (cx + dx, cy), int(lay.radius * 0.92),
                                   max(2, lay.cell // 30))

    def _draw_hint(self, surface: pygame.Surface, hint_col: int | None, hint_row: int | None,
                   t: float, dx: int) -> None:
        lay, theme = self._ready()
        if hint_col is None or not 0 <= hint_col < lay.cols:
            return
        pulse = 0.5 + 0.5 * math.sin(t * 5.0)
        pygame.draw.rect(surface, theme.accent, lay.column_rect(hint_col, 2, dx),
                         max(3, lay.cell // 18), border_radius=max(4, lay.cell // 2))
        if hint_row is not None and hint_row >= 0:
            cx, cy = lay.slot_center(hint_row, hint_col)
            pygame.draw.circle(surface, mix(theme.accent, theme.highlight, pulse),
                               (cx + dx, cy), int(lay.radius * 0.55), max(3, lay.cell // 14))

    def draw_numbers(self, surface: pygame.Surface, cursor: int | None = None,
                     hint_col: int | None = None) -> None:
        lay, theme = self._ready()
        size = max(MIN_FONT, int(lay.cell * 0.30))
        h = max(line_height(MIN_FONT), int(lay.cell * 0.40))
        for col in range(lay.cols):
            strong = col in (cursor, hint_col)
            cx, _ = lay.slot_center(0, col)
            box = pygame.Rect(cx - lay.cell // 2, lay.numbers_y - h // 2, lay.cell, h)
            draw_text(surface, str(col + 1), box, theme.text if strong else theme.text_dim, size,
                      bold=strong, align='center')

    def column_rects(self, cols: Iterable[int | None]) -> list[pygame.Rect]:
        """The window rects of the columns ``cols`` (None left out), badges to board bottom."""
        lay = self._ready()[0]
        top = lay.badge_y - lay.badge_h // 2
        return [pygame.Rect(lay.board_rect.left + c * lay.cell, top, lay.cell,
                            lay.board_rect.bottom - top)
                for c in cols if c is not None and 0 <= c < lay.cols]

    def label_rects(self, labels: Sequence[Badge | None]) -> list[pygame.Rect | None]:
        """Where :meth:`draw_labels` puts each badge (window rects, None for none)."""
        lay = self._ready()[0]
        h, top = lay.badge_h, lay.badge_y - lay.badge_h // 2
        if self.staggered():           # one line each, in two rows, two columns wide
            w, h, second_row = 2 * lay.cell - 6, (h - 2) // 2, (h - 2) // 2 + 2
        else:
            w, second_row = lay.cell - 4, 0
        return [pygame.Rect(lay.slot_center(0, col)[0] - w // 2, top + (col % 2) * second_row,
                            w, h) if item else None for col, item in enumerate(labels)]

    def staggered(self) -> bool:
        """Whether the badges alternate in two rows, one line high and two columns wide each."""
        lay = self._ready()[0]
        return lay.cell - 8 < font(MIN_FONT, True).size('~-14')[0]

    def draw_labels(self, surface: pygame.Surface, labels: Sequence[Badge | None]) -> None:
        """Per column None or a :data:`Badge` above the ghost checker; one too narrow for its
        text shows the short form (by default :func:`badge_short`), on hover the whole text."""
        lay, theme = self._ready()
        size = max(MIN_FONT, int(lay.cell * 0.28))
        for item, rect in zip(labels, self.label_rects(labels), strict=True):
            if not item or rect is None:
                continue
            text, colour = item[0], item[1]
            if isinstance(colour, str):
                colour = getattr(theme, colour, theme.text)
            text = clip(text, 40).replace('\u2248', '~')   # the default font has no '≈'
            short = (item[2],) if len(item) > 2 and item[2] else badge_short(text, colour, theme)
            pygame.draw.rect(surface, colour, rect, border_radius=min(rect.height, rect.width) // 2)
            pygame.draw.rect(surface, darker(colour, 0.6), rect, 1,
                             border_radius=min(rect.height, rect.width) // 2)
            one_line = self.staggered()
            draw_text(surface, text, rect.inflate(-4, 0 if one_line else -2), text_on(colour),
                      size, bold=True, lines=1 if one_line else 2, align='center', short=short)

    def draw_status(self, surface: pygame.Surface, left: str, right: str = '', left2: str = '',
                    spinner: float | None = None, reserve: int = 0,
                    checker: str | None = None, colour: RGB | None = None) -> None:
        """The status bar: ``left`` (big, in ``colour`` or the theme's status text colour)
        after a small ``checker`` (whose turn, or None),
        ``left2`` below (its last parts, after three spaces, left out if it has no room),
        ``right`` right-aligned (at most 3 lines), a turning arc when ``spinner`` is a time in
        seconds, and ``reserve`` px free at the right end."""
        lay, theme = self._ready()
        rect = lay.status_rect
        pygame.draw.rect(surface, theme.status_bg, rect)
        pygame.draw.line(surface, mix(theme.status_bg, theme.text, 0.2), rect.topleft,
                         rect.topright)
        big_size = max(MIN_FONT + 2, int(rect.height * 0.36))
        small_size = max(MIN_FONT, int(rect.height * 0.27))
        big, small = font(big_size, True), font(small_size)
        x0 = 12
        pad = max(3, int(rect.height * 0.08))
        line1_h = (rect.height - 2 * pad) * 11 // 20 if left2 else rect.height - 2 * pad
        if checker is not None:
            r = max(6, int(rect.height * 0.17))
            icon = checker_surface(theme, checker, r)
            cy = rect.top + pad + line1_h // 2
            surface.blit(icon, (10, cy - icon.get_height() // 2))
            x0 = 2 * r + 18
        left, left2 = clip(left, MAX_TEXT), clip(left2, MAX_TEXT)
        lines = [clip(x, MAX_TEXT) for x in right.split('\n')[:3]] if right else []
        spin = line_height(big_size, True) if spinner is not None else 0
        avail = rect.right - reserve - 12 - x0
        right_nat = max((small.size(x)[0] for x in lines), default=0)
        left_nat = max(big.size(left)[0] + (spin + 10 if spin else 0),
                       small.size(left2)[0] if left2 else 0)
        gap = 20 if lines else 0
        if left_nat + gap + right_nat <= avail:
            right_w = right_nat
        else:
            right_w = min(right_nat, max(avail * 2 // 5, avail - left_nat - gap))
        left_w = avail - right_w - gap
        box1 = pygame.Rect(x0, rect.top + pad, max(1, left_w - (spin + 10 if spin else 0)),
                           line1_h)
        drawn = draw_text(surface, left, box1, colour or theme.status_text, big_size, bold=True,
                          lines=1 if left2 else 2)
        if spinner is not None:
            size = min(spin, box1.height)
            arc = pygame.Rect(drawn.ink.right - drawn.area.left + 10,
                              box1.centery - size // 2, size, size)
            start = (spinner * 6.0) % (2 * math.pi)
            pygame.draw.arc(surface, theme.accent, arc, start, start + 4.2, max(2, size // 7))
        if left2:
            box2 = pygame.Rect(x0, box1.bottom, max(1, left_w), rect.bottom - pad - box1.bottom)
            parts = left2.split('   ')
            draw_text(surface, left2, box2, theme.text_dim, small_size,
                      short=['   '.join(parts[:n]) for n in range(len(parts) - 1, 0, -1)])
        if lines and right_w > 0:
            each = (rect.height - 2 * pad) // len(lines)
            for i, line in enumerate(lines):
                box = pygame.Rect(rect.right - reserve - 12 - right_w, rect.top + pad + i * each,
                                  right_w, each)
                draw_text(surface, line, box, theme.text_dim, small_size, align='right',
                          lines=2)

    def banner_rect(self, text: str, sub: str = '', win_line: Sequence[Cell] | None = None
                    ) -> tuple[pygame.Rect, int, int]:
        """``(rect, size, sub_size)`` of the end-of-game panel, the sizes of its two lines in px:
        over the board where it covers no checker of ``win_line`` (middle, top, bottom), else
        above the board."""
        lay = self._ready()[0]
        inner = max(16, lay.width - 64)
        size = max(18, int(min(lay.cell * 0.5, lay.width / max(8, len(text)) * 1.6)))
        sub_size = max(MIN_FONT, int(lay.cell * 0.24))
        f, sf = font(size, True), font(sub_size)
        tw = min(f.size(text)[0], int(inner / 1.25))
        sw = min(sf.size(sub)[0], inner) if sub else 0
        w = min(max(tw, sw) + 48, lay.width - 16)
        h = line_height(size, True) + (line_height(sub_size) + 8 if sub else 0) + 28
        br = lay.board_rect
        covered = [lay.slot_rect(r, c) for r, c in (win_line or [])]
        centres = (br.centery, br.top + h // 2 + 4, br.bottom - h // 2 - 4,
                   lay.message_rect.bottom + h // 2)       # the last one above the board
        places = [pygame.Rect(lay.width // 2 - w // 2, cy - h // 2, w, h) for cy in centres]
        rect = next(r for r in places if r is places[-1] or r.collidelist(covered) < 0)
        return rect, size, sub_size

    def draw_banner(self, surface: pygame.Surface, text: str, sub: str = '', scale: float = 1.0,
                    color: Colour | None = None, win_line: Sequence[Cell] | None = None
                    ) -> pygame.Rect:
        """The end-of-game panel (:meth:`banner_rect`), ``text`` grown by ``scale``; its rect."""
        theme = self._ready()[1]
        text, sub = clip(text, MAX_TEXT), clip(sub, MAX_TEXT)
        rect, size, sub_size = self.banner_rect(text, sub, win_line)
        draw_panel(surface, rect, theme.status_bg, 225, border=theme.accent, radius=16)
        title_box = pygame.Rect(rect.left + 16, rect.top + 12, rect.width - 32,
                                line_height(size, True) + 4)
        ink = color or theme.text
        if scale != 1.0 and scale > 0.05:
            scale = min(scale, 1.0)
            img = pygame.Surface(title_box.size, pygame.SRCALPHA)
            draw_text(img, text, img.get_rect(), ink, size, bold=True, align='center')
            img = pygame.transform.smoothscale(
                img, (max(1, int(img.get_width() * scale)), max(1, int(img.get_height() * scale))))
            surface.blit(img, img.get_rect(center=title_box.center))
        elif scale > 0.05:
            draw_text(surface, text, title_box, ink, size, bold=True, align='center')
        if sub:
            sub_box = pygame.Rect(rect.left + 12, title_box.bottom + 2, rect.width - 24,
                                  rect.bottom - 8 - title_box.bottom - 2)
            draw_text(surface, sub, sub_box, theme.text_dim, sub_size, align='center', lines=2)
        return rect

    def draw_toast(self, surface: pygame.Surface, text: str, alpha: float = 1.0,
                   kind: str = 'info') -> pygame.Rect:
        """A notice under the toolbar in at most three lines, faded by ``alpha`` 0..1; its rect."""
        lay, theme = self._ready()
        size = max(MIN_FONT, int(lay.message_h * 0.62))
        how = fit(text, max(24, lay.width - 64), line_height(size) * 3, size, lines=3)
        lines = how.lines
        colour = theme.bad if kind == 'error' else mix(theme.status_bg, theme.text, 0.16)
        w = max(font(how.size).size(line)[0] for line in lines) + 24
        h = line_height(size) * len(lines) + 8
        x = (lay.width - w) // 2
        y = lay.message_rect.top + max(0, (lay.message_h - h) // 2) if len(lines) == 1 \
            else lay.message_rect.top + 2
        draw_panel(surface, pygame.Rect(x, y, w, h), colour, int(240 * alpha), radius=8)
        draw_text(surface, text, pygame.Rect(x + 12, y + 4, max(24, lay.width - 64), h - 8),
                  text_on(colour), size, lines=3, valign='top', alpha=alpha, free=True)
        return pygame.Rect(x, y, w, h)
