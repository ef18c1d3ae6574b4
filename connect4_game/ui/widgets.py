"""Small controls drawn with pygame: buttons with tooltips, a toolbar, a menu,
and the choice rows of dialogs.

Every control is laid out in window pixels by its owner (a screen), drawn in
the colours of a :class:`~connect4_game.ui.themes.Theme`, and answers events
by returning the ``action`` string of what was chosen, so screens map
actions to commands in one place. Text is fitted to the control
(:func:`~connect4_game.ui.render.fit_text`), never scaled. Times (the tooltip
delay) advance by ``dt`` in seconds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from connect4_game.ui.render import MIN_FONT, fit_text, font, mix, wrap_text

__all__ = ['Button', 'Toolbar', 'Menu', 'MenuItem', 'Choice', 'Stepper', 'TOOLTIP_DELAY',
           'draw_panel']

TOOLTIP_DELAY = 0.6     # seconds the mouse rests on a control before its tooltip shows


def draw_panel(surface, rect, theme, alpha: int = 235, border=None, radius: int = 10) -> None:
    """A rounded panel in the theme's status colour (``alpha`` 0..255) with an
    optional ``border`` colour."""
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*theme.status_bg[:3], alpha), panel.get_rect(), border_radius=radius)
    if border is not None:
        pygame.draw.rect(panel, (*border[:3], 255), panel.get_rect(), 2, border_radius=radius)
    surface.blit(panel, rect.topleft)


@dataclass
class Button:
    """A push button: ``label`` (already translated), ``action`` returned
    when it is pressed, ``tooltip`` (e.g. ``'Undo the last move (U)'``).

    ``enabled`` False draws it dimmed and ignores clicks; ``on`` draws it
    pressed in (a toggle that is on); ``primary`` draws it in the accent colour.
    """

    label: str
    action: str
    tooltip: str = ''
    enabled: bool = True
    on: bool = False
    primary: bool = False
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def hit(self, pos) -> bool:
        return self.rect.collidepoint(pos)

    def draw(self, surface, theme, size: int, hover: bool = False, focus: bool = False) -> None:
        """Draw in the font ``size`` (px), highlighted on ``hover``/``focus``."""
        r = self.rect
        if self.primary and self.enabled:
            fill = mix(theme.accent, theme.highlight, 0.25 if hover else 0.0)
            ink = theme.background
        else:
            base = mix(theme.status_bg, theme.text, 0.10)
            fill = mix(base, theme.text, 0.12) if hover and self.enabled else base
            if self.on:
                fill = mix(theme.status_bg, theme.accent, 0.45)
            ink = theme.text if self.enabled else mix(theme.status_bg, theme.text_dim, 0.55)
        pygame.draw.rect(surface, fill, r, border_radius=max(4, r.height // 4))
        if focus:
            pygame.draw.rect(surface, theme.accent, r, 2, border_radius=max(4, r.height // 4))
        while size > MIN_FONT and font(size, bold=self.primary).size(self.label)[0] > r.width - 8:
            size -= 1                  # shrink to fit before cutting the label
        f = font(size, bold=self.primary)
        img = f.render(fit_text(f, self.label, r.width - 8), True, ink)
        surface.blit(img, img.get_rect(center=r.center))


class Toolbar:
    """A bar of :class:`Button` along the top of the window (GNOME's header
    bar, KDE's toolbar): labels as text, a tooltip naming each key after the
    mouse rests :data:`TOOLTIP_DELAY` seconds, and keyboard focus (F10 or
    Tab to enter, arrows to move, Enter to press, Esc to leave).

    :param buttons: left to right; the last ones with ``right=True`` in
        :meth:`layout` go to the right end.
    """

    def __init__(self, buttons: list[Button], right: int = 0) -> None:
        self.buttons = buttons
        self.right = right           # how many of the last buttons sit at the right end
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.size = 14
        self.hover: Button | None = None
        self.hover_time = 0.0
        self.focus: int | None = None

    def button(self, action: str) -> Button | None:
        for b in self.buttons:
            if b.action == action:
                return b
        return None

    def layout(self, width: int, height: int) -> None:
        """Place the buttons in a bar ``width`` x ``height`` px at the top;
        the font shrinks (not below 12 px) until every label fits."""
        self.rect = pygame.Rect(0, 0, width, height)
        pad, gap = 6, 4
        bh = height - 2 * pad
        size = max(12, min(20, int(height * 0.42)))
        while True:
            f = font(size)
            widths = [f.size(b.label)[0] + 2 * max(8, size // 2) for b in self.buttons]
            if sum(widths) + gap * (len(widths) + 1) + 2 * pad <= width or size <= 12:
                break
            size -= 1
        self.size = size
        total = sum(widths) + gap * (len(widths) - 1)
        spare = max(0, width - 2 * pad - total)
        if sum(widths) + gap * (len(widths) - 1) > width - 2 * pad:   # squeeze evenly
            each = (width - 2 * pad - gap * (len(widths) - 1)) // len(widths)
            widths = [each] * len(widths)
            spare = 0
        x = pad
        n_left = len(self.buttons) - self.right
        for i, (b, w) in enumerate(zip(self.buttons, widths, strict=False)):
            if i == n_left:
                x += spare
            b.rect = pygame.Rect(x, pad, w, bh)
            x += w + gap

    def handle_event(self, e) -> str | None:
        """The action of a clicked (or keyboard-pressed) button, else None."""
        if e.type == pygame.MOUSEMOTION:
            over = next((b for b in self.buttons if b.hit(e.pos)), None)
            if over is not self.hover:
                self.hover, self.hover_time = over, 0.0
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for b in self.buttons:
                if b.hit(e.pos):
                    self.focus = None
                    return b.action if b.enabled else None
        elif e.type == pygame.KEYDOWN and self.focus is not None:
            n = len(self.buttons)
            if e.key in (pygame.K_LEFT, pygame.K_UP) or (e.key == pygame.K_TAB
                                                          and e.mod & pygame.KMOD_SHIFT):
                self.focus = (self.focus - 1) % n
            elif e.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % n
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                b = self.buttons[self.focus]
                return b.action if b.enabled else None
            elif e.key in (pygame.K_ESCAPE, pygame.K_F10):
                self.focus = None
            return ''           # the key was the toolbar's
        return None

    def take_focus(self) -> None:
        """Keyboard focus to the first button (F10 / Tab in the game)."""
        self.focus = 0

    def update(self, dt: float) -> None:
        if self.hover is not None:
            self.hover_time += dt

    def draw(self, surface, theme) -> None:
        pygame.draw.rect(surface, theme.status_bg, self.rect)
        pygame.draw.line(surface, mix(theme.status_bg, theme.text, 0.2),
                         self.rect.bottomleft, self.rect.bottomright)
        for i, b in enumerate(self.buttons):
            b.draw(surface, theme, self.size, hover=b is self.hover, focus=i == self.focus)

    def draw_tooltip(self, surface, theme) -> None:
        """The hovered (or focused) button's tooltip, once it is due; kept inside the window."""
        b = self.hover if self.hover is not None and self.hover_time >= TOOLTIP_DELAY else \
            self.buttons[self.focus] if self.focus is not None else None
        if b is None or not b.tooltip:
            return
        draw_tooltip(surface, theme, b.tooltip, b.rect)


def draw_tooltip(surface, theme, text: str, anchor: pygame.Rect) -> pygame.Rect:
    """A tooltip below ``anchor`` (above it near the bottom), inside the window."""
    w, h = surface.get_size()
    f = font(max(12, min(18, h // 40)))
    lines = wrap_text(f, text, min(360, w - 16), 3)
    imgs = [f.render(line, True, theme.text) for line in lines]
    tw = max(i.get_width() for i in imgs) + 16
    th = sum(i.get_height() for i in imgs) + 10
    x = min(max(4, anchor.centerx - tw // 2), w - tw - 4)
    y = anchor.bottom + 6
    if y + th > h - 4:
        y = max(4, anchor.top - th - 6)
    rect = pygame.Rect(x, y, tw, th)
    draw_panel(surface, rect, theme, 245, border=theme.accent, radius=6)
    yy = y + 5
    for img in imgs:
        surface.blit(img, (x + 8, yy))
        yy += img.get_height()
    return rect


@dataclass
class MenuItem:
    """One line of a :class:`Menu`: ``label``, the ``key`` that does the same
    (shown on the right), the ``action`` it returns; ``enabled``."""

    label: str
    action: str
    key: str = ''
    enabled: bool = True


class Menu:
    """A drop-down list under a button: click or Up/Down + Enter choose, Esc
    or a click outside closes (returning ``''``)."""

    def __init__(self, items: list[MenuItem], anchor: pygame.Rect, window_size) -> None:
        self.items = items
        self.sel = 0
        self.hover: int | None = None
        w, h = window_size
        self.size = max(12, min(20, h // 34))
        f = font(self.size)
        row = f.get_linesize() + 10
        width = max(f.size(i.label)[0] + f.size(i.key)[0] for i in items) + 56
        width = min(width, w - 8)
        height = row * len(items) + 8
        x = min(max(4, anchor.right - width), w - width - 4)
        y = anchor.bottom + 2
        if y + height > h - 4:
            y = max(4, h - height - 4)
        self.rect = pygame.Rect(x, y, width, height)
        self.rows = [pygame.Rect(x + 4, y + 4 + i * row, width - 8, row) for i in range(len(items))]

    def handle_event(self, e) -> str | None:
        """An action when an item is chosen, ``''`` when the menu closes, else None."""
        if e.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(self.rows) if r.collidepoint(e.pos)), None)
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for i, r in enumerate(self.rows):
                if r.collidepoint(e.pos):
                    return self.items[i].action if self.items[i].enabled else None
            return ''
        elif e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE or e.key == pygame.K_F10:
                return ''
            if e.key == pygame.K_UP:
                self.sel = (self.sel - 1) % len(self.items)
            elif e.key in (pygame.K_DOWN, pygame.K_TAB):
                self.sel = (self.sel + 1) % len(self.items)
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                item = self.items[self.sel]
                return item.action if item.enabled else None
            return None
        return None

    def draw(self, surface, theme) -> None:
        draw_panel(surface, self.rect, theme, 250, border=mix(theme.status_bg, theme.text, 0.3),
                   radius=8)
        f = font(self.size)
        for i, (item, r) in enumerate(zip(self.items, self.rows, strict=False)):
            if i == self.hover or i == self.sel:
                pygame.draw.rect(surface, mix(theme.status_bg, theme.accent, 0.35), r,
                                 border_radius=6)
            ink = theme.text if item.enabled else theme.text_dim
            img = f.render(fit_text(f, item.label, r.width - 80), True, ink)
            surface.blit(img, (r.x + 10, r.centery - img.get_height() // 2))
            if item.key:
                k = f.render(item.key, True, theme.text_dim)
                surface.blit(k, (r.right - k.get_width() - 10, r.centery - k.get_height() // 2))


class Choice:
    """One row of a dialog: a ``title`` and a set of segmented options
    ``[(value, label), ...]`` of which one is chosen. Left/Right (or a click)
    change it; the owner lays out ``rect``."""

    def __init__(self, title: str, options: list, value, tooltip: str = '') -> None:
        self.title = title
        self.options = list(options)
        self.value = value if value in [v for v, _ in options] else options[0][0]
        self.tooltip = tooltip
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.seg_rects: list[pygame.Rect] = []

    def step(self, delta: int) -> None:
        values = [v for v, _ in self.options]
        self.value = values[(values.index(self.value) + delta) % len(values)]

    def layout(self, rect: pygame.Rect, title_w: int) -> None:
        self.rect = rect
        x0 = rect.x + title_w
        w = (rect.right - x0) / len(self.options)
        self.seg_rects = [pygame.Rect(int(x0 + i * w) + 2, rect.y, int(w) - 4, rect.height)
                          for i in range(len(self.options))]

    def click(self, pos) -> bool:
        for (v, _), r in zip(self.options, self.seg_rects, strict=False):
            if r.collidepoint(pos):
                self.value = v
                return True
        return False

    def draw(self, surface, theme, size: int, selected: bool, dim: bool = False) -> None:
        f, fb = font(size), font(size, True)
        ink = theme.text_dim if dim else theme.text
        title = f.render(fit_text(f, self.title, self.seg_rects[0].x - self.rect.x - 10), True,
                         theme.accent if selected else ink)
        surface.blit(title, (self.rect.x, self.rect.centery - title.get_height() // 2))
        while size > MIN_FONT and any(font(size, True).size(label)[0] > r.width - 8
                                      for (_v, label), r in zip(self.options, self.seg_rects, strict=False)):
            size -= 1                  # shrink to fit before cutting a label
        f, fb = font(size), font(size, True)
        for (v, label), r in zip(self.options, self.seg_rects, strict=False):
            on = v == self.value
            fill = mix(theme.status_bg, theme.accent, 0.55) if on else \
                mix(theme.status_bg, theme.text, 0.08)
            pygame.draw.rect(surface, fill, r, border_radius=max(4, r.height // 3))
            if on and selected:
                pygame.draw.rect(surface, theme.highlight, r, 2, border_radius=max(4, r.height // 3))
            ff = fb if on else f
            img = ff.render(fit_text(ff, label, r.width - 6), True, ink)
            surface.blit(img, img.get_rect(center=r.center))


class Stepper(Choice):
    """A dialog row with a number from ``lo`` to ``hi``: ``<  value  >``."""

    def __init__(self, title: str, lo: int, hi: int, value: int, fmt=str,
                 tooltip: str = '') -> None:
        self.lo, self.hi, self.fmt = lo, hi, fmt
        super().__init__(title, [(value, '')], value, tooltip)
        self.value = max(lo, min(hi, value))

    def step(self, delta: int) -> None:
        self.value = max(self.lo, min(self.hi, self.value + delta))

    def layout(self, rect: pygame.Rect, title_w: int) -> None:
        self.rect = rect
        x0 = rect.x + title_w
        self.seg_rects = [pygame.Rect(x0 + 2, rect.y, rect.right - x0 - 4, rect.height)]

    def click(self, pos) -> bool:
        r = self.seg_rects[0]
        if r.collidepoint(pos):
            self.step(-1 if pos[0] < r.centerx else 1)
            return True
        return False

    def draw(self, surface, theme, size: int, selected: bool, dim: bool = False) -> None:
        f = font(size)
        ink = theme.text_dim if dim else theme.text
        r = self.seg_rects[0]
        title = f.render(fit_text(f, self.title, r.x - self.rect.x - 10), True,
                         theme.accent if selected else ink)
        surface.blit(title, (self.rect.x, self.rect.centery - title.get_height() // 2))
        pygame.draw.rect(surface, mix(theme.status_bg, theme.text, 0.08), r,
                         border_radius=max(4, r.height // 3))
        if selected:
            pygame.draw.rect(surface, theme.accent, r, 2, border_radius=max(4, r.height // 3))
        img = font(size, True).render(fit_text(f, f'<   {self.fmt(self.value)}   >',
                                               r.width - 6), True, ink)
        surface.blit(img, img.get_rect(center=r.center))


class TextField(Choice):
    """A dialog row where the player types: ``title`` and the text (at most
    ``limit`` characters of ``allowed``; all printable ones when None).
    Typing arrives as ``TEXTINPUT`` events; Backspace deletes."""

    def __init__(self, title: str, value: str = '', limit: int = 60,
                 allowed: str | None = None, tooltip: str = '') -> None:
        super().__init__(title, [('', '')], '', tooltip)
        self.value = value
        self.limit = limit
        self.allowed = allowed

    def type(self, text: str) -> None:
        for ch in text:
            if len(self.value) >= self.limit:
                return
            if ch.isprintable() and (self.allowed is None or ch in self.allowed):
                self.value += ch

    def step(self, delta: int) -> None:
        pass

    def backspace(self) -> None:
        self.value = self.value[:-1]

    def layout(self, rect: pygame.Rect, title_w: int) -> None:
        self.rect = rect
        x0 = rect.x + title_w
        self.seg_rects = [pygame.Rect(x0 + 2, rect.y, rect.right - x0 - 4, rect.height)]

    def click(self, pos) -> bool:
        return self.seg_rects[0].collidepoint(pos)

    def draw(self, surface, theme, size: int, selected: bool, dim: bool = False) -> None:
        f = font(size)
        r = self.seg_rects[0]
        title = f.render(fit_text(f, self.title, r.x - self.rect.x - 10), True,
                         theme.accent if selected else theme.text)
        surface.blit(title, (self.rect.x, self.rect.centery - title.get_height() // 2))
        pygame.draw.rect(surface, mix(theme.background, theme.text, 0.06), r,
                         border_radius=max(4, r.height // 4))
        pygame.draw.rect(surface, theme.accent if selected else mix(theme.status_bg, theme.text, 0.3),
                         r, 2, border_radius=max(4, r.height // 4))
        text = self.value + ('|' if selected else '')
        img = f.render(fit_text(f, text, r.width - 16), True, theme.text)
        surface.blit(img, (r.x + 8, r.centery - img.get_height() // 2))
