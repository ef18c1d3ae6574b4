"""No display at all (Linux, neither DISPLAY nor WAYLAND_DISPLAY): one line and exit 1 before the
autosave is read, never SDL's offscreen driver unless it is asked for."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not sys.platform.startswith('linux'), reason='DISPLAY is Linux')


def run(tmp_path, *args, **env):
    full = {k: v for k, v in os.environ.items()
            if k not in ('DISPLAY', 'WAYLAND_DISPLAY', 'SDL_VIDEODRIVER')}
    full.update(CONNECT4_CONFIG_DIR=str(tmp_path), **env)
    return subprocess.run([sys.executable, str(ROOT / 'main.py'), *args], capture_output=True,
                          text=True, env=full, cwd=ROOT, timeout=60)


def test_no_display_is_one_line_and_leaves_the_autosave_alone(tmp_path):
    autosave = tmp_path / 'autosave.json'
    autosave.write_text('{"version": 1, "rows": 6, "cols": 7, "moves": "4453"}')
    before = autosave.stat().st_mtime_ns, autosave.read_bytes()
    proc = run(tmp_path)
    assert proc.returncode == 1 and proc.stdout == ''
    assert proc.stderr.count('\n') == 1
    assert all(w in proc.stderr for w in ('DISPLAY', 'WAYLAND_DISPLAY', '--text'))
    assert (autosave.stat().st_mtime_ns, autosave.read_bytes()) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ['autosave.json']


def test_a_headless_driver_asked_for_still_runs(tmp_path):
    proc = run(tmp_path, '--exit-after', '0', '--no-settings', SDL_VIDEODRIVER='offscreen',
               SDL_AUDIODRIVER='dummy')
    assert proc.returncode == 0, proc.stderr


def test_the_console_needs_no_display(tmp_path):
    proc = run(tmp_path, '--text', '--x', 'random', '--o', 'random')
    assert proc.returncode == 0 and proc.stdout.startswith('Welcome to Connect Four!')
