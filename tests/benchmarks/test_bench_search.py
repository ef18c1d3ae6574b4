"""The search benchmark's helpers (``python -m benchmarks.bench_search``)."""

import pytest

from benchmarks import bench_search as bench
from tests.pons import PONS_DIR, read_pons


def test_bench_helpers(tmp_path):
    pos = bench.random_positions(12, seed=5)
    again = bench.random_positions(12, seed=5)
    assert [(b.slots, c) for b, c in pos] == [(b.slots, c) for b, c in again]
    for b, checker in pos:
        n = sum(cell != " " for row in b.slots for cell in row)
        assert 8 <= n <= 16
        assert not b.is_win_for("X") and not b.is_win_for("O")
        assert checker == ("X" if n % 2 == 0 else "O")
    f = tmp_path / "Test_X"
    f.write_text("4453 18\n\n44455554221 -15\n")
    assert read_pons(str(f)) == [("4453", 18), ("44455554221", -15)]
    assert read_pons(str(f), limit=1) == [("4453", 18)]
    f.write_text("4453 18 extra\n")
    with pytest.raises(ValueError, match="Test_X:1"):
        read_pons(str(f))
    with pytest.raises(ValueError):
        bench.find_pons_dir(str(tmp_path / "missing"))
    assert bench.find_pons_dir(str(tmp_path)) == str(tmp_path)
    assert bench.find_pons_dir() == str(PONS_DIR)
