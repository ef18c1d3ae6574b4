"""``main.py`` starts by a double-click: a ``#!`` line, executable, and a
two-line message with the install command when the game's packages are missing."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAIN = ROOT / 'main.py'


def _main_module():
    import importlib.util
    spec = importlib.util.spec_from_file_location('main_script', MAIN)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_has_a_shebang_and_is_executable():
    assert MAIN.read_text(encoding='utf-8').startswith('#!/usr/bin/env python3\n')
    if os.name == 'posix':
        assert os.access(MAIN, os.X_OK)


def test_required_packages_match_pyproject():
    tomllib = pytest.importorskip('tomllib')         # Python 3.11+
    meta = tomllib.loads((ROOT / 'pyproject.toml').read_text(encoding='utf-8'))
    wanted = {d.split(';')[0].split('>')[0].split('=')[0].split('<')[0].strip().lower()
              for d in meta['project']['dependencies']}
    assert {dist.lower() for _, dist in _main_module().REQUIRED} == wanted


def test_install_command_is_the_readmes():
    readme = (ROOT / 'README.md').read_text(encoding='utf-8')
    assert _main_module().INSTALL_COMMAND in readme


@pytest.mark.skipif(os.name != 'posix', reason='runs the script by its #! line')
def test_a_python_without_pygame_gets_two_lines_and_status_1(tmp_path: Path):
    # A copy with no .venv beside it, run by this Python without site-packages
    # (-S): pygame and the others cannot be found, and there is nothing to hand over to.
    script = tmp_path / 'main.py'
    shutil.copy(MAIN, script)
    env = {k: v for k, v in os.environ.items() if not k.startswith('PYTHON')}
    proc = subprocess.run([sys.executable, '-S', str(script)], capture_output=True, text=True,
                          env=env, timeout=60)
    assert proc.returncode == 1
    assert 'Traceback' not in proc.stderr and proc.stdout == ''
    lines = proc.stderr.rstrip('\n').splitlines()
    assert len(lines) == 2
    assert 'pygame-ce' in lines[0] and 'install and play with:' in lines[0]
    assert lines[1].strip() == _main_module().INSTALL_COMMAND
