"""What the window keeps besides the game: the settings file and the clipboard."""

from __future__ import annotations

import logging

import pygame

from connect4_game.core.messages import clip
from connect4_game.storage.settings import Settings

__all__ = ['SettingsStore', 'Clipboard', 'ClipboardError']

log = logging.getLogger(__name__)


class SettingsStore:
    """The player's :class:`~connect4_game.storage.settings.Settings` (``use_file`` False never
    touches the file)."""

    def __init__(self, use_file: bool) -> None:
        self.use_file = bool(use_file)
        self.settings = Settings()
        self.dirty = False

    def load(self) -> list[str]:
        """Read the settings file (after removing killed writers' temporary files); returns the
        warnings (a bad value falls back to the default), [] without a file."""
        if not self.use_file:
            return []
        from connect4_game.storage.settings import clean_config_dir, load_settings
        clean_config_dir()
        self.settings, warnings = load_settings()
        return list(warnings)

    def remember(self, **changes: object) -> None:
        """Change settings, e.g. ``remember(theme='dark')``; a refused change is ignored."""
        try:
            self.settings = self.settings.replace(**changes)
            self.dirty = True
        except ValueError:
            pass

    def save(self) -> bool:
        """Write changed settings if the app uses the file; returns whether (failures logged)."""
        if not (self.use_file and self.dirty):
            return False
        from connect4_game.storage.settings import save_settings
        try:
            save_settings(self.settings)
        except OSError as exc:
            log.warning('could not save settings: %s', clip(exc, 200))
            return False
        self.dirty = False
        return True


class ClipboardError(RuntimeError):
    """There is no clipboard here (the message says why)."""


class Clipboard:
    """The system clipboard (``pygame.scrap``): text only."""

    @staticmethod
    def put_text(text: str) -> None:
        """Put ``text`` on the clipboard.

        :raises ClipboardError: when there is no clipboard.
        """
        try:
            pygame.scrap.put_text(text)
        except (pygame.error, AttributeError, RuntimeError) as exc:
            raise ClipboardError(str(exc)) from exc

    @staticmethod
    def get_text() -> str:
        """The text on the clipboard ('' for none or not text).

        :raises ClipboardError: when there is no clipboard.
        """
        try:
            text = pygame.scrap.get_text()
        except (pygame.error, AttributeError, RuntimeError) as exc:
            raise ClipboardError(str(exc)) from exc
        return text if isinstance(text, str) else ''
