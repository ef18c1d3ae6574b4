"""Tournaments (``--tournament``): the round robin, scoring, Elo, the JSON,
forfeits by plug-ins that crash, hang or play an illegal column, bad
options and where the progress goes.

Fast on purpose: the players are random, ai (lookahead 1 or 2) and tiny
plug-ins written to tmp_path; a hanging plug-in gets a 0.3 s move time.
"""

import io
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from connect4_game.cli import main
from connect4_game.cli.tournament import Progress, format_table, play, table_names
from connect4_game.core.game import Game
from connect4_game.core.notation import parse_position
from connect4_game.tournament import (
    Fixture,
    Forfeit,
    GameRecord,
    TournamentConfig,
    TournamentResult,
    elo_ratings,
    play_games,
    play_move,
    random_openings,
    schedule,
)

ROOT = Path(__file__).resolve().parents[1]


def _run(cfg):
    return TournamentResult.build(cfg, play_games(cfg))

PLUGINS = '''
import os, time

class Centre:
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, board):
        for col in (3, 2, 4, 1, 5, 0, 6):
            if board.can_add_to(col):
                return col

class Crash:
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, board):
        return 1 // 0

class Hang:
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, board):
        while True:
            time.sleep(0.05)

class OffBoard:
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, board):
        return board.width

class Exits:
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, board):
        os._exit(3)

class BadInit:
    def __init__(self, checker):
        raise RuntimeError('no luck')

class SlowInit:
    def __init__(self, checker):
        time.sleep(60)

class Chatty:
    def __init__(self, checker):
        self.checker = checker
        print('{"players": [], "games": []}')
    def next_move(self, board):
        print('thinking', flush=True)
        print('{"forged": 1}', file=os.sys.stderr)
        os.system('echo from a program it started')
        return board.width // 2 if board.can_add_to(board.width // 2) else \
            next(c for c in range(board.width) if board.can_add_to(c))
'''


@pytest.fixture
def bots(tmp_path):
    path = tmp_path / 'bots.py'
    path.write_text(PLUGINS)
    return lambda name: f'{path}:{name}'


def config(*specs, **kw):
    kw.setdefault('lookahead', 1)
    return TournamentConfig(tuple(specs), **kw)


def replayed(record_moves: str) -> Game:
    return Game(moves=parse_position(record_moves)) if record_moves else Game()


def run_json(capsys, argv):
    assert main(argv + ['--json']) == 0
    out, err = capsys.readouterr()
    return json.loads(out), err


# -- the round robin --------------------------------------------------------------------

def test_every_pair_meets_games_times_with_each_colour():
    cfg = config('random', 'ai', 'random', games=3)
    fixtures = schedule(cfg)
    assert len(fixtures) == cfg.total_games == 3 * 2 * 3
    assert [f.number for f in fixtures] == list(range(1, 19))
    pairs = Counter((f.x, f.o) for f in fixtures)
    assert pairs == {(x, o): 3 for x in range(3) for o in range(3) if x != o}
    assert all(f.opening == () for f in fixtures)


def test_points_and_results_add_up_and_every_game_replays_to_its_result():
    cfg = config('random', 'ai', 'random', games=2)
    result = _run(cfg)
    assert [g.fixture for g in result.games] == schedule(cfg)
    for g in result.games:
        assert g.reason is None
        final = Game(moves=g.moves)
        assert final.outcome is not None and final.outcome.result() == g.result
    assert sum(s.points for s in result.standings) == len(result.games) == 12
    assert sum(s.wins for s in result.standings) == sum(s.losses for s in result.standings)
    for i, s in enumerate(result.standings):
        assert s.games == 2 * 2 * 2
        assert s.points == s.wins + s.draws / 2
        mine = [g for g in result.games if i in (g.fixture.x, g.fixture.o)]
        won = sum(1 for g in mine if g.result == ('X' if g.fixture.x == i else 'O'))
        drawn = sum(1 for g in mine if g.result == 'tie')
        assert (s.wins, s.draws, s.losses) == (won, drawn, len(mine) - won - drawn)
    assert sorted(result.ranking()) == [0, 1, 2]


def test_the_json_is_exactly_the_documented_shape(capsys):
    data, err = run_json(capsys, ['--tournament', 'Random', 'ai', '--games', '2',
                                  '--lookahead', '2'])
    assert set(data) == {'players', 'games'}
    assert [p['name'] for p in data['players']] == ['Random', 'ai']      # as given
    for p in data['players']:
        assert list(p) == ['name', 'points', 'elo', 'wins', 'draws', 'losses']
        assert p['wins'] + p['draws'] + p['losses'] == 4
        assert isinstance(p['elo'], int) and isinstance(p['points'], float)
    assert len(data['games']) == 4
    assert Counter((g['x'], g['o']) for g in data['games']) == {('Random', 'ai'): 2,
                                                                ('ai', 'Random'): 2}
    for g in data['games']:
        assert list(g) == ['x', 'o', 'moves', 'result']                  # no forfeit: no reason
        assert g['moves'] and set(g['moves']) <= set('1234567')
        assert g['result'] in ('X', 'O', 'tie')
        assert replayed(g['moves']).outcome.result() == g['result']
    assert 'game 4/4' in err


# -- plug-ins that go wrong lose the game, and the tournament goes on -------------------

@pytest.mark.parametrize('name, words', [
    ('Crash', 'ZeroDivisionError'),
    ('Hang', 'took longer than 0.3 s'),
    ('OffBoard', 'off the board'),
    ('Exits', 'ended its process (exit status 3)'),
    ('BadInit', 'raised RuntimeError: no luck'),
])
def test_a_plugin_that_goes_wrong_forfeits_each_game(capsys, bots, name, words):
    spec = bots(name)
    data, err = run_json(capsys, ['--tournament', spec, 'random', 'ai', '--games', '1',
                                  '--move-time', '0.3', '--lookahead', '1'])
    games = data['games']
    assert len(games) == 6
    for g in games:
        if spec in (g['x'], g['o']):
            assert g['result'] == ('O' if g['x'] == spec else 'X')
            assert words in g['reason'], g['reason']
        else:                                       # random against ai: played to the end
            assert 'reason' not in g
            assert replayed(g['moves']).outcome.result() == g['result']
    bad, *others = data['players']
    assert (bad['wins'], bad['draws'], bad['losses'], bad['points']) == (0, 0, 4, 0.0)
    assert all(bad['elo'] < p['elo'] for p in others)
    assert 'game 6/6' in err and 'Traceback' not in err


def test_a_plugin_that_plays_well_is_scored_like_any_player(bots):
    result = _run(config(bots('Centre'), 'random', games=2))
    assert all(g.reason is None for g in result.games)
    assert result.standings[0].games == 4


def test_a_local_player_that_answers_a_bad_column_forfeits():
    class Silly:
        checker = 'X'

        def next_move(self, board):
            return 9
    with pytest.raises(Forfeit, match='9, which is not a playable column'):
        play_move(Silly(), 'silly', Game().board)


# -- Elo ----------------------------------------------------------------------------------

def test_elo_puts_the_winner_above_the_loser_and_keeps_the_mean():
    a, b = elo_ratings(2, [(0, 1, 1.0)] * 6 + [(1, 0, 0.0)] * 6)
    assert a > b and a + b == pytest.approx(3000)
    a, b, c = elo_ratings(3, [(0, 1, 1.0), (1, 2, 1.0), (0, 2, 1.0), (2, 0, 0.5)])
    assert a > b > c


def test_elo_gives_equal_results_equal_ratings_and_clamps_all_wins():
    assert elo_ratings(3, [(0, 1, 0.5), (1, 2, 0.5), (2, 0, 0.5)]) == [1500.0] * 3
    assert elo_ratings(3, []) == [1500.0] * 3
    a, b, c = elo_ratings(3, [(0, 1, 1.0), (2, 0, 0.0)] * 1000 + [(1, 2, 0.5)])
    assert b == c and a == 2300.0                    # clamped: 1500 + 800
    a, b = elo_ratings(2, [(0, 1, 1.0)])             # one game: finite, not clamped
    assert 1500 < a < 2300 and b == 3000 - a
    with pytest.raises(ValueError):
        elo_ratings(2, [(0, 1, 0.7)])
    with pytest.raises(ValueError):
        elo_ratings(2, [(0, 2, 1.0)])


def test_a_player_given_twice_is_two_players_with_equal_results(capsys, bots):
    crash = bots('Crash')
    data, _ = run_json(capsys, ['--tournament', crash, 'random', crash, '--games', '1'])
    first, rnd, second = data['players']
    assert (first['name'], second['name']) == (f'{crash} (1)', f'{crash} (2)')   # told apart
    assert {g['x'] for g in data['games']} == {first['name'], 'random', second['name']}
    # each crash beats the other as O (X crashes first) and loses everything else
    assert (first['wins'], first['losses']) == (second['wins'], second['losses']) == (1, 3)
    assert first['elo'] == second['elo'] < rnd['elo']
    assert (rnd['wins'], rnd['losses']) == (4, 0)
    names = table_names([crash, 'random', crash])
    assert names[0].endswith('bots.py:Crash (1)') and names[2].endswith('bots.py:Crash (2)')
    assert names[1] == 'random' and len(names[0]) <= 44
    assert table_names(['ai', 'x' * 50 + '.py:Bot']) == ['ai', '…' + 'x' * 32 + '.py:Bot']


# -- openings ------------------------------------------------------------------------------

def test_random_openings_are_legal_repeatable_and_played_with_both_colours():
    cfg = config('random', 'ai', games=3, openings=3, seed=7)
    fixtures = schedule(cfg)
    assert fixtures == schedule(config('random', 'ai', games=3, openings=3, seed=7))
    assert fixtures != schedule(config('random', 'ai', games=3, openings=3, seed=8))
    for first, second in zip(fixtures[::2], fixtures[1::2], strict=True):
        assert first.opening == second.opening and len(first.opening) == 3
        assert (first.x, first.o) == (second.o, second.x)
        assert Game(moves=first.opening).outcome is None
    assert sorted(random_openings(7, 1, seed=1)) == [(c,) for c in range(7)]
    result = _run(cfg)
    assert all(g.moves[:3] == g.fixture.opening for g in result.games)


# -- the command line ------------------------------------------------------------------------

@pytest.mark.parametrize('argv, needle', [
    (['--tournament', 'random'], 'needs 2 to 16 players'),
    (['--tournament'] + ['random'] * 17, 'needs 2 to 16 players'),
    (['--tournament', 'random', 'nobody'], "'nobody' is not a player"),
    (['--tournament', 'random', 'human'], "'human' cannot play a tournament"),
    (['--tournament', 'random', 'nowhere.py:Bot'], 'not found'),
    (['--tournament', 'random', 'ai', '--games', '0'], 'games must be an integer from 1 to 500'),
    (['--tournament', 'random', 'ai', '--games', '501'], 'from 1 to 500'),
    (['--tournament', 'random', 'ai', '--games', 'many'], "'many' is not an integer"),
    (['--tournament', 'random', 'ai', '--openings', '13'], 'openings must be an integer'),
    (['--tournament', 'random', 'ai', '--seed', '3'], 'give --openings K too'),
    (['--tournament', 'random', 'ai', '--move-time', '1'], 'none plays'),
    (['--tournament', 'random', 'easy', '--lookahead', '2'], 'for ai and plug-in players'),
    (['--tournament', 'random', 'ai', '--text', '--x', 'ai'], '--x, --text do nothing in a tournament (--tournament)'),
    (['--games', '2'], '--games does nothing without --tournament; leave it out'),
    (['--openings', '2', '--seed', '1'], '--openings, --seed do nothing without --tournament'),
    (['--tournament'], 'expected at least one argument'),
])
def test_bad_options_are_one_line_and_exit_2(capsys, argv, needle):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    out, err = capsys.readouterr()
    assert out == ''
    assert needle in err and 'Traceback' not in err
    assert err.strip().splitlines()[-1].startswith('connect4-pygame: error: ')


def test_the_table_goes_to_stdout_and_the_progress_to_stderr(capsys, bots):
    assert main(['--tournament', 'random', bots('Crash'), '--games', '1']) == 0
    out, err = capsys.readouterr()
    assert 'Rank' in out and 'Points' in out and 'Elo' in out
    assert 'Forfeits (2 games):' in out and 'ZeroDivisionError' in out
    assert 'game 1/2:' in err and 'game 2/2:' in err
    assert 'game 1/2' not in out and 'Rank' not in err
    lines = out.splitlines()
    top, bottom = lines[2].split(), lines[3].split()
    assert top[:2] == ['1', 'random'] and top[-2] == '2.0' and bottom[-2] == '0.0'
    assert int(top[-1]) > 1500 > int(bottom[-1]) and int(top[-1]) + int(bottom[-1]) == 3000


def test_on_a_terminal_the_progress_is_one_redrawn_bar():
    class Terminal(io.StringIO):
        def isatty(self):
            return True
    stream = Terminal()
    progress = Progress(['random', 'ai'], 2, stream)
    record = GameRecord(Fixture(1, 0, 1), (3, 3), 'X', 'bots.py:Crash raised')
    progress.update(record, 1)
    progress.update(record, 2)
    progress.finish()
    text = stream.getvalue()
    assert text.count('\r') == 2 and text.endswith('\n') and text.count('\n') == 1
    assert '[' + '#' * 24 + '] 2/2' in text


def test_ctrl_c_stops_after_the_game_and_prints_the_results_so_far(monkeypatch):
    import connect4_game.tournament as tournament
    real, played = tournament.play_game, []

    def play_two(fixture, cfg, unloadable):
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(fixture)
        return real(fixture, cfg, unloadable)
    monkeypatch.setattr(tournament, 'play_game', play_two)
    out, err = io.StringIO(), io.StringIO()
    assert play(config('random', 'ai', games=2), as_json=True, out=out, err=err) == 130
    assert len(json.loads(out.getvalue())['games']) == 2
    assert 'stopped after 2 of 4 games' in err.getvalue()


def test_format_table_ranks_by_points():
    cfg = config('random', 'ai', games=1)
    games = [GameRecord(Fixture(1, 0, 1), (), 'O', 'gone'),
             GameRecord(Fixture(2, 1, 0), (), 'X', 'gone')]
    lines = format_table(TournamentResult.build(cfg, games))
    assert lines[2].split()[:7] == ['1', 'ai', '2', '2', '0', '0', '2.0']
    assert lines[3].split()[:2] == ['2', 'random']
    assert lines[-1] == '  random forfeited 2 games (1, 2): gone'


def test_the_command_runs_from_main_py():
    proc = subprocess.run([sys.executable, str(ROOT / 'main.py'), '--tournament', 'random', 'ai',
                           '--lookahead', '1', '--json'], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert len(json.loads(proc.stdout)['games']) == 2
    assert 'game 2/2' in proc.stderr


# -- what a plug-in prints, names the system refuses, players that cannot be loaded -----

def test_what_a_plugin_prints_goes_to_stderr_named_never_into_the_json(bots):
    proc = subprocess.run([sys.executable, str(ROOT / 'main.py'), '--tournament', bots('Chatty'),
                           'random', '--json'], capture_output=True, text=True, cwd=ROOT,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)                 # the one JSON document, nothing else
    assert len(data['games']) == 2 and 'forged' not in proc.stdout
    assert 'bots.py:Chatty: thinking' in proc.stderr
    assert 'bots.py:Chatty: {"forged": 1}' in proc.stderr
    assert 'from a program it started' in proc.stderr


def test_a_plugin_file_name_the_system_refuses_is_one_line(capsys, tmp_path):
    long_name = f"{tmp_path}/{'b' * 300}.py:Bot"
    with pytest.raises(SystemExit) as exc:
        main(['--tournament', long_name, 'random'])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and 'File name too long' in err
    assert 'Traceback' not in err and len(err.splitlines()[-1]) < 200


def test_a_plugin_in_a_folder_whose_name_is_not_utf8_plays(tmp_path):
    folder = os.fsencode(tmp_path) + b'/caf\xe9'
    os.mkdir(folder)
    with open(folder + b'/b\xfft.py', 'w') as fh:
        fh.write(PLUGINS)
    spec = os.fsdecode(folder + b'/b\xfft.py') + ':Centre'
    result = _run(config(spec, 'random'))
    assert [g.reason for g in result.games] == [None, None]


def test_a_player_that_cannot_be_loaded_is_not_loaded_again(bots, monkeypatch):
    import connect4_game.tournament as tournament
    loads = Counter()

    def counted(spec, side, **kw):
        loads[spec.plugin or spec.format()] += 1
        return real(spec, side, **kw)
    real = tournament.make_player
    monkeypatch.setattr(tournament, 'make_player', counted)
    slow = bots('SlowInit')
    records = list(play_games(config(slow, 'random', games=3, load_time=0.5)))
    assert len(records) == 6 and loads[slow] == 1 and loads['random'] == 6
    assert all('did not load within 0.5 s' in g.reason for g in records)
    assert [g.result for g in records] == ['O', 'X'] * 3


def test_a_deep_ai_is_said_to_be_untimed_at_the_start(monkeypatch):
    import connect4_game.cli.tournament as cli_tournament
    monkeypatch.setattr(cli_tournament, 'play_games', lambda cfg: iter(()))
    said = []
    for players in (('random', 'random'), ('ai', 'random')):
        err = io.StringIO()
        play(TournamentConfig(players, lookahead=19), out=io.StringIO(), err=err)
        said.append(err.getvalue())
    assert 'no time limit' not in said[0]                      # no ai: nothing to say
    assert 'ai looks 19 plies ahead' in said[1] and 'no time limit' in said[1]
