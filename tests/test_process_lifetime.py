"""No process outlives the game: worker and plug-in processes end by themselves
when the game's process dies (even by SIGKILL), obey SIGTERM, and take the
processes a plug-in forked with them.

They are built to end within 2 s (the orphan watch polls every 0.5 s), which
``benchmarks/bench_lifetime.py`` times; the tests allow :data:`ENDS_WITHIN` so that
a loaded CI machine cannot fail them, while a process that outlives the game (they
sleep for hours) still does."""

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from connect4_game.core.board import Board
from connect4_game.plugins.process import ProcessPlayer
from connect4_game.search.jobs import JobKind, SearchRequest
from connect4_game.search.worker import SearchWorker
from tests.worker_jobs import long_request

ROOT = Path(__file__).resolve().parents[1]
EMPTY = ('       ',) * 6
ENDS_WITHIN = 10.0
"""Seconds a test waits for a process that should end with the game."""

pytestmark = pytest.mark.skipif(not sys.platform.startswith('linux'),
                                reason='reads process trees from /proc')

FORKER = """
import os, time

class Forks:
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, b):
        pid = os.fork()
        if pid == 0:                    # the grandchild: sleeps "forever"
            try:
                time.sleep(10000)
            finally:
                os._exit(0)
        with open(os.environ['GRANDCHILD_FILE'], 'w') as fh:
            fh.write(str(pid))
        return 0

class Thinks:
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, b):
        time.sleep(10000)
"""


def _stat(pid):
    """``(state, ppid)`` of ``pid`` from /proc, or None if there is no such process."""
    try:
        with open(f'/proc/{pid}/stat') as fh:
            fields = fh.read().rsplit(')', 1)[1].split()
    except OSError:
        return None
    return fields[0], int(fields[1])


def cpu_seconds(pid):
    """User + system CPU seconds ``pid`` has used (0.0 if it is gone)."""
    try:
        with open(f'/proc/{pid}/stat') as fh:
            fields = fh.read().rsplit(')', 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')


def running(pid):
    """True while ``pid`` exists and is not a zombie (dead, waiting to be reaped)."""
    st = _stat(pid)
    return st is not None and st[0] != 'Z'


def children(ppid):
    out = []
    for name in os.listdir('/proc'):
        if name.isdigit():
            st = _stat(int(name))
            if st is not None and st[1] == ppid and st[0] != 'Z':
                out.append(int(name))
    return out


def wait_until(cond, within, step=0.02):
    """Poll ``cond`` until it holds or ``within`` seconds pass; returns its last value."""
    deadline = time.monotonic() + within
    while True:
        value = cond()
        if value or time.monotonic() >= deadline:
            return value
        threading.Event().wait(step)


def still_running(pids, within=ENDS_WITHIN):
    """The pids still running after waiting up to ``within`` seconds for all to end."""
    wait_until(lambda: not any(running(p) for p in pids), within)
    return [p for p in pids if running(p)]


def kill_all(pids):
    for p in pids:
        with contextlib.suppress(OSError):
            os.kill(p, signal.SIGKILL)


@pytest.fixture
def forker(tmp_path, monkeypatch):
    bot = tmp_path / 'forker.py'
    bot.write_text(FORKER)
    grandchild_file = tmp_path / 'grandchild.pid'
    monkeypatch.setenv('GRANDCHILD_FILE', str(grandchild_file))
    return bot, grandchild_file


# ----------------------------------------------------------------- the window's app

def test_searching_worker_processes_end_when_the_app_is_sigkilled():
    env = dict(os.environ, SDL_VIDEODRIVER='dummy', SDL_AUDIODRIVER='dummy')
    app = subprocess.Popen([sys.executable, str(ROOT / 'main.py'), '--x', 'ai', '--o', 'ai',
                            '--lookahead', '30', '--no-settings', '--exit-after', '120'],
                           cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    kids = []
    try:
        # a deep search runs once a child of the app has used more CPU than starting takes
        busy = wait_until(lambda: [p for p in children(app.pid) if cpu_seconds(p) > 2.0], 60)
        kids = children(app.pid)
        assert busy and len(kids) >= 2, kids
        app.kill()
        app.wait(10)
        t0 = time.monotonic()
        left = still_running(kids)
        took = time.monotonic() - t0
        assert left == [], f'still running {took:.2f} s after the app was killed: {left}'
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        kill_all(kids)


# ----------------------------------------------------------------- the worker itself

DRIVER = """
import sys
sys.path.insert(0, {root!r})
from connect4_game.search.jobs import JobKind, SearchRequest
from connect4_game.search.worker import SearchWorker
from tests.worker_jobs import long_request

if __name__ == '__main__':
    w = SearchWorker()
    w.wait_warm(30)
    w.submit(SearchRequest(JobKind.PLUGIN, ('       ',) * 6, 'X', 3, 'LEFT', {spec!r},
                           timeout=30))
    print(w.wait(60).status, flush=True)
    w.submit(long_request())   # a long search
    print(w.wait_running(30), flush=True)
    sys.stdin.read()                                          # until it is killed
"""


def test_sigkilled_parent_takes_its_workers_and_a_plugins_grandchild_along(forker, tmp_path):
    bot, grandchild_file = forker
    driver = tmp_path / 'driver.py'
    driver.write_text(DRIVER.format(root=str(ROOT), spec=f'{bot}:Forks'))
    proc = subprocess.Popen([sys.executable, str(driver)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    kids, grandchild = [], None
    try:
        assert proc.stdout.readline().strip() == 'ok'
        busy = int(proc.stdout.readline())
        grandchild = int(grandchild_file.read_text())
        kids = children(proc.pid)
        assert busy in kids and running(grandchild)
        proc.kill()
        proc.wait(10)
        assert still_running(kids + [grandchild]) == []
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        kill_all(kids + ([grandchild] if grandchild else []))


def test_closing_the_worker_kills_the_processes_a_plugin_forked(forker):
    bot, grandchild_file = forker
    w = SearchWorker()
    grandchild = None
    try:
        w.submit(SearchRequest(JobKind.PLUGIN, EMPTY, 'X', 3, 'LEFT', f'{bot}:Forks', timeout=30))
        r = w.wait(60)
        assert r.status == 'ok', r.message
        grandchild = int(grandchild_file.read_text())
        assert running(grandchild)
        pids = w.pids()
    finally:
        w.close()
    assert still_running(pids + [grandchild]) == []


def test_a_worker_process_obeys_sigterm_even_if_the_app_was_started_ignoring_it():
    """A launcher that ignores SIGTERM passes that on through exec to every
    process started (that is why the workers once ignored it)."""
    old = signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        w = SearchWorker()
        assert w.wait_warm(30)            # its processes started while SIGTERM was ignored
    finally:
        signal.signal(signal.SIGTERM, old)
    try:
        w.submit(long_request())
        pid = w.wait_running(30)
        os.kill(pid, signal.SIGTERM)
        r = w.wait(10)
        assert r is not None and r.status == 'died'
        assert still_running([pid]) == []
    finally:
        w.close()


def test_a_worker_process_leads_its_own_process_group():
    w = SearchWorker()
    try:
        assert w.wait_warm(30)
        pids = w.pids()
        assert pids and all(os.getpgid(p) == p for p in pids)
        assert os.getpgid(0) not in pids
    finally:
        w.close()


# ----------------------------------------------------------------- the console game

def test_console_game_end_kills_what_a_plugin_forked(forker):
    bot, grandchild_file = forker
    proc = subprocess.run([sys.executable, str(ROOT / 'main.py'), '--text', '--x',
                           f'{bot}:Forks', '--o', 'random'], cwd=ROOT, input='',
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    grandchild = int(grandchild_file.read_text())
    try:
        assert still_running([grandchild]) == []
    finally:
        kill_all([grandchild])


def test_sigkilled_console_game_takes_the_plugin_process_along(forker):
    bot, _ = forker
    env = dict(os.environ, PYTHONUNBUFFERED='1')
    proc = subprocess.Popen([sys.executable, str(ROOT / 'main.py'), '--text', '--x',
                             f'{bot}:Thinks', '--o', 'random'], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    kids = []
    try:
        seen = b''
        while b"Player X's turn" not in seen:
            line = proc.stdout.readline()
            assert line, f'game ended early: {seen!r}'
            seen += line
        kids = wait_until(lambda: children(proc.pid), 10)
        assert kids
        proc.kill()
        proc.wait(10)
        assert still_running(kids) == []
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        kill_all(kids)


# ----------------------------------------------- what a plug-in starts with subprocess

SPAWNER = """
import os, subprocess, sys, time

SLEEPER = [sys.executable, '-c', 'import time; time.sleep(300)']
LAUNCHER = ('import subprocess, sys; '
            'p = subprocess.Popen(%r, start_new_session=True, stdout=subprocess.DEVNULL); '
            'print(p.pid)' % (SLEEPER,))


def first(b):
    for c in range(b.width):
        if b.can_add_to(c):
            return c


class Spawns:
    '''Starts a process that sleeps "forever" at each move.'''
    def __init__(self, checker):
        self.checker = checker
    def start(self):
        return subprocess.Popen(SLEEPER).pid
    def next_move(self, b):
        pid = self.start()
        with open(os.environ['SPAWNED_FILE'], 'a') as fh:
            fh.write(f'{pid}\\n')
        return first(b)


class SpawnsSession(Spawns):
    '''... in a session (and process group) of its own.'''
    def start(self):
        return subprocess.Popen(SLEEPER, start_new_session=True).pid


class Daemonizes(Spawns):
    '''... whose parent has ended: an orphan in a session of its own.'''
    def start(self):
        out = subprocess.run([sys.executable, '-c', LAUNCHER], check=True,
                             stdout=subprocess.PIPE, text=True)
        return int(out.stdout)


class SpawnsThenThinks(SpawnsSession):
    '''... and then thinks "forever".'''
    def next_move(self, b):
        Spawns.next_move(self, b)
        time.sleep(10000)


class SpawnsThenExits(Spawns):
    '''... and then ends its own process.'''
    def next_move(self, b):
        Spawns.next_move(self, b)
        os._exit(3)
"""

SPAWNING = ['Spawns', 'SpawnsSession', 'Daemonizes']


def spawned_pids(path):
    """The pids a plug-in wrote to ``path`` (one a line), [] if none yet."""
    try:
        return [int(line) for line in path.read_text().split()]
    except (OSError, ValueError):
        return []


def processes_with(marker):
    """Live processes whose environment holds ``marker`` (everything the app
    started inherits it)."""
    found = []
    for name in os.listdir('/proc'):
        if name.isdigit():
            try:
                with open(f'/proc/{name}/environ', 'rb') as fh:
                    env = fh.read()
            except OSError:
                continue
            if marker.encode() + b'=' in env and running(int(name)):
                found.append(int(name))
    return found


def assert_all_end(pids, since):
    """Poll (deadline :data:`ENDS_WITHIN` after ``since``) until no pid of ``pids`` runs."""
    deadline = since + ENDS_WITHIN
    left = [p for p in pids if running(p)]
    while left and time.monotonic() < deadline:
        threading.Event().wait(0.02)
        left = [p for p in left if running(p)]
    took = time.monotonic() - since
    assert left == [], f'still running {took:.2f} s later: {left}'


@pytest.fixture
def spawner(tmp_path, monkeypatch):
    bot = tmp_path / 'spawner.py'
    bot.write_text(SPAWNER)
    spawned_file = tmp_path / 'spawned.pids'
    monkeypatch.setenv('SPAWNED_FILE', str(spawned_file))
    return bot, spawned_file


def app_env(spawned_file, marker):
    return dict(os.environ, SDL_VIDEODRIVER='dummy', SDL_AUDIODRIVER='dummy',
                PYTHONUNBUFFERED='1', SPAWNED_FILE=str(spawned_file), **{marker: '1'})


def end_app(app, sig):
    """Send ``sig`` to the app, wait for it; the monotonic time it was sent."""
    t0 = time.monotonic()
    app.send_signal(sig)
    app.communicate(timeout=20)
    return t0


@pytest.mark.slow
@pytest.mark.parametrize('cls, sig', [('Spawns', signal.SIGKILL),
                                      ('SpawnsSession', signal.SIGKILL),
                                      ('Daemonizes', signal.SIGKILL),
                                      ('SpawnsSession', signal.SIGTERM)])
def test_the_window_ended_by_a_signal_takes_what_a_plugin_started_along(spawner, cls, sig):
    bot, spawned_file = spawner
    marker = f'C4_LIFE_MARKER_{os.getpid()}_{cls}'
    app = subprocess.Popen([sys.executable, str(ROOT / 'main.py'), '--x', 'random', '--o',
                            f'{bot}:{cls}', '--no-settings', '--exit-after', '120'],
                           cwd=ROOT, env=app_env(spawned_file, marker),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    started = []
    try:
        started = wait_until(lambda: spawned_pids(spawned_file), 60)
        assert started and running(started[0]), 'the plug-in started no process'
        everything = [p for p in processes_with(marker) if p != app.pid]
        assert set(started) <= set(everything)
        since = end_app(app, sig)
        assert_all_end(spawned_pids(spawned_file) + everything, since)
        assert processes_with(marker) == []
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        kill_all(spawned_pids(spawned_file) + processes_with(marker))


@pytest.mark.slow
@pytest.mark.parametrize('sig', [signal.SIGKILL, signal.SIGTERM])
@pytest.mark.parametrize('cls', SPAWNING)
def test_the_console_game_ended_by_a_signal_takes_what_a_plugin_started_along(
        spawner, cls, sig):
    bot, spawned_file = spawner
    marker = f'C4_LIFE_MARKER_{os.getpid()}_{cls}'
    app = subprocess.Popen([sys.executable, str(ROOT / 'main.py'), '--text', '--x',
                            f'{bot}:{cls}', '--o', 'human'], cwd=ROOT,
                           env=app_env(spawned_file, marker), stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        started = wait_until(lambda: spawned_pids(spawned_file), 60)
        assert started and running(started[0]), 'the plug-in started no process'
        everything = [p for p in processes_with(marker) if p != app.pid]
        assert set(started) <= set(everything)
        t0 = time.monotonic()
        app.send_signal(sig)
        out, err = app.communicate(timeout=20)
        if sig == signal.SIGTERM:           # ended like Ctrl-C: players closed, status 0
            assert app.returncode == 0, err
            assert out.rstrip().endswith('Game ended. Bye!') and 'Traceback' not in err
        assert_all_end(spawned_pids(spawned_file) + everything, t0)
        assert processes_with(marker) == []
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        kill_all(spawned_pids(spawned_file) + processes_with(marker))


@pytest.mark.slow
@pytest.mark.parametrize('cls', SPAWNING)
def test_closing_the_worker_ends_what_a_plugin_started(spawner, cls):
    bot, spawned_file = spawner
    w = SearchWorker()
    try:
        w.submit(SearchRequest(JobKind.PLUGIN, EMPTY, 'X', 3, 'LEFT', f'{bot}:{cls}', timeout=30))
        r = w.wait(60)
        assert r is not None and r.status == 'ok', r
        started = spawned_pids(spawned_file)
        assert started and running(started[0])
        pids = w.pids()
        t0 = time.monotonic()
        w.close()
        assert_all_end(started + pids, t0)
    finally:
        w.close()
        kill_all(spawned_pids(spawned_file))


@pytest.mark.slow
def test_a_worker_whose_plugin_ends_its_process_takes_what_it_started_along(spawner):
    bot, spawned_file = spawner
    w = SearchWorker()
    try:
        w.submit(SearchRequest(JobKind.PLUGIN, EMPTY, 'X', 3, 'LEFT', f'{bot}:SpawnsThenExits',
                     timeout=30))
        t0 = time.monotonic()
        r = w.wait(60)
        assert r is not None and r.status == 'error', r
        assert 'ended its process (exit status 3)' in r.message
        started = spawned_pids(spawned_file)
        assert started
        assert_all_end(started, t0)
        # the worker goes on: a plug-in's next move runs in a fresh process
        w.submit(SearchRequest(JobKind.PLUGIN, EMPTY, 'X', 3, 'LEFT', f'{bot}:Spawns', timeout=30))
        r = w.wait(60)
        assert r is not None and r.status == 'ok', r
    finally:
        w.close()
        kill_all(spawned_pids(spawned_file))


@pytest.mark.slow
@pytest.mark.parametrize('cls', SPAWNING)
def test_closing_a_process_player_ends_what_its_plugin_started(spawner, cls):
    bot, spawned_file = spawner
    p = ProcessPlayer(f'{bot}:{cls}', 'X', timeout=30)
    try:
        assert p.next_move(Board(6, 7)) == 0 and not p.taken_over
        started = spawned_pids(spawned_file)
        assert started and running(started[0])
        pid = p.pid
        t0 = time.monotonic()
        p.close()
        assert_all_end(started + [pid], t0)
    finally:
        p.close()
        kill_all(spawned_pids(spawned_file))


@pytest.mark.slow
def test_a_process_player_whose_plugin_ends_its_process_takes_what_it_started_along(spawner):
    bot, spawned_file = spawner
    lines = []

    class Fallback:
        def next_move(self, b):
            return 6

    p = ProcessPlayer(f'{bot}:SpawnsThenExits', 'O', label='spawner.py:SpawnsThenExits',
                      fallback=Fallback(), out=lines.append, timeout=30)
    try:
        t0 = time.monotonic()
        assert p.next_move(Board(6, 7)) == 6
        assert lines == ['spawner.py:SpawnsThenExits ended its process (exit status 3). '
                         'You take over O.']
        assert_all_end(spawned_pids(spawned_file), t0)
    finally:
        p.close()
        kill_all(spawned_pids(spawned_file))


@pytest.mark.slow
def test_a_guarded_worker_process_still_obeys_sigterm_and_takes_what_it_started_along(
        spawner):
    bot, spawned_file = spawner
    w = SearchWorker(spare=False)
    try:
        w.submit(SearchRequest(JobKind.PLUGIN, EMPTY, 'X', 3, 'LEFT', f'{bot}:SpawnsThenThinks',
                     timeout=60))
        started = wait_until(lambda: spawned_pids(spawned_file), 60)
        assert started and running(started[0])
        pid = w.wait_running(30)          # the job runs (it thinks after starting a process)
        assert pid is not None
        t0 = time.monotonic()
        os.kill(pid, signal.SIGTERM)
        r = w.wait(10)
        assert r is not None and r.status == 'error', r
        assert 'ended its process (killed by signal SIGTERM)' in r.message
        assert_all_end(started + [pid], t0)
    finally:
        w.close()
        kill_all(spawned_pids(spawned_file))
