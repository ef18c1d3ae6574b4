"""Atomic writes: a kill mid-write leaves the previous file intact."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from connect4_game.storage.atomic import (atomic_write_bytes, atomic_write_json, atomic_write_text,
                                  remove_stale_temp_files)

ROOT = Path(__file__).resolve().parents[2]


def test_writes_and_replaces(tmp_path):
    p = tmp_path / "sub" / "f.txt"
    atomic_write_text(p, "one")
    atomic_write_text(p, "two")
    assert p.read_text() == "two"
    atomic_write_json(p, {"b": 1, "a": [1, 2]})
    assert json.loads(p.read_text()) == {"a": [1, 2], "b": 1}
    assert os.listdir(p.parent) == ["f.txt"]


def test_failed_write_keeps_old_file_and_no_temp(tmp_path):
    p = tmp_path / "f.json"
    atomic_write_text(p, "old")
    with pytest.raises(TypeError):
        atomic_write_json(p, {"x": object()})
    with pytest.raises(TypeError):
        atomic_write_bytes(p, "not bytes")
    assert p.read_text() == "old"
    assert os.listdir(tmp_path) == ["f.json"]


WRITER = r"""
import sys
sys.path.insert(0, sys.argv[1])
from connect4_game.storage.atomic import atomic_write_json
path = sys.argv[2]
i = 0
while True:
    i += 1
    # ~2 MB per version, so a kill very likely lands mid-write
    atomic_write_json(path, {"version": i, "payload": [i] * 300000})
    if i == 2:
        print("ready", flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("run", range(3))
def test_sigkill_mid_write_leaves_a_complete_version(tmp_path, run):
    target = tmp_path / "big.json"
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(ROOT), str(target)],
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        # let it get some way into later versions: wait until it has replaced the file again
        first = target.stat().st_ino
        while target.stat().st_ino == first:
            assert proc.poll() is None, "writer died on its own"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    data = json.loads(target.read_text())  # parses: never a half-written file
    n = data["version"]
    assert n >= 3
    assert data["payload"] == [n] * 300000


def test_remove_stale_temp_files_age_and_arguments(tmp_path):
    leftover = tmp_path / ".stats.json.abcd_123.tmp"
    leftover.write_text("{")
    ten_seconds_ago = time.time() - 10
    os.utime(leftover, (ten_seconds_ago, ten_seconds_ago))
    assert remove_stale_temp_files(tmp_path) == 0, "a fresh file may belong to a writer"
    assert remove_stale_temp_files(tmp_path, older_than=5) == 1
    assert not leftover.exists()
    atomic_write_text(tmp_path / "f.json", "{}")
    assert remove_stale_temp_files(tmp_path, older_than=0) == 0
    assert os.listdir(tmp_path) == ["f.json"]
    for bad in (-1, float("nan"), "60", None):
        with pytest.raises(ValueError):
            remove_stale_temp_files(tmp_path, older_than=bad)
