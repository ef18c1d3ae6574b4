"""The window's pure parts: GameRecord (moves, undo/redo, result), PlayerConfig,
Layout (where the board goes) — no window needed except for the Layout's Rect."""

import pytest

from connect4_game.ui.session import GameRecord, PlayerConfig, message_for_result
from connect4_game.ui.render import Layout


def test_model_plays_alternately_and_reports_a_win_with_the_seed_message():
    m = GameRecord(6, 7)
    for col in [0, 1, 0, 1, 0, 1]:
        m.play(col)
    assert m.to_move == 'X' and not m.over
    assert m.play(0) == 2                        # landed in row 2
    assert m.result[:2] == ('win', 'X') and m.result[2] == [(2, 0), (3, 0), (4, 0), (5, 0)]
    assert m.message() == 'Player X wins in 4 moves.'
    with pytest.raises(ValueError, match='over'):
        m.play(3)


def test_model_tie_and_message():
    m = GameRecord(4, 4, [0, 1, 0, 1, 1, 0, 1, 0, 2, 3, 2, 3, 3, 2, 3, 2])
    assert m.result == ('tie',) and m.message() == "It's a tie!"


@pytest.mark.parametrize('moves,needle', [([7], 'move 1: column must be an integer from 0 to 6, not 7'),
                                          ([0] * 7, 'move 7: column 0 is full'),
                                          ([0, 1, 0, 1, 0, 1, 0, 2], 'move 8 (2) comes after')])
def test_model_refuses_bad_start_positions_naming_the_move(moves, needle):
    with pytest.raises(ValueError, match=needle.replace('(', r'\(').replace(')', r'\)')):
        GameRecord(6, 7, moves)


def test_undo_redo_round_trip_and_redo_cleared_by_a_new_move():
    m = GameRecord(6, 7, [3, 3, 4])
    assert m.undo() == 4 and m.undo() == 3 and m.moves == [3]
    assert m.redo() == 3 and m.moves == [3, 3]
    m.play(0)
    assert m.redo_stack == [] and m.redo() is None
    assert m.board == m.replay() and m.move_string() == '330'
    assert GameRecord(6, 7).undo() is None


def test_undo_after_a_win_reopens_the_game():
    m = GameRecord(6, 7, [0, 1, 0, 1, 0, 1, 0])
    assert m.over
    m.undo()
    assert not m.over and m.can_play(0)


def test_player_config_validates():
    assert PlayerConfig('ai', 5, 'RIGHT').is_computer
    for bad in [dict(kind='robot'), dict(tiebreak='MIDDLE'), dict(lookahead=-1),
                dict(kind='plugin')]:
        with pytest.raises(ValueError):
            PlayerConfig(**bad)


def test_result_messages_are_the_assignments():
    assert message_for_result(None) == ''
    assert message_for_result(('win', 'O', [], 19)) == 'Player O wins in 19 moves.'


@pytest.mark.parametrize('size', [(320, 300), (800, 760), (1920, 1080), (500, 1200)])
@pytest.mark.parametrize('rows,cols', [(4, 4), (6, 7), (12, 14)])
def test_layout_fits_keeps_square_cells_and_maps_columns(size, rows, cols):
    lay = Layout(size[0], size[1], rows, cols)
    br = lay.board_rect
    assert br.width == lay.cell * cols and br.height == lay.cell * rows
    assert 0 <= br.left and br.right <= size[0] and br.bottom <= lay.status_rect.top
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
