"""Small controls: buttons with tooltips, a toolbar, a menu and the choice rows of dialogs, laid
out in window px by their screen; each answers an event with the ``action`` string chosen."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

import pygame

from connect4_game.ui.animation import Fade, ease_out_back
from connect4_game.ui.render import WIN_PULSE_END, draw_panel
from connect4_game.ui.text_fit import MIN_FONT, TOOLTIP_DELAY, draw_text, fit, font, line_height
from connect4_game.ui.themes import Theme, mix

__all__ = ['Button', 'Toolbar', 'Menu', 'MenuItem', 'Choice', 'Stepper', 'TOOLTIP_DELAY',
           'draw_tooltip', 'Toast', 'ResultBanner']

V = TypeVar('V')    # the type of a Choice's values


class Toast:
    """A notice on screen: ``text``, ``kind`` ('info' or 'error'), ``duration`` (seconds to show),
    ``t`` (seconds shown), ``position`` (the position id it is about; None: any)."""

    def __init__(self, text: str, kind: str = 'info', duration: float = 2.5,
                 position: int | None = None) -> None:
        self.text, self.kind, self.duration, self.t = text, kind, duration, 0.0
        self.position = position


class ResultBanner:
    """The state of the result of a finished game over the board: it pops in (``fade``, 0.45 s),
    the player can put it away (``hidden``) and bring it back (:meth:`toggle`); ``rect`` is where
    it was drawn last (None: not drawn), ``shown_for`` the seconds it has been due."""

    def __init__(self) -> None:
        self.rect: pygame.Rect | None = None
        self.reset()

    def reset(self) -> None:
        """A new position: the next result pops in again, shown."""
        self.fade = Fade(0.45, ease_out_back)
        self.hidden = False
        self.shown_for = 0.0

    def toggle(self) -> None:
        """Put the result away, or bring it back (popping in)."""
        self.hidden = not self.hidden
        if not self.hidden:
            self.fade = Fade(0.45, ease_out_back)

    def update(self, dt: float, due: bool) -> None:
        """Advance by ``dt`` seconds; ``due``: the game is over and its last checker has landed."""
        if due:
            self.fade.update(dt)
        self.shown_for = self.shown_for + dt if due else 0.0

    def moving(self) -> bool:
        """Whether it still pops in or the winning four still pulses."""
        return self.fade.value < 1.0 or self.shown_for < WIN_PULSE_END


@dataclass
class Button:
    """A push button: ``label`` (already translated), ``action`` returned when it is pressed,
    ``tooltip`` (e.g. ``'Undo the last move (U)'``), ``short``: a sign (``'←'``) drawn instead
    of a label that has no room."""

    label: str
    action: str
    tooltip: str = ''
    enabled: bool = True
    on: bool = False
    primary: bool = False
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    alternates: tuple[str, ...] = ()
    short: str = ''

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, theme: Theme, size: int, hover: bool = False,
             focus: bool = False) -> None:
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
        box = r.inflate(-8, -4)
        two = box.height >= 2 * line_height(MIN_FONT, self.primary)
        draw_text(surface, self.label, box, ink, size, bold=self.primary, lines=2 if two else 1,
                  align='center', short=(self.short,) if self.short else (),
                  tip=not self.tooltip)


_PAD, _GAP = 6, 4      # px around the toolbar's buttons and between them


class Toolbar:
    """A bar of ``buttons``, left to right (the last ``right`` ones at the right end), with a
    tooltip naming each key after the mouse rests :data:`TOOLTIP_DELAY` seconds, and keyboard
    focus (F10 or Tab, arrows, Enter, Esc). ``overflow``: the actions of the buttons that leave
    the bar for its menu, first the first, when the labels do not fit at ``MIN_FONT``; they are
    then in :attr:`overflow` (their ``rect`` empty)."""

    def __init__(self, buttons: list[Button], right: int = 0,
                 overflow: tuple[str, ...] = ()) -> None:
        self.buttons = buttons
        self.named = {b.action: b for b in buttons}    # by the action each button starts with
        self.right = right
        self.movable = overflow
        self.overflow: list[Button] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.size = 14
        self.hover: Button | None = None
        self.hover_time = 0.0
        self.focus: int | None = None
        self.tip_hidden = False      # a click hid the tooltip (until another button)
        self.tip_rect: pygame.Rect | None = None   # where the last tooltip went

    def layout(self, width: int, height: int) -> None:
        """Place the buttons in a bar ``width`` x ``height`` px, each as wide as its widest label:
        the font shrinks to MIN_FONT, then the ``overflow`` buttons leave one by one, then the
        ``short`` signs show; only then are the buttons squeezed."""
        self.rect = pygame.Rect(0, 0, width, height)
        self.size, hidden, shown, widths = self._fit(width, height)
        self.overflow = [b for i, b in enumerate(self.buttons) if i in hidden]
        for b in self.overflow:
            b.rect = pygame.Rect(0, 0, 0, 0)
        self._place(width, height, shown, widths)

    def _fit(self, width: int, height: int) -> tuple[int, list[int], list[int], list[int]]:
        """The font size, the buttons that leave the bar, those that stay and their widths."""
        size = max(MIN_FONT, min(20, int(height * 0.42)))
        movable = [i for a in self.movable for i, b in enumerate(self.buttons)
                   if b is self.named.get(a)]
        hidden: list[int] = []
        signs = False

        def widths_without(gone: list[int]) -> tuple[list[int], list[int]]:
            f = font(size)
            shown = [i for i in range(len(self.buttons)) if i not in gone]
            return shown, [max(f.size(t)[0] for t in ((b.short,) if signs and b.short
                                                      else (b.label, *b.alternates)))
                           + 2 * max(8, size // 2) for b in (self.buttons[i] for i in shown)]

        def fits(widths: list[int]) -> bool:
            return sum(widths) + _GAP * (len(widths) + 1) + 2 * _PAD <= width

        while True:
            shown, widths = widths_without(hidden)
            if fits(widths):
                break
            if size > MIN_FONT:
                size -= 1
            elif len(hidden) < len(movable):
                hidden.append(movable[len(hidden)])
            elif not signs and any(b.short for b in self.buttons):
                signs = True
            else:
                break
        for i in reversed(hidden[:-1]):      # one that left first may fit beside the others
            if fits(widths_without([j for j in hidden if j != i])[1]):
                hidden.remove(i)
                shown, widths = widths_without(hidden)
        return size, hidden, shown, widths

    def _place(self, width: int, height: int, shown: list[int], widths: list[int]) -> None:
        total = sum(widths) + _GAP * (len(widths) - 1)
        spare = max(0, width - 2 * _PAD - total)
        if total > width - 2 * _PAD:
            each = (width - 2 * _PAD - _GAP * (len(widths) - 1)) // max(1, len(widths))
            widths = [each] * len(widths)
            spare = 0
        x = _PAD
        n_left = len(self.buttons) - self.right
        for i, w in zip(shown, widths, strict=True):
            if i >= n_left:
                x, spare = x + spare, 0
            self.buttons[i].rect = pygame.Rect(x, _PAD, w, height - 2 * _PAD)
            x += w + _GAP

    def _shown(self) -> list[int]:
        return [i for i, b in enumerate(self.buttons) if not any(b is o for o in self.overflow)]

    def dispatch(self, e: pygame.event.Event, act: Callable[[str], object]) -> bool:
        """Give ``e`` to the toolbar: the action of an enabled button clicked, or pressed with
        Enter while focused, goes to ``act``; returns whether ``e`` was such a press or a key
        the focused toolbar used."""
        pressed: Button | None = None
        if e.type == pygame.MOUSEMOTION:
            over = next((b for b in self.buttons if b.hit(e.pos)), None)
            if over is not self.hover:
                self.hover, self.hover_time, self.tip_hidden = over, 0.0, False
        elif e.type == pygame.MOUSEBUTTONDOWN:
            self.tip_hidden = True
            if e.button == 1:
                pressed = next((b for b in self.buttons if b.hit(e.pos)), None)
                self.focus = None if pressed is not None else self.focus
        elif e.type == pygame.KEYDOWN and self.focus is not None:
            pressed = self._focus_key(e, self.focus)
            if pressed is None:
                return True
        if pressed is None or not pressed.enabled:
            return False
        act(pressed.action)
        return True

    def _focus_key(self, e: pygame.event.Event, focus: int) -> Button | None:
        """Move the focus by arrow or Tab, drop it by Esc or F10; the focused button if the
        key pressed it (Enter, Space)."""
        shown = self._shown()
        at = shown.index(focus) if focus in shown else 0
        if e.key in (pygame.K_LEFT, pygame.K_UP) or (e.key == pygame.K_TAB
                                                      and e.mod & pygame.KMOD_SHIFT):
            self.focus = shown[(at - 1) % len(shown)]
        elif e.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
            self.focus = shown[(at + 1) % len(shown)]
        elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self.buttons[focus]
        elif e.key in (pygame.K_ESCAPE, pygame.K_F10):
            self.focus = None
        return None

    def take_focus(self) -> None:
        self.focus = self._shown()[0]

    def hide_tip(self) -> bool:
        """Hide the tooltip shown now (Esc); returns whether one was shown."""
        shown = self.tip_button() is not None or self.focus is not None
        self.tip_hidden, self.focus = True, None
        return shown

    def quiet_tip(self) -> None:
        """No tooltip until the mouse goes to another button (after a menu of the bar closes)."""
        self.tip_hidden = True

    def forget_hover(self) -> None:
        """Nothing hovered and no tooltip (a dialog comes over the bar, or goes)."""
        self.hover, self.tip_rect = None, None

    def update(self, dt: float) -> None:
        if self.hover is not None:
            self.hover_time += dt

    def tip_button(self) -> Button | None:
        """The button whose tooltip shows now: the hovered one after the delay, else the focused."""
        if self.hover is not None and self.hover_time >= TOOLTIP_DELAY and not self.tip_hidden \
                and self.hover.tooltip:
            return self.hover
        if self.focus is not None and self.buttons[self.focus].tooltip:
            return self.buttons[self.focus]
        return None

    def tip_pending(self) -> bool:
        """Whether a tooltip is about to show (the mouse rests on a button)."""
        return self.hover is not None and not self.tip_hidden and bool(self.hover.tooltip) \
            and self.hover_time < TOOLTIP_DELAY

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        pygame.draw.rect(surface, theme.status_bg, self.rect)
        pygame.draw.line(surface, mix(theme.status_bg, theme.text, 0.2),
                         self.rect.bottomleft, self.rect.bottomright)
        for i in self._shown():
            b = self.buttons[i]
            b.draw(surface, theme, self.size, hover=b is self.hover, focus=i == self.focus)

    def draw_tooltip(self, surface: pygame.Surface, theme: Theme,
                     avoid: Iterable[pygame.Rect | None] = (),
                     shown: bool = True) -> pygame.Rect | None:
        """The tooltip of :meth:`tip_button` (if ``shown``) clear of ``avoid``; its rect or None."""
        b = self.tip_button() if shown else None
        self.tip_rect = None if b is None else draw_tooltip(surface, theme, b.tooltip, b.rect,
                                                            avoid)
        return self.tip_rect


def draw_tooltip(surface: pygame.Surface, theme: Theme, text: str, anchor: pygame.Rect,
                 avoid: Iterable[pygame.Rect | None] = ()) -> pygame.Rect | None:
    """A tooltip for ``anchor`` at the nearest place (below, above, beside) that covers neither
    ``anchor`` nor ``avoid``; its rect, or None without room."""
    w, h = surface.get_size()
    size = max(MIN_FONT, min(18, h // 40))
    how = fit(text, min(360, w - 24), 3 * line_height(size), size, lines=3)
    fl = font(how.size)
    tw = max(fl.size(line)[0] for line in how.lines) + 16
    th = line_height(how.size) * len(how.lines) + 10
    keep_clear = [pygame.Rect(a) for a in avoid if a is not None]
    xs = [anchor.centerx - tw // 2] + [a.left - tw - 6 for a in keep_clear] + \
        [a.right + 6 for a in keep_clear]
    ys = [anchor.bottom + 6, anchor.top - th - 6] + [a.bottom + 6 for a in keep_clear] + \
        [a.top - th - 6 for a in keep_clear]
    places = [pygame.Rect(min(max(4, x), w - tw - 4), y, tw, th) for y in ys for x in xs]
    free = [r for r in places if r.top >= 4 and r.bottom <= h - 4 and not r.colliderect(anchor)
            and r.collidelist(keep_clear) < 0]
    if not free:
        return None
    rect = min(free, key=lambda r: abs(r.centerx - anchor.centerx)
               + 2 * abs(r.centery - anchor.centery))
    draw_panel(surface, rect, theme.status_bg, 245, border=theme.accent, radius=6)
    draw_text(surface, text, rect.inflate(-16, -10), theme.text, size, lines=3,
              valign='top', free=True, tip=False)
    return rect


@dataclass
class MenuItem:
    label: str
    action: str
    key: str = ''
    enabled: bool = True


class Menu:
    """A drop-down list under a button: click or Up/Down + Enter choose, Esc closes (``''``)."""

    def __init__(self, items: list[MenuItem], anchor: pygame.Rect,
                 window_size: tuple[int, int]) -> None:
        self.items = items
        self.sel = 0
        self.hover: int | None = None
        w, h = window_size
        self.size = max(MIN_FONT, min(20, h // 34))
        f = font(self.size)
        row = max(line_height(self.size) + 2, min(line_height(self.size) + 10,
                                                   (h - 16) // max(1, len(items))))
        self.key_w = max(f.size(i.key)[0] for i in items)
        width = min(max(f.size(i.label)[0] for i in items) + self.key_w + 56, w - 8)
        height = row * len(items) + 8
        x = min(max(4, anchor.right - width), w - width - 4)
        y = anchor.bottom + 2 if anchor.bottom + 2 + height <= h - 4 else max(4, h - height - 4)
        self.rect = pygame.Rect(x, y, width, height)
        self.rows = [pygame.Rect(x + 4, y + 4 + i * row, width - 8, row) for i in range(len(items))]

    def handle_event(self, e: pygame.event.Event) -> str | None:
        """An action when an item is chosen, ``''`` when the menu closes, else None."""
        if e.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(self.rows) if r.collidepoint(e.pos)), None)
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for i, r in enumerate(self.rows):
                if r.collidepoint(e.pos):
                    return self.items[i].action if self.items[i].enabled else None
            return ''
        elif e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_ESCAPE, pygame.K_F10):
                return ''
            if e.key == pygame.K_UP:
                self.sel = (self.sel - 1) % len(self.items)
            elif e.key in (pygame.K_DOWN, pygame.K_TAB):
                self.sel = (self.sel + 1) % len(self.items)
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                item = self.items[self.sel]
                return item.action if item.enabled else None
        return None

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        border = mix(theme.status_bg, theme.text, 0.3)
        draw_panel(surface, self.rect, theme.status_bg, 250, border=border, radius=8)
        key_w = min(self.key_w, self.rect.width // 3)
        for i, (item, r) in enumerate(zip(self.items, self.rows, strict=False)):
            if i == self.hover or i == self.sel:
                pygame.draw.rect(surface, mix(theme.status_bg, theme.accent, 0.35), r,
                                 border_radius=6)
            ink = theme.text if item.enabled else theme.text_dim
            label_box = pygame.Rect(r.x + 10, r.y + 2, r.width - 20 - key_w - 16, r.height - 4)
            draw_text(surface, item.label, label_box, ink, self.size)
            if item.key:
                draw_text(surface, item.key, pygame.Rect(r.right - 10 - key_w, r.y + 2, key_w,
                                                         r.height - 4),
                          theme.text_dim, self.size, align='right')


class Choice(Generic[V]):
    """One row of a dialog: a ``title`` and a set of segmented options ``[(value, label), ...]`` of
    which one is chosen. When a label has no room in its segment at the smallest font, the row
    is ``compact``: one segment ``<  label  >`` whose halves step back and forth."""

    spin = False    # always one segment <  label  > (a Stepper)

    def __init__(self, title: str, options: list[tuple[V, str]], value: V) -> None:
        self.title = title
        self.options = list(options)
        self.value = value if value in [v for v, _ in options] else options[0][0]
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.seg_rects: list[pygame.Rect] = []
        self.compact = False

    def step(self, delta: int) -> None:
        values = [v for v, _ in self.options]
        self.value = values[(values.index(self.value) + delta) % len(values)]

    def layout(self, rect: pygame.Rect, title_w: int) -> None:
        """Place the row in ``rect`` (window px), its title ``title_w`` px wide: segments of one
        width if every label fits its own in two lines at MIN_FONT, else each as wide as its
        label on one line, else ``compact``."""
        self.rect = rect
        x0, room = rect.x + title_w, rect.right - rect.x - title_w
        n = len(self.options)
        widths = [room / n] * n
        self.compact = n > 1 and any(
            fit(label, int(w) - 10, rect.height - 2, MIN_FONT, bold=True, lines=2).cut
            for (_v, label), w in zip(self.options, widths, strict=True))
        if self.compact:
            natural = [font(MIN_FONT, True).size(label)[0] + 12 for _v, label in self.options]
            self.compact = sum(natural) > room
            widths = [w + (room - sum(natural)) / n for w in natural]
        if self.compact:
            widths = [room]
        edges = [x0 + sum(widths[:i]) for i in range(len(widths) + 1)]
        self.seg_rects = [pygame.Rect(int(a) + 2, rect.y, int(b) - int(a) - 4, rect.height)
                          for a, b in zip(edges, edges[1:], strict=False)]

    def click(self, pos: tuple[int, int]) -> bool:
        if self.compact or self.spin:
            r = self.seg_rects[0]
            if r.collidepoint(pos):
                self.step(-1 if pos[0] < r.centerx else 1)
            return r.collidepoint(pos)
        for (v, _), r in zip(self.options, self.seg_rects, strict=False):
            if r.collidepoint(pos):
                self.value = v
                return True
        return False

    def draw_title(self, surface: pygame.Surface, theme: Theme, size: int, selected: bool,
                   dim: bool = False) -> None:
        ink = theme.text_dim if dim else theme.text
        box = pygame.Rect(self.rect.x, self.rect.y, max(1, self.seg_rects[0].x - self.rect.x - 10),
                          self.rect.height)
        draw_text(surface, self.title, box, theme.accent if selected else ink, size, lines=2)

    def label(self) -> str:
        """The chosen value as the row shows it."""
        return dict(self.options).get(self.value, '')

    def draw(self, surface: pygame.Surface, theme: Theme, size: int, selected: bool,
             dim: bool = False) -> None:
        ink = theme.text_dim if dim else theme.text
        self.draw_title(surface, theme, size, selected, dim)
        if self.compact or self.spin:
            r = self.seg_rects[0]
            pygame.draw.rect(surface, mix(theme.status_bg, theme.text, 0.08), r,
                             border_radius=max(4, r.height // 3))
            if selected:
                pygame.draw.rect(surface, theme.accent, r, 2, border_radius=max(4, r.height // 3))
            draw_text(surface, f'<   {self.label()}   >', r.inflate(-6, -2), ink, size, bold=True,
                      align='center')
            return
        for (v, label), r in zip(self.options, self.seg_rects, strict=False):
            on = v == self.value
            fill = mix(theme.status_bg, theme.accent, 0.55) if on else \
                mix(theme.status_bg, theme.text, 0.08)
            pygame.draw.rect(surface, fill, r, border_radius=max(4, r.height // 3))
            if on and selected:
                pygame.draw.rect(surface, theme.highlight, r, 2, border_radius=max(4, r.height // 3))
            draw_text(surface, label, r.inflate(-6, -2), ink, size, bold=on, lines=2,
                      align='center')


class Stepper(Choice[int]):
    """A dialog row with a number from ``lo`` to ``hi``: ``<  value  >`` (one segment)."""

    spin = True

    def __init__(self, title: str, lo: int, hi: int, value: int) -> None:
        self.lo, self.hi = lo, hi
        super().__init__(title, [(value, '')], value)
        self.value = max(lo, min(hi, value))

    def step(self, delta: int) -> None:
        self.value = max(self.lo, min(self.hi, self.value + delta))

    def label(self) -> str:
        return str(self.value)


class TextField(Choice[str]):
    """A dialog row where the player types: ``title`` and the text (at most ``limit`` characters of
    ``allowed``; all printable ones when None). Once :meth:`select_all` (Ctrl+A) is called, typing
    replaces the whole text and Backspace clears it, as in a desktop text box; Left, Right and End
    put the cursor back at the end."""

    def __init__(self, title: str, value: str = '', limit: int = 60,
                 allowed: str | None = None) -> None:
        super().__init__(title, [('', '')], '')
        self.value = value
        self.limit = limit
        self.allowed = allowed
        self.all_selected = False

    def select_all(self) -> None:
        self.all_selected = bool(self.value)

    def type(self, text: str) -> None:
        if self.all_selected:
            self.value, self.all_selected = '', False
        for ch in text:
            if len(self.value) >= self.limit:
                return
            if ch.isprintable() and (self.allowed is None or ch in self.allowed):
                self.value += ch

    def step(self, delta: int) -> None:
        self.all_selected = False

    def edit(self, e: pygame.event.Event) -> bool:
        """Apply typing or an editing key; returns whether ``e`` was one."""
        if e.type == pygame.TEXTINPUT:
            self.type(e.text)
        elif e.type != pygame.KEYDOWN:
            return False
        elif e.key == pygame.K_BACKSPACE:
            self.value = '' if self.all_selected else self.value[:-1]
            self.all_selected = False
        elif e.key == pygame.K_a and e.mod & pygame.KMOD_CTRL:
            self.select_all()
        elif e.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_END):
            self.step(0)
        else:
            return False
        return True

    def click(self, pos: tuple[int, int]) -> bool:
        self.all_selected = False
        return self.seg_rects[0].collidepoint(pos)

    def draw(self, surface: pygame.Surface, theme: Theme, size: int, selected: bool,
             dim: bool = False) -> None:
        r = self.seg_rects[0]
        self.draw_title(surface, theme, size, selected)
        pygame.draw.rect(surface, mix(theme.background, theme.text, 0.06), r,
                         border_radius=max(4, r.height // 4))
        pygame.draw.rect(surface, theme.accent if selected else mix(theme.status_bg, theme.text, 0.3),
                         r, 2, border_radius=max(4, r.height // 4))
        box = r.inflate(-16, -4)
        if self.all_selected:                # the selection: the text on the accent colour
            how = fit(self.value, box.width, box.height, size)
            text_w, text_h = font(how.size).size(how.lines[0])
            pygame.draw.rect(surface, theme.accent, (box.left - 2, box.centery - text_h // 2,
                                                     text_w + 4, text_h))
            draw_text(surface, self.value, box, theme.background, size, free=True)
            return
        text = self.value + ('|' if selected else '')
        draw_text(surface, text, box, theme.text, size, free=True)
