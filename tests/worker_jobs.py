"""Job kinds that only the tests use, for the AI worker (:mod:`connect4_game.search.worker`).

The game's own kinds are in ``connect4_game.search.jobs.PRODUCTION_HANDLERS``; a
test module calls :func:`register_test_jobs` at import. The worker processes
import these handlers by name (``tests.worker_jobs``), so they stay top-level
functions.
"""

import time

from connect4_game.search import jobs


def sleep_job(job, progress):
    """``'sleep'``: a long "search" that sleeps ``job.lookahead`` seconds.

    :returns: a payload shaped like an ``'ai'`` job's (``column`` 0).
    """
    time.sleep(job.lookahead)
    return {'column': 0, 'scores': None, 'nodes': 0, 'time': float(job.lookahead)}


def register_test_jobs():
    """Add the test-only job kinds (``'sleep'``) to the worker; idempotent."""
    jobs.register_handler('sleep', sleep_job)
