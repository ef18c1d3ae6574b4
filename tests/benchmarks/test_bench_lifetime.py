"""The lifetime benchmark's reading: which processes still run, and for how long they lived on."""

import subprocess
import sys

import pytest

from benchmarks.bench_lifetime import running, seconds_to_end

pytestmark = pytest.mark.skipif(not sys.platform.startswith('linux'),
                                reason='reads processes from /proc')

SLEEPER = [sys.executable, '-c', 'import time; time.sleep(300)']


def test_a_process_that_runs_on_is_named_and_one_that_ended_is_not():
    alive = subprocess.Popen(SLEEPER)
    ended = subprocess.Popen([sys.executable, '-c', 'pass'])
    ended.wait()
    try:
        assert running(alive.pid) and not running(ended.pid)
        took, left = seconds_to_end([alive.pid, ended.pid], give_up=0.05)
        assert left == [alive.pid] and took >= 0.05
    finally:
        alive.kill()
        alive.wait()
    _, left = seconds_to_end([alive.pid, ended.pid], give_up=5)
    assert left == []
