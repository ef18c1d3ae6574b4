"""The memory benchmark's readings: each process's PSS and RSS, and which part of the game a
process of the window's tree is."""

import multiprocessing
import os
import subprocess
import sys

from benchmarks.bench_idle import tree_pids
from benchmarks.bench_memory import memory_kb, role


def _wait(conn):
    conn.send('running')    # multiprocessing's spawn returns before the child's exec is done
    conn.recv()


def test_memory_of_a_process_counts_the_pages_it_touched():
    before = memory_kb(os.getpid())
    ballast = bytearray(48 * 1024 * 1024)
    for i in range(0, len(ballast), 4096):     # touch every page so it is resident
        ballast[i] = 1
    after = memory_kb(os.getpid())
    del ballast
    assert before is not None and after is not None
    assert 0 < after[0] <= after[1]            # PSS never above RSS
    assert after[0] - before[0] >= 40 * 1024   # kB


def test_a_process_that_is_gone_has_no_memory():
    proc = subprocess.Popen([sys.executable, '-c', 'pass'])
    proc.wait()
    assert memory_kb(proc.pid) is None


def test_the_window_its_search_workers_and_helpers_are_told_apart():
    ctx = multiprocessing.get_context('spawn')       # as the search pool starts its processes
    mine, theirs = ctx.Pipe()
    worker = ctx.Process(target=_wait, args=(theirs,))
    worker.start()
    assert mine.poll(30) and mine.recv() == 'running'
    helper = subprocess.Popen([sys.executable, '-c', 'import sys; sys.stdin.read()'],
                              stdin=subprocess.PIPE)
    try:
        pids = tree_pids(os.getpid())
        assert worker.pid in pids and helper.pid in pids
        assert role(os.getpid(), os.getpid()) == 'window'
        assert role(worker.pid, os.getpid()) == 'search worker'
        assert role(helper.pid, os.getpid()) == 'helper'
    finally:
        mine.send(None)
        worker.join(10)
        helper.communicate(b'')
