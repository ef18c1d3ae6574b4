"""The AI worker's job-handler table: the game's kinds only, tests add their
own with ``register_handler``, and an unknown kind is an ``'error'`` result."""

import json

import pytest

from connect4_game.search import jobs, worker
from connect4_game.search.jobs import (
    PRODUCTION_HANDLERS,
    Job,
    JobKind,
    Result,
    ResultStatus,
    compute,
    register_handler,
)
from connect4_game.search.worker import SearchWorker
from tests.worker_jobs import register_test_jobs, sleep_job

register_test_jobs()

EMPTY = ('       ',) * 6


def test_the_production_table_holds_exactly_the_games_job_kinds():
    assert set(PRODUCTION_HANDLERS) == set(JobKind)
    assert {k.value for k in PRODUCTION_HANDLERS} == {'ai', 'expert', 'plugin', 'review',
                                                       'oska', 'ping'}
    assert all(callable(fn) for fn in PRODUCTION_HANDLERS.values())
    assert 'sleep' not in PRODUCTION_HANDLERS          # registered by the tests only
    with pytest.raises(TypeError):
        PRODUCTION_HANDLERS['sleep'] = sleep_job        # read-only


def test_the_worker_module_still_offers_the_job_names():
    for name in ('Job', 'JobKind', 'Result', 'ResultStatus', 'compute', 'register_handler',
                 'progress_depths', 'PRODUCTION_HANDLERS', 'DEEPEN_FROM', 'MAX_MESSAGE'):
        assert getattr(worker, name) is getattr(jobs, name), name
        assert name in worker.__all__, name


def test_job_kinds_and_statuses_are_their_strings():
    job = Job('k', 'ai', EMPTY, 'X', 2)
    assert job.kind is JobKind.AI and job.kind == 'ai' and f'{job.kind}' == 'ai'
    assert Job('k', JobKind.AI, EMPTY, 'X', 2) == job
    assert Job('k', 'sleep', EMPTY, 'X').kind == 'sleep'       # a registered test kind
    result = Result(job, 'ok', {'column': 3})
    assert result.status is ResultStatus.OK and result.status == 'ok'
    assert json.dumps([job.kind, result.status]) == '["ai", "ok"]'
    with pytest.raises(ValueError):
        Job('k', 3, EMPTY, 'X')
    with pytest.raises(ValueError, match='result status'):
        Result(job, 'fine')


def test_register_handler_adds_test_kinds_only():
    register_handler('sleep', sleep_job)                       # again: nothing happens
    with pytest.raises(ValueError, match='new job kind'):
        register_handler('ai', sleep_job)
    with pytest.raises(ValueError, match='already has a handler'):
        register_handler('sleep', test_register_handler_adds_test_kinds_only)
    with pytest.raises(ValueError, match='top-level function'):
        register_handler('nap', lambda job, progress: {})


def test_compute_dispatches_on_the_kind_and_refuses_an_unknown_one():
    assert compute(Job('k', 'ping', EMPTY, 'X')) == {}
    assert compute(Job('k', 'sleep', EMPTY, 'X', 0))['column'] == 0
    payload = compute(Job('k', 'ai', EMPTY, 'X', 1))
    assert payload['column'] in range(7) and len(payload['scores']) == 7
    with pytest.raises(ValueError, match="unknown job kind 'juggle'"):
        compute(Job('k', 'juggle', EMPTY, 'X'))
    status, text = json.loads(worker._answer(None, (Job('k', 'juggle', EMPTY, 'X'), None)))
    assert (status, text) == ('error', "unknown job kind 'juggle'")


def test_the_worker_process_answers_an_unknown_kind_with_an_error_and_goes_on():
    w = SearchWorker(spare=False)
    try:
        assert w.wait_warm(30)
        w.submit(Job('u', 'juggle', EMPTY, 'X'))
        r = w.wait(30)
        assert r is not None and r.status == 'error' and 'juggle' in r.message, r
        assert w.restarts == 0
        w.submit(Job('s', 'sleep', EMPTY, 'X', 0))          # a test kind, in the process
        r = w.wait(30)
        assert r is not None and (r.status, r.payload.get('column')) == ('ok', 0), r
        w.submit(Job('a', JobKind.AI, EMPTY, 'X', 2))
        r = w.wait(30)
        assert r is not None and r.status == 'ok' and r.payload['column'] in range(7), r
    finally:
        w.close()
