"""Paste position is reached as a player would: Ctrl+V and Menu > Paste position."""
from __future__ import annotations

import pygame
import pytest

from connect4_game.ui.commands import COMMAND, MENU, lookup
from tests.ui.test_player_window import FakeClipboard
from tests.ui_helpers import DT, key, make_app


@pytest.fixture
def app(worker):
    a = make_app(worker, x='human', o='human')
    a.step([], DT)
    yield a
    a.close()


def test_ctrl_v_pastes_and_plain_v_still_reviews():
    assert lookup(pygame.K_v, '\x16', ctrl=True)[0].name == 'paste'
    assert lookup(pygame.K_v, 'v', ctrl=False)[0].name == 'review'


def test_ctrl_v_sets_up_the_position_on_the_clipboard(app):
    app.files.clipboard = FakeClipboard('4453')
    app.step([key(pygame.K_v, 'v', pygame.KMOD_LCTRL)], DT)
    assert app.session.game.moves == [3, 3, 4, 2]


def test_the_menu_offers_paste_with_its_key():
    assert 'paste' in MENU and COMMAND['paste'].key_label() == 'Ctrl+V'
