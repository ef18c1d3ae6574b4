"""The window's screens, bottom (the game) to top: the one caller of the screens' hooks."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame

from connect4_game.ui.screens.base import Screen

__all__ = ['ScreenStack']


class ScreenStack:
    """The screens of the window, bottom first (``len(stack)``, ``for screen in stack``);
    ``base`` (the game) never leaves."""

    def __init__(self, base: Screen) -> None:
        self._screens: list[Screen] = [base]

    def __len__(self) -> int:
        return len(self._screens)

    def __iter__(self) -> Iterator[Screen]:
        return iter(list(self._screens))

    @property
    def top(self) -> Screen:
        """The screen that gets the events (the last one pushed)."""
        return self._screens[-1]

    def push(self, screen: Screen) -> None:
        """Put ``screen`` on top; the screen it covers gets ``pause()`` first."""
        self._screens[-1].pause()
        self._screens.append(screen)

    def pop(self, screen: Screen | None = None) -> None:
        """Take ``screen`` (default: the top one) off; the new top one gets ``resume()``."""
        if len(self._screens) > 1 and (screen is None or screen is self._screens[-1]):
            self._screens.pop()
            self._screens[-1].resume()
        elif screen is not None and screen in self._screens[1:]:
            self._screens.remove(screen)

    def _down_while(self, see_below: Callable[[Screen], bool]) -> list[Screen]:
        """Bottom-up: the top screen and, while each of them has ``see_below``, the one below."""
        first = len(self._screens) - 1
        while first > 0 and see_below(self._screens[first]):
            first -= 1
        return self._screens[first:]

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds the screens that run (``updates_below`` lets the one below)."""
        for screen in self._down_while(lambda s: s.updates_below):
            screen.update(dt)

    def visible(self) -> list[Screen]:
        """The screens a frame shows (one that ``covers`` hides those below it)."""
        return self._down_while(lambda s: not s.covers)

    def draw(self, surface: pygame.Surface) -> None:
        for screen in self.visible():
            screen.draw(surface)

    def wants_frames(self) -> bool:
        return any(screen.wants_frames() for screen in self.visible())

    def picture(self) -> tuple[tuple[int, object], ...]:
        """Which screens are visible, and each one's ``picture_key()``."""
        return tuple((id(screen), screen.picture_key()) for screen in self.visible())
