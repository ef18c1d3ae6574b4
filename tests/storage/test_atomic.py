"""Atomic writes: a kill mid-write leaves the previous file intact."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from connect4_game.storage import atomic
from connect4_game.storage.atomic import (
    atomic_write_bytes,
    atomic_write_new,
    json_bytes,
    remove_stale_temp_files,
)

try:
    import fcntl
except ImportError:                      # Windows
    fcntl = None

ROOT = Path(__file__).resolve().parents[2]


def test_writes_and_replaces(tmp_path):
    p = tmp_path / "sub" / "f.txt"
    atomic_write_bytes(p, b"one")
    atomic_write_bytes(p, b"two")
    assert p.read_text() == "two"
    atomic_write_bytes(p, json_bytes({"b": 1, "a": [1, 2]}))
    assert json.loads(p.read_text()) == {"a": [1, 2], "b": 1}
    assert os.listdir(p.parent) == ["f.txt"]


def test_failed_write_keeps_old_file_and_no_temp(tmp_path):
    p = tmp_path / "f.json"
    atomic_write_bytes(p, b"old")
    with pytest.raises(TypeError):
        atomic_write_bytes(p, "not bytes")
    assert p.read_text() == "old"
    assert os.listdir(tmp_path) == ["f.json"]


WRITER = r"""
import sys
sys.path.insert(0, sys.argv[1])
from connect4_game.storage.atomic import atomic_write_bytes, json_bytes
path = sys.argv[2]
i = 0
while True:
    i += 1
    # ~2 MB per version, so a kill very likely lands mid-write
    atomic_write_bytes(path, json_bytes({"version": i, "payload": [i] * 300000}))
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


def test_remove_stale_temp_files_by_age(tmp_path, monkeypatch):
    leftover = tmp_path / ".stats.json.abcd_123.tmp"
    leftover.write_text("{")
    assert remove_stale_temp_files(tmp_path) == 0, "a file just written may belong to a writer"
    ten_seconds_ago = time.time() - 10
    os.utime(leftover, (ten_seconds_ago, ten_seconds_ago))
    monkeypatch.setattr(atomic, "UNUSED_AFTER", 20)
    assert remove_stale_temp_files(tmp_path) == 0
    monkeypatch.undo()
    assert remove_stale_temp_files(tmp_path) == 1, "nobody holds it: its writer is dead"
    assert not leftover.exists()
    atomic_write_bytes(tmp_path / "f.json", b"{}")
    monkeypatch.setattr(atomic, "STALE_AFTER", 0)
    monkeypatch.setattr(atomic, "UNUSED_AFTER", 0)
    assert remove_stale_temp_files(tmp_path) == 0
    assert os.listdir(tmp_path) == ["f.json"]


@pytest.mark.skipif(fcntl is None, reason="POSIX flock")
def test_a_temp_file_a_live_writer_holds_is_kept_until_it_is_stale(tmp_path, monkeypatch):
    busy = tmp_path / ".autosave.json.abcdefgh.tmp"
    busy.write_text("{")
    with open(busy, "rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)     # as a writer does
        ten_seconds_ago = time.time() - 10
        os.utime(busy, (ten_seconds_ago, ten_seconds_ago))
        assert remove_stale_temp_files(tmp_path) == 0 and busy.exists()
        monkeypatch.setattr(atomic, "STALE_AFTER", 5)
        assert remove_stale_temp_files(tmp_path) == 1     # stale anyway
    assert not busy.exists()


@pytest.mark.skipif(fcntl is None, reason="POSIX flock")
def test_a_writer_holds_its_temp_file_until_the_rename(tmp_path, monkeypatch):
    held = []
    real_replace = os.replace

    def replace(src, dst):
        with open(src, "rb") as probe:                  # another process's view
            try:
                fcntl.flock(probe.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                held.append(True)
        old = time.time() - 10
        os.utime(src, (old, old))
        assert remove_stale_temp_files(tmp_path) == 0   # a cleaner at this moment keeps it
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    atomic_write_bytes(tmp_path / "f.json", b"new")
    assert held == [True] and (tmp_path / "f.json").read_text() == "new"


def test_atomic_write_new_never_replaces_a_file(tmp_path):
    names = ["a.json", "a-2.json", "a-3.json"]
    (tmp_path / "a.json").write_text("first")
    assert atomic_write_new(tmp_path, names, b"second") == tmp_path / "a-2.json"
    assert atomic_write_new(tmp_path, iter(names), b"third") == tmp_path / "a-3.json"
    with pytest.raises(FileExistsError):
        atomic_write_new(tmp_path, names, b"fourth")
    assert [(tmp_path / n).read_text() for n in names] == ["first", "second", "third"]
    assert sorted(os.listdir(tmp_path)) == sorted(names)          # no temporary file left
    for bad in ("", "..", "x/y", "."):
        with pytest.raises(ValueError):
            atomic_write_new(tmp_path, [bad], b"x")
    with pytest.raises(TypeError):
        atomic_write_new(tmp_path, ["b.json"], "text")
    assert sorted(os.listdir(tmp_path)) == sorted(names)


def test_atomic_write_new_without_hard_links(tmp_path, monkeypatch):
    def no_links(src, dst):
        raise PermissionError(1, "hard links are not supported here")

    monkeypatch.setattr(os, "link", no_links)
    (tmp_path / "a.json").write_text("first")
    assert atomic_write_new(tmp_path, ["a.json", "b.json"], b"second") == tmp_path / "b.json"
    assert (tmp_path / "b.json").read_text() == "second"
    assert sorted(os.listdir(tmp_path)) == ["a.json", "b.json"]
