"""The new-game dialog describes each level in players' words; Advanced
shows the settings behind them."""
from __future__ import annotations

import pygame
import pytest

from connect4_game import i18n
from connect4_game.ai.levels import LEVELS
from connect4_game.ui.screens.new_game import CUSTOM, CUSTOM_WORDS, level_settings_text, level_tip
from tests.ui_helpers import DT, key, make_app


@pytest.fixture(autouse=True)
def english():
    before = i18n.language()
    i18n.set_language('en')
    yield
    i18n.set_language(before)


def test_every_level_and_custom_has_plain_words():
    for level, text in [(lv.name, lv.words) for lv in LEVELS] + [(CUSTOM, CUSTOM_WORDS)]:
        assert text[0].isupper() and text.endswith('.') and len(text) <= 80, level
        for jargon in ('lookahead', 'ply', 'plies', 'tiebreak', 'heuristic', 'minimax'):
            assert jargon not in text.lower(), (level, jargon)
        assert level_tip(level) == text


def test_the_settings_line_never_says_zero_plies():
    assert 'does not search the replies' in level_settings_text('easy')
    assert 'looks 0' not in level_settings_text('easy')
    assert level_settings_text('expert') == '' and level_settings_text('custom') == ''


@pytest.fixture
def dialog(worker):
    app = make_app(worker, x='human', o='human')
    app.step([], DT)
    app.step([key(pygame.K_g, 'g')], DT)
    app.step([key(pygame.K_RIGHT)], DT)              # Players: one player: a Difficulty row
    yield app.screen
    app.close()


def test_the_difficulty_row_shows_the_levels_words(dialog):
    scr = dialog
    scr.sel = scr.form_rows().index(scr.level)
    assert scr.tip() == level_tip(scr.level.value) != ''
    before = scr.level.value
    scr.app.step([key(pygame.K_RIGHT)], DT)
    assert scr.level.value != before and scr.tip() == level_tip(scr.level.value) != ''
    assert scr.info_text() != scr.tip()              # Advanced: the settings instead

