"""The screen protocol of the stack: every hook, each with a do-nothing default."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol

import pygame

from connect4_game.i18n import _
from connect4_game.search.worker import SearchWorker
from connect4_game.ui.render import Layout, Renderer, toolbar_height
from connect4_game.ui.text_fit import MIN_FONT, draw_text, font, line_height
from connect4_game.ui.themes import Theme
from connect4_game.ui.widgets import Button, Choice, TextField, Toolbar, draw_tooltip

__all__ = ['Host', 'Screen', 'BoardPage', 'FormScreen']


class Host(Protocol):
    """What every screen gets from the window: the theme, and the stack's push and pop."""

    @property
    def theme(self) -> Theme: ...
    def push(self, screen: Screen) -> None: ...
    def pop(self, screen: Screen | None = None) -> None: ...


class Screen:
    """One screen of the app: it gets the events while it is on top of the stack, is updated with
    ``dt`` in seconds and draws the whole window.

    :param app: a :class:`Host` (a screen that uses more narrows :attr:`app` to
        :class:`~connect4_game.ui.screens.host.AppServices`).

    ``covers`` False draws the screen below first (a dialog over the game); ``updates_below`` True
    keeps the screen below updating under it; ``still`` True: the picture never changes with time
    alone (:meth:`wants_frames` False). Every frame the top screen gets
    :meth:`process_event` for each event, then :meth:`update` and :meth:`draw`.
    """

    covers = True
    updates_below = True
    still = False
    own_title = False
    """True: :meth:`caption` is the window's whole title (a game other than Connect Four)."""
    name = ''
    """The screen's name for the window title, marked with ``N_`` ('': the game's status)."""

    def __init__(self, app: Host) -> None:
        self.app = app

    def process_event(self, event: pygame.event.Event) -> None:
        """Handle one pygame event."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the screen onto ``surface``."""

    def draw_title(self, surface: pygame.Surface, title: str) -> int:
        """Clear ``surface`` and draw ``title`` at the top; returns the y (px) below it."""
        w, h = surface.get_size()
        surface.fill(self.app.theme.background)
        size = max(20, h // 22)
        bottom = h // 50 + line_height(size, True)
        draw_text(surface, title, pygame.Rect(0, h // 50, w, bottom - h // 50),
                  self.app.theme.text, size, bold=True, align='center')
        return bottom

    def wants_frames(self) -> bool:
        """Whether the picture changes with time alone (an animation, a spinner, a fade): True
        draws every frame; False only after an event or when :meth:`picture_key` changes."""
        return not self.still

    def picture_key(self) -> object:
        """A value that changes whenever the picture changes without an event."""
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
        """The window title's part while this screen is on top: its :attr:`name`, translated."""
        return _(self.name) if self.name else ''

    def finished(self) -> bool | None:
        """For ``--exit-after-game``: whether this screen's own game is over (None: it has none)."""
        return None

    def worker_replaced(self, worker: SearchWorker) -> None:
        """``worker`` replaced the stopped search worker: ask again for what this screen awaited."""


class FormScreen(Screen):
    """A dialog: a title, rows (:class:`Choice` and its kinds) and buttons along the bottom.
    Up/Down (Tab) choose a row (``button_stops`` more stops after the rows: the buttons),
    Left/Right or a click change it, a text field takes typing (:meth:`TextField.edit`); Enter
    starts, Esc cancels, a click on a button does its action."""

    still = True
    sel = 0
    button_stops = 0
    mouse = (0, 0)

    def form_rows(self) -> Sequence[Choice[Any]]:
        """The rows on screen now, top to bottom."""
        return []

    def buttons(self) -> Sequence[tuple[Button, Callable[[], object]]]:
        """The buttons shown now, left to right, each with its action."""
        return []

    def start(self) -> None:
        """Enter."""

    def cancel(self) -> None:
        """Esc."""
        self.close()

    def changed(self, control: Choice[Any]) -> None:
        """``control``'s value was changed by a key or a click."""

    def dimmed(self, control: Choice[Any]) -> bool:
        """Whether ``control`` is drawn dimmed."""
        return False

    def chosen(self) -> Choice[Any] | None:
        """The row chosen, or None (the buttons)."""
        rows = self.form_rows()
        return rows[self.sel] if self.sel < len(rows) else None

    def process_event(self, e: pygame.event.Event) -> None:
        """Esc, Enter and the buttons; every other event goes to :meth:`form_event`."""
        click = e.type == pygame.MOUSEBUTTONDOWN and e.button == 1
        hit = [action for b, action in self.buttons() if click and b.hit(e.pos)]
        if e.type == pygame.MOUSEMOTION:
            self.mouse = e.pos
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.cancel()
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
        elif hit:
            hit[0]()
        else:
            self.form_event(e)

    def form_event(self, e: pygame.event.Event) -> bool:
        """Apply ``e`` to the rows; returns whether it was theirs."""
        control = self.chosen()
        rows = self.form_rows()
        if isinstance(control, TextField) and control.edit(e):
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            hit = [i for i, row in enumerate(rows) if row.rect.collidepoint(e.pos)]
            if not hit:
                return False
            self.sel = hit[0]
            if rows[hit[0]].click(e.pos):
                self.changed(rows[hit[0]])
        elif e.type != pygame.KEYDOWN:
            return False
        elif e.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            step = -1 if e.key == pygame.K_UP else 1
            self.sel = (self.sel + step) % (len(rows) + self.button_stops)
        elif e.key in (pygame.K_LEFT, pygame.K_RIGHT) and control is not None:
            control.step(-1 if e.key == pygame.K_LEFT else 1)
            self.changed(control)
        else:
            return False
        return True

    def draw_rows(self, surface: pygame.Surface, top: int, row_h: int, size: int,
                  gap: int = 8) -> int:
        """The rows from ``top`` px, ``row_h`` px apart with ``gap`` px between, in ``size`` px
        text; returns the y below them."""
        w = surface.get_width()
        margin = max(12, w // 16)
        rows = self.form_rows()
        title_w = min(int((w - 2 * margin) * 0.36),
                      max(font(size).size(row.title)[0] for row in rows) + 16)
        for i, control in enumerate(rows):
            control.layout(pygame.Rect(margin, top, w - 2 * margin, row_h - gap), title_w)
            control.draw(surface, self.app.theme, size, i == self.sel, self.dimmed(control))
            top += row_h
        return top

    def place_buttons(self, surface: pygame.Surface, slots: int, widest: int,
                      left: int = 0) -> int:
        """Lay out :meth:`buttons` along the bottom, ``slots`` to a row, at most ``widest`` px
        wide: the first ``left`` from the left, the others from the right; returns their top."""
        w, h = surface.get_size()
        margin = max(12, w // 16)
        bh = max(34, min(48, h // 13))
        bw = min(widest, (w - 2 * margin - 12 * (slots - 1)) // slots)
        shown = [b for b, _action in self.buttons()]
        for i, b in enumerate(shown):
            x = margin + i * (bw + 12) if i < left else \
                w - margin - bw - (len(shown) - 1 - i) * (bw + 12)
            b.rect = pygame.Rect(x, h - bh - 12, bw, bh)
        return h - bh - 12

    def draw_buttons(self, surface: pygame.Surface) -> None:
        """The buttons where :meth:`place_buttons` put them, the primary one focused (without
        :attr:`button_stops`, always), then the tooltip of the one under the mouse."""
        theme = self.app.theme
        focus = not self.button_stops or self.sel >= len(self.form_rows())
        for b, _action in self.buttons():
            b.draw(surface, theme, max(MIN_FONT + 2, int(b.rect.height * 0.42)),
                   hover=b.hit(self.mouse), focus=focus and b.primary)
        for b, _action in self.buttons():
            if b.hit(self.mouse) and b.tooltip:
                draw_tooltip(surface, theme, b.tooltip, b.rect)


class BoardPage(Screen):
    """A page with a toolbar of ``buttons`` along the top, a board under it and lines of text below
    (the review, the practice, the puzzles); the game underneath waits."""

    updates_below = False
    keys: ClassVar[dict[int, str]] = {}
    """Key -> toolbar action (:meth:`act`); F10 and Tab focus the toolbar."""

    def __init__(self, app: Host, buttons: list[Button], right: int = 0) -> None:
        super().__init__(app)
        self.renderer = Renderer()
        self.board_top = 0                  # window y (px) where the board's area starts
        self.toolbar = Toolbar(buttons, right=right)

    def process_event(self, e: pygame.event.Event) -> None:
        """The toolbar's event, a key of :attr:`keys`, else :meth:`board_event`."""
        if self.toolbar.dispatch(e, self.act):
            return
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_F10, pygame.K_TAB):
            self.toolbar.take_focus()
        elif e.type == pygame.KEYDOWN and e.key in self.keys:
            self.act(self.keys[e.key])
        else:
            self.board_event(e)

    def board_event(self, e: pygame.event.Event) -> None:
        """An event neither the toolbar's nor one of :attr:`keys`."""

    def act(self, action: str) -> None:
        """A toolbar action or its key; ``'back'`` closes the page."""
        if action == 'back':
            self.close()

    def update(self, dt: float) -> None:
        self.toolbar.update(dt)

    def col_at(self, pos: tuple[int, int]) -> int | None:
        """The column (0-based) under window point ``pos`` (x, y px), or None."""
        lay = self.renderer.layout
        if lay is None or pos[1] < self.board_top:
            return None
        return lay.col_at(pos[0], pos[1] - self.board_top)

    def lay_out(self, surface: pygame.Surface, rows: int, cols: int, above: int,
                below: int) -> tuple[pygame.Surface, Layout]:
        """Clear ``surface``, lay out the toolbar and the ``rows`` x ``cols`` board ``above`` px
        under it to ``below`` px over the bottom; returns the board's subsurface and layout."""
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
    def keys_height(size: int = MIN_FONT) -> int:
        """Px of the line of keys along the bottom in ``size`` px text."""
        return line_height(size) + 6

    def draw_keys(self, surface: pygame.Surface, keys: str, size: int = MIN_FONT) -> None:
        """``keys`` along the bottom in ``size`` px text, then the toolbar and its tooltip."""
        theme = self.app.theme
        w, h = surface.get_size()
        foot_h = self.keys_height(size)
        draw_text(surface, keys, pygame.Rect(8, h - foot_h, w - 16, foot_h - 2), theme.text_dim,
                  size, align='center')
        self.toolbar.draw(surface, theme)
        self.toolbar.draw_tooltip(surface, theme)

    def ring(self, board: pygame.Surface, lay: Layout, row: int, col: int,
             colour: Sequence[int]) -> None:
        """A ring in ``colour`` round slot (``row``, ``col``) of the board's area."""
        cx, cy = lay.slot_center(row, col)
        pygame.draw.circle(board, colour, (cx, cy), int(lay.radius * 1.05), max(3, lay.cell // 14))
