"""Benchmark of the fast exact search: ``python -m benchmarks.bench_search``.

Prints, on 6x7 positions with 8-16 checkers (a fixed-seed set of random
non-terminal positions, side to move by parity, X first):

* the median time (seconds) of one ``scores_for`` (:meth:`Searcher.scores`)
  at lookaheads 5, 8, 12 and 16, each position from a cleared transposition
  table, and the median nodes searched;
* the speed-up against the literal oracle (``tests/oracle.py``, the assignment's
  outline) at lookahead 5, measured in the same run on the same positions,
  with a check that both return the same lists;
* full solves of the Pons test files ``Test_L3_R1``, ``Test_L2_R1`` and
  ``Test_L2_R2`` (``<moves 1-indexed> <score>``, 1,000 positions each) at a
  lookahead equal to the number of empty cells, under standard rules (a four
  on the last cell wins: ``win_before_full=True``): the position's
  win/draw/loss (:meth:`Searcher.search` with ``value``) on every position, and every
  column's score (``scores_for``) on the first ``--scores-limit`` -- mean /
  median / max seconds and % correct win/draw/loss (the sign of the Pons
  score, for the side to move).

Times are wall-clock seconds (``Searcher.last_time``), CPU seconds in
brackets where shown. Options: ``--limit N`` (Pons positions per file),
``--scores-limit N``, ``--quick`` (few positions,
for a smoke run), ``--pons-dir DIR``, ``--positions N``, ``--oracle-positions
N``, ``--no-expert``. At the end, if :mod:`benchmarks.bench_expert` exists,
its ``run(args)`` is called (Expert's figures) in a fresh process (so its
peak-memory figure is its own) unless ``--no-expert``.
"""
from __future__ import annotations

import argparse
import importlib
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import TextIO

from connect4_game.ai import bitboard as bb
from connect4_game.ai.search import Searcher
from connect4_game.core.board import Board
from tests.oracle import oracle_scores
from tests.pons import PONS_DIR, read_pons

LOOKAHEADS = (5, 8, 12, 16)
PONS_FILES = ("Test_L3_R1", "Test_L2_R1", "Test_L2_R2")
TARGETS = {5: "speed-up >= 1000x", 12: "<= 0.08 s", 16: "<= 0.4 s"}
PONS_TARGET_MEAN = {"Test_L3_R1": 0.002, "Test_L2_R1": 0.020, "Test_L2_R2": 0.5}


def find_pons_dir(explicit: str | None = None) -> str | None:
    """The Pons test sets: ``explicit`` if given, else ``$CONNECT4_PONS`` if
    set, else the repository's ``tests/data/pons``. Returns None if that
    folder does not exist. Raises ValueError if ``explicit`` is not a folder."""
    if explicit is not None:
        if not os.path.isdir(explicit):
            raise ValueError(f"--pons-dir {explicit!r} is not a folder")
        return explicit
    env = os.environ.get("CONNECT4_PONS")
    if env:
        return env if os.path.isdir(env) else None
    return str(PONS_DIR) if PONS_DIR.is_dir() else None


def random_positions(count: int, seed: int = 2024, lo: int = 8, hi: int = 16,
                     h: int = 6, w: int = 7) -> list[tuple[Board, str]]:
    """``count`` random non-terminal ``h`` x ``w`` boards with ``lo``..``hi``
    checkers (random legal moves, X first, nobody has four in a row), each
    with the checker to move. Deterministic for a given ``seed``."""
    rng = random.Random(seed)
    out: list[tuple[Board, str]] = []
    while len(out) < count:
        n = rng.randint(lo, hi)
        b = Board(h, w)
        checker = "X"
        ok = True
        for _ in range(n):
            b.add_checker(checker, rng.choice([c for c in range(w) if b.can_add_to(c)]))
            checker = "O" if checker == "X" else "X"
            if b.is_win_for("X") or b.is_win_for("O"):
                ok = False
                break
        if ok:
            out.append((b, checker))
    return out


def board_scores(s: Searcher, b: Board, checker: str, lookahead: int) -> list[int]:
    """``s``'s scores of ``b`` for ``checker``, as AIPlayer.scores_for asks them."""
    cur, mask = bb.from_board(b, checker)
    return s.search(cur, mask, b.height, b.width, lookahead)[0]


def _fmt(x: float) -> str:
    return f"{x:.4f}" if x < 10 else f"{x:.1f}"


def bench_lookaheads(positions: list[tuple[Board, str]], lookaheads: tuple[int, ...],
                     out: TextIO) -> dict[int, float]:
    """Median seconds (wall clock and CPU) and nodes of one scores() per
    lookahead, each position searched with an empty TT (worst case: no reuse
    from earlier moves)."""
    res: dict[int, float] = {}
    s = Searcher()
    for L in lookaheads:
        times: list[float] = []
        cpu: list[float] = []
        nodes: list[int] = []
        for b, checker in positions:
            s.clear()
            c0 = time.process_time()
            board_scores(s, b, checker, L)
            cpu.append(time.process_time() - c0)
            times.append(s.last_time)
            nodes.append(s.last_nodes)
        med = statistics.median(times)
        res[L] = med
        tgt = TARGETS.get(L, "")
        print(f"  lookahead {L:2d}: median {_fmt(med)} s (cpu {_fmt(statistics.median(cpu))} s), "
              f"mean {_fmt(statistics.mean(times))} s, max {_fmt(max(times))} s, "
              f"median nodes {int(statistics.median(nodes))}  ({len(times)} positions)"
              f"{'  target ' + tgt if tgt and L != 5 else ''}", file=out, flush=True)
    return res


def bench_oracle(positions: list[tuple[Board, str]],
                 oracle: Callable[[Board, str, int], list[int]] | None,
                 out: TextIO) -> float | None:
    """Speed-up of Searcher over the literal oracle at lookahead 5 (ratio of
    median times on the same positions); checks that the lists agree."""
    if oracle is None:
        print("  oracle (tests/oracle.py) not found: speed-up not measured", file=out)
        return None
    s = Searcher()
    to: list[float] = []
    ts: list[float] = []
    agree = 0
    for b, checker in positions:
        before = [row[:] for row in b.slots]
        t0 = time.perf_counter()
        exp = oracle(b, checker, 5)
        to.append(time.perf_counter() - t0)
        s.clear()
        got = board_scores(s, b, checker, 5)
        ts.append(s.last_time)
        agree += exp == got
        assert b.slots == before
    mo, ms = statistics.median(to), statistics.median(ts)
    sp = mo / ms if ms > 0 else float("inf")
    print(f"  lookahead  5 vs literal oracle: oracle median {_fmt(mo)} s, search median "
          f"{ms * 1000:.2f} ms, speed-up {sp:,.0f}x (target >= 1,000x); same scores on "
          f"{agree}/{len(positions)} positions", file=out, flush=True)
    return sp


def bench_game(lookahead: int, seed: int, out: TextIO) -> tuple[int, int]:
    """One 6x7 game of two lookahead-``lookahead`` AIs (seeded random
    tiebreak), played twice: with one Searcher whose TT is kept across the
    moves (as AIPlayer does) and with the TT cleared before every move. Both
    runs play the same moves (the scores are exact either way). Prints the
    median seconds per move and the total nodes and CPU seconds; returns the
    two node totals (kept, cleared)."""
    res = []
    for keep in (True, False):
        rng = random.Random(seed)
        s = Searcher()
        b = Board(6, 7)
        checker = "X"
        times: list[float] = []
        nodes = 0
        c0 = time.process_time()
        while not (b.is_full() or b.is_win_for("X") or b.is_win_for("O")):
            if not keep:
                s.clear()
            scores = board_scores(s, b, checker, lookahead)
            times.append(s.last_time)
            nodes += s.last_nodes
            best = max(scores)
            b.add_checker(checker, rng.choice([c for c, v in enumerate(scores) if v == best]))
            checker = "O" if checker == "X" else "X"
        res.append((statistics.median(times), nodes, time.process_time() - c0, len(times)))
    (mk, nk, ck, n), (mc, nc, cc, _) = res
    print(f"  game, both sides at lookahead {lookahead} ({n} moves): TT kept across moves: "
          f"median {_fmt(mk)} s per move, {nk} nodes, cpu {_fmt(ck)} s in all; "
          f"TT cleared before each move: median {_fmt(mc)} s, {nc} nodes, cpu {_fmt(cc)} s",
          file=out, flush=True)
    return nk, nc


def _want(score: int) -> int:
    return 100 if score > 0 else (50 if score == 0 else 0)


def bench_pons(pons_dir: str, limit: int, scores_limit: int,
               out: TextIO) -> dict[tuple[str, str], tuple[float, float]]:
    """Full solves of the Pons files (standard rules, lookahead = empty
    cells). First the position's win/draw/loss for the side to move
    (:meth:`Searcher.search` with ``value``, the figure the targets are about) on
    ``limit`` positions; then every column's score (what ``scores_for`` at
    full lookahead returns) on the first ``scores_limit`` of them. Correct if
    100/50/0 matches the sign of the Pons score (for the columns: the best
    column's score)."""
    res: dict[tuple[str, str], tuple[float, float]] = {}
    for name in PONS_FILES:
        path = os.path.join(pons_dir, name)
        if not os.path.isfile(path):
            print(f"  {name}: not found in {pons_dir}", file=out)
            continue
        items = read_pons(path, limit)
        for kind, n in (("position", len(items)), ("all columns", min(scores_limit, len(items)))):
            if n == 0:
                continue
            s = Searcher()
            times: list[float] = []
            nodes: list[int] = []
            correct = 0
            for moves, score in items[:n]:
                cur, mask = bb.from_moves(moves, 6, 7)
                empties = 42 - len(moves)
                if kind == "position":
                    got = s.search(cur, mask, 6, 7, empties, True, value=True)[0][0]
                else:
                    got = max(s.search(cur, mask, 6, 7, empties, True)[0])
                times.append(s.last_time)
                nodes.append(s.last_nodes)
                correct += got == _want(score)
            pct = 100.0 * correct / n
            mean = statistics.mean(times)
            res[(name, kind)] = (pct, mean)
            tgt = (f" (target 100%, mean <= {PONS_TARGET_MEAN[name] * 1000:g} ms)"
                   if kind == "position" else "")
            print(f"  {name} {kind:11s}: {n:4d} positions, {pct:.1f}% correct win/draw/loss, "
                  f"mean {mean * 1000:.2f} ms, median {statistics.median(times) * 1000:.2f} ms, "
                  f"max {max(times) * 1000:.1f} ms, mean nodes {statistics.mean(nodes):.0f}{tgt}",
                  file=out, flush=True)
    return res


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m benchmarks.bench_search",
                                description="Benchmark of the exact scores_for search.")
    p.add_argument("--limit", type=int, default=1000, help="Pons positions per file (default 1000)")
    p.add_argument("--scores-limit", type=int, default=100,
                   help="Pons positions per file also scored column by column (default 100)")
    p.add_argument("--quick", action="store_true", help="few positions: a smoke run in seconds")
    p.add_argument("--pons-dir", default=None, help="folder with the Pons Test_* files")
    p.add_argument("--positions", type=int, default=60, help="random 6x7 positions per lookahead")
    p.add_argument("--oracle-positions", type=int, default=7,
                   help="positions timed against the literal oracle at lookahead 5")
    p.add_argument("--seed", type=int, default=2024, help="seed of the random positions")
    p.add_argument("--no-expert", action="store_true", help="skip the Expert benchmark")
    a = p.parse_args(argv)
    for name in ("limit", "scores_limit", "positions", "oracle_positions"):
        if getattr(a, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be >= 1, got {getattr(a, name)}")
    if a.quick:
        a.limit = min(a.limit, 20)
        a.scores_limit = min(a.scores_limit, 5)
        a.positions = min(a.positions, 8)
        a.oracle_positions = min(a.oracle_positions, 2)
    return a


def main(argv: list[str] | None = None, out: TextIO = sys.stdout) -> int:
    a = parse_args(argv)
    try:
        pons_dir = find_pons_dir(a.pons_dir)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"Search benchmark, Python {sys.version.split()[0]}", file=out)
    print(f"Random 6x7 positions, 8-16 checkers, seed {a.seed}; each scores_for from an empty TT",
          file=out, flush=True)
    positions = random_positions(a.positions, a.seed)
    bench_oracle(positions[:a.oracle_positions], oracle_scores, out)
    bench_lookaheads(positions, LOOKAHEADS, out)
    bench_game(12 if a.quick else 16, a.seed, out)
    print("Full solves of Pons' test positions (lookahead = empty cells, standard rules)",
          file=out, flush=True)
    if pons_dir is None:
        print("  Pons test files not found (use --pons-dir)", file=out)
    else:
        bench_pons(pons_dir, a.limit, a.scores_limit, out)
    if not a.no_expert:
        try:
            expert = importlib.import_module("benchmarks.bench_expert")
        except ImportError:
            expert = None
        if expert is not None and hasattr(expert, "run"):
            a.pons_dir = pons_dir
            a.expert_limit = a.limit
            out.flush()
            if out is sys.stdout:
                # a fresh process, so its peak-memory figure is Expert's own
                # and not this benchmark's transposition tables
                ctx = multiprocessing.get_context("spawn")
                proc = ctx.Process(target=_run_expert, args=(a,), name="bench-expert")
                proc.start()
                proc.join()
                if proc.exitcode:
                    print(f"Expert benchmark failed (exit code {proc.exitcode})", file=out)
                    return 1
            else:
                expert.run(a)
    return 0


def _run_expert(ns: argparse.Namespace) -> None:
    """Child-process entry: Expert's ``bench_expert.run(ns)``."""
    importlib.import_module("benchmarks.bench_expert").run(ns)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
