"""Several processes writing the player's files at once lose nothing: library
saves never take one another's name, statistics counted at the same moment
all count (a lock around the re-read, count and write), and a writer killed
with SIGKILL mid-write leaves the old or the new file, never a part of one;
its temporary file is ignored and removed at the next start."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from connect4_game.storage import atomic
from connect4_game.storage.atomic import LOCK_SUFFIX, locked, remove_stale_temp_files
from connect4_game.storage.savegame import (
    LIBRARY_DIR,
    SavedGame,
    autosave,
    list_library,
    load_autosave,
    save_to_library,
)
from connect4_game.storage.settings import clean_config_dir
from connect4_game.storage.stats import Stats, load_stats

ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 4
TIMEOUT = 120            # seconds for any group of writers (they need a few)

needs_sigkill = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

# Each writer waits for the "go" file, so that all of them write at the same time.
PRELUDE = r"""
import os, sys, time
sys.path.insert(0, sys.argv[1])
go, me, count, target = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
print("ready", flush=True)
deadline = time.monotonic() + 60
while not os.path.exists(go):
    if time.monotonic() > deadline:
        sys.exit("no go")
    time.sleep(0.001)
"""

SAVER = PRELUDE + r"""
from connect4_game.storage.savegame import SavedGame, save_to_library
for i in range(count):
    # the same second for everybody: every name is fought over
    save_to_library(SavedGame(6, 7, "3" * (i % 6)), name=f"{me}-{i}", when=1_800_000_000,
                    folder=target)
"""

RECORDER = PRELUDE + r"""
from connect4_game.storage.stats import Stats
results = ("X", "O", "tie")
for i in range(count):
    Stats(target).record("Human", "AI(LEFT,3)", results[i % 3])
"""


def run_together(script: str, tmp_path: Path, count: int, target: Path) -> None:
    """Start PROCESSES writers of ``script``, let them go at once, wait for all."""
    go = tmp_path / "go"
    procs = [subprocess.Popen([sys.executable, "-c", script, str(ROOT), str(go), str(me),
                               str(count), str(target)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for me in range(PROCESSES)]
    try:
        for proc in procs:
            assert proc.stdout.readline().strip() == "ready"
        go.touch()
        for proc in procs:
            _, err = proc.communicate(timeout=TIMEOUT)
            assert proc.returncode == 0, err[-2000:]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()


def test_four_processes_saving_25_games_each_in_the_same_second_keep_all_100(tmp_path):
    folder = tmp_path / LIBRARY_DIR
    run_together(SAVER, tmp_path, 25, folder)
    names = sorted(os.listdir(folder))
    assert len(names) == PROCESSES * 25 and all(n.endswith(".json") for n in names)
    entries = list_library(folder)
    assert not [e.error for e in entries if e.error]
    kept = sorted(e.game.name for e in entries)
    assert kept == sorted(f"{me}-{i}" for me in range(PROCESSES) for i in range(25))
    for entry in entries:
        me, i = map(int, entry.game.name.split("-"))
        assert entry.game.moves == "3" * (i % 6)


def test_four_processes_recording_200_results_each_keep_all_800(tmp_path):
    path = tmp_path / "stats.json"
    run_together(RECORDER, tmp_path, 200, path)
    stats, warnings = load_stats(path)
    assert warnings == []
    rec = stats.get("Human", "AI(LEFT,3)")
    assert (rec.wins, rec.losses, rec.ties) == (PROCESSES * 67, PROCESSES * 67, PROCESSES * 66)
    assert rec.games == PROCESSES * 200
    assert sorted(p.name for p in tmp_path.iterdir()) == ["go", "stats.json", "stats.json.lock"]


def test_save_to_library_never_overwrites_within_one_process(tmp_path):
    game = SavedGame(6, 7, "33")
    paths = [save_to_library(game, name=str(i), when=1_800_000_000, folder=tmp_path)
             for i in range(3)]
    assert [p.name for p in paths] == [paths[0].name, paths[0].stem + "-2.json",
                                       paths[0].stem + "-3.json"]
    assert sorted(e.game.name for e in list_library(tmp_path)) == ["0", "1", "2"]


def test_the_statistics_lock_is_shared_and_waits_with_a_timeout(tmp_path, monkeypatch):
    monkeypatch.setattr(atomic, "LOCK_TIMEOUT", 0.2)
    path = tmp_path / "stats.json"
    with locked(path) as held:
        assert held == path and path.with_name(path.name + LOCK_SUFFIX).exists()
        started = time.monotonic()
        with pytest.raises(TimeoutError):               # another writer must wait for it
            Stats(path).record("A", "B", "X")
        with pytest.raises(OSError), locked(path, timeout=0.05):   # a TimeoutError is an OSError
            pass
        assert time.monotonic() - started < 30
    Stats(path).record("A", "B", "X")
    assert load_stats(path)[0].get("A", "B").wins == 1
    with pytest.raises(ValueError), locked(path, timeout=-1):
        pass


def test_the_lock_waits_for_a_release_within_its_timeout(tmp_path):
    path = tmp_path / "stats.json"
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(ROOT), str(path)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "holding"
        started = time.monotonic()
        Stats(path).record("A", "B", "tie")            # waits for the other process
        waited = time.monotonic() - started
        assert holder.wait(10) == 0
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
        holder.stdout.close()
    assert 0.2 < waited < 10
    assert load_stats(path)[0].get("A", "B").ties == 1


HOLDER = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from connect4_game.storage.atomic import locked
with locked(sys.argv[2]):
    print("holding", flush=True)
    time.sleep(0.5)
"""


# -- SIGKILL mid-write ------------------------------------------------------------

# Writes in a loop; at the write numbered by argv[6] (if any) it stops in the
# middle: the temporary file is cut to half its bytes, then it waits for the kill.
KILLED = PRELUDE + r"""
import stat
from connect4_game.storage import atomic
stop_at = int(sys.argv[6]) if len(sys.argv) > 6 else -1
writes = 0
real_fsync = os.fsync
def fsync(fd):
    global writes
    if not stat.S_ISREG(os.fstat(fd).st_mode):        # the directory's fsync
        return real_fsync(fd)
    writes += 1
    if writes == stop_at:
        os.ftruncate(fd, os.fstat(fd).st_size // 2)
        print("mid-write", flush=True)
        time.sleep(60)
    real_fsync(fd)
atomic.os.fsync = fsync
from connect4_game.storage.savegame import SavedGame, autosave
from connect4_game.storage.stats import Stats
moves = "3241"
for i in range(count):
    if me == 0:
        Stats(target).record("A", "B", "X")
    else:
        autosave(SavedGame(6, 7, moves[:1 + i % 3]), target)
    if i == 2:
        print("going", flush=True)
"""


def start_killed(tmp_path: Path, me: int, target: Path, stop_at: int = -1):
    go = tmp_path / "go"
    go.touch()
    return subprocess.Popen([sys.executable, "-c", KILLED, str(ROOT), str(go), str(me),
                             "100000", str(target), str(stop_at)],
                            stdout=subprocess.PIPE, text=True)


def kill(proc) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    proc.stdout.close()


def temp_files(folder: Path) -> list[str]:
    return [n for n in os.listdir(folder) if n.endswith(".tmp")]


@needs_sigkill
@pytest.mark.parametrize("me, name", [(0, "stats.json"), (1, "autosave.json")])
def test_a_writer_killed_in_the_middle_of_a_write_leaves_the_old_file(tmp_path, me, name):
    target = tmp_path / name
    proc = start_killed(tmp_path, me, target, stop_at=5)   # in the 5th write
    try:
        assert proc.stdout.readline().strip() == "ready"
        assert proc.stdout.readline().strip() == "going"
        assert proc.stdout.readline().strip() == "mid-write"
        before = target.read_bytes()
        [half] = temp_files(tmp_path)                       # a half-written temporary file
    finally:
        kill(proc)
    assert target.read_bytes() == before
    if me == 0:
        stats, warnings = load_stats(target)
        assert warnings == [] and stats.get("A", "B").wins == 4
        Stats(target).record("A", "B", "X")                # the dead writer's lock is free
        assert load_stats(target)[0].get("A", "B").wins == 5
    else:
        saved, warning = load_autosave(target)
        assert warning is None and saved.moves == "3"       # the 4th write, not the 5th
    assert half in temp_files(tmp_path)                     # ignored by the readers...
    old = time.time() - atomic.UNUSED_AFTER - 1             # the next start, a moment later
    os.utime(tmp_path / half, (old, old))
    assert clean_config_dir(tmp_path) == 1                  # ...and removed at the next start
    assert temp_files(tmp_path) == []


@needs_sigkill
@pytest.mark.parametrize("run", range(3))
def test_writers_killed_at_any_moment_leave_readable_files(tmp_path, run):
    stats_file, auto = tmp_path / "stats.json", tmp_path / "autosave.json"
    procs = [start_killed(tmp_path, 0, stats_file), start_killed(tmp_path, 1, auto)]
    try:
        for proc in procs:
            assert proc.stdout.readline().strip() == "ready"
            assert proc.stdout.readline().strip() == "going"
        time.sleep(0.05 + 0.1 * run)
    finally:
        for proc in procs:
            kill(proc)
    stats, warnings = load_stats(stats_file)
    assert warnings == [] and stats.get("A", "B").wins >= 3
    saved, warning = load_autosave(auto)
    assert warning is None and saved.moves in ("3", "32", "324")
    assert json.loads(auto.read_text())["moves"] == saved.moves
    time.sleep(1.1)
    remove_stale_temp_files(tmp_path)
    assert temp_files(tmp_path) == []


def test_clean_config_dir_also_cleans_the_library(tmp_path):
    library = tmp_path / LIBRARY_DIR
    library.mkdir()
    old = time.time() - 5
    for folder in (tmp_path, library):
        leftover = folder / ".new.abcdefgh.tmp"
        leftover.write_text("{")
        os.utime(leftover, (old, old))
    assert clean_config_dir(tmp_path) == 2
    assert clean_config_dir(tmp_path / "missing") == 0


def test_autosave_is_atomic_and_leaves_no_temporary_file(tmp_path):
    target = tmp_path / "autosave.json"
    for moves in ("3", "33", "332"):
        assert autosave(SavedGame(6, 7, moves), target) == target
        assert load_autosave(target)[0].moves == moves
    assert os.listdir(tmp_path) == ["autosave.json"]
    assert autosave(SavedGame(6, 7, "0101010"), target) is None    # won: nothing to offer
    assert os.listdir(tmp_path) == []
