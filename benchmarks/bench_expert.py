"""Benchmark of the Expert level: exact scores and move times.

Run alone with ``python -m benchmarks.bench_expert [--limit N] [--games N]``;
``python -m benchmarks.bench_search`` calls :func:`run` at its end.

Prints:

* exact Pons scores (not only win/draw/loss) on ``tests/data/pons``
  ``Test_L3_R1``, ``Test_L2_R1``, ``Test_L2_R2``, ``Test_L1_R1`` (format
  ``<moves 1-indexed> <score>``): mean/max seconds per position and % exact
  against the score column;
* Expert's move time over whole games (median, max, seconds) against several
  opponents, and the games' results (Expert as X must win every game);
* Expert against Expert from random openings: every game must end as the
  opening's proven value says (perfect play on both sides);
* the process's peak memory (max RSS, MB) with the opening book loaded.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from connect4_game.ai.bitboard import from_moves
from connect4_game.ai.expert import EXPERT_MOVE_SECONDS, ExpertPlayer, Guess, analyze, choose_column
from connect4_game.ai.score import Wdl
from connect4_game.ai.solver import get_solver
from connect4_game.core.board import Board
from connect4_game.players import AIPlayer, Player, RandomPlayer
from tests.pons import PONS_DIR, read_pons

PONS_FILES = ("Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1")
TARGET_MEAN = {"Test_L3_R1": 0.002, "Test_L2_R1": 0.020, "Test_L2_R2": 0.5, "Test_L1_R1": 0.1}


def bench_scores(pons_dir: str, limit: int | None, out: TextIO = sys.stdout) -> dict[str, Any]:
    """Exact-score benchmark; returns {file: (n, exact %, mean s, max s)}."""
    solver = get_solver(6, 7)
    res = {}
    for name in PONS_FILES:
        path = os.path.join(pons_dir, name)
        if not os.path.exists(path):
            print(f"  {name}: missing", file=out)
            continue
        pairs = read_pons(path, limit)
        times, exact = [], 0
        for moves, score in pairs:
            cur, mask = from_moves(moves)
            t0 = time.perf_counter()
            solver.set_budget()
            s = solver.solve(cur, mask, True)
            times.append(time.perf_counter() - t0)
            exact += s == score
        n = len(pairs)
        mean = sum(times) / n
        res[name] = (n, 100.0 * exact / n, mean, max(times))
        ok = "OK" if exact == n and mean <= TARGET_MEAN[name] else "MISSED"
        print(f"  {name}: {n} positions, {100.0 * exact / n:.1f}% exact, mean {mean * 1000:.2f} ms, "
              f"max {max(times) * 1000:.1f} ms (target 100%, mean <= {TARGET_MEAN[name] * 1000:g} ms) {ok}",
              file=out, flush=True)
    return res


class GreedyPlayer(Player):
    """Opponent for the benchmark/tests: wins at once if it can, else blocks
    the opponent's immediate win, else plays the most central legal column
    (random among equals with ``rng``)."""

    def __init__(self, checker: str, rng: random.Random | None = None) -> None:
        super().__init__(checker)
        self.rng = rng or random.Random(0)

    def __repr__(self) -> str:
        return f"{super().__repr__()} (GREEDY)"

    def next_move(self, b: Board) -> int:
        cols = b.legal_columns()
        if not cols:
            raise ValueError("the board is full: there is no column to play")
        self.num_moves += 1
        for who in (self.checker, self.opponent_checker()):
            for c in cols:
                b.add_checker(who, c)
                won = b.is_win_for(who)
                b.remove_checker(c)
                if won:
                    return c
        best = min(abs(2 * c - (b.width - 1)) for c in cols)
        return self.rng.choice([c for c in cols if abs(2 * c - (b.width - 1)) == best])


class NoisyExpert(ExpertPlayer):
    """Expert that plays a random column with probability ``noise`` (a strong
    but fallible opponent that leads into unusual positions)."""

    def __init__(self, checker: str, noise: float = 0.2, rng: random.Random | None = None,
                 time_budget: float = EXPERT_MOVE_SECONDS) -> None:
        super().__init__(checker, time_budget)
        self.noise = noise
        self.rng = rng or random.Random(0)

    def next_move(self, b: Board, on_guess: Guess | None = None) -> int:
        if self.rng.random() < self.noise:
            self.num_moves += 1
            return self.rng.choice(b.legal_columns())
        return super().next_move(b, on_guess)


def play_game(px: Player, po: Player, height: int = 6, width: int = 7,
              times: list[float] | None = None, opening: str = "") -> tuple[str, str]:
    """Play a whole game on an empty ``height`` x ``width`` board (after the
    0-based ``opening`` columns); returns ('X'|'O'|'draw', moves string).
    Expert move times (seconds) are appended to ``times`` if given."""
    b = Board(height, width)
    moves = ""
    for ch in opening:
        side = b.to_move()
        b.add_checker(side, int(ch))
        moves += ch
    while True:
        side = b.to_move()
        p = px if side == "X" else po
        t0 = time.perf_counter()
        c = p.next_move(b)
        dt = time.perf_counter() - t0
        if times is not None and isinstance(p, ExpertPlayer) and not isinstance(p, NoisyExpert):
            times.append(dt)
        b.add_checker(side, c)
        moves += str(c)
        if b.is_win_for(side):
            return side, moves
        if b.is_full():
            return "draw", moves


def bench_games(games: int, time_budget: float, out: TextIO = sys.stdout,
                seed: int = 1) -> dict[str, Any]:
    """Expert's move times over whole games on 6x7; returns a summary dict."""
    rng = random.Random(seed)
    times: list[float] = []
    x_results: list[tuple[str, str, str]] = []
    o_results: list[tuple[str, str, str]] = []
    opponents: Sequence[Callable[[str, int], Player]] = [
        lambda ch, i: RandomPlayer(ch),
        lambda ch, i: AIPlayer(ch, ("LEFT", "RIGHT", "RANDOM")[i % 3], 2 + i % 3),
        lambda ch, i: GreedyPlayer(ch, random.Random(seed + i)),
        lambda ch, i: NoisyExpert(ch, 0.25, random.Random(seed * 7 + i), time_budget),
    ]
    for i in range(games):
        opp = opponents[i % len(opponents)]("O", i)
        res, mv = play_game(ExpertPlayer("X", time_budget), opp, times=times)
        x_results.append((repr(opp), res, mv))
    for i in range(games):
        opp = opponents[(i + 2) % len(opponents)]("X", i)
        # the opponent opens with a random column so O's positions differ
        res, mv = play_game(opp, ExpertPlayer("O", time_budget), times=times,
                            opening=str(rng.randrange(7)))
        o_results.append((repr(opp), res, mv))
    x_wins = sum(r == "X" for _, r, _ in x_results)
    print(f"  Expert as X: {x_wins}/{len(x_results)} wins "
          + ", ".join(f"{o}: {r}" for o, r, _ in x_results), file=out)
    print("  Expert as O: " + ", ".join(f"{o}: {r}" for o, r, _ in o_results), file=out)
    med = statistics.median(times) if times else 0.0
    mx = max(times) if times else 0.0
    print(f"  Expert move time over {len(times)} moves: median {med:.3f} s, max {mx:.2f} s "
          f"(target median <= 0.5 s, max <= 10 s) {'OK' if med <= 0.5 and mx <= 10 else 'MISSED'}",
          file=out, flush=True)
    return {"x": x_results, "o": o_results, "median": med, "max": mx, "moves": len(times),
            "times": times}


def bench_selfplay(games: int, time_budget: float, out: TextIO = sys.stdout,
                   seed: int = 3) -> dict[str, Any]:
    """Expert against Expert from random openings of 0-3 moves: with perfect
    play on both sides every game must end as the opening position's proven
    value says. Prints agreement, move times and how many moves were
    estimates; returns a summary dict."""
    rng = random.Random(seed)
    times: list[float] = []
    agree, estimates = 0, 0
    rows: list[tuple[str, str, str]] = []
    for _ in range(games):
        while True:
            b = Board(6, 7)
            opening = "".join(str(rng.randrange(7)) for _ in range(rng.randrange(4)))
            for ch in opening:
                b.add_checker(b.to_move(), int(ch))
            if not (b.is_win_for("X") or b.is_win_for("O")):
                break
        first = b.to_move()
        res = analyze(b, 60, best_only=True)
        verdict = res[choose_column(res, 7)].score
        assert verdict is not None             # a playable column
        want = first if verdict.wdl is Wdl.WIN else "draw" if verdict.wdl is Wdl.DRAW else \
            ("O" if first == "X" else "X")
        players = {"X": ExpertPlayer("X", time_budget), "O": ExpertPlayer("O", time_budget)}
        moves = opening
        while True:
            side = b.to_move()
            p = players[side]
            t0 = time.perf_counter()
            c = p.next_move(b)
            times.append(time.perf_counter() - t0)
            analysis = p.last_analysis
            assert analysis is not None         # set by next_move
            score = analysis[c].score
            estimates += not (score is not None and score.proven)
            b.add_checker(side, c)
            moves += str(c)
            if b.is_win_for(side) or b.is_full():
                got = side if b.is_win_for(side) else "draw"
                break
        agree += got == want
        rows.append((opening, want, got))
    med = statistics.median(times) if times else 0.0
    mx = max(times) if times else 0.0
    print(f"  Expert vs Expert from {games} random openings: {agree}/{games} games end as the "
          f"proven value says; " + ", ".join(f"'{o}' {w}->{g}" for o, w, g in rows), file=out)
    print(f"  their move time over {len(times)} moves: median {med:.3f} s, max {mx:.2f} s; "
          f"{estimates} moves on an estimate", file=out, flush=True)
    return {"agree": agree, "games": games, "median": med, "max": mx, "estimates": estimates,
            "times": times}


def peak_rss_mb() -> float | None:
    """Peak resident memory of this process in MB (None where unknown).

    Linux: ``VmHWM`` of ``/proc/self/status``, the high-water mark of this
    process's own address space. ``getrusage``'s ``ru_maxrss`` is not used
    there because it survives fork and exec: a benchmark child spawned by
    ``python -m benchmarks.bench_search`` would report its parent's peak.
    Elsewhere ``ru_maxrss`` (bytes on macOS, KiB on other systems).
    """
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return None
    r = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return r / (1024 * 1024) if sys.platform == "darwin" else r / 1024


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.bench_expert",
                                 description="Expert benchmark")
    ap.add_argument("--limit", type=int, default=None,
                    help="positions per Pons file (default: all 1000)")
    ap.add_argument("--games", type=int, default=4, help="games as X and as O (default 4 each)")
    ap.add_argument("--selfplay", type=int, default=4,
                    help="Expert-vs-Expert games from random openings (default 4)")
    ap.add_argument("--time-budget", type=float, default=EXPERT_MOVE_SECONDS,
                    help=f"Expert seconds per move (default {EXPERT_MOVE_SECONDS:g})")
    ap.add_argument("--pons-dir", default=None, help="folder with the Pons Test_* files")
    a = ap.parse_args(argv)
    if a.limit is not None and a.limit < 1:
        ap.error(f"--limit must be >= 1, got {a.limit}")
    if a.games < 0 or a.selfplay < 0:
        ap.error(f"--games and --selfplay must be >= 0, got {a.games}, {a.selfplay}")
    return a


def run(args: Sequence[str] | argparse.Namespace | None = None,
        out: TextIO = sys.stdout) -> dict[str, Any]:
    """Run the Expert benchmark. ``args``: None, a list of command-line
    strings, or a namespace (e.g. the caller's argparse result) from which
    ``expert_limit`` (else ``limit``), ``expert_games`` (else 1 game each
    way with ``quick``, 4 without), ``expert_time_budget`` and ``pons_dir``
    are read when present. Returns the figures as a dict."""
    if args is None or isinstance(args, (list, tuple)):
        a = parse_args(args)
        limit, games, budget, pons_dir = a.limit, a.games, a.time_budget, a.pons_dir
        selfplay = a.selfplay
    else:
        limit = getattr(args, "expert_limit", getattr(args, "limit", None))
        games = getattr(args, "expert_games", 1 if getattr(args, "quick", False) else 4)
        budget = getattr(args, "expert_time_budget", EXPERT_MOVE_SECONDS)
        selfplay = getattr(args, "expert_selfplay", 0 if getattr(args, "quick", False) else 4)
        pons_dir = getattr(args, "pons_dir", None)
    pons_dir = pons_dir or (str(PONS_DIR) if PONS_DIR.is_dir() else None)
    print("Expert: exact scores", file=out)
    scores: dict[str, Any] = {}
    if pons_dir is None:
        print("  Pons test files not found (set CONNECT4_PONS)", file=out)
    else:
        scores = bench_scores(pons_dir, limit, out)
    print("Expert: whole games on 6x7", file=out)
    g = bench_games(games, budget, out) if games else {}
    sp = bench_selfplay(selfplay, budget, out) if selfplay else {}
    every = g.get("times", []) + sp.get("times", [])
    if every and g and sp:
        print(f"  Expert move time, all {len(every)} moves above: median {statistics.median(every):.3f} s, "
              f"max {max(every):.2f} s (target median <= 0.5 s, max <= 10 s)", file=out, flush=True)
    book = get_solver(6, 7).book
    mem = peak_rss_mb()
    loaded = book is not None and book.loaded
    print(f"  peak memory: {mem:.0f} MB with the book {'loaded' if loaded else 'not loaded'} "
          f"(target <= 150 MB)" if mem is not None else "  peak memory: unknown", file=out, flush=True)
    return {"scores": scores, "games": g, "selfplay": sp, "peak_mb": mem}


if __name__ == "__main__":  # pragma: no cover
    run(sys.argv[1:])
