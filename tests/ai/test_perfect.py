"""connect4_game.ai.perfect: the two backends agree, the fallback works, the interface holds.

Known values: Pascal Pons' test sets (tests/data/pons), the empty 6x7 board's
column scores (Pons, "Solving Connect 4", part 1: only the centre wins), and
a brute-force negamax written here on the seed Board API (small boards).
bitbully is optional (AGPL-3.0, never a requirement): the tests that need it
are skipped when it is not installed; the others simulate its absence.
"""
from __future__ import annotations

import random
import sys

import pytest

from connect4_game.ai import expert, perfect
from connect4_game.ai.book import OpeningBook
from connect4_game.ai.perfect import BackendUnavailable, ColumnScore, solve_position
from connect4_game.ai.score import Wdl
from connect4_game.ai.solver import score_to_plies
from connect4_game.core.board import Board
from tests.pons import PONS_DIR, read_pons

EMPTY_6x7 = [-2, -1, 0, 1, 0, -1, -2]


def _bitbully_installed() -> bool:
    try:
        import bitbully.bitbully_core  # noqa: F401
    except Exception:
        return False
    return perfect.bitbully_available()


needs_bitbully = pytest.mark.skipif(not _bitbully_installed(),
                                    reason="bitbully (optional, AGPL) is not installed")


@pytest.fixture
def no_bitbully(monkeypatch):
    """bitbully made unimportable, as on a machine without it."""
    monkeypatch.setitem(sys.modules, "bitbully", None)
    monkeypatch.setitem(sys.modules, "bitbully.bitbully_core", None)
    perfect.reset_backends()
    yield
    perfect.reset_backends()


@pytest.fixture(autouse=True)
def _fresh_backends():
    """A test that broke or disabled bitbully leaves it to be loaded afresh."""
    yield
    if perfect.bitbully_error() is not None:
        perfect.reset_backends()


def random_moves(rng, h, w, n):
    """A random game of ``n`` moves on ``h`` x ``w`` that nobody has won (0-based columns)."""
    while True:
        b = Board(h, w)
        moves = []
        for _ in range(n):
            side = b.to_move()
            c = rng.choice(b.legal_columns())
            b.add_checker(side, c)
            moves.append(c)
            if b.is_win_for(side):
                break
        else:
            if b.legal_columns():
                return moves


def brute_scores(b: Board) -> list:
    """Pons score of every column for the side to move (None = full), by plain negamax."""
    side = b.to_move()
    cells = b.height * b.width
    n = b.num_checkers()
    out = []
    for c in range(b.width):
        if not b.can_add_to(c):
            out.append(None)
            continue
        b.add_checker(side, c)
        if b.is_win_for(side):
            s = (cells + 1 - n) // 2
        elif b.is_full():
            s = 0
        else:
            s = -max(x for x in brute_scores(b) if x is not None)
        b.remove_checker(c)
        out.append(s)
    return out


# ------------------------------------------------------- bitbully vs our solver
@needs_bitbully
def test_bitbully_agrees_with_our_solver_on_random_positions():
    rng = random.Random(2024)
    checked = 0
    for _ in range(240):
        moves = random_moves(rng, 6, 7, rng.randrange(20, 37))
        bb = solve_position(moves, backend="bitbully")
        ours = solve_position(moves, backend="solver")
        assert bb.backend == "bitbully" and ours.backend == "solver"
        assert bb.exact and ours.exact
        assert bb.scores == ours.scores, moves
        assert [c.label for c in bb.columns] == [c.label for c in ours.columns]
        checked += sum(s is not None for s in bb.scores)
    assert checked > 1000


@needs_bitbully
def test_bitbully_agrees_with_our_solver_and_pons_on_test_sets():
    pairs = []
    for name, k in (("Test_L3_R1", 20), ("Test_L2_R1", 20), ("Test_L2_R2", 4)):
        pairs += random.Random(7).sample(read_pons(PONS_DIR / name), k)
    for moves, score in pairs:
        cols = [int(ch) - 1 for ch in moves]
        bb = solve_position(cols, backend="bitbully")
        assert bb.value == score, moves
        assert solve_position(cols, backend="solver").scores == bb.scores, moves


@needs_bitbully
def test_bitbully_columns_match_bitbullys_own_score_of_every_column():
    """Our MTD(f) over bitbully's null-window probes (first guesses from the
    columns already scored, the book's value on its ply) gives exactly what
    bitbully's own ``scoreMoves`` does -- on the book's ply above all."""
    engine = perfect.bitbully_engine()
    core = engine.core
    rng = random.Random(12)
    positions = [[int(ch) - 1 for ch in m] for m, _ in
                 rng.sample(read_pons(PONS_DIR / "Test_L1_R1"), 8)
                 + rng.sample(read_pons(PONS_DIR / "Test_L1_R3"), 4)]
    positions += [random_moves(rng, 6, 7, n) for n in (12, 12, 12, 12, 11, 13, 16, 24)]
    on_book_ply = 0
    for moves in positions:
        b = engine.new_board()
        assert b.play(moves)
        want = [None if s == -1000 else s for s in core.scoreMoves(b)]
        perfect.clear_tables()
        assert solve_position(moves, backend="bitbully").scores == want, moves
        on_book_ply += len(moves) == OpeningBook.ply
    assert on_book_ply >= 4


@needs_bitbully
def test_bitbully_best_only_finds_the_value_and_the_most_central_best_column():
    rng = random.Random(5)
    for _ in range(60):
        moves = random_moves(rng, 6, 7, rng.randrange(0, 30))
        full = solve_position(moves, backend="bitbully")
        fast = solve_position(moves, backend="bitbully", best_only=True)
        assert fast.value == full.value and fast.choice() == full.choice(), moves
        for f, c in zip(full.columns, fast.columns, strict=True):
            if c.score is None or c.score.exact:
                assert c.pons == f.pons
            else:                       # bounds only, and they are true
                assert c.score.lo <= f.pons <= c.score.hi and c.score.plies is None
        # a true lower bound as the first guess changes nothing
        assert solve_position(moves, backend="bitbully", best_only=True,
                              lower_bound=full.value - 2).choice() == full.choice()


@needs_bitbully
def test_empty_board_and_known_positions_with_bitbully():
    r = solve_position("", backend="bitbully")
    assert r.scores == EMPTY_6x7 and r.best == [3] and r.value == 1
    assert r.columns[3].score.plies == 41
    r = solve_position("334411", backend="bitbully")       # X wins at once in column 2
    assert r.columns[2].label == "win in 1" and r.best == [2]
    assert perfect.backend_name() == "bitbully"
    assert perfect.backend_label("bitbully").startswith("BitBully")


# ------------------------------------------------------------- no bitbully
def test_without_bitbully_the_solver_answers(no_bitbully):
    assert not perfect.bitbully_available()
    assert "bitbully unavailable" in perfect.bitbully_error()
    assert perfect.backend_name(6, 7) == "solver"
    r = solve_position("")
    assert r.backend == "solver" and r.scores == EMPTY_6x7 and r.exact
    assert r.note and "bitbully" in r.note
    with pytest.raises(BackendUnavailable):
        solve_position("", backend="bitbully")
    # Expert works as before, from our solver
    b = Board(6, 7)
    b.add_checkers("334411")
    res = expert.analyze(b, time_budget=30)
    assert res[2].label == "win in 1" and expert.choose_column(res) == 2
    assert [r.pons for r in res] == solve_position(b).scores


def test_switched_off_by_the_environment(monkeypatch):
    monkeypatch.setenv("CONNECT4_BITBULLY", "off")
    perfect.reset_backends()
    assert not perfect.bitbully_available()
    assert "CONNECT4_BITBULLY" in perfect.bitbully_error()
    assert solve_position("3").backend == "solver"


class _FakeBoard:
    def setBoard(self, grid):
        return True

    def playMoveOnCopy(self, c):
        return self


class _FakeCore:
    def __init__(self, score=None):
        self.score = score

    def scoreMove(self, board, column, guess):
        if self.score is None:
            raise RuntimeError("engine crashed")
        return self.score

    def mtdf(self, board, guess):
        return self.scoreMove(board, 0, guess)

    def negamax(self, board, a, b, d):
        return self.scoreMove(board, 0, 0)


@pytest.mark.parametrize("score", [None, 99])     # an exception, an impossible score
def test_a_failing_bitbully_falls_back_to_the_solver(monkeypatch, score):
    monkeypatch.setattr(perfect, "_bb_engine", perfect.BitBully(_FakeBoard, _FakeCore(score)))
    seen = []
    r = solve_position([3, 3, 4, 4, 1, 1], on_column=seen.append)
    assert r.backend == "bitbully+solver" and "bitbully failed" in r.note
    assert r.scores == [-5, -10, 18, 3, -2, 17, 17] and r.exact
    assert sorted(c.column for c in seen) == list(range(7))
    assert perfect.bitbully_error().startswith("bitbully failed")   # not tried again
    monkeypatch.setattr(perfect, "_bb_engine", perfect.BitBully(_FakeBoard, _FakeCore(score)))
    with pytest.raises(BackendUnavailable):
        solve_position([3, 3], backend="bitbully")
    # Expert falls back to its own search
    monkeypatch.setattr(perfect, "_bb_engine", perfect.BitBully(_FakeBoard, _FakeCore(score)))
    b = Board(6, 7)
    b.add_checkers("3344")
    res = expert.analyze(b, time_budget=30)
    assert all(x.score.exact for x in res)


class _ScoreCore:
    """A stand-in engine whose every position after a move is worth
    ``value`` to the opponent (fail-hard null-window answers); each probe
    moves the clock ``clock`` on by ``cost`` seconds."""

    def __init__(self, value, clock, cost):
        self.value, self.clock, self.cost, self.probes = value, clock, cost, 0

    def mtdf(self, board, guess):
        return -self.value

    def negamax(self, board, alpha, beta, depth):
        self.probes += 1
        self.clock[0] += self.cost
        return max(alpha, min(beta, self.value))

    def resetNodeCounter(self):   # noqa: N802 (bitbully's name)
        self.probes = 0

    def getNodeCounter(self):     # noqa: N802
        return self.probes


def test_bitbully_is_stopped_between_probes_with_proven_bounds(monkeypatch):
    clock = [0.0]

    class _Clock:
        @staticmethod
        def perf_counter():
            return clock[0]

    monkeypatch.setattr(perfect, "time", _Clock)
    # every column scores -3; the first probe (does it reach a draw?) answers
    # "at most -1" and uses up the budget: the column is an estimate inside
    # what that probe proved, the others inside what is known without search
    core = _ScoreCore(3, clock, cost=5.0)
    monkeypatch.setattr(perfect, "_bb_engine", perfect.BitBully(_FakeBoard, core))
    r = solve_position([3, 3], time_budget=1.0, backend="bitbully")
    assert core.probes == 1 == r.nodes and r.backend == "bitbully" and not r.exact
    first = r.columns[3]
    assert (first.score.lo, first.score.hi, first.pons, first.score.exact) == (-20, -1, -1, False)
    assert first.label == "loss"            # proven (at most -1), its distance unknown
    for c in (0, 1, 2, 4, 5, 6):
        cs = r.columns[c].score
        assert not cs.exact and cs.lo <= -3 <= cs.hi
    # with time to spare, the same engine settles every column exactly
    clock[0] = 0.0
    core = _ScoreCore(3, clock, cost=0.001)
    monkeypatch.setattr(perfect, "_bb_engine", perfect.BitBully(_FakeBoard, core))
    r = solve_position([3, 3], time_budget=10.0, backend="bitbully")
    assert r.exact and r.scores == [-3] * 7


# ----------------------------------------------------- our solver, any size
@pytest.mark.parametrize("h,w,n", [(4, 4, 7), (4, 5, 11), (5, 4, 11), (3, 6, 10), (5, 5, 16), (2, 3, 1)])
def test_solver_backend_matches_brute_force_on_small_boards(h, w, n):
    rng = random.Random(h * 100 + w * 10 + n)
    for _ in range(3):
        moves = random_moves(rng, h, w, n)
        b = Board(h, w)
        for i, c in enumerate(moves):
            b.add_checker("XO"[i % 2], c)
        want = brute_scores(b)
        for position in (b, moves):
            r = solve_position(position, h, w)
            assert r.backend == "solver" and r.exact
            assert r.scores == want, moves
            for cs in r.columns:
                if cs.score is not None:
                    plies = score_to_plies(cs.pons, n, h * w)
                    assert cs.score.plies == (abs(plies) or None)
                    assert cs.score.wdl is Wdl.of_pons(cs.pons)


def test_columns_are_reported_one_by_one():
    seen = []
    r = solve_position("33221", 5, 6, on_column=seen.append)
    assert len(seen) == 6 and sorted(c.column for c in seen) == list(range(6))
    assert all(isinstance(c, ColumnScore) for c in seen)
    assert tuple(sorted(seen, key=lambda c: c.column)) == r.columns
    # settled columns (here the full one) come before any search
    b = Board(4, 5)
    b.add_checkers("00001213")             # column 0 full, X to move
    seen = []
    solve_position(b, on_column=seen.append)
    first = seen[0]
    assert first.column == 0 and first.no_move == "full" and first.score is None
    assert sorted(c.column for c in seen) == list(range(5))


def test_budget_gives_marked_estimates_inside_proven_bounds():
    r = solve_position(Board(7, 8), node_budget=3000)
    assert r.backend == "solver" and not r.exact
    for cs in r.columns:
        assert not cs.score.exact and cs.score.plies is None and cs.label[0] in "≈≥wl"
        assert cs.score.lo <= cs.pons <= cs.score.hi
    # a budget that suffices changes nothing
    assert solve_position("3322", 4, 5, node_budget=10**7).scores == solve_position("3322", 4, 5).scores


def test_full_columns_game_over_and_last_cell():
    r = solve_position("000000", 6, 7)
    assert r.scores[0] is None and r.columns[0].no_move == "full" and r.columns[0].label == "full"
    b = Board(6, 7)
    b.add_checkers("0101010")              # X has four: the game is over
    r = solve_position(b)
    assert r.over and r.value is None and r.best == []
    assert {c.no_move for c in r.columns} == {"over"} and r.columns[0].label == "game over"
    with pytest.raises(ValueError):
        r.choice()
    r = solve_position("010", 2, 2)        # one cell left: a draw
    assert r.scores == [None, 0] and r.columns[1].label == "draw"


def test_inputs_and_errors():
    b = Board(6, 7)
    b.add_checkers("3344")
    assert solve_position(b).scores == solve_position("3344").scores == \
        solve_position([3, 3, 4, 4]).scores
    assert solve_position(b).to_move == "X" and solve_position("334").to_move == "O"
    with pytest.raises(ValueError, match="move 3"):
        solve_position("33x")
    with pytest.raises(ValueError, match=r"move 7 \(index 6"):
        solve_position([0] * 7)
    with pytest.raises(ValueError, match="move 2"):
        solve_position([3, 7])
    with pytest.raises(ValueError, match="already won"):
        solve_position([0, 1, 0, 1, 0, 1, 0, 2])
    with pytest.raises(ValueError):
        solve_position(b, 5, 7)            # size does not match the board
    with pytest.raises(ValueError):
        solve_position(3344)
    with pytest.raises(ValueError):
        solve_position("", backend="fast")
    for bad in (0, -1, "5", True):
        with pytest.raises(ValueError):
            solve_position("", time_budget=bad)
    with pytest.raises(ValueError):
        solve_position("", node_budget=-1)
    assert perfect.backend_label("solver") == "built-in solver"


def test_unbalanced_board_uses_the_solver():
    rng = random.Random(8)
    while True:                            # a late position, then two extra O checkers
        b = Board(6, 7)
        for i, c in enumerate(random_moves(rng, 6, 7, 28)):
            b.add_checker("XO"[i % 2], c)
        for c in rng.sample(b.legal_columns(), 2):
            b.add_checker("O", c)
        if not b.is_win_for("O"):
            break
    r = solve_position(b)                  # O has two more: X to move, not a normal game
    assert r.backend == "solver" and r.to_move == "X" and r.exact
    if r.note is not None:
        assert "bitbully" in r.note
    with pytest.raises(BackendUnavailable):
        solve_position(b, backend="bitbully")


# ------------------------------------------------------------------ Expert
@needs_bitbully
def test_expert_with_bitbully_keeps_shape_labels_and_choice():
    rng = random.Random(11)
    for _ in range(25):
        moves = random_moves(rng, 6, 7, rng.randrange(14, 30))
        b = Board(6, 7)
        for i, c in enumerate(moves):
            b.add_checker("XO"[i % 2], c)
        full = solve_position(b)
        res = expert.analyze(b, time_budget=30)
        assert [r.pons for r in res] == full.scores
        assert [r.label for r in res] == [c.label for c in full.columns]
        assert all(type(r) is ColumnScore for r in res)
        p = expert.ExpertPlayer(b.to_move())
        assert p.next_move(b) == full.choice() == expert.choose_column(res)
        assert p.last_analysis[full.choice()].score.exact


@needs_bitbully
def test_expert_with_bitbully_agrees_with_its_own_search(monkeypatch):
    rng = random.Random(3)
    boards = []
    for _ in range(8):
        moves = random_moves(rng, 6, 7, rng.randrange(22, 34))
        b = Board(6, 7)
        for i, c in enumerate(moves):
            b.add_checker("XO"[i % 2], c)
        boards.append(b)
    with_bb = [expert.analyze(b, time_budget=30) for b in boards]
    monkeypatch.setenv("CONNECT4_BITBULLY", "off")
    perfect.reset_backends()
    without = [expert.analyze(b, time_budget=30) for b in boards]
    for a, b in zip(with_bb, without, strict=True):
        assert [(r.label, r.pons) for r in a] == [(r.label, r.pons) for r in b]
