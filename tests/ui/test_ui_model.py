"""The window's pure parts: PlayerSpec and Layout (where the board goes) — no
window needed except for the Layout's Rect. The game record is tested in
tests/test_game.py, the seats and the game flow in tests/ui/test_session_flow.py."""

import pytest

from connect4_game.seat_config import PlayerSpec
from connect4_game.ui.render import Layout


def test_player_spec_validates():
    assert not PlayerSpec('ai', 5, 'RIGHT').is_human
    for bad in [dict(kind='robot'), dict(tiebreak='MIDDLE'), dict(lookahead=-1),
                dict(kind='plugin')]:
        with pytest.raises(ValueError):
            PlayerSpec(**bad)


@pytest.mark.parametrize('size', [(320, 300), (800, 760), (1920, 1080), (500, 1200)])
@pytest.mark.parametrize('rows,cols', [(4, 4), (6, 7), (12, 14)])
def test_layout_fits_keeps_square_cells_and_maps_columns(size, rows, cols):
    lay = Layout(size[0], size[1], rows, cols)
    br = lay.board_rect
    assert br.width == lay.cell * cols and br.height == lay.cell * rows
    assert br.left >= 0 and br.right <= size[0] and br.bottom <= lay.status_rect.top
    for col in range(cols):
        x, y = lay.slot_center(0, col)
        assert lay.col_at(x, y) == col
    assert lay.col_at(br.left - 1, br.top) is None and lay.col_at(br.right + 1, br.top) is None
    assert lay.col_at(br.centerx, lay.status_rect.top + 2) is None     # the status bar


def test_layout_rejects_bad_sizes():
    with pytest.raises(ValueError, match='rows'):
        Layout(800, 600, 0, 7)
    with pytest.raises(ValueError, match='width'):
        Layout(-5, 600, 6, 7)
