"""What the screens share besides the game: the settings file, the statistics and the
clipboard, one small class each."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable

import pygame

from connect4_game.core.messages import clip
from connect4_game.storage.settings import Settings
from connect4_game.storage.stats import Stats, load_stats

__all__ = ['SettingsStore', 'StatsService', 'Clipboard', 'ClipboardError']

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


class StatsService:
    """The statistics file (``use_file`` False: an empty record never written); ``on_record`` is
    called after each :meth:`record`."""

    def __init__(self, use_file: bool, on_record: Callable[[], None] | None = None) -> None:
        self.use_file = bool(use_file)
        self.on_record = on_record
        self._stats: Stats | None = None

    def open(self) -> Stats:
        """The :class:`~connect4_game.storage.stats.Stats`, read on the first call."""
        if self._stats is None:
            if self.use_file:
                self._stats, warnings = load_stats()
                for w in warnings:
                    log.warning('%s', clip(w, 300))
            else:
                self._stats = Stats(os.devnull)
        return self._stats

    def record(self, x: str, o: str, result: str) -> None:
        """Count one finished game of ``x`` against ``o`` (``result`` a side or 'tie'), saved at
        once when the app uses the file.

        :raises ValueError: for an unknown result or a bad player name.
        :raises OSError: if the file cannot be written.
        """
        self.open().record(x, o, result, save=self.use_file)
        if self.on_record is not None:
            self.on_record()


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
