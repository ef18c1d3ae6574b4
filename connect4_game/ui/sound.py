"""Sound effects: drop, win, tie and refused move (WAV package data made by
``tools/make_sounds.py``); silent without an audio device."""

from __future__ import annotations

import contextlib
import logging
from collections import deque
from importlib import resources
from importlib.abc import Traversable

import pygame

from connect4_game.core.messages import broken_install

__all__ = ["SOUND_NAMES", "SoundPlayer", "sound_file"]

log = logging.getLogger(__name__)

SOUND_NAMES = ("drop", "win", "tie", "refused")


def sound_file(name: str) -> Traversable | None:
    """The package data file of sound ``name``, or None when it is missing; ValueError for a
    name not in :data:`SOUND_NAMES`."""
    if name not in SOUND_NAMES:
        raise ValueError(f"unknown sound {name!r}; known: {', '.join(SOUND_NAMES)}")
    res = resources.files("connect4_game") / "assets" / "sounds" / f"{name}.wav"
    return res if res.is_file() else None


class SoundPlayer:
    """Plays the game's sound effects, ``muted`` or not; ``enabled`` False: silent without touching
    the mixer. ``reason``: why some or all sounds cannot play ('' when all can); ``history``: the
    last 100 names :meth:`play` got while not muted, played or not."""

    def __init__(self, muted: bool = False, enabled: bool = True) -> None:
        self.muted = bool(muted)
        self.reason = ""
        self.history: deque[str] = deque(maxlen=100)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        if not enabled:
            self.reason = "sound disabled"
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
        except Exception as exc:  # pygame.error, or any driver failure
            self.reason = f"no audio device ({exc})"
            log.info("sound off: %s", self.reason)
            return
        missing = []
        for name in SOUND_NAMES:
            res = sound_file(name)
            if res is None:
                missing.append(name)
                continue
            try:
                with res.open("rb") as handle:
                    self._sounds[name] = pygame.mixer.Sound(file=handle)
            except Exception as exc:
                missing.append(f"{name} ({exc})")
        if missing:
            self.reason = broken_install("missing or unreadable sound(s): " + ", ".join(missing))
            log.warning("%s", self.reason)

    def play(self, name: str) -> bool:
        """Play sound ``name`` without blocking; whether it started (ValueError if unknown)."""
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound {name!r}; known: {', '.join(SOUND_NAMES)}")
        if self.muted:
            return False
        self.history.append(name)
        sound = self._sounds.get(name)
        if sound is None:
            return False
        try:
            sound.play()
        except Exception as exc:  # the device vanished mid-game: go silent
            self.reason = f"audio failed ({exc})"
            self._sounds.clear()
            return False
        return True

    def toggle_mute(self) -> bool:
        """Mute (stopping what plays) or unmute; returns ``muted``."""
        self.muted = not self.muted
        if self.muted and self._sounds:
            with contextlib.suppress(Exception):
                pygame.mixer.stop()
        return self.muted
