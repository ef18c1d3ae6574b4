#!/usr/bin/env python3
"""The window's translation catalogues, kept with Babel (a development tool,
not needed to play).

    python tools/translations.py update    # extract the window's strings into the .pot,
                                           # merge them into every .po, compile the .mo files
    python tools/translations.py check     # exit 1 if the .pot is stale, a string has no
                                           # translation, a translation is fuzzy or drops a
                                           # {placeholder}, or a .mo is out of date

Strings are marked in the code with ``_()``, ``N_()`` and ``ngettext()`` of
:mod:`connect4_game.i18n`; the template is ``connect4_game/locale/connect4.pot``
(for translators' tools); the catalogues are
``connect4_game/locale/<code>/LC_MESSAGES/connect4.po`` (edited by people)
and ``.mo`` (compiled, read by gettext at run time), one per language of
:data:`connect4_game.i18n.LANGUAGES` other than English.
"""

from __future__ import annotations

import io
import json
import re
import sys
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from babel.messages import Catalog, Message  # noqa: E402
from babel.messages.extract import extract_from_file  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

from connect4_game.i18n import (  # noqa: E402
    DOMAIN,
    LANGUAGES,  # noqa: E402
    LOCALE_DIR,
)

KEYWORDS = {'_': None, 'N_': None, 'ngettext': (1, 2)}
PACKAGE = ROOT / 'connect4_game'
HELP = PACKAGE / 'ui' / 'help.json'      # the help pages' text, kept as data
MARKS = ('from connect4_game.i18n import', 'from connect4_game import i18n')


def sources() -> list[Path]:
    """The modules that mark strings for the window: those importing :mod:`connect4_game.i18n`
    (the console keeps the assignment's English and imports none of it)."""
    return sorted(path for path in PACKAGE.rglob('*.py') if path.name != 'i18n.py'
                  and any(m in path.read_text(encoding='utf-8') for m in MARKS))


def template() -> Catalog:
    """Every marked string of the window, with where it is used."""
    cat = Catalog(project='connect4-pygame', domain=DOMAIN, version='0.2',
                  creation_date=datetime(2026, 11, 1), copyright_holder='connect4-pygame authors',
                  msgid_bugs_address='')
    for path in sources():
        where = path.relative_to(ROOT).as_posix()
        for lineno, message, comments, _ctx in extract_from_file('python', str(path),
                                                                 keywords=KEYWORDS):
            cat.add(message, locations=[(where, lineno)], auto_comments=comments)
    for message in _data_strings(json.loads(HELP.read_text(encoding='utf-8'))):
        cat.add(message, locations=[(HELP.relative_to(ROOT).as_posix(), 1)])
    return cat


def _data_strings(node: object) -> list[str]:
    """The strings of a data file's values, in order (its keys are names, not text)."""
    if isinstance(node, str):
        return [node]
    items = node.values() if isinstance(node, dict) else node if isinstance(node, list) else []
    return [text for item in items for text in _data_strings(item)]


POT = LOCALE_DIR / f'{DOMAIN}.pot'
PLACEHOLDER = re.compile(r'{[^{}]*}')


def pot_bytes(cat: Catalog) -> bytes:
    """The template as written: no line numbers (nor in the .po files), so it changes only when
    the strings do."""
    buf = io.BytesIO()
    write_po(buf, cat, width=100, include_lineno=False)
    return buf.getvalue()


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / 'LC_MESSAGES' / f'{DOMAIN}.po'


def compiled(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, cat)
    return buf.getvalue()


def load(code: str) -> Catalog:
    path = po_path(code)
    if not path.exists():
        return Catalog(locale=code, domain=DOMAIN)
    with open(path, 'rb') as fh:
        return read_po(fh, locale=code, domain=DOMAIN)


def update() -> None:
    tmpl = template()
    POT.write_bytes(pot_bytes(tmpl))
    for code in LANGUAGES:
        if code == 'en':
            continue
        cat = load(code)
        cat.update(tmpl, no_fuzzy_matching=True)
        path = po_path(code)
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, 'wb') as fh:
            write_po(fh, cat, width=100, sort_output=False, omit_header=False,
                     ignore_obsolete=True, include_lineno=False)
        path.with_suffix('.mo').write_bytes(compiled(cat))
        missing = [m.id for m in cat if m.id and not _translated(m)]
        print(f'{code}: {len(cat)} strings, {len(missing)} without a translation')


def _translated(message: Message) -> bool:
    if isinstance(message.string, (list, tuple)):
        return all(message.string)
    return bool(message.string)


def problems(code: str) -> list[str]:
    """Why the ``code`` catalogue is not complete and in sync (empty if it is)."""
    out = []
    tmpl = template()
    cat = load(code)
    for message in tmpl:
        if not message.id:
            continue
        have = cat.get(message.id)
        if have is None or not _translated(have):
            out.append(f'{code}: no translation of {message.id!r}')
        elif have.fuzzy:
            out.append(f'{code}: fuzzy translation of {message.id!r}')
        else:
            ids = message.id if isinstance(message.id, (list, tuple)) else [message.id]
            strings = have.string if isinstance(have.string, (list, tuple)) else [have.string]
            wanted = {p for i in ids for p in PLACEHOLDER.findall(i)}
            for s in strings:      # a plural's singular may say 'one' instead of {n}
                found = set(PLACEHOLDER.findall(s or ''))
                if found - wanted or (len(strings) == 1 and found != wanted):
                    out.append(f'{code}: the translation of {message.id!r} changes its '
                               f'placeholders: {s!r}')
    mo = po_path(code).with_suffix('.mo')
    if not mo.exists() or mo.read_bytes() != compiled(cat):
        out.append(f'{code}: {mo.name} is not compiled from the .po '
                   f'(run python tools/translations.py update)')
    return out


def main(argv: list[str] | None = None) -> int:
    cmd = (argv or sys.argv[1:] or ['check'])[0]
    if cmd == 'update':
        update()
        return 0
    if cmd == 'check':
        stale = not POT.exists() or POT.read_bytes() != pot_bytes(template())
        found = [f'{POT.name} is out of date (run python tools/translations.py update)'] * stale
        found += [p for code in LANGUAGES if code != 'en' for p in problems(code)]
        for p in found:
            print(p)
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main())
