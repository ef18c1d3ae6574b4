"""The one way the game's text reaches the standard streams: a character the stream's encoding
cannot show (a redirected Windows console's cp1252, ``LC_ALL=C``'s ASCII) is degraded, ``≈`` to
``~``, ``…`` to ``...``, any other to ``?``, instead of ending the command; text the encoding can
show (the assignment's board and prompts, BU CS111 ps9, Problem 3) is written byte for byte. A
file name the system gave as undecodable bytes is written as those bytes.

>>> '≈ 1…7'.encode('ascii', ERRORS)
b'~ 1...7'"""

from __future__ import annotations

import codecs
import contextlib
import sys

__all__ = ['ERRORS', 'degrade_unencodable']

ERRORS = 'connect4-degrade'
"""The codec error handler's name, registered on import."""

_PLAIN = {'\u2248': '~', '\u2026': '...', '\u2013': '-', '\u2014': '-', '\u2018': "'",
          '\u2019': "'", '\u201c': '"', '\u201d': '"', '\u00d7': 'x', '\u2192': '->',
          '\u00a0': ' '}


def _degrade(exc: UnicodeError) -> tuple[str | bytes, int]:
    """The codec error handler: the first character that cannot be encoded, as plain text
    (``?`` if it has none) or, for an undecodable byte of a file name, that byte."""
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    char = exc.object[exc.start]
    if '\udc80' <= char <= '\udcff':             # os.fsdecode's surrogateescape
        return bytes([ord(char) - 0xdc00]), exc.start + 1
    return _PLAIN.get(char, '?'), exc.start + 1


codecs.register_error(ERRORS, _degrade)


def degrade_unencodable() -> None:
    """Make ``sys.stdout`` and ``sys.stderr`` write through :data:`ERRORS`; a stream that is
    missing or cannot be reconfigured is left as it is. Never raises."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, 'reconfigure', None)
        if reconfigure is not None:
            with contextlib.suppress(OSError, ValueError, LookupError, TypeError):
                reconfigure(errors=ERRORS)
