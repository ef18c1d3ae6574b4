"""The window's language: every string it shows goes through :func:`_` (gettext catalogues in
``connect4_game/locale``); the console game keeps the assignment's English (BU CS111 ps9)."""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from pathlib import Path

__all__ = ['_', 'ngettext', 'N_', 'set_language', 'language', 'system_language', 'LOCALE_DIR',
           'DOMAIN', 'LANGUAGES']

LANGUAGES = ('en', 'nl')        # English, and Dutch as the assignment's Dutch version
DOMAIN = 'connect4'
LOCALE_DIR = Path(__file__).resolve().parent / 'locale'

_code = 'en'
_tr = gettext.NullTranslations()


def _(message: str) -> str:
    """``message`` in the current language (itself in English)."""
    return _tr.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language."""
    return _tr.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for translation (tables built at import; :func:`_` when shown)."""
    return message


def language() -> str:
    """The current language code, e.g. ``'en'``."""
    return _code


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The first language of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` (``nl_BE.UTF-8``
    is ``nl``) that the game has, else ``'en'``."""
    env = os.environ if environ is None else environ
    for var in ('LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'LANG'):
        value = env.get(var, '').strip()
        if not value:
            continue
        for part in value.split(':'):
            code = part.split('.')[0].split('@')[0].split('_')[0].lower()
            if code in LANGUAGES:
                return code
        return 'en'
    return 'en'


def set_language(code: str | None) -> str:
    """Switch the window to language ``code`` (None: the system's; a missing catalogue: English)
    and return the code in use. :raises ValueError: for a code not in :data:`LANGUAGES`."""
    global _code, _tr
    if code is None:
        code = system_language()
    if code not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {code!r}")
    if code == 'en':
        tr = gettext.NullTranslations()
    else:
        try:
            tr = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[code])
        except OSError:
            tr, code = gettext.NullTranslations(), 'en'
    _tr, _code = tr, code
    return code
