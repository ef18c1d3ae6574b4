"""Win/loss/tie statistics per pairing, kept across runs."""

import json

import pytest

from connect4_game.seat_config import PlayerSpec, SeatKind
from connect4_game.storage.stats import Stats, load_stats, stats_path


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
    assert stats_path() == cfg / "stats.json"
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


def test_summary_lines(cfg):
    s = Stats()
    assert s.summary() == ["No games played yet."]
    for _ in range(3):
        s.record("Random", "Random", "tie")
    s.record("Human", "AI(LEFT,3)", "X")
    lines = s.summary()
    assert lines[0] == "Random vs Random: X won 0, O won 0, 3 ties"
    assert lines[1] == "Human vs AI(LEFT,3): X won 1, O won 0, 0 ties"
    assert s.summary(first=("Human", "AI(LEFT,3)"))[0].startswith("Human vs AI(LEFT,3)")
    assert len(s.summary(limit=1)) == 1
    with pytest.raises(ValueError):
        s.summary(limit=0)


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
