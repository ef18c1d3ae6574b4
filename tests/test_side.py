"""Side: the one type of a side, whose values are the assignment's letters
(BU CS111 ps9, Problem 1), so what players read and the files hold stay the same."""

import json

import pytest

from connect4_game.core.game import Game, Outcome
from connect4_game.core.side import CHECKERS, Side


def test_a_side_is_its_letter_wherever_it_is_shown_or_written():
    assert [s.value for s in Side] == list(CHECKERS) == ['X', 'O']
    assert Side.X == 'X' and Side('O') is Side.O
    assert str(Side.O) == 'O' and f'Player {Side.X} wins' == 'Player X wins'
    assert f'{Side.X:>3}' == '  X'
    assert json.dumps({Side.X: Side.O}) == '{"X": "O"}'
    assert {'X': 1}[Side.X] == 1 and {Side.O: 2}['O'] == 2


def test_the_other_side_and_the_side_of_a_ply():
    assert Side.X.other is Side.O and Side.O.other is Side.X
    assert [Side.for_ply(p) for p in (1, 2, 3, 42)] == [Side.X, Side.O, Side.X, Side.O]


@pytest.mark.parametrize('bad', ['x', 'Q', '', None, 1])
def test_anything_else_is_refused(bad):
    with pytest.raises(ValueError):
        Side(bad)


def test_the_game_record_speaks_in_sides():
    g = Game(6, 7)
    assert g.to_move is Side.X
    move = g.push(3)
    assert move.checker is Side.X and g.to_move is Side.O
    assert g.board.slots[5][3] == 'X' and type(g.board.slots[5][3]) is str   # the board keeps letters
    for col in [4, 3, 4, 3, 4, 3]:
        g.push(col)
    assert g.outcome.winner is Side.X and g.outcome.result() == 'X'
    assert g.outcome.message() == 'Player X wins in 4 moves.'
    assert Outcome().result() == 'tie'
