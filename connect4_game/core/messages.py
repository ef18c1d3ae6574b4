"""Bounded text: every message quoting what a user, a file or a plug-in supplied goes
through :func:`clip` or :func:`quote`."""

from __future__ import annotations

__all__ = ["MAX_SHOWN", "MAX_TEXT", "ELLIPSIS", "REINSTALL", "clip", "quote", "broken_install"]

MAX_SHOWN = 80          # characters of a user-supplied value a message repeats
ELLIPSIS = "…"
MAX_TEXT = 200          # characters of one message the window draws (cut before drawn)
REINSTALL = "pip install --force-reinstall connect4-pygame"    # puts back a missing file


def clip(value: object, limit: int = MAX_SHOWN) -> str:
    """``str(value)`` cut to ``limit`` (>= 1) characters, ending in ``…`` when cut, control
    characters as spaces (one line).
    :raises ValueError: if ``limit`` < 1."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    try:
        text = value if isinstance(value, str) else str(value)
    except Exception:               # a hostile __str__: say what it is instead
        text = f"<{type(value).__name__}>"
    if len(text) > limit:
        text = text[:limit - 1] + ELLIPSIS
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else " " for ch in text)
    return text


def quote(value: object, limit: int = MAX_SHOWN) -> str:
    """A clipped value quoted: ``'abc'``, ``'kkk…'`` (at most ``limit + 2`` characters)."""
    return "'" + clip(value, limit).replace("'", "\\'") + "'"


def broken_install(what: object) -> str:
    """One line for a file of the game that is missing or broken: ``what`` (clipped) and
    :data:`REINSTALL`."""
    return f"{clip(what, 120)}: the installation is incomplete; reinstall the game: {REINSTALL}"
