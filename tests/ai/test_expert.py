"""Expert level: solver exactness, analysis, choice rule, book, games.

Known values come from Pascal Pons' test sets (tests/data/pons), from
a brute-force minimax written here on the assignment Board API (small boards), and
from the bitbully-databases documentation examples.
"""
from __future__ import annotations

import os
import random
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.bench_expert import GreedyPlayer, play_game
from connect4_game.ai import book as bookmod
from connect4_game.ai.bitboard import from_board, from_moves, has_four, play
from connect4_game.ai.expert import ColumnScore, ExpertPlayer, analyze, choose_column
from connect4_game.ai.score import NoMove, Score, Wdl
from connect4_game.ai.solver import Solver, get_solver, plies_to_score, score_to_plies
from connect4_game.core.board import Board
from connect4_game.players import AIPlayer, RandomPlayer
from tests.pons import PONS_DIR as PONS
from tests.pons import read_pons
from tools.build_small_table import few_checker_positions


def kind(r):
    """'win', 'draw', 'loss', 'full' or 'over'."""
    return r.no_move.value if r.score is None else r.score.wdl.value


def moves(r):
    return None if r.score is None else r.score.plies


def proven(r):
    return r.score is None or r.score.proven


HAS_BOOK = bookmod.book_path() is not None and os.path.isfile(bookmod.book_path())
needs_book = pytest.mark.skipif(not HAS_BOOK, reason="bitbully-databases not installed")


def sample(name, k, seed):
    pairs = read_pons(os.path.join(PONS, name))
    return random.Random(seed).sample(pairs, k)


# ---------------------------------------------------------------- Pons files
@pytest.mark.parametrize("name,k", [("Test_L3_R1", 60), ("Test_L2_R1", 25), ("Test_L1_R1", 12)])
def test_solver_exact_scores_on_pons_positions(name, k):
    solver = get_solver(6, 7)
    for moves, score in sample(name, k, seed=5):
        cur, mask = from_moves(moves)
        solver.set_budget()
        assert solver.solve(cur, mask) == score, moves


def test_solver_without_book_agrees_on_pons_positions():
    plain = Solver(6, 7, book=None)
    for moves, score in sample("Test_L3_R1", 20, seed=9):
        cur, mask = from_moves(moves)
        assert plain.solve(cur, mask) == score, moves


def test_analyze_best_column_matches_pons_score():
    for moves, score in sample("Test_L3_R1", 8, seed=11) + sample("Test_L2_R1", 4, seed=12):
        b = Board(6, 7)
        b.add_checkers("".join(str(int(ch) - 1) for ch in moves))
        res = analyze(b, time_budget=60)
        assert all(proven(r) for r in res)
        best = max(r.pons for r in res if r.score is not None)
        assert best == score, moves
        n = len(moves)
        col = choose_column(res)
        assert res[col].pons == score
        # the label is consistent with the score
        d = score_to_plies(score, n, 42)
        want = "draw" if d == 0 else (f"win in {d}" if d > 0 else f"loss in {-d}")
        assert res[col].label == want


# --------------------------------------------------- brute force, small boards
def brute(b: Board, side: str) -> int:
    """Signed plies to the end for ``side`` to move (win fastest, lose slowest)."""
    opp = "O" if side == "X" else "X"
    best = None
    for c in b.legal_columns():
        b.add_checker(side, c)
        if b.is_win_for(side):
            v = 1
        elif b.is_full():
            v = 0
        else:
            d = brute(b, opp)
            v = (-d + 1) if d < 0 else -(d + 1) if d > 0 else 0
        b.remove_checker(c)
        if best is None or _better(v, best):
            best = v
    return best


def _better(a: int, b: int) -> bool:
    def key(v):
        return (2, -v) if v > 0 else (1, 0) if v == 0 else (0, -v)
    return key(a) > key(b)


def random_position(h, w, n, rng):
    while True:
        b = Board(h, w)
        ok = True
        for _ in range(n):
            side = b.to_move()
            cols = b.legal_columns()
            if not cols:
                ok = False
                break
            b.add_checker(side, rng.choice(cols))
            if b.is_win_for(side):
                ok = False
                break
        if ok and b.legal_columns():
            return b


@pytest.mark.parametrize("h,w,n", [(4, 4, 8), (4, 5, 12), (5, 4, 12), (3, 6, 10), (4, 6, 16), (2, 3, 1),
                                   (1, 40, 32)])   # 1x40: keys > 64 bits, dict TT
def test_analyze_matches_brute_force_on_small_boards(h, w, n):
    rng = random.Random(h * 100 + w * 10 + n)
    for _ in range(3):
        b = random_position(h, w, n, rng)
        side = b.to_move()
        res = analyze(b, time_budget=60)
        for r in res:
            if not b.can_add_to(r.column):
                assert kind(r) == "full" and r.label == "full"
                continue
            b.add_checker(side, r.column)
            if b.is_win_for(side):
                want = 1
            elif b.is_full():
                want = 0
            else:
                d = brute(b, "O" if side == "X" else "X")
                want = (-d + 1) if d < 0 else -(d + 1) if d > 0 else 0
            b.remove_checker(r.column)
            assert r.score is not None and r.score.exact
            sign = {Wdl.WIN: 1, Wdl.DRAW: 0, Wdl.LOSS: -1}[r.score.wdl]
            got = sign * (r.score.plies or 0)
            assert got == want, (b.slots, r)


def test_immediate_win_and_forced_block():
    b = Board(6, 7)
    b.add_checkers("0101010")  # X: four in column 0, the game is over
    assert b.is_win_for("X")
    res = analyze(b, time_budget=2)
    assert {kind(r) for r in res} == {"over"}

    b = Board(6, 7)
    b.add_checkers("010101")  # X: three in column 0, O: three in column 1, X to move
    res = analyze(b, time_budget=2)
    assert res[0].label == "win in 1" and proven(res[0])
    assert choose_column(res) == 0
    b.add_checker("X", 6)  # X ignores the win; now O to move can win in column 1
    res = analyze(b, time_budget=2)
    assert res[1].label == "win in 1"
    # O threatens column 6 (three stacked); every other X move loses at once
    b = Board(6, 7)
    b.add_checkers("160606")  # X: columns 1, 0, 0; O: 6, 6, 6
    assert b.to_move() == "X"
    res = analyze(b, time_budget=2)
    for r in res:
        if r.column != 6:
            assert kind(r) == "loss" and moves(r) == 2, r


def test_full_columns_and_full_board():
    b = Board(2, 2)
    b.add_checkers("01")
    res = analyze(b, time_budget=5)
    assert [kind(r) for r in res] == ["draw", "draw"]
    b.add_checkers("0")
    res = analyze(b, time_budget=5)
    assert kind(res[0]) == "full" and moves(res[0]) is None
    assert res[1].label == "draw"


@needs_book
def test_lower_bound_and_parent_bound_are_sound():
    from connect4_game.ai.perfect import _parent_bound
    solver = get_solver(6, 7)
    # L1_R1 positions with 13 checkers: the bound from their 12-checker book parents
    pairs = [p for p in read_pons(os.path.join(PONS, "Test_L1_R1")) if len(p[0]) == 13][:40]
    seen = 0
    for moves, score in pairs:
        cur, mask = from_moves(moves)
        lb = _parent_bound(solver, cur, mask, 13, True)
        if lb is not None:
            seen += 1
            assert lb <= score, moves
    assert seen >= 30
    # analyze with a true lower bound gives the same verdicts as without
    for moves, score in sample("Test_L2_R1", 5, seed=21):
        b = Board(6, 7)
        b.add_checkers("".join(str(int(ch) - 1) for ch in moves))
        plain = analyze(b, time_budget=60)
        for lb in (score, score - 3):
            assert analyze(b, time_budget=60, lower_bound=lb) == plain, (moves, lb)


# ------------------------------------------------------------ choice rule
def R(c, kind, moves=None, exact=True, value=0):
    if kind == "full":
        return ColumnScore(c, None, NoMove.FULL)
    if not exact:
        return ColumnScore(c, Score(Wdl(kind), False, value=value))
    pons = {"win": 1, "draw": 0, "loss": -1}[kind]
    return ColumnScore(c, Score.of_pons(pons, moves) if moves or kind == "draw"
                       else Score.from_bounds(pons, pons, value))


def test_choice_fastest_win_then_draw_then_slowest_loss():
    assert choose_column([R(0, "win", 9), R(1, "win", 3), R(2, "draw"), R(3, "win", 5)]) == 1
    assert choose_column([R(0, "loss", 4), R(1, "draw"), R(2, "loss", 20), R(3, "full")]) == 1
    assert choose_column([R(0, "loss", 4), R(1, "loss", 20), R(2, "loss", 8), R(3, "full")]) == 1
    assert choose_column([R(0, "full"), R(1, "loss", 2)]) == 1


def test_choice_most_central_among_equals():
    res = [R(c, "win", 7) for c in range(7)]
    assert choose_column(res) == 3
    res = [R(c, "draw") for c in range(7)]
    res[3] = R(3, "loss", 10)
    assert choose_column(res) == 2          # 2 and 4 are as central: left first
    assert choose_column([R(c, "draw") for c in range(6)]) == 2


def test_choice_prefers_proven_draw_over_estimate_and_estimate_over_loss():
    assert choose_column([R(0, "win", None, exact=False, value=20), R(1, "draw")]) == 1
    assert choose_column([R(0, "loss", 6), R(1, "draw", None, exact=False, value=-3)]) == 1


def test_choice_without_playable_column_raises():
    with pytest.raises(ValueError):
        choose_column([R(0, "full"), R(1, "full")])


# ------------------------------------------------------------ estimates
def test_tiny_budget_gives_marked_estimates():
    b = Board(7, 8)            # no book, far too big to solve from the start
    b.add_checkers("34")
    res = analyze(b, time_budget=30, node_budget=3000)
    assert len(res) == 8
    assert all(not proven(r) for r in res)
    assert all(r.label.startswith("≈ ") and moves(r) is None for r in res)
    assert all(r.score.lo <= r.pons <= r.score.hi for r in res)   # a guess inside the bounds
    assert all(kind(r) in ("win", "draw", "loss") and r.score.depth is not None for r in res)


def test_budget_arguments_validated():
    b = Board(6, 7)
    for bad in (0, -1, "5", True):
        with pytest.raises(ValueError):
            analyze(b, time_budget=bad)
    with pytest.raises(ValueError):
        analyze(b, node_budget=-5)
    with pytest.raises(ValueError):
        analyze("not a board")
    with pytest.raises(ValueError):
        ExpertPlayer("Z")
    with pytest.raises(ValueError):
        ExpertPlayer("X", time_budget=0)


# ------------------------------------------------------------ conversions
@settings(max_examples=200, deadline=None)
@given(st.integers(0, 41), st.integers(1, 42))
def test_score_plies_roundtrip(n, d):
    cells = 42
    # a win d plies from now ends the game at checker n + d: must fit on the board
    for plies in (d if d % 2 else -d,):
        if n + abs(plies) > cells:
            continue
        s = plies_to_score(plies, n, cells)
        assert (s > 0) == (plies > 0)
        assert score_to_plies(s, n, cells) == plies


# ------------------------------------------------------------ book
def _board_from_doc(rows):
    return [[{0: " ", 1: "X", 2: "O"}[v] for v in row] for row in rows]


@needs_book
def test_book_documentation_examples():
    # bitbully-databases docs: value 71 = first player wins in 29, -88 = loses in 12
    bk = bookmod.OpeningBook(bookmod.book_path())
    a = _board_from_doc([[0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0, 0], [0, 1, 0, 2, 0, 0, 0],
                         [0, 2, 0, 1, 0, 2, 0], [0, 1, 0, 2, 0, 1, 0], [0, 2, 0, 1, 0, 2, 0]])
    f = _board_from_doc([[0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0], [0, 0, 1, 1, 0, 0, 0],
                         [0, 0, 2, 2, 0, 0, 0], [0, 1, 2, 1, 0, 0, 0], [0, 1, 1, 2, 0, 2, 2]])
    assert bk.probe(*from_board(SimpleNamespace(slots=a), "X")) == 29
    assert bk.probe(*from_board(SimpleNamespace(slots=f), "X")) == -12
    assert len(bk.table()[0]) == 4_200_899


@needs_book
def test_book_agrees_with_plain_solver():
    bk = bookmod.OpeningBook(bookmod.book_path())
    plain = Solver(6, 7, book=None)
    rng = random.Random(2024)
    checked = 0
    for _ in range(400):
        cur = mask = 0
        dead = False
        for _ in range(12):
            cols = [c for c in range(7) if not mask & (1 << (c * 7 + 5))]
            cur, mask = play(cur, mask, 6, rng.choice(cols))
            if has_four(cur ^ mask, 6):
                dead = True
                break
        if dead or plain.can_win_now(cur, mask):
            continue
        plain.set_budget(node_budget=20_000)
        try:
            s = plain.solve(cur, mask)
        except Exception:
            continue
        d = bk.probe(cur, mask)           # X to move after 12 checkers: cur = X
        assert d is not None
        assert plies_to_score(d, 12, 42) == s
        checked += 1
        if checked >= 3:
            break
    assert checked >= 3


def test_small_table_agrees_with_book_search():
    """The precomputed <= 5-checker values equal a fresh search to the book."""
    table = bookmod._small_table()
    if not table or not HAS_BOOK:
        pytest.skip("small table not generated or bitbully-databases not installed")
    assert len(table) == sum(1 for _ in few_checker_positions(5))
    fresh = Solver(6, 7, book=bookmod.OpeningBook(bookmod.book_path()))
    fresh.book.small_ply = -1                     # force a real search down to the book
    positions = [p for p in few_checker_positions(5) if p[1].bit_count() == 5]
    for first, mask in random.Random(3).sample(positions, 2):
        cur = first ^ mask            # 5 checkers: O to move
        s = fresh.solve(cur, mask)
        assert plies_to_score(table[bookmod.small_key(first, mask)], 5, 42) == s


# ------------------------------------------------------------ games
# Without the 12-ply book (bitbully-databases not installed) Expert still plays
# these games right but needs seconds per move between 6 and 16 checkers, so
# they are skipped to keep the suite fast; the RandomPlayer game always runs.
def _book_or_skip():
    if not HAS_BOOK:
        pytest.skip("bitbully-databases not installed: Expert games too slow without the book")


@pytest.mark.parametrize("make", [
    lambda: RandomPlayer("O"),
    lambda: AIPlayer("O", "LEFT", 2),
    lambda: AIPlayer("O", "RIGHT", 3),
    lambda: AIPlayer("O", "RANDOM", 4),
    lambda: GreedyPlayer("O", random.Random(4)),
])
def test_expert_as_x_wins(make):
    if make().__class__ is not RandomPlayer:
        _book_or_skip()
    random.seed(7)
    expert = ExpertPlayer("X", time_budget=20)
    result, moves = play_game(expert, make())
    assert result == "X", moves
    assert expert.num_moves == (len(moves) + 1) // 2
    assert expert.last_analysis is not None and len(expert.last_analysis) == 7
    assert any(r.label == "win in 1" for r in expert.last_analysis)


def test_expert_as_o_never_loses_a_drawn_or_won_position():
    _book_or_skip()
    random.seed(3)
    # X opens at the edge: O can then hold at least a draw (Pons: 1st move in column 0 loses)
    expert = ExpertPlayer("O", time_budget=20)
    result, moves = play_game(AIPlayer("X", "LEFT", 3), expert)
    assert result in ("O", "draw"), moves
    assert proven(expert.last_analysis[choose_column(expert.last_analysis)])


def test_expert_refuses_finished_games():
    b = Board(6, 7)
    b.add_checkers("0101010")
    with pytest.raises(ValueError):
        ExpertPlayer("O").next_move(b)


def test_expert_player_interface():
    p = ExpertPlayer("O", time_budget=3)
    assert repr(p) == "Player O (EXPERT)"
    assert p.opponent_checker() == "X"
    b = Board(6, 7)
    b.add_checkers("3")
    col = p.next_move(b)
    assert col == 3 and p.num_moves == 1    # the only reply that does not lose faster
    assert [kind(r) for r in p.last_analysis] == ["loss"] * 7
    assert b.slots[5][3] == "X" and b.num_checkers() == 1   # board unchanged


@needs_book
def test_bench_expert_runs_and_reports():
    import io

    from benchmarks import bench_expert
    out = io.StringIO()
    res = bench_expert.run(["--limit", "3", "--games", "1", "--selfplay", "0"], out=out)
    text = out.getvalue()
    for name in bench_expert.PONS_FILES:
        assert f"{name}: 3 positions, 100.0% exact" in text
    assert res["games"]["x"][0][1] == "X"          # Expert as X won its game
    assert "peak memory" in text


def test_zero_node_budget_still_answers_every_column():
    b = Board(6, 7)
    b.add_checkers("332216")           # 6 checkers: neither book nor small table
    res = analyze(b, time_budget=5, node_budget=0)
    assert len(res) == 7
    for r in res:
        assert kind(r) in ("win", "draw", "loss", "full")
        # without any search only immediate results can be exact
        assert (not proven(r)) or moves(r) in (1, 2) or kind(r) == "full"
    assert res[0].label == res[4].label == "win in 1"        # X: three in a row on the bottom


def test_unreadable_book_file_degrades_to_search(tmp_path):
    bad = tmp_path / "book.dat"
    bad.write_bytes(b"\x00" * 7)                       # not a multiple of 5 bytes
    bk = bookmod.OpeningBook(str(bad))
    solver = Solver(6, 7, book=bk)
    b = Board(6, 7)
    b.add_checkers("012345601234")                     # 12 checkers, X to move
    assert not b.is_win_for("X") and not b.is_win_for("O")
    cur, mask = from_board(b, "X")
    assert bk.probe(cur, mask) is None and bk.error is not None
    assert bk.probe(0, 0) is not None or not bookmod._small_table()   # small table still answers
    solver.set_budget(node_budget=200_000)
    try:
        solver.solve(cur, mask)                        # searches instead of crashing
    except Exception as e:                             # only the budget may stop it
        assert type(e).__name__ == "BudgetExceeded"


# ------------------------------------------------------------ proven moves on 6x7
@pytest.fixture(params=["auto", "off"])
def backend(request, monkeypatch):
    """Both backends: bitbully where installed, and ours (``CONNECT4_BITBULLY=off``)."""
    from connect4_game.ai import perfect
    if request.param == "off":
        monkeypatch.setenv("CONNECT4_BITBULLY", "off")
    perfect.reset_backends()
    perfect.clear_tables()
    yield request.param
    monkeypatch.delenv("CONNECT4_BITBULLY", raising=False)
    perfect.reset_backends()


#: Pons Test_L2_R2 positions (columns 1-7) where a first look cut short at once picks a
#: losing column (0-based ``guess``) and only the proof finds the win (``best``)
ONLY_PROOF_WINS = (("165713352355467777", 3, 1, "win in 19"),
                   ("11163142533736577", 3, 1, "win in 23"))


@pytest.mark.parametrize("pons, guess, best, label", ONLY_PROOF_WINS)
def test_expert_on_6x7_plays_only_a_column_proven_best(backend, pons, guess, best, label):
    b = Board(6, 7)
    b.add_checkers("".join(str(int(ch) - 1) for ch in pons))
    player = ExpertPlayer(b.to_move(), time_budget=1e-6)     # the first look proves nothing
    guesses = []
    col = player.next_move(b, on_guess=lambda c, res: guesses.append((c, len(res))))
    assert guesses == [(guess, 7)]                  # the first look's pick, offered on the way
    assert col == best and player.last_analysis[col].label == label
    assert player.last_analysis[col].score.exact


def test_expert_off_6x7_keeps_its_budget():
    b = Board(5, 6)
    b.add_checkers("2332")
    player = ExpertPlayer("X", time_budget=1e-6)
    guesses = []
    col = player.next_move(b, on_guess=lambda c, res: guesses.append(c))
    assert guesses == [] and 0 <= col < 6            # no proof forced: it answers at once
    assert not all(r.score.exact for r in player.last_analysis if r.score is not None)
