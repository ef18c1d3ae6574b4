"""The screen protocol of the window's state stack."""

from __future__ import annotations

__all__ = ['Screen']


class Screen:
    """One screen of the app: it gets the events while it is on top of the
    stack, is updated with ``dt`` in seconds and draws the whole window.

    :param app: the :class:`~connect4_game.ui.app.App` (window, services,
        the stack: ``app.push(screen)``, ``app.pop()``).

    ``covers`` False means the screen below is drawn first (a dialog over
    the game); ``updates_below`` True keeps the screen below updating (the
    game goes on -- the computer moves, the clock runs -- under a dialog).
    """

    covers = True
    updates_below = True

    def __init__(self, app) -> None:
        self.app = app

    def process_event(self, event) -> None:
        """Handle one pygame event."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface) -> None:
        """Draw the screen onto ``surface``."""

    def resume(self) -> None:
        """The screen is on top of the stack again."""

    def pause(self) -> None:
        """Another screen is pushed over this one."""

    def close(self) -> None:
        """Leave this screen (pop it off the stack)."""
        self.app.pop(self)
