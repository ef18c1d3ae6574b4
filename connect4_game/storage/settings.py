"""The settings that persist across runs: one JSON object in the configuration directory
(platformdirs, or ``$CONNECT4_CONFIG_DIR``; docs/files.md), and the limits of the window's choices."""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from pathlib import Path

from connect4_game.ai.levels import DEFAULT_LEVEL
from connect4_game.core.board import DEFAULT_COLS, DEFAULT_ROWS, check_cols, check_rows
from connect4_game.core.checks import (
    check_bool,
    check_choice,
    check_lookahead,
    check_number,
    is_int,
    shown,
)
from connect4_game.i18n import LANGUAGES
from connect4_game.players import DEFAULT_LOOKAHEAD, DEFAULT_TIEBREAK, MAX_LOOKAHEAD, check_tiebreak
from connect4_game.seat_config import PlayerSpec, SeatKind
from connect4_game.storage import userfiles
from connect4_game.storage.atomic import atomic_write_bytes, json_bytes, remove_stale_temp_files
from connect4_game.storage.userfiles import json_object, load_user_json

# -- the window's choices (the settings keep them; the window draws them) ----------------
THEMES = ('classic', 'dark', 'high_contrast', 'paper')    # in the theme key's order
DEFAULT_THEME = 'classic'
MIN_WINDOW_W, MIN_WINDOW_H = 520, 480   # pixels: the board and text stay readable
MAX_WINDOW = 8192                       # pixels: pygame crashes on larger windows
DEFAULT_WINDOW = (800, 760)             # pixels

MIN_PACE, MAX_PACE = 0.0, 3.0       # seconds between moves when computers play each other
DEFAULT_PACE = 0.5
DEMO_GAP = 2.0                      # seconds between two games of the demo


def check_window_size(value: object, what: str = 'the window') -> tuple[int, int]:
    """A window size ``(width, height)`` in pixels, for ``--size`` and the settings file.
    :raises ValueError: naming the size."""
    if not (isinstance(value, (tuple, list)) and len(value) == 2):
        raise ValueError(f'{what} must be WIDTHxHEIGHT in pixels, not {shown(value)}')
    width, height = value
    if not (is_int(width, MIN_WINDOW_W, MAX_WINDOW) and is_int(height, MIN_WINDOW_H, MAX_WINDOW)):
        raise ValueError(f'{what} must be between {MIN_WINDOW_W}x{MIN_WINDOW_H} and '
                         f'{MAX_WINDOW}x{MAX_WINDOW}, not {shown(width)}x{shown(height)}')
    return (width, height)


__all__ = ["APP_NAME", "CONFIG_ENV", "SETTINGS_FILE", "Settings", "config_dir", "config_file",
           "load_settings", "save_settings", "clean_config_dir"]

APP_NAME = "connect4_game"
CONFIG_ENV = "CONNECT4_CONFIG_DIR"
SETTINGS_FILE = "settings.json"
SETTINGS_VERSION = 3


def config_dir() -> Path:
    """``$CONNECT4_CONFIG_DIR`` if set, else platformdirs' user config folder (not made)."""
    override = os.environ.get(CONFIG_ENV, "").strip()
    if override:
        return Path(override).expanduser()
    import platformdirs
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def config_file(path: str | os.PathLike[str] | None, name: str) -> Path:
    """``path``, or (None) the file ``name`` of :func:`config_dir`."""
    return Path(path) if path is not None else config_dir() / name


def _player(v: object) -> PlayerSpec:
    """A side's player as the file keeps it: a plug-in or a friend is not kept."""
    spec = v if isinstance(v, PlayerSpec) else PlayerSpec.from_json(v)
    if spec.kind in (SeatKind.PLUGIN, SeatKind.REMOTE):
        raise ValueError(f'a {spec.kind} player is not kept in the settings')
    return spec


_OLD_PLAYER_KEYS = ("kind", "level", "lookahead", "tiebreak")    # an older file's x_kind, ...
_WINDOW_FIELDS = ("window_width", "window_height")    # checked together, as --size is

_VALIDATORS: dict[str, Callable[[object], object]] = {
    "lookahead": lambda v: check_lookahead(v, 'lookahead', MAX_LOOKAHEAD),
    "tiebreak": check_tiebreak,
    "x": _player,
    "o": _player,
    "theme": lambda v: check_choice(v, THEMES, 'theme'),
    "muted": lambda v: check_bool(v, 'muted'),
    "rows": check_rows,
    "cols": check_cols,
    "expert": lambda v: check_bool(v, 'expert'),
    "demo_pace": lambda v: check_number(v, MIN_PACE, MAX_PACE, 'pace'),
    "language": lambda v: check_choice(v, ('',) + LANGUAGES, 'language'),
}   # each field's check, the command line's; the window size's is check_window_size

_FIELDS = frozenset(_VALIDATORS) | frozenset(_WINDOW_FIELDS)


def _window_problem(keys: Iterable[str]) -> str:
    names = [k for k in _WINDOW_FIELDS if k in keys]
    return f"setting{'s' if len(names) > 1 else ''} {', '.join(repr(k) for k in names)}"


@dataclass(frozen=True)
class Settings:
    """What the game remembers between runs: ``lookahead`` (plies) and ``tiebreak`` of BU CS111
    ps9's AIPlayer, ``window_width``/``window_height`` (pixels), ``demo_pace`` (seconds),
    ``language`` ('' for the system's), ... each checked as its option.
    :raises ValueError: naming the field and the value."""

    lookahead: int = DEFAULT_LOOKAHEAD
    tiebreak: str = DEFAULT_TIEBREAK
    x: PlayerSpec = PlayerSpec()
    o: PlayerSpec = PlayerSpec.for_level(DEFAULT_LEVEL)
    theme: str = DEFAULT_THEME
    muted: bool = False
    rows: int = DEFAULT_ROWS
    cols: int = DEFAULT_COLS
    window_width: int = DEFAULT_WINDOW[0]
    window_height: int = DEFAULT_WINDOW[1]
    expert: bool = False
    demo_pace: float = DEFAULT_PACE
    language: str = ""

    def __post_init__(self) -> None:
        for f in fields(self):
            if f.name in _WINDOW_FIELDS:
                continue
            try:
                value = _VALIDATORS[f.name](getattr(self, f.name))
            except ValueError as exc:
                raise ValueError(f"setting {f.name!r}: {exc}") from None
            object.__setattr__(self, f.name, value)
        try:
            check_window_size((self.window_width, self.window_height))
        except ValueError as exc:
            raise ValueError(f"{_window_problem(_WINDOW_FIELDS)}: {exc}") from None

    def replace(self, **changes: object) -> Settings:
        """A copy with ``changes``. :raises ValueError: for an unknown field or a bad value."""
        unknown = sorted(set(changes) - _FIELDS)
        if unknown:
            listed = ", ".join(shown(k) for k in unknown[:5])
            raise ValueError(f"unknown setting(s): {listed}")
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, object]:
        return {**{f.name: getattr(self, f.name) for f in fields(self)}, "x": self.x.to_json(),
                "o": self.o.to_json(), "version": SETTINGS_VERSION}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> tuple[Settings, list[str]]:
        """``(settings, warnings)`` from a parsed JSON object: a missing field at its default, an
        unknown or invalid one skipped with a warning. Never raises."""
        warnings: list[str] = []
        good: dict[str, object] = {}
        data = _new_players(data)
        for key, value in data.items():
            if key == "version" or key in _WINDOW_FIELDS:
                continue
            check = _VALIDATORS.get(key)
            if check is None:
                warnings.append(f"ignoring unknown setting {shown(key)}")
                continue
            try:
                good[key] = check(value)
            except ValueError as exc:
                warnings.append(f"ignoring setting {shown(key)}: {exc}")
        good.update(_window_from(data, warnings))
        return cls(**good), warnings      # type: ignore[arg-type]  # each one checked


def _new_players(data: dict[str, object]) -> dict[str, object]:
    """``data`` with an older file's ``x_kind``, ``x_level``, ... read as the player ``x``."""
    data = dict(data)
    for side in ("x", "o"):
        old = {k: data.pop(f"{side}_{k}") for k in _OLD_PLAYER_KEYS if f"{side}_{k}" in data}
        if old and side not in data:
            kind, level = ("human", "") if side == "x" else ("ai", DEFAULT_LEVEL)
            old = {"kind": kind, "level": level, **old}
            if old["kind"] != "ai":
                old.pop("level")
            data[side] = old
    return data


def _window_from(data: dict[str, object], warnings: list[str]) -> dict[str, object]:
    """The window size fields of ``data`` if they make a size; else ``{}`` and a warning."""
    given = {k: data[k] for k in _WINDOW_FIELDS if k in data}
    if not given:
        return {}
    size = (given.get("window_width", DEFAULT_WINDOW[0]),
            given.get("window_height", DEFAULT_WINDOW[1]))
    try:
        check_window_size(size)
    except ValueError as exc:
        warnings.append(f"ignoring {_window_problem(given)}: {exc}")
        return {}
    return given


def load_settings(path: str | os.PathLike[str] | None = None) -> tuple[Settings, list[str]]:
    """``(settings, warnings)`` of ``path`` (default :data:`SETTINGS_FILE`), as
    :func:`~connect4_game.storage.userfiles.load_user_json`; a file with bad fields is moved aside
    and written again with its valid ones. Never raises."""
    target = config_file(path, SETTINGS_FILE)
    what = "settings file"
    def read(data: object) -> tuple[Settings, list[str]]:
        return Settings.from_dict(json_object(data, target, what, "settings"))
    settings, warnings = load_user_json(target, what, "started with default settings", read)
    if settings is None:
        return Settings(), warnings
    if warnings:
        warnings[-1] += "; " + userfiles.moved_aside(target, "kept the valid ones")
        with contextlib.suppress(OSError):
            save_settings(settings, target)
    return settings, warnings


def clean_config_dir(directory: str | os.PathLike[str] | None = None) -> int:
    """Remove the temporary files killed writers left in the configuration directory and its
    ``saved_games``; how many. Never raises."""
    base = Path(directory) if directory is not None else config_dir()
    return sum(remove_stale_temp_files(folder) for folder in (base, base / "saved_games"))


def save_settings(settings: Settings, path: str | os.PathLike[str] | None = None) -> Path:
    """Write ``settings`` atomically as JSON; returns the path.
    :raises TypeError: for no :class:`Settings`. :raises OSError: if it cannot be written."""
    if not isinstance(settings, Settings):
        raise TypeError(f"expected Settings, got {type(settings).__name__}")
    target = config_file(path, SETTINGS_FILE)
    return atomic_write_bytes(target, json_bytes(settings.to_dict()))
