"""The named difficulty levels (connect4_game.ai.levels): Easy, Medium and Hard
are the project's own players -- they take a four now, block a four now, never
fall for the bottom-row trap, and Medium and Hard never walk into a forced
four two of the opponent's moves deep; the assignment's AIPlayer (BU CS111
ps9, Problem 4) stays exactly as it is."""
import dataclasses
import random

import pytest

import connect4_game
from benchmarks import bench_levels
from connect4_game.ai import bitboard as bb
from connect4_game.ai import levels
from connect4_game.ai.expert import ExpertPlayer
from connect4_game.ai.levels import (
    DEFAULT_LEVEL,
    Decision,
    LevelPlayer,
    get_level,
    level_names,
    level_player,
    threat_scores,
)
from connect4_game.core.board import Board
from connect4_game.players import AIPlayer, Player
from tests.oracle import oracle_scores

LEVELS = level_names()
LEVEL_SETTINGS = {lv.name: lv.setting for lv in levels.LEVELS if lv.setting is not None}

NAMED = ('easy', 'medium', 'hard')
SEEDS = {'easy': 6, 'medium': 4, 'hard': 3, 'expert': 1}     # Expert has no random choices


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


def forced_four_for(b, checker, plies):
    """True if ``checker`` (to move) can force a four within ``plies`` plies."""
    cur, mask = bb.from_board(b, checker)
    return 100 in threat_scores(cur, mask, b.height, b.width, plies)


def play_trap(level, level_side, trap, seed):
    """The attacker plays the 0-based columns ``trap`` in turn (skipping a
    full one) against ``level`` playing ``level_side``, from the empty 6x7
    board, whoever moves first; after each of the level's moves the
    attacker must have no four it can force within its next two moves."""
    attacker = 'O' if level_side == 'X' else 'X'
    p = level_player(level, level_side, random.Random(seed))
    b = Board(6, 7)
    todo = [int(c) for c in trap]
    while todo or b.to_move() == level_side:
        side = b.to_move()
        if side == level_side:
            col = p.next_move(b)
        else:
            col = todo.pop(0)
            if not b.can_add_to(col):
                continue
        b.add_checker(side, col)
        if b.is_win_for(side):
            assert side == level_side, (level, level_side, trap, seed, b)
            return
        if side == level_side:
            assert not forced_four_for(b, attacker, 3), (level, level_side, trap, seed, b)


@pytest.mark.parametrize('level', LEVELS)
@pytest.mark.parametrize('level_side', ['X', 'O'])
@pytest.mark.parametrize('trap', ['324', '342'])
def test_every_level_blocks_the_bottom_row_trap(level, level_side, trap):
    """The attacker plays 4, 3, 5 (1..7 notation; 0-based 3, 2, 4) or the
    mirror image 4, 5, 3: if the level let it make _XXX_ with both ends
    open it would lose. Both colours, several seeds."""
    for seed in range(SEEDS[level]):
        play_trap(level, level_side, trap, seed)


@pytest.mark.parametrize('level', LEVELS)
@pytest.mark.parametrize('moves', ['0362', '6304'])
def test_every_level_stops_two_open_checkers_on_the_bottom_row(level, moves):
    """O has columns 3 and 2 (or 3 and 4) of the bottom row, both ends open
    beyond them: O threatens to make _OOO_ next; X (the level) stops it."""
    b = board(moves)
    assert b.to_move() == 'X' and forced_four_for(b, 'O', 3)
    for seed in range(SEEDS[level]):
        col = level_player(level, 'X', random.Random(seed)).next_move(b)
        b.add_checker('X', col)
        assert not forced_four_for(b, 'O', 3), (level, moves, seed, col)
        b.remove_checker(col)


def test_the_trap_check_can_fail():
    """A player that ignores the trap loses to it: the check above bites."""
    class Edge(Player):
        def next_move(self, b):
            return 6 if b.can_add_to(6) else b.legal_columns()[0]
    b = Board(6, 7)
    for col in (3, 2):
        b.add_checker('X', col)
        b.add_checker('O', Edge('O').next_move(b))
    assert forced_four_for(b, 'X', 3)


def random_positions(n, seed, h=6, w=7):
    """(board, side to move) of random games, nobody has four yet."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        b = Board(h, w)
        for _ in range(rng.randint(0, h * w - 2)):
            side = b.to_move()
            b.add_checker(side, rng.choice(b.legal_columns()))
            if b.is_win_for(side):
                break
        else:
            if b.legal_columns():
                out.append((b, b.to_move()))
    return out


@pytest.mark.parametrize('level', LEVELS)
def test_a_four_now_is_always_taken_or_blocked(level):
    """Every level makes a four it can make now, else blocks the opponent's
    (one of them, when there are two: Expert, lost anyway, is not asked)."""
    positions = random_positions(150, seed=3)
    if level != 'expert':
        positions += random_positions(30, seed=4, h=5, w=9)
    checked = {'win': 0, 'block': 0}
    for i, (b, me) in enumerate(positions):
        them = 'O' if me == 'X' else 'X'
        win, block = wins_now(b, me), wins_now(b, them)
        if not (win or block) or (level == 'expert' and not win and len(block) > 1):
            continue
        before = [row[:] for row in b.slots]
        col = level_player(level, me, random.Random(i)).next_move(b)
        assert b.slots == before
        if win:
            assert col in win, (level, b, me, col)
            checked['win'] += 1
        else:
            assert col in block, (level, b, me, col)
            checked['block'] += 1
    assert checked['win'] >= 20 and checked['block'] >= 15, checked


@pytest.mark.parametrize('level', ['medium', 'hard'])
def test_medium_and_hard_never_walk_into_a_forced_four_two_moves_deep(level):
    positions = bench_levels.trap_positions(6, 2, seed=9)
    assert len(positions) == 6
    assert bench_levels.fall_rate(level, positions, 2, seed=9) == 0.0


def test_hard_avoids_forced_fours_three_moves_deep():
    positions = bench_levels.trap_positions(4, 3, seed=5)
    assert bench_levels.fall_rate('hard', positions, 3, seed=5) == 0.0


def test_level_player_interface():
    assert connect4_game.level_player is level_player and 'level_player' in connect4_game.__all__
    for level in NAMED:
        for checker in 'XO':
            p = level_player(level, checker, random.Random(1))
            assert isinstance(p, Player) and not isinstance(p, AIPlayer)
            assert p.checker == checker and p.num_moves == 0 and p.level == level
            assert repr(p) == f'Player {checker} ({level.upper()})'
            assert p.opponent_checker() == ('O' if checker == 'X' else 'X')
            b = board('33')
            col = p.next_move(b)
            assert b.can_add_to(col) and p.num_moves == 1 and b == board('33')
            d = p.last
            assert isinstance(d, Decision) and d.column == col and len(d.scores) == 7
    with pytest.raises(ValueError, match='full'):
        level_player('easy', 'X').next_move(board('0000111122223333', h=4, w=4))
    for bad in ('Hard', 'impossible', 'advanced', '', None):
        with pytest.raises(ValueError, match='level'):
            level_player(bad, 'X')
    for level in LEVELS:
        with pytest.raises(ValueError):
            level_player(level, 'Z')


def test_level_player_gives_expert_too():
    for checker in 'XO':
        p = level_player('expert', checker, random.Random(1))
        assert isinstance(p, ExpertPlayer) and p.checker == checker and p.num_moves == 0
        assert repr(p) == f'Player {checker} (EXPERT)'
    b = board('2535')                        # X 1 makes _XXX_: a forced four
    p = level_player('expert', 'X')
    assert p.next_move(b) == 1 and p.num_moves == 1 and b == board('2535')


def test_decision_scores_mark_full_and_dropped_columns():
    b = board('000000')                      # column 0 full
    p = level_player('medium', 'X', random.Random(2))
    d = p.decide(b)
    assert d.reason == 'search' and d.scores[0] is None and d.depth >= 1 and d.nodes > 0
    best = max(s for s in d.scores if s is not None)
    assert best - LEVEL_SETTINGS['medium'].margin <= d.scores[d.column] <= best
    assert p.num_moves == 0                  # decide() is not a move
    searcher = LevelPlayer('hard', 'X', random.Random(2), dataclasses.replace(
        LEVEL_SETTINGS['hard'], book=False, solve_seconds=0.0, safety=0))
    d = searcher.decide(b)                   # Hard's search and choice: no noise, the best
    assert d.reason == 'search' and d.scores[0] is None
    assert d.scores[d.column] == max(s for s in d.scores if s is not None)


def test_one_column_left_is_played_without_a_search():
    b = board('')                            # the book keeps only the centre column
    d = level_player('hard', 'X', random.Random(2)).decide(b)
    assert (d.column, d.reason, d.nodes, d.depth) == (3, 'only move', 0, 0)


def test_seeded_levels_repeat_their_games():
    def game(seed):
        b, cols = Board(6, 7), []
        ps = {'X': level_player('easy', 'X', random.Random(seed)),
              'O': level_player('medium', 'O', random.Random(seed + 1))}
        while not b.is_full():
            side = b.to_move()
            cols.append(ps[side].next_move(b))
            b.add_checker(side, cols[-1])
            if b.is_win_for(side):
                break
        return cols
    assert game(5) == game(5)
    assert len({tuple(game(s)) for s in range(4)}) > 1      # Easy's noise varies the games


@pytest.mark.parametrize('level', NAMED)
def test_no_level_plays_an_edge_column_on_an_open_board(level):
    """No silly edge move: an open board's edge columns are never chosen
    (Medium and Hard not even beside a checker on the edge). Not after 3, 2
    for Hard: there the book's only winning moves are columns 5 and 6."""
    positions = ('', '3', '33', '2', '4') + (('32',) if level != 'hard' else ())
    if level != 'easy':
        positions += ('0', '06', '60')
    for seed in range({'easy': 30, 'medium': 10, 'hard': 3}[level]):
        for moves in positions:
            col = level_player(level, board(moves).to_move(), random.Random(seed)).next_move(
                board(moves))
            assert col not in (0, 6), (level, seed, moves, col)


def test_raw_ai_player_is_the_seeds():
    """Same scores as the assignment's outline and the assignment's choice rule."""
    rng = random.Random(7)
    for b, me in random_positions(25, seed=11):
        lookahead = rng.randint(0, 3)
        want = oracle_scores(b, me, lookahead)
        assert AIPlayer(me, 'LEFT', lookahead).scores_for(b) == want
        best = [c for c, s in enumerate(want) if s == max(want)]
        assert AIPlayer(me, 'LEFT', lookahead).next_move(b) == best[0]
        assert AIPlayer(me, 'RIGHT', lookahead).next_move(b) == best[-1]
    for name in ('scores_for', 'max_score_column', 'next_move'):
        assert getattr(AIPlayer, name).__module__ == 'connect4_game.players', name


@pytest.mark.parametrize('level', LEVELS)
def test_level_player(level):
    for checker in ('X', 'O'):
        p = level_player(level, checker, expert_time_budget=1.5)
        assert p.checker == checker and p.num_moves == 0
        if level == 'expert':
            assert isinstance(p, ExpertPlayer) and p.time_budget == 1.5
        else:
            assert type(p) is LevelPlayer and p.setting == LEVEL_SETTINGS[level]
            b = board('33')
            assert b.can_add_to(p.next_move(b)) and p.num_moves == 1


def test_level_player_errors_and_budget():
    for bad in ('Hard', 'impossible', '', None, 3):
        with pytest.raises(ValueError, match='level'):
            level_player(bad, 'X')
    with pytest.raises(ValueError):
        level_player('easy', 'Z')
    with pytest.raises(ValueError):
        level_player('expert', 'X', expert_time_budget=0)


def test_levels_are_ordered_and_described():
    assert tuple(LEVEL_SETTINGS) == LEVELS[:-1] and LEVELS[-1] == 'expert'
    assert DEFAULT_LEVEL in LEVELS
    assert get_level('expert').perfect and not any(get_level(n).perfect for n in NAMED)
    for lv in levels.LEVELS:                  # a label and words for players
        assert lv.label == lv.name.capitalize() and lv.words.endswith('.')
    settings = [LEVEL_SETTINGS[level] for level in NAMED]
    for attr in ('lookahead', 'node_budget', 'safety', 'spot_chance', 'solve_seconds'):
        values = [getattr(s, attr) for s in settings]
        assert values == sorted(values), attr
    assert all(s.seconds <= 0.45 for s in settings)          # every move within 0.5 s
    assert [s.temperature for s in settings] == sorted((s.temperature for s in settings),
                                                       reverse=True)


def test_bench_openings_are_seeded_distinct_and_open():
    ops = bench_levels.openings(60, seed=4)
    assert ops == bench_levels.openings(60, seed=4) and ops != bench_levels.openings(60, seed=5)
    assert len(set(ops)) == 60
    assert all(len(o) == 2 for o in ops[:45]) and all(len(o) in (2, 4) for o in ops)
    for o in ops:
        b = board(o)
        assert not (b.is_win_for('X') or b.is_win_for('O'))


def test_bench_reports_the_slowest_move_with_its_cpu_time():
    times = {('easy', (6, 7)): [0.001, 0.002], ('hard', (6, 7)): [0.2, 0.6, 0.1],
             ('hard', (12, 14)): [0.3]}
    cpu = {('easy', (6, 7)): [0.001, 0.002], ('hard', (6, 7)): [0.2, 0.25, 0.1],
           ('hard', (12, 14)): [0.3]}
    assert bench_levels._slowest(times, cpu, (6, 7)) == (0.6, 0.25, 'hard')
    assert bench_levels._slowest(times, cpu, (12, 14)) == (0.3, 0.3, 'hard')
    assert bench_levels._slowest(times, cpu, (4, 4)) == (0.0, 0.0, '')


def test_bench_command_line():
    a = bench_levels.parse_args([])
    assert (a.games, a.traps, a.big_games, a.seed, a.jobs) == (20, 100, 2, 1, 1)
    a = bench_levels.parse_args(['--quick', '--games', '3'])
    assert (a.games, a.traps, a.big_games) == (3, 4, 1)
    with pytest.raises(SystemExit):
        bench_levels.parse_args(['--games', '0'])
