"""The window draws with its own font, Liberation Sans (SIL Open Font License),
not pygame-ce's GPL default font."""
from __future__ import annotations

import pygame

from connect4_game.ui import text_fit


def test_the_font_is_the_bundled_liberation_sans():
    assert text_fit.FONT_FILE.is_file() and text_fit.FONT_FILE.name == 'LiberationSans-Bold.ttf'
    licence = (text_fit.FONT_FILE.parent / 'LICENSE').read_text(encoding='utf-8')
    assert 'SIL Open Font License' in licence or 'SIL OPEN FONT LICENSE' in licence


def test_font_loads_that_file_at_the_default_fonts_scale(monkeypatch):
    pygame.font.init()
    opened = []
    real = pygame.font.Font

    class Spy(real):
        def __init__(self, name, size):
            opened.append((name, size))
            super().__init__(name, size)
    text_fit._FONTS.clear()
    monkeypatch.setattr(pygame.font, 'Font', Spy)
    try:
        text_fit.font(32)
    finally:
        text_fit._FONTS.clear()
    assert opened == [(str(text_fit.FONT_FILE), 22)]     # 32 * 0.6875, as pygame scales its own
