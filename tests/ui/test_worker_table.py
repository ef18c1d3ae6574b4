"""The search pool's requests and replies: a request is its own key,
every kind has a handler and a reply type, replies cross the pipe as JSON and
come back typed, and a reply of the wrong shape is an ``'error'`` result."""

import json
import multiprocessing

import pytest

from connect4_game.ai.score import ColumnScore, NoMove, Score
from connect4_game.search import worker
from connect4_game.search.jobs import JOBS, JobKind, ResultStatus, SearchRequest, compute
from connect4_game.search.replies import MoveReply, OskaReply, PingReply, PuzzleReply, ReviewReply
from connect4_game.search.worker import SearchWorker
from tests.worker_jobs import FakePool

EMPTY = ('       ',) * 6


def through_the_pipe(kind, answer, **fields):
    """What the pool reads from a process that sends ``answer`` (JSON) for a ``kind`` request:
    the result and whether the pipe is still trusted."""
    ours, theirs = multiprocessing.Pipe()
    with ours, theirs:
        theirs.send_bytes(json.dumps(answer).encode('utf-8'))
        return worker._read_result(ours, SearchRequest(kind, EMPTY, 'X', **fields))


def test_every_kind_has_a_handler_and_the_table_is_read_only():
    assert set(JOBS) == set(JobKind)
    assert {k.value for k in JobKind} == {'ai', 'expert', 'plugin', 'review', 'oska', 'puzzle',
                                          'ping'}
    with pytest.raises(TypeError):
        JOBS['sleep'] = JOBS[JobKind.PING]


def test_a_request_is_its_own_key():
    req = SearchRequest(JobKind.AI, EMPTY, 'X', 2)
    assert {req: 1}[SearchRequest(JobKind.AI, EMPTY, 'X', 2)] == 1
    assert req != SearchRequest(JobKind.AI, EMPTY, 'X', 2, tag=1)     # another game
    with pytest.raises(ValueError):
        JobKind('sleep')


def test_the_production_hooks_are_gone():
    from connect4_game.search import jobs
    for name in ('register_handler', 'Job', 'PRODUCTION_HANDLERS', '_adopt_handler'):
        assert not hasattr(jobs, name), name
        assert not hasattr(worker, name), name


@pytest.mark.parametrize('reply', [
    MoveReply(3, (0, 50, None), (None, ColumnScore(1, Score.of_pons(20, 3)),
                                 ColumnScore(2, None, NoMove.FULL, 'solver')),
              depth=4, nodes=9, seconds=0.5),
    MoveReply(None),
    OskaReply(((0, 1), (1, 0), None), 5, 3, 0.25),
    OskaReply(((0, 1), (2, 3), (1, 2))),
    OskaReply(None),
    PuzzleReply(line=(3, 3, 2)),
    PingReply(),
])
def test_replies_cross_the_pipe_as_json_and_come_back_equal(reply):
    kind = {MoveReply: JobKind.AI, OskaReply: JobKind.OSKA, PuzzleReply: JobKind.PUZZLE,
            PingReply: JobKind.PING}[type(reply)]
    result, trusted = through_the_pipe(kind, ['ok', reply.to_json()])
    assert trusted and result.status is ResultStatus.OK and result.reply == reply


def test_a_review_reply_holds_typed_records():
    reply = compute(SearchRequest(JobKind.REVIEW, EMPTY, 'X', moves=(3, 3), time_budget=1.0))
    assert isinstance(reply, ReviewReply) and [r.ply for r in reply.records] == [1, 2]
    assert through_the_pipe(JobKind.REVIEW, ['progress', reply.to_json()])[0].reply == reply


@pytest.mark.parametrize('data', [[], {'column': 'three'}, {'column': 1, 'scores': 'x'},
                                  {'column': True}, {'column': 1, 'columns': [1]}])
def test_a_forged_or_garbled_answer_is_an_error_result(data):
    for answer in (['ok', data], ['progress', data], data, ['ok']):
        res, trusted = through_the_pipe(JobKind.PLUGIN, answer, plugin='/x/bot.py:Bot')
        assert res.status == 'error' and res.reply is None and not trusted
        assert res.message.startswith('the plug-in bot.py:Bot failed'), res.message
    res, trusted = through_the_pipe(JobKind.AI, ['error', 'x' * 999])
    assert trusted and res.status == 'error' and len(res.message) == 300


def test_compute_answers_each_kind_with_its_reply_type():
    assert compute(SearchRequest(JobKind.PING, EMPTY, 'X')) == PingReply()
    reply = compute(SearchRequest(JobKind.AI, EMPTY, 'X', 1))
    assert isinstance(reply, MoveReply) and reply.column in range(7) and len(reply.scores) == 7
    status, text = json.loads(worker._answer(None, 'not a request'))
    assert (status, text) == ('error', 'not a search request')


def test_the_fake_pool_answers_like_the_pool():
    pool = FakePool()
    req = SearchRequest(JobKind.AI, EMPTY, 'X', 2)
    pool.submit(req)
    assert pool.in_flight() == req
    assert pool.poll() == []                    # not in the frame that asked
    (res,) = pool.poll()
    assert res.request == req and isinstance(res.reply, MoveReply) and not pool.busy()


def test_the_worker_process_answers_typed_replies_and_goes_on():
    w = SearchWorker(spare=False)
    try:
        assert w.wait_warm(30)
        w.submit(SearchRequest(JobKind.PING, EMPTY, 'X'))
        r = w.wait(30)
        assert r is not None and (r.status, r.reply) == ('ok', PingReply()), r
        req = SearchRequest(JobKind.AI, EMPTY, 'X', 2)
        w.submit(req)
        r = w.wait(30)
        assert r is not None and r.status == 'ok' and r.request == req, r
        assert isinstance(r.reply, MoveReply) and r.reply.column in range(7)
        w.submit(SearchRequest(JobKind.AI, EMPTY, 'X', 2, level='expert'))   # not a search
        r = w.wait(30)
        assert r is not None and r.status == 'error' and 'not a lookahead' in r.message, r
        assert w.restarts == 0
    finally:
        w.close()
