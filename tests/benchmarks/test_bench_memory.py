"""The Expert benchmark's peak-memory figure is the process's own, not its parent's."""

import multiprocessing

from benchmarks.bench_expert import peak_rss_mb


def _child_peak(queue):
    queue.put(peak_rss_mb())


def test_spawned_child_does_not_report_the_parents_peak():
    ballast = bytearray(160 * 1024 * 1024)
    for i in range(0, len(ballast), 4096):     # touch every page so it is resident
        ballast[i] = 1
    parent = peak_rss_mb()
    ctx = multiprocessing.get_context('spawn')  # as python -m benchmarks.bench_search runs Expert
    queue = ctx.Queue()
    proc = ctx.Process(target=_child_peak, args=(queue,))
    proc.start()
    child = queue.get(timeout=60)
    proc.join(timeout=60)
    del ballast
    assert parent is not None and parent >= 160
    assert child is not None and child < parent - 100, (child, parent)
