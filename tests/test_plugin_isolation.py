"""Plug-ins that attack their own process: the window's worker reports one fault
and hands the side to the user (no restart storm), and the console game runs
every FILE.py:ClassName plug-in in a process of its own."""

import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from connect4_game.core.board import Board
from connect4_game.plugins.loader import describe_exception
from connect4_game.plugins.process import ProcessPlayer
from connect4_game.search.jobs import JobKind, SearchRequest
from connect4_game.search.worker import MAX_DEATHS, SearchWorker
from connect4_game.seat_config import PlayerSpec
from tests.ui_helpers import DT, click_col, make_app, step_until
from tests.worker_jobs import long_request

ROOT = Path(__file__).resolve().parents[1]
EMPTY = ('       ',) * 6

HEADER = """
import gc, os, sys, threading, time

def first(b):
    for c in range(b.width):
        if b.can_add_to(c):
            return c
"""

BOTS = HEADER + """
class Good:
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, b):
        return first(b)

class Exits:
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, b):
        os._exit(3)

class Interrupts:
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, b):
        raise KeyboardInterrupt

class Threads:
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, b):
        threading.Thread(target=time.sleep, args=(10000,), daemon=False).start()
        return first(b)

class ClosesStdout:
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, b):
        sys.stdout.close()
        return first(b)

class Cheats:
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, b):
        for o in gc.get_objects():
            if type(o).__name__ == 'Board' and hasattr(o, 'slots'):
                o.slots[-1] = [self.checker] * len(o.slots[-1])
        return first(b)

class Sleeps:
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, b):
        time.sleep(10000)

class Forges:
    answer = b'not json'
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, b):
        for o in gc.get_objects():
            if type(o).__name__ == 'Connection':
                try:
                    o.send_bytes(type(self).answer)
                except Exception:
                    pass
        return first(b)

class ForgesColumn(Forges):
    answer = b'["ok", 99]'
"""


def write(tmp_path, name, body):
    path = tmp_path / name
    path.write_text(textwrap.dedent(body))
    return path


@pytest.fixture
def bots(tmp_path_factory):
    # a short folder: the messages that name the file clip a long path, and a test's own
    # tmp_path is longer under pytest-xdist (a popen-gwN folder more)
    return write(tmp_path_factory.mktemp('b'), 'bots.py', BOTS)


def results_for(worker, job, quiet=1.5):
    """Submit ``job``; every result until none came for ``quiet`` seconds (bounded)."""
    worker.submit(job)
    out = [worker.wait(60)]
    while out[-1] is not None and len(out) < 50:
        out.append(worker.wait(quiet))
    return [r for r in out if r is not None]


# ----------------------------------------------------------------- the window's worker

# a plug-in's fault -> (its class in bots.py, or the source of a file whose import
# fails, whose class is Bot) and the words of the one error reported
FAULTS = {
    'os_exit_in_next_move': ('Exits', 'the plug-in bots.py:Exits ended its process '
                                      '(exit status 3)'),
    'keyboard_interrupt_in_next_move': ('Interrupts', 'next_move raised KeyboardInterrupt'),
    'os_exit_at_import': ('import os\nos._exit(4)\n', 'ended its process (exit status 4)'),
    'sys_exit_at_import': ('import sys\nsys.exit(5)\n', 'raised SystemExit: 5'),
    'keyboard_interrupt_at_import': ('raise KeyboardInterrupt\n', 'KeyboardInterrupt'),
}


def fault_spec(fault, bots, tmp_path):
    what = FAULTS[fault][0]
    if what.isidentifier():
        return f'{bots}:{what}'
    return f"{write(tmp_path, fault + '.py', what)}:Bot"


@pytest.mark.parametrize('fault', list(FAULTS))
def test_a_plugin_fault_is_reported_once_and_not_retried(bots, tmp_path, fault):
    words = FAULTS[fault][1]
    w = SearchWorker()
    try:
        assert w.wait_warm(30)
        results = results_for(w, SearchRequest(JobKind.PLUGIN, EMPTY, 'X', 3, 'LEFT',
                                     fault_spec(fault, bots, tmp_path), timeout=30))
        assert [r.status for r in results] == ['error'], [(r.status, r.message) for r in results]
        assert words in results[0].message
        assert w.restarts <= 1 and not w.busy()
        # the worker still works: the next job gets its answer
        good = results_for(w, SearchRequest(JobKind.PLUGIN, EMPTY, 'X', 3, 'LEFT', f'{bots}:Good',
                                  timeout=30), quiet=0.2)
        assert [(r.status, r.reply.column) for r in good] == [('ok', 0)]
    finally:
        w.close()


def test_a_search_whose_process_keeps_dying_is_given_up_after_a_bounded_number_of_runs():
    w = SearchWorker()
    try:
        assert w.wait_warm(30)
        w.submit(long_request())
        statuses, killed, waits = [], set(), []
        for _ in range(MAX_DEATHS):
            deadline = time.monotonic() + 30
            pid = None
            while time.monotonic() < deadline:      # the re-run starts in another process
                pid = w.wait_running(1.0)
                if pid is not None and pid not in killed:
                    break
                threading.Event().wait(0.01)
            assert pid is not None and pid not in killed
            killed.add(pid)
            os.kill(pid, signal.SIGKILL)
            r = w.wait(30)
            statuses.append(r.status)
            waits.append(w._hold_until - time.monotonic())
        assert statuses == ['died'] * (MAX_DEATHS - 1) + ['error']
        assert 'gave up' in r.message and 'killed by signal SIGKILL' in r.message
        assert w.wait(1.0) is None and not w.busy()          # not run a sixth time
        assert w.restarts == MAX_DEATHS
        assert waits[-1] > waits[0]                            # the pause grows
    finally:
        w.close()


@pytest.mark.parametrize('cls, words', [('Exits', 'ended its process (exit status 3)'),
                                        ('Interrupts', 'raised KeyboardInterrupt')])
def test_the_window_hands_a_dying_plugins_side_to_the_user_once(bots, cls, words, capsys):
    w = SearchWorker()
    app = make_app(w, x='human', o='human')
    try:
        g = app.game
        g.session.set_players({'O': PlayerSpec('plugin', plugin=f'{bots}:{cls}')})
        app.step([], DT)
        app.step([click_col(app, 3)], DT)
        step_until(app, lambda: g.session.players['O'].is_human, max_steps=600)
        err = capsys.readouterr().err
        assert err.count(words) == 1 and 'You now play O' in err
        assert 'restarted' not in err and g.session.worker_note == ''   # no restart storm
        assert not w.wait_ready(1.5)                            # and nothing more comes
        assert w.restarts <= 2
        app.step([click_col(app, 4)], DT)                       # the user plays O
        assert g.session.game.moves == [3, 4]
    finally:
        app.close()
        w.close()


# ----------------------------------------------------------------- ProcessPlayer

def plugin_children():
    return [p for p in multiprocessing.active_children() if p.name == 'connect4-plugin']


def gone(pid, within=5.0):
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        try:
            with open(f'/proc/{pid}/stat') as fh:
                if fh.read().rsplit(')', 1)[1].split()[0] == 'Z':
                    return True
        except OSError:
            pass
        time.sleep(0.02)
    return False


def test_process_player_plays_from_another_process_on_a_copy(bots):
    with ProcessPlayer(f'{bots}:Cheats', 'X', timeout=30) as p:
        pid = p.pid
        assert pid != os.getpid()
        b = Board(6, 7)
        b.add_checkers('3')
        before = repr(b)
        assert p.next_move(b) == 0
        assert repr(b) == before, "the plug-in's gc walk finds only its own copy"
        assert p.num_moves == 1 and not p.taken_over and repr(p) == 'Player X'
    assert p.pid is None and gone(pid)


@pytest.mark.parametrize('cls, words', [
    ('Exits', 'bots.py:Exits ended its process (exit status 3). You take over O.'),
    ('Interrupts', 'next_move raised KeyboardInterrupt'),
    ('Forges', 'sent an answer that is not a move'),
    ('ForgesColumn', 'answered 99, which is not a playable column'),
])
def test_process_player_fault_hands_the_side_over_in_one_line(bots, cls, words):
    lines = []

    class Fallback:
        def next_move(self, b):
            return 5

    p = ProcessPlayer(f'{bots}:{cls}', 'O', label=f'bots.py:{cls}', fallback=Fallback(),
                      out=lines.append, timeout=30)
    pid = p.pid
    try:
        assert p.next_move(Board(6, 7)) == 5
        assert len(lines) == 1 and words in lines[0], lines
        assert lines[0].endswith('You take over O.')
        assert p.taken_over and gone(pid)            # the child is stopped at once
        assert p.next_move(Board(6, 7)) == 5 and len(lines) == 1
    finally:
        p.close()


def test_process_player_timeout_stops_the_child(bots):
    lines = []

    class Fallback:
        def next_move(self, b):
            return 1

    p = ProcessPlayer(f'{bots}:Sleeps', 'X', fallback=Fallback(), out=lines.append, timeout=0.5)
    pid = p.pid
    try:
        assert p.next_move(Board(6, 7)) == 1
        assert 'took longer than 0.5 s to move' in lines[0] and gone(pid)
    finally:
        p.close()


@pytest.mark.parametrize('source, cls, words', [
    ('import os\nos._exit(4)\n', 'Bot', 'ended its process (exit status 4)'),
    ('raise KeyboardInterrupt\n', 'Bot', 'raised KeyboardInterrupt'),
    ('class Other:\n    pass\n', 'Bot', "has no class 'Bot'"),
    ('raise ValueError("x" * 1000000)\n', 'Bot', 'raised ValueError: xxx'),
])
def test_process_player_load_errors_are_one_line_and_leave_no_child(tmp_path, source, cls,
                                                                     words):
    f = write(tmp_path, 'broken.py', source)
    with pytest.raises(ValueError) as info:
        ProcessPlayer(f'{f}:{cls}', 'X')
    message = str(info.value)
    assert words in message and '\n' not in message and len(message) < 500
    assert plugin_children() == []


def test_describe_exception_clips_a_huge_message():
    text = describe_exception(RuntimeError('y' * 1_000_000))
    assert text.startswith('RuntimeError: yyy') and len(text) <= 250


# ----------------------------------------------------------------- the console game

def run_text(*args, stdin=''):
    env = dict(os.environ, PYTHONUNBUFFERED='1')
    return subprocess.run([sys.executable, str(ROOT / 'main.py'), '--text', *args],
                          input=stdin, capture_output=True, text=True, timeout=30, cwd=ROOT,
                          env=env)


@pytest.mark.parametrize('cls', ['Threads', 'ClosesStdout', 'Cheats'])
def test_console_game_with_a_misbehaving_plugin_plays_to_the_end(bots, cls):
    """A thread that never ends, a closed stdout or a gc walk to the game's
    Board stay in the plug-in's process: the game is played out and ends."""
    proc = run_text('--x', f'{bots}:{cls}', '--o', 'random')
    text = proc.stdout + proc.stderr
    assert proc.returncode == 0, text
    assert 'Traceback' not in text and 'take over' not in text
    assert 'wins in 1 moves' not in text
    assert ' wins in ' in proc.stdout or "It's a tie!" in proc.stdout
    first = proc.stdout.split("Player X's turn\n", 1)[1].split("Player O's turn", 1)[0]
    assert first.count('X') == 1, 'after its first move X has one checker on the board'


@pytest.mark.parametrize('cls, words', [
    ('Exits', 'ended its process (exit status 3). You take over X.'),
    ('Interrupts', 'next_move raised KeyboardInterrupt'),
])
def test_console_game_goes_on_with_the_user_after_a_plugin_kills_its_process(bots, cls, words):
    proc = run_text('--x', f'{bots}:{cls}', '--o', 'random', stdin='3\n')
    text = proc.stdout + proc.stderr
    assert proc.returncode == 0, text
    assert 'Traceback' not in text and text.count(words) == 1
    assert 'You take over X.' in proc.stdout and 'Enter a column: ' in proc.stdout
    after = proc.stdout.split('You take over X.', 1)[1]
    assert "Player O's turn" in after            # the user's 3 was played, O answered
    assert proc.stdout.rstrip().endswith('Game ended. Bye!')


def test_console_plugin_runs_in_another_process(tmp_path):
    bot = write(tmp_path, 'whoami.py', HEADER + textwrap.dedent("""
        class Who:
            def __init__(self, checker):
                self.checker = checker
            def next_move(self, b):
                open(os.environ['WHO_FILE'], 'w').write(str(os.getpid()))
                return first(b)
    """))
    who = tmp_path / 'who.txt'
    env = dict(os.environ, WHO_FILE=str(who))
    proc = subprocess.Popen([sys.executable, str(ROOT / 'main.py'), '--text', '--x',
                             f'{bot}:Who', '--o', 'random'], cwd=ROOT, env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert ' wins in ' in out or "It's a tie!" in out
    assert int(who.read_text()) != proc.pid
