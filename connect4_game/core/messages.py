"""Bounded text for messages: no message repeats more than a short piece of a bad value.

A move file of a megabyte, a settings key of 200,000 characters or a lookahead
of 5,000 digits must not come back whole in an error line, a toast or the
window title. Every message that quotes something the user (or a file, or a
plug-in) supplied goes through :func:`clip` or :func:`quote`.

This module never imports pygame.

>>> clip('abc')
'abc'
>>> clip('k' * 200, 10)
'kkkkkkkkk…'
>>> quote('x' * 100)[:5], len(quote('x' * 100))
("'xxxx", 82)
"""

from __future__ import annotations

__all__ = ["MAX_SHOWN", "MAX_TEXT", "ELLIPSIS", "clip", "quote"]

MAX_SHOWN = 80
"""The most characters of a user-supplied value any message repeats."""

ELLIPSIS = "…"

MAX_TEXT = 200
"""The most characters of any one message the window draws (a toast, a
status line); longer text is cut before it is measured or drawn."""


def clip(value: object, limit: int = MAX_SHOWN) -> str:
    """``str(value)`` cut to at most ``limit`` characters, ending in ``…`` when cut.

    Control characters (newlines, tabs, escapes) become spaces so a clipped
    value stays on one line. ``limit`` is a character count (>= 1).

    :raises ValueError: if ``limit`` < 1.
    """
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    if isinstance(value, str):
        text = value
    else:
        try:
            text = str(value)
        except Exception:           # a hostile __str__: say what it is instead
            text = f"<{type(value).__name__}>"
    if len(text) > limit:
        text = text[:limit - 1] + ELLIPSIS
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else " " for ch in text)
    return text


def quote(value: object, limit: int = MAX_SHOWN) -> str:
    """``repr``-style quoting of a clipped value: ``'abc'``, ``'kkk…'``.

    Built from :func:`clip` (the quotes are not counted in ``limit``), so the
    result is at most ``limit + 2`` characters long.
    """
    if not isinstance(value, str):
        # int('9' * 5000) style values: never call repr on something huge
        value = clip(value, limit)
    return "'" + clip(value, limit).replace("'", "\\'") + "'"
