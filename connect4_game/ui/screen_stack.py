"""The window's screens, bottom (the game) to top, and the one place that
calls the hooks of :class:`~connect4_game.ui.screens.base.Screen`."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pygame

from connect4_game.ui.screens.base import Screen

__all__ = ['ScreenStack']

log = logging.getLogger(__name__)


class ScreenStack:
    """The screens of the window, ``base`` at the bottom for good.

    It is a read-only sequence of the screens, bottom first:
    ``len(stack)``, ``stack[-1]`` (the top), ``for screen in stack``.

    :param base: the screen that never leaves (the game).
    """

    def __init__(self, base: Screen) -> None:
        self._screens: list[Screen] = [base]

    def __len__(self) -> int:
        return len(self._screens)

    def __getitem__(self, index: int) -> Screen:
        return self._screens[index]

    def __iter__(self) -> Iterator[Screen]:
        return iter(list(self._screens))

    @property
    def top(self) -> Screen:
        """The screen that gets the events (the last one pushed)."""
        return self._screens[-1]

    @property
    def base(self) -> Screen:
        """The bottom screen, which never leaves."""
        return self._screens[0]

    def push(self, screen: Screen) -> None:
        """Put ``screen`` on top; the screen it covers gets ``pause()`` first."""
        self._screens[-1].pause()
        self._screens.append(screen)

    def pop(self, screen: Screen | None = None) -> None:
        """Take ``screen`` (default: the top one) off the stack; the screen that comes to the top
        gets ``resume()``."""
        if len(self._screens) > 1 and (screen is None or screen is self._screens[-1]):
            self._screens.pop()
            self._screens[-1].resume()
        elif screen is not None and screen in self._screens[1:]:
            self._screens.remove(screen)

    def replace(self, screen: Screen) -> None:
        """Put ``screen`` in the place of the top one (the base too, if it is
        alone); no hook runs: the screen below, if any, stays paused."""
        self._screens[-1] = screen

    def update(self, dt: float) -> None:
        """Advance the screens that run by ``dt`` seconds, bottom-up: the top one and, while each of
        them has ``updates_below`` True, the one below."""
        first = len(self._screens) - 1
        while first > 0 and self._screens[first].updates_below:
            first -= 1
        for screen in self._screens[first:]:
            screen.update(dt)

    def visible(self) -> list[Screen]:
        """The screens a frame shows, bottom-up: the top one and, while each
        of them has ``covers`` False, the one below."""
        bottom = len(self._screens) - 1
        while bottom > 0 and not self._screens[bottom].covers:
            bottom -= 1
        return self._screens[bottom:]

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the :meth:`visible` screens onto ``surface``, bottom-up."""
        for screen in self.visible():
            screen.draw(surface)

    def wants_frames(self) -> bool:
        """Whether a visible screen's picture changes by itself now (its
        ``wants_frames()``): then every frame is drawn."""
        return any(screen.wants_frames() for screen in self.visible())

    def picture(self) -> tuple[tuple[int, object], ...]:
        """What the visible screens show, as far as it can change without an event: which screens,
        and each one's ``picture_key()``."""
        return tuple((id(screen), screen.picture_key()) for screen in self.visible())

    def app_closing(self) -> None:
        """The window closes: every screen's ``on_app_close()``, top first."""
        for screen in reversed(self._screens):
            try:
                screen.on_app_close()
            except Exception:
                log.debug('on_app_close of %s failed', type(screen).__name__, exc_info=True)
