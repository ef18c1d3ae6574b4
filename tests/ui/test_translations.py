"""The window's translations: every string has a Dutch translation, the
compiled catalogue matches its source, and switching the language changes
what the window shows (the console keeps the assignment's English)."""

import pytest

from connect4_game import i18n
from tests.ui_helpers import DT, InstantWorker, make_app

babel = pytest.importorskip('babel')


def test_every_window_string_is_translated_and_compiled():
    from tools import translations
    assert translations.problems('nl') == []


def test_the_template_finds_the_window_strings():
    from tools import translations
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in translations.template() if m.id}
    assert {'New game', 'Undo', 'Settings', 'Play a friend', 'Review game'} <= ids


def test_the_window_speaks_dutch_and_back():
    app = make_app(InstantWorker(), x='human', o='human', language='nl')
    try:
        app.step([], DT)
        assert app.game.toolbar.named['new'].label == 'Nieuw spel'
        assert app.game.status_texts()[0].startswith('Speler X')
        app.set_language('en')
        app.step([], DT)
        assert app.game.toolbar.named['new'].label == 'New game'
    finally:
        app.close()
        i18n.set_language('en')


def test_system_language_and_unknown_codes():
    assert i18n.system_language({'LANG': 'nl_NL.UTF-8'}) == 'nl'
    assert i18n.system_language({'LANGUAGE': 'fr:nl', 'LANG': 'fr_FR'}) == 'nl'
    assert i18n.system_language({'LANG': 'de_DE.UTF-8'}) == 'en'
    assert i18n.system_language({}) == 'en'
    with pytest.raises(ValueError):
        i18n.set_language('xx')


def test_dutch_uses_one_term_for_each_thing_and_real_plurals():
    """The Dutch catalogue keeps its word list: Undo is 'Ongedaan maken'
    everywhere, keys are 'toetsen' (never 'knopen'), Space is 'spatiebalk',
    lookahead is 'zoekdiepte'; and a count of one is singular ('1 zet')."""
    from tools import translations
    cat = translations.load('nl')
    texts = [s for m in cat if m.id
             for s in (m.string if isinstance(m.string, (list, tuple)) else [m.string])]
    assert cat.get('Undo').string == 'Ongedaan maken'
    assert 'Ongedaan maken: {undo}' in cat.get(
        'New game: {new}    Undo: {undo}    Review: {review}').string
    for wrong in ('Terugzetten', 'knopen', 'Space', 'vooruitkijk', 'plies', ' 1 zetten'):
        assert not [t for t in texts if wrong.lower() in t.lower()], wrong
    for m in cat:
        if m.id and isinstance(m.id, (list, tuple)):
            assert m.string[0] != m.string[1], m.id
    i18n.set_language('nl')
    try:
        assert i18n.ngettext('{n} move', '{n} moves', 1).format(n=1) == '1 zet'
        assert i18n.ngettext('{n} move', '{n} moves', 2).format(n=2) == '2 zetten'
    finally:
        i18n.set_language('en')
