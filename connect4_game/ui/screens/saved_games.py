"""The saved games: a list with each game's name, date, number of moves and a
small picture of its board. Loading over a game in progress asks first."""

from __future__ import annotations

import pygame

from connect4_game.ui.i18n import _, ngettext
from connect4_game.ui.render import MIN_FONT, fit_text, font, mix
from connect4_game.ui.screens.base import Screen
from connect4_game.ui.screens.confirm import ConfirmScreen

__all__ = ['SavedGamesScreen', 'draw_thumbnail']


def draw_thumbnail(surface, theme, rect: pygame.Rect, rows: int, cols: int, slots) -> None:
    """A small picture of a board with its checkers, fitted into ``rect``."""
    cell = max(2, min(rect.width // cols, rect.height // rows))
    bw, bh = cell * cols, cell * rows
    x0, y0 = rect.centerx - bw // 2, rect.centery - bh // 2
    pygame.draw.rect(surface, theme.board, (x0 - 2, y0 - 2, bw + 4, bh + 4), border_radius=3)
    r = max(1, int(cell * 0.42))
    for row in range(rows):
        for col in range(cols):
            ch = slots[row][col]
            colour = theme.x_color if ch == 'X' else theme.o_color if ch == 'O' else theme.hole
            pygame.draw.circle(surface, colour, (x0 + col * cell + cell // 2,
                                                 y0 + row * cell + cell // 2), r)


class SavedGamesScreen(Screen):
    """Choose a saved game (click, or Up/Down and Enter); Esc returns."""

    def __init__(self, app) -> None:
        super().__init__(app)
        from connect4_game.storage.savegame import list_library
        self.entries = list_library()
        self.sel = 0
        self.top = 0
        self.row_rects: list[tuple[int, pygame.Rect]] = []     # (entry index, its row)
        self.boards: dict = {}                                   # path -> the board's slots

    def caption(self) -> str:
        return _('Saved games')

    def choose(self, i: int) -> None:
        entry = self.entries[i]
        if entry.game is None:
            self.app.session.say(_('Could not load: {why}').format(why=entry.error), 'error', 5.0)
            return
        s = self.app.session
        in_progress = bool(s.game.moves) and not s.game.over

        def load() -> None:
            if self.app.load_saved(entry.game, entry.title):
                self.app.show_game()

        if in_progress:
            self.app.push(ConfirmScreen(
                self.app, _('Load "{name}"? The game in progress ends (it is not saved).').format(
                    name=entry.title), _('Load'), load))
        else:
            load()

    def process_event(self, e) -> None:
        n = len(self.entries)
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.close()
            elif n and e.key == pygame.K_UP:
                self.sel = (self.sel - 1) % n
            elif n and e.key in (pygame.K_DOWN, pygame.K_TAB):
                self.sel = (self.sel + 1) % n
            elif n and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.choose(self.sel)
        elif e.type == pygame.MOUSEBUTTONDOWN:
            if e.button == 1:
                for i, r in self.row_rects:
                    if r.collidepoint(e.pos):
                        self.sel = i
                        self.choose(i)
                        return
            elif e.button in (4, 5) and n:
                self.sel = max(0, min(n - 1, self.sel + (1 if e.button == 5 else -1)))
        elif e.type == pygame.MOUSEWHEEL and n:
            self.sel = max(0, min(n - 1, self.sel - e.y))

    def _board(self, entry):
        key = entry.path
        if key not in self.boards:
            self.boards[key] = entry.game.board().slots
        return self.boards[key]

    def draw(self, surface) -> None:
        theme = self.app.theme
        w, h = surface.get_size()
        surface.fill(theme.background)
        title = font(max(20, h // 20), True).render(_('Saved games'), True, theme.text)
        surface.blit(title, ((w - title.get_width()) // 2, h // 40))
        size = max(MIN_FONT, min(22, h // 32))
        f, fb = font(size), font(size, True)
        top = h // 40 + title.get_height() + 14
        foot_f = font(max(MIN_FONT, h // 42))
        bottom = h - foot_f.get_height() - 16
        row_h = max(56, min(96, h // 8))
        margin = max(16, w // 24)
        self.row_rects = []
        if not self.entries:
            msg = _('No saved games yet. Save one with Ctrl+S (or Menu > Save game).')
            img = f.render(fit_text(f, msg, w - 2 * margin), True, theme.text_dim)
            surface.blit(img, (margin, top + 10))
        visible = max(1, (bottom - top) // row_h)
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + visible:
            self.top = self.sel - visible + 1
        y = top
        for i in range(self.top, min(len(self.entries), self.top + visible)):
            entry = self.entries[i]
            rect = pygame.Rect(margin, y, w - 2 * margin, row_h - 8)
            self.row_rects.append((i, rect))
            fill = mix(theme.status_bg, theme.accent, 0.30) if i == self.sel else theme.status_bg
            pygame.draw.rect(surface, fill, rect, border_radius=8)
            thumb = pygame.Rect(rect.x + 8, rect.y + 6, int((rect.height - 12) * 1.25),
                                rect.height - 12)
            text_x = thumb.right + 14
            if entry.game is not None:
                g = entry.game
                draw_thumbnail(surface, theme, thumb, g.rows, g.cols, self._board(entry))
                n = len(g.moves)
                detail = ngettext('{n} move', '{n} moves', n).format(n=n) + \
                    f'  \u00b7  {g.rows}\u00d7{g.cols}'
                if g.saved_at:
                    detail = f'{g.saved_at}  \u00b7  ' + detail
                result = g.result()
                if result is not None:
                    detail += '  \u00b7  ' + (_('a draw') if result == 'tie' else
                                             _('{side} won').format(side=result))
                ink = theme.text
            else:
                detail = entry.error
                ink = theme.bad
            name = fb.render(fit_text(fb, entry.title, rect.right - text_x - 8), True, theme.text)
            surface.blit(name, (text_x, rect.y + 8))
            img = f.render(fit_text(f, detail, rect.right - text_x - 8), True,
                           theme.text_dim if ink is theme.text else ink)
            surface.blit(img, (text_x, rect.y + 12 + name.get_height()))
            y += row_h
        foot = foot_f.render(fit_text(foot_f, _('Click a game or press Enter to load it; '
                                                'Esc returns.'), w - 20), True, theme.text_dim)
        surface.blit(foot, ((w - foot.get_width()) // 2, h - foot.get_height() - 8))
