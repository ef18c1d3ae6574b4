"""Fixtures shared by the window tests: one AI worker process per test module,
and ``closing`` to close every app (or peer) a test makes, even when it fails."""

import pytest

from connect4_game.search.worker import SearchWorker


@pytest.fixture(scope='module')
def worker():
    """A real process worker, shared by the tests of one module (starting one takes time)."""
    w = SearchWorker()
    yield w
    w.close()


@pytest.fixture
def closing():
    """``closing(thing)`` closes ``thing`` at the end of the test."""
    made = []
    yield made.append
    for thing in made:
        thing.close()
