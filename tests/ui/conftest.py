"""Fixtures shared by the window tests: one AI worker process per test module."""

import pytest

from connect4_game.search.worker import SearchWorker


@pytest.fixture(scope='module')
def worker():
    """A real process worker, shared by the tests of one module (starting one takes time)."""
    w = SearchWorker()
    yield w
    w.close()
