"""Benchmarks and the soak test, run from the repository root:
``python -m benchmarks.bench_search``, ``python -m benchmarks.bench_expert``,
``python -m benchmarks.soak``. They import the game; the game never imports them."""
