"""The command line (connect4_game.cli): options, bad values, the console game
and a whole headless demo game through main.py."""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from connect4_game.cli import build_parser, main, parse_player
from connect4_game.net.protocol import parse_address

ROOT = Path(__file__).resolve().parents[1]


def run_main(args, stdin='', timeout=120, env_extra=None):
    env = dict(os.environ, SDL_VIDEODRIVER='dummy', SDL_AUDIODRIVER='dummy',
               PYGAME_HIDE_SUPPORT_PROMPT='1')
    env.update(env_extra or {})
    return subprocess.run([sys.executable, str(ROOT / 'main.py')] + args, input=stdin,
                          capture_output=True, text=True, timeout=timeout, env=env, cwd=ROOT)


@pytest.mark.parametrize('argv,needle', [
    (['--lookahead', '-1'], 'lookahead must be an integer >= 0, not -1'),
    (['--lookahead', 'deep'], 'not an integer'),
    (['--tiebreak', 'MIDDLE'], 'LEFT, RIGHT, RANDOM'),
    (['--x', 'wizard'], 'not a player'),
    (['--o', 'bot.txt:Bot'], 'not a player'),
    (['--rows', '3'], 'rows must be an integer from 4 to 12, not 3'),
    (['--cols', '15'], 'columns must be an integer from 4 to 14, not 15'),
    (['--lookahead', '9' * 5000], 'not an integer'),
    (['--x', 'w' * 5000], 'not a player'),
    (['--exit-after', 'soon'], 'seconds'),
    (['--moves', '0000000'], 'column 0 is full'),
    (['--moves', '19'], '9'),
    (['--theme', 'neon'], 'theme must be one of classic, dark, high_contrast, paper'),
    (['--lang', 'xx'], 'language must be one of en, nl'),
    (['--size', 'big'], 'WIDTHxHEIGHT'),
    (['--load', '/nonexistent/game.json'], 'does not exist'),
])
def test_bad_values_are_argparse_errors_not_tracebacks(capsys, argv, needle):
    with pytest.raises(SystemExit) as exc:
        main(argv + ['--no-settings'])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert needle in err and 'Traceback' not in err
    assert max(len(line) for line in err.splitlines()) <= 320     # a value is never repeated whole


def test_player_specs():
    assert parse_player('AI').format() == 'ai' and parse_player('human').format() == 'human'
    assert parse_player('bots/my.py:MyBot').plugin == 'bots/my.py:MyBot'
    p = build_parser().parse_args(['--x', 'random', '--o', 'x.py:Bot', '--lookahead', '5',
                                   '--tiebreak', 'right'])
    assert (p.x.format(), p.o.format(), p.lookahead, p.tiebreak) == ('random', 'x.py:Bot', 5,
                                                                   'RIGHT')


def test_text_mode_plays_the_seed_console_game():
    r = run_main(['--text', '--x', 'ai', '--o', 'ai', '--lookahead', '1'])
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith('Welcome to Connect Four!')
    assert 'Player X (LEFT, 1) wins in 8 moves.' in r.stdout   # seed: LEFT 1 vs LEFT 1


def test_text_mode_end_of_input_ends_politely():
    r = run_main(['--text'], stdin='3\n')
    assert r.returncode == 0
    assert 'Bye' in r.stdout and 'Traceback' not in r.stderr + r.stdout


def test_headless_demo_plays_a_whole_game_and_writes_the_picture(tmp_path):
    shot = tmp_path / 'out.png'
    stats = tmp_path / 'fs.json'
    r = run_main(['--demo', '--lookahead', '1', '--exit-after-game', '--screenshot', str(shot),
                  '--frame-stats', str(stats), '--no-settings', '--pace', '0.05', '--rows', '4',
                  '--cols', '5'])
    assert r.returncode == 0, r.stderr
    assert ('wins in' in r.stdout) or ("It's a tie!" in r.stdout)
    assert shot.read_bytes()[:8] == b'\x89PNG\r\n\x1a\n'
    data = json.loads(stats.read_text())
    assert set(data) >= {'frames', 'p50_ms', 'p95_ms', 'p99_ms', 'max_ms', 'moves'}
    assert data['moves'] >= 7 and data['frames'] > 10


def _processes_with(marker):
    found = []
    for d in Path('/proc').iterdir():
        if d.name.isdigit():
            try:
                if marker.encode() in (d / 'environ').read_bytes():
                    found.append(int(d.name))
            except OSError:
                pass
    return found


@pytest.mark.skipif(not Path('/proc/self/environ').exists(), reason='needs /proc')
def test_exit_while_thinking_leaves_no_process_behind(tmp_path):
    marker = f'C4_TEST_MARKER_{os.getpid()}'
    r = run_main(['--x', 'ai', '--o', 'ai', '--lookahead', '40', '--exit-after', '1.5',
                  '--no-settings'], env_extra={marker: '1'})
    assert r.returncode == 0, r.stderr
    assert _processes_with(marker) == []


def _spawn(args, env_extra=None):
    env = dict(os.environ, SDL_VIDEODRIVER='dummy', SDL_AUDIODRIVER='dummy',
               PYGAME_HIDE_SUPPORT_PROMPT='1')
    env.update(env_extra or {})
    return subprocess.Popen([sys.executable, str(ROOT / 'main.py')] + args, cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _read_until(stream, needle, limit=20000):
    seen = ''
    while needle not in seen and len(seen) < limit:
        ch = stream.read(1)
        if not ch:
            break
        seen += ch
    return seen


def test_text_mode_ctrl_c_ends_politely():
    import signal
    p = _spawn(['--text'])
    try:
        assert 'Enter a column' in _read_until(p.stdout, 'Enter a column')
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=30)
    finally:
        p.kill()
    assert p.returncode == 0
    assert 'Bye' in out and 'Traceback' not in err



def test_oska_window_and_module_entry_point(tmp_path):
    shot = tmp_path / 'oska.png'
    r = run_main(['--game', 'oska', '--demo', '--exit-after', '1', '--screenshot', str(shot)])
    assert r.returncode == 0, r.stderr
    assert shot.read_bytes()[:4] == b'\x89PNG'
    m = subprocess.run([sys.executable, '-m', 'connect4_game', '--help'], capture_output=True,
                       text=True, cwd=ROOT, timeout=60)
    assert m.returncode == 0 and '--frame-stats' in m.stdout


def test_no_video_driver_is_a_message_not_a_traceback():
    r = run_main(['--no-settings', '--exit-after', '1'],
                 env_extra={'SDL_VIDEODRIVER': 'no_such_driver'})
    assert r.returncode == 1
    assert 'cannot open a window' in r.stderr and 'Traceback' not in r.stderr


# -- options that do nothing in a mode, start positions, lookahead past the board ----------

@pytest.mark.parametrize('argv,needle', [
    (['--text', '--theme', 'dark'], '--theme does nothing'),
    (['--text', '--lang', 'nl'], '--lang does nothing'),
    (['--text', '--size', '900x800'], '--size does nothing'),
    (['--text', '--screenshot', 'x.png', '--mute'], '--mute, --screenshot do nothing'),
    (['--game', 'oska', '--x', 'ai'], '--x does nothing in Oska'),
    (['--game', 'oska', '--moves', '1'], '--moves does nothing in Oska'),
    (['--game', 'oska', '--load', 'game.json'], '--load does nothing in Oska'),
    (['--game', 'oska', '--text', '--o', 'random', '--rows', '5'], '--o, --rows do nothing'),
    (['--n', '5'], '--n does nothing in Connect Four'),
    (['--moves', '1', '--load', 'game.json'], 'use one of them'),
    (['--game', 'oska', '--review', '33'], '--review judges a Connect Four game'),
    (['--n', '5', '--review', '33'], 'nothing in a review (--review)'),
])
def test_options_that_do_nothing_in_a_mode_are_refused(capsys, argv, needle):
    with pytest.raises(SystemExit) as exc:
        main(argv + ['--no-settings'] if '--game' not in argv and '--text' not in argv
             else argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert needle in err and 'Traceback' not in err


def test_a_huge_move_string_gives_a_short_message(capsys):
    with pytest.raises(SystemExit) as exc:
        main(['--no-settings', '--moves', '1' * 7 + 'z' * 1_000_000])
    assert exc.value.code == 2
    error = capsys.readouterr().err.splitlines()[-1]     # after argparse's usage lines
    assert error.startswith('connect4-pygame: error: --moves') and len(error) < 400


def test_text_demo_is_computer_against_computer():
    r = run_main(['--text', '--demo', '--lookahead', '1'])
    assert r.returncode == 0, r.stderr
    assert 'Enter a column' not in r.stdout
    assert 'Player X (LEFT, 1) wins in 8 moves.' in r.stdout


def test_text_mode_starts_from_moves():
    r = run_main(['--text', '--x', 'ai', '--o', 'ai', '--lookahead', '1', '--moves', '33'])
    assert r.returncode == 0, r.stderr
    first_board = r.stdout.split('\n\n')[1] if '\n\n' in r.stdout else r.stdout
    assert '|X|' in r.stdout and 'O' in first_board


def test_lookahead_past_the_board_is_clamped_to_its_cells():
    r = run_main(['--text', '--x', 'ai', '--o', 'ai', '--rows', '4', '--cols', '4',
                  '--lookahead', '1000000000'], timeout=200)
    assert r.returncode == 0, r.stderr
    assert 'using 16' in r.stderr and len(r.stderr) < 300
    assert '(LEFT, 16)' in r.stdout and '1000000000' not in r.stdout


def test_oska_console_demo_needs_no_keyboard():
    r = run_main(['--game', 'oska', '--text', '--demo', '--lookahead', '1'], timeout=200)
    assert r.returncode == 0, r.stderr
    assert 'Traceback' not in r.stderr


@pytest.mark.parametrize('argv,plain', [
    ([], True),
    (['--theme', 'dark', '--mute', '--size', '900x800'], True),
    (['--x', 'ai'], False),
    (['--o', 'random'], False),
    (['--moves', '1'], False),
    (['--load', 'g.json'], False),
    (['--rows', '5'], False),
    (['--lookahead', '3'], False),
    (['--demo'], False),
    (['--exit-after-game'], False),
    (['--exit-after', '3'], False),
    (['--screenshot', 'a.png'], False),
    (['--no-settings'], False),
])
def test_only_a_plain_start_owns_the_autosave(argv, plain):
    from connect4_game.cli import _plain_start
    assert _plain_start(build_parser().parse_args(argv)) is plain


@pytest.mark.parametrize('argv', [
    ['--x', 'ai', '--o', 'ai', '--lookahead', '1', '--exit-after-game', '--pace', '0',
     '--rows', '4', '--cols', '4'],
    ['--moves', '1', '--exit-after', '0.5'],
    ['--x', 'random', '--o', 'random', '--exit-after-game', '--pace', '0', '--rows', '4',
     '--cols', '4'],
])
def test_scripted_runs_never_touch_the_autosave(tmp_path, argv):
    saved = tmp_path / 'autosave.json'
    body = json.dumps({'format': 'connect4-game', 'version': 1, 'rows': 6, 'cols': 7,
                       'moves': '3344'}).encode()
    saved.write_bytes(body)
    r = run_main(argv, env_extra={'CONNECT4_CONFIG_DIR': str(tmp_path)})
    assert r.returncode == 0, r.stderr
    assert saved.read_bytes() == body


def test_review_on_another_board_size_prints_its_table(capsys):
    # 4x5: solved at once; every line uses the game's board size, not 6x7;
    # columns as players number them, 1..5
    assert main(['--rows', '4', '--cols', '5', '--review', '1212151']) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:3] == ['ply', 'who', 'col']
    plies = [ln for ln in out if ln[:3].strip().isdigit()]
    assert [int(ln.split()[0]) for ln in plies] == list(range(1, 8))
    assert 'win in 1' in plies[6] and plies[6].split()[2] == '1'     # X's four in column 1
    assert out[-1].startswith('X value:')
    assert main(['--rows', '4', '--cols', '5', '--review', '1212151', '--json']) == 0
    recs = json.loads(capsys.readouterr().out)
    assert len(recs) == 7 and all(len(r['scores']) == 5 for r in recs)
    assert [r['column'] for r in recs] == [1, 2, 1, 2, 1, 5, 1] and 1 in recs[6]['best']


# -- playing a friend from the console: --host / --join / --wait ---------------------------

def _net_env():
    return dict(os.environ, SDL_VIDEODRIVER='dummy', SDL_AUDIODRIVER='dummy',
                PYGAME_HIDE_SUPPORT_PROMPT='1', PYTHONIOENCODING='utf-8')


def _main_proc(args, **kw):
    return subprocess.Popen([sys.executable, str(ROOT / 'main.py')] + args, env=_net_env(),
                            cwd=ROOT, text=True, encoding='utf-8', **kw)


WAITING = 'Waiting for a friend to join… (Ctrl+C to stop)'


@pytest.mark.parametrize('argv,needle', [
    (['--host', '0', '--wait', '-1'], 'wait must be a number of seconds > 0 and at most 604800'),
    (['--host', '0', '--wait', '0'], 'wait must be a number of seconds > 0'),
    (['--host', '0', '--wait', 'soon'], 'not a number of seconds'),
    (['--host', '0', '--wait', '1e9'], 'at most 604800, not 1000000000.0'),
    (['--wait', '5'], '--wait does nothing without --host or --join'),
    (['--side', 'O'], '--side does nothing without --host or --join'),
    (['--join', 'h', '--code', '1234', '--side', 'O'], '--side does nothing with --join'),
    (['--join', 'h', '--code', '1234', '--rows', '5'], '--rows does nothing with --join'),
    (['--host', '0', '--moves', '33'], '--moves does nothing with --host'),
    (['--host', '0', '--game', 'oska'], '--host does nothing in Oska'),
    (['--host', '0', '--side', 'O', '--x', 'hard'], 'the friend plays X'),
    (['--join', '127.0.0.1:1'], 'needs the --code'),
    (['--join', '127.0.0.1:1', '--code', '\u00b2\u00b2\u00b2\u00b2'], 'the code is 4 digits'),
    (['--host', '0', '--join', 'x'], 'one computer hosts'),
])
def test_bad_network_options_are_refused(capsys, argv, needle):
    with pytest.raises(SystemExit) as exc:
        main(argv + ['--no-settings'])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert needle in err and 'Traceback' not in err


def test_the_network_options_are_one_typed_value():
    from connect4_game.cli import _check_mode, network_options
    from connect4_game.net.options import NetMode, NetworkOptions
    parser = build_parser()
    args = parser.parse_args(['--host', '127.0.0.1:0', '--side', 'O', '--o', 'hard',
                              '--code', '0421', '--wait', '90'])
    _check_mode(args, parser)
    opts = network_options(args, 3, 'LEFT')
    assert isinstance(opts, NetworkOptions) and opts.mode is NetMode.HOST
    assert (opts.bind_address, opts.port, opts.code, opts.side, opts.wait) == \
        ('127.0.0.1', 0, '0421', 'O', 90.0)
    assert opts.local['O'].level == 'hard' and opts.local['X'].kind == 'human'
    args = parser.parse_args(['--join', '[::1]:4000', '--code', '0421'])
    _check_mode(args, parser)
    opts = network_options(args, 3, 'LEFT')
    assert (opts.mode, opts.address, opts.side, opts.wait) == (NetMode.JOIN, '[::1]:4000',
                                                                None, None)
    assert parse_address(opts.address) == ('::1', 4000)
    assert network_options(parser.parse_args([]), 3, 'LEFT') is None
    with pytest.raises(ValueError):
        NetworkOptions(NetMode.JOIN, address='h')          # a joiner needs the code
    with pytest.raises(ValueError):
        NetworkOptions(NetMode.HOST, port=70000)


def test_a_wrong_code_says_so_and_exits_1():
    from connect4_game.net.host import Host
    host = Host(0, '127.0.0.1', '1234').start()
    try:
        r = run_main(['--text', '--join', f'127.0.0.1:{host.port}', '--code', '9999'],
                     timeout=60)
    finally:
        host.close()
    assert r.returncode == 1, r.stderr
    assert 'connect4: could not join: Wrong code.' in r.stderr
    assert 'No opponent connected' not in r.stdout + r.stderr


def test_joining_where_no_game_is_says_so_and_exits_1():
    import socket
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))               # bound, never listening
        port = probe.getsockname()[1]
        r = run_main(['--text', '--join', f'127.0.0.1:{port}', '--code', '1234', '--wait', '0.5'],
                     timeout=60)
    assert r.returncode == 1
    assert f'connect4: could not join: No game at 127.0.0.1:{port}.' in r.stderr


def test_a_host_says_it_waits_once_and_gives_up_after_wait():
    r = run_main(['--text', '--host', '127.0.0.1:0', '--x', 'random', '--wait', '1'],
                 timeout=60, env_extra={'PYTHONIOENCODING': 'utf-8'})
    assert r.returncode == 1, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith('Hosting a game: address 127.0.0.1 port ')
    assert lines.count(WAITING) == 1 and lines[1] == WAITING
    assert lines[-1] == 'No friend joined within 1 s.'


@pytest.mark.skipif(not hasattr(signal, 'SIGINT') or sys.platform == 'win32',
                    reason='needs SIGINT')
def test_a_host_waits_until_ctrl_c():
    proc = _main_proc(['--text', '--host', '127.0.0.1:0', '--code', '1357', '--x', 'random'],
                      stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        first = proc.stdout.readline()
        assert first.startswith('Hosting a game:')
        assert proc.stdout.readline().rstrip('\n') == WAITING
        port = int(first.split(' port ')[1].split(',')[0])
        r = run_main(['--text', '--join', f'127.0.0.1:{port}', '--code', '0000'], timeout=60)
        assert 'could not join: Wrong code.' in r.stderr      # it answered: still waiting
        assert proc.poll() is None
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)
    assert proc.returncode == 0, err
    assert 'Game ended. Bye!' in out and 'Traceback' not in err


def test_a_whole_game_between_two_consoles():
    host = _main_proc(['--text', '--host', '127.0.0.1:0', '--code', '1357', '--x', 'random'],
                      stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        first = host.stdout.readline()
        port = int(first.split(' port ')[1].split(',')[0])
        join = subprocess.run([sys.executable, str(ROOT / 'main.py'), '--text', '--join',
                               f'127.0.0.1:{port}', '--code', '1357', '--o', 'random'],
                              capture_output=True, text=True, encoding='utf-8', env=_net_env(),
                              cwd=ROOT, timeout=60)
        out, err = host.communicate(timeout=30)
    finally:
        if host.poll() is None:
            host.kill()
            host.wait(5)
    assert host.returncode == 0 and join.returncode == 0, err + join.stderr
    ends = [ln for ln in out.splitlines() if 'wins in' in ln or "It's a tie!" in ln]
    assert len(ends) == 1 and ends[0] in join.stdout.splitlines()
    assert join.stdout.startswith('Welcome to Connect Four!\n')
    for text in (out, join.stdout):
        assert "Player X's turn" in text and "Player O's turn" in text


# ---------------------------------------------------------------- --position

def test_position_takes_the_players_notation_and_moves_the_assignments():
    from connect4_game.cli import _start_position
    parser = build_parser()
    args = parser.parse_args(['--position', '4453'])
    assert _start_position(args, parser) == (6, 7, [3, 3, 4, 2])
    args = parser.parse_args(['--moves', '3342'])             # add_checkers: from 0
    assert _start_position(args, parser) == (6, 7, [3, 3, 4, 2])
    args = parser.parse_args(['--position', '9ae', '--cols', '14'])
    assert _start_position(args, parser) == (6, 14, [8, 9, 13])


@pytest.mark.parametrize('argv,needle', [
    (['--position', '4408'], "--position: move 3: '0' (character 3) is not a column: use 1-7"),
    (['--position', '48'], "'8' (character 2) is off the board: columns 1-7"),
    (['--position', '1111111'], 'column 1 is full'),
    (['--position', '44', '--moves', '33'], 'use one of them'),
    (['--position', '44', '--load', 'g.json'], 'use one of them'),
    (['--position', '44', '--game', 'oska'], '--position does nothing in Oska'),
    (['--position', '44', '--host', '0'], '--position does nothing with --host'),
    (['--position', '44', '--review', '33'], 'nothing in a review'),
])
def test_bad_positions_are_refused_naming_the_character(capsys, argv, needle):
    with pytest.raises(SystemExit) as exc:
        main(argv + ['--no-settings'])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert needle in err and 'Traceback' not in err


def test_a_position_is_not_a_plain_start():
    from connect4_game.cli import _plain_start
    assert _plain_start(build_parser().parse_args(['--position', '4'])) is False


def test_the_console_game_starts_from_a_position():
    r = run_main(['--text', '--x', 'ai', '--o', 'ai', '--lookahead', '1', '--position', '44'])
    assert r.returncode == 0, r.stderr
    first_board = r.stdout.split('---')[0]
    assert '|X|' in first_board and '|O|' in first_board
