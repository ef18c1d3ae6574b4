"""The command line (connect4_game.cli): options, bad values, the console game
and a whole headless demo game through main.py."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from connect4_game.cli import build_parser, main, parse_player

ROOT = Path(__file__).resolve().parents[1]


def run_main(args, stdin='', timeout=120, env_extra=None):
    env = dict(os.environ, SDL_VIDEODRIVER='dummy', SDL_AUDIODRIVER='dummy',
               PYGAME_HIDE_SUPPORT_PROMPT='1')
    env.update(env_extra or {})
    return subprocess.run([sys.executable, str(ROOT / 'main.py')] + args, input=stdin,
                          capture_output=True, text=True, timeout=timeout, env=env, cwd=ROOT)


@pytest.mark.parametrize('argv,needle', [
    (['--lookahead', '-1'], 'negative'),
    (['--lookahead', 'deep'], 'not an integer'),
    (['--tiebreak', 'MIDDLE'], 'LEFT, RIGHT, RANDOM'),
    (['--x', 'wizard'], 'not a player'),
    (['--o', 'bot.txt:Bot'], 'not a player'),
    (['--rows', '3'], 'rows must be from 4 to 12'),
    (['--cols', '15'], 'columns must be from 4 to 14'),
    (['--exit-after', 'soon'], 'seconds'),
    (['--moves', '0000000'], 'column 0 is full'),
    (['--moves', '19'], '9'),
    (['--theme', 'neon'], 'choose from'),
    (['--size', 'big'], 'WIDTHxHEIGHT'),
    (['--load', '/nonexistent/game.json'], 'does not exist'),
])
def test_bad_values_are_argparse_errors_not_tracebacks(capsys, argv, needle):
    with pytest.raises(SystemExit) as exc:
        main(argv + ['--no-settings'])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert needle in err and 'Traceback' not in err


def test_player_specs():
    assert parse_player('AI') == 'ai' and parse_player('human') == 'human'
    assert parse_player('bots/my.py:MyBot') == 'bots/my.py:MyBot'
    p = build_parser().parse_args(['--x', 'random', '--o', 'x.py:Bot', '--lookahead', '5',
                                   '--tiebreak', 'right'])
    assert (p.x, p.o, p.lookahead, p.tiebreak) == ('random', 'x.py:Bot', 5, 'RIGHT')


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
                  '--frame-stats', str(stats), '--no-settings'])
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
