"""Memory of every process of the game over a whole game against Expert, and
CPU use of the idle window.

    python -m benchmarks.bench_memory [--limit-mb 250] [--idle-seconds 20]
                                      [--idle-limit 1] [--display] [--moves 60]
    python -m benchmarks.bench_memory --app dist/connect4-pygame/connect4-pygame \
                                      --display --limit-mb 180

The memory part starts a window in a fresh process (``--play``): you play X
against Expert (perfect play) with the analysis on (``A``), headless with
``SDL_VIDEODRIVER=dummy`` or, with ``--display``, in the X display of
``$DISPLAY`` (e.g. Xvfb). The script plays as a person would: once the
analysis of a position is finished it presses the digit key of the column the
analysis ranks best, so the game runs to its end (about 40 moves, every one of
them analysed and answered by perfect play). With ``--app EXE`` the window is
the built app (``tools/build_app.py``) in the X display of ``$DISPLAY``, played
through ``xdotool``: ``A``, then a digit every 2 s from a fixed cycle of columns
until the game ends (``--exit-after-game``); a shorter game, the same
processes. Every 0.2 s this process reads
the proportional set size (PSS: a page shared by n processes counts 1/n in
each, so the sum is the memory the game really holds; RSS is shown too) of
each process of the window's tree from ``/proc/PID/smaps_rollup`` (Linux),
and prints the peak of each process and the peak of their sum.

The idle part is :mod:`benchmarks.bench_idle`: the CPU time (user + system)
of the whole process tree of a window waiting for the player's move, as a
percentage of one core.

Exit status 1 if the sum's peak is over ``--limit-mb`` MB (default 250, a venv
with bitbully; 180 for the built app) or the idle figure is over
``--idle-limit`` per cent (default 1), 2 if it cannot measure.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

if __package__ in (None, ''):                 # run as a script: the repository's packages
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_idle import measure as measure_idle
from benchmarks.bench_idle import tree_pids

ROOT = Path(__file__).resolve().parents[1]
LIMIT_MB = 250.0
IDLE_LIMIT_PERCENT = 1.0
SAMPLE_S = 0.2
GAME_TIMEOUT_S = 600.0


def memory_kb(pid: int) -> tuple[int, int] | None:
    """``(pss, rss)`` of process ``pid`` in kB, or None when it is gone."""
    pss = rss = None
    try:
        with open(f'/proc/{pid}/smaps_rollup', encoding='ascii') as fh:
            for line in fh:
                if line.startswith('Pss:'):
                    pss = int(line.split()[1])
                elif line.startswith('Rss:'):
                    rss = int(line.split()[1])
    except (OSError, ValueError):
        return None
    return None if pss is None or rss is None else (pss, rss)


def role(pid: int, root: int) -> str:
    """``'window'``, ``'search worker'`` or ``'helper'`` (multiprocessing's resource tracker,
    anything else) of a process in the window's tree."""
    if pid == root:
        return 'window'
    try:
        with open(f'/proc/{pid}/cmdline', 'rb') as fh:
            cmd = fh.read()
    except OSError:
        return 'helper'
    # a worker runs multiprocessing's spawn_main (the built app: --multiprocessing-fork)
    return 'search worker' if b'spawn_main' in cmd or b'--multiprocessing-fork' in cmd \
        else 'helper'


APP_COLUMNS = '4435261734526171'
"""The columns X plays in the built app, in turn (a full column's key is refused)."""


def _press_keys(app: subprocess.Popen[str]) -> None:
    """Play the built app's window by the keyboard (xdotool): the analysis on, then a column of
    :data:`APP_COLUMNS` every 2 s, until the app ends."""
    def xdo(*args: str) -> str:
        return subprocess.run(['xdotool', *args], capture_output=True, text=True,
                              timeout=10).stdout
    wid = ''
    for _ in range(300):
        wid = xdo('search', '--pid', str(app.pid)).split('\n')[0]
        if wid or app.poll() is not None:
            break
        time.sleep(0.1)
    if not wid:
        return
    time.sleep(2.0)                          # the worker processes start
    xdo('mousemove', '--window', wid, '20', '20')
    xdo('key', 'a')
    for i in range(300):
        if app.poll() is not None:
            return
        time.sleep(2.0)
        xdo('key', APP_COLUMNS[i % len(APP_COLUMNS)])


def watch_game(display: bool, moves: int, app: str | None = None
               ) -> tuple[dict[int, tuple[str, int, int]], int, str]:
    """Run the ``--play`` window (or the built ``app``, played by :func:`_press_keys`) to its
    end, sampling memory. Returns (pid -> (role, peak PSS kB, peak RSS kB), peak of the summed
    PSS kB, the window's last two output lines).

    :raises RuntimeError: if the window failed or did not end in :data:`GAME_TIMEOUT_S`.
    """
    peaks: dict[int, tuple[str, int, int]] = {}
    top = 0
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, SDL_AUDIODRIVER='dummy', CONNECT4_CONFIG_DIR=tmp)
        if not display:
            env['SDL_VIDEODRIVER'] = 'dummy'
        cmd = [sys.executable, str(Path(__file__).resolve()), '--play', '--moves', str(moves)]
        if app is not None:
            cmd = [app, '--x', 'human', '--o', 'expert', '--no-settings', '--mute',
                   '--exit-after-game']
        proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.PIPE, text=True)
        if app is not None:
            threading.Thread(target=_press_keys, args=(proc,), daemon=True).start()
        deadline = time.monotonic() + GAME_TIMEOUT_S
        try:
            while proc.poll() is None:
                if time.monotonic() > deadline:
                    raise RuntimeError(f'the game did not end within {GAME_TIMEOUT_S:g} s')
                total = 0
                for pid in tree_pids(proc.pid):
                    mem = memory_kb(pid)
                    if mem is None:
                        continue
                    total += mem[0]
                    name, pss, rss = peaks.get(pid, (role(pid, proc.pid), 0, 0))
                    peaks[pid] = (name, max(pss, mem[0]), max(rss, mem[1]))
                top = max(top, total)
                time.sleep(SAMPLE_S)
            out = proc.stdout.read() if proc.stdout else ''
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    if proc.returncode != 0:
        raise RuntimeError(f'the window ended with status {proc.returncode}')
    lines = out.strip().splitlines()
    return peaks, top, ' '.join(lines[-2:])


def play(moves: int) -> int:
    """The ``--play`` window: X (this script, as a person) against Expert, analysis on, until
    the game ends or ``moves`` moves were played; prints the moves and the result."""
    import pygame

    from connect4_game.cli import parse_player
    from connect4_game.play.start import AppOptions
    from connect4_game.search.worker import SearchWorker
    from connect4_game.ui.app import App

    worker = SearchWorker()
    app = App(AppOptions(x=parse_player('human'), o=parse_player('expert'), mute=True,
                         use_settings=False), worker=worker, own_worker=True)
    s = app.session

    def key(code: int, char: str) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=code, unicode=char, mod=0, scancode=0)

    events = [key(pygame.K_a, 'a')]                   # the analysis on
    last = time.perf_counter()
    deadline = last + GAME_TIMEOUT_S - 30
    played = 0
    try:
        while app.running and time.perf_counter() < deadline:
            time.sleep(1 / 60)
            now = time.perf_counter()
            app.step(events, min(0.1, now - last), redraw=None)
            if app.drew:
                pygame.display.flip()
            last, events = now, []
            if s.game.over and not app.game.animating():
                break
            shown = s.analysis_payload()
            if (s.human_to_move() and not app.game.animating() and shown is not None
                    and not shown.running and shown.reply.column is not None
                    and played < moves):
                col = shown.reply.column
                events = [key(pygame.K_1 + col, str(col + 1))]
                played += 1
        for _ in range(60):                           # the end of the game shown
            app.step([], 1 / 60, redraw=None)
        print(f'{len(s.game.moves)} moves, over: {s.game.over}', flush=True)
    finally:
        app.close()
        worker.close()
        pygame.quit()
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--limit-mb', type=float, default=LIMIT_MB,
                    help='the most MB (PSS) all processes may hold at once (default 250)')
    ap.add_argument('--idle-seconds', type=float, default=20.0,
                    help='seconds of idle window measured (default 20; 0: skip)')
    ap.add_argument('--idle-limit', type=float, default=IDLE_LIMIT_PERCENT,
                    help='the most per cent of one core the idle window may use (default 1)')
    ap.add_argument('--display', action='store_true',
                    help="use the X display of $DISPLAY instead of SDL's dummy driver")
    ap.add_argument('--moves', type=int, default=60, help='the most moves X plays (default 60)')
    ap.add_argument('--app', metavar='EXE',
                    help='measure the built app EXE instead (needs --display and xdotool)')
    ap.add_argument('--play', action='store_true', help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.play:
        return play(args.moves)
    if not os.path.isfile('/proc/self/smaps_rollup'):
        print('bench_memory: needs /proc/PID/smaps_rollup (Linux 4.14+)', file=sys.stderr)
        return 2
    if args.app and not args.display:
        print('bench_memory: --app needs --display (xdotool plays it)', file=sys.stderr)
        return 2
    mode = f"display {os.environ.get('DISPLAY', '?')}" if args.display else 'SDL dummy driver'
    try:
        peaks, top, result = watch_game(args.display, args.moves, args.app)
    except RuntimeError as exc:
        print(f'bench_memory: {exc}', file=sys.stderr)
        return 2
    what = f'the app {args.app}' if args.app else 'a venv'
    print(f'a whole game against Expert, analysis on ({what}, {mode}): {result}')
    print('peak memory of each process (MB; PSS, RSS):')
    for pid, (name, pss, rss) in sorted(peaks.items()):
        print(f'  pid {pid:>7} {name:<14} PSS {pss / 1024:7.1f}   RSS {rss / 1024:7.1f}')
    ok = top / 1024 <= args.limit_mb
    print(f'all processes at once: PSS {top / 1024:.1f} MB (limit {args.limit_mb:g} MB): '
          f"{'ok' if ok else 'OVER'}")
    if args.idle_seconds > 0:
        try:
            used = measure_idle(args.idle_seconds, 4.0, args.display,
                                [args.app] if args.app else None)
        except RuntimeError as exc:
            print(f'bench_memory: idle: {exc}', file=sys.stderr)
            return 2
        percent = 100.0 * sum(used.values()) / args.idle_seconds
        idle_ok = percent <= args.idle_limit
        print(f'idle window, {args.idle_seconds:g} s: {percent:.2f} % of one core '
              f"(limit {args.idle_limit:g} %): {'ok' if idle_ok else 'OVER'}")
        ok = ok and idle_ok
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
