"""The help screen: every control and its key, from the game screen's own
table of actions (so a key cannot be missing here)."""

from __future__ import annotations

import pygame

from connect4_game.ui.i18n import _
from connect4_game.ui.render import MIN_FONT, fit_text, font
from connect4_game.ui.screens.base import Screen
from connect4_game.ui.screens.game import ACTIONS, BOARD_KEYS

__all__ = ['HelpScreen', 'help_lines']


def help_lines() -> list[tuple[str, str]]:
    """(key, what it does) for every control, in the current language."""
    rows = [(_(k), _(d)) for k, d in BOARD_KEYS]
    rows += [(a.key, f'{_(a.label)}: {_(a.tip)}') for a in ACTIONS]
    return rows


class HelpScreen(Screen):
    """Every key, one per line, in two columns when the window is wide. Any
    key or click returns to the game (which goes on underneath)."""

    def process_event(self, e) -> None:
        if e.type == pygame.KEYDOWN or (e.type == pygame.MOUSEBUTTONDOWN and e.button == 1):
            self.close()

    def caption(self) -> str:
        return _('Help')

    def draw(self, surface) -> None:
        theme = self.app.theme
        w, h = surface.get_size()
        surface.fill(theme.background)
        title = font(max(20, h // 20), True).render(_('Connect Four: controls'), True, theme.text)
        surface.blit(title, ((w - title.get_width()) // 2, h // 40))
        rows = help_lines()
        top = h // 40 + title.get_height() + 10
        foot_f = font(max(MIN_FONT, h // 42))
        bottom = h - foot_f.get_height() - 14
        columns = 2 if w >= 900 else 1
        per_col = -(-len(rows) // columns)
        size = max(MIN_FONT, min(22, int((bottom - top) / per_col * 0.8)))
        fk, fd = font(size, True), font(size)
        line_h = max(int(size * 1.2), (bottom - top) // per_col)
        col_w = (w - 40) // columns
        key_w = min(col_w // 3, max(fk.size(k)[0] for k, _d in rows))
        for i, (k, d) in enumerate(rows):
            c, r = divmod(i, per_col)
            x0 = 20 + c * col_w
            y = top + r * line_h
            surface.blit(fk.render(fit_text(fk, k, key_w), True, theme.accent), (x0, y))
            surface.blit(fd.render(fit_text(fd, d, col_w - key_w - 28), True, theme.text),
                         (x0 + key_w + 16, y))
        foot = foot_f.render(_('Press any key or click to return to the game.'), True,
                             theme.text_dim)
        surface.blit(foot, ((w - foot.get_width()) // 2, h - foot.get_height() - 8))
