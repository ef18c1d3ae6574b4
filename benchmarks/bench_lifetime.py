"""How soon the search worker processes end after the game's process is killed.

    python -m benchmarks.bench_lifetime [--runs 3] [--limit 2]

Starts the real game headless, computer against computer at lookahead 30 (a deep search is
running), waits until one of its worker processes has used more CPU than starting takes, sends
the game's process SIGKILL (so it cannot close anything itself) and times how long its worker
processes live on: they watch their parent and end by themselves. The target is 2 s (the watch
looks every 0.5 s). Linux only: it reads the process tree from ``/proc``.

It prints each run's time and exits with status 1 if any run is over ``--limit`` seconds
(default 2) or a worker outlived the 10 s it is given, 2 if it cannot measure.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import time

from benchmarks.bench_idle import ROOT, cpu_seconds, tree_pids

LIMIT_SECONDS = 2.0
GIVE_UP = 10.0          # seconds: a worker still running then has outlived the game


def running(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie (ended, waiting to be reaped)."""
    try:
        with open(f'/proc/{pid}/stat', encoding='ascii', errors='replace') as fh:
            return fh.read().rsplit(')', 1)[1].split()[0] != 'Z'
    except (OSError, IndexError):
        return False


def seconds_to_end(pids: list[int], give_up: float = GIVE_UP) -> tuple[float, list[int]]:
    """Poll until none of ``pids`` runs: the seconds that took, and those still running
    after ``give_up`` seconds."""
    t0 = time.monotonic()
    left = [p for p in pids if running(p)]
    while left and time.monotonic() - t0 < give_up:
        time.sleep(0.01)
        left = [p for p in left if running(p)]
    return time.monotonic() - t0, left


def one_run() -> tuple[float, list[int]]:
    """Kill the game while it searches; :func:`seconds_to_end` of its worker processes.

    :raises RuntimeError: if the game ended, or no search started, within 60 s.
    """
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, SDL_VIDEODRIVER='dummy', SDL_AUDIODRIVER='dummy',
                   CONNECT4_CONFIG_DIR=tmp)
        app = subprocess.Popen([sys.executable, str(ROOT / 'main.py'), '--x', 'ai', '--o', 'ai',
                                '--lookahead', '30', '--no-settings', '--exit-after', '120'],
                               cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 60
            while not any((cpu_seconds(p) or 0.0) > 2.0 for p in tree_pids(app.pid)[1:]):
                if app.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError('the game ended, or no search started, within 60 s')
                time.sleep(0.1)
            workers = tree_pids(app.pid)[1:]
            app.kill()
            app.wait(10)
            took, left = seconds_to_end(workers)
            for pid in left:                      # outlived the game: not left behind here
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            return took, left
        finally:
            if app.poll() is None:
                app.kill()
                app.wait()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--runs', type=int, default=3, help='how many times (default 3)')
    ap.add_argument('--limit', type=float, default=LIMIT_SECONDS,
                    help='the most seconds a worker may live on (default 2)')
    args = ap.parse_args(argv)
    if not os.path.isdir('/proc'):
        print('bench_lifetime: needs /proc (Linux)', file=sys.stderr)
        return 2
    ok = True
    for run in range(1, args.runs + 1):
        try:
            took, left = one_run()
        except RuntimeError as exc:
            print(f'bench_lifetime: {exc}', file=sys.stderr)
            return 2
        fine = not left and took <= args.limit
        ok = ok and fine
        print(f'run {run}: the workers ended {took:.2f} s after the game was killed'
              + (f'; still running: {left}' if left else '')
              + f" (limit {args.limit:g} s): {'ok' if fine else 'OVER'}")
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
