"""connect4_game.compat.cs5: every example of HMC CS5 hw6pr3 (HMC CS5 hw6pr3), verbatim,
the literal-outline oracle on random positions, the last-cell corner case,
playGame from the console, and the adapter that plugs these players into
our game."""

import io
import random
import sys
import types

import pytest

from connect4_game import AIPlayer, connect_four
from connect4_game.compat import player_from_spec
from connect4_game.compat.adapter import EngineAdapter, as_engine_player, to_board_of
from connect4_game.compat.cs5 import Board, EnginePlayer, Player
from connect4_game.core import board as engine
from tests.oracle import oracle_scores
from tests.oracle_cs5 import OracleCS5Player, affordable_ply, random_position

SEED_BOARD_01020305 = (
    '| | | | | | | |\n'
    '| | | | | | | |\n'
    '|X| | | | | | |\n'
    '|X| | | | | | |\n'
    '|X| | | | | | |\n'
    '|X|O|O|O| |O| |\n'
    '---------------\n'
    ' 0 1 2 3 4 5 6')

SEED_BOARD_1211244445 = (
    '| | | | | | | |\n'
    '| | | | | | | |\n'
    '| | | | |X| | |\n'
    '| |O| | |O| | |\n'
    '| |X|X| |X| | |\n'
    '| |X|O| |O|O| |\n'
    '---------------\n'
    ' 0 1 2 3 4 5 6')

SEED_PLAYGAME_1 = (
    '|O|O|O| | | | |\n'
    '|X|X|X| | | | |\n'
    '|O|O|O| | | | |\n'
    '|X|X|X| | | | |\n'
    '|O|O|O| | | | |\n'
    '|X|X|X|X| | | |\n'
    '---------------\n'
    ' 0 1 2 3 4 5 6')

SEED_PLAYGAME_2 = (
    '|O|O| | | | | |\n'
    '|X|X| | | | | |\n'
    '|O|O| | | | | |\n'
    '|X|X| | | | | |\n'
    '|O|O|O| | | | |\n'
    '|X|X|X|X| | | |\n'
    '---------------\n'
    ' 0 1 2 3 4 5 6')


def feed(monkeypatch, *lines):
    monkeypatch.setattr('sys.stdin', io.StringIO(''.join(line + '\n' for line in lines)))


def seed_board():
    b = Board(7, 6)
    b.setBoard('1211244445')
    return b


# -- HMC CS5 hw6pr3, verbatim --------------------------------------------------------

def test_player_repr_follows_the_seeds_code():
    # the assignment's __repr__ code, character for character
    assert repr(Player('X', 'LEFT', 2)) == 'Player for X\n  with tiebreak type: LEFT\n  and ply == 2\n\n'
    assert repr(Player('O', 'RANDOM', 0)) == 'Player for O\n  with tiebreak type: RANDOM\n  and ply == 0\n\n'


@pytest.mark.parametrize('args, shown', [
    (('X', 'LEFT', 2), ['Player for X', 'with tiebreak: LEFT', 'and ply == 2']),
    (('O', 'RANDOM', 0), ['Player for O', 'with tiebreak: RANDOM', 'and ply == 0']),
])
def test_player_repr_matches_the_seeds_printed_example_but_for_the_word_type(args, shown):
    # The assignment's printed example drops the indent and the word 'type' that its
    # own code prints; we follow the code (documented in Player's docstring).
    lines = [line.strip().replace('tiebreak type:', 'tiebreak:')
             for line in repr(Player(*args)).strip('\n').splitlines()]
    assert lines == shown


def test_player_data_members():
    p = Player('X', 'LEFT', 2)
    assert (p.ox, p.tbt, p.ply) == ('X', 'LEFT', 2)


def test_oppCh_examples():
    p = Player('X', 'LEFT', 3)
    assert p.oppCh() == 'O'
    assert Player('O', 'LEFT', 0).oppCh() == 'X'


def test_scoreBoard_examples():
    b = Board(7, 6)
    b.setBoard('01020305')
    assert repr(b) == SEED_BOARD_01020305
    p = Player('X', 'LEFT', 0)
    assert p.scoreBoard(b) == 100.0
    assert Player('O', 'LEFT', 0).scoreBoard(b) == 0.0
    assert Player('O', 'LEFT', 0).scoreBoard(Board(7, 6)) == 50.0
    assert all(type(Player(ox, 'LEFT', 0).scoreBoard(b)) is float for ox in 'XO')


def test_tiebreakMove_examples():
    scores = [0, 0, 50, 0, 50, 50, 0]
    p = Player('X', 'LEFT', 1)
    p2 = Player('X', 'RIGHT', 1)
    assert p.tiebreakMove(scores) == 2
    assert p2.tiebreakMove(scores) == 5


def test_tiebreakMove_random_picks_every_best_column_and_only_those():
    random.seed(6)
    p = Player('X', 'RANDOM', 1)
    seen = {p.tiebreakMove([0, 0, 50, 0, 50, 50, 0]) for _ in range(200)}
    assert seen == {2, 4, 5}


def test_scoresFor_examples():
    b = seed_board()
    assert repr(b) == SEED_BOARD_1211244445
    # 0-ply lookahead doesn't see threats...
    assert Player('X', 'LEFT', 0).scoresFor(b) == [50.0, 50.0, 50.0, 50.0, 50.0, 50.0, 50.0]
    # 1-ply lookahead sees immediate wins
    assert Player('O', 'LEFT', 1).scoresFor(b) == [50.0, 50.0, 50.0, 100.0, 50.0, 50.0, 50.0]
    # 2-ply lookahead sees possible losses
    assert Player('X', 'LEFT', 2).scoresFor(b) == [0.0, 0.0, 0.0, 50.0, 0.0, 0.0, 0.0]
    # 3-ply lookahead sees set-up wins
    assert Player('X', 'LEFT', 3).scoresFor(b) == [0.0, 0.0, 0.0, 100.0, 0.0, 0.0, 0.0]
    # At 3-ply, 'O' does not see any danger
    assert Player('O', 'LEFT', 3).scoresFor(b) == [50.0, 50.0, 50.0, 100.0, 50.0, 50.0, 50.0]
    # But at 4-ply, 'O' does see the danger!
    assert Player('O', 'LEFT', 4).scoresFor(b) == [0.0, 0.0, 0.0, 100.0, 0.0, 0.0, 0.0]
    assert repr(b) == SEED_BOARD_1211244445            # unchanged
    assert all(type(s) is float for s in Player('O', 'LEFT', 4).scoresFor(b))


def test_scoresFor_prints_as_the_seed_shows():
    assert repr(Player('X', 'LEFT', 2).scoresFor(seed_board())) == '[0.0, 0.0, 0.0, 50.0, 0.0, 0.0, 0.0]'


def test_nextMove_examples():
    b = seed_board()
    assert repr(b) == SEED_BOARD_1211244445
    assert Player('X', 'LEFT', 1).nextMove(b) == 0
    assert Player('X', 'RIGHT', 1).nextMove(b) == 6
    assert Player('X', 'LEFT', 2).nextMove(b) == 3
    # the tiebreak does not matter if there is only one best move...
    assert Player('X', 'RIGHT', 2).nextMove(b) == 3
    assert Player('X', 'RANDOM', 2).nextMove(b) == 3


@pytest.mark.parametrize('ply, final', [(0, SEED_PLAYGAME_1), (1, SEED_PLAYGAME_2)])
def test_playGame_examples(capsys, ply, final):
    px = Player('X', 'LEFT', ply)
    po = Player('O', 'LEFT', ply)
    b = Board(7, 6)
    assert b.playGame(px, po) is None      # the interpreter prints nothing more
    out = capsys.readouterr().out
    assert out.endswith('\n' + final + '\n\nX wins!\n')
    assert repr(b) == final
    assert out.count('wins!') == 1


# -- Board: width first, HMC's names, errors --------------------------------------

def test_board_is_width_first_and_is_our_engine_board():
    b = Board(7, 6)
    assert (b.width, b.height) == (7, 6)
    assert len(b.data) == 6 and all(len(row) == 7 for row in b.data)
    assert b.data is b.slots
    assert isinstance(b, engine.Board)
    narrow = Board(3, 5)
    assert repr(narrow) == '| | | |\n' * 5 + '-------\n 0 1 2'


def test_board_camelcase_methods():
    b = Board(4, 2)
    assert b.allowsMove(0) and not b.allowsMove(4) and not b.allowsMove(-1)
    b.addMove(0, 'X')
    b.addMove(0, 'O')
    assert not b.allowsMove(0)
    assert b.data[0][0] == 'O' and b.data[1][0] == 'X'
    b.delMove(0)
    assert b.data[0][0] == ' ' and b.allowsMove(0)
    for col in range(4):
        b.addMove(col, 'O') if col else None
    b.setBoard('')
    assert b.winsFor('O') is False   # O has only 3 on the bottom row
    b.addMove(0, 'O')
    b.delMove(0)
    b.addMove(1, 'X')
    b.addMove(2, 'X')
    b.addMove(3, 'X')
    assert not b.isFull()
    b.addMove(0, 'O')
    assert b.isFull()
    c = b.copy()
    assert type(c) is Board and c.data == b.data and c.data is not b.data
    b.clear()
    assert b.data == [[' '] * 4, [' '] * 4] and c.isFull()


def test_winsFor_after_setBoard():
    b = Board(7, 6)
    b.setBoard('01020305')
    assert b.winsFor('X') and not b.winsFor('O')


@pytest.mark.parametrize('make, bad', [
    (lambda: Board(0, 6), '0'),
    (lambda: Board(7, 'six'), "'six'"),
    (lambda: Board(7, 6).setBoard('12a'), "'a'"),
    (lambda: Board(7, 6).setBoard(1211), '1211'),
    (lambda: Board(7, 6).addMove(7, 'X'), '7'),
    (lambda: Board(7, 6).addMove(0, 'x'), "'x'"),
    (lambda: Board(7, 6).winsFor('Z'), "'Z'"),
    (lambda: Player('Z', 'LEFT', 1), "'Z'"),
    (lambda: Player('X', 'MIDDLE', 1), "'MIDDLE'"),
    (lambda: Player('X', 'LEFT', -1), '-1'),
    (lambda: Player('X', 'LEFT', 1.5), '1.5'),
    (lambda: Player('X', 'LEFT', True), 'True'),
    (lambda: Player('X', 'LEFT', 1).tiebreakMove([]), '[]'),
    (lambda: Player('X', 'LEFT', 1).scoresFor('1211244445'), "'1211244445'"),
    (lambda: Player('X', 'LEFT', 1).scoreBoard(None), 'None'),
    (lambda: Board(7, 6).playGame('robot', 'human'), "'robot'"),
    (lambda: Board(7, 6).playGame(Player('O', 'LEFT', 1), 'human'), "'O'"),
])
def test_invalid_arguments_raise_valueerror_naming_the_value(make, bad):
    with pytest.raises(ValueError) as info:
        make()
    assert bad in str(info.value)


def test_full_column_addMove_raises_and_nextMove_on_full_board_raises():
    b = Board(1, 1)
    b.addMove(0, 'X')
    with pytest.raises(ValueError, match='full'):
        b.addMove(0, 'O')
    assert Player('O', 'LEFT', 2).scoresFor(b) == [-1.0]
    with pytest.raises(ValueError, match='full'):
        Player('O', 'LEFT', 2).nextMove(b)


def test_ply_changed_after_construction_is_used_and_checked():
    p = Player('X', 'LEFT', 1)
    b = seed_board()
    assert p.nextMove(b) == 0
    p.ply = 2
    assert p.nextMove(b) == 3
    p.ply = -3
    with pytest.raises(ValueError, match='-3'):
        p.scoresFor(b)


# -- the literal oracle of HMC CS5 hw6pr3's outline --------------------------------------

def random_cases(seed, n=60):
    """``n`` random (board, ox, tbt, ply) cases, the same for a given seed."""
    rng = random.Random(2002 + seed)
    for _ in range(n):
        b = random_position(rng, Board)
        yield b, rng.choice('XO'), rng.choice(['LEFT', 'RIGHT', 'RANDOM']), affordable_ply(rng, b)


@pytest.mark.parametrize('seed', range(10))
def test_scoresFor_equals_the_literal_outline_on_random_positions(seed):
    for b, ox, tbt, ply in random_cases(seed):    # 10 x 60 = 600 positions
        before = [row[:] for row in b.data]
        got = Player(ox, tbt, ply).scoresFor(b)
        assert b.data == before
        want = OracleCS5Player(ox, tbt, ply).scoresFor(b)
        assert b.data == before     # the oracle undoes its moves too
        assert got == want, (repr(b), ox, ply)
        assert all(type(s) is float for s in got)


def test_the_random_positions_do_reach_the_last_cell_corner():
    # The agreement above means something for the corner only if the corner
    # is met: count the same 600 cases where HMC's outline and BU's differ,
    # and check BU's oracle with its flag against ours on all of them.
    differ = 0
    for seed in range(10):
        for b, ox, tbt, ply in random_cases(seed):
            hmc = OracleCS5Player(ox, tbt, ply).scoresFor(b)
            assert hmc == [float(s) for s in oracle_scores(b, ox, ply, win_before_full=True)]
            differ += hmc != [float(s) for s in oracle_scores(b, ox, ply)]
    assert differ >= 10         # 13 with these seeds


# -- the corner: a win that fills the last free cell ---------------------------------

def corner_board():
    """4 columns x 1 row: X X X _ ; the last free cell wins and fills the board."""
    b = Board(4, 1)
    b.setBoard('0718')           # X in 0, O skipped (7), X in 1, O skipped (8)
    b.addMove(2, 'X')
    return b


def test_corner_case_cs5_scores_100_bu_scores_50():
    b = corner_board()
    assert repr(b) == '|X|X|X| |\n---------\n 0 1 2 3'
    # HMC CS5: the win is seen before the full board
    assert Player('X', 'LEFT', 1).scoresFor(b) == [-1.0, -1.0, -1.0, 100.0]
    assert OracleCS5Player('X', 'LEFT', 1).scoresFor(b) == [-1.0, -1.0, -1.0, 100.0]
    # BU ps9: the full board is seen first, so the same move scores 50
    bu = engine.Board(1, 4)
    bu.slots = [row[:] for row in b.slots]
    assert AIPlayer('X', 'LEFT', 1).scores_for(bu) == [-1, -1, -1, 50]
    assert oracle_scores(bu, 'X', 1) == [-1, -1, -1, 50]


def test_corner_case_one_level_down():
    # 2 columns x 4 rows, O to score with ply 2. O into column 0 leaves X the
    # last cell, column 1, which makes X's vertical four and fills the board:
    # HMC scores that X move 100, so O's column 0 gets 0; BU scores it 50, so
    # O's column 0 gets 50. O into column 1 blocks and X's reply only fills
    # the board (50 in both versions).
    b = Board(2, 4)
    for ox, col in [('O', 0), ('X', 1), ('O', 0), ('X', 1), ('X', 0), ('X', 1)]:
        b.addMove(col, ox)
    assert repr(b) == '| | |\n|X|X|\n|O|X|\n|O|X|\n-----\n 0 1'
    assert Player('O', 'LEFT', 2).scoresFor(b) == [0.0, 50.0]
    assert OracleCS5Player('O', 'LEFT', 2).scoresFor(b) == [0.0, 50.0]
    bu = engine.Board(4, 2)
    bu.slots = [row[:] for row in b.slots]
    assert AIPlayer('O', 'LEFT', 2).scores_for(bu) == [50, 50]
    assert oracle_scores(bu, 'O', 2) == [50, 50]


# -- playGame with a human, from the console ------------------------------------------

def test_playGame_human_against_human_reprompts_on_bad_input(monkeypatch, capsys):
    feed(monkeypatch, '0', 'abc', '', '7', '-1', '3.5', '1', '0', '1', '0', '1', '0')
    b = Board(7, 6)
    assert b.playGame('human', 'human') is None
    out = capsys.readouterr().out
    assert out.count('Try again!') == 5
    assert out.count('Enter a column: ') == 7 + 5
    assert out.count("X's turn") == 4 and out.count("O's turn") == 3
    # (stdin is not echoed here, so the board follows the last prompt)
    assert out.endswith('Enter a column: ' + repr(b) + '\n\nX wins!\n')
    assert [row[0] for row in b.data[2:]] == ['X'] * 4


def test_playGame_human_against_a_player(monkeypatch, capsys):
    # X looks 1 ply ahead, all columns tie, LEFT picks 0 every time;
    # the human O answers in column 6 and refuses nothing.
    feed(monkeypatch, '6', 'six', '6', '6')
    b = Board(7, 6)
    b.playGame(Player('X', 'LEFT', 1), 'human')
    out = capsys.readouterr().out
    assert out.count('Try again!') == 1
    assert out.endswith('\n' + repr(b) + '\n\nX wins!\n')
    assert [row[0] for row in b.data] == [' ', ' ', 'X', 'X', 'X', 'X']
    assert [row[6] for row in b.data] == [' ', ' ', ' ', 'O', 'O', 'O']


def test_playGame_refuses_a_full_column_from_the_human(monkeypatch, capsys):
    feed(monkeypatch, '0', '0', '1')
    b = Board(4, 1)
    b.setBoard('')
    b.playGame('human', Player('O', 'RIGHT', 0))   # O answers 3, then 2
    out = capsys.readouterr().out
    assert out.count('Try again!') == 1
    assert repr(b) == '|X|X|O|O|\n---------\n 0 1 2 3'
    assert out.endswith("It's a tie!\n")


def test_playGame_end_of_input_abandons_without_traceback(monkeypatch, capsys):
    feed(monkeypatch, '3', 'oops')          # then EOF when O... X asks again
    b = Board(7, 6)
    assert b.playGame('human', Player('O', 'LEFT', 0)) is None
    out = capsys.readouterr().out
    assert out.endswith('Game abandoned.\n')
    assert 'Traceback' not in out
    assert b.data[5][3] == 'X' and b.data[5][0] == 'O'


def test_playGame_on_a_finished_board_reports_the_result_at_once(capsys):
    b = Board(7, 6)
    b.setBoard('01020305')
    b.playGame(Player('X', 'LEFT', 1), Player('O', 'LEFT', 1))
    assert capsys.readouterr().out == SEED_BOARD_01020305 + '\n\nX wins!\n'


def test_hostGame_is_two_humans(monkeypatch, capsys):
    feed(monkeypatch, '2', '3', '2', '3', '2', '3', '2')
    b = Board(7, 6)
    b.hostGame()
    assert capsys.readouterr().out.endswith('X wins!\n')


# -- plugging into our game --------------------------------------------------------

def test_as_engine_player_plays_in_the_bu_console_game(capsys):
    px = as_engine_player(Player('X', 'LEFT', 1))
    po = as_engine_player(Player('O', 'LEFT', 1))
    b = connect_four(px, po)
    out = capsys.readouterr().out
    assert repr(b) == SEED_PLAYGAME_2
    assert 'Player X (LEFT, 1) wins in 8 moves.\nCongratulations!\n' in out
    assert (px.num_moves, po.num_moves) == (8, 7)


def test_adapter_converts_the_engine_board_and_leaves_it_alone():
    b = engine.Board(6, 7)
    b.add_checkers('1211244445')
    before = [row[:] for row in b.slots]
    p = as_engine_player(Player('X', 'LEFT', 2))
    assert isinstance(p, EngineAdapter)
    assert p.checker == 'X' and p.num_moves == 0
    assert p.next_move(b) == 3
    assert p.num_moves == 1 and b.slots == before
    assert as_engine_player(p) is p
    right = as_engine_player(Player('X', 'RIGHT', 1))
    assert (right.player.ply, right.player.tbt) == (1, 'RIGHT')
    assert right.next_move(b) == 6
    assert repr(right) == 'Player X (RIGHT, 1)'


STUDENT_HW6PR3 = """
class Board:
    # a student's own hw6pr2 Board, not ours: width first, .data, addMove
    def __init__(self, width, height):
        self.width, self.height = width, height
        self.data = [[' '] * width for _ in range(height)]

    def addMove(self, col, ox):
        for row in range(self.height - 1, -1, -1):
            if self.data[row][col] == ' ':
                self.data[row][col] = ox
                return


class Player:
    # plays the rightmost non-full column of its own Board; remembers it
    def __init__(self, ox, tbt, ply):
        self.ox, self.tbt, self.ply = ox, tbt, ply
        self.seen = None

    def nextMove(self, board):
        self.seen = board
        return max(c for c in range(board.width) if board.data[0][c] == ' ')
"""


@pytest.fixture
def student(monkeypatch):
    """The student's hw6pr3 module, loaded the way a plug-in loader would."""
    module = types.ModuleType('student_hw6pr3')
    exec(compile(STUDENT_HW6PR3, 'student_hw6pr3.py', 'exec'), module.__dict__)
    monkeypatch.setitem(sys.modules, 'student_hw6pr3', module)
    module.Player.__module__ = 'student_hw6pr3'
    return module


def test_adapter_replays_the_position_on_a_students_own_board(student):
    b = engine.Board(3, 4)
    b.add_checkers('0012333')
    p = as_engine_player(student.Player('O', 'LEFT', 0))   # Board from its module
    assert p.board_class is student.Board
    assert p.next_move(b) == 2
    assert isinstance(p.player.seen, student.Board)
    assert p.player.seen.data == b.slots
    assert to_board_of(b, student.Board).data == b.slots


def test_adapter_rejects_bad_players_and_bad_columns(student):
    class Cheater(student.Player):
        def nextMove(self, board):
            return 0
    b = engine.Board(1, 2)
    b.add_checkers('0')
    with pytest.raises(ValueError, match='column 0'):
        as_engine_player(Cheater('O', 'LEFT', 0)).next_move(b)
    with pytest.raises(ValueError, match='object'):
        as_engine_player(object())
    with pytest.raises(ValueError, match="'Q'"):
        as_engine_player(student.Player('Q', 'LEFT', 0))


def test_engine_player_needs_only_the_checker():
    p = EnginePlayer('O')
    assert p.checker == 'O' and (p.player.tbt, p.player.ply) == ('LEFT', 3)
    assert type(p.player) is Player
    b = engine.Board(6, 7)
    b.add_checkers('1211244445')
    assert p.next_move(b) == 3


@pytest.mark.parametrize('spec, cls_name, tbt, ply', [
    ('cs5', 'connect4_game.compat.cs5', 'LEFT', 3),
    ('cs5:RIGHT', 'connect4_game.compat.cs5', 'RIGHT', 3),
    ('CS5:random:5', 'connect4_game.compat.cs5', 'RANDOM', 5),
    ('vieropeenrij:LEFT:2', 'connect4_game.compat.vieropeenrij', 'LEFT', 2),
    ('vieropeenrij::0', 'connect4_game.compat.vieropeenrij', 'LEFT', 0),
])
def test_player_from_spec(spec, cls_name, tbt, ply):
    p = player_from_spec(spec, 'O')
    assert type(p.player).__module__ == cls_name
    assert (p.checker, p.player.tbt, p.player.ply) == ('O', tbt, ply)


@pytest.mark.parametrize('spec', ['bu:LEFT:3', 'cs5:LEFT:x', 'cs5:UP:3', 'cs5:LEFT:-1', 'cs5:LEFT:3:9', '',
                                  'vier::0'])
def test_player_from_spec_rejects_bad_specs(spec):
    with pytest.raises(ValueError):
        player_from_spec(spec, 'X')


@pytest.mark.parametrize('spec', ['cs5', 'vieropeenrij:RIGHT:2', 'vier', 'bu:LEFT:3'])
def test_command_line_and_loader_agree_on_specs(spec):
    """The CLI's check and the loader accept exactly the same specs."""
    from connect4_game.seat_config import PlayerSpec
    try:
        PlayerSpec.parse(spec)
        cli_ok = True
    except ValueError:
        cli_ok = False
    try:
        player_from_spec(spec, 'X')
        loader_ok = True
    except ValueError:
        loader_ok = False
    assert cli_ok == loader_ok


# -- through the plug-in loader (connect4_game.plugins, --x / --o) ----------------------

@pytest.mark.parametrize('module', ['cs5', 'vieropeenrij'])
@pytest.mark.parametrize('cls_name', ['Player', 'EnginePlayer'])
def test_our_files_load_as_plugins(module, cls_name):
    import connect4_game
    from connect4_game.plugins import loader as plugins
    path = f'{connect4_game.__path__[0]}/compat/{module}.py'
    p = plugins.load_player(f'{path}:{cls_name}', 'O')
    assert p.checker == 'O' and (p.player.tbt, p.player.ply) == ('LEFT', 3)
    b = engine.Board(6, 7)
    b.add_checkers('1211244445')
    b.add_checker('X', 0)              # now O to move; O wins at once in column 3
    assert p.next_move(b) == 3
    assert plugins.SafePlayer(p).choose(b) == ('ok', 3)


def test_spec_form_through_the_plugin_loader():
    from connect4_game.plugins import loader as plugins
    p = plugins.load_player('cs5:RIGHT:1', 'X')
    assert isinstance(p, EngineAdapter) and repr(p) == 'Player X (RIGHT, 1)'
    assert p.next_move(engine.Board(6, 7)) == 6


def test_playGame_accepts_a_bu_aiplayer_as_a_side(capsys):
    # playGame asks nextMove, else next_move: BU's AIPlayer plays on our Board.
    b = Board(7, 6)
    b.playGame(AIPlayer('X', 'LEFT', 1), Player('O', 'LEFT', 1))
    assert repr(b) == SEED_PLAYGAME_2
    assert capsys.readouterr().out.endswith('X wins!\n')
