"""User settings that persist across runs.

Settings are one JSON object in the user's configuration directory, found by
`platformdirs <https://pypi.org/project/platformdirs/>`_ (for example
``~/.config/connect4_game/settings.json`` on Linux). Tests and scripts can
point every persistent file of the game (settings, statistics, autosave) at
another directory with the environment variable ``CONNECT4_CONFIG_DIR``.

Loading never raises and never blocks. The file is read through
:mod:`connect4_game.storage.userfiles`; one that cannot be used at all (unreadable,
not a regular file, too large, not UTF-8, not JSON, not a JSON object) gives
the defaults plus one warning, and is moved aside to
``settings.json.bad-<YYYYmmdd-HHMMSS>`` so the next start is clean. In a
usable file each unknown or invalid field is dropped on its own (with a
warning) while the valid ones are kept. Warnings quote at most a clipped
piece of any key or value (:mod:`connect4_game.messages`). Saving is atomic
(:mod:`connect4_game.storage.atomic`), so a crash mid-write keeps the previous file.

This module never imports pygame.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Callable

from connect4_game.storage.atomic import atomic_write_json
from connect4_game.storage.userfiles import (UserFileError, bounded_warnings, json_kind, load_json, quote_value,
                        set_aside, shown_path)

__all__ = [
    "APP_NAME", "CONFIG_ENV", "SETTINGS_FILE", "PLAYER_KINDS", "TIEBREAKS",
    "MIN_ROWS", "MAX_ROWS", "MIN_COLS", "MAX_COLS", "MAX_LOOKAHEAD",
    "Settings", "config_dir", "settings_path", "load_settings",
    "save_settings",
]

APP_NAME = "connect4_game"
CONFIG_ENV = "CONNECT4_CONFIG_DIR"
SETTINGS_FILE = "settings.json"
SETTINGS_VERSION = 1

PLAYER_KINDS = ("human", "random", "ai")
TIEBREAKS = ("LEFT", "RIGHT", "RANDOM")
MIN_ROWS, MAX_ROWS = 4, 12          # the boards the game offers: 4x4 up to 12x14
MIN_COLS, MAX_COLS = 4, 14
MAX_LOOKAHEAD = 42                  # deeper than any board the game offers needs
MIN_WINDOW, MAX_WINDOW = 200, 10000  # pixels
MIN_PACE, MAX_PACE = 0.0, 60.0      # seconds


def config_dir() -> Path:
    """The directory holding settings.json, stats.json and autosave.json.

    ``$CONNECT4_CONFIG_DIR`` if set and non-empty, else
    ``platformdirs.user_config_dir("connect4_game")``. The directory is not
    created here; the atomic writers create it on first save.
    """
    override = os.environ.get(CONFIG_ENV, "").strip()
    if override:
        return Path(override).expanduser()
    import platformdirs  # runtime dependency; imported lazily to keep import cheap
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    """Full path of the settings file (see :func:`config_dir`)."""
    return config_dir() / SETTINGS_FILE


# -- field validation ---------------------------------------------------------

def _int_range(lo: int, hi: int) -> Callable[[Any], int]:
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ValueError(f"must be an integer from {lo} to {hi}, not {quote_value(value)}")
        return value
    return check


def _float_range(lo: float, hi: float) -> Callable[[Any], float]:
    def check(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not lo <= value <= hi:   # also rejects NaN
            raise ValueError(f"must be a number from {lo} to {hi}, not {quote_value(value)}")
        return float(value)
    return check


def _choice(options: tuple[str, ...]) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if value not in options or not isinstance(value, str):
            raise ValueError(f"must be one of {', '.join(options)}, not {quote_value(value)}")
        return value
    return check


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"must be true or false, not {quote_value(value)}")
    return value


def _theme_name(value: Any) -> str:
    # The list of themes lives in the ui package (pygame); here we only check
    # the shape. The UI falls back to its default theme for an unknown name.
    if not isinstance(value, str) or not value.strip() or len(value) > 40:
        raise ValueError(f"must be a theme name, not {quote_value(value)}")
    return value


_LOOKAHEAD = _int_range(0, MAX_LOOKAHEAD)
_TIEBREAK = _choice(TIEBREAKS)
_KIND = _choice(PLAYER_KINDS)
_WINDOW = _int_range(MIN_WINDOW, MAX_WINDOW)

_VALIDATORS: dict[str, Callable[[Any], Any]] = {
    "lookahead": _LOOKAHEAD,
    "tiebreak": _TIEBREAK,
    "x_kind": _KIND,
    "x_lookahead": _LOOKAHEAD,
    "x_tiebreak": _TIEBREAK,
    "o_kind": _KIND,
    "o_lookahead": _LOOKAHEAD,
    "o_tiebreak": _TIEBREAK,
    "theme": _theme_name,
    "muted": _boolean,
    "rows": _int_range(MIN_ROWS, MAX_ROWS),
    "cols": _int_range(MIN_COLS, MAX_COLS),
    "window_width": _WINDOW,
    "window_height": _WINDOW,
    "expert": _boolean,
    "demo_pace": _float_range(MIN_PACE, MAX_PACE),
}


@dataclass(frozen=True)
class Settings:
    """Everything the game remembers between runs.

    Fields (units and valid values):

    * ``lookahead`` (int 0..42) and ``tiebreak`` ('LEFT'/'RIGHT'/'RANDOM'):
      the AI strength the ``0``-``9`` and ``T`` hotkeys change.
    * ``x_kind``/``o_kind`` ('human', 'random' or 'ai') with
      ``x_lookahead``/``x_tiebreak`` and ``o_lookahead``/``o_tiebreak``:
      who plays each side and how strong an AI side is.
    * ``theme`` (a theme name from ``connect4_game.ui.themes.THEMES``).
    * ``muted`` (bool).
    * ``rows`` (4..12) and ``cols`` (4..14): the board size.
    * ``window_width``/``window_height`` (pixels, 200..10000).
    * ``expert`` (bool): expert mode.
    * ``demo_pace`` (seconds, 0..60): pause between moves in the demo.

    Constructing a Settings (or :meth:`replace`) with an invalid value raises
    ``ValueError`` naming the field and the value. Instances are immutable.
    """

    lookahead: int = 6          # = connect4_game.ui.app.DEFAULT_LOOKAHEAD (well under 1 s)
    tiebreak: str = "RANDOM"    # the window's default: LEFT would open in the corner every game
    x_kind: str = "human"
    x_lookahead: int = 6
    x_tiebreak: str = "RANDOM"
    o_kind: str = "ai"
    o_lookahead: int = 6
    o_tiebreak: str = "RANDOM"
    theme: str = "classic"
    muted: bool = False
    rows: int = 6
    cols: int = 7
    window_width: int = 800
    window_height: int = 760
    expert: bool = False
    demo_pace: float = 0.5

    def __post_init__(self) -> None:
        for f in fields(self):
            try:
                value = _VALIDATORS[f.name](getattr(self, f.name))
            except ValueError as exc:
                raise ValueError(f"setting {f.name!r} {exc}") from None
            object.__setattr__(self, f.name, value)

    def replace(self, **changes: Any) -> "Settings":
        """A copy with ``changes`` applied.

        :raises ValueError: for an unknown field name or an invalid value.
        """
        unknown = sorted(set(changes) - set(_VALIDATORS))
        if unknown:
            shown = ", ".join(quote_value(k) for k in unknown[:5])
            raise ValueError(f"unknown setting(s): {shown}")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every field plus ``"version"``."""
        data = dataclasses.asdict(self)
        data["version"] = SETTINGS_VERSION
        return data

    @classmethod
    def from_dict(cls, data: Any) -> tuple["Settings", list[str]]:
        """Build Settings from a parsed JSON object, never raising.

        Returns ``(settings, warnings)``: fields missing from ``data`` take
        their defaults; each unknown or invalid field is skipped with one
        warning string naming it (key and value clipped). A ``data`` that is
        not a dict gives the defaults and one warning.
        """
        warnings: list[str] = []
        if not isinstance(data, dict):
            return cls(), [f"settings are not a JSON object (got {json_kind(data)}); "
                           "using defaults"]
        good: dict[str, Any] = {}
        for key, value in data.items():
            if key == "version":
                continue
            check = _VALIDATORS.get(key)
            if check is None:
                warnings.append(f"ignoring unknown setting {quote_value(key)}")
                continue
            try:
                good[key] = check(value)
            except ValueError as exc:
                warnings.append(f"ignoring setting {quote_value(key)}: {exc}")
        return cls(**good), warnings


def load_settings(path: str | os.PathLike | None = None) -> tuple[Settings, list[str]]:
    """Load the settings; never raises, never blocks, logs nothing.

    :param path: the file to read; default :func:`settings_path`.
    :returns: ``(settings, warnings)``, each warning one line. A missing
        file gives the defaults and no warning. A file that cannot be used at
        all gives the defaults and one warning, and is moved aside (see
        :func:`connect4_game.storage.userfiles.set_aside`; the warning says where).
        Invalid fields are dropped one by one with a warning each (at most
        :data:`~connect4_game.storage.userfiles.MAX_WARNINGS`, then one line counting
        the rest).
    """
    target = Path(path) if path is not None else settings_path()
    what, outcome = "settings file", "started with default settings"
    try:
        data = load_json(target, what)
        if not isinstance(data, dict):
            raise UserFileError(target, f"is JSON but not settings (it holds "
                                        f"{json_kind(data)}, not a JSON object)", what)
        settings, problems = Settings.from_dict(data)
    except UserFileError as exc:
        if exc.missing:
            return Settings(), []
        return Settings(), [set_aside(target, what, exc.reason, outcome)]
    except Exception as exc:         # a validator's bug must not stop the game starting
        reason = f"could not be read ({type(exc).__name__})"
        return Settings(), [set_aside(target, what, reason, outcome)]
    return settings, bounded_warnings(f"{what} {shown_path(target)}", problems)


def save_settings(settings: Settings, path: str | os.PathLike | None = None) -> Path:
    """Write ``settings`` atomically as JSON and return the file's path.

    :raises TypeError: if ``settings`` is not a :class:`Settings`.
    :raises OSError: if the directory cannot be written (the caller decides
        whether to show it; the previous file stays intact).
    """
    if not isinstance(settings, Settings):
        raise TypeError(f"expected Settings, got {type(settings).__name__}")
    target = Path(path) if path is not None else settings_path()
    return atomic_write_json(target, settings.to_dict())
