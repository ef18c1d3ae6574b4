"""What the screens share besides the game: settings file, sound, statistics, clipboard and
language, one small class each. A service that fails at start reports through ``note(text)`` and
goes on with a safe default; a changed setting goes to ``remember(**changes)``."""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable

import pygame

from connect4_game.core.messages import clip
from connect4_game.i18n import _
from connect4_game.storage.settings import Settings
from connect4_game.storage.stats import Stats, load_stats
from connect4_game.ui.sound import SoundPlayer

__all__ = ['SettingsStore', 'SoundService', 'StatsService', 'Clipboard', 'ClipboardError']

log = logging.getLogger(__name__)

Note = Callable[[str], None]
Remember = Callable[..., None]


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


class SoundService:
    """The sound effects and the mute switch (kept by ``remember``); ``note`` reports why the
    window is silent. ``player``: the :class:`~connect4_game.ui.sound.SoundPlayer`."""

    def __init__(self, muted: bool, remember: Remember, note: Note) -> None:
        self.muted = bool(muted)
        self.remember = remember
        self.player = self._open(note)

    def _open(self, note: Note) -> SoundPlayer:
        try:
            return SoundPlayer(muted=self.muted)
        except Exception as exc:  # a failing driver: play silently
            note(_('Sound off: {why}').format(why=clip(exc, 120)))
            return SoundPlayer(muted=True, enabled=False)

    def play(self, name: str) -> None:
        """Play sound ``name`` unless muted; a failing device stays quiet."""
        if self.muted:
            return
        with contextlib.suppress(Exception):
            self.player.play(name)

    def toggle_mute(self) -> bool:
        """Mute (stopping what plays) or unmute, remember it; returns ``muted``."""
        self.muted = not self.muted
        self.player.muted = self.muted
        if self.muted:
            self.player.stop()
        self.remember(muted=self.muted)
        return self.muted


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
