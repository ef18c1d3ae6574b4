"""The puzzles: the shipped set (its size, spread and soundness -- every
puzzle proven by the solver), its API for the window, ``--puzzles`` on
the command line and the solved/tried counts."""

import datetime
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from connect4_game.ai import perfect
from connect4_game.ai.book import default_book
from connect4_game.ai.solver import Solver
from connect4_game.cli import main
from connect4_game.core.game import Game
from connect4_game.core.notation import parse_position
from connect4_game.storage.stats import (
    PuzzleCounts,
    load_puzzle_counts,
    puzzle_totals,
    record_puzzle_try,
)
from connect4_game.trainer.command import listing
from connect4_game.trainer.model import (
    MAX_GRADE,
    Puzzle,
    PuzzleDataError,
    grade_label,
    load_puzzles,
    parse_puzzles,
    position_key,
    puzzle_id,
    puzzle_of_the_day,
)
from connect4_game.trainer.play import (
    TryResult,
    check_try,
    defence,
    moves_left,
    solution,
    start_game,
    winning_columns,
)
from tests.storage.test_concurrent_writers import PRELUDE, PROCESSES, run_together
from tools.make_puzzles import prove

ROOT = Path(__file__).resolve().parents[1]
PUZZLES = load_puzzles()
HAS_BITBULLY = perfect.bitbully_available()
needs_bitbully = pytest.mark.skipif(not HAS_BITBULLY, reason='bitbully is not installed')


def first(win_in):
    """The first puzzle of the set winning in ``win_in``."""
    return next(p for p in PUZZLES if p.win_in == win_in)


# -- the set -----------------------------------------------------------------------------

def test_there_are_at_least_200_puzzles_spread_over_every_grade():
    per_grade = Counter(p.grade for p in PUZZLES)
    assert len(PUZZLES) >= 200
    assert sorted(per_grade) == list(range(1, MAX_GRADE + 1))
    assert min(per_grade.values()) >= 20, per_grade
    assert all(p.win_in >= 8 for p in PUZZLES if p.grade == MAX_GRADE)
    assert [p.number for p in PUZZLES] == list(range(1, len(PUZZLES) + 1))


def test_ids_are_unique_and_name_the_position():
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    assert all(p.id == puzzle_id(p.moves) for p in PUZZLES)
    assert [p.id for p in PUZZLES].index(PUZZLES[7].id) == 7          # the ids are unique


def test_no_position_twice_mirror_images_included():
    keys = [position_key(p.moves) for p in PUZZLES]
    assert len(set(keys)) == len(keys)
    # the key does find a mirror image and a transposition
    assert position_key([3, 0, 3]) == position_key([3, 6, 3])
    assert position_key([0, 1, 2, 3]) == position_key([2, 3, 0, 1])
    assert position_key([0, 1]) != position_key([1, 0])


def test_no_puzzle_starts_from_a_finished_game():
    for p in PUZZLES:
        game = Game(6, 7, p.moves)
        assert not game.over, p
        assert game.to_move == p.side
        assert game.can_play(p.answer), p


def test_every_puzzle_is_proven_by_our_solver():
    """Exactly one column wins, in exactly ``win_in`` moves: null-window
    proofs with the project's own solver, no bitbully needed."""
    solver = Solver(6, 7, book=default_book())
    failed = []
    for p in PUZZLES:
        verdict = prove(p.moves, p.win_in, p.answer, solver)
        if not verdict.ok:
            failed.append((p.number, p.id, verdict.reason))
    assert failed == []


@needs_bitbully
def test_every_puzzle_is_proven_by_bitbully_scores():
    """The same from the exact score of every column (bitbully: independent
    of our solver)."""
    failed = [(p.number, p.id) for p in PUZZLES
              if winning_columns(p.moves, 'bitbully') != {p.answer: p.win_in}]
    assert failed == []


@pytest.mark.parametrize('number', [1, 60, 120, 200])
def test_the_scores_of_our_solver_agree(number):
    p = PUZZLES[number - 1]
    assert winning_columns(p.moves, 'solver') == {p.answer: p.win_in}


def test_a_wrong_puzzle_is_not_proven():
    p2, p5 = first(2), first(5)
    other = next(c for c in range(7) if c != p2.answer and Game(6, 7, p2.moves).can_play(c))
    for moves, win_in, answer in ((p2.moves, p2.win_in + 1, p2.answer),
                                  (p2.moves, p2.win_in - 1, p2.answer),
                                  (p2.moves, p2.win_in, other),
                                  (p5.moves, 4, p5.answer),
                                  ((), 1, 3),                     # nobody wins at once
                                  ((3, 3, 4, 4, 5, 5, 6), 1, 0)):  # the game is over
        assert not prove(moves, win_in, answer).ok, (moves, win_in, answer)
    # two columns winning at once: not a puzzle
    two_ways = (1, 0, 2, 0, 3, 0)     # X: 2,3,4 on the bottom row; O: column 1 stacked
    assert not prove(two_ways, 1, 0).ok and not prove(two_ways, 1, 4).ok


# -- the data ----------------------------------------------------------------------------

def test_the_data_file_is_package_data():
    text = (ROOT / 'pyproject.toml').read_text(encoding='utf-8')
    section = text.split('[tool.setuptools.package-data]')[1].split('\n[')[0]
    assert '"trainer/puzzles.json"' in section
    assert (ROOT / 'connect4_game' / 'trainer' / 'puzzles.json').is_file()


def test_bad_data_is_refused_naming_the_puzzle():
    good = {'version': 1, 'rows': 6, 'cols': 7, 'made_by': 'test',
            'puzzles': [p.to_json() for p in PUZZLES[:3]]}
    assert parse_puzzles(good) == PUZZLES[:3]
    cases = [({'id': PUZZLES[0].id}, 'puzzle 2: id'),
             ({'moves': '4444448'}, 'puzzle 2: move'),
             ({'moves': '11223345'}, 'the game was already won'),
             ({'moves': '1122334'}, 'the game is already over'),
             ({'moves': '444444', 'answer': 4}, 'column 4, is full'),
             ({'answer': 0}, 'answer must be a column'),
             ({'win_in': 0}, 'win_in'),
             ({'id': 'XYZ'}, 'hex')]
    for change, message in cases:
        data = json.loads(json.dumps(good))
        data['puzzles'][1].update(change)
        with pytest.raises(PuzzleDataError, match=message):
            parse_puzzles(data)
    with pytest.raises(PuzzleDataError, match='version'):
        parse_puzzles({**good, 'rows': 7})


# -- the text ----------------------------------------------------------------------------

def test_titles_and_grades_in_plain_english():
    p = Puzzle('0123abcd', (3, 3, 2), 3, 4)
    assert (p.side, p.position) == ('O', '443')
    assert p.title == 'Yellow to play and win in 3'
    assert Puzzle('0123abcd', (3, 3), 9, 4).title == 'Red to play and win in 9'
    assert Puzzle('0123abcd', (3, 3), 9, 4).grade == 8
    assert grade_label(1) == 'Win in 1' and grade_label(8) == 'Win in 8 or more'
    with pytest.raises(ValueError):
        grade_label(9)


# -- the puzzle of the day -----------------------------------------------------------------

def test_the_puzzle_of_the_day_is_stable_and_changes_every_day():
    day = datetime.date(2026, 11, 26)
    assert puzzle_of_the_day(day) == puzzle_of_the_day(datetime.date(2026, 11, 26))
    assert puzzle_of_the_day(datetime.datetime(2026, 11, 26, 23, 59)) == puzzle_of_the_day(day)
    month = [puzzle_of_the_day(day + datetime.timedelta(days=i)) for i in range(60)]
    assert len({p.id for p in month}) == 60
    assert len({p.grade for p in month[:14]}) >= 4          # the grades are mixed
    assert puzzle_of_the_day(day, PUZZLES[:5]) in PUZZLES[:5]
    # the same in another process (no hash seed, no state)
    code = ('import datetime; from connect4_game.trainer.model import puzzle_of_the_day as d; '
            'print(d(datetime.date(2026, 11, 26)).id)')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                         cwd=ROOT, timeout=60, env={**os.environ, 'PYTHONHASHSEED': '123'})
    assert out.stdout.strip() == puzzle_of_the_day(day).id, out.stderr
    with pytest.raises(TypeError):
        puzzle_of_the_day('2026-11-26')


# -- playing a puzzle ----------------------------------------------------------------------

def test_check_try_on_a_win_in_one():
    p = first(1)
    game = start_game(p)
    assert game.moves == list(p.moves) and moves_left(p, game) == 1
    results = {c: check_try(p, game, c) for c in range(7)}
    assert results[p.answer] is TryResult.SOLVED
    for c, r in results.items():
        if c != p.answer:
            assert r is (TryResult.ESCAPES if game.can_play(c) else TryResult.ILLEGAL), (c, r)
    assert game.moves == list(p.moves)           # nothing was played
    assert check_try(p, game, 7) is TryResult.ILLEGAL


@pytest.mark.parametrize('win_in', [2, 3])
@pytest.mark.parametrize('backend', ['auto', 'solver'])
def test_check_try_and_defence_play_a_puzzle_through(win_in, backend):
    p = first(win_in)
    game = start_game(p)
    for left in range(win_in, 0, -1):
        assert moves_left(p, game) == left
        results = {c: check_try(p, game, c, backend=backend) for c in range(7)
                   if game.can_play(c)}
        want = TryResult.SOLVED if left == 1 else TryResult.WINS
        good = [c for c, r in results.items() if r is want]
        assert good, results
        if left == win_in:                        # the puzzle's own move: only the answer
            assert good == [p.answer] and set(results.values()) == {want, TryResult.ESCAPES}
        game.push(good[0])
        if left == 1:
            break
        assert check_try(p, game, 3, backend=backend) is TryResult.ILLEGAL   # the defender's turn
        reply = defence(game, backend=backend)
        # the longest resistance: after it the win is exactly one move shorter
        after = perfect.solve_position(game.moves + [reply], backend=backend)
        assert after.columns[after.best[0]].score.plies == 2 * (left - 1) - 1
        assert all(s is None or s >= after.value for s in
                   (perfect.solve_position(game.moves + [c], backend=backend).value
                    for c in range(7) if game.can_play(c)))
        game.push(reply)
    assert game.outcome is not None and game.outcome.winner == p.side


def test_a_slower_win_is_told_apart():
    """After the answer and the defence, a winning move that wins too late
    is TOO_SLOW, not WINS."""
    for p in PUZZLES:
        if not 2 <= p.win_in <= 4:
            continue
        game = start_game(p)
        game.push(p.answer)
        game.push(defence(game))
        wins = winning_columns(game.moves)
        slow = [c for c, n in wins.items() if n > p.win_in - 1]
        if slow:
            assert check_try(p, game, slow[0]) is TryResult.TOO_SLOW
            assert check_try(p, game, slow[0], backend='solver') is TryResult.TOO_SLOW
            fast = [c for c, n in wins.items() if n == p.win_in - 1]
            assert check_try(p, game, fast[0]) in (TryResult.WINS, TryResult.SOLVED)
            return
    pytest.fail('no puzzle with a slower win after the first move')


def test_the_solution_wins_in_exactly_n():
    for win_in in (1, 4):
        p = first(win_in)
        line = solution(p)
        assert len(line) == 2 * win_in - 1 and line[0] == p.answer
        game = Game(6, 7, p.moves + line)
        assert game.outcome is not None and game.outcome.winner == p.side


def test_the_game_must_be_the_puzzles():
    p = first(2)
    with pytest.raises(ValueError, match='does not start'):
        check_try(p, Game(6, 7), 3)
    with pytest.raises(ValueError, match='does not start'):
        moves_left(p, Game(6, 8, p.moves))
    with pytest.raises(ValueError, match='over'):
        defence(Game(6, 7, [3, 3, 4, 4, 5, 5, 6]))
    with pytest.raises(ValueError, match='backend'):
        check_try(p, start_game(p), p.answer, backend='fast')


# -- the command line ----------------------------------------------------------------------

def test_puzzles_json_on_the_command_line(capsys):
    assert main(['--puzzles', '--json']) == 0
    out = json.loads(capsys.readouterr().out)
    assert isinstance(out, list) and len(out) == len(PUZZLES)
    for entry, p in zip(out, PUZZLES, strict=True):
        assert set(entry) == {'id', 'moves', 'win_in', 'answer'}
        assert entry['id'] == p.id and entry['win_in'] == p.win_in
        assert isinstance(entry['moves'], str) and isinstance(entry['answer'], int)
        assert tuple(parse_position(entry['moves'])) == p.moves if p.moves else entry['moves'] == ''
        assert 1 <= entry['answer'] <= 7 and entry['answer'] == p.answer + 1


def test_puzzles_listing_on_the_command_line(capsys):
    assert main(['--puzzles']) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f'{len(PUZZLES)} puzzles (win in 1: ')
    assert len(lines) == len(PUZZLES) + 1 and lines == listing(PUZZLES)
    assert f'{PUZZLES[0].title}' in lines[1] and PUZZLES[0].id in lines[1]


@pytest.mark.parametrize('argv, message', [
    (['--puzzles', '--rows', '5'], '--rows does nothing in the puzzle list'),
    (['--puzzles', '--text'], '--text does nothing in the puzzle list'),
    (['--puzzles', '--game', 'oska'], 'Connect Four puzzles'),
    (['--puzzles', '--review', '44'], 'use one of them'),
    (['--json'], '--json goes with'),
])
def test_bad_puzzle_options_exit_2(argv, message, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


# -- the solved/tried counts ---------------------------------------------------------------

def test_tries_are_counted_and_kept(tmp_path, monkeypatch):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    assert load_puzzle_counts() == ({}, [])
    a, b = PUZZLES[0].id, PUZZLES[1].id
    assert record_puzzle_try(a, False) == PuzzleCounts(1, 0)
    assert record_puzzle_try(a, True) == PuzzleCounts(2, 1)
    assert record_puzzle_try(b, False) == PuzzleCounts(1, 0)
    assert (tmp_path / 'puzzle_stats.json').is_file()
    counts, warnings = load_puzzle_counts()
    assert warnings == [] and counts == {a: PuzzleCounts(2, 1), b: PuzzleCounts(1, 0)}
    assert puzzle_totals(counts) == (2, 1)
    with pytest.raises(ValueError):
        record_puzzle_try('', True)
    with pytest.raises(ValueError):
        record_puzzle_try(a, 1)                 # a bool, not a count


def test_a_bad_counts_file_is_set_aside(tmp_path):
    path = tmp_path / 'puzzle_stats.json'
    path.write_text('{"version": 1, "puzzles": {"ok": {"tried": 2, "solved": 1}, '
                    '"bad": {"tried": 1, "solved": 3}, " x": {"tried": 1, "solved": 0}}}')
    counts, warnings = load_puzzle_counts(path)
    assert counts == {'ok': PuzzleCounts(2, 1)} and len(warnings) == 2
    path.write_text('not json')
    counts, warnings = load_puzzle_counts(path)
    assert counts == {} and len(warnings) == 1 and 'renamed it' in warnings[0]
    assert not path.exists()
    assert record_puzzle_try('ok', True, path, known={'ok'}) == PuzzleCounts(1, 1)


RECORDER = PRELUDE + r"""
from connect4_game.storage import stats
stats.PUZZLE_LOCK_WAIT = 60        # every try written now: none left waiting in memory
for i in range(count):
    stats.record_puzzle_try("p%d" % (i % 2), i % 3 == 0, target, known=("p0", "p1"))
"""


def test_tries_recorded_at_once_by_several_processes_all_count(tmp_path):
    target = tmp_path / 'puzzle_stats.json'
    run_together(RECORDER, tmp_path, 12, target)
    counts, warnings = load_puzzle_counts(target)
    assert warnings == []
    # per process: i = 0..11, p0 gets the even i (solved when i % 3 == 0: 0, 6), p1 the odd (3, 9)
    n = PROCESSES
    assert counts == {'p0': PuzzleCounts(n * 6, n * 2), 'p1': PuzzleCounts(n * 6, n * 2)}


def test_a_missing_puzzle_set_is_one_line_naming_the_reinstall(monkeypatch, capsys):
    from connect4_game.core.messages import REINSTALL
    from connect4_game.trainer import model

    class Gone:
        def joinpath(self, name):
            return self

        def read_text(self, encoding):
            raise FileNotFoundError(2, 'No such file or directory')
    monkeypatch.setattr(model, 'files', lambda package: Gone())
    model.load_puzzles.cache_clear()
    try:
        assert main(['--puzzles']) == 1
    finally:
        model.load_puzzles.cache_clear()
    err = capsys.readouterr().err
    assert err.count('\n') == 1 and 'puzzles.json cannot be read' in err and REINSTALL in err
