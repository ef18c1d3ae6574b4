"""Outputs that cannot show every character (a redirected Windows console's cp1252, ``LC_ALL=C``'s
ASCII): every result still comes out, ``≈`` as ``~`` and ``…`` as ``...``, and what they can show
(the assignment's board and prompts) is byte for byte what a UTF-8 console gets."""

import functools
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from connect4_game.cli import main
from connect4_game.cli.output import ERRORS

ROOT = Path(__file__).resolve().parents[1]
ASCII = {'LC_ALL': 'C', 'PYTHONUTF8': '0'}      # Python's own UTF-8 mode would step in otherwise


def run(args, env=None, stdin=''):
    full = {k: v for k, v in os.environ.items() if not k.startswith(('PYTHONIOENCODING', 'LC_'))}
    full.update(env or {})
    return subprocess.run([sys.executable, str(ROOT / 'main.py'), *args], input=stdin.encode(),
                          capture_output=True, env=full, cwd=ROOT, timeout=60)


def test_the_handler_degrades_what_the_encoding_lacks_and_keeps_the_rest():
    assert '≈ 0 … “é” ✓'.encode('ascii', ERRORS) == b'~ 0 ... "?" ?'
    assert '≈ … é'.encode('cp1252', ERRORS) == '~ … é'.encode('cp1252')
    assert os.fsdecode(b'caf\xe9.py').encode('utf-8', ERRORS) == b'caf\xe9.py'   # the name's bytes


def test_a_review_on_cp1252_prints_every_line(monkeypatch):
    import connect4_game.ai.review as review
    monkeypatch.setattr(review, 'review_game', functools.partial(review.review_game,
                                                                  node_budget=200))
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding='cp1252', newline='\n')
    monkeypatch.setattr(sys, 'stdout', out)
    assert main(['--review', '4453', '--rows', '12', '--cols', '14']) == 0
    out.flush()
    lines = raw.getvalue().decode('cp1252').splitlines()
    assert lines[0].startswith('ply') and all('~ draw' in line for line in lines[1:5])
    assert lines[-1].startswith('~: an estimate')                 # the table's key, the last line


def test_the_console_game_is_byte_identical_on_ascii():
    moves = '3\n3\n3\n2\n'
    plain, ascii_ = run(['--text', '--o', 'ai'], stdin=moves), \
        run(['--text', '--o', 'ai'], ASCII, stdin=moves)
    assert plain.returncode == ascii_.returncode == 0
    assert ascii_.stdout == plain.stdout and b'Enter a column: ' in plain.stdout


def test_a_tournament_table_that_needs_an_ellipsis_comes_out_on_ascii(tmp_path):
    bot = tmp_path / ('a' * 50 + '.py')
    bot.write_text('class Bot:\n    def __init__(self, checker):\n        self.checker = checker\n'
                   '    def next_move(self, b):\n'
                   '        return next(c for c in range(b.width) if b.can_add_to(c))\n')
    proc = run(['--tournament', f'{bot}:Bot', 'random'], ASCII)
    assert proc.returncode == 0, proc.stderr
    table = proc.stdout.decode('ascii')
    assert 'Rank' in table and '...' + 'a' * 20 in table and 'Traceback' not in \
        proc.stderr.decode()
    proc = run(['--tournament', f'{bot}:Bot', 'random', '--json'], ASCII)
    assert json.loads(proc.stdout)['players'][1]['name'] == 'random'


@pytest.mark.parametrize('env', [ASCII, {'PYTHONIOENCODING': 'cp1252'}])
def test_the_console_host_says_it_waits_on_any_encoding(env):
    proc = run(['--text', '--host', '127.0.0.1:0', '--wait', '0.2'], env)
    lines = proc.stdout.decode('ascii', 'replace').splitlines()
    assert lines[0].startswith('Hosting a game: ')
    assert lines[1] in ('Waiting for a friend to join... (Ctrl+C to stop)',
                        'Waiting for a friend to join\ufffd (Ctrl+C to stop)')   # cp1252's …
    assert 'No friend joined within 0.2 s.' in lines[2]
    assert proc.returncode == 1 and b'Traceback' not in proc.stderr
