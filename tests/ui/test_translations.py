"""The window's translations: every string has a translation in every
language, the template and the compiled catalogues match their sources, and
switching the language changes what the window shows (the console keeps the
assignment's English)."""

import pytest

from connect4_game import i18n
from tests.ui_helpers import DT, InstantWorker, make_app

babel = pytest.importorskip('babel')


@pytest.mark.parametrize('code', [c for c in i18n.LANGUAGES if c != 'en'])
def test_every_window_string_is_translated_and_compiled(code):
    from tools import translations
    assert translations.problems(code) == []


def test_the_committed_template_holds_every_window_string():
    from tools import translations
    assert translations.POT.read_bytes() == translations.pot_bytes(translations.template())


def test_a_dropped_placeholder_or_a_stale_template_is_reported(tmp_path, monkeypatch):
    from tools import translations
    cat = translations.load('de')
    cat.get('Theme: {name}').string = 'Design'
    po = tmp_path / 'de' / 'LC_MESSAGES' / 'connect4.po'
    po.parent.mkdir(parents=True)
    with open(po, 'wb') as fh:
        translations.write_po(fh, cat)
    monkeypatch.setattr(translations, 'po_path', lambda code: po)
    assert any('placeholders' in p and 'Theme: {name}' in p for p in translations.problems('de'))
    monkeypatch.setattr(translations, 'POT', tmp_path / 'missing.pot')
    assert translations.main(['check']) == 1


def test_the_template_finds_the_window_strings():
    from tools import translations
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in translations.template() if m.id}
    assert {'New game', 'Undo', 'Settings', 'Play a friend', 'Review game'} <= ids
    # the seats' names and the levels' words are shown by the window from outside ui/
    assert {'You', 'Computer ({level})', 'Plays perfectly on the standard board: very hard to beat.'
            } <= ids


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
    assert i18n.system_language({'LANGUAGE': 'pt:nl', 'LANG': 'fr_FR'}) == 'nl'
    assert i18n.system_language({'LANG': 'de_DE.UTF-8'}) == 'de'
    assert i18n.system_language({'LANG': 'pt_BR.UTF-8'}) == 'en'
    assert i18n.system_language({}) == 'en'


def test_the_desktops_preferred_languages_come_first():
    """pygame.system.get_pref_locales' languages (what Windows and macOS report) win over
    the environment; one the game lacks is skipped; none known falls back to the environment."""
    assert i18n.system_language({'LANG': 'nl_NL.UTF-8'}, ['pt', 'es', 'fr']) == 'es'
    assert i18n.system_language({'LANG': 'nl_NL.UTF-8'}, ['pt']) == 'nl'
    assert i18n.system_language({}, ['de-AT']) == 'de'
    try:
        assert i18n.set_language(None, ['fr']) == 'fr'
        assert i18n._('Undo') == 'Annuler'
    finally:
        i18n.set_language('en')


@pytest.mark.parametrize('code, title', [('de', 'Vier gewinnt'), ('fr', 'Puissance 4'),
                                         ('es', 'Conecta 4'), ('nl', 'Vier op een rij')])
def test_each_language_names_the_game_as_its_players_know_it(code, title):
    i18n.set_language(code)
    try:
        assert i18n._('Connect Four') == title
        assert i18n.LANGUAGE_NAMES[code] not in ('', code)
    finally:
        i18n.set_language('en')


@pytest.mark.parametrize('code, one, two', [('de', '1 Zug', '2 Züge'), ('fr', '1 coup', '2 coups'),
                                            ('es', '1 jugada', '2 jugadas')])
def test_plural_forms(code, one, two):
    i18n.set_language(code)
    try:
        assert i18n.ngettext('{n} move', '{n} moves', 1).format(n=1) == one
        assert i18n.ngettext('{n} move', '{n} moves', 2).format(n=2) == two
        if code == 'fr':        # French counts zero as singular
            assert i18n.ngettext('{n} move', '{n} moves', 0).format(n=0) == '0 coup'
    finally:
        i18n.set_language('en')
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


def test_a_process_without_a_locale_still_gets_a_whole_window_title():
    """Started with no locale (env -i, a frozen app), Xlib would garble the title's '—' and
    accented letters: opening the window switches the character type to UTF-8."""
    import locale

    from connect4_game.ui.window import Window
    before = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, 'C')
    try:
        Window((520, 480)).open('Puissance 4 \u2014 À vous de jouer (X)')
        assert 'utf' in locale.setlocale(locale.LC_CTYPE).lower()
    finally:
        locale.setlocale(locale.LC_CTYPE, before)


def test_with_no_language_saved_the_window_asks_the_desktop(monkeypatch, tmp_path):
    import pygame
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    monkeypatch.setenv('LANG', 'nl_NL.UTF-8')
    monkeypatch.setattr(pygame.system, 'get_pref_locales',
                        lambda: [{'language': 'pt', 'country': 'BR'},
                                 {'language': 'es', 'country': 'MX'}])
    app = make_app(InstantWorker(), x='human', o='human')
    try:
        assert app.language == 'es'
        assert app.game.toolbar.named['new'].label == 'Partida nueva'
    finally:
        app.close()
        i18n.set_language('en')


def test_numbers_take_the_languages_decimal_sign():
    from connect4_game.ui.screens.new_game import level_facts
    try:
        assert i18n.number(0.35) == '0.35' and i18n.number(8.0) == '8'
        i18n.set_language('de')
        assert i18n.number(0.35) == '0,35' and i18n.number(8.0) == '8'
        assert any('0,25 s' in fact for fact in level_facts('hard')), level_facts('hard')
    finally:
        i18n.set_language('en')
