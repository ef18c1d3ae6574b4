"""Text that fits: one line or a few wrapped lines no wider than a width in px.

Text that can come from outside (a settings key, a file name, a plug-in's
error) is never rendered wider than it is drawn: :func:`fit_text` and
:func:`wrap_text` measure with ``Font.size`` and cut with ``…``, so a
200,000-character message costs a few measurements of at most
:data:`~connect4_game.messages.MAX_TEXT` characters (the most characters of
one message the window ever measures or draws). Re-exported by
:mod:`connect4_game.ui.render`.
"""

from __future__ import annotations

import pygame

from connect4_game.messages import ELLIPSIS, MAX_TEXT, clip

__all__ = ['fit_text', 'wrap_text', 'render_fit']


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
