"""The analysis and the hint tell the truth: on 6x7 perfect play's exact result of every
column at every level, never the level's own view; Expert thinks until its move is proven,
and *Move now* plays its first guess meanwhile."""

import io

import pytest

from connect4_game.play.session import GameSession
from connect4_game.search.jobs import JobKind, Result, ResultStatus
from connect4_game.search.replies import MoveReply
from connect4_game.seat_config import PlayerSpec
from tests.worker_jobs import FakePool

HUMAN = PlayerSpec('human')
AFTER_45 = ['win in 39', 'win in 37', 'loss in 38', 'draw', 'draw', 'loss in 36', 'loss in 36']


def session(o, rows=6, cols=7, moves=(), pool=None):
    return GameSession({'X': HUMAN, 'O': PlayerSpec.for_level(o, PlayerSpec('ai', 4, 'LEFT'))},
                       rows, cols, moves, out=io.StringIO(), worker=pool or FakePool())


def run(s, frames=5):
    for _ in range(frames):
        s.update(0.05)


@pytest.mark.parametrize('level', ['easy', 'medium', 'hard'])
def test_on_6x7_the_analysis_and_the_hint_are_exact_at_every_level(level):
    s = session(level, moves=[3, 4])                 # 45: X to move
    s.overlay = True
    s.request_hint()
    run(s)
    shown = s.analysis_payload()
    assert shown is not None and not shown.running
    assert [c.label for c in shown.reply.columns] == AFTER_45     # not 'even' seven times
    assert all(c.score.exact for c in shown.reply.columns)
    assert s.hint_col == 1
    assert [n.text for n in s.take_news()[1]][-1] == 'Hint: column 2 (win in 37)'


def test_off_6x7_the_analysis_below_expert_is_the_lookahead_ais():
    pool = FakePool()
    s = session('easy', rows=5, cols=6, moves=[2, 3], pool=pool)
    s.overlay = True
    run(s)
    assert pool.submitted[-1].kind is JobKind.AI
    s.toggle_expert()
    run(s)
    assert pool.submitted[-1].kind is JobKind.EXPERT


def test_move_now_plays_experts_first_guess_while_it_proves():
    pool = FakePool(kinds=())                        # Expert's proof never ends here
    s = session('expert', moves=[3], pool=pool)      # O (Expert) to move
    run(s)
    job = pool.current
    assert job is not None and job.kind is JobKind.EXPERT and job.own_move
    assert s.thinking() and not s.can_move_now()
    assert not s.move_now()                          # nothing to play before the first look
    pool.answers.append(Result(job, ResultStatus.PROGRESS, MoveReply(3, (0,) * 7)))
    run(s, 1)
    assert s.thinking() and s.can_move_now()
    assert s.move_now() and s.game.moves == [3, 3]
    assert pool.cancels >= 1                          # the proof stops
