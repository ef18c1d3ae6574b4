"""The help screen: every control and its key, from :data:`~connect4_game.ui.commands.COMMANDS`."""

from __future__ import annotations

import pygame

from connect4_game.i18n import N_, _
from connect4_game.ui.commands import help_rows
from connect4_game.ui.screens.base import Host, InfoPage
from connect4_game.ui.text_fit import MIN_FONT, draw_text, font, line_height

__all__ = ['HelpScreen', 'help_lines']


MOUSE = (N_('Mouse'), N_('aim with the ghost checker, click to drop it'))
"""The help screen's first line: the mouse (the keys follow from the table)."""


def help_lines() -> list[tuple[str, str]]:
    """(keys, what they do) for the mouse and every command with a key, translated."""
    return [(_(MOUSE[0]), _(MOUSE[1])), *help_rows()]


class HelpScreen(InfoPage):
    """Every key of ``lines`` ([(keys, what they do)], translated; None: Connect Four's), in two
    columns when the window is wide, after the ``rules`` paragraph. Any key or click returns."""

    name = N_('Help')

    def __init__(self, app: Host, lines: list[tuple[str, str]] | None = None,
                 rules: str = '') -> None:
        super().__init__(app)
        self.lines = lines
        self.rules = rules

    def title(self) -> str:
        return _('Connect Four: controls')

    def footer(self) -> str:
        return _('Press any key or click to return to the game.')

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        w, h = surface.get_size()
        top, bottom = self.frame(surface, self.title(), self.footer())
        top += 10
        rows = help_lines() if self.lines is None else self.lines
        size = max(MIN_FONT, min(20, h // 30))
        if self.rules:
            rules = draw_text(surface, self.rules, pygame.Rect(20, top, w - 40,
                              8 * line_height(size)), theme.text_dim, size, lines=8, valign='top')
            top += len(rules.lines) * line_height(size)
        columns = 2 if w >= 900 else 1
        per_col = -(-len(rows) // columns)
        line_h = max(line_height(MIN_FONT), (bottom - top) // per_col)
        size = max(MIN_FONT, min(22, int(line_h * 0.8)))
        fk = font(size, True)
        col_w = (w - 40) // columns
        key_w = min(col_w // 3, max(fk.size(k)[0] for k, _d in rows))
        for i, (k, d) in enumerate(rows):
            c, r = divmod(i, per_col)
            x0 = 20 + c * col_w
            y = top + r * line_h
            draw_text(surface, k, pygame.Rect(x0, y, key_w, line_h), theme.accent, size,
                      bold=True)
            draw_text(surface, d, pygame.Rect(x0 + key_w + 16, y, col_w - key_w - 28, line_h),
                      theme.text, size, lines=2)
