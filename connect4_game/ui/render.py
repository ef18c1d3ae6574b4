"""Drawing the board, the checkers, the status bar and the overlays.

Sprites (the board with its round holes, the checkers, the background) are
rendered once per size and theme, anti-aliased by supersampling, and cached:
a frame is a handful of blits, which keeps the frame budget.

Text that can come from outside (a settings key, a file name, a plug-in's
error) is never rendered wider than it is drawn: :func:`fit_text` and
:func:`wrap_text` measure with ``Font.size`` and cut with ``…``, so a
200,000-character message costs a few measurements of at most
:data:`MAX_TEXT` characters.
"""

from __future__ import annotations

import math

import pygame

from connect4_game.messages import ELLIPSIS, clip

__all__ = ['Layout', 'Palette', 'palette_from_theme', 'Renderer', 'font', 'SCORE_STYLE',
           'MAX_TEXT', 'fit_text', 'wrap_text', 'render_fit']

# --------------------------------------------------------------------------
# colours


class Palette:
    """The colours and shapes the renderer uses. Built from a theme of
    :mod:`connect4_game.ui.themes` by :func:`palette_from_theme` (any
    attribute the theme lacks keeps the default below)."""

    name = 'classic'
    background = (24, 30, 48)
    background2 = (44, 56, 92)
    board = (32, 86, 196)
    board_edge = (20, 58, 150)
    hole = (16, 20, 34)
    x_color = (230, 57, 70)
    o_color = (250, 204, 21)
    x_shape = None          # None, 'cross' or 'ring' (drawn on the checker)
    o_shape = None
    text = (236, 240, 248)
    text_dim = (160, 170, 190)
    status_bg = (14, 18, 30)
    highlight = (255, 255, 255)
    accent = (96, 200, 255)
    good = (46, 204, 113)
    bad = (231, 76, 60)
    neutral = (149, 165, 166)

    def __init__(self, **over):
        for k, v in over.items():
            setattr(self, k, v)


_PALETTE_FIELDS = [k for k in vars(Palette) if not k.startswith('_') and k != 'name']


def palette_from_theme(theme) -> Palette:
    """Map a theme object or dict to a :class:`Palette` (unknown fields ignored)."""
    if theme is None:
        return Palette()
    if isinstance(theme, Palette):
        return theme
    get = theme.get if isinstance(theme, dict) else (lambda k, d=None: getattr(theme, k, d))
    over = {}
    aliases = {
        'background': ('background', 'bg'), 'background2': ('background2', 'bg2'),
        'board': ('board', 'board_color'), 'board_edge': ('board_edge', 'board_dark', 'board_shadow'),
        'hole': ('hole', 'empty', 'hole_color'),
        'x_color': ('x_color', 'x', 'player_x', 'checker_x'),
        'o_color': ('o_color', 'o', 'player_o', 'checker_o'),
        'x_shape': ('x_shape',), 'o_shape': ('o_shape',),
        'text': ('text', 'fg', 'text_color'), 'text_dim': ('text_dim', 'muted'),
        'status_bg': ('status_bg', 'panel', 'status_color'),
        'highlight': ('highlight', 'win_highlight'), 'accent': ('accent',),
        'good': ('good', 'win_color'), 'bad': ('bad', 'loss_color'), 'neutral': ('neutral',),
    }
    for field, names in aliases.items():
        for n in names:
            v = get(n, None)
            if v is not None:
                over[field] = tuple(v) if isinstance(v, (list, tuple)) else v
                break
    name = get('name', None)
    if name:
        over['name'] = name
    return Palette(**over)


def _mix(a, b, t):
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))


def _darker(c, f=0.7):
    return tuple(int(v * f) for v in c[:3])


def _lighter(c, f=0.45):
    return _mix(c[:3], (255, 255, 255), f)


# --------------------------------------------------------------------------
# fonts

_FONTS: dict = {}
pygame.register_quit(_FONTS.clear)   # Font objects die with pygame.quit(); never reuse them


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """pygame's default font at ``size`` px (cached)."""
    size = max(8, int(size))
    key = (size, bold)
    f = _FONTS.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        f = pygame.font.Font(None, size)
        f.set_bold(bold)
        if len(_FONTS) >= 48:   # many window sizes (resizing) must not grow it forever
            _FONTS.clear()
        _FONTS[key] = f
    return f


# --------------------------------------------------------------------------
# text that fits

MAX_TEXT = 200
"""The most characters of one message the window ever measures or draws."""


def _fit_count(f, text: str, max_width: int, suffix: str = '') -> int:
    """The largest n with ``f.size(text[:n] + suffix)`` at most ``max_width`` px
    wide (0 if not even ``suffix`` alone fits). Binary search: O(log len) measurements."""
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(text[:mid] + suffix)[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def fit_text(f, text, max_width) -> str:
    """``text`` on one line no wider than ``max_width`` px in font ``f``.

    The text is first clipped to :data:`MAX_TEXT` characters (control
    characters become spaces); if it is still too wide it is cut and ends
    in ``…``. Returns '' when not even ``…`` fits.
    """
    text = clip(text, MAX_TEXT)
    max_width = max(0, int(max_width))
    if f.size(text)[0] <= max_width:
        return text
    body = text[:-1] if text.endswith(ELLIPSIS) else text
    n = _fit_count(f, body, max_width, ELLIPSIS)
    if n == 0:
        return ELLIPSIS if f.size(ELLIPSIS)[0] <= max_width else ''
    return body[:n].rstrip() + ELLIPSIS


def wrap_text(f, text, max_width, max_lines: int = 3) -> list[str]:
    """``text`` broken at spaces into at most ``max_lines`` lines, each no
    wider than ``max_width`` px in font ``f``; the last line ends in ``…``
    if text is left over. A word wider than a line is broken inside."""
    text = clip(text, MAX_TEXT).strip()
    max_width = max(1, int(max_width))
    lines: list[str] = []
    while text and len(lines) < max_lines - 1 and f.size(text)[0] > max_width:
        n = max(1, _fit_count(f, text, max_width))
        cut = text.rfind(' ', 0, n + 1)
        if cut > 0:
            n = cut
        lines.append(text[:n].rstrip())
        text = text[n:].lstrip()
    if text or not lines:
        lines.append(fit_text(f, text, max_width))
    return lines


def render_fit(f, text, colour, max_width) -> pygame.Surface:
    """``f.render`` of :func:`fit_text`: a surface at most ``max_width`` px wide."""
    return f.render(fit_text(f, text, max_width), True, colour)


# --------------------------------------------------------------------------
# layout


class Layout:
    """Where the board goes in a ``width`` x ``height`` px window.

    The board keeps its aspect ratio (square cells) and is centred; one row
    of space above it holds the ghost checker and the analysis labels; the
    status bar runs along the bottom.
    """

    def __init__(self, width: int, height: int, rows: int, cols: int) -> None:
        for name, value in (('width', width), ('height', height), ('rows', rows), ('cols', cols)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f'{name} must be a positive integer, not {value!r}')
        self.width, self.height, self.rows, self.cols = width, height, rows, cols
        self.status_h = max(44, min(80, int(height * 0.085)))
        pad = max(8, int(min(width, height) * 0.025))
        avail_w = width - 2 * pad
        avail_h = height - self.status_h - 2 * pad
        # the board's frame adds 0.18 cell on each side (see make_board)
        self.cell = max(8, int(min(avail_w / (cols + 0.4), avail_h / (rows + 1.25 + 0.2))))
        bw, bh = self.cell * cols, self.cell * rows
        top_space = int(self.cell * 1.25)
        x0 = (width - bw) // 2
        y0 = pad + top_space + max(0, (avail_h - top_space - bh) // 2)
        self.board_rect = pygame.Rect(x0, y0, bw, bh)
        self.status_rect = pygame.Rect(0, height - self.status_h, width, self.status_h)
        self.radius = int(self.cell * 0.40)

    def col_at(self, x: float, y: float | None = None) -> int | None:
        """The column under window x (anywhere above the status bar), or None."""
        if y is not None and y >= self.status_rect.top:
            return None
        c = int((x - self.board_rect.left) // self.cell)
        return c if 0 <= c < self.cols else None

    def slot_center(self, row: float, col: float) -> tuple[int, int]:
        """Pixel centre of slot (row, col); fractional and negative rows allowed."""
        return (int(self.board_rect.left + (col + 0.5) * self.cell),
                int(self.board_rect.top + (row + 0.5) * self.cell))


# --------------------------------------------------------------------------
# sprites

SS = 3  # supersampling factor for anti-aliased sprites


def _smooth(surf, size):
    return pygame.transform.smoothscale(surf, size)


def make_board(layout: Layout, pal: Palette) -> pygame.Surface:
    """The board face with transparent round holes, a rim and a soft shadow
    (its own size is the board rect grown by a margin; see :meth:`Renderer.board_origin`)."""
    cell, rows, cols = layout.cell, layout.rows, layout.cols
    margin = int(cell * 0.18)
    w, h = cols * cell + 2 * margin, rows * cell + 2 * margin
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    rad = int(cell * 0.22 * SS)
    pygame.draw.rect(big, pal.board_edge, big.get_rect(), border_radius=rad)
    inner = big.get_rect().inflate(-int(cell * 0.06 * SS), -int(cell * 0.06 * SS))
    pygame.draw.rect(big, pal.board, inner, border_radius=rad)
    hr = layout.radius * SS
    for row in range(rows):
        for col in range(cols):
            cx = (margin + int((col + 0.5) * cell)) * SS
            cy = (margin + int((row + 0.5) * cell)) * SS
            # a darker lip around each hole, then the hole itself
            pygame.draw.circle(big, _darker(pal.board, 0.78), (cx, cy), int(hr * 1.07))
            pygame.draw.circle(big, (0, 0, 0, 0), (cx, cy), hr)
    # depth: a soft shadow crescent at the top of each hole, over whatever shows through it
    crescent = pygame.Surface((2 * hr + 2, 2 * hr + 2), pygame.SRCALPHA)
    pygame.draw.circle(crescent, (0, 0, 0, 90), (hr + 1, hr + 1), hr)
    pygame.draw.circle(crescent, (0, 0, 0, 0), (hr + 1, hr + 1 + int(hr * 0.16)), hr)
    for row in range(rows):
        for col in range(cols):
            cx = (margin + int((col + 0.5) * cell)) * SS
            cy = (margin + int((row + 0.5) * cell)) * SS
            big.blit(crescent, (cx - hr - 1, cy - hr - 1))
    face = _smooth(big, (w, h))
    # soft drop shadow under the board
    out = pygame.Surface((w + margin * 2, h + margin * 2), pygame.SRCALPHA)
    for i, a in enumerate((18, 22, 28, 36)):
        grow = (4 - i) * max(2, margin // 3)
        r = pygame.Rect(margin - grow // 2 + margin // 2, margin - grow // 2 + margin // 2,
                        w + grow, h + grow)
        pygame.draw.rect(out, (0, 0, 0, a), r, border_radius=rad // SS + grow)
    out.blit(face, (margin, margin))
    return out


def make_background(size, pal: Palette) -> pygame.Surface:
    """A vertical gradient background."""
    w, h = size
    s = pygame.Surface((w, h))
    steps = 48
    for i in range(steps):
        col = _mix(pal.background2, pal.background, i / (steps - 1))
        y0 = h * i // steps
        y1 = h * (i + 1) // steps
        s.fill(col, (0, y0, w, y1 - y0 + 1))
    return s.convert() if pygame.display.get_init() and pygame.display.get_surface() else s


# --------------------------------------------------------------------------
# score overlay

SCORE_STYLE = {
    100: ('WIN', 'good'),
    50: ('even', 'neutral'),
    0: ('LOSS', 'bad'),
    -1: ('full', 'text_dim'),
}


class Renderer:
    """Caches sprites for one window size, board size and palette."""

    def __init__(self) -> None:
        self._key = None
        self.layout: Layout | None = None
        self.pal = Palette()
        self.board_sprite = None
        self.checkers: dict = {}
        self.bg = None

    def prepare(self, size, rows: int, cols: int, theme) -> Layout:
        """Lay out and (re)build the cached sprites for this window ``size``
        (px), board size and ``theme`` (a :class:`~connect4_game.ui.themes.Theme`)."""
        key = (tuple(size), rows, cols, id(theme))
        if key != self._key:
            from connect4_game.ui.themes import checker_surface
            self._key = key
            pal = self.pal = palette_from_theme(theme)
            self.layout = Layout(size[0], size[1], rows, cols)
            self.board_sprite = make_board(self.layout, pal)
            r = max(1, self.layout.radius)
            self.checkers = {c: checker_surface(theme, c, r) for c in 'XO'}
            for c in 'XO':
                ghost = self.checkers[c].copy()
                ghost.set_alpha(110)
                self.checkers['g' + c] = ghost
            self.bg = make_background(size, pal)
        return self.layout

    def board_origin(self) -> tuple[int, int]:
        """Window position (px) of the board sprite's top-left corner."""
        margin = int(self.layout.cell * 0.18)
        return (self.layout.board_rect.left - 2 * margin, self.layout.board_rect.top - 2 * margin)

    def blit_checker(self, surface, checker: str, row: float, col: float, dx: int = 0,
                     ghost: bool = False) -> None:
        """Draw ``checker`` ('X'/'O') centred on slot (``row``, ``col``) (slot
        units, fractional allowed), shifted ``dx`` px; ``ghost`` = translucent."""
        spr = self.checkers[('g' if ghost else '') + checker]
        cx, cy = self.layout.slot_center(row, col)
        surface.blit(spr, (cx - spr.get_width() // 2 + dx, cy - spr.get_height() // 2))

    def draw_board(self, surface, slots, *, hidden=(), falling=(), ghost=None, win_line=None,
                   t: float = 0.0, shake: float = 0.0, flash_col=None, flash: float = 0.0,
                   cursor=None, hint_col=None, hint_row=None, labels=None,
                   last_move=None, ghost_row=None) -> None:
        """Draw background, checkers (resting and ``falling``: objects with
        ``row``, ``col``, ``checker``), the board face, the win highlight,
        the ghost checker ``(checker, col)``, a hint marker and the per-column
        ``labels`` (list of (text, colour-name) or None)."""
        lay, pal = self.layout, self.pal
        dx = int(shake)
        surface.blit(self.bg, (0, 0))
        br = lay.board_rect
        hidden = set(hidden)
        for r, row in enumerate(slots):
            for c, ch in enumerate(row):
                if ch != ' ' and (r, c) not in hidden:
                    self.blit_checker(surface, ch, r, c, dx)
        for f in falling:
            self.blit_checker(surface, f.checker, f.row, f.col, dx)
        ox, oy = self.board_origin()
        surface.blit(self.board_sprite, (ox + dx, oy))
        # column highlight under the cursor, over the board face
        if cursor is not None and 0 <= cursor < lay.cols:
            hl = pygame.Surface((lay.cell - 4, br.height - 4), pygame.SRCALPHA)
            pygame.draw.rect(hl, (255, 255, 255, 30), hl.get_rect(),
                             border_radius=max(4, lay.cell // 2))
            surface.blit(hl, (br.left + cursor * lay.cell + 2 + dx, br.top + 2))
        if flash > 0 and flash_col is not None:
            fl = pygame.Surface((lay.cell, br.height), pygame.SRCALPHA)
            fl.fill((*pal.bad[:3], int(110 * flash)))
            surface.blit(fl, (br.left + flash_col * lay.cell + dx, br.top))
        if last_move is not None and not win_line:
            # a small marker on the checker played last (the AI's reply is easy to spot)
            cx, cy = lay.slot_center(*last_move)
            r = max(3, int(lay.radius * 0.16))
            pygame.draw.circle(surface, pal.highlight, (cx + dx, cy), r)
            pygame.draw.circle(surface, _darker(pal.highlight, 0.5), (cx + dx, cy), r, 1)
        if win_line:
            pulse = 0.5 + 0.5 * math.sin(t * 6.0)
            width = max(3, int(lay.cell * 0.07))
            pts = [lay.slot_center(r, c) for r, c in win_line]
            pygame.draw.line(surface, _mix(pal.highlight, pal.accent, pulse), pts[0], pts[-1],
                             max(2, width // 2))
            for (cx, cy) in pts:
                pygame.draw.circle(surface, _mix(pal.highlight, pal.accent, pulse), (cx, cy),
                                   int(lay.radius * (1.02 + 0.06 * pulse)), width)
        if ghost is not None:
            checker, col = ghost
            if 0 <= col < lay.cols:
                self.blit_checker(surface, checker, -1.05, col, dx, ghost=True)
                if ghost_row is not None and ghost_row >= 0:   # where it would land
                    colour = pal.x_color if checker == 'X' else pal.o_color
                    cx, cy = lay.slot_center(ghost_row, col)
                    pygame.draw.circle(surface, colour, (cx + dx, cy), int(lay.radius * 0.92),
                                       max(2, lay.cell // 30))
        if hint_col is not None and 0 <= hint_col < lay.cols:
            # an accent outline round the hinted column and a ring where the checker would land
            pulse = 0.5 + 0.5 * math.sin(t * 5.0)
            col_rect = pygame.Rect(br.left + hint_col * lay.cell + 2 + dx, br.top + 2,
                                   lay.cell - 4, br.height - 4)
            pygame.draw.rect(surface, pal.accent, col_rect, max(3, lay.cell // 18),
                             border_radius=max(4, lay.cell // 2))
            if hint_row is not None and hint_row >= 0:
                cx, cy = lay.slot_center(hint_row, hint_col)
                pygame.draw.circle(surface, _mix(pal.accent, pal.highlight, pulse), (cx + dx, cy),
                                   int(lay.radius * 0.55), max(3, lay.cell // 14))
        if labels:
            self.draw_labels(surface, labels)

    def draw_labels(self, surface, labels) -> None:
        """Per-column badges above the board: text plus colour, readable without colour."""
        lay, pal = self.layout, self.pal
        labels = [(clip(x[0], 16), x[1]) if x else None for x in labels]
        longest = max((len(x[0]) for x in labels if x), default=1)
        f = font(max(12, int(lay.cell * (0.30 if longest <= 7 else 0.24))), True)
        for col, item in enumerate(labels):
            if not item:
                continue
            text, colour_name = item
            text = text.replace('\u2248', '~')   # the default font has no '≈'
            colour = getattr(pal, colour_name, pal.text) if isinstance(colour_name, str) \
                else colour_name
            light = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2] > 150
            w = lay.cell - 4
            # a label a little wider than its badge is squeezed; a longer one is cut
            img = render_fit(f, text, (0, 0, 0) if light else (255, 255, 255), 2 * (w - 4))
            cx, _ = lay.slot_center(0, col)
            w = min(w, img.get_width() + 12)
            h = img.get_height() + 6
            y = lay.board_rect.top - int(lay.cell * 0.18) - h // 2 - 2
            rect = pygame.Rect(cx - w // 2, y - h // 2, w, h)
            pygame.draw.rect(surface, colour, rect, border_radius=h // 2)
            pygame.draw.rect(surface, _darker(colour, 0.6), rect, 1, border_radius=h // 2)
            if img.get_width() > w - 4:
                img = pygame.transform.smoothscale(img, (max(1, w - 4), img.get_height()))
            surface.blit(img, (cx - img.get_width() // 2, y - img.get_height() // 2))

    def draw_status(self, surface, left: str, right: str = '', left2: str = '',
                    spinner: float | None = None) -> None:
        """The status bar: ``left`` (big), ``left2`` (small, below), ``right``
        (small, right-aligned, lines split on newlines) and, if ``spinner`` is a
        time in seconds, a turning arc after ``left`` (the AI is thinking).

        Everything stays inside the bar: when the texts do not fit side by
        side, ``right`` gets at most half the width and each line is cut
        with ``…``."""
        lay, pal = self.layout, self.pal
        rect = lay.status_rect
        pygame.draw.rect(surface, pal.status_bg, rect)
        pygame.draw.line(surface, _mix(pal.status_bg, pal.text, 0.2), rect.topleft, rect.topright)
        big = font(max(14, int(rect.height * 0.40)), True)
        small = font(max(12, int(rect.height * 0.30)))
        left, left2 = clip(left, MAX_TEXT), clip(left2, MAX_TEXT)
        lines = [clip(x, MAX_TEXT) for x in right.split('\n')[:4]] if right else []
        size = big.get_height()
        spin_w = size + 6 if spinner is not None else 0
        avail = rect.width - 24                       # 12 px margins
        right_nat = max((small.size(x)[0] for x in lines), default=0)
        left_nat = max(big.size(left)[0] + spin_w, small.size(left2)[0] if left2 else 0)
        gap = 24 if lines else 0
        if left_nat + gap + right_nat <= avail:
            right_w, left_w_max = right_nat, avail - right_nat - gap
        else:
            right_w = min(right_nat, max(avail // 2, avail - left_nat - gap))
            left_w_max = avail - right_w - gap
        left = fit_text(big, left, left_w_max - spin_w)
        top = rect.top + int(rect.height * 0.10) if left2 else rect.centery - size // 2
        img = big.render(left, True, pal.text)
        surface.blit(img, (12, top if left2 else rect.centery - img.get_height() // 2))
        left_w = img.get_width()
        if spinner is not None:
            arc = pygame.Rect(12 + left_w + 10, top + 2, size - 4, size - 4)
            start = (spinner * 6.0) % (2 * math.pi)
            pygame.draw.arc(surface, pal.accent, arc, start, start + 4.2, max(2, size // 7))
            left_w += spin_w
        if left2:
            img2 = render_fit(small, left2, pal.text_dim, left_w_max)
            surface.blit(img2, (12, rect.bottom - img2.get_height() - int(rect.height * 0.10)))
            left_w = max(left_w, img2.get_width())
        if lines:
            y = rect.top + (rect.height - len(lines) * small.get_linesize()) // 2
            for line in lines:
                img = render_fit(small, line, pal.text_dim, right_w)
                x = max(left_w + 12 + gap, rect.right - img.get_width() - 12)
                surface.blit(img, (x, y))
                y += small.get_linesize()

    def draw_banner(self, surface, text: str, sub: str = '', scale: float = 1.0,
                    color=None) -> None:
        """The end-of-game panel over the board: ``text`` (big, scaled by
        ``scale`` for the pop-in) and ``sub`` (small); both fit the window."""
        lay, pal = self.layout, self.pal
        text, sub = clip(text, MAX_TEXT), clip(sub, MAX_TEXT)
        inner = max(16, lay.width - 64)               # panel padding and a margin
        f = font(max(18, int(min(lay.cell * 0.55, lay.width / max(8, len(text)) * 1.6))), True)
        # the pop-in overshoots a little (ease-out-back): leave room for it
        img = render_fit(f, text, color or pal.text, inner / 1.25)
        if scale != 1.0 and scale > 0.05:
            scale = min(scale, 1.25)
            img = pygame.transform.smoothscale(
                img, (max(1, int(img.get_width() * scale)), max(1, int(img.get_height() * scale))))
        sub_img = render_fit(font(max(12, int(lay.cell * 0.24))), sub, pal.text_dim, inner) \
            if sub else None
        w = max(img.get_width(), sub_img.get_width() if sub_img else 0) + 48
        h = img.get_height() + (sub_img.get_height() + 8 if sub_img else 0) + 28
        cx = lay.width // 2
        cy = lay.board_rect.top + lay.board_rect.height // 2
        panel = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(panel, (*pal.status_bg[:3], 225), panel.get_rect(), border_radius=16)
        pygame.draw.rect(panel, (*pal.accent[:3], 255), panel.get_rect(), 2, border_radius=16)
        surface.blit(panel, (cx - w // 2, cy - h // 2))
        surface.blit(img, (cx - img.get_width() // 2, cy - h // 2 + 14))
        if sub_img:
            surface.blit(sub_img, (cx - sub_img.get_width() // 2, cy - h // 2 + 22 + img.get_height()))

    def toast_lines(self, text: str) -> tuple[pygame.font.Font, list[str]]:
        """The font and the (at most three) lines :meth:`draw_toast` draws for ``text``."""
        lay = self.layout
        f = font(max(13, int(lay.status_h * 0.32)))
        return f, wrap_text(f, text, max(24, lay.width - 64), 3)

    def draw_toast(self, surface, text: str, alpha: float = 1.0, kind: str = 'info'):
        """A message at the top of the window, wrapped to at most three lines that
        fit the window (the last ends in ``…`` if cut); ``kind`` 'error' is drawn
        in the theme's 'bad' colour; ``alpha`` in [0, 1] fades it out.

        :returns: the rectangle drawn (window coordinates).
        """
        lay, pal = self.layout, self.pal
        f, lines = self.toast_lines(text)
        imgs = [f.render(line, True, (255, 255, 255)) for line in lines]
        step = f.get_linesize()
        w = max(img.get_width() for img in imgs) + 24
        h = step * (len(imgs) - 1) + imgs[-1].get_height() + 14
        colour = pal.bad if kind == 'error' else _mix(pal.status_bg, pal.accent, 0.35)
        panel = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(panel, (*colour[:3], int(235 * alpha)), panel.get_rect(), border_radius=10)
        x = (lay.width - w) // 2
        y = 6          # top of the window: never over the board's checkers
        surface.blit(panel, (x, y))
        for i, img in enumerate(imgs):
            img.set_alpha(int(255 * alpha))
            surface.blit(img, (x + 12, y + 7 + i * step))
        return pygame.Rect(x, y, w, h)
