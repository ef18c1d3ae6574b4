"""The search pool holds one request at a time for every caller: a request
stays "in flight" until its last result is polled, a puzzle is judged in the
pool's process, and the game's planner asks again for a request another
caller's request took the place of (or whose result another caller took)."""

from connect4_game.core.game import Game
from connect4_game.play.planner import SearchPlanner
from connect4_game.search.jobs import JobKind, ResultStatus, SearchRequest
from connect4_game.search.replies import PingReply, PuzzleReply
from connect4_game.search.worker import SearchWorker
from connect4_game.seat_config import PlayerSpec
from connect4_game.trainer.model import load_puzzles
from connect4_game.trainer.play import TryResult, solution
from tests.worker_jobs import FakePool

EMPTY = ('       ',) * 6
WIN_IN_2 = next(p for p in load_puzzles() if p.win_in == 2)


def test_a_finished_request_is_in_flight_until_its_result_is_polled():
    w = SearchWorker(spare=False)
    try:
        assert w.wait_warm(30)
        req = SearchRequest(JobKind.PING, EMPTY, 'X', tag=7)
        w.submit(req)
        assert w.in_flight() == req
        assert w.wait_ready(30)
        assert w.in_flight() == req and not w.busy()       # answered, not yet taken
        (res,) = w.poll()
        assert (res.request, res.status, res.reply) == (req, ResultStatus.OK, PingReply())
        assert w.in_flight() is None
    finally:
        w.close()


def test_a_puzzle_is_judged_in_the_pools_process():
    w = SearchWorker(spare=False)
    try:
        assert w.wait_warm(30)
        line = solution(WIN_IN_2)
        tried = SearchRequest(JobKind.PUZZLE, (), WIN_IN_2.side, moves=WIN_IN_2.moves,
                              puzzle=WIN_IN_2, column=line[0])
        w.submit(tried)
        res = w.wait(60)
        assert res is not None and res.request == tried, res
        assert res.reply == PuzzleReply(TryResult.WINS, line[1])
        shown = SearchRequest(JobKind.PUZZLE, (), WIN_IN_2.side, moves=WIN_IN_2.moves,
                              puzzle=WIN_IN_2)
        w.submit(shown)
        res = w.wait(60)
        assert res is not None and res.reply == PuzzleReply(line=line), res
        w.submit(SearchRequest(JobKind.PUZZLE, (), 'X'))           # no puzzle named
        res = w.wait(60)
        assert res is not None and res.status == 'error' and 'no puzzle' in res.message
    finally:
        w.close()


def test_the_planner_asks_again_for_a_request_another_caller_replaced():
    pool = FakePool(kinds=())                          # answers nothing: searches go on
    planner = SearchPlanner(pool)
    game = Game(6, 7, [3])
    wanted = planner.move_job(game, game.to_move, PlayerSpec.for_level('easy'), 1)
    planner.sync(wanted)
    planner.sync(wanted)
    assert pool.submitted == [wanted]                  # asked once while it runs
    other = SearchRequest(JobKind.PUZZLE, (), 'X', puzzle=WIN_IN_2, moves=WIN_IN_2.moves)
    pool.submit(other)                                 # a screen's request takes its place
    planner.sync(wanted)
    assert pool.submitted == [wanted, other, wanted] and pool.in_flight() == wanted
    assert pool.cancels == 0


def test_a_stale_reply_is_dropped_and_the_current_one_kept():
    pool = FakePool()
    planner = SearchPlanner(pool)
    game = Game(6, 7, [3])
    old = planner.analysis_job(game, False, 2, 'LEFT')
    planner.sync(old)
    planner.forget()                                   # a new game: a new tag
    new = planner.analysis_job(game, False, 2, 'LEFT')
    assert new != old and new.tag == old.tag + 1
    planner.sync(new)
    for _ in range(3):
        planner.take_results(pool.poll())
        planner.sync(new)
    assert planner.reply_for(old) is None
    reply = planner.reply_for(new)
    assert reply is not None and reply.column in game.board.legal_columns()


def test_expert_offers_its_first_guess_then_plays_the_proven_column():
    from connect4_game.search.jobs import compute
    game = Game(6, 7, [int(ch) - 1 for ch in '165713352355467777'])   # Pons Test_L2_R2
    req = SearchRequest(JobKind.EXPERT, game.rows_key(), 'X', own_move=True, time_budget=1e-6,
                        moves=tuple(game.moves))
    steps = []
    reply = compute(req, steps.append)
    assert [s.column for s in steps] == [3]          # what *Move now* would play: a loss
    assert reply.column == 1 and reply.columns[1].label == 'win in 19'


def test_the_analysis_on_6x7_is_exact_whatever_the_budget():
    from connect4_game.search.jobs import compute
    game = Game(6, 7, [3, 4])
    req = SearchRequest(JobKind.EXPERT, game.rows_key(), 'X', time_budget=1e-6,
                        moves=tuple(game.moves))
    reply = compute(req)
    assert [c.label for c in reply.columns] == ['win in 39', 'win in 37', 'loss in 38', 'draw',
                                                'draw', 'loss in 36', 'loss in 36']
    small = Game(5, 6, [2, 3])
    req = SearchRequest(JobKind.EXPERT, small.rows_key(), 'X', time_budget=1e-6,
                        moves=tuple(small.moves))
    assert not all(c.score.exact for c in compute(req).columns)    # elsewhere: within the budget


def test_the_review_on_6x7_is_proven_whatever_the_budget():
    from connect4_game.search.jobs import compute
    moves = tuple(int(ch) - 1 for ch in '1657133')    # past the table of early positions
    req = SearchRequest(JobKind.REVIEW, EMPTY, 'X', time_budget=1e-6, moves=moves)
    reply = compute(req)
    assert len(reply.records) == 7 and all(r.exact for r in reply.records)
