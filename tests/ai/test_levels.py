"""The named difficulty levels (connect4_game.ai.levels): each is the assignment's
AIPlayer (BU CS111 ps9, Problem 4) with a win-now / hold-out / block-now rule
among its best-scored columns; the raw AIPlayer stays the assignment's."""
import io
import random

import pytest

from benchmarks import bench_levels
from connect4_game.ai.expert import ExpertPlayer
from connect4_game.ai.levels import (LEVEL_DESCRIPTIONS, LEVEL_SETTINGS, LevelPlayer,
                                     make_level_player)
from connect4_game.board import Board
from connect4_game.players import AIPlayer
from connect4_game.rules import DEFAULT_LEVEL, LEVELS
from tests.oracle import oracle_scores


def board(moves, h=6, w=7):
    """A board after the 0-based column digits ``moves``, X first."""
    b = Board(h, w)
    for ch in moves:
        b.add_checker(b.to_move(), int(ch))
    return b


def wins_now(b, checker):
    """Columns where ``checker`` makes four at once."""
    out = []
    for c in b.legal_columns():
        b.add_checker(checker, c)
        if b.is_win_for(checker):
            out.append(c)
        b.remove_checker(c)
    return out


# X on the bottom of columns 1-3 (wins now in 0 or 4), O on 6, 5, 6: at
# lookahead 3 every column scores 100 (any other X move leaves two fours open).
OPEN_THREE = '162536'
# O to move; X makes four in column 3 next move and O is lost at lookahead 6 anyway.
LOST_WITH_ONE_THREAT = '4212366135354'
# X to move, no four threatened; all 0 at lookahead 6, only column 4 is not lost at 5.
LOST_HOLD_OUT = '1522534561265602'


def test_level_takes_the_win_now_over_a_later_forced_win():
    b = board(OPEN_THREE)
    assert b.to_move() == 'X'
    raw = AIPlayer('X', 'RIGHT', 3)
    assert raw.scores_for(b) == [100] * 7
    assert raw.next_move(b) == 6            # the assignment's choice: a win, but only later
    assert LevelPlayer('X', 'RIGHT', 3).next_move(b) == 4
    assert LevelPlayer('X', 'LEFT', 3).next_move(b) == 0
    assert LevelPlayer('X', 'RANDOM', 3, centre_first=True).next_move(b) == 4
    assert b == board(OPEN_THREE)           # left unchanged


def test_level_blocks_an_open_four_when_lost():
    b = board(LOST_WITH_ONE_THREAT)
    assert b.to_move() == 'O' and wins_now(b, 'X') == [3]
    raw = AIPlayer('O', 'LEFT', 6)
    assert raw.scores_for(b) == [0] * 7
    assert raw.next_move(b) == 0            # the assignment's choice: leaves the four open
    for tiebreak in ('LEFT', 'RIGHT', 'RANDOM'):
        for lookahead in (0, 1, 2, 6):
            assert LevelPlayer('O', tiebreak, lookahead).next_move(b) == 3, (tiebreak, lookahead)


def test_level_blocks_one_of_two_open_fours():
    b = board('626304')                     # O on the bottom of 2, 3, 4: fours at 1 and 5
    assert b.to_move() == 'X' and wins_now(b, 'O') == [1, 5] and not wins_now(b, 'X')
    assert AIPlayer('X', 'LEFT', 2).next_move(b) == 0
    for tiebreak, want in (('LEFT', {1}), ('RIGHT', {5}), ('RANDOM', {1, 5})):
        got = {LevelPlayer('X', tiebreak, 4, rng=random.Random(i)).next_move(b) for i in range(20)}
        assert got == want, tiebreak


def test_level_holds_out_when_lost():
    b = board(LOST_HOLD_OUT)
    assert b.to_move() == 'X' and not wins_now(b, 'O')
    assert AIPlayer('X', 'LEFT', 6).scores_for(b) == [0] * 7
    assert AIPlayer('X', 'LEFT', 5).scores_for(b) == [0, 0, 0, 0, 50, 0, 0]
    assert AIPlayer('X', 'LEFT', 6).next_move(b) == 0
    for tiebreak in ('LEFT', 'RIGHT'):
        p = LevelPlayer('X', tiebreak, 6)
        assert p.next_move(b) == 4
        assert p.last_nodes > 0
    # the hold-out never looks deeper than the level's own lookahead
    assert LevelPlayer('X', 'LEFT', 5).scores_for(b)[0] == 0
    assert LevelPlayer('X', 'LEFT', 5).next_move(b) == 4


def random_positions(n, seed):
    """(board, side to move) of random games on 6x7, nobody has four yet."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        b = Board(6, 7)
        for _ in range(rng.randint(0, 30)):
            side = b.to_move()
            b.add_checker(side, rng.choice(b.legal_columns()))
            if b.is_win_for(side):
                break
        else:
            out.append((b, b.to_move()))
    return out


@pytest.mark.parametrize('lookahead', [0, 1, 2, 3, 4, 6])
def test_level_moves_are_moves_the_assignments_ai_could_choose(lookahead):
    for b, me in random_positions(60, seed=lookahead):
        them = 'O' if me == 'X' else 'X'
        scores = AIPlayer(me, 'LEFT', lookahead).scores_for(b)
        for centre_first in (False, True):
            col = LevelPlayer(me, 'RANDOM', lookahead, centre_first, random.Random(1)).next_move(b)
            assert scores[col] == max(scores), (b, me, lookahead, col)
            win, block = wins_now(b, me), wins_now(b, them)
            if win:
                assert col in win, (b, me, col)
            elif block:
                assert col in block, (b, me, col)


def test_raw_ai_player_is_the_seeds():
    """Same scores as the assignment's outline and the assignment's choice rule: LevelPlayer
    changes nothing of AIPlayer."""
    rng = random.Random(7)
    for b, me in random_positions(25, seed=11):
        lookahead = rng.randint(0, 3)
        want = oracle_scores(b, me, lookahead)
        assert AIPlayer(me, 'LEFT', lookahead).scores_for(b) == want
        assert LevelPlayer(me, 'LEFT', lookahead).scores_for(b) == want
        best = [c for c, s in enumerate(want) if s == max(want)]
        assert AIPlayer(me, 'LEFT', lookahead).next_move(b) == best[0]
        assert AIPlayer(me, 'RIGHT', lookahead).next_move(b) == best[-1]
        assert AIPlayer(me, 'RANDOM', lookahead).next_move(b) in best
    for name in ('scores_for', 'max_score_column', 'next_move'):   # not patched by the levels
        assert getattr(AIPlayer, name).__module__ == 'connect4_game.players', name


def test_level_player_prints_and_counts_like_ai_player():
    p = LevelPlayer('O', 'RANDOM', 3, centre_first=True)
    assert isinstance(p, AIPlayer)
    assert repr(p) == 'Player O (RANDOM, 3)'
    b = Board(6, 7)
    b.add_checker('X', 0)
    p.next_move(b)
    p.next_move(b)
    assert p.num_moves == 2


def test_level_player_errors():
    with pytest.raises(ValueError):
        LevelPlayer('Z', 'LEFT', 1)
    with pytest.raises(ValueError):
        LevelPlayer('X', 'MIDDLE', 1)
    with pytest.raises(ValueError):
        LevelPlayer('X', 'LEFT', -1)
    full = board('0000111122223333', h=4, w=4)
    p = LevelPlayer('X', 'LEFT', 2)
    with pytest.raises(ValueError, match='full'):
        p.next_move(full)
    assert p.num_moves == 0
    with pytest.raises(ValueError, match='entries'):
        p.choose_column(Board(6, 7), [50] * 6)


def test_centre_first_among_equals():
    b = Board(6, 7)
    cols = {LevelPlayer('X', 'RANDOM', 2, True, random.Random(i)).next_move(b) for i in range(10)}
    assert cols == {3}
    b8 = Board(6, 8)                         # two middle columns: the tiebreak picks
    assert LevelPlayer('X', 'LEFT', 2, True).next_move(b8) == 3
    assert LevelPlayer('X', 'RIGHT', 2, True).next_move(b8) == 4
    assert {LevelPlayer('X', 'RANDOM', 2, False, random.Random(i)).next_move(b)
            for i in range(60)} == set(range(7))


@pytest.mark.parametrize('level', LEVELS)
def test_make_level_player(level):
    for checker in ('X', 'O'):
        p = make_level_player(level, checker, expert_time_budget=1.5)
        assert p.checker == checker and p.num_moves == 0
        if level == 'expert':
            assert isinstance(p, ExpertPlayer) and p.time_budget == 1.5
        else:
            s = LEVEL_SETTINGS[level]
            assert type(p) is LevelPlayer
            assert (p.lookahead, p.tiebreak, p.centre_first) == (s.lookahead, s.tiebreak, s.centre_first)
        b = board('33')
        col = p.next_move(b)
        assert b.can_add_to(col) and p.num_moves == 1


def test_make_level_player_errors():
    for bad in ('Hard', 'impossible', '', None, 3):
        with pytest.raises(ValueError, match='level'):
            make_level_player(bad, 'X')
    with pytest.raises(ValueError):
        make_level_player('easy', 'Z')
    with pytest.raises(ValueError):
        make_level_player('expert', 'Z')
    with pytest.raises(ValueError):
        make_level_player('expert', 'X', expert_time_budget=0)


def test_levels_are_ordered_by_lookahead_and_described():
    assert tuple(LEVEL_SETTINGS) == LEVELS[:-1] and LEVELS[-1] == 'expert'
    assert DEFAULT_LEVEL in LEVELS
    depths = [LEVEL_SETTINGS[level].lookahead for level in LEVELS[:-1]]
    assert depths == sorted(set(depths)), depths
    assert depths[-1] <= 8                   # Hard answers within 0.35 s on 12x14 (module docstring)
    assert set(LEVEL_DESCRIPTIONS) == set(LEVELS)
    for level, text in LEVEL_DESCRIPTIONS.items():
        assert text and text[0].isupper() and text.endswith('.') and len(text) <= 80, level
        for jargon in ('lookahead', 'ply', 'plies', 'tiebreak', 'heuristic', 'minimax'):
            assert jargon not in text.lower(), (level, jargon)
    for level, s in LEVEL_SETTINGS.items():
        assert f'{s.lookahead} moves ahead' in LEVEL_DESCRIPTIONS[level]


def test_bench_openings_are_seeded_distinct_and_open():
    ops = bench_levels.openings(60, seed=4)
    assert ops == bench_levels.openings(60, seed=4) and ops != bench_levels.openings(60, seed=5)
    assert len(set(ops)) == 60
    assert all(len(o) == 2 for o in ops[:45]) and all(len(o) in (2, 4) for o in ops)
    for o in ops:
        b = board(o)
        assert not (b.is_win_for('X') or b.is_win_for('O'))


def test_bench_quick_prints_the_table():
    out = io.StringIO()
    assert bench_levels.main(['--quick', '--expert-budget', '0.5'], out=out) == 0
    text = out.getvalue()
    header = next(line for line in text.splitlines() if line.startswith('| level'))
    for name in ('Random', 'Easy', 'Medium', 'Hard', 'Expert'):
        assert f'vs {name}' in header
        row = next(line for line in text.splitlines() if line.startswith(f'| {name} '))
        assert row.count('|') == header.count('|')
        assert row.count('%') == 4, row       # one score per opponent
    assert 'Ordering head to head:' in text
    for bad in (['--games', '0'], ['--expert-budget', '0']):
        with pytest.raises(SystemExit):
            bench_levels.parse_args(bad)
