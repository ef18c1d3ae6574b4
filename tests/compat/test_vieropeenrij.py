"""connect4_game.compat.vieropeenrij: the Dutch \"Vier op een rij\" (Dutch "Vier op een rij" milestone)
with its asserts verbatim, the literal Dutch outline on random positions,
the last-cell corner case, play_game from the console and the plug-in
adapter."""

import io
import random

import pytest

from connect4_game import AIPlayer, connect_four
from connect4_game.compat import cs5
from connect4_game.compat.adapter import as_engine_player
from connect4_game.compat.vieropeenrij import Board, EnginePlayer, Player
from connect4_game.core import board as engine
from tests.oracle import oracle_scores
from tests.oracle_cs5 import OracleCS5Player, OracleDutchPlayer, affordable_ply, random_position

SEED_PRINT = """\
| | | | | | | |
| | | | | | | |
| | | | |X| | |
| |O| | |O| | |
| |X|X| |X| | |
| |X|O| |O|O| |
---------------
 0 1 2 3 4 5 6
"""


def feed(monkeypatch, *lines):
    monkeypatch.setattr('sys.stdin', io.StringIO(''.join(line + '\n' for line in lines)))


# -- the Dutch \"Vier op een rij\", verbatim ------------------------------------------------------------

def test_tiebreak_move_asserts_verbatim():
    scores = [0, 0, 50, 0, 50, 50, 0]
    p = Player('X', 'LEFT', 1)
    p2 = Player('X', 'RIGHT', 1)
    assert p.tiebreak_move(scores) == 2
    assert p2.tiebreak_move(scores) == 5


def test_tiebreak_move_max_indices_examples():
    # "[50, 50, 50, 50, 50, 50, 50] -> max_indices [0, 1, 2, 3, 4, 5, 6]"
    # "[50, 100, 100, 50, 50, 100, 50] -> max_indices [1, 2, 5]"
    random.seed(4)
    for scores, indices in [([50, 50, 50, 50, 50, 50, 50], [0, 1, 2, 3, 4, 5, 6]),
                            ([50, 100, 100, 50, 50, 100, 50], [1, 2, 5])]:
        assert Player('O', 'LEFT', 0).tiebreak_move(scores) == indices[0]
        assert Player('O', 'RIGHT', 0).tiebreak_move(scores) == indices[-1]
        seen = {Player('O', 'RANDOM', 0).tiebreak_move(scores) for _ in range(300)}
        assert seen == set(indices)


def test_scores_for_asserts_verbatim(capsys):
    b = Board(7, 6)
    b.set_board('1211244445')
    print(b)
    # De uitvoer van het print-statement is:
    assert capsys.readouterr().out == SEED_PRINT

    # 0-ply lookahead ziet geen bedreigingen
    assert Player('X', 'LEFT', 0).scores_for(b) == [50.0, 50.0, 50.0, 50.0, 50.0, 50.0, 50.0]

    # 1-play lookahead ziet een manier om te winnen
    # (als het de beurt van 'O' was!)
    assert Player('O', 'LEFT', 1).scores_for(b) == [50.0, 50.0, 50.0, 100.0, 50.0, 50.0, 50.0]

    # 2-ply lookahead ziet manieren om te verliezen
    # ('X' kan maar beter in kolom 3 spelen...)
    assert Player('X', 'LEFT', 2).scores_for(b) == [0.0, 0.0, 0.0, 50.0, 0.0, 0.0, 0.0]

    # 3-ply lookahead ziet indirecte overwinningen
    # ('X' ziet dat kolom 3 een overwinning oplevert!)
    assert Player('X', 'LEFT', 3).scores_for(b) == [0.0, 0.0, 0.0, 100.0, 0.0, 0.0, 0.0]

    # Bij 3-ply ziet 'O' nog geen gevaar
    # als hij in een andere kolom speelt
    assert Player('O', 'LEFT', 3).scores_for(b) == [50.0, 50.0, 50.0, 100.0, 50.0, 50.0, 50.0]

    # Maar bij 4-ply ziet 'O' wel het gevaar!
    # weer jammer dat het niet de beurt van 'O' is...
    assert Player('O', 'LEFT', 4).scores_for(b) == [0.0, 0.0, 0.0, 100.0, 0.0, 0.0, 0.0]

    print(b)
    assert capsys.readouterr().out == SEED_PRINT      # b unchanged


def test_milestone_requirements():
    # "een klasse Player met een werkende constructor en __repr__" and
    # "drie werkende methodes opp_ch, score_board, tiebreak_move"
    p = Player('O', 'RIGHT', 2)
    assert (p.ox, p.tbt, p.ply) == ('O', 'RIGHT', 2)
    assert repr(p) == 'Player for O\n  with tiebreak type: RIGHT\n  and ply == 2\n\n'
    assert p.opp_ch() == 'X' and Player('X', 'LEFT', 0).opp_ch() == 'O'
    b = Board(7, 6)
    assert p.score_board(b) == 50.0
    b.set_board('01020305')
    assert Player('X', 'LEFT', 0).score_board(b) == 100.0
    assert p.score_board(b) == 0.0


def test_next_move():
    b = Board(7, 6)
    b.set_board('1211244445')
    assert Player('X', 'LEFT', 1).next_move(b) == 0
    assert Player('X', 'RIGHT', 1).next_move(b) == 6
    assert Player('X', 'RANDOM', 2).next_move(b) == 3


# -- Board: width first, snake_case ------------------------------------------------

def test_board_snake_case_methods():
    b = Board(4, 2)
    assert (b.width, b.height) == (4, 2)
    assert isinstance(b, engine.Board) and isinstance(b, cs5.Board)
    assert b.allows_move(3) and not b.allows_move(4)
    for col in range(4):
        b.add_move(col, 'X')
    assert b.wins_for('X') and not b.wins_for('O')
    b.del_move(3)
    assert not b.wins_for('X') and b.data[1] == ['X', 'X', 'X', ' ']
    b.set_board('3')             # 'X' into column 3
    assert b.wins_for('X')
    b.set_board('0129')          # X, O, X on top; 9 is no column here
    assert b.data[0] == ['X', 'O', 'X', ' ']
    assert not b.allows_move(0) and b.is_full() is False
    b.add_move(3, 'O')
    assert b.is_full()
    assert type(b.copy()) is Board
    b.clear()
    assert b.data == [[' '] * 4] * 2


@pytest.mark.parametrize('make, bad', [
    (lambda: Board(-7, 6), '-7'),
    (lambda: Board(7, 6).set_board('4x'), "'x'"),
    (lambda: Board(7, 6).add_move(0, 'o'), "'o'"),
    (lambda: Player('X', 'left', 1), "'left'"),
    (lambda: Player('X', 'LEFT', '2'), "'2'"),
    (lambda: Player(0, 'LEFT', 2), '0'),
    (lambda: Player('X', 'LEFT', 1).tiebreak_move([]), '[]'),
    (lambda: Player('X', 'LEFT', 1).scores_for([[' ']]), "[[' ']]"),
    (lambda: Board(7, 6).play_game('human', 'computer'), "'computer'"),
])
def test_invalid_arguments_raise_valueerror_naming_the_value(make, bad):
    with pytest.raises(ValueError) as info:
        make()
    assert bad in str(info.value)


# -- the literal oracle of the Dutch \"Vier op een rij\"'s outline ------------------------------------------

def random_cases(seed, n=60):
    """``n`` random (board, ox, tbt, ply) cases, the same for a given seed."""
    rng = random.Random(4004 + seed)
    for _ in range(n):
        b = random_position(rng, Board)
        yield b, rng.choice('XO'), rng.choice(['LEFT', 'RIGHT', 'RANDOM']), affordable_ply(rng, b)


@pytest.mark.parametrize('seed', range(10))
def test_scores_for_equals_the_literal_dutch_outline_on_random_positions(seed):
    for b, ox, tbt, ply in random_cases(seed):    # 10 x 60 = 600 positions
        before = [row[:] for row in b.data]
        got = Player(ox, tbt, ply).scores_for(b)
        assert b.data == before
        assert got == OracleDutchPlayer(ox, tbt, ply).scores_for(b), (repr(b), ox, ply)
        assert b.data == before
        assert all(type(s) is float for s in got)


def test_the_random_positions_do_reach_the_last_cell_corner():
    # Cases above where BU's rule (the search without win_before_full, itself
    # judged by tests/oracle.py) gives other scores than the Dutch outline.
    differ = sum(Player(ox, tbt, ply).scores_for(b) != AIPlayer(ox, 'LEFT', ply).scores_for(b)
                 for seed in range(10) for b, ox, tbt, ply in random_cases(seed))
    assert differ >= 10


def test_the_two_literal_outlines_agree():
    # Seed 002's and the Dutch \"Vier op een rij\"'s outlines order their base cases differently;
    # they give the same scores.
    rng = random.Random(4242)
    for _ in range(300):
        b = random_position(rng, Board)
        ox = rng.choice('XO')
        ply = affordable_ply(rng, b, budget=400)
        assert OracleDutchPlayer(ox, 'LEFT', ply).scores_for(b) == \
            OracleCS5Player(ox, 'LEFT', ply).scoresFor(b)


def test_corner_case_dutch_scores_100_bu_scores_50():
    # 4 columns x 1 row: X X X _ ; X's move into the last free cell wins.
    b = Board(4, 1)
    for col in range(3):
        b.add_move(col, 'X')
    assert Player('X', 'LEFT', 1).scores_for(b) == [-1.0, -1.0, -1.0, 100.0]
    assert OracleDutchPlayer('X', 'LEFT', 1).scores_for(b) == [-1.0, -1.0, -1.0, 100.0]
    assert Player('X', 'LEFT', 1).next_move(b) == 3
    # BU ps9 asks "is the board full?" first: the same move scores 50.
    bu = engine.Board(1, 4)
    bu.slots = [row[:] for row in b.slots]
    assert AIPlayer('X', 'LEFT', 1).scores_for(bu) == [-1, -1, -1, 50]
    assert oracle_scores(bu, 'X', 1) == [-1, -1, -1, 50]


def test_corner_case_a_full_board_without_a_win_is_50_in_both():
    b = Board(4, 1)
    for col, ox in enumerate('XXO'):
        b.add_move(col, ox)
    assert Player('X', 'LEFT', 1).scores_for(b) == [-1.0, -1.0, -1.0, 50.0]
    bu = engine.Board(1, 4)
    bu.slots = [row[:] for row in b.slots]
    assert AIPlayer('X', 'LEFT', 1).scores_for(bu) == [-1, -1, -1, 50]


# -- play_game from the console ------------------------------------------------------

def test_play_game_human_as_o_against_a_player(monkeypatch, capsys):
    feed(monkeypatch, '', '5', '5', 'x', '5')
    b = Board(7, 6)
    assert b.play_game(Player('X', 'LEFT', 1), 'human') is None
    out = capsys.readouterr().out
    assert out.count('Try again!') == 2
    assert out.endswith(repr(b) + '\n\nX wins!\n')
    assert [row[0] for row in b.data] == [' ', ' ', 'X', 'X', 'X', 'X']


def test_play_game_end_of_input(monkeypatch, capsys):
    feed(monkeypatch)
    assert Board(7, 6).play_game('human', Player('O', 'LEFT', 1)) is None
    assert capsys.readouterr().out.endswith('Game abandoned.\n')


def test_host_game(monkeypatch, capsys):
    feed(monkeypatch, '6', '5', '6', '5', '6', '5', '6')
    b = Board(7, 6)
    b.host_game()
    assert capsys.readouterr().out.endswith('X wins!\n')
    assert b.wins_for('X')


# -- plugging into our game ------------------------------------------------------------

def test_dutch_players_play_the_bu_console_game(capsys):
    px = as_engine_player(Player('X', 'LEFT', 0))
    po = EnginePlayer('O', 'LEFT', 0)
    b = connect_four(px, po)
    out = capsys.readouterr().out
    assert 'Player X (LEFT, 0) wins in 10 moves.\nCongratulations!\n' in out
    assert repr(b) == ('|O|O|O| | | | |\n|X|X|X| | | | |\n|O|O|O| | | | |\n'
                       '|X|X|X| | | | |\n|O|O|O| | | | |\n|X|X|X|X| | | |\n'
                       '---------------\n 0 1 2 3 4 5 6')


def test_engine_player_defaults_and_board_class():
    p = EnginePlayer('X')
    assert type(p.player) is Player and p.board_class is Board
    assert (p.checker, p.player.tbt, p.player.ply) == ('X', 'LEFT', 3)
