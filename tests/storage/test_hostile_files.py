"""Hostile files in the user's place: the game must start, promptly, with short messages.

Each test hands one loader (settings, statistics, autosave, saved game) a file
built to hurt it -- a FIFO, ``/dev/zero``, a 200,000-character key, a 5,000-digit
number, a symlink to someone's private notes -- and checks that the loader
returns (or raises its one error type) at once, with a bounded one-line
message naming the file, and that an unusable configuration file is moved
aside so the next start is clean.
"""

import json
import logging
import os
import signal
import stat
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from connect4_game.storage import userfiles
from connect4_game.storage.atomic import atomic_write_bytes, json_bytes, remove_stale_temp_files
from connect4_game.storage.savegame import (
    SavedGame,
    autosave,
    load_autosave,
    load_game,
    save_game,
)
from connect4_game.storage.settings import Settings, load_settings
from connect4_game.storage.stats import load_stats
from connect4_game.storage.userfiles import MAX_FILE_BYTES, UserFileError, read_user_file

ROOT = Path(__file__).resolve().parents[2]
LONG = "k" * 200_000
HUGE_INT = "9" * 5000           # past Python's 4300-digit int conversion limit
MAX_MESSAGE = 300               # what the app shows of one message
SECRET = "my bank PIN is 4711 and the safe code is hunter2"

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs os.mkfifo")


@pytest.fixture
def cfg(tmp_path, monkeypatch):
    monkeypatch.setenv("CONNECT4_CONFIG_DIR", str(tmp_path))
    return tmp_path


@contextmanager
def deadline(seconds=5):
    """Fail (instead of hanging the run) if the body blocks for ``seconds``."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def expired(signum, frame):
        raise TimeoutError(f"blocked for more than {seconds} s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def one_line(message):
    assert isinstance(message, str) and message
    assert "\n" not in message and len(message) < MAX_MESSAGE, message
    return message


def aside(directory, name):
    return sorted(Path(directory).glob(name + ".bad-*"))


# ------------------------------------------------------------- long keys and values

def test_long_settings_key_gives_a_short_warning_and_the_next_start_is_clean(cfg):
    (cfg / "settings.json").write_text(json.dumps({LONG: 1, "lookahead": 3}))
    s, warnings = load_settings()
    assert s.lookahead == 3, "the good field is kept"
    [warning] = warnings
    one_line(warning)
    assert "unknown setting" in warning and "kkkk" in warning
    assert "kept the valid ones" in warning and "settings.json.bad-" in warning
    [original] = aside(cfg, "settings.json")
    assert LONG in original.read_text(), "the player's file is kept aside, not lost"
    again, warnings = load_settings()
    assert again.lookahead == 3 and warnings == [], "the next start is clean"


def test_long_settings_value_gives_a_short_warning(cfg):
    (cfg / "settings.json").write_text(json.dumps({"theme": LONG, "tiebreak": LONG}))
    s, warnings = load_settings()
    assert s == Settings() and len(warnings) == 2          # one a field; the last says where it went
    for warning in warnings:
        one_line(warning)


@pytest.mark.parametrize("field", ["moves", "x", "format", "rows", "key"])
def test_long_value_in_autosave_gives_a_short_warning(cfg, field):
    data = {"rows": 6, "cols": 7, "moves": "33"}
    if field == "key":
        data[LONG] = LONG           # unknown keys are ignored
    else:
        data[field] = LONG
    (cfg / "autosave.json").write_text(json.dumps(data))
    game, warning = load_autosave()
    if field == "key":
        assert game is not None and game.moves == "33" and warning is None
        return
    assert game is None
    one_line(warning)
    assert "autosave.json" in warning


@pytest.mark.parametrize("field", ["moves", "x", "o", "format", "rows", "cols"])
def test_long_value_in_saved_game_gives_a_short_error(tmp_path, field):
    data = {"rows": 6, "cols": 7, "moves": "33", field: LONG}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    with pytest.raises(UserFileError) as info:
        load_game(path)
    one_line(str(info.value))
    assert str(path) in str(info.value)


def test_megabyte_move_string_names_the_move_not_the_string(tmp_path):
    path = tmp_path / "moves.txt"
    path.write_text("3" * (MAX_FILE_BYTES - 10))
    with pytest.raises(UserFileError) as info:
        load_game(path)
    message = one_line(str(info.value))
    assert "move 7: '3' (character 7)" in message and "full" in message


def test_file_over_the_size_limit_is_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "big.txt"
    path.write_bytes(b"3" * (MAX_FILE_BYTES + 1))
    with pytest.raises(UserFileError, match="too large"):
        load_game(path)


def test_file_that_grows_after_the_stat_is_read_only_up_to_the_limit(tmp_path, monkeypatch):
    path = tmp_path / "g.txt"
    (tmp_path / "small").write_text("33")
    small = (tmp_path / "small").stat()
    path.write_bytes(b"3" * (4 * MAX_FILE_BYTES))
    real_stat = os.stat
    monkeypatch.setattr(userfiles.os, "stat",
                        lambda p, *a, **k: small if Path(p) == path else real_stat(p, *a, **k))
    reads = []
    real_read = os.read
    monkeypatch.setattr(userfiles.os, "read",
                        lambda fd, n: reads.append(n) or real_read(fd, n))
    with pytest.raises(UserFileError, match="too large"):
        read_user_file(path, "saved game")
    assert sum(reads) == MAX_FILE_BYTES + 1


# ------------------------------------------------------------- FIFOs and devices

@needs_fifo
@pytest.mark.parametrize("name,load", [
    ("settings.json", lambda: load_settings()[1]),
    ("stats.json", lambda: load_stats()[1]),
    ("autosave.json", lambda: [load_autosave()[1]]),
])
def test_fifo_as_a_config_file_does_not_block_and_is_moved_aside(cfg, name, load):
    os.mkfifo(cfg / name)
    with deadline():
        [warning] = load()
    one_line(warning)
    assert name in warning and "FIFO" in warning and "renamed" in warning
    assert not os.path.lexists(cfg / name)
    [moved] = aside(cfg, name)
    assert stat.S_ISFIFO(moved.lstat().st_mode)
    with deadline():
        assert load() in ([], [None]), "the next start is clean"


@needs_fifo
def test_fifo_given_to_load_game_is_refused_and_left_alone(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    with deadline(), pytest.raises(UserFileError) as info:
        load_game(fifo)
    assert "not a regular file" in one_line(str(info.value)) and "FIFO" in str(info.value)
    assert stat.S_ISFIFO(fifo.lstat().st_mode), "a user's own file is never moved"


@needs_fifo
def test_fifo_swapped_in_after_the_stat_cannot_block(tmp_path, monkeypatch):
    fifo = tmp_path / "settings.json"
    os.mkfifo(fifo)
    (tmp_path / "plain").write_text("{}")
    regular = (tmp_path / "plain").stat()
    real_stat = os.stat
    # the first look sees a regular file; by the time it is opened it is a FIFO
    monkeypatch.setattr(userfiles.os, "stat",
                        lambda p, *a, **k: regular if Path(p) == fifo else real_stat(p, *a, **k))
    with deadline(), pytest.raises(UserFileError) as info:
        read_user_file(fifo, "settings file")
    assert "FIFO" in str(info.value)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_dev_zero_given_to_load_game_is_refused_at_once(tmp_path):
    started = time.monotonic()
    with deadline(), pytest.raises(UserFileError) as info:
        load_game("/dev/zero")
    assert time.monotonic() - started < 2
    assert "not a regular file" in one_line(str(info.value))
    link = tmp_path / "game.json"
    link.symlink_to("/dev/zero")
    with deadline(), pytest.raises(UserFileError, match="character device"):
        load_game(link)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_symlink_to_dev_zero_as_settings_is_moved_aside_not_followed(cfg):
    (cfg / "settings.json").symlink_to("/dev/zero")
    with deadline():
        s, [warning] = load_settings()
    assert s == Settings() and "character device" in one_line(warning)
    [moved] = aside(cfg, "settings.json")
    assert moved.is_symlink() and os.path.exists("/dev/zero")


def test_directory_as_settings_is_moved_aside(cfg):
    (cfg / "settings.json").mkdir()
    s, [warning] = load_settings()
    assert "a directory" in one_line(warning)
    assert aside(cfg, "settings.json") and load_settings() == (Settings(), [])


# ------------------------------------------------------------- numbers too long to read

def test_5000_digit_number_in_settings_gives_defaults_and_moves_the_file(cfg):
    content = '{"lookahead": ' + HUGE_INT + "}"
    (cfg / "settings.json").write_text(content)
    s, [warning] = load_settings()
    assert s == Settings()
    one_line(warning)
    assert str(cfg / "settings.json") in warning and "too many digits" in warning
    [moved] = aside(cfg, "settings.json")
    assert moved.name in warning and moved.read_text() == content
    assert load_settings() == (Settings(), [])


def test_5000_digit_number_in_autosave_gives_no_game_and_moves_the_file(cfg):
    (cfg / "autosave.json").write_text('{"rows": ' + HUGE_INT + ', "cols": 7, "moves": "3"}')
    game, warning = load_autosave()
    assert game is None
    assert str(cfg / "autosave.json") in one_line(warning) and "too many digits" in warning
    assert aside(cfg, "autosave.json")
    assert load_autosave() == (None, None)


def test_5000_digit_number_in_stats_gives_empty_stats(cfg):
    (cfg / "stats.json").write_text('{"pairings": [{"x": "A", "o": "B", "wins": '
                                    + HUGE_INT + "}]}")
    stats, [warning] = load_stats()
    assert stats.records == {} and "stats.json" in one_line(warning)
    assert load_stats()[1] == []


def test_5000_digit_number_in_saved_game_is_one_clear_error(tmp_path):
    path = tmp_path / "g.json"
    path.write_text('{"rows": 6, "cols": ' + HUGE_INT + ', "moves": ""}')
    with pytest.raises(UserFileError, match="too many digits"):
        load_game(path)
    assert path.exists(), "a user's own file is never moved"


def test_4000_digit_number_is_read_but_quoted_short(tmp_path, cfg):
    (cfg / "settings.json").write_text('{"lookahead": ' + "9" * 4000 + "}")
    s, [warning] = load_settings()
    assert s == Settings() and "lookahead" in one_line(warning)
    path = tmp_path / "g.json"
    path.write_text('{"rows": ' + "9" * 4000 + ', "cols": 7, "moves": ""}')
    with pytest.raises(UserFileError) as info:
        load_game(path)
    assert "rows" in one_line(str(info.value))


def test_deeply_nested_json_everywhere(cfg, tmp_path):
    deep = "[" * 200_000
    for name in ("settings.json", "stats.json", "autosave.json"):
        (cfg / name).write_text(deep)
    warnings = load_settings()[1] + load_stats()[1] + [load_autosave()[1]]
    assert len(warnings) == 3
    for warning in warnings:
        assert "nested too deeply" in one_line(warning)
    (tmp_path / "g.json").write_text(deep)
    with pytest.raises(UserFileError, match="nested too deeply"):
        load_game(tmp_path / "g.json")


# ------------------------------------------------------------- BOM, JSON that is not a game

def test_byte_order_mark_is_dropped(cfg, tmp_path):
    bom = "\ufeff".encode()
    game = SavedGame(6, 7, "3344")
    (tmp_path / "g.json").write_bytes(bom + json.dumps(game.to_json()).encode())
    assert load_game(tmp_path / "g.json") == game
    (tmp_path / "g.txt").write_bytes(bom + b"4455\r\n")        # the players' notation
    assert load_game(tmp_path / "g.txt") == game
    (cfg / "settings.json").write_bytes(bom + b'{"lookahead": 2}')
    assert load_settings() == (Settings(lookahead=2), [])


@pytest.mark.parametrize("content,kind", [
    (b"null", "null"), (b'"123"', "a string"), (b"[]", "a list"), (b"true", "true or false"),
    (b"-12", "a number"), (b'"3344"', "a string"),
])
def test_json_that_is_not_a_game_is_refused(tmp_path, content, kind):
    path = tmp_path / "g.json"
    path.write_bytes(content)
    with pytest.raises(UserFileError) as info:
        load_game(path)
    message = one_line(str(info.value))
    assert "is JSON but not a saved game" in message and kind in message


def test_symlink_to_a_private_text_file_never_shows_its_content(tmp_path, cfg):
    private = tmp_path / "notes.txt"
    private.write_text(SECRET + "\n" + SECRET + "\n")
    link = tmp_path / "game.json"
    link.symlink_to(private)
    with pytest.raises(UserFileError) as info:
        load_game(link)
    message = one_line(str(info.value))
    for word in ("bank", "PIN", "4711", "hunter2", "safe code"):
        assert word not in message
    assert "move 1: 'm' (character 1)" in message
    (cfg / "settings.json").symlink_to(private)
    s, [warning] = load_settings()
    assert "hunter2" not in one_line(warning) and "bank" not in warning
    assert private.read_text().startswith(SECRET), "the target is not moved or changed"


def test_not_utf8_names_the_byte(tmp_path):
    path = tmp_path / "g.txt"
    path.write_bytes(b"33\xff44")
    with pytest.raises(UserFileError, match="not text.*byte 2"):
        load_game(path)


# ------------------------------------------------------------- board sizes

@pytest.mark.parametrize("rows,cols", [(1, 1), (64, 14), (3, 7), (6, 3), (13, 7), (6, 15)])
def test_boards_the_game_does_not_offer_are_refused(tmp_path, rows, cols):
    path = tmp_path / "g.json"
    path.write_text(json.dumps({"rows": rows, "cols": cols, "moves": ""}))
    with pytest.raises(UserFileError) as info:
        load_game(path)
    assert "rows" in one_line(str(info.value)) or "cols" in str(info.value)


@pytest.mark.parametrize("rows,cols", [(4, 4), (12, 14), (4, 14), (12, 4)])
def test_every_board_the_game_offers_loads(tmp_path, rows, cols):
    game = SavedGame(rows, cols, "0")
    assert load_game(save_game(tmp_path / "g.json", game)) == game


# ------------------------------------------------------------- moving aside

def test_move_aside_failure_is_reported_and_loading_still_works(cfg, monkeypatch):
    (cfg / "settings.json").write_text("{")

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(userfiles.os, "replace", refuse)
    s, [warning] = load_settings()
    assert s == Settings()
    assert "could not move it aside" in one_line(warning) and "Permission denied" in warning
    assert (cfg / "settings.json").exists()


def test_two_bad_files_in_the_same_second_get_different_names(cfg):
    for _ in range(3):
        (cfg / "stats.json").write_text("garbage")
        assert len(load_stats()[1]) == 1
    assert len(aside(cfg, "stats.json")) == 3


def test_a_usable_autosave_of_a_finished_game_is_not_moved(cfg):
    atomic_write_bytes(cfg / "autosave.json", json_bytes(SavedGame(6, 7, "0101010").to_json()))
    assert load_autosave() == (None, None)
    assert not aside(cfg, "autosave.json")


def test_loader_bug_still_gives_defaults(cfg, monkeypatch):
    (cfg / "settings.json").write_text('{"lookahead": 3}')

    def broken(cls, data):
        raise TypeError("bug")

    monkeypatch.setattr(Settings, "from_dict", classmethod(broken))
    s, [warning] = load_settings()
    assert s == Settings() and "TypeError" in one_line(warning)


def test_control_characters_in_the_path_stay_on_one_line(tmp_path, monkeypatch):
    odd = tmp_path / "line\nbreak"
    odd.mkdir()
    monkeypatch.setenv("CONNECT4_CONFIG_DIR", str(odd))
    (odd / "settings.json").write_text("{")
    one_line(load_settings()[1][0])


def test_very_long_path_is_shown_by_its_end(tmp_path):
    deep = tmp_path
    for _ in range(30):
        deep = deep / ("d" * 20)
    deep.mkdir(parents=True)
    (deep / "g.json").write_text("null")
    with pytest.raises(UserFileError) as info:
        load_game(deep / "g.json")
    message = one_line(str(info.value))
    assert "g.json" in message and "…" in message


# ------------------------------------------------------------- stale temporary files

def test_stale_temp_files_of_atomic_writes_are_removed(tmp_path):
    old = time.time() - 3600
    stale = tmp_path / ".settings.json.k3j_x9q2.tmp"
    fresh = tmp_path / ".stats.json.a1b2c3d4.tmp"           # a writer may still be at work
    other = tmp_path / ".settings.json.notours.tmp"         # not mkstemp's 8 characters
    kept_dir = tmp_path / ".autosave.json.abcdefgh.tmp"
    link = tmp_path / ".autosave.json.zzzzzzzz.tmp"
    for p in (stale, fresh, other):
        p.write_text("{")
    kept_dir.mkdir()
    target = tmp_path / "precious"
    target.write_text("keep")
    link.symlink_to(target)
    for p in (stale, other, kept_dir, target):
        os.utime(p, (old, old))
    os.utime(link, (old, old), follow_symlinks=False)
    assert remove_stale_temp_files(tmp_path) == 1
    assert not stale.exists()
    assert fresh.exists() and other.exists() and kept_dir.is_dir() and link.is_symlink()
    assert target.read_text() == "keep"
    assert remove_stale_temp_files(tmp_path / "missing") == 0


def test_stale_temp_file_left_by_a_killed_writer_matches_the_pattern(tmp_path, monkeypatch):
    """The pattern matches the names atomic_write_bytes really makes."""
    seen = []
    real_replace = os.replace

    def kill_before_rename(src, dst):
        seen.append(Path(src))
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", kill_before_rename)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_bytes(tmp_path / "settings.json", json_bytes({"a": 1}))
    monkeypatch.setattr(os, "replace", real_replace)
    [tmp] = seen
    tmp.write_text("{")                  # as if the kill had come before the clean-up
    os.utime(tmp, (1, 1))
    assert remove_stale_temp_files(tmp_path) == 1 and not tmp.exists()


# ------------------------------------------------------------- one warning each, no stderr

@pytest.mark.parametrize("name,content,load", [
    ("settings.json", b"{", lambda: load_settings()[1]),
    ("settings.json", b'{"colour": 1}', lambda: load_settings()[1]),
    ("stats.json", b"[", lambda: load_stats()[1]),
    ("stats.json", b'{"pairings": [5]}', lambda: load_stats()[1]),
    ("autosave.json", b"{", lambda: [load_autosave()[1]]),
])
def test_warnings_are_returned_once_and_not_also_logged(cfg, capsys, caplog, name, content,
                                                        load):
    (cfg / name).write_bytes(content)
    with caplog.at_level(logging.DEBUG):
        warnings = load()
    assert len(warnings) == 1 and one_line(warnings[0])
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out == ""


def test_the_game_prints_each_settings_warning_once(tmp_path):
    cfg = tmp_path / "cfg"
    cfg.mkdir()
    (cfg / "settings.json").write_text(json.dumps({LONG: 1}))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CONNECT4_CONFIG_DIR=str(cfg))
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--exit-after", "0"],
                       capture_output=True, text=True, timeout=60, cwd=ROOT, env=env)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stderr.count("unknown setting") == 1
    assert "k" * 100 not in r.stderr
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--exit-after", "0"],
                       capture_output=True, text=True, timeout=60, cwd=ROOT, env=env)
    assert r.returncode == 0 and "setting" not in r.stderr, "the next start is clean"


@needs_fifo
def test_the_game_refuses_load_of_a_fifo_and_exits_2(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CONNECT4_CONFIG_DIR=str(tmp_path / "cfg"))
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--load", str(fifo),
                        "--exit-after", "0"], capture_output=True, text=True, timeout=60,
                       cwd=ROOT, env=env)
    assert r.returncode == 2 and "not a regular file" in r.stderr
    assert "Traceback" not in r.stderr


def test_autosave_round_trip_still_works(cfg):
    path = autosave(SavedGame(6, 7, "334"))
    assert load_autosave()[0].moves == "334" and path.exists()
