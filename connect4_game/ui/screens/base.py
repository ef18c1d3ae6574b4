"""The screen protocol of the stack: every hook, each with a do-nothing default."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from connect4_game.search.worker import SearchWorker
from connect4_game.ui.render import MIN_FONT, Layout, Renderer, toolbar_height
from connect4_game.ui.text_fit import draw_text, line_height
from connect4_game.ui.themes import Theme
from connect4_game.ui.widgets import Button, Toolbar

__all__ = ['Host', 'Screen', 'InfoPage', 'BoardPage']


class Host(Protocol):
    """What every screen gets from the window (the :class:`~connect4_game.ui.app.App` provides it):
    the theme to draw with and the screen stack's :meth:`push` and :meth:`pop`."""

    @property
    def theme(self) -> Theme: ...

    def push(self, screen: Screen) -> None: ...

    def pop(self, screen: Screen | None = None) -> None: ...


class Screen:
    """One screen of the app: it gets the events while it is on top of the stack, is updated with
    ``dt`` in seconds and draws the whole window.

    :param app: what the screen uses of the window: at least a :class:`Host` (the theme,
        ``app.push(screen)``, ``app.pop()``); a screen that uses more narrows :attr:`app` to its
        own protocol.

    ``covers`` False means the screen below is drawn first (a dialog over the game);
    ``updates_below`` True keeps the screen below updating (the game goes on -- the computer moves,
    the clock runs -- under a dialog).

    Drawing only when something changed: the window draws a frame after an event, while a visible
    screen's :meth:`wants_frames` is True, and when a visible screen's :meth:`picture_key` changed.
    A screen that does not know (the default) wants every frame.

    The hooks, in the order the app calls them
    (:class:`~connect4_game.ui.screen_stack.ScreenStack`): on top of the stack, every frame
    :meth:`process_event` for each event, then :meth:`update` and :meth:`draw`; :meth:`pause` when
    another screen is pushed over it and :meth:`resume` when it is on top again; the app asks
    :meth:`caption` for the window title and :meth:`finished` for ``--exit-after-game``, tells
    every screen :meth:`worker_replaced` when the search worker had to be restarted and
    :meth:`on_app_close` when the window closes.
    """

    covers = True
    updates_below = True

    def __init__(self, app: Host) -> None:
        self.app = app

    def process_event(self, event: pygame.event.Event) -> None:
        """Handle one pygame event."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the screen onto ``surface``."""

    def wants_frames(self) -> bool:
        """Whether what the screen shows changes by itself now, with time alone (an animation, a
        spinner, a fade): True (the default) draws every frame; False lets the window draw only
        after an event or when :meth:`picture_key` changes."""
        return True

    def picture_key(self) -> object:
        """A value that changes whenever what the screen shows changes
        without an event (a move arriving, a notice, a search result);
        compared with ``!=``. Default None (see :meth:`wants_frames`)."""
        return None

    def keep_clear(self) -> list[pygame.Rect]:
        """Rects (window px) a tooltip must not cover: results, hints, notices."""
        return []

    def resume(self) -> None:
        """The screen is on top of the stack again."""

    def pause(self) -> None:
        """Another screen is pushed over this one."""

    def close(self) -> None:
        """Leave this screen (pop it off the stack)."""
        self.app.pop(self)

    def caption(self) -> str:
        """What the window title says while this screen is on top ('' by
        default: the game's status)."""
        return ''

    def window_title(self) -> str:
        """The window's whole title while this screen is on top, for a screen
        that is not part of Connect Four (Oska); '' (the default): 'Connect
        Four -- ' and :meth:`caption` or the game's status."""
        return ''

    def finished(self) -> bool | None:
        """For ``--exit-after-game`` while this screen is on top: whether the game it plays itself
        is over (True ends the app), or None (the default) when it plays no game of its own and the
        Connect Four game decides."""
        return None

    def worker_replaced(self, worker: SearchWorker) -> None:
        """The search worker stopped and ``worker`` (a
        :class:`~connect4_game.search.worker.SearchWorker`) took its place: a
        search this screen was waiting for must be asked again."""

    def on_app_close(self) -> None:
        """The window closes: give back what the screen holds (connections, files)."""


class InfoPage(Screen):
    """A still page over the game (the help, the statistics): a title, the page's content and a
    line at the bottom. Any key or click returns (Esc too: it never quits)."""

    def process_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN or (e.type == pygame.MOUSEBUTTONDOWN and e.button == 1):
            self.close()

    def wants_frames(self) -> bool:
        return False      # still: drawn again only after an event

    def frame(self, surface: pygame.Surface, title: str, footer: str,
              footer_lines: int = 1) -> tuple[int, int]:
        """Clear ``surface``, draw ``title`` at the top and ``footer`` (at most
        ``footer_lines`` lines) at the bottom; returns the window y (px) of
        the title's bottom and of the space kept for the footer."""
        theme = self.app.theme
        w, h = surface.get_size()
        surface.fill(theme.background)
        size = max(20, h // 20)
        title_h = line_height(size, True)
        draw_text(surface, title, pygame.Rect(20, h // 40, w - 40, title_h), theme.text, size,
                  bold=True, align='center')
        foot_size = max(MIN_FONT, h // 42)
        foot_h = line_height(foot_size) * footer_lines
        draw_text(surface, footer, pygame.Rect(10, h - foot_h - 8, w - 20, foot_h),
                  theme.text_dim, foot_size, lines=footer_lines, align='center', valign='bottom')
        return h // 40 + title_h, h - foot_h - 14


class BoardPage(Screen):
    """A page with a toolbar of ``buttons`` along the top, a board under it and lines of text below
    (the review, the practice, the puzzles); the game underneath waits."""

    updates_below = False

    def __init__(self, app: Host, buttons: list[Button]) -> None:
        super().__init__(app)
        self.renderer = Renderer()
        self.board_top = 0                  # window y (px) where the board's area starts
        self.toolbar = Toolbar(buttons)
        self._buttons = {b.action: b for b in buttons}

    def col_at(self, pos: tuple[int, int]) -> int | None:
        """The column (0-based) under window point ``pos`` (x, y px), or None."""
        lay = self.renderer.layout
        if lay is None or pos[1] < self.board_top:
            return None
        return lay.col_at(pos[0], pos[1] - self.board_top)

    def lay_out(self, surface: pygame.Surface, rows: int, cols: int, above: int,
                below: int) -> tuple[pygame.Surface, Layout]:
        """Clear ``surface``, lay out the toolbar, and the board of ``rows`` x
        ``cols`` from ``above`` px under the toolbar to ``below`` px over the
        bottom; returns the board's area (a subsurface) and its layout."""
        theme = self.app.theme
        w, h = surface.get_size()
        surface.fill(theme.background)
        bar_h = toolbar_height(h)
        self.toolbar.layout(w, bar_h)
        self.board_top = bar_h + above
        area = (w, max(1, h - self.board_top - below))
        board = surface.subsurface(pygame.Rect(0, self.board_top, *area))
        return board, self.renderer.prepare(area, rows, cols, theme, toolbar=False, status=False)

    @staticmethod
    def keys_height() -> int:
        """Px of the line of keys along the bottom."""
        return line_height(MIN_FONT) + 6

    def draw_keys(self, surface: pygame.Surface, keys: str) -> None:
        """``keys`` along the bottom, then the toolbar and its tooltip on top."""
        theme = self.app.theme
        w, h = surface.get_size()
        foot_h = self.keys_height()
        draw_text(surface, keys, pygame.Rect(8, h - foot_h, w - 16, foot_h - 2), theme.text_dim,
                  MIN_FONT, align='center')
        self.toolbar.draw(surface, theme)
        self.toolbar.draw_tooltip(surface, theme)

    def ring(self, board: pygame.Surface, lay: Layout, row: int, col: int,
             colour: Sequence[int]) -> None:
        """A ring in ``colour`` round slot (``row``, ``col``) of the board's area."""
        cx, cy = lay.slot_center(row, col)
        pygame.draw.circle(board, colour, (cx, cy), int(lay.radius * 1.05), max(3, lay.cell // 14))
