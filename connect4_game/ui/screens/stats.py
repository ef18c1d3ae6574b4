"""The statistics screen: wins, losses and draws of every pairing, kept across runs."""

from __future__ import annotations

import pygame

from connect4_game.ui.i18n import N_, _
from connect4_game.ui.render import MIN_FONT, fit_text, font, mix
from connect4_game.ui.screens.base import Screen

__all__ = ['StatsScreen', 'player_words']

_NAMES = {'Human': N_('Human'), 'Random': N_('Random'), 'Easy': N_('Easy'),
          'Medium': N_('Medium'), 'Hard': N_('Hard'), 'Expert': N_('Expert')}


def player_words(desc: str) -> str:
    """A player as the statistics file names it, in the current language."""
    return _(_NAMES[desc]) if desc in _NAMES else desc


class StatsScreen(Screen):
    """A table of the pairings, the current one first; any key or click returns."""

    MAX_ROWS = 14

    def process_event(self, e) -> None:
        if e.type == pygame.KEYDOWN or (e.type == pygame.MOUSEBUTTONDOWN and e.button == 1):
            self.close()

    def caption(self) -> str:
        return _('Statistics')

    def rows(self) -> list[tuple[str, int, int, int]]:
        """(pairing, X wins, O wins, draws), the current pairing first."""
        try:
            stats = self.app.stats.open()
        except Exception:
            return []
        first = self.app.session.stats_names()
        keys = sorted(stats.records, key=lambda k: -stats.records[k].games)
        if first in stats.records:
            keys = [first] + [k for k in keys if k != first]
        out = []
        for x, o in keys[:self.MAX_ROWS]:
            r = stats.get(x, o)
            out.append((f'{player_words(x)} \u2013 {player_words(o)}', r.wins, r.losses, r.ties))
        return out

    def draw(self, surface) -> None:
        theme = self.app.theme
        w, h = surface.get_size()
        surface.fill(theme.background)
        title = font(max(20, h // 20), True).render(_('Statistics'), True, theme.text)
        surface.blit(title, ((w - title.get_width()) // 2, h // 40))
        rows = self.rows()
        size = max(MIN_FONT, min(22, h // 30))
        f, fb = font(size), font(size, True)
        y = h // 40 + title.get_height() + 16
        margin = max(16, w // 20)
        num_w = max(fb.size(x)[0] for x in (_('X wins'), _('O wins'), _('Draws'))) + 16
        name_w = w - 2 * margin - 3 * num_w
        heads = [(_('Players (X \u2013 O)'), margin, name_w), (_('X wins'), margin + name_w, num_w),
                 (_('O wins'), margin + name_w + num_w, num_w),
                 (_('Draws'), margin + name_w + 2 * num_w, num_w)]
        for text, x, width in heads:
            surface.blit(fb.render(fit_text(fb, text, width - 8), True, theme.accent), (x, y))
        y += fb.get_linesize() + 6
        if not rows:
            surface.blit(f.render(_('No games played yet.'), True, theme.text_dim), (margin, y))
        for i, (name, xw, ow, dr) in enumerate(rows):
            if i == 0:
                pygame.draw.rect(surface, mix(theme.background, theme.accent, 0.15),
                                 (margin - 6, y - 2, w - 2 * margin + 12, f.get_linesize() + 4),
                                 border_radius=6)
            cells = [(name, margin, name_w), (str(xw), margin + name_w, num_w),
                     (str(ow), margin + name_w + num_w, num_w),
                     (str(dr), margin + name_w + 2 * num_w, num_w)]
            for text, x, width in cells:
                surface.blit(f.render(fit_text(f, text, width - 8), True, theme.text), (x, y))
            y += f.get_linesize() + 6
        foot_f = font(max(MIN_FONT, h // 42))
        foot = foot_f.render(_('The highlighted line is the game you are playing. '
                               'Press any key to return.'), True, theme.text_dim)
        surface.blit(foot, ((w - foot.get_width()) // 2, h - foot.get_height() - 8))
