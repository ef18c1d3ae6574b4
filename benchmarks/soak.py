#!/usr/bin/env python3
"""Soak test: thousands of headless games, 0 errors, bounded memory.

Plays AI-vs-AI and random-vs-AI games with the engine's players
(:mod:`connect4_game.players`) across board sizes and lookaheads, checking
every move and every game end, plus (unless ``--app-games 0``) some games
of the real window app (``connect4_game.ui.app.App`` in demo mode, headless,
stepped by ``dt``). Every ``--check-every``-th AI move whose lookahead is
affordable for it is also cross-checked against the literal seed outline in
``tests/oracle.py``. The AI's search keeps its transposition table across
moves and games, as in a long session, so memory growth includes it.

Reports games played, outcomes, errors (must be 0) and the process's peak
memory (``resource.getrusage(...).ru_maxrss``) after warm-up and at the end
(growth must stay under 50 MB). Exit status 0 only if both hold.

    python -m benchmarks.soak                 # the full soak: >= 2,000 games
    python -m benchmarks.soak --games 60 --app-games 2 --quick   # a short run

Not part of the default test run; tests/benchmarks/test_soak_short.py runs a short one.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import json
import os
import platform
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypedDict

from connect4_game.core.board import Board
from connect4_game.core.console import connect_four
from connect4_game.core.game import Game
from connect4_game.core.notation import Notation, format_moves, read_game
from connect4_game.players import TIEBREAKS, AIPlayer, RandomPlayer
from tests.oracle import oracle_scores

if TYPE_CHECKING:
    from connect4_game.search.worker import SearchWorker

Oracle = Callable[[Board, str, int], list[int]]
"""The literal outline's scores for (board, checker, lookahead): tests/oracle.py."""

Report = Callable[[str], None]
"""Where progress lines go."""


class GameConfig(TypedDict):
    """One engine-level game: board size, the two seats ('ai' or 'random') and
    their lookaheads, and the AI's tiebreak."""

    rows: int
    cols: int
    x: str
    o: str
    x_lookahead: int
    o_lookahead: int
    tiebreak: str


class AppResults(TypedDict, total=False):
    """What the window-app games gave (``app_skipped``: why there were none)."""

    app_games: int
    app_errors: int
    app_error_messages: list[str]
    app_frames: int
    app_skipped: str


class Memory(TypedDict, total=False):
    """Peak RSS (MB) at the start, after the engine games and at the end; RSS
    now (MB or None) at the start and the end; the app worker's RSS (MB or None)."""

    start: float
    engine: float
    end: float
    start_now: float | None
    end_now: float | None
    worker: float | None


def _import_resource() -> ModuleType | None:
    """The ``resource`` module, or None where there is none (Windows: no getrusage)."""
    try:
        return importlib.import_module("resource")
    except ImportError:
        return None


resource = _import_resource()

SIZES = [(6, 7), (6, 7), (6, 7), (4, 4), (4, 5), (5, 4), (5, 6), (7, 6), (6, 9), (8, 8),
         (7, 10), (9, 11), (10, 12), (12, 14), (4, 14), (12, 4), (3, 3), (2, 5), (1, 8)]
PAIRINGS = [("ai", "ai"), ("ai", "ai"), ("random", "ai"), ("ai", "random")]
MEMORY_LIMIT_MB = 50.0
ORACLE_BUDGET = 2500          # cross-check only when cols**lookahead <= this
APP_WINDOWS = [(800, 760), (640, 480), (1024, 900)]
APP_BOARDS = [(6, 7), (4, 4), (5, 6), (8, 9), (12, 14), (4, 14)]


def peak_rss_mb() -> float:
    """Peak resident set size of this process in MB (ru_maxrss: KB on Linux, bytes on macOS)."""
    if resource is None:
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return float(peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024)


def current_rss_mb() -> float | None:
    """Resident set size now, in MB (Linux /proc only; None elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / (1024 * 1024)
    except (OSError, ValueError, IndexError, AttributeError):
        return None


class SoakError(Exception):
    """An invariant of a game did not hold."""


def make_player(kind: str, checker: str, lookahead: int,
                tiebreak: str) -> RandomPlayer | AIPlayer:
    if kind == "random":
        return RandomPlayer(checker)
    return AIPlayer(checker, tiebreak, lookahead)


def game_result(b: Board) -> str | None:
    """'X' or 'O' for a four in a row, 'tie' for a full board, else None."""
    won = [side for side in ("X", "O") if b.is_win_for(side)]
    return won[0] if won else "tie" if b.is_full() else None


def moves_to_string(moves: list[int]) -> str:
    return format_moves(moves, Notation.ADD_CHECKERS)


def check_end(b: Board, moves: list[int], last: str) -> str:
    """Validate the final position; return 'X', 'O' or 'tie'."""
    result = game_result(b)
    if result is None:
        raise SoakError(f"game stopped but is not over: {moves_to_string(moves)}")
    if result in ("X", "O") and result != last:
        raise SoakError(f"{result} has four but {last} moved last")
    if b.is_win_for("X") and b.is_win_for("O"):
        raise SoakError("both sides have four in a row")
    n_x, n_o = b.num_checkers("X"), b.num_checkers("O")
    if not (n_x - n_o in (0, 1) and n_x + n_o == len(moves)):
        raise SoakError(f"checker counts X={n_x} O={n_o} after {len(moves)} moves")
    if b.width <= 14 and read_game(moves_to_string(moves), b.height, b.width, Notation.ADD_CHECKERS).board != b:
        raise SoakError("board differs from the replay of its move string")
    return result


def play_engine_game(rng: random.Random, cfg: GameConfig, oracle: Oracle | None, check_every: int,
                     counter: list[int]) -> tuple[str, int]:
    """One game with our own loop (checks every move). Returns (result, moves).

    ``counter`` is ``[AI moves, oracle cross-checks]`` (updated in place);
    every ``check_every``-th AI move whose lookahead is affordable for the
    literal outline is compared with ``oracle`` (tests/oracle.py).
    """
    rows, cols = cfg["rows"], cfg["cols"]
    b = Board(rows, cols)
    players = {"X": make_player(cfg["x"], "X", cfg["x_lookahead"], cfg["tiebreak"]),
               "O": make_player(cfg["o"], "O", cfg["o_lookahead"], cfg["tiebreak"])}
    moves: list[int] = []
    checker = "X"
    while True:
        p = players[checker]
        before = [row[:] for row in b.slots]
        if isinstance(p, AIPlayer):
            counter[0] += 1
            if oracle is not None and counter[0] % check_every == 0 \
                    and cols ** p.lookahead <= ORACLE_BUDGET:
                counter[1] += 1
                scores = p.scores_for(b)
                slow = oracle(b, checker, p.lookahead)
                if scores != slow:
                    raise SoakError(f"scores_for {scores} != oracle {slow} for {checker} "
                                    f"L={p.lookahead} on {rows}x{cols} after "
                                    f"{moves_to_string(moves)!r}")
        col = p.next_move(b)
        if b.slots != before:
            raise SoakError(f"{p!r}.next_move changed the board")
        if not b.can_add_to(col):
            raise SoakError(f"{p!r} chose unplayable column {col!r}")
        b.add_checker(checker, col)
        moves.append(col)
        if b.is_win_for(checker) or b.is_full():
            return check_end(b, moves, checker), len(moves)
        checker = "O" if checker == "X" else "X"


def play_console_game(cfg: GameConfig) -> tuple[str, int]:
    """One game through the assignment's console ``connect_four`` (output discarded)."""
    p1 = make_player(cfg["x"], "X", cfg["x_lookahead"], cfg["tiebreak"])
    p2 = make_player(cfg["o"], "O", cfg["o_lookahead"], cfg["tiebreak"])
    with contextlib.redirect_stdout(io.StringIO()):
        b = connect_four(p1, p2, cfg["rows"], cfg["cols"])
    if b is None:
        raise SoakError("connect_four returned None")
    n = b.num_checkers()
    last = "X" if b.num_checkers("X") > b.num_checkers("O") else "O"
    result = game_result(b)
    if result is None or (result != "tie" and result != last):
        raise SoakError(f"console game ended with result {result!r}, last mover {last}")
    return result, n


def random_config(rng: random.Random, top: int) -> GameConfig:
    rows, cols = rng.choice(SIZES)
    x, o = rng.choice(PAIRINGS)
    return {"rows": rows, "cols": cols, "x": x, "o": o,
            "x_lookahead": rng.randint(0, top), "o_lookahead": rng.randint(0, top),
            "tiebreak": rng.choice(TIEBREAKS)}


def warm_up_app() -> tuple[SearchWorker | None, str | None]:
    """Import the app, start one search worker (shared by every app game, as
    a long session would use it) and run a few frames, so pygame, fonts and
    the worker are in the memory baseline.

    :returns: ``(worker, None)`` or ``(None, why the app is unavailable)``.
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        from connect4_game.search.worker import SearchWorker
        from connect4_game.ui.app import App, AppOptions
    except Exception as exc:
        return None, f"{type(exc).__name__}: {exc}"
    worker = SearchWorker()
    # every window size and the extreme board sizes the app games use: the
    # one-off peak of drawing the largest window belongs in the baseline, so
    # the growth measured afterwards is what accumulates (leaks)
    with contextlib.redirect_stdout(io.StringIO()):
        for size in APP_WINDOWS:
            for rows, cols in ((6, 7), (12, 14), (4, 14)):
                app = App(AppOptions(demo=True, mute=True, use_settings=False, lookahead=1,
                                     rows=rows, cols=cols), size=size, worker=worker)
                try:
                    for _ in range(10):
                        app.step([], 0.1)
                finally:
                    app.close()
    return worker, None


def run_app_games(n_games: int, seed: int, report: Report, max_seconds: float,
                  worker: SearchWorker | None) -> AppResults:
    """One long session of the real App, headless, stepped by ``dt``: game after
    game of computer players (AI of lookahead 0-5 or random) on random board
    sizes, started as the new-game screen does, with the window resized now and
    then. After every frame the board must equal the replay of the move list.
    Game-end lines on stdout are discarded."""
    out: AppResults = {"app_games": 0, "app_errors": 0, "app_error_messages": [],
                           "app_frames": 0}
    try:
        from connect4_game.seat_config import PlayerSpec, SeatKind
        from connect4_game.ui.app import App, AppOptions
    except ImportError as exc:   # no pygame: engine-level soak only
        out["app_skipped"] = f"{type(exc).__name__}: {exc}"
        return out
    rng = random.Random(seed)
    start = time.monotonic()
    app = None
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            app = App(AppOptions(mute=True, use_settings=False,
                                 x=PlayerSpec(SeatKind.AI, 1, "RANDOM"),
                                 o=PlayerSpec(SeatKind.AI, 1, "RANDOM")),
                      size=APP_WINDOWS[0], worker=worker)
        while out["app_games"] < n_games and time.monotonic() - start < max_seconds:
            rows, cols = rng.choice(APP_BOARDS)
            tb = rng.choice(TIEBREAKS)
            kinds = [SeatKind.AI, SeatKind.AI, SeatKind.RANDOM]
            players = {"X": PlayerSpec(rng.choice(kinds), rng.randint(0, 5), tb),
                       "O": PlayerSpec(SeatKind.AI, rng.randint(0, 5), tb)}
            if rng.random() < 0.3:
                app.resize(*rng.choice(APP_WINDOWS))
            target = app.session.games_finished + 1
            with contextlib.redirect_stdout(io.StringIO()):
                app.start_game(players, rows, cols)
                while app.session.games_finished < target and app.running:
                    app.step([], rng.choice([1 / 60, 1 / 30, 0.1, 0.25]))
                    out["app_frames"] += 1
                    m = app.session.game
                    if m.board != Game(m.rows, m.cols, m.moves).board:
                        raise SoakError("app board differs from the replay of its moves")
                    if worker is not None and worker.busy():
                        time.sleep(0.002)   # a script, not a test: let the worker process run
                    if time.monotonic() - start > max_seconds:
                        break
            out["app_games"] = app.session.games_finished
            if out["app_games"] % 10 == 0:
                report(f"  app games so far: {out['app_games']}")
    except Exception:
        out["app_errors"] += 1
        out["app_error_messages"].append(traceback.format_exc(limit=4)[-800:])
    finally:
        if app is not None:
            try:
                app.close()
            except Exception:
                out["app_errors"] += 1
                out["app_error_messages"].append(traceback.format_exc(limit=3)[-800:])
    # no pygame.quit() here: the process exits soon anyway, and a caller in the
    # same process (tests/test_soak_short.py) may open more windows afterwards
    return out


def worker_rss_mb(worker: SearchWorker | None) -> float | None:
    """Resident memory of the app's AI worker processes (Linux /proc), or None."""
    if worker is None:
        return None
    total = 0.0
    try:
        for pid in worker.pids():
            with open(f"/proc/{pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) / 1024
    except (OSError, ValueError, AttributeError):
        return None
    return total


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line of :func:`main`; exits (status 2) for a negative count,
    nothing to play, or a ``--json`` file that cannot be written."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="engine-level games (default 2000)")
    ap.add_argument("--app-games", type=int, default=20,
                    help="window-app demo games, headless (default 20; 0 = none)")
    ap.add_argument("--seed", type=int, default=20261121)
    ap.add_argument("--max-lookahead", type=int, default=9,
                    help="AI lookaheads are drawn from 0..N (default 9, the hotkey range)")
    ap.add_argument("--check-every", type=int, default=10,
                    help="cross-check every Nth AI move against tests/oracle.py (0 = never)")
    ap.add_argument("--console-every", type=int, default=10,
                    help="every Nth game goes through the console connect_four")
    ap.add_argument("--app-seconds", type=float, default=600.0,
                    help="wall-clock cap for the app games (seconds)")
    ap.add_argument("--quick", action="store_true", help="small boards and lookaheads only")
    ap.add_argument("--json", metavar="FILE", help="also write the report as JSON")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    for name in ("games", "app_games", "max_lookahead", "check_every", "console_every"):
        if getattr(args, name) < 0:
            ap.error(f"--{name.replace('_', '-')} must be >= 0, not {getattr(args, name)}")
    if args.games == 0 and args.app_games == 0:
        ap.error("--games 0 and --app-games 0 play nothing: a soak needs at least one game")
    if args.json:
        try:    # fail now, not after an hour of games
            with open(args.json, "a", encoding="utf-8"):
                pass
        except OSError as exc:
            ap.error(f"--json {args.json}: cannot write there ({exc.strerror or exc})")
    return args


@dataclass
class EngineStats:
    """What the engine-level games gave: outcomes (``'X'``, ``'O'``,
    ``'tie'``), games per pairing, board sizes and AI lookaheads seen, moves,
    ``ai_moves`` = [AI moves, oracle cross-checks], errors (with at most 10
    messages after the warm-up's) and the seconds the games took."""

    outcomes: Counter[str] = field(default_factory=Counter)
    by_pairing: Counter[str] = field(default_factory=Counter)
    sizes_seen: set[tuple[int, int]] = field(default_factory=set)
    lookaheads_seen: set[int] = field(default_factory=set)
    total_moves: int = 0
    ai_moves: list[int] = field(default_factory=lambda: [0, 0])
    errors: int = 0
    error_messages: list[str] = field(default_factory=list)
    seconds: float = 0.0


def warm_up_engine(rng: random.Random, oracle: Oracle | None, stats: EngineStats) -> None:
    """One engine game and one console game, so imports and caches are in
    the memory baseline; an error counts in ``stats``."""
    warm: GameConfig = {"rows": 6, "cols": 7, "x": "ai", "o": "random", "x_lookahead": 2,
            "o_lookahead": 0, "tiebreak": "LEFT"}
    try:
        play_engine_game(rng, warm, oracle, 1, [0, 0])
        play_console_game(warm)
    except Exception:
        stats.errors += 1
        stats.error_messages.append("warm-up game: " + traceback.format_exc(limit=3)[-600:])


def play_engine_games(args: argparse.Namespace, rng: random.Random, oracle: Oracle | None,
                      stats: EngineStats, report: Report) -> None:
    """``args.games`` games of random configurations (every
    ``--console-every``-th through the console ``connect_four``), counted in
    ``stats``; a progress line every 250 games."""
    top = min(3, args.max_lookahead) if args.quick else args.max_lookahead
    sizes_quick = [(4, 4), (5, 6), (6, 7), (4, 7), (3, 3)]
    t0 = time.perf_counter()
    for i in range(args.games):
        cfg = random_config(rng, top)
        if args.quick:
            cfg["rows"], cfg["cols"] = rng.choice(sizes_quick)
        try:
            if args.console_every and i % args.console_every == args.console_every - 1:
                result, n = play_console_game(cfg)
            else:
                result, n = play_engine_game(rng, cfg, oracle, args.check_every or 1,
                                             stats.ai_moves)
            stats.outcomes[result] += 1
            stats.total_moves += n
        except Exception:
            stats.errors += 1
            if len(stats.error_messages) < 10:
                stats.error_messages.append(f"game {i} {cfg}: "
                                            + traceback.format_exc(limit=3)[-600:])
        _count_config(stats, cfg)
        if (i + 1) % 250 == 0:
            report(f"  {i + 1} games, {stats.errors} errors, peak {peak_rss_mb():.1f} MB, "
                   f"{time.perf_counter() - t0:.0f} s")
    stats.seconds = time.perf_counter() - t0


def _count_config(stats: EngineStats, cfg: GameConfig) -> None:
    """Count a game's pairing, board size and AI lookaheads in ``stats``."""
    stats.by_pairing[f"{cfg['x']} vs {cfg['o']}"] += 1
    stats.sizes_seen.add((cfg["rows"], cfg["cols"]))
    for kind, lookahead in ((cfg["x"], cfg["x_lookahead"]), (cfg["o"], cfg["o_lookahead"])):
        if kind == "ai":
            stats.lookaheads_seen.add(lookahead)


def play_app_phase(args: argparse.Namespace, worker: SearchWorker | None,
                   app_unavailable: str | None, report: Report) -> tuple[AppResults, float | None]:
    """The window-app games (:func:`run_app_games`) unless there are none or
    the app is unavailable, then the worker's memory and its close; returns
    ``(app results, worker RSS in MB or None)``."""
    app: AppResults = {"app_games": 0, "app_errors": 0, "app_error_messages": [], "app_frames": 0}
    if args.app_games and app_unavailable:
        app["app_skipped"] = app_unavailable
    elif args.app_games:
        app = run_app_games(args.app_games, args.seed, report, args.app_seconds, worker)
    worker_mb = worker_rss_mb(worker)
    if worker is not None:
        try:
            worker.close()
        except Exception:
            app["app_errors"] += 1
            app["app_error_messages"].append(traceback.format_exc(limit=3)[-800:])
    return app, worker_mb


def _round_mb(mb: float | None) -> float | None:
    return None if mb is None else round(mb, 1)


def build_result(args: argparse.Namespace, stats: EngineStats, app: AppResults,
                 mem: Memory) -> dict[str, Any]:
    """The JSON report. ``mem``: ``start``, ``engine``, ``end`` (peak RSS,
    MB), ``start_now``, ``end_now`` (RSS then, MB or None), ``worker`` (the
    app worker's RSS, MB or None)."""
    outcomes = stats.outcomes
    all_errors = stats.errors + app["app_errors"]
    growth = mem["end"] - mem["start"]
    result: dict[str, Any] = {
        "python": platform.python_version(), "platform": platform.platform(terse=True),
        "seed": args.seed, "games": sum(outcomes.values()) + stats.errors + app["app_games"],
        "engine_games": args.games,
        "app_games": app["app_games"], "app_frames": app["app_frames"],
        "outcomes": {"X wins": outcomes["X"], "O wins": outcomes["O"], "ties": outcomes["tie"]},
        "pairings": dict(sorted(stats.by_pairing.items())),
        "board_sizes": len(stats.sizes_seen), "lookaheads": sorted(stats.lookaheads_seen),
        "moves": stats.total_moves, "ai_moves": stats.ai_moves[0],
        "oracle_cross_checks": stats.ai_moves[1],
        "errors": all_errors, "error_messages": stats.error_messages + app["app_error_messages"],
        "peak_rss_start_mb": round(mem["start"], 1), "peak_rss_end_mb": round(mem["end"], 1),
        "peak_rss_after_engine_games_mb": round(mem["engine"], 1),
        "rss_now_start_mb": _round_mb(mem["start_now"]),
        "rss_now_end_mb": _round_mb(mem["end_now"]),
        "app_worker_rss_mb": _round_mb(mem["worker"]),
        "growth_mb": round(growth, 1), "engine_seconds": round(stats.seconds, 1),
        "ok": all_errors == 0 and growth < MEMORY_LIMIT_MB,
    }
    if "app_skipped" in app:
        result["app_skipped"] = app["app_skipped"]
    return result


def report_lines(args: argparse.Namespace, stats: EngineStats, app: AppResults, mem: Memory,
                 result: dict[str, Any]) -> list[str]:
    """The printed report (``mem`` and ``result`` as :func:`build_result`)."""
    outcomes, sizes = stats.outcomes, stats.sizes_seen
    ai_moves = stats.ai_moves
    start_now, end_now, worker_mb = mem["start_now"], mem["end_now"], mem["worker"]
    growth = mem["end"] - mem["start"]
    return [
        "Connect Four soak test",
        f"  games played     : {result['games']} ({args.games} engine-level, "
        f"{app['app_games']} in one session of the headless window app, "
        f"{app['app_frames']} frames)",
        f"  outcomes (engine): X wins {outcomes['X']}, O wins {outcomes['O']}, "
        f"ties {outcomes['tie']}",
        "  pairings         : " + ", ".join(f"{k} {v}"
                                            for k, v in sorted(stats.by_pairing.items())),
        f"  board sizes      : {len(sizes)} "
        f"({', '.join(f'{r}x{c}' for r, c in sorted(sizes))}); "
        f"lookaheads {sorted(stats.lookaheads_seen)}",
        f"  moves            : {stats.total_moves} ({ai_moves[0]} AI moves, "
        f"{ai_moves[1]} cross-checked against the assignment outline in tests/oracle.py)",
        f"  errors           : {result['errors']}",
        f"  peak memory      : {mem['start']:.1f} MB after warm-up -> {mem['end']:.1f} MB at the "
        f"end (growth {growth:.1f} MB, limit {MEMORY_LIMIT_MB:.0f} MB; "
        f"{mem['engine']:.1f} MB after the engine games)",
        "  resident now     : "
        + (f"{start_now:.1f} MB -> {end_now:.1f} MB" if start_now and end_now else "n/a")
        + (f"; the app's AI worker processes {worker_mb:.1f} MB" if worker_mb else ""),
        f"  time             : {stats.seconds:.0f} s engine games"
        + (f"; app skipped: {app['app_skipped']}" if "app_skipped" in app else ""),
        f"  verdict          : {'PASS' if result['ok'] else 'FAIL'}",
    ]


def main(argv: list[str] | None = None) -> int:
    """Run the soak (see the module docstring); 0 if it passed, 1 if not
    (errors, memory growth, or the JSON report could not be written)."""
    args = parse_args(argv)

    def report(msg: str) -> None:
        if not args.quiet:
            print(msg, flush=True)

    rng = random.Random(args.seed)
    random.seed(args.seed)          # RandomPlayer / RANDOM tiebreak use the global generator
    oracle = oracle_scores if args.check_every else None   # the assignment outline, literal and slow
    stats = EngineStats()
    warm_up_engine(rng, oracle, stats)
    worker, app_unavailable = warm_up_app() if args.app_games else (None, None)
    mem: Memory = {"start": peak_rss_mb(), "start_now": current_rss_mb()}
    play_engine_games(args, rng, oracle, stats, report)
    mem["engine"] = peak_rss_mb()
    app, mem["worker"] = play_app_phase(args, worker, app_unavailable, report)
    mem["end"], mem["end_now"] = peak_rss_mb(), current_rss_mb()
    result = build_result(args, stats, app, mem)
    print("\n".join(report_lines(args, stats, app, mem, result)), flush=True)
    for msg in result["error_messages"][:5]:
        print("ERROR:", msg, file=sys.stderr)
    if args.json:
        try:
            Path(args.json).write_text(json.dumps(result, indent=2) + "\n")
        except OSError as exc:
            print(f"could not write the JSON report to {args.json}: {exc.strerror or exc}",
                  file=sys.stderr)
            return 1
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
