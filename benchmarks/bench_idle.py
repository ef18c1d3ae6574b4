"""CPU use of an idle window: the game waiting for the player's move.

    python -m benchmarks.bench_idle [--seconds 20] [--settle 4] [--limit 5] [--display]

Starts the real game (``main.py --no-settings --mute``: the person to move,
nothing falling, no search running) in a fresh process -- headless with
``SDL_VIDEODRIVER=dummy``, or with ``--display`` in the X display of
``$DISPLAY`` (e.g. Xvfb) -- lets it settle for ``--settle`` seconds (the
worker processes import the engine), then sums the CPU time (user + system)
of the whole process tree -- the window's process, its threads and its
worker processes -- over ``--seconds`` seconds of wall time, read from
``/proc/PID/stat`` (Linux; psutil is used instead when it is installed).

It prints the CPU time as a percentage of one core, per process and in all,
and exits with status 1 if the total is over ``--limit`` per cent (default
1), 2 if it cannot measure (no /proc, the game did not start).
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT_PERCENT = 1.0


def _children_from_proc() -> dict[int, list[int]]:
    """Parent pid -> child pids of every process in /proc."""
    kids: dict[int, list[int]] = {}
    for name in os.listdir('/proc'):
        if not name.isdigit():
            continue
        try:
            with open(f'/proc/{name}/stat', encoding='ascii', errors='replace') as fh:
                fields = fh.read().rsplit(')', 1)[1].split()
        except OSError:
            continue
        kids.setdefault(int(fields[1]), []).append(int(name))
    return kids


def tree_pids(root: int) -> list[int]:
    """``root`` and every process descended from it (pids)."""
    kids = _children_from_proc()
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(kids.get(pid, []))
    return out


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` (all its threads), or
    None when it is gone."""
    try:
        import psutil  # optional
    except ImportError:
        psutil = None
    if psutil is not None:
        try:
            t = psutil.Process(pid).cpu_times()
            return float(t.user + t.system)
        except psutil.Error:
            return None
    try:
        with open(f'/proc/{pid}/stat', encoding='ascii', errors='replace') as fh:
            fields = fh.read().rsplit(')', 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')


def snapshot(root: int) -> dict[int, float]:
    """CPU seconds of every live process of ``root``'s tree, by pid."""
    out = {}
    for pid in tree_pids(root):
        s = cpu_seconds(pid)
        if s is not None:
            out[pid] = s
    return out


def measure(seconds: float, settle: float, display: bool,
            program: list[str] | None = None) -> dict[int, float]:
    """Start the game (``program``: another command for it, e.g. the built app's
    executable), wait ``settle`` s, and return the CPU seconds each
    process of its tree used during the next ``seconds`` s of wall time
    (a process started meanwhile counts from 0).

    :raises RuntimeError: if the game ended before the measurement did.
    """
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, SDL_AUDIODRIVER='dummy', CONNECT4_CONFIG_DIR=tmp)
        if not display:
            env['SDL_VIDEODRIVER'] = 'dummy'
        cmd = (program or [sys.executable, str(ROOT / 'main.py')]) + [
            '--no-settings', '--mute', '--exit-after', str(settle + seconds + 30)]
        proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL)
        try:
            time.sleep(settle)
            if proc.poll() is not None:
                raise RuntimeError(f'the game ended early (status {proc.returncode})')
            before = snapshot(proc.pid)
            time.sleep(seconds)
            after = snapshot(proc.pid)
            if proc.poll() is not None:
                raise RuntimeError(f'the game ended early (status {proc.returncode})')
        finally:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
    return {pid: max(0.0, t - before.get(pid, 0.0)) for pid, t in after.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--seconds', type=float, default=20.0, help='measured seconds (default 20)')
    ap.add_argument('--settle', type=float, default=4.0,
                    help='seconds to let the window start first (default 4)')
    ap.add_argument('--limit', type=float, default=LIMIT_PERCENT,
                    help='the most per cent of one core allowed (default 1)')
    ap.add_argument('--display', action='store_true',
                    help="use the X display of $DISPLAY instead of SDL's dummy driver")
    args = ap.parse_args(argv)
    if not os.path.isdir('/proc'):
        print('bench_idle: needs /proc (Linux)', file=sys.stderr)
        return 2
    try:
        used = measure(args.seconds, args.settle, args.display)
    except RuntimeError as exc:
        print(f'bench_idle: {exc}', file=sys.stderr)
        return 2
    total = sum(used.values())
    percent = 100.0 * total / args.seconds
    mode = f"display {os.environ.get('DISPLAY', '?')}" if args.display else 'SDL dummy driver'
    print(f'idle window ({mode}), {args.seconds:g} s:')
    for i, (pid, t) in enumerate(sorted(used.items())):
        role = 'window' if i == 0 else 'worker'
        print(f'  pid {pid:>7} ({role}): {100.0 * t / args.seconds:6.2f} % of a core')
    verdict = 'ok' if percent <= args.limit else 'OVER'
    print(f'total: {percent:.2f} % of one core (limit {args.limit:g} %): {verdict}')
    return 0 if percent <= args.limit else 1


if __name__ == '__main__':
    sys.exit(main())
