"""Easing curves and the falling checker (connect4_game.ui.animation), without a window."""

import pytest

from connect4_game.ui.animation import (
    DropAnimation,
    Fade,
    Shake,
    ease_in_out_sine,
    ease_out_back,
    ease_out_quad,
)


@pytest.mark.parametrize('curve', [ease_out_quad, ease_in_out_sine, ease_out_back])
def test_easing_curves_start_at_0_and_end_at_1(curve):
    assert curve(0.0) == pytest.approx(0.0, abs=1e-9)
    assert curve(1.0) == pytest.approx(1.0, abs=1e-9)
    assert curve(-3) == pytest.approx(0.0, abs=1e-9) and curve(7) == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize('target', [0, 3, 5, 11])
@pytest.mark.parametrize('dt', [1 / 240, 1 / 60, 0.1, 1.0])
def test_drop_comes_to_rest_exactly_in_its_slot(target, dt):
    a = DropAnimation(2, target, 'X')
    for _ in range(int(5 / dt) + 2):
        a.update(dt)
        assert a.row <= target + 1e-9          # never below its slot
        if a.done:
            break
    assert a.done and a.landed and a.row == target


def test_drop_time_grows_with_the_distance_like_gravity():
    def time_to_land(target):
        a, t = DropAnimation(0, target, 'O'), 0.0
        while not a.landed:
            a.update(0.001)
            t += 0.001
        return t
    t1, t4 = time_to_land(0), time_to_land(7)   # fall 1 row vs 8 rows
    assert t4 == pytest.approx(t1 * (8 ** 0.5), rel=0.05)


def test_shake_decays_to_zero_and_fade_reaches_one():
    s = Shake(duration=0.3)
    seen = []
    for _ in range(40):
        s.update(0.01)
        seen.append(abs(s.offset))
    assert max(seen) > 2 and s.done and s.offset == 0.0 and s.flash == 0.0
    f = Fade(0.2)
    f.update(0.1)
    assert 0 < f.value < 1
    f.update(0.5)
    assert f.done and f.value == pytest.approx(1.0)
    with pytest.raises(ValueError):
        Shake(duration=0)
