"""The window's language: every string it shows goes through :func:`_` (gettext catalogues in
``connect4_game/locale``); the console game keeps the assignment's English (BU CS111 ps9)."""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterable, Mapping
from pathlib import Path

__all__ = ['_', 'ngettext', 'N_', 'number', 'set_language', 'language', 'system_language',
           'LOCALE_DIR', 'DOMAIN', 'LANGUAGES', 'LANGUAGE_NAMES']

LANGUAGE_NAMES = {'en': 'English', 'nl': 'Nederlands', 'de': 'Deutsch', 'fr': 'Français',
                  'es': 'Español'}        # each language named in itself, as the menu offers it
LANGUAGES = tuple(LANGUAGE_NAMES)
DOMAIN = 'connect4'
LOCALE_DIR = Path(__file__).resolve().parent / 'locale'

_code = 'en'
_tr = gettext.NullTranslations()


def _(message: str) -> str:
    return _tr.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _tr.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for translation (tables built at import; :func:`_` when shown)."""
    return message


def number(value: float) -> str:
    """``value`` in its shortest form as the current language writes it: ``'0.35'``, ``'0,35'``."""
    text = f'{value:g}'
    return text if _code == 'en' else text.replace('.', ',')


def language() -> str:
    return _code


def _code_of(locale: str) -> str:
    """``'nl'`` for ``'nl_BE.UTF-8'``, ``'de-AT'``, ``'fr@euro'`` or ``'ES'``."""
    return locale.split('.')[0].split('@')[0].replace('-', '_').split('_')[0].strip().lower()


def system_language(environ: Mapping[str, str] | None = None,
                    preferred: Iterable[str] = ()) -> str:
    """The first language the game has of ``preferred`` (the desktop's locales, best first), then
    of the first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` set; else ``'en'``."""
    env = os.environ if environ is None else environ
    value = next((v for var in ('LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'LANG')
                  if (v := env.get(var, '').strip())), '')
    return next((code for code in map(_code_of, [*preferred, *value.split(':')])
                 if code in LANGUAGES), 'en')


def set_language(code: str | None, preferred: Iterable[str] = ()) -> str:
    """Switch the window to ``code`` (None: :func:`system_language`; a missing catalogue: English);
    the code in use. :raises ValueError: for a code not in :data:`LANGUAGES`."""
    global _code, _tr
    if code is None:
        code = system_language(preferred=preferred)
    if code not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {code!r}")
    tr: gettext.NullTranslations = gettext.NullTranslations()
    if code != 'en':
        try:
            tr = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[code])
        except OSError:
            code = 'en'
    _tr, _code = tr, code
    return code
