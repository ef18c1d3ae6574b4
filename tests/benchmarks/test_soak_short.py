"""A short run of the soak test (``python -m benchmarks.soak``): games play to a checked end, 0 errors."""

import json

from benchmarks import soak as soak_module


def load_soak():
    return soak_module


def test_short_soak_has_no_errors(tmp_path, capsys):
    soak = load_soak()
    out = tmp_path / "soak.json"
    status = soak.main(["--games", "40", "--app-games", "1", "--quick", "--quiet",
                        "--check-every", "3", "--console-every", "5", "--json", str(out)])
    report = json.loads(out.read_text())
    assert report["errors"] == 0, report["error_messages"]
    assert status == 0
    assert report["engine_games"] == 40
    o = report["outcomes"]
    assert o["X wins"] + o["O wins"] + o["ties"] == 40
    assert report["moves"] >= 40 * 4
    assert report["oracle_cross_checks"] > 0
    assert "app_skipped" not in report and report["app_games"] >= 1, report.get("app_skipped")
    assert report["growth_mb"] < 50
    text = capsys.readouterr().out
    assert "errors           : 0" in text and "PASS" in text


def test_soak_detects_a_wrong_move(monkeypatch):
    """The checks can fail: a player that answers a full column is an error."""
    soak = load_soak()

    def bad_next_move(self, b):
        return 0          # eventually a full column
    monkeypatch.setattr(soak.RandomPlayer, "next_move", bad_next_move)
    monkeypatch.setattr(soak, "PAIRINGS", [("random", "random")])
    status = soak.main(["--games", "3", "--app-games", "0", "--quick", "--quiet",
                        "--console-every", "0", "--check-every", "0"])
    assert status == 1


def test_soak_of_nothing_is_refused(capsys):
    import pytest
    with pytest.raises(SystemExit) as exc:
        load_soak().main(["--games", "0", "--app-games", "0"])
    assert exc.value.code == 2
    assert "play nothing" in capsys.readouterr().err


def test_soak_report_to_a_full_disk_is_one_line(capsys):
    status = load_soak().main(["--games", "2", "--app-games", "0", "--quick", "--quiet",
                               "--json", "/dev/full"])
    err = capsys.readouterr().err
    assert status == 1
    assert "could not write the JSON report to /dev/full" in err and "Traceback" not in err
