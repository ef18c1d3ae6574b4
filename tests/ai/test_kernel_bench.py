"""The solver benchmark's helpers (``python -m benchmarks.bench_solver``)."""
from __future__ import annotations

import io

from benchmarks import bench_solver as bench
from connect4_game.ai.bitboard import from_moves, geometry, has_four, winning_cells
from connect4_game.ai.solver import Solver


def test_column_scores_are_pons_scores_of_every_column() -> None:
    # Test_L3_R1's first position (score -1): the best column reaches the set's score
    for compiled in (True, False):
        s = Solver(6, 7, compiled=compiled)
        s.set_budget()
        scores = s.column_scores(*from_moves("2252576253462244111563365343671351441"))
        assert scores == [None] * 5 + [-1, -2]       # columns 1 to 5 are full


def test_past_book_positions_are_9_to_16_plies_unwon_and_seeded() -> None:
    pos = bench.past_book(20, seed=3)
    assert pos == bench.past_book(20, seed=3) != bench.past_book(20, seed=4)
    for moves, known in pos:
        cur, mask = from_moves(moves)
        assert 9 <= len(moves) <= 16 and known is None
        assert not has_four(cur ^ mask, 6)
        assert not winning_cells(cur, mask, 6, 7) & geometry(6, 7).possible(mask)


def test_a_wrong_known_score_is_reported() -> None:
    out = io.StringIO()
    late = "2252576253462244111563365343671351441"          # Test_L3_R1, score -1, not 5
    sets: dict[str, list[tuple[str, int | None]]] = {"Test_X": [(late, 5)]}
    figures = bench.bench_sets(sets, Solver(6, 7), Solver(6, 7, compiled=False), None, 1, out)
    assert figures["Test_X"]["wrong"] == 1 and "WRONG" in out.getvalue()


def test_the_levels_search_part_compares_both_kernels() -> None:
    out = io.StringIO()
    positions = [from_moves(m) for m in ("44", "2252576253462244111563365343671351441")]
    rates = bench.levels_search(positions, 4, out)
    assert rates["differ"] == 0 and rates["python"] > 0 and "0 positions differ" in out.getvalue()
    wide = bench.quiet_positions(8, 14, 3, seed=2)
    assert wide == bench.quiet_positions(8, 14, 3, seed=2) and len(wide) == 3
    assert bench.levels_search(wide, 3, out, (8, 14))["differ"] == 0


def test_the_wide_solver_part_compares_both_kernels() -> None:
    out = io.StringIO()
    positions = bench.quiet_positions(8, 8, 2, seed=4)
    for cur, mask in positions:             # the side to move cannot win at once
        assert mask.bit_count() <= 40
        assert not winning_cells(cur, mask, 8, 8) & geometry(8, 8).possible(mask)
    rates = bench.wide_solver(positions[:1], out)
    assert rates["differ"] == 0 and "8x8" in out.getvalue()


def test_the_assignment_search_part_compares_both_kernels() -> None:
    out = io.StringIO()
    seconds = bench.assignment_search([from_moves("44"), from_moves("4455")], 6, out)
    assert seconds["differ"] == 0 and seconds["python"] > 0 and "0 positions differ" in out.getvalue()
