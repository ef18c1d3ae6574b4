"""Benchmark of perfect play: ``python -m benchmarks.bench_perfect [--quick]``.

Prints, as plain lines:

1. which backends are usable (:mod:`connect4_game.ai.perfect`; bitbully is
   optional and AGPL-3.0, never a requirement);
2. with bitbully, on 6x7: Expert (:class:`~connect4_game.ai.expert.ExpertPlayer`)
   against perfect play (the most central best column) from random openings
   of 0-9 random moves, until Expert has made ``--moves`` moves (default
   400): how many Expert moves lower the game-theoretic result (a win
   thrown to a draw or a loss, a draw thrown to a loss -- target 0), how
   many are not the top score, whether every game ends at least as well for
   Expert as the value of its first position, and the median / max seconds
   of one Expert move (target max <= 0.5 s). The transposition tables are
   cleared before every Expert move (the cold worst case: the perfect
   opponent's own search would otherwise warm them for Expert);
3. with bitbully: ``expert.analyze`` of every column (all exact) on Pascal
   Pons' test sets (``tests/data/pons``; Pascal Pons, "Solving Connect 4",
   part 2): mean / max seconds over the first ``--limit`` positions of each
   set (default 200, ``--full`` for all 1,000), then the slowest position of
   each set (the slowest of a full scan, listed below, and the slowest of
   this run's scan) timed again from cleared tables (target <= 1 s), with
   the positions bitbully searched for it, next to bitbully's own
   all-columns call (``scoreMoves``) on the same position in the same run
   -- the ratio holds on any machine, where seconds depend on it -- and
   once more column by column (``on_column`` of :func:`connect4_game.ai.perfect.solve_position`,
   as a progressive overlay sees it): seconds until the first column and
   for the slowest column;
4. the same figures for our pure-Python solver (:mod:`connect4_game.ai.solver`,
   the backend without bitbully), on the first ``--solver-limit`` positions
   of each set (default 6), each from cleared tables: one score (the
   position's value) and every column's score (``perfect.solve_position``,
   at most ``--solver-budget`` seconds, default 60: columns not proven by
   then are counted as estimates);
5. the review (:func:`connect4_game.ai.review.review_game`) of a 41-ply 6x7 game, every
   position proven, by our solver and by bitbully in the same run, from cleared tables
   (target <= 1 s), and of a 12-move 5x9 game within the review's default budget for a
   game (:data:`connect4_game.ai.review.REVIEW_BUDGET`; target <= 5 s; positions not
   proven by then are counted as estimates);
6. the process's peak memory.

``--quick`` is a smoke run of a few seconds (a few positions and moves).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from benchmarks.bench_expert import peak_rss_mb
from connect4_game.ai import expert, perfect
from connect4_game.ai.bitboard import from_moves
from connect4_game.ai.review import REVIEW_BUDGET, review_game, verdict
from connect4_game.ai.solver import BudgetExceeded, get_solver
from connect4_game.core.board import Board
from tests.pons import PONS_DIR, PONS_FILES, read_pons

#: the slowest position of each Pons set for ``expert.analyze`` with bitbully
#: (every column), from a full scan of the 1,000 positions (``--full``) on a
#: 2-core machine; moves as in the files (columns 1-7)
SLOWEST = {
    "Test_L3_R1": "52677675164321472411331752454",
    "Test_L2_R1": "7354412111344263",
    "Test_L2_R2": "665477712172176",
    "Test_L1_R1": "566221227257",
    "Test_L1_R2": "737633375556",
    "Test_L1_R3": "521731255533",
}
MOVE_TARGET = 0.5        # seconds, Expert's slowest move
ANALYZE_TARGET = 1.0     # seconds, analysis of every column
#: the reviewed games (columns 1..N): a 41-ply 6x7 game of near-perfect play, 12 moves on 5x9
REVIEW_GAMES = ((6, 7, "44441666426622271421333673331172157757555", None, 1.0),
                (5, 9, "555465543364", REVIEW_BUDGET, 5.0))   # rows, cols, moves, s, target s


def _board(moves: str) -> Board:
    """The 6x7 board after Pons-notation moves (columns 1-7)."""
    b = Board(6, 7)
    b.add_checkers("".join(str(int(ch) - 1) for ch in moves))
    return b


def _result(score: int) -> int:
    return (score > 0) - (score < 0)


def bench_backends(out: TextIO = sys.stdout) -> bool:
    """Print which backends are usable; True if bitbully is."""
    ok = perfect.bitbully_available()
    if ok:
        try:
            from importlib.metadata import version
            v = version("bitbully")
        except Exception:
            v = "?"
        print(f"  bitbully {v} (optional, AGPL-3.0) usable: 6x7 analyses come from it", file=out)
    else:
        print(f"  bitbully not usable ({perfect.bitbully_error()}): the built-in solver answers",
              file=out)
    print(f"  6x7 backend: {perfect.backend_label(perfect.backend_name(6, 7))}; "
          f"other sizes: {perfect.backend_label('solver')}", file=out, flush=True)
    return ok


@dataclass
class _ExpertFigures:
    """What :func:`bench_expert_games` counts: seconds of each Expert move,
    moves lowering the game-theoretic result (a few described in
    ``examples``), moves not of the top score, games and games ending worse
    for Expert than its first position's value."""

    times: list[float] = field(default_factory=list)
    lowered: int = 0
    not_best: int = 0
    games: int = 0
    worse_games: int = 0
    examples: list[str] = field(default_factory=list)


def _random_opening(rng: random.Random) -> Board:
    """A 6x7 board after 0-9 random moves that nobody has won."""
    while True:
        b = Board(6, 7)
        for _ in range(rng.randrange(10)):
            side = b.to_move()
            b.add_checker(side, rng.choice(b.legal_columns()))
            if b.is_win_for(side):
                break
        else:
            return b


def _expert_move(player: expert.ExpertPlayer, b: Board, fig: _ExpertFigures) -> tuple[int, int]:
    """Expert's move on ``b`` from cleared tables, timed and judged against
    perfect play into ``fig``; returns ``(column, result of b for Expert:
    1 win, 0 draw, -1 loss)``."""
    perfect.clear_tables(6, 7)
    t0 = time.perf_counter()
    col = player.next_move(b)
    fig.times.append(time.perf_counter() - t0)
    check = perfect.solve_position(b, best_only=True)
    value = check.value
    assert value is not None          # Expert has just found a column to play on b
    if col != check.choice():
        scores = perfect.solve_position(b).scores
        v = verdict(scores, col)
        fig.not_best += v != "best"
        if v in ("mistake", "blunder"):
            fig.lowered += 1
            if len(fig.examples) < 3:
                fig.examples.append(f"{v} in column {col} at ply {b.num_checkers() + 1}")
    return col, _result(value)


def _play_expert_game(b: Board, me: str, fig: _ExpertFigures) -> None:
    """Expert (``me``) against perfect play (the most central best column)
    from ``b`` to the end, counted in ``fig``."""
    player = expert.ExpertPlayer(me)
    first_value = None
    while True:
        side = b.to_move()
        if side == me:
            col, value = _expert_move(player, b, fig)
            if first_value is None:
                first_value = value
        else:
            col = perfect.solve_position(b, best_only=True).choice()
        b.add_checker(side, col)
        if b.is_win_for(side) or b.is_full():
            got = 0 if not b.is_win_for(side) else (1 if side == me else -1)
            fig.worse_games += first_value is not None and got < first_value
            return


def bench_expert_games(min_moves: int, seed: int = 1,
                       out: TextIO = sys.stdout) -> dict[str, Any]:
    """Expert against perfect play from random openings until Expert has
    made ``min_moves`` moves; prints and returns the figures: ``games``,
    ``moves``, ``lowered``, ``not_best``, ``worse_games`` (counts) and the
    ``median`` / ``max`` seconds of an Expert move."""
    rng = random.Random(seed)
    fig = _ExpertFigures()
    while len(fig.times) < min_moves:
        b = _random_opening(rng)
        me = "XO"[fig.games % 2]
        fig.games += 1
        _play_expert_game(b, me, fig)
    times, games, lowered, examples = fig.times, fig.games, fig.lowered, fig.examples
    med, mx = statistics.median(times), max(times)
    print(f"  Expert vs perfect play, {games} game{'s' if games != 1 else ''} from random openings, "
          f"{len(times)} Expert moves: "
          f"{lowered} lower the game-theoretic result (target 0)"
          + (f" [{'; '.join(examples)}]" if examples else "")
          + f", {fig.not_best} not the top score; {fig.worse_games} games end worse for Expert "
          f"than its first position's value", file=out)
    print(f"  Expert move time (cold tables): median {med:.4f} s, max {mx:.3f} s "
          f"(target max <= {MOVE_TARGET} s) {'OK' if mx <= MOVE_TARGET and lowered == 0 else 'MISSED'}",
          file=out, flush=True)
    return {"games": games, "moves": len(times), "lowered": lowered, "not_best": fig.not_best,
            "worse_games": fig.worse_games, "median": med, "max": mx}


def _cold_analysis(moves: str) -> tuple[float, str, int, float, int]:
    """``(seconds, moves, positions searched, seconds and positions of
    bitbully's own scoreMoves)`` for every column of the position after
    ``moves`` (Pons notation), each from cleared tables: ``expert.analyze``,
    then bitbully's own all-columns call as the reference of the same run."""
    perfect.clear_tables()
    engine = perfect.bitbully_engine()
    assert engine is not None
    core = engine.core
    core.resetNodeCounter()
    t0 = time.perf_counter()
    expert.analyze(_board(moves), time_budget=60)
    ours = time.perf_counter() - t0
    nodes = core.getNodeCounter()
    perfect.clear_tables()
    b = engine.new_board()
    b.play([int(ch) - 1 for ch in moves])
    core.resetNodeCounter()
    t0 = time.perf_counter()
    core.scoreMoves(b)
    own = time.perf_counter() - t0
    return ours, moves, nodes, own, core.getNodeCounter()


def bench_analyze(limit: int | None, pons_dir: str, out: TextIO = sys.stdout,
                  files: Sequence[str] = PONS_FILES, slowest: bool = True) -> dict[str, Any]:
    """``expert.analyze`` (every column, bitbully) on the Pons sets."""
    res: dict[str, Any] = {}
    print(f"  {'set':<11} {'positions':>9} {'mean s':>8} {'max s':>7}   "
          f"slowest (cold tables)", file=out)
    for name in files:
        pairs = read_pons(os.path.join(pons_dir, name), limit)
        times, bad = [], 0
        worst = (0.0, "")
        for moves, score in pairs:
            b = _board(moves)
            t0 = time.perf_counter()
            r = expert.analyze(b, time_budget=60)
            dt = time.perf_counter() - t0
            times.append(dt)
            bad += (not all(x.score is None or x.score.exact for x in r)
                    or max(x.pons for x in r if x.pons is not None) != score)
            worst = max(worst, (dt, moves))
        cold: list[tuple[float, str, int | None, float | None, int | None]] = []
        if slowest:
            for slow in dict.fromkeys([SLOWEST.get(name), worst[1]]):
                if slow:
                    cold.append(_cold_analysis(slow))
        top = max(cold, key=lambda t: t[0]) if cold else (worst[0], worst[1], None, None, None)
        first = slow_col = None
        if slowest:                       # the same, column by column, as an overlay fills
            perfect.clear_tables()
            marks = [time.perf_counter()]        # when the search began, then each column
            def mark(_c: perfect.ColumnScore, m: list[float] = marks) -> None:
                m.append(time.perf_counter())
            perfect.solve_position([int(ch) - 1 for ch in top[1]], on_column=mark)
            gaps = [b - a for a, b in zip(marks, marks[1:], strict=False)]
            first, slow_col = gaps[0], max(gaps)
        mean = sum(times) / len(times)
        res[name] = {"n": len(times), "mean": mean, "max": max(times), "slowest": top[0],
                     "slowest_moves": top[1], "first_column": first, "slowest_column": slow_col,
                     "wrong": bad, "nodes": top[2], "own_seconds": top[3], "own_nodes": top[4]}
        flag = "" if not slowest else ("OK" if top[0] <= ANALYZE_TARGET else "MISSED")
        cols = "" if first is None else f"; column by column: first after {first:.3f} s, " \
                                        f"slowest column {slow_col:.3f} s"
        nodes, own_s, own_n = top[2:]
        own = "" if nodes is None or own_s is None or own_n is None else \
            f"; {nodes / 1e6:.1f} M positions searched, bitbully's own scoreMoves: " \
            f"{own_s:.3f} s, {own_n / 1e6:.1f} M (ratio {top[0] / own_s:.2f} in time, " \
            f"{nodes / max(1, own_n):.2f} in positions)"
        print(f"  {name:<11} {len(times):>9} {mean:>8.4f} {max(times):>7.3f}   "
              f"{top[0]:.3f} s ({top[1]}, {len(top[1])} plies) {flag}{cols}{own}"
              + (f"  {bad} WRONG" if bad else ""), file=out, flush=True)
    return res


def bench_solver(limit: int, budget: float, pons_dir: str, out: TextIO = sys.stdout,
                 files: Sequence[str] = PONS_FILES) -> dict[str, Any]:
    """Our solver on the Pons sets: one score vs every column, cleared tables."""
    solver = get_solver(6, 7)
    res: dict[str, Any] = {}
    print(f"  {'set':<11} {'positions':>9} {'one score mean / max s':>24} "
          f"{'every column mean / max s':>27}  estimates", file=out)
    for name in files:
        pairs = read_pons(os.path.join(pons_dir, name), limit)
        one, every, est, wrong = [], [], 0, 0
        for moves, score in pairs:
            cur, mask = from_moves(moves)
            solver.clear_tt()
            solver.set_budget(time_budget=budget)
            t0 = time.perf_counter()
            try:
                wrong += solver.solve(cur, mask) != score
            except BudgetExceeded:
                est += 1
            one.append(time.perf_counter() - t0)
            solver.clear_tt()
            t0 = time.perf_counter()
            r = perfect.solve_position([int(ch) - 1 for ch in moves], backend="solver",
                                       time_budget=budget)
            every.append(time.perf_counter() - t0)
            est += sum(c.score is not None and not c.score.exact for c in r.columns)
            wrong += r.exact and r.value != score
        res[name] = {"n": len(pairs), "one_mean": sum(one) / len(one), "one_max": max(one),
                     "every_mean": sum(every) / len(every), "every_max": max(every),
                     "estimates": est, "wrong": wrong}
        print(f"  {name:<11} {len(pairs):>9} {res[name]['one_mean']:>13.3f} / {max(one):<8.3f} "
              f"{res[name]['every_mean']:>16.3f} / {max(every):<8.3f}  {est}"
              + (f"  {wrong} WRONG" if wrong else ""), file=out, flush=True)
    return res


def bench_review(has_bb: bool, quick: bool, out: TextIO = sys.stdout) -> dict[str, Any]:
    """The review of :data:`REVIEW_GAMES` by each backend, from cleared tables."""
    res: dict[str, Any] = {}
    for rows, cols, game, budget, target in REVIEW_GAMES[:1] if quick else REVIEW_GAMES:
        moves = [int(ch, 16) - 1 for ch in (game[:14] if quick else game)]
        backends = ["solver", "bitbully"] if has_bb and (rows, cols) == (6, 7) else ["solver"]
        for backend in backends:
            perfect.clear_tables()
            t0 = time.perf_counter()
            recs = review_game(rows, cols, moves, time_budget=budget, backend=backend)
            dt = time.perf_counter() - t0
            est = sum(not r.exact for r in recs)
            key = f"{rows}x{cols} {len(moves)} plies {backend}"
            res[key] = {"seconds": dt, "estimates": est}
            flag = "" if quick else " OK" if dt <= target else " MISSED"
            print(f"  {key:<28} {dt:7.2f} s (target <= {target:g} s){flag}, "
                  f"{est} of {len(recs)} positions estimated", file=out, flush=True)
        if len(backends) == 2:
            ours, theirs = (res[f"{rows}x{cols} {len(moves)} plies {b}"]["seconds"]
                            for b in backends)
            print(f"  ours / bitbully: {ours / max(theirs, 1e-9):.2f}", file=out)
    return res


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.bench_perfect",
                                 description="perfect play: bitbully (optional) and our solver")
    ap.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    ap.add_argument("--moves", type=int, default=None, help="Expert moves to play (default 400)")
    ap.add_argument("--limit", type=int, default=None,
                    help="Pons positions per set for the bitbully scan (default 200)")
    ap.add_argument("--full", action="store_true", help="scan all 1,000 positions of each set")
    ap.add_argument("--solver-limit", type=int, default=None,
                    help="Pons positions per set for our solver (default 6)")
    ap.add_argument("--solver-budget", type=float, default=60.0,
                    help="seconds per position for our solver (default 60)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pons-dir", default=None, help="folder with the Pons Test_* files")
    a = ap.parse_args(argv)
    for opt in ("moves", "limit", "solver_limit"):
        v = getattr(a, opt)
        if v is not None and v < 1:
            ap.error(f"--{opt.replace('_', '-')} must be >= 1, got {v}")
    if not a.solver_budget > 0:
        ap.error(f"--solver-budget must be > 0, got {a.solver_budget}")
    return a


def run(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> dict[str, Any]:
    """Run the benchmark with command-line ``argv``; returns the figures."""
    a = parse_args(argv)
    quick = a.quick
    moves = a.moves or (12 if quick else 400)
    limit = None if a.full else (a.limit or (3 if quick else 200))
    solver_limit = a.solver_limit or (1 if quick else 6)
    pons_dir = a.pons_dir or str(PONS_DIR)
    files = PONS_FILES[:2] if quick else PONS_FILES
    t0 = time.perf_counter()
    print("Perfect play: backends", file=out)
    has_bb = bench_backends(out)
    figures: dict[str, Any] = {"bitbully": has_bb}
    if has_bb:
        print("Perfect play: Expert against perfect play on 6x7 (bitbully)", file=out)
        figures["games"] = bench_expert_games(moves, a.seed, out)
        print(f"Perfect play: expert.analyze of every column on the Pons sets (bitbully), "
              f"{'all' if limit is None else f'first {limit}'} positions per set", file=out)
        figures["analyze"] = bench_analyze(limit, pons_dir, out, files, slowest=not quick)
    else:
        print("Perfect play: Expert games and the bitbully analysis skipped (bitbully not usable)",
              file=out)
    print(f"Perfect play: our solver on the Pons sets, first {solver_limit} positions per set, "
          f"cleared tables, at most {a.solver_budget:g} s per position", file=out)
    figures["solver"] = bench_solver(solver_limit, a.solver_budget, pons_dir, out, files)
    print("Perfect play: the review of a game, cleared tables", file=out)
    figures["review"] = bench_review(has_bb, quick, out)
    mem = peak_rss_mb()
    figures["peak_mb"] = mem
    print(f"  peak memory: {mem:.0f} MB" if mem is not None else "  peak memory: unknown", file=out)
    print(f"  total time: {time.perf_counter() - t0:.0f} s", file=out, flush=True)
    return figures


if __name__ == "__main__":  # pragma: no cover
    run(sys.argv[1:])
