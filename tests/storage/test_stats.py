"""Win/loss/tie statistics per pairing, kept across runs."""

import json

import pytest

from connect4_game.seat_config import PlayerSpec, SeatKind
from connect4_game.storage.stats import Stats, load_stats


@pytest.fixture
def cfg(tmp_path, monkeypatch):
    monkeypatch.setenv("CONNECT4_CONFIG_DIR", str(tmp_path))
    return tmp_path


def test_a_player_has_one_statistics_name():
    names = {text: PlayerSpec.parse(text, 3, "LEFT").statistics_name
             for text in ("human", "Random", "ai", "medium", "expert", "bots/my.py:Bot")}
    assert names == {"human": "Human", "Random": "Random", "ai": "AI(LEFT,3)",
                     "medium": "Medium", "expert": "Expert", "bots/my.py:Bot": "bots/my.py:Bot"}
    assert PlayerSpec(SeatKind.REMOTE).statistics_name == "Friend"
    assert PlayerSpec.parse("x" * 200 + ".py:Bot").statistics_name == ("x" * 200 + ".py:Bot")[-100:]


def test_record_persists_across_instances(cfg):
    human, ai = "Human", PlayerSpec(SeatKind.AI, 3, "LEFT").statistics_name
    s = Stats()
    s.record(human, ai, "X")
    s.record(human, ai, "O")
    s.record(human, ai, "O")
    s.record(human, ai, "tie")
    s.record(ai, human, "X")
    assert (cfg / "stats.json").is_file()
    again, warnings = load_stats()
    assert warnings == []
    r = again.get(human, ai)
    assert (r.wins, r.losses, r.ties, r.games) == (1, 2, 1, 4)
    assert again.get(ai, human).wins == 1
    assert again.get("Random", "Random").games == 0


def test_two_instances_do_not_lose_counts(cfg):
    a, b = Stats(), Stats()
    a.record("Human", "Random", "X")
    b.record("Human", "Random", "X")   # b re-reads before counting
    assert load_stats()[0].get("Human", "Random").wins == 2


def test_bad_results_and_names_raise(cfg):
    s = Stats()
    with pytest.raises(ValueError, match="draw"):
        s.record("Human", "Random", "draw")
    with pytest.raises(ValueError):
        s.record("", "Random", "X")
    assert not (cfg / "stats.json").exists()


@pytest.mark.parametrize("content", [b"", b'{"pairings": [{"x": "Hu', b"\xff\xfe\x00", b"{}",
                                     b'{"pairings": 5}', b"[]"])
def test_garbage_file_is_reported_and_replaced(cfg, content, capsys):
    (cfg / "stats.json").write_bytes(content)
    s, warnings = load_stats()
    assert len(warnings) == 1 and "statistics" in warnings[0]
    assert s.records == {}
    assert capsys.readouterr().err == ""
    [aside] = cfg.glob("stats.json.bad-*")
    assert aside.read_bytes() == content and aside.name in warnings[0]
    assert load_stats()[1] == []
    s.record("Human", "Random", "O")  # replaces the bad file
    assert json.loads((cfg / "stats.json").read_text())["pairings"][0]["losses"] == 1


def test_bad_entries_are_dropped_individually(cfg):
    (cfg / "stats.json").write_text(json.dumps({"version": 1, "pairings": [
        {"x": "Human", "o": "Random", "wins": 2, "losses": 1, "ties": 0},
        {"x": "Human", "o": "Random", "wins": -4},
        {"x": "", "o": "Random", "wins": 1},
        "nonsense",
        {"x": "Random", "o": "Human", "wins": True},
    ]}))
    s, warnings = load_stats()
    assert len(warnings) == 4
    assert s.get("Human", "Random").wins == 2
    assert list(s.records) == [("Human", "Random")]


# -- the puzzle statistics ----------------------------------------------------------------

def test_a_bad_puzzle_statistics_file_is_moved_aside_with_a_line_naming_it(tmp_path, caplog):
    from connect4_game.storage.stats import PuzzleCounts, record_puzzle_try
    path = tmp_path / "puzzle_stats.json"
    path.write_text("{not json")
    with caplog.at_level("WARNING", logger="connect4_game.storage.stats"):
        assert record_puzzle_try("p1", True, path, known={"p1"}) == PuzzleCounts(1, 1)
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 1 and "puzzle_stats.json" in said[0] and "renamed it" in said[0]
    assert len(list(tmp_path.glob("puzzle_stats.json.bad-*"))) == 1


def test_the_puzzle_writer_keeps_known_ids_compact_and_under_the_readers_limit(tmp_path):
    from connect4_game.storage.stats import PuzzleCounts, load_puzzle_counts, record_puzzle_try
    from connect4_game.storage.userfiles import MAX_FILE_BYTES
    path = tmp_path / "puzzle_stats.json"
    forged = {f"x{i:07d}": {"tried": 9, "solved": 9} for i in range(25_000)}
    path.write_text(json.dumps({"version": 1, "puzzles": forged}, separators=(",", ":")))
    assert path.stat().st_size < MAX_FILE_BYTES          # the reader takes it ...
    known = {f"k{i}" for i in range(100)}
    for pid in sorted(known):
        forged[pid] = {"tried": 100_000, "solved": 100_000}
    path.write_text(json.dumps({"version": 1, "puzzles": forged}, separators=(",", ":")))
    assert record_puzzle_try("k1", False, path, known=known) == PuzzleCounts(100_001, 100_000)
    text = path.read_text()
    assert "\n" not in text and ": " not in text and "x0000000" not in text   # ... compact, known
    assert len(text) < MAX_FILE_BYTES
    counts, warnings = load_puzzle_counts(path)
    assert warnings == [] and set(counts) == known
    with pytest.raises(ValueError, match="not a puzzle id"):
        record_puzzle_try("x0000001", True, path, known=known)


def test_a_puzzle_try_never_waits_long_for_another_programs_lock(tmp_path, caplog):
    from connect4_game.storage.atomic import locked
    from connect4_game.storage.stats import PuzzleCounts, load_puzzle_counts, record_puzzle_try
    path = tmp_path / "puzzle_stats.json"
    with caplog.at_level("WARNING", logger="connect4_game.storage.stats"), locked(path):
        assert record_puzzle_try("p1", True, path, known={"p1"}) == PuzzleCounts(1, 1)
        assert not path.exists()                         # kept for later
    assert "locked by another program" in caplog.text
    assert record_puzzle_try("p1", False, path, known={"p1"}) == PuzzleCounts(2, 1)
    assert load_puzzle_counts(path) == ({"p1": PuzzleCounts(2, 1)}, [])


def test_a_try_kept_for_later_is_written_at_exit(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    from connect4_game.storage.atomic import locked
    from connect4_game.storage.stats import PuzzleCounts, load_puzzle_counts
    path = tmp_path / "puzzle_stats.json"
    script = ("import sys; from connect4_game.storage.stats import record_puzzle_try; "
              "record_puzzle_try('p1', True, sys.argv[1], known={'p1'}); "
              "print('kept', flush=True); sys.stdin.readline()")
    root = Path(__file__).resolve().parents[2]
    with locked(path):
        child = subprocess.Popen([sys.executable, "-c", script, str(path)], cwd=root, text=True,
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert child.stdout.readline() == "kept\n"
        assert not path.exists()
    child.communicate("\n", timeout=30)                # the lock is free: it exits and writes
    assert child.returncode == 0
    assert load_puzzle_counts(path) == ({"p1": PuzzleCounts(1, 1)}, [])
