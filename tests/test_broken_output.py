"""A closed pipe, a full device or no standard input: a quiet end, never a traceback.

Each command runs as a subprocess (``python main.py ...``) with its standard
output on a pipe whose reading end is already closed, on ``/dev/full``, or
with its standard input closed, as a shell's ``| head``, ``> /dev/full`` and
``<&-`` would leave it.
"""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from connect4_game.cli import main

ROOT = Path(__file__).resolve().parents[1]

COMMANDS = [
    pytest.param(['--text', '--x', 'ai', '--o', 'ai', '--lookahead', '1'], id='text'),
    pytest.param(['--text'], id='text-human'),
    pytest.param(['--review', '3344556'], id='review'),
    pytest.param(['--game', 'oska', '--text', '--demo'], id='oska'),
    pytest.param(['--help'], id='help'),
]

posix_only = pytest.mark.skipif(os.name != 'posix', reason='POSIX pipes and file descriptors')


def _env():
    return dict(os.environ, SDL_VIDEODRIVER='dummy', SDL_AUDIODRIVER='dummy',
                PYGAME_HIDE_SUPPORT_PROMPT='1')


def _run(args, stdout, stdin=subprocess.DEVNULL, **kw):
    """Run main.py with ``args``; returns (exit status, stderr text)."""
    proc = subprocess.run([sys.executable, str(ROOT / 'main.py')] + args, stdin=stdin,
                          stdout=stdout, stderr=subprocess.PIPE, env=_env(), cwd=ROOT,
                          timeout=120, **kw)
    return proc.returncode, proc.stderr.decode('utf-8', 'replace')


@posix_only
@pytest.mark.parametrize('args', COMMANDS)
def test_a_closed_pipe_ends_quietly_with_status_141(args):
    read_end, write_end = os.pipe()
    os.close(read_end)                    # as `| head` once head has gone
    try:
        status, err = _run(args, stdout=write_end)
    finally:
        os.close(write_end)
    assert status == 141, err
    assert 'Traceback' not in err and len(err.splitlines()) <= 1, err


@posix_only
@pytest.mark.skipif(not os.path.exists('/dev/full'), reason='needs /dev/full')
@pytest.mark.parametrize('args', COMMANDS)
def test_a_full_device_ends_with_status_1_and_one_line(args):
    with open('/dev/full', 'wb') as full:
        status, err = _run(args, stdout=full)
    assert status == 1, err
    assert err == 'connect4: cannot write: No space left on device\n'


@posix_only
@pytest.mark.parametrize('args, last', [
    (['--text'], 'Enter a column: \nGame ended. Bye!\n'),
    (['--text', '--moves', '3344'], 'Enter a column: \nGame ended. Bye!\n'),
    (['--game', 'oska', '--text'], 'White (W) to move: \nGame ended. Bye!\n'),
])
def test_no_standard_input_is_the_end_of_input(args, last):
    proc = subprocess.run([sys.executable, str(ROOT / 'main.py')] + args,
                          preexec_fn=lambda: os.close(0),     # as `<&-`
                          capture_output=True, text=True, env=_env(), cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.endswith(last)
    assert proc.stderr == ''


class _Unreadable:
    """A standard input whose every read fails."""

    def readline(self, *args):
        raise OSError(5, 'Input/output error')

    read = readline


@pytest.mark.parametrize('stdin', [None, _Unreadable(), io.StringIO('3\n')],
                         ids=['missing', 'unreadable', 'one-answer'])
def test_input_that_cannot_be_read_ends_the_game_politely(monkeypatch, capsys, stdin):
    monkeypatch.setattr('sys.stdin', stdin)
    assert main(['--text']) == 0
    out = capsys.readouterr().out
    assert out.startswith('Welcome to Connect Four!\n')
    assert out.endswith('Enter a column: \nGame ended. Bye!\n')
    assert sys.stdin is stdin                 # given back as it was


def test_the_streams_are_given_back_after_a_command(monkeypatch, capsys):
    monkeypatch.setattr('sys.stdout', None)
    assert main(['--text', '--x', 'ai', '--o', 'ai', '--lookahead', '1']) == 0
    assert sys.stdout is None
