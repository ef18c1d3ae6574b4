"""The OS window: resizable, never below the settings' ``MIN_WINDOW_W`` x ``MIN_WINDOW_H`` px,
or full screen; its title and screenshots."""

from __future__ import annotations

import contextlib
import io
import locale
import logging
import os
import warnings

import pygame

from connect4_game.core.messages import clip, quote
from connect4_game.storage.settings import MAX_WINDOW, MIN_WINDOW_H, MIN_WINDOW_W

__all__ = ['Window', 'fit_size']

log = logging.getLogger(__name__)


def fit_size(size: tuple[int, int], screen: tuple[int, int] | None = None) -> tuple[int, int]:
    """``size`` (width, height in px; numbers or numeric strings) raised to the smallest window and
    cut to ``screen`` (the display's size, if known) and to ``MAX_WINDOW``; ValueError or
    TypeError for something that is not two numbers."""
    w_max = h_max = MAX_WINDOW
    if screen is not None and screen[0] > 0 and screen[1] > 0:
        w_max, h_max = min(w_max, screen[0]), min(h_max, screen[1])
    w = min(max(MIN_WINDOW_W, int(size[0])), max(MIN_WINDOW_W, w_max))
    h = min(max(MIN_WINDOW_H, int(size[1])), max(MIN_WINDOW_H, h_max))
    return w, h


def desktop_size() -> tuple[int, int] | None:
    """The size of the first display in px, or None (not known, or a headless driver)."""
    try:
        if pygame.display.get_driver() in ('dummy', 'offscreen'):
            return None
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes else None     # type: ignore[return-value]


class Window:
    """The display surface of ``size`` pixels (raised to the minimum): ``windowed_size`` (kept
    while full screen), ``fullscreen``, ``screenshot_error`` (why the last screenshot failed)."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.windowed_size = fit_size(size)
        self.fullscreen = False
        self.screenshot_error: str | None = None
        self._caption: str | None = None
        self._window: pygame.Window | None = None

    def open(self, title: str) -> pygame.Surface:
        """Open the window with ``title`` and key repeat (300 ms, then 60 ms); returns its surface
        (pygame.error when no window can be opened)."""
        if 'utf' not in locale.setlocale(locale.LC_CTYPE).lower():
            # Xlib garbles a title that is not ASCII in the C locale (env -i, a frozen app)
            with contextlib.suppress(locale.Error):
                locale.setlocale(locale.LC_CTYPE, 'C.UTF-8')
        # drawn in software: else SDL on Linux maps Mesa and LLVM (about 50 MB) for nothing
        os.environ.setdefault('SDL_FRAMEBUFFER_ACCELERATION', '0')
        pygame.display.init()
        pygame.font.init()
        wanted = self.windowed_size
        self.windowed_size = fit_size(wanted, desktop_size())
        if self.windowed_size != wanted:
            log.warning('the window of %dx%d does not fit the screen: %dx%d instead',
                        *wanted, *self.windowed_size)
        surface = self._new_window()
        self.set_caption(title)
        pygame.key.set_repeat(300, 60)
        return surface

    def _new_window(self, fullscreen: bool = False) -> pygame.Surface:
        """A resizable window of ``windowed_size`` px, or the full screen (a mode SDL refuses
        falls back to the window; pygame.error if that fails); then the window as a
        :class:`pygame.Window` (None if SDL has none), to resize it and go full screen in place: a
        window manager moves a new window down. Returns the new surface."""
        size = self.windowed_size
        flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        try:
            surface = pygame.display.set_mode(size if not fullscreen else (0, 0), flags)
            if not fullscreen and surface.get_size() != tuple(size):
                surface = pygame.display.set_mode(size, flags)  # SDL keeps the desktop size once
        except pygame.error:
            surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        try:
            with warnings.catch_warnings():      # the display module's window, not a new one
                warnings.simplefilter('ignore', DeprecationWarning)
                self._window = pygame.Window.from_display_module()
            self._window.minimum_size = (MIN_WINDOW_W, MIN_WINDOW_H)
        except (pygame.error, AttributeError, ValueError) as exc:
            log.info('the window is re-created to resize it: %s', exc)
            self._window = None
        return surface

    def toggle_fullscreen(self) -> pygame.Surface:
        """Full screen, or back to a window of ``windowed_size``, in place; the new surface."""
        self.fullscreen = not self.fullscreen
        if self._window is not None:
            try:
                if self.fullscreen:
                    self._window.set_fullscreen(desktop=True)
                else:
                    self._window.set_windowed()
                    self._window.size = self.windowed_size
                surface = pygame.display.get_surface()
                if surface is not None:
                    return surface
            except pygame.error as exc:
                log.info('full screen in place failed: %s', exc)
        return self._new_window(self.fullscreen)

    def resize(self, w: int, h: int) -> pygame.Surface | None:
        """Keep the user's ``w`` x ``h`` pixels (raised to the minimum) as ``windowed_size``;
        returns the surface to draw on, or None while full screen (ignored). The window keeps its
        place: only a size it does not have yet is set."""
        if self.fullscreen:
            return None
        self.windowed_size = fit_size((w, h))
        current = pygame.display.get_surface()
        if current is not None and current.get_size() == self.windowed_size:
            return current
        if self._window is not None:
            self._window.size = self.windowed_size
            return pygame.display.get_surface()
        return self._new_window()

    def set_caption(self, caption: str) -> None:
        if caption != self._caption:
            self._caption = caption
            pygame.display.set_caption(caption)

    def save_screenshot(self, surface: pygame.Surface, path: str) -> bool:
        """Write ``surface`` to ``path`` (format by extension, PNG by default); whether it did
        (else logged, and :attr:`screenshot_error` says why)."""
        try:
            buf = io.BytesIO()
            ext = os.path.splitext(str(path))[1]     # the name as the system gave it: any bytes
            hint = 'screenshot' + (ext if ext.isascii() else '.png') if ext else 'screenshot.png'
            pygame.image.save(surface, buf, hint)
            data = buf.getvalue()
            if not data:
                raise OSError('the image encoder wrote nothing')
            with open(path, 'wb') as fh:
                fh.write(data)
        except (pygame.error, OSError, ValueError, TypeError) as exc:
            why = getattr(exc, 'strerror', None) or exc
            self.screenshot_error = clip(why, 120)
            log.error('connect4: could not save the screenshot %s: %s', quote(path),
                      self.screenshot_error)
            return False
        return True
