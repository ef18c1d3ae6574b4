"""Text that fits its box, the one way the window draws a label: whole when it can, else
smaller, else a ``short`` form, else cut with ``…`` and a tooltip under the resting mouse
(:class:`CutTextTips`); every call is logged for the frame (:func:`frame_texts`) so tests can
check that each text fits."""

from __future__ import annotations

import functools
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from connect4_game.core.messages import ELLIPSIS, MAX_TEXT, broken_install, clip

__all__ = ['MIN_PX', 'MIN_FONT', 'font_px', 'font', 'line_height', 'block_height', 'fit_text',
           'wrap_text', 'draw_text', 'fit', 'Fit', 'TextDrawn', 'begin_frame', 'frame_texts',
           'cut_text_at', 'CutTextTips', 'TOOLTIP_DELAY']

log = logging.getLogger(__name__)

_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}
pygame.register_quit(_FONTS.clear)   # Font objects die with pygame.quit(); never reuse them

FONT_FILE = Path(__file__).resolve().parents[1] / 'assets' / 'fonts' / 'LiberationSans-Bold.ttf'
"""Liberation Sans Bold (SIL OFL 1.1, ``assets/fonts/LICENSE``), metric-compatible with the
FreeSans Bold pygame draws by default, which is GPL."""
FONT_SCALE = 0.6875
"""Point size per ``size`` unit: pygame's factor for its default font, so sizes keep meaning."""

TOOLTIP_DELAY = 0.6     # seconds the mouse rests on a control before its tooltip shows
MIN_PX = 12     # px: no text the window draws has a smaller font, at any window size


def font_px(size: int) -> int:
    """The real font size in px (pygame's) that :func:`font` opens for ``size`` units."""
    return max(1, round(max(8, int(size)) * FONT_SCALE))


MIN_FONT = next(s for s in range(8, 64) if font_px(s) >= MIN_PX)   # the smallest size, in units


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The window's font at ``size`` units (at least 8; cached), i.e. :func:`font_px` px."""
    size = max(8, int(size))
    key = (size, bold)
    f = _FONTS.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        try:
            f = pygame.font.Font(str(FONT_FILE), font_px(size))
        except (OSError, pygame.error):   # a broken install: pygame's own font, said once
            if not _FONTS:
                log.warning('%s', broken_install(f'the font {FONT_FILE.name}'))
            f = pygame.font.Font(None, max(1, size))
        f.set_bold(bold)
        if len(_FONTS) >= 96:   # many window sizes (resizing) must not grow it forever
            _FONTS.clear()
        _FONTS[key] = f
    return f


_TALL = '\u00c9\u00c5gjy|()[]\u2026'   # glyphs reaching highest and lowest


def line_height(size: int, bold: bool = False) -> int:
    """Px from one line of text to the next at font ``size`` (the tallest rendered line)."""
    f = font(size, bold)
    return max(f.get_linesize(), f.size(_TALL)[1])


def _fit_count(f: pygame.font.Font, text: str, max_width: int, suffix: str = '') -> int:
    """The largest n with ``f.size(text[:n] + suffix)`` at most ``max_width`` px."""
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(text[:mid] + suffix)[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def fit_text(f: pygame.font.Font, text: str, max_width: float) -> str:
    """``text`` (clipped to :data:`MAX_TEXT` characters) on one line no wider than ``max_width`` px
    in font ``f``, cut with ``…`` if need be; '' when not even ``…`` fits."""
    text = clip(text, MAX_TEXT)
    max_width = max(0, int(max_width))
    if f.size(text)[0] <= max_width:
        return text
    body = text[:-1] if text.endswith(ELLIPSIS) else text
    n = _fit_count(f, body, max_width, ELLIPSIS)
    if n == 0:
        return ELLIPSIS if f.size(ELLIPSIS)[0] <= max_width else ''
    return body[:n].rstrip() + ELLIPSIS


def wrap_text(f: pygame.font.Font, text: str, max_width: float,
              max_lines: int = 3) -> list[str]:
    """``text`` broken at spaces into at most ``max_lines`` lines, each no wider than ``max_width``
    px in font ``f``; the last line ends in ``…`` if text is left over."""
    text = clip(text, MAX_TEXT * max(1, max_lines)).strip()
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


def block_height(f: pygame.font.Font, lines: Sequence[str]) -> int:
    """Px the ``lines`` take one under the other in font ``f``."""
    if not lines:
        return 0
    # a non-empty line renders at least a line step tall
    heights = (max(f.size(x)[1], f.get_linesize()) if x else f.size(x)[1] for x in lines)
    return f.get_linesize() * (len(lines) - 1) + max(heights)


@dataclass(frozen=True)
class Fit:
    """How a text fits a box: font ``size`` (units of :func:`font`) and ``bold``, the ``lines``,
    whether they are a ``short`` form or ``cut`` (end in ``…``)."""

    size: int
    bold: bool
    lines: tuple[str, ...]
    cut: bool
    short: bool = False


def _lines_at(text: str, size: int, bold: bool, width: int, height: int,
              max_lines: int) -> list[str] | None:
    """The whole text's lines at ``size`` in a ``width`` x ``height`` box, no word cut; or None."""
    f = font(size, bold)
    room = 1 + max(0, (height - f.get_height()) // max(1, f.get_linesize()))
    lines = wrap_text(f, text, width, min(max_lines, room))
    whole = ' '.join(lines).split() == text.split()
    return lines if whole and block_height(f, lines) <= height else None


def _smallest_fit(text: str, size: int, min_size: int, bold: bool, width: int, height: int,
                  max_lines: int) -> Fit | None:
    """The biggest size from ``size`` down to ``min_size`` at which ``text`` fits, or None."""
    lines = _lines_at(text, size, bold, width, height, max_lines)
    if lines is not None:
        return Fit(size, bold, tuple(lines), False)
    lo, hi = min_size, size - 1
    best: Fit | None = None
    while lo <= hi:
        mid = (lo + hi) // 2
        lines = _lines_at(text, mid, bold, width, height, max_lines)
        if lines is None:
            hi = mid - 1
        else:
            best = Fit(mid, bold, tuple(lines), False)
            lo = mid + 1
    return best


def fit(text: str, width: int, height: int, size: int, *, bold: bool = False, lines: int = 1,
        min_size: int = MIN_FONT, short: Sequence[str] = ()) -> Fit:
    """How ``text`` fits ``width`` x ``height`` px: whole on at most ``lines`` lines at the biggest
    size from ``size`` down to ``min_size``; else the first ``short`` form that fits so; else cut
    with ``…`` at ``min_size``."""
    size = max(8, int(size))
    return _fit(clip(text, MAX_TEXT), max(1, int(width)), max(1, int(height)), size, bold,
                max(1, int(lines)), max(8, min(int(min_size), size)), tuple(short))


@functools.lru_cache(maxsize=2048)
def _fit(text: str, width: int, height: int, size: int, bold: bool, lines: int, min_size: int,
         short: tuple[str, ...]) -> Fit:
    found = _smallest_fit(text, size, min_size, bold, width, height, lines)
    if found is None:
        for form in short:
            found = _smallest_fit(clip(form, MAX_TEXT), size, min_size, bold, width, height,
                                  lines)
            if found is not None:
                found = Fit(found.size, bold, found.lines, False, True)
                break
    if found is None:
        f = font(min_size, bold)
        room = 1 + max(0, (height - f.get_height()) // max(1, f.get_linesize()))
        cut = wrap_text(f, text, width, min(lines, room))
        while len(cut) > 1 and block_height(f, cut) > height:
            cut = wrap_text(f, text, width, len(cut) - 1)
        found = Fit(min_size, bold, tuple(cut), tuple(cut) != (text,))
    return found


@dataclass(frozen=True)
class TextDrawn:
    """One :func:`draw_text` call: the ``text`` asked for, the ``lines`` drawn at font ``size``
    (units of :func:`font`; :attr:`px` in real px), whether ``cut`` or ``short``, and the ``box``
    given, the ``ink`` and the surface's ``area`` (window px)."""

    text: str
    lines: tuple[str, ...]
    size: int
    cut: bool
    short: bool
    box: pygame.Rect
    ink: pygame.Rect
    area: pygame.Rect
    free: bool
    tip: bool = True

    @property
    def px(self) -> int:
        return font_px(self.size)

    @property
    def partial(self) -> bool:
        """Cut or short: the whole text belongs in a tooltip."""
        return self.cut or self.short

    @property
    def fits(self) -> bool:
        """The ink is inside the box and inside the surface drawn on."""
        return self.box.contains(self.ink) and self.area.contains(self.ink)


_FRAME: list[TextDrawn] = []
_MAX_LOG = 4000


def begin_frame() -> None:
    """Start a new frame's log of drawn texts."""
    _FRAME.clear()


def frame_texts() -> list[TextDrawn]:
    """The texts drawn since :func:`begin_frame`, in drawing order (a copy)."""
    return list(_FRAME)


def cut_text_at(pos: tuple[int, int]) -> TextDrawn | None:
    """The topmost text of this frame drawn cut whose box holds window point ``pos``, or None."""
    for drawn in reversed(_FRAME):
        if drawn.partial and drawn.tip and drawn.box.collidepoint(pos) \
                and drawn.area.collidepoint(pos):
            return drawn
    return None


def draw_text(surface: pygame.Surface, text: str, box: pygame.Rect, colour: Sequence[int],
              size: int, *,
              bold: bool = False, lines: int = 1, align: str = 'left', valign: str = 'center',
              min_size: int = MIN_FONT, short: Sequence[str] = (), alpha: float = 1.0,
              free: bool = False, tip: bool = True) -> TextDrawn:
    """Draw ``text`` in ``colour`` inside ``box`` (``surface`` px), fitted by :func:`fit`, each
    line ``align``-ed, the block ``valign``-ed, at opacity ``alpha`` 0..1; ``free``: the text
    comes from outside (file name, error) and may be cut; ``tip`` False: no tooltip when cut.
    Returns the :class:`TextDrawn` it logs; ValueError for an unknown alignment."""
    if align not in ('left', 'center', 'right') or valign not in ('top', 'center', 'bottom'):
        raise ValueError(f'bad alignment {align!r}, {valign!r}')
    box = pygame.Rect(box)
    how = fit(text, box.width, box.height, size, bold=bold, lines=lines, min_size=min_size,
              short=short)
    f = font(how.size, how.bold)
    step = f.get_linesize()
    block = block_height(f, how.lines)
    top = box.top if valign == 'top' else box.bottom - block if valign == 'bottom' \
        else box.top + (box.height - block) // 2
    ink: pygame.Rect | None = None
    for i, line in enumerate(how.lines):
        img = f.render(line, True, colour[:3])
        if alpha < 1.0:
            img.set_alpha(max(0, int(255 * alpha)))
        x = box.left if align == 'left' else box.right - img.get_width() if align == 'right' \
            else box.centerx - img.get_width() // 2
        where = pygame.Rect(x, top + i * step, img.get_width(), img.get_height())
        surface.blit(img, where)
        ink = where if ink is None else ink.union(where)
    if ink is None:
        ink = pygame.Rect(box.left, box.top, 0, 0)
    ox, oy = surface.get_abs_offset()
    drawn = TextDrawn(clip(text, MAX_TEXT), how.lines, how.size, how.cut, how.short,
                      box.move(ox, oy), ink.move(ox, oy), pygame.Rect((ox, oy), surface.get_size()),
                      free, tip)
    if len(_FRAME) < _MAX_LOG:
        _FRAME.append(drawn)
    return drawn


class CutTextTips:
    """The tooltip of a cut text under the mouse: ``mouse`` (window px, None: outside), ``rest``
    (seconds unmoved), ``hidden`` (a click or Esc put it away until the mouse moves)."""

    def __init__(self) -> None:
        self.mouse: tuple[int, int] | None = None
        self.rest = 0.0
        self.hidden = False

    def follow(self, e: pygame.event.Event) -> None:
        """A move shows the tooltip again (after the delay), a click hides it."""
        if e.type == pygame.MOUSEMOTION:
            self.mouse, self.rest, self.hidden = tuple(e.pos), 0.0, False
        elif e.type == pygame.MOUSEBUTTONDOWN:
            self.mouse, self.hidden = tuple(e.pos), True
        elif e.type == getattr(pygame, 'WINDOWLEAVE', -1):
            self.mouse = None

    def advance(self, dt: float) -> None:
        self.rest += dt

    def due(self) -> TextDrawn | None:
        """The cut text under the resting mouse whose tooltip is due now, or None."""
        if self.mouse is None or self.hidden or self.rest < TOOLTIP_DELAY:
            return None
        return cut_text_at(self.mouse)

    def pending(self) -> bool:
        """Whether the mouse rests on a cut text whose tooltip is not due yet."""
        return self.mouse is not None and not self.hidden and self.rest < TOOLTIP_DELAY \
            and cut_text_at(self.mouse) is not None

    def hide(self) -> bool:
        """Put the tooltip shown now away (Esc); returns whether one was shown."""
        shown = self.due() is not None
        self.hidden = True
        return shown
