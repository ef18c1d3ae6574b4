"""The saved games of :func:`~connect4_game.storage.savegame.list_library`, each with its name,
date, moves and a small board; loading over a game in progress, or deleting, asks first."""

from __future__ import annotations

import dataclasses
import functools
import logging
import os
from collections.abc import Callable
from pathlib import Path

import pygame

from connect4_game.core.messages import clip
from connect4_game.core.side import Side
from connect4_game.i18n import N_, _, ngettext
from connect4_game.storage.savegame import LibraryEntry, list_library, save_game
from connect4_game.ui.screens.base import FormScreen, Host
from connect4_game.ui.screens.confirm import ConfirmScreen
from connect4_game.ui.screens.host import AppServices
from connect4_game.ui.text_fit import MIN_FONT, draw_text, font, line_height
from connect4_game.ui.themes import mix
from connect4_game.ui.widgets import Button, TextField

__all__ = ['SavedGamesScreen', 'RenameScreen', 'entry_details']

log = logging.getLogger(__name__)

NAME_LIMIT = 60
"""The most characters of a saved game's name (as the library names them)."""


def entry_details(entry: LibraryEntry) -> str:
    """The line under a saved game's name: date, moves, board and result; or why unreadable."""
    g = entry.game
    if g is None:
        return entry.error
    n = len(g.moves)
    parts = [ngettext('{n} move', '{n} moves', n).format(n=n), f'{g.rows}\u00d7{g.cols}']
    if g.saved_at and g.saved_at not in entry.title:
        parts.insert(0, g.saved_at)
    result = g.result()
    if result is not None:
        parts.append(_('a draw') if result == 'tie' else _('{side} won').format(side=result))
    return '  \u00b7  '.join(parts)


class RenameScreen(ConfirmScreen):
    """Type a new ``name`` for a saved game: Enter calls ``on_done`` with it, Esc cancels."""

    name = N_('Rename')

    def __init__(self, app: Host, name: str, on_done: Callable[[str], None]) -> None:
        self.field = TextField(_('Name'), name[:NAME_LIMIT], NAME_LIMIT)
        self.field.select_all()              # typing replaces the old name
        super().__init__(app, '', _('Rename'), lambda: on_done(self.field.value))

    def process_event(self, e: pygame.event.Event) -> None:
        """Typing edits the name (Y and N too), so only Enter and Esc answer."""
        if not self.field.edit(e) and (e.type != pygame.KEYDOWN
                                       or e.key not in (pygame.K_y, pygame.K_n)):
            super().process_event(e)

    def body_height(self, width: int, size: int, button_h: int) -> int:
        return 2 * button_h

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect, size: int,
                  button_h: int) -> None:
        """The name field at the top of ``box``."""
        self.field.layout(pygame.Rect(box.left, box.top, box.width, button_h),
                          font(size).size(self.field.title)[0] + 20)
        self.field.draw(surface, self.app.theme, size, True)


class SavedGamesScreen(FormScreen):
    """Choose a saved game (click, or Up/Down and Enter), rename (F2) or delete it; Esc returns."""

    name = N_('Saved games')
    app: AppServices

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.entries: list[LibraryEntry] = []
        self.sel = 0
        self.top = 0
        self.row_rects: list[tuple[int, pygame.Rect]] = []     # (entry index, its row)
        self.boards: dict[Path, list[list[str]]] = {}      # path -> the board's slots
        self.actions = [Button(_('Load'), 'load', _('Load the chosen game (Enter)'), primary=True),
                        Button(_('Rename…'), 'rename', _('Give the chosen game another name (F2)')),
                        Button(_('Delete…'), 'delete', _('Delete the chosen game (Delete)')),
                        Button(_('Back'), 'back', _('Back to the game (Esc)'))]
        self.reload()

    def buttons(self) -> list[tuple[Button, Callable[[], object]]]:
        return [(b, functools.partial(self.act, b.action)) for b in self.actions]

    def start(self) -> None:
        self.act('load')

    def reload(self) -> None:
        """Read the library again (after a rename or a delete)."""
        self.entries = list_library()
        self.boards = {}
        self.sel = max(0, min(self.sel, len(self.entries) - 1))

    def choose(self, i: int) -> None:
        """Load entry ``i`` (asking first over a game in progress)."""
        entry = self.entries[i]
        game = entry.game
        if game is None:
            self.app.session.say(_('Could not load: {why}').format(why=entry.error), 'error', 5.0)
            return
        now = self.app.session.game

        def load() -> None:
            if self.app.load_saved(game, entry.title):
                self.app.show_game()

        if now.moves and not now.over:
            self.app.push(ConfirmScreen(
                self.app, _('Load "{name}"? The game in progress ends (it is not saved).').format(
                    name=entry.title), _('Load'), load))
        else:
            load()

    def ask_delete(self, i: int) -> None:
        """Ask, then delete the file of entry ``i``."""
        entry = self.entries[i]
        self.app.push(ConfirmScreen(
            self.app, _('Delete "{name}"? It cannot be brought back.').format(
                name=clip(entry.title, 60)), _('Delete'), lambda: self.delete(entry)))

    def delete(self, entry: LibraryEntry) -> None:
        """Remove ``entry``'s file from the library (a failure is told and logged)."""
        try:
            os.remove(entry.path)
        except OSError as exc:
            log.warning('could not delete %s: %s', clip(entry.path, 200), exc)
            self.app.session.say(_('Could not delete: {why}').format(
                why=clip(exc.strerror or exc, 80)), 'error', 5.0)
            return
        self.app.session.say(_('Deleted "{name}".').format(name=clip(entry.title, 60)))
        self.reload()

    def ask_rename(self, i: int) -> None:
        """Ask for a new name for entry ``i`` (a game that can be read)."""
        entry = self.entries[i]
        if entry.game is None:
            self.app.session.say(_('Could not load: {why}').format(why=entry.error), 'error', 5.0)
            return
        self.app.push(RenameScreen(self.app, entry.title, lambda name: self.rename(entry, name)))

    def rename(self, entry: LibraryEntry, name: str) -> None:
        """Write ``entry``'s game again under ``name`` (stripped, cut to :data:`NAME_LIMIT`
        characters; an empty name changes nothing), then read the library again."""
        name = name.strip()
        if entry.game is None or not name:
            return
        try:
            save_game(entry.path, dataclasses.replace(entry.game, name=clip(name, NAME_LIMIT)),
                      existing=True)
        except (OSError, ValueError) as exc:
            log.warning('could not rename %s: %s', clip(entry.path, 200), clip(exc, 200))
            why = getattr(exc, 'reason', None) or exc        # the file is named in the list
            self.app.session.say(_('Could not rename: {why}').format(why=clip(why, 80)),
                                 'error', 5.0)
        self.reload()

    def act(self, action: str) -> None:
        """An action on the chosen game: ``'load'``, ``'rename'``, ``'delete'``, or ``'back'``."""
        if action == 'back':
            self.close()
        elif self.entries:
            {'load': self.choose, 'rename': self.ask_rename,
             'delete': self.ask_delete}[action](self.sel)

    def form_event(self, e: pygame.event.Event) -> bool:
        """F2, Delete, Up/Down, a click on a game (loads it) or the wheel."""
        n = len(self.entries)
        keys = {pygame.K_F2: 'rename', pygame.K_DELETE: 'delete'}
        rows = [i for i, r in self.row_rects if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1
                and r.collidepoint(e.pos)]
        if e.type == pygame.KEYDOWN and e.key in keys:
            self.act(keys[e.key])
        elif e.type == pygame.KEYDOWN and n and e.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            self.sel = (self.sel + (-1 if e.key == pygame.K_UP else 1)) % n
        elif rows:
            self.sel = rows[0]
            self.choose(rows[0])
        elif e.type == pygame.MOUSEWHEEL and n:
            self.sel = max(0, min(n - 1, self.sel - e.y))
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """The title, the games (the chosen one highlighted), the buttons."""
        top = self.draw_title(surface, _('Saved games')) + 14
        bottom = self.place_buttons(surface, 4, 180)
        for b in self.actions:
            b.enabled = b.action == 'back' or bool(self.entries)
        self._draw_list(surface, top, bottom - 12)
        self.draw_buttons(surface)

    def _draw_list(self, surface: pygame.Surface, top: int, bottom: int) -> None:
        """The rows of games from ``top`` to ``bottom`` px, the chosen one in sight."""
        theme = self.app.theme
        w, h = surface.get_size()
        size = max(MIN_FONT, min(22, h // 32))
        row_h = max(56, min(96, h // 8))
        margin = max(16, w // 24)
        self.row_rects = []
        if not self.entries:
            msg = _('No saved games yet. Save one with Ctrl+S (or Menu > Save game).')
            draw_text(surface, msg, pygame.Rect(margin, top + 10, w - 2 * margin,
                                                line_height(size)), theme.text_dim, size)
        visible = max(1, (bottom - top) // row_h)
        if self.sel < self.top:
            self.top = self.sel
        elif self.sel >= self.top + visible:
            self.top = self.sel - visible + 1
        y = top
        for i in range(self.top, min(len(self.entries), self.top + visible)):
            rect = pygame.Rect(margin, y, w - 2 * margin, row_h - 8)
            self.row_rects.append((i, rect))
            self._draw_entry(surface, self.entries[i], rect, i == self.sel, size)
            y += row_h

    def _draw_entry(self, surface: pygame.Surface, entry: LibraryEntry, rect: pygame.Rect,
                    chosen: bool, size: int) -> None:
        """One game in ``rect``: a small picture of its board, its name and :func:`entry_details`."""
        theme = self.app.theme
        fill = mix(theme.status_bg, theme.accent, 0.30) if chosen else theme.status_bg
        pygame.draw.rect(surface, fill, rect, border_radius=8)
        thumb = pygame.Rect(rect.x + 8, rect.y + 6, int((rect.height - 12) * 1.25),
                            rect.height - 12)
        text_x = thumb.right + 14
        if entry.game is not None:
            g = entry.game
            if entry.path not in self.boards:       # replayed once while the list shows
                self.boards[entry.path] = g.board().slots
            cell = max(2, min(thumb.width // g.cols, thumb.height // g.rows))
            x0, y0 = thumb.centerx - cell * g.cols // 2, thumb.centery - cell * g.rows // 2
            pygame.draw.rect(surface, theme.board, (x0 - 2, y0 - 2, cell * g.cols + 4,
                                                    cell * g.rows + 4), border_radius=3)
            for row, line in enumerate(self.boards[entry.path]):
                for col, ch in enumerate(line):
                    colour = theme.x_color if ch == Side.X else theme.o_color if ch == Side.O \
                        else theme.hole
                    pygame.draw.circle(surface, colour, (x0 + col * cell + cell // 2,
                                                         y0 + row * cell + cell // 2),
                                       max(1, int(cell * 0.42)))
        name_h, room = line_height(size, True), rect.right - text_x - 8
        draw_text(surface, entry.title, pygame.Rect(text_x, rect.y + 8, room, name_h), theme.text,
                  size, bold=True, free=True)
        ink = theme.text_dim if entry.game is not None else theme.bad
        details = pygame.Rect(text_x, rect.y + 12 + name_h, room, line_height(size))
        draw_text(surface, entry_details(entry), details, ink, size, free=True)
