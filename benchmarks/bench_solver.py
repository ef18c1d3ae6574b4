"""Benchmark of the solver's kernels: ``python -m benchmarks.bench_solver [--full] [--quick]``.

In one run, on 6x7, each position from cleared tables (the clearing not timed):

1. every column of each position scored (the analysis' job: ``Solver.column_scores``) by our
   compiled kernel (:mod:`connect4_game.ai.solver`, ``_ckernel.c``) and by bitbully's
   ``scoreMoves`` (C++, optional, AGPL-3.0), both with the 12-ply opening book, on a seeded
   sample of Pascal Pons' test sets (``tests/data/pons``; Pascal Pons, "Solving Connect 4",
   part 2; ``--sample`` positions per set, default 40, ``--full`` for all 6,000) and on random
   positions just past the book (9-16 plies); every column checked against bitbully's and the
   best against the set's known score. Per set: the summed seconds and their ratio ours /
   bitbully (target at most 2), the slowest position (target at most 1.0 s);
2. the pure-Python kernel on the first ``--python`` positions of each sample (default 2), as a
   ratio to the compiled kernel on the same positions;
3. a Fhourstones-style figure (John Tromp's benchmark: positions searched per second): the
   sign of each Test_L2_R2 sample position (weak solve), no book, for the three;
4. the named levels' search (:mod:`connect4_game.ai.alphabeta`: depth-limited negamax, the
   evaluation of :mod:`connect4_game.ai.evaluate`) of every sample position to ``--depth``
   plies (default 8), no budget, tables cleared, in the compiled and the pure-Python kernel:
   positions searched per second, their ratio, and the positions whose scores, column or node
   count differ (target: none); the same on as many random positions of 8x14, a board of 126
   bits (the compiled kernel's 128-bit integers, where the compiler has them);
5. the solver on 8x8 (72 bits: 128-bit integers and dict tables in the compiled kernel): the
   bounds of ``--wide`` random positions (default 10) proven under a budget of 100,000 nodes
   each, in both kernels: positions per second, their ratio and the positions whose proof or
   node count differ (target: none);
6. the assignment's search (:class:`connect4_game.ai.search.Searcher`, behind
   ``AIPlayer.scores_for``, BU CS111 ps9, Problem 4) of every sample position at lookahead
   ``--lookahead`` (default 8), tables cleared, in both kernels: summed seconds, their ratio and
   the positions whose scores or node counts differ (target: none).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from connect4_game.ai.alphabeta import AlphaBeta
from connect4_game.ai.bitboard import from_moves, geometry, has_four, play, winning_cells
from connect4_game.ai.book import book_path, default_book
from connect4_game.ai.search import Searcher
from connect4_game.ai.solver import Solver, compiled_available
from tests.pons import PONS_DIR, PONS_FILES, read_pons

RATIO_TARGET = 2.0       # our summed time / bitbully's, per set
MAX_TARGET = 1.0         # seconds, every column of one position
PAST_BOOK = "past book"  # the random positions of 9-16 plies

Scores = list[int | None]   # a Pons score per column, None for a full one


def past_book(k: int, seed: int) -> list[tuple[str, int | None]]:
    """``k`` random positions of 9-16 plies (Pons notation) nobody has won, no known score."""
    rng = random.Random(seed)
    out: list[tuple[str, int | None]] = []
    while len(out) < k:
        moves, cur, mask = "", 0, 0
        for _ in range(rng.randint(9, 16)):
            c = rng.choice([c for c in range(7) if not mask & (1 << (c * 7 + 5))])
            cur, mask = play(cur, mask, 6, c)
            moves += str(c + 1)
            if has_four(cur ^ mask, 6):
                break
        else:       # as in Pons' sets, the side to move cannot win at once
            if not winning_cells(cur, mask, 6, 7) & geometry(6, 7).possible(mask):
                out.append((moves, None))
    return out


class Bitbully:
    """bitbully's engine with its book (``scoreMoves``) and without (nodes per second)."""

    def __init__(self) -> None:
        import bitbully.bitbully_core as bbc
        path = book_path()
        self.bbc = bbc
        self.core = bbc.BitBullyCore(Path(path)) if path else bbc.BitBullyCore()
        self.bare = bbc.BitBullyCore()

    def board(self, moves: str) -> Any:
        b = self.bbc.BoardCore()
        b.play([int(ch) - 1 for ch in moves])
        return b

    def scores(self, moves: str) -> tuple[float, Scores]:
        b = self.board(moves)
        self.core.resetTranspositionTable()
        t0 = time.perf_counter()
        s = self.core.scoreMoves(b)
        return time.perf_counter() - t0, [None if v < -100 else v for v in s]


def _ours(solver: Solver, moves: str) -> tuple[float, Scores]:
    cur, mask = from_moves(moves)
    solver.clear_tt()
    t0 = time.perf_counter()
    solver.set_budget()
    s = solver.column_scores(cur, mask)
    return time.perf_counter() - t0, s


def _times(runs: list[tuple[float, Scores]]) -> tuple[float, float]:
    """The summed and the largest seconds of ``runs``."""
    return sum(t for t, _ in runs), max(t for t, _ in runs)


def _differ(a: list[tuple[float, Scores]], b: list[tuple[float, Scores]]) -> int:
    """Positions whose scores differ between ``a`` and ``b`` (the first ``len(a)``)."""
    return sum(x != y for (_, x), (_, y) in zip(a, b[:len(a)], strict=True))


def bench_set(pairs: list[tuple[str, int | None]], fast: Solver, slow: Solver,
              bb: Bitbully | None, python_k: int) -> tuple[dict[str, Any], str]:
    """The figures of one set and their line (without the set's name)."""
    ours = [_ours(fast, m) for m, _ in pairs]
    wrong = sum(known is not None and max(x for x in s if x is not None) != known
                for (_, known), (_, s) in zip(pairs, ours, strict=True))
    t_ours, t_max = _times(ours)
    f: dict[str, Any] = {"n": len(pairs), "ours": t_ours, "ours_max": t_max}
    line = f"{len(pairs):>9} {t_ours:>11.3f} {t_max:>7.3f} "
    ok = t_max <= MAX_TARGET
    if bb is not None:
        theirs = [bb.scores(m) for m, _ in pairs]
        wrong += _differ(ours, theirs)
        f["bitbully"], bb_max = _times(theirs)
        f["ratio"] = t_ours / max(f["bitbully"], 1e-9)
        ok = ok and f["ratio"] <= RATIO_TARGET
        line += f"{f['bitbully']:>11.3f} {bb_max:>7.3f} {f['ratio']:>8.2f}  "
    else:
        line += f"{'-':>11} {'-':>7} {'-':>8}  "
    if python_k:
        py = [_ours(slow, m) for m, _ in pairs[:python_k]]
        wrong += _differ(py, ours)
        f["python_ratio"] = _times(py)[0] / max(_times(ours[:python_k])[0], 1e-9)
        line += f"{f['python_ratio']:>10.0f} on {len(py)}"
    f["wrong"] = wrong
    return f, line + ("  OK" if ok and not wrong else "  MISSED") + (
        f"  {wrong} WRONG" if wrong else "")


def pairs_of(sets: dict[str, list[tuple[str, int | None]]]) -> list[str]:
    """The moves of every position of ``sets``, in order."""
    return [m for pairs in sets.values() for m, _ in pairs]


def bench_sets(sets: dict[str, list[tuple[str, int | None]]], fast: Solver, slow: Solver,
               bb: Bitbully | None, python_k: int, out: TextIO) -> dict[str, Any]:
    """Part 1 and 2 of the module's description, one line per set."""
    print(f"  {'set':<11} {'positions':>9} {'compiled s':>11} {'max s':>7} {'bitbully s':>11} "
          f"{'max s':>7} {'ours/bb':>8}  {'python/compiled':>15}  targets", file=out, flush=True)
    for warm in ("1234567", pairs_of(sets)[0]):    # untimed: tables allocated, the book read
        _ours(fast, warm)
        if bb is not None:
            bb.scores(warm)
    figures: dict[str, Any] = {}
    for name, pairs in sets.items():
        figures[name], line = bench_set(pairs, fast, slow, bb, python_k)
        print(f"  {name:<11} {line}", file=out, flush=True)
    return figures


def _weak(s: Solver, moves: str) -> tuple[int, float]:
    """Positions searched and seconds for the sign of ``moves``' position, no book."""
    pos = from_moves(moves)
    s.clear_tt()
    s.set_budget()
    t0 = time.perf_counter()
    s.solve(*pos, alternating=False, weak=True)
    return s.searched(), time.perf_counter() - t0


def fhourstones(pairs: Sequence[tuple[str, int | None]], solvers: dict[str, tuple[Solver, int]],
                bb: Bitbully | None, out: TextIO) -> dict[str, float]:
    """Part 3: positions searched per second, weak solve without the book, tables cleared;
    ``solvers``: label -> (solver, how many of ``pairs`` it solves)."""
    runs: dict[str, tuple[Callable[[str], tuple[int, float]], int]] = {}
    for label, (s, k) in solvers.items():
        runs[label] = partial(_weak, s), k
    if bb is not None:
        def run_bb(moves: str, bb: Bitbully = bb) -> tuple[int, float]:
            b = bb.board(moves)
            bb.bare.resetTranspositionTable()
            bb.bare.resetNodeCounter()
            t0 = time.perf_counter()
            bb.bare.nullWindow(b)
            return int(bb.bare.getNodeCounter()), time.perf_counter() - t0
        runs["bitbully"] = run_bb, len(pairs)
    rates: dict[str, float] = {}
    for label, (run, k) in runs.items():
        done = [run(moves) for moves, _ in pairs[:k]]
        rates[label] = sum(n for n, _ in done) / max(sum(t for _, t in done), 1e-9)
    print("  " + ", ".join(f"{k} {v / 1e3:,.0f} kpos/s" for k, v in rates.items())
          + (f"; compiled / bitbully {rates['compiled'] / rates['bitbully']:.2f}"
             if "bitbully" in rates and "compiled" in rates else ""), file=out, flush=True)
    return rates


def quiet_positions(h: int, w: int, k: int, seed: int) -> list[tuple[int, int]]:
    """``k`` positions ``(cur, mask)`` of ``h`` x ``w`` after 18 to 40 random moves that neither
    make a four nor leave one to the reply (fewer when no such move is left)."""
    rng = random.Random(seed)
    geo = geometry(h, w)
    out = []
    for _ in range(k):
        cur = mask = 0
        for _ in range(rng.randint(18, 40)):
            safe = [play(cur, mask, h, c) for c in range(w) if not mask & geo.top_cells[c]]
            safe = [(c, m) for c, m in safe if not has_four(cur | (m ^ mask), h)
                    and not winning_cells(c, m, h, w) & geo.possible(m)]
            if not safe:
                break
            cur, mask = rng.choice(safe)
        out.append((cur, mask))
    return out


def levels_search(positions: Sequence[tuple[int, int]], depth: int, out: TextIO,
                  size: tuple[int, int] = (6, 7)) -> dict[str, float]:
    """Part 4 on one board ``size``: positions per second of each kernel and ``differ``, the
    positions whose results differ between them."""
    rates: dict[str, float] = {}
    results = []
    for ab in (AlphaBeta(*size), AlphaBeta(*size, compiled=False)):
        nodes, seconds, done = 0, 0.0, []
        for cur, mask in positions:
            ab.clear()
            r = ab.search(cur, mask, depth)
            nodes, seconds = nodes + r.nodes, seconds + r.seconds
            done.append((r.scores, r.column, r.nodes))
        rates[ab.kernel] = nodes / max(seconds, 1e-9)
        results.append(done)
    rates["differ"] = sum(a != b for a, b in zip(*results, strict=True))
    _print_rates(size, rates, out)
    return rates


def _print_rates(size: tuple[int, int], rates: dict[str, float], out: TextIO) -> None:
    """One line: each kernel's positions per second on ``size``, their ratio, and how many
    positions ``differ`` between them (``WRONG`` if any)."""
    speed = (f"; compiled / python {rates['compiled'] / rates['python']:.0f}x"
             if "compiled" in rates else "")
    print(f"  {size[0]}x{size[1]}: compiled {rates.get('compiled', 0) / 1e3:,.0f} kpos/s, python "
          f"{rates['python'] / 1e3:,.0f} kpos/s{speed}; {rates['differ']:.0f} positions differ"
          + ("  OK" if not rates["differ"] else "  WRONG"), file=out, flush=True)


def wide_solver(positions: Sequence[tuple[int, int]], out: TextIO,
                size: tuple[int, int] = (8, 8)) -> dict[str, float]:
    """Part 5: positions per second of each kernel and ``differ``, the positions whose proof or
    node count differ between them."""
    rates: dict[str, float] = {}
    results = []
    for s in (Solver(*size), Solver(*size, compiled=False)):
        seconds, done = 0.0, []
        for cur, mask in positions:
            s.clear_tt()
            s.set_budget(node_budget=100_000)
            t0 = time.perf_counter()
            proof = s.prove(cur, mask)
            seconds += time.perf_counter() - t0
            done.append((proof, s.searched()))
        rates[s.kernel] = sum(n for _, n in done) / max(seconds, 1e-9)
        results.append(done)
    rates["differ"] = sum(a != b for a, b in zip(*results, strict=True))
    _print_rates(size, rates, out)
    return rates


def assignment_search(positions: Sequence[tuple[int, int]], lookahead: int, out: TextIO,
                      size: tuple[int, int] = (6, 7)) -> dict[str, float]:
    """Part 6: the summed seconds of each kernel and ``differ``, the positions whose scores or
    node counts differ between them."""
    seconds: dict[str, float] = {}
    results = []
    for label, compiled in (("compiled", True), ("python", False)):
        s, done, total = Searcher(compiled=compiled), [], 0.0
        for cur, mask in positions:
            s.clear()
            scores, nodes, secs = s.search(cur, mask, *size, lookahead)
            total += secs
            done.append((scores, nodes))
        seconds[label] = total
        results.append(done)
    seconds["differ"] = sum(a != b for a, b in zip(*results, strict=True))
    print(f"  {size[0]}x{size[1]}: compiled {seconds['compiled']:.3f} s, python "
          f"{seconds['python']:.3f} s; python / compiled "
          f"{seconds['python'] / max(seconds['compiled'], 1e-9):.0f}x; "
          f"{seconds['differ']:.0f} positions differ"
          + ("  OK" if not seconds["differ"] else "  WRONG"), file=out, flush=True)
    return seconds


def run(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> dict[str, Any]:
    """Run the benchmark with command-line ``argv``; returns the figures."""
    ap = argparse.ArgumentParser(prog="python -m benchmarks.bench_solver",
                                 description="the solver's kernels against bitbully")
    ap.add_argument("--full", action="store_true", help="all 1,000 positions of each set")
    ap.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    ap.add_argument("--sample", type=int, default=40, help="positions per set (default 40)")
    ap.add_argument("--python", type=int, default=2,
                    help="positions per set for the pure-Python kernel (default 2, 0: none)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=8, help="plies of the levels' search (part 4)")
    ap.add_argument("--wide", type=int, default=10, help="8x8 positions of the solver (part 5)")
    ap.add_argument("--lookahead", type=int, default=8,
                    help="the assignment's search's lookahead (part 6)")
    ap.add_argument("--pons-dir", default=str(PONS_DIR), help="folder with the Pons Test_* files")
    a = ap.parse_args(argv)
    if a.sample < 1 or a.python < 0 or a.depth < 1 or a.wide < 1 or a.lookahead < 0:
        ap.error("--sample, --depth and --wide must be >= 1, --python and --lookahead >= 0")
    k = 3 if a.quick else a.sample
    sets: dict[str, list[tuple[str, int | None]]] = {}
    for name in PONS_FILES:
        pairs: list[tuple[str, int | None]] = list(read_pons(Path(a.pons_dir) / name))
        sets[name] = pairs if a.full else random.Random(a.seed).sample(pairs, min(k, len(pairs)))
    sets[PAST_BOOK] = past_book(1000 if a.full else k, a.seed)
    if not compiled_available():
        print("The compiled kernel is not built (or CONNECT4_KERNEL=python): 'compiled' below is "
              "the pure-Python kernel", file=out)
    try:
        bb: Bitbully | None = Bitbully()
    except ImportError as e:
        bb = None
        print(f"bitbully not installed ({e}): no ratios to it", file=out)
    book = default_book()
    fast = Solver(6, 7, book=book)
    slow = Solver(6, 7, book=book, compiled=False)
    print(f"Every column of each position, cleared tables, {'all' if a.full else k} positions "
          f"per set (seed {a.seed}); targets: ours/bb <= {RATIO_TARGET}, max <= {MAX_TARGET} s",
          file=out, flush=True)
    figures: dict[str, Any] = {"sets": bench_sets(sets, fast, slow, bb, a.python, out)}
    fh = sets["Test_L2_R2"][:k]
    print(f"Fhourstones-style: weak solve of {len(fh)} Test_L2_R2 positions, no book", file=out)
    figures["fhourstones"] = fhourstones(
        fh, {"compiled": (Solver(6, 7), len(fh)), "python": (Solver(6, 7, compiled=False),
                                                               a.python)}, bb, out)
    moves = pairs_of(sets)
    print(f"The levels' search: {len(moves)} positions a board to {a.depth} plies, no budget",
          file=out, flush=True)
    figures["levels"] = levels_search([from_moves(m) for m in moves], a.depth, out)
    figures["levels 8x14"] = levels_search(quiet_positions(8, 14, len(moves), a.seed), a.depth,
                                           out, (8, 14))
    wide = 2 if a.quick else a.wide
    print(f"The solver on 8x8: {wide} positions, 100,000 nodes each at most", file=out, flush=True)
    figures["solver 8x8"] = wide_solver(quiet_positions(8, 8, wide, a.seed), out)
    print(f"The assignment's search: {len(moves)} positions a board at lookahead {a.lookahead}",
          file=out, flush=True)
    figures["assignment"] = assignment_search([from_moves(m) for m in moves], a.lookahead, out)
    figures["assignment 8x8"] = assignment_search(quiet_positions(8, 8, len(moves), a.seed),
                                                  a.lookahead, out, (8, 8))
    return figures


if __name__ == "__main__":
    run()
