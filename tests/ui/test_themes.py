"""Themes: at least three, one that tells the sides apart by shape."""

import pygame
import pytest

from connect4_game.ui.themes import (
    DEFAULT_THEME,
    SCORE_LABELS,
    THEMES,
    checker_surface,
    draw_checker,
    get_theme,
    next_theme,
    score_color,
)

R = 30


def _sprite_pixels(theme, checker, radius=R):
    s = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    draw_checker(s, theme, checker, (radius + 1, radius + 1), radius)
    return s


def _mask_of_mark(theme, checker, radius=R):
    """Set of pixels (inside the checker) that are the mark colour rather than the fill."""
    s = _sprite_pixels(theme, checker, radius)
    fill = theme.x_color if checker == "X" else theme.o_color
    mark = theme.x_mark if checker == "X" else theme.o_mark
    pts = set()
    for x in range(s.get_width()):
        for y in range(s.get_height()):
            if (x - radius - 1) ** 2 + (y - radius - 1) ** 2 > (0.6 * radius) ** 2:
                continue
            c = s.get_at((x, y))
            if sum(abs(c[i] - mark[i]) for i in range(3)) < sum(abs(c[i] - fill[i]) for i in range(3)):
                pts.add((x - radius - 1, y - radius - 1))
    return pts


def test_at_least_three_themes_with_all_colours():
    assert len(THEMES) >= 3
    assert {"classic", "dark", "high_contrast"} <= set(THEMES)
    assert DEFAULT_THEME in THEMES
    classic = THEMES["classic"]
    r, g, b = classic.board
    assert b > r and b > g, "classic board is blue"
    assert classic.x_color[0] > 200 and classic.x_color[1] < 80, "classic X is red"
    assert classic.o_color[0] > 200 and classic.o_color[1] > 180, "classic O is yellow"
    for t in THEMES.values():
        assert set(t.score_colors) == {-1, 0, 50, 100}
        assert t.x_color != t.o_color
        assert t.good == t.score_colors[100] and t.bad == t.score_colors[0]


def test_high_contrast_differs_by_shape():
    hc = THEMES["high_contrast"]
    assert {hc.x_shape, hc.o_shape} == {"cross", "ring"}
    cross = _mask_of_mark(hc, "X")
    ring = _mask_of_mark(hc, "O")
    assert cross and ring
    # a cross covers the centre and the diagonals; a ring leaves the centre empty
    assert (0, 0) in cross and (0, 0) not in ring
    d = int(R * 0.3)
    assert (d, d) in cross and (-d, d) in cross
    # ring: pixels on the circle of radius ~0.48 R in all four directions
    k = int(R * 0.48)
    assert all(any(abs(px - ex) <= 2 and abs(py - ey) <= 2 for px, py in ring)
               for ex, ey in [(k, 0), (-k, 0), (0, k), (0, -k)])


def test_plain_theme_has_no_mark():
    assert _mask_of_mark(THEMES["classic"], "X") == set()


def test_next_theme_cycles_through_all():
    seen = []
    name = DEFAULT_THEME
    for _ in range(len(THEMES)):
        seen.append(name)
        name = next_theme(name)
    assert name == DEFAULT_THEME
    assert sorted(seen) == sorted(THEMES)
    assert next_theme("no-such-theme") == list(THEMES)[0]


def test_get_theme():
    assert get_theme("dark") is THEMES["dark"]
    assert get_theme(None) is THEMES[DEFAULT_THEME]
    with pytest.raises(ValueError, match="neon"):
        get_theme("neon")


def test_draw_checker_alpha_and_position():
    t = THEMES["classic"]
    s = pygame.Surface((100, 100), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    rect = draw_checker(s, t, "X", (50, 50), 20)
    assert rect.center == (50, 50) or abs(rect.centerx - 50) <= 1
    assert s.get_at((50, 50)).a >= 250
    assert s.get_at((5, 5)).a == 0
    ghost = pygame.Surface((100, 100), pygame.SRCALPHA)
    ghost.fill((0, 0, 0, 0))
    draw_checker(ghost, t, "X", (50, 50), 20, alpha=110)
    assert 80 < ghost.get_at((50, 50)).a < 140
    with pytest.raises(ValueError):
        draw_checker(s, t, "Z", (50, 50), 20)
    with pytest.raises(ValueError):
        draw_checker(s, t, "X", (50, 50), 0)
    with pytest.raises(ValueError):
        draw_checker(s, t, "X", (50, 50), 20, alpha=300)


def test_sprite_cached_and_filled_with_side_colour():
    t = THEMES["dark"]
    a = checker_surface(t, "O", 25)
    assert checker_surface(t, "O", 25) is a
    c = a.get_at((26 + 6, 26 + 6))
    assert sum(abs(c[i] - t.o_color[i]) for i in range(3)) < 60


def test_score_colors_and_labels():
    t = THEMES["high_contrast"]
    assert score_color(t, 100) == t.score_colors[100]
    assert score_color(t, 0.0) == t.score_colors[0]
    assert score_color(t, -1) == t.score_colors[-1]
    assert len({score_color(t, s) for s in (-1, 0, 50, 100)}) == 4
    assert len(set(SCORE_LABELS.values())) == 4
    with pytest.raises(ValueError):
        score_color(t, "high")


def test_theme_validates_shapes():
    base = THEMES["classic"]
    import dataclasses
    with pytest.raises(ValueError, match="star"):
        dataclasses.replace(base, x_shape="star")
