"""The perfect-play benchmark (``python -m benchmarks.bench_perfect``) runs and reports."""

import io

import pytest

from benchmarks import bench_perfect
from connect4_game.ai import perfect


def test_quick_run_reports_every_section():
    out = io.StringIO()
    fig = bench_perfect.run(["--quick"], out=out)
    text = out.getvalue()
    assert "Perfect play: backends" in text and "peak memory" in text
    assert "our solver on the Pons sets" in text
    for name in ("Test_L3_R1", "Test_L2_R1"):
        assert fig["solver"][name]["n"] == 1 and fig["solver"][name]["wrong"] == 0
    assert "WRONG" not in text
    review = fig["review"]["6x7 14 plies solver"]
    assert review["estimates"] == 0 and review["seconds"] > 0      # every position proven
    if perfect.bitbully_available():
        assert fig["games"]["moves"] >= 12 and fig["games"]["lowered"] == 0
        assert fig["games"]["worse_games"] == 0
        assert "lower the game-theoretic result" in text
        assert all(v["wrong"] == 0 for v in fig["analyze"].values())
    else:
        assert "skipped (bitbully not usable)" in text


def test_arguments_are_checked():
    for bad in (["--moves", "0"], ["--limit", "-1"], ["--solver-budget", "0"]):
        with pytest.raises(SystemExit):
            bench_perfect.parse_args(bad)
