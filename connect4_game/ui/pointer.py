"""The mouse for the tooltip of a text drawn cut short."""

from __future__ import annotations

import pygame

from connect4_game.ui import text_fit
from connect4_game.ui.widgets import TOOLTIP_DELAY

__all__ = ['CutTextTips']


class CutTextTips:
    """The tooltip of a cut text under the resting mouse: ``mouse`` (window px, None: outside),
    ``rest`` (seconds unmoved), ``hidden`` (a click or Esc put it away until the mouse moves)."""

    def __init__(self) -> None:
        self.mouse: tuple[int, int] | None = None
        self.rest = 0.0
        self.hidden = False

    def follow(self, e: pygame.event.Event) -> None:
        """A move shows the tooltip again (after the delay), a click hides it."""
        if e.type == pygame.MOUSEMOTION:
            self.mouse, self.rest, self.hidden = tuple(e.pos), 0.0, False
        elif e.type == pygame.MOUSEBUTTONDOWN:
            self.mouse, self.hidden = tuple(e.pos), True
        elif e.type == getattr(pygame, 'WINDOWLEAVE', -1):
            self.mouse = None

    def advance(self, dt: float) -> None:
        self.rest += dt

    def due(self) -> text_fit.TextDrawn | None:
        """The cut text under the resting mouse whose tooltip is due now, or None."""
        if self.mouse is None or self.hidden or self.rest < TOOLTIP_DELAY:
            return None
        return text_fit.cut_text_at(self.mouse)

    def pending(self) -> bool:
        """Whether the mouse rests on a cut text whose tooltip is not due yet."""
        return self.mouse is not None and not self.hidden and self.rest < TOOLTIP_DELAY \
            and text_fit.cut_text_at(self.mouse) is not None

    def hide(self) -> bool:
        """Put the tooltip shown now away (Esc); returns whether one was shown."""
        shown = self.due() is not None
        self.hidden = True
        return shown
