"""The statistics screen: wins, losses and draws of every pairing, kept across runs."""

from __future__ import annotations

import pygame

from connect4_game.i18n import N_, _
from connect4_game.ui.screens.base import Screen
from connect4_game.ui.screens.host import AppServices
from connect4_game.ui.text_fit import MIN_FONT, draw_text, font, line_height
from connect4_game.ui.themes import mix

__all__ = ['StatsScreen', 'player_words']

_NAMES = {'Human': N_('Human'), 'Random': N_('Random'), 'Easy': N_('Easy'),
          'Medium': N_('Medium'), 'Hard': N_('Hard'), 'Expert': N_('Expert')}


def player_words(desc: str) -> str:
    """A player as the statistics file names it, in the current language."""
    return _(_NAMES[desc]) if desc in _NAMES else desc


class StatsScreen(Screen):
    """A table of the pairings, the current one first; any key or click returns (Esc too: it
    never quits)."""

    name = N_('Statistics')
    still = True
    MAX_ROWS = 14
    app: AppServices

    def process_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN or (e.type == pygame.MOUSEBUTTONDOWN and e.button == 1):
            self.close()

    def rows(self) -> list[tuple[str, int, int, int]]:
        """(pairing, X wins, O wins, draws), the current pairing first."""
        stats = self.app.stats
        first = self.app.session.stats_names()
        keys = sorted(stats.records, key=lambda k: (k != first, -stats.records[k].games))
        out = []
        for x, o in keys[:self.MAX_ROWS]:
            r = stats.get(x, o)
            out.append((f'{player_words(x)} \u2013 {player_words(o)}', r.wins, r.losses, r.ties))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        w, h = surface.get_size()
        y = self.draw_title(surface, _('Statistics')) + 16
        foot_size = max(MIN_FONT, h // 42)
        foot_h = 2 * line_height(foot_size)
        draw_text(surface, _('The highlighted line is the game you are playing. Press any key to '
                             'return.'), pygame.Rect(10, h - foot_h - 8, w - 20, foot_h),
                  theme.text_dim, foot_size, lines=2, align='center', valign='bottom')
        rows = self.rows()
        size = max(MIN_FONT, min(22, h // 30))
        fb = font(size, True)
        margin = max(16, w // 20)
        num_w = min((w - 2 * margin) // 4,
                    max(fb.size(x)[0] for x in (_('X wins'), _('O wins'), _('Draws'))) + 16)
        name_w = w - 2 * margin - 3 * num_w
        head_h = 2 * line_height(size, True)
        columns = [(margin, name_w)] + [(margin + name_w + i * num_w, num_w) for i in range(3)]
        heads = (_('Players (X \u2013 O)'), _('X wins'), _('O wins'), _('Draws'))
        for text, (x, width) in zip(heads, columns, strict=True):
            draw_text(surface, text, pygame.Rect(x, y, width - 8, head_h), theme.accent, size,
                      bold=True, lines=2, valign='bottom')
        y += head_h + 6
        row_h = line_height(size) + 4
        if not rows:
            draw_text(surface, _('No games played yet.'),
                      pygame.Rect(margin, y, w - 2 * margin, row_h), theme.text_dim, size, lines=2)
        for i, (name, xw, ow, dr) in enumerate(rows):
            if i == 0:
                pygame.draw.rect(surface, mix(theme.background, theme.accent, 0.15),
                                 (margin - 6, y - 2, w - 2 * margin + 12, row_h),
                                 border_radius=6)
            for text, (x, width) in zip((name, str(xw), str(ow), str(dr)), columns, strict=True):
                draw_text(surface, text, pygame.Rect(x, y, width - 8, row_h - 4), theme.text,
                          size, free=x == margin)
            y += row_h + 2
