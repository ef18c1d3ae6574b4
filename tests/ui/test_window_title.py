"""The window's title names the game on top: Connect Four's state, or Oska's own."""
from __future__ import annotations

import pygame

from tests.ui_helpers import DT, key, make_app


def test_the_title_is_oskas_own_while_oska_is_on_top(worker):
    app = make_app(worker, x='human', o='human')
    try:
        app.step([], DT)
        assert pygame.display.get_caption()[0].startswith('Connect Four \u2014 ')
        app.step([key(pygame.K_g, 'g')], DT)
        app.step([key(pygame.K_UP), key(pygame.K_RIGHT)], DT)  # Game: Oska
        app.step([key(pygame.K_RETURN)], DT)
        assert type(app.screen).__name__ == 'OskaScreen'
        app.step([], DT)
        assert pygame.display.get_caption()[0].startswith('Oska \u2014 ')
        app.step([key(pygame.K_F1)], DT)
        app.step([], DT)
        assert pygame.display.get_caption()[0] == 'Oska \u2014 Help'
    finally:
        app.close()
