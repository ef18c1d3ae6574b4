"""Colour themes (:class:`Theme`, RGB tuples), mixing colours and the one checker-drawing function;
``THEMES`` is the order ``C`` cycles in."""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any

import pygame

from connect4_game.ai.score import Wdl
from connect4_game.core.checks import check_int
from connect4_game.core.side import Side
from connect4_game.i18n import N_
from connect4_game.storage.settings import DEFAULT_THEME
from connect4_game.storage.settings import THEMES as THEME_NAMES

__all__ = ["Theme", "THEMES", "DEFAULT_THEME", "SHAPES", "get_theme", "next_theme",
           "checker_surface", "set_icon", "mix", "darker", "Colour"]

RGB = tuple[int, int, int]
Colour = Sequence[int]
"""An RGB or RGBA colour (0..255 a channel)."""
SHAPES = (None, "cross", "ring")
SS = 3   # supersampling factor for anti-aliased sprites


@dataclass(frozen=True)
class Theme:
    """All colours of one look, ``(r, g, b)`` tuples of 0..255. ``x_shape`` / ``o_shape``: None,
    ``'cross'`` or ``'ring'``, the mark on that side's checkers. ``score_colors`` maps the
    assignment's scores -1 / 0 / 50 / 100 (BU CS111 ps9, Problem 4) to the analysis' colours."""

    name: str
    label: str
    background: RGB
    background2: RGB          # gradient end for the background
    board: RGB
    board_edge: RGB
    hole: RGB
    x_color: RGB
    x_outline: RGB
    o_color: RGB
    o_outline: RGB
    x_mark: RGB               # colour of the shape mark on an X checker
    o_mark: RGB
    highlight: RGB            # winning four, cursor, hint
    accent: RGB
    text: RGB
    text_dim: RGB
    status_bg: RGB
    status_text: RGB
    score_colors: dict[int, RGB] = field(default_factory=dict)
    x_shape: str | None = None
    o_shape: str | None = None

    def __post_init__(self) -> None:
        for name in ("x_shape", "o_shape"):
            if getattr(self, name) not in SHAPES:
                raise ValueError(f"{name} must be one of {SHAPES}, not {getattr(self, name)!r}")
        if set(self.score_colors) != {-1, 0, 50, 100}:
            raise ValueError(f"theme {self.name!r}: score_colors needs keys -1, 0, 50, 100")

    @property
    def good(self) -> RGB:
        """The colour of a win (and ``bad`` a loss, ``neutral`` undecided)."""
        return self.score_colors[100]

    @property
    def bad(self) -> RGB:
        return self.score_colors[0]

    @property
    def neutral(self) -> RGB:
        return self.score_colors[50]

    def wdl_colour(self, wdl: Wdl | None) -> RGB:
        """:attr:`good` for a win, :attr:`bad` for a loss, else :attr:`neutral`."""
        return self.good if wdl is Wdl.WIN else self.bad if wdl is Wdl.LOSS else self.neutral

    def side_colours(self, checker: str) -> tuple[RGB, RGB, RGB, str | None]:
        if checker == Side.X:
            return self.x_color, self.x_outline, self.x_mark, self.x_shape
        if checker == Side.O:
            return self.o_color, self.o_outline, self.o_mark, self.o_shape
        raise ValueError(f"checker must be a Side, not {checker!r}")


_LABELS = (N_("Classic"), N_("Dark"), N_("High contrast"), N_("Paper"))   # for translators


def _load_themes() -> OrderedDict[str, Theme]:
    """The themes of ``themes.json``, in its order (high contrast: the Okabe-Ito colours)."""
    loaded: OrderedDict[str, Theme] = OrderedDict()
    for entry in json.loads(files("connect4_game.ui").joinpath("themes.json").read_text("utf-8")):
        fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v
                                  for k, v in entry.items()}
        fields["score_colors"] = {int(k): tuple(v) for k, v in entry["score_colors"].items()}
        loaded[entry["name"]] = Theme(**fields)
    return loaded


THEMES = _load_themes()

assert tuple(THEMES) == THEME_NAMES, "the themes drawn here are the ones the settings name"


def get_theme(name: str | None) -> Theme:
    """The theme called ``name`` (None: the default); ValueError, listing the known ones, for
    an unknown name."""
    if name is None:
        return THEMES[DEFAULT_THEME]
    try:
        return THEMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown theme {name!r}; choose from {', '.join(THEMES)}") from None


def next_theme(name: str) -> str:
    """The name after ``name`` in ``THEMES`` (wrapping round; unknown: the first)."""
    names = list(THEMES)
    return names[(names.index(name) + 1) % len(names)] if name in THEMES else names[0]


def mix(a: Colour, b: Colour, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b`` (RGB tuples, ``t`` in 0..1)."""
    r, g, bl = (int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))
    return (r, g, bl)


def darker(c: Colour, f: float = 0.7) -> RGB:
    """``c`` with every channel times ``f``."""
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f))


_CACHE: dict[tuple[RGB, RGB, RGB, str | None, int], pygame.Surface] = {}
_CACHE_MAX = 64
pygame.register_quit(_CACHE.clear)   # no sprite outlives pygame.quit()


def checker_surface(theme: Theme, checker: str, radius: int) -> pygame.Surface:
    """A cached, anti-aliased sprite of ``checker``, ``2*radius + 2`` px square; ValueError for
    a checker other than a side or a radius < 1."""
    fill, outline, mark_color, shape = theme.side_colours(checker)
    check_int(radius, 1, None, "radius")
    key = (fill, outline, mark_color, shape, radius)
    sprite = _CACHE.get(key)
    if sprite is not None:
        return sprite
    r = radius * SS
    d = 2 * r + 2 * SS
    big = pygame.Surface((d, d), pygame.SRCALPHA)
    c = (d // 2, d // 2)
    pygame.draw.circle(big, outline, c, r)
    pygame.draw.circle(big, fill, c, int(r * 0.88))
    if shape is None:        # a groove and shine, left out under a shape mark
        pygame.draw.circle(big, darker(fill, 0.86), c, int(r * 0.70), max(1, int(r * 0.05)))
        shine = pygame.Surface((d, d), pygame.SRCALPHA)
        pygame.draw.circle(shine, (255, 255, 255, 60),
                           (int(c[0] - r * 0.28), int(c[1] - r * 0.30)), int(r * 0.34))
        big.blit(shine, (0, 0))
    if shape == "cross":
        w = max(2, int(r * 0.20))
        a = r * 0.42
        pygame.draw.line(big, mark_color, (c[0] - a, c[1] - a), (c[0] + a, c[1] + a), w)
        pygame.draw.line(big, mark_color, (c[0] - a, c[1] + a), (c[0] + a, c[1] - a), w)
    elif shape == "ring":
        pygame.draw.circle(big, mark_color, c, int(r * 0.48), max(2, int(r * 0.16)))
    sprite = pygame.transform.smoothscale(big, (2 * radius + 2, 2 * radius + 2))
    if len(_CACHE) >= _CACHE_MAX:
        _CACHE.clear()
    _CACHE[key] = sprite
    return sprite


def set_icon(theme: Theme) -> None:
    """A checker of each side as the 32 x 32 pixel window icon (best effort)."""
    try:
        icon = pygame.Surface((32, 32), pygame.SRCALPHA)
        icon.blit(checker_surface(theme, Side.O, 10), (10, 0))
        icon.blit(checker_surface(theme, Side.X, 10), (0, 10))
        pygame.display.set_icon(icon)
    except (pygame.error, ValueError):
        pass
