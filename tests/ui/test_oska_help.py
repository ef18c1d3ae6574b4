"""Oska's help shows its whole rules, in every language and window size."""
from __future__ import annotations

import pytest

from connect4_game.i18n import _
from connect4_game.ui.screens.help import OSKA_PAGE
from connect4_game.ui.text_fit import MIN_FONT, font, wrap_text


@pytest.mark.parametrize('lang', ['en', 'nl'])
@pytest.mark.parametrize('w, h', [(520, 480), (800, 760), (1920, 1080)])
def test_the_rules_are_wrapped_whole(app_lang, lang, w, h):
    app_lang(lang)
    rules = _(OSKA_PAGE.paragraphs[0])
    assert len(rules) > 200                     # longer than one message
    f = font(max(MIN_FONT, min(20, h // 30)))             # as the help screen draws it
    lines = wrap_text(f, rules, w - 40, 8)
    assert not lines[-1].endswith('\u2026')
    assert ' '.join(lines).split() == rules.split()


@pytest.fixture
def app_lang(worker):
    from tests.ui_helpers import make_app
    made = []

    def switch(lang):
        a = make_app(worker, x='human', o='human')
        made.append(a)
        a.set_language(lang)
    yield switch
    for a in made:
        a.close()
