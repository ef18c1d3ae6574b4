"""Themes: at least three, one that tells the sides apart by shape."""

import pygame
import pytest

from connect4_game.ui.themes import (
    DEFAULT_THEME,
    THEMES,
    checker_surface,
    get_theme,
    next_theme,
)

R = 30


def _sprite_pixels(theme, checker, radius=R):
    s = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    s.blit(checker_surface(theme, checker, radius), (0, 0))
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


def test_checker_sprite_is_a_centred_round_checker():
    t = THEMES["classic"]
    s = checker_surface(t, "X", 20)
    assert s.get_size() == (42, 42)
    assert s.get_at((21, 21)).a >= 250
    assert s.get_at((1, 1)).a == 0
    with pytest.raises(ValueError):
        checker_surface(t, "Z", 20)
    with pytest.raises(ValueError):
        checker_surface(t, "X", 0)


def test_sprite_cached_and_filled_with_side_colour():
    t = THEMES["dark"]
    a = checker_surface(t, "O", 25)
    assert checker_surface(t, "O", 25) is a
    c = a.get_at((26 + 6, 26 + 6))
    assert sum(abs(c[i] - t.o_color[i]) for i in range(3)) < 60


def test_every_score_has_its_own_colour():
    for t in THEMES.values():
        assert len(set(t.score_colors.values())) == 4, t.name


def test_theme_validates_shapes():
    base = THEMES["classic"]
    import dataclasses
    with pytest.raises(ValueError, match="star"):
        dataclasses.replace(base, x_shape="star")


def test_high_contrast_badges_differ_from_both_checkers():
    """In high contrast a 'loss' badge (and every other) is far from X's and O's colour, so it
    is never read as a checker's (Okabe-Ito's reddish purple, not a vermillion next to X's
    orange)."""
    t = get_theme('high_contrast')

    def apart(a, b):
        return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5
    for colour in (t.bad, t.good, t.neutral):
        assert apart(colour, t.x_color) > 120 and apart(colour, t.o_color) > 110, colour
