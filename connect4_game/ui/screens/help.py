"""The help pages of ``help.json`` (the keys page adds every command's keys): a page list,
Previous / Next, and scrolling."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources import files
from typing import ClassVar

import pygame

from connect4_game.i18n import N_, _
from connect4_game.ui.commands import COMMANDS, help_rows
from connect4_game.ui.render import toolbar_height
from connect4_game.ui.screens.base import BoardPage, Host
from connect4_game.ui.text_fit import MIN_FONT, draw_text, font, line_height, wrap_text
from connect4_game.ui.themes import RGB, mix
from connect4_game.ui.widgets import Button

__all__ = ['HelpPage', 'HelpScreen', 'OSKA_PAGE', 'PAGES', 'page_text']


@dataclass(frozen=True)
class HelpPage:
    """One help page: its ``title`` and ``paragraphs`` (untranslated; a ``{name}`` in a paragraph
    is the key of that command of :data:`~connect4_game.ui.commands.COMMANDS`, as
    ``'U / Ctrl+Z'``), then ``rows`` of (keys, what they do), untranslated, and with
    ``commands`` every key of the game screen."""

    title: str
    paragraphs: Sequence[str] = ()
    rows: Sequence[Sequence[str]] = ()
    commands: bool = False

    def lines(self) -> list[tuple[str, str]]:
        """The page's (keys, what they do) rows, translated."""
        return [(_(k), _(d)) for k, d in self.rows] + (help_rows() if self.commands else [])


def page_text(paragraph: str) -> str:
    """``paragraph`` translated, each ``{command}`` replaced by its keys (a translation that
    names an unknown command falls back to the English)."""
    keys = {c.name: c.key_label() for c in COMMANDS}
    try:
        return _(paragraph).format_map(keys)
    except (KeyError, ValueError, IndexError):
        return paragraph.format_map(keys)


_PAGES = json.loads(files('connect4_game.ui').joinpath('help.json').read_text('utf-8'))
PAGES: tuple[HelpPage, ...] = tuple(HelpPage(**entry) for entry in _PAGES['connect4'])
"""Connect Four's help pages, in the order of the page list (``help.json``: its strings are in
the translation catalogues, the tools extract them from there)."""
OSKA_PAGE = HelpPage(**_PAGES['oska'])
"""Oska's rules (ECS 170 Spring 2022, Homework 3) and keys."""


class HelpScreen(BoardPage):
    """The help ``pages`` (None: Connect Four's :data:`PAGES`) with a page list when there are
    several, Previous / Next, and scrolling for a long page. Left / Right (Page Up / Page
    Down) turn the page, the digits choose one, Up / Down or the wheel scroll, Esc or F1
    returns. With ``game`` (translated, as 'Oska'), the help of that game, which the window's
    title names instead of Connect Four."""

    name = N_('Help')
    keys: ClassVar[dict[int, str]] = {
        pygame.K_LEFT: 'prev', pygame.K_PAGEUP: 'prev', pygame.K_RIGHT: 'next',
        pygame.K_PAGEDOWN: 'next', pygame.K_ESCAPE: 'back', pygame.K_F1: 'back',
        pygame.K_BACKSPACE: 'back'}

    def __init__(self, app: Host, pages: Sequence[HelpPage] | None = None, game: str = '') -> None:
        self.pages = tuple(PAGES if pages is None else pages)
        self.game = game
        self.own_title = bool(game)
        turns = [Button(_('Previous'), 'prev', _('The page before (Left)')),
                 Button(_('Next'), 'next', _('The page after (Right)'))]
        super().__init__(app, [*(turns if len(self.pages) > 1 else []),
                               Button(_('Close'), 'back', _('Back to the game (Esc)'))], right=1)
        self.page = 0
        self.scroll = 0                    # px the page is scrolled up
        self.max_scroll = 0                # set when drawn
        self.view_h = 1
        self.step_h = line_height(MIN_FONT)
        self.page_rects: list[pygame.Rect] = []

    def title(self) -> str:
        """The page's title, translated."""
        return _(self.pages[self.page].title)

    def caption(self) -> str:
        if self.game:
            return f"{self.game} \u2014 {_(self.name)}"
        return f"{_(self.name)} \u2014 {self.title()}"

    def go(self, page: int) -> None:
        """Show page ``page`` (0-based, kept in range) from its top."""
        page = max(0, min(len(self.pages) - 1, page))
        if page != self.page:
            self.page, self.scroll = page, 0

    def scroll_by(self, px: int) -> None:
        """Scroll the page ``px`` down (negative: up), within its length."""
        self.scroll = max(0, min(self.max_scroll, self.scroll + px))

    def act(self, action: str) -> None:
        """A toolbar action or its key: ``'prev'``, ``'next'`` or ``'back'``."""
        if action in ('prev', 'next'):
            self.go(self.page + (1 if action == 'next' else -1))
        else:
            super().act(action)

    def board_event(self, e: pygame.event.Event) -> None:
        """Up/Down, Space, Home/End or the wheel scroll; a digit or a click on the list turns."""
        scrolls = {pygame.K_UP: -self.step_h, pygame.K_DOWN: self.step_h,
                   pygame.K_SPACE: self.view_h - self.step_h,
                   pygame.K_HOME: -self.max_scroll, pygame.K_END: self.max_scroll}
        if e.type == pygame.KEYDOWN and e.key in scrolls:
            self.scroll_by(scrolls[e.key])
        elif e.type == pygame.KEYDOWN and e.unicode.isdecimal() and int(e.unicode):
            self.go(int(e.unicode) - 1)
        elif e.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * self.step_h * int(e.y))
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            hit = [i for i, r in enumerate(self.page_rects) if r.collidepoint(e.pos)]
            if hit:
                self.go(hit[0])

    def update(self, dt: float) -> None:
        if len(self.pages) > 1:
            self.toolbar.named['prev'].enabled = self.page > 0
            self.toolbar.named['next'].enabled = self.page < len(self.pages) - 1
        super().update(dt)

    def wants_frames(self) -> bool:
        return self.toolbar.tip_pending()

    def picture_key(self) -> object:
        return self.page, self.scroll, self.toolbar.tip_button()

    def draw(self, surface: pygame.Surface) -> None:
        """The toolbar, the page list on the left, the page, the keys along the bottom."""
        w, h = surface.get_size()
        surface.fill(self.app.theme.background)
        bar_h = toolbar_height(h)
        self.toolbar.layout(w, bar_h)
        size = max(MIN_FONT, min(20, h // 28))
        foot_size = max(MIN_FONT, size - 4)
        foot_h = self.keys_height(foot_size)
        left = 16
        self.page_rects = []
        if len(self.pages) > 1:
            left = self._draw_list(surface, pygame.Rect(0, bar_h, max(120, min(220, w // 4)),
                                                        h - bar_h - foot_h), size) + 16
        view = pygame.Rect(left, bar_h + 8, min(w - left - 20, 40 * size),
                           h - bar_h - foot_h - 12)           # lines of 70 characters at most
        self._draw_page(surface, view, size)
        keys = _('Left/Right: page   Up/Down: scroll   Esc: close') if len(self.pages) > 1 \
            else _('Up/Down: scroll   Esc: close')
        self.draw_keys(surface, keys, foot_size)

    def _draw_list(self, surface: pygame.Surface, area: pygame.Rect, size: int) -> int:
        """The page list in ``area``, the page shown highlighted; returns its right edge."""
        theme = self.app.theme
        pygame.draw.rect(surface, mix(theme.background, theme.status_bg, 0.6), area)
        row_h = min(2 * line_height(size) + 8, (area.height - 8) // len(self.pages))
        for i, page in enumerate(self.pages):
            r = pygame.Rect(area.left + 4, area.top + 4 + i * row_h, area.width - 8, row_h - 2)
            self.page_rects.append(r)
            if i == self.page:
                pygame.draw.rect(surface, mix(theme.status_bg, theme.accent, 0.45), r,
                                 border_radius=6)
            draw_text(surface, _(page.title), r.inflate(-12, -4), theme.text, size,
                      bold=i == self.page, lines=2)
        return area.right

    def _draw_page(self, surface: pygame.Surface, view: pygame.Rect, size: int) -> None:
        """The page's title, paragraphs and rows in ``view``, scrolled by :attr:`scroll`; only
        whole lines are drawn, and a bar on the right shows where the view is."""
        theme = self.app.theme
        page = self.pages[self.page]
        f, fb = font(size), font(size, True)
        self.step_h = step = line_height(size)
        width = view.width - 10
        # (text, x, y, width, colour, bold, size) of every line, y from the page's top
        items: list[tuple[str, int, int, int, RGB, bool, int]] = []
        head = size + 4
        items.append((self.title(), 0, 0, width, theme.text, True, head))
        y = line_height(head, True) + step // 2
        for para in page.paragraphs:
            for line in wrap_text(f, page_text(para), width, 40):
                items.append((line, 0, y, width, theme.text, False, size))
                y += step
            y += step // 2
        rows = page.lines()
        if rows:
            key_w = min(width // 3, max(fb.size(k)[0] for k, _d in rows) + 2)
            for k, d in rows:            # the keys in a column of their own, then what they do
                cells = ((wrap_text(fb, k, key_w, 3), 0, key_w, theme.accent, True),
                         (wrap_text(f, d, width - key_w - 12, 6), key_w + 12, width - key_w - 12,
                          theme.text, False))
                for lines, x, box_w, colour, bold in cells:
                    items += [(line, x, y + i * step, box_w, colour, bold, size)
                              for i, line in enumerate(lines)]
                y += max(len(cell[0]) for cell in cells) * step + step // 4
        self.view_h = view.height
        self.max_scroll = max(0, y - view.height)
        self.scroll = min(self.scroll, self.max_scroll)
        for text, x, top, box_w, colour, bold, at in items:
            box = pygame.Rect(view.left + x, view.top + top - self.scroll, box_w,
                              line_height(at, bold))
            if view.top <= box.top and box.bottom <= view.bottom:
                draw_text(surface, text, box, colour, at, bold=bold, min_size=at)
        if self.max_scroll:
            track = pygame.Rect(view.right - 4, view.top, 4, view.height)
            pygame.draw.rect(surface, mix(theme.background, theme.text, 0.15), track)
            thumb_h = max(20, view.height * view.height // (view.height + self.max_scroll))
            thumb_y = view.top + (view.height - thumb_h) * self.scroll // self.max_scroll
            pygame.draw.rect(surface, theme.text_dim, (track.left, thumb_y, 4, thumb_h))
