"""The standard streams' error handler: a character the encoding cannot show is degraded (``≈`` to
``~``, ``…`` to ``...``, else ``?``) instead of ending the command; an undecodable file name's
bytes are written as they came.

>>> '≈ 1…7'.encode('ascii', ERRORS)
b'~ 1...7'"""

from __future__ import annotations

import codecs
import contextlib
import sys

__all__ = ['ERRORS', 'degrade_unencodable']

ERRORS = 'connect4-degrade'         # the codec error handler's name, registered on import

_PLAIN = {'\u2248': '~', '\u2026': '...', '\u2013': '-', '\u2014': '-', '\u2018': "'",
          '\u2019': "'", '\u201c': '"', '\u201d': '"', '\u00d7': 'x', '\u2192': '->',
          '\u00a0': ' '}


def _degrade(exc: UnicodeError) -> tuple[str | bytes, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    char = exc.object[exc.start]
    if '\udc80' <= char <= '\udcff':             # os.fsdecode's surrogateescape
        return bytes([ord(char) - 0xdc00]), exc.start + 1
    return _PLAIN.get(char, '?'), exc.start + 1


codecs.register_error(ERRORS, _degrade)


def degrade_unencodable() -> None:
    """Make ``sys.stdout`` and ``sys.stderr`` write through :data:`ERRORS`. Never raises."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, 'reconfigure', None)
        if reconfigure is not None:
            with contextlib.suppress(OSError, ValueError, LookupError, TypeError):
                reconfigure(errors=ERRORS)
