"""The window's game without a window: seats, their labels and lifetime, the
computer's turns through a worker, undo policy, the typed events and the
assignment's result line (BU CS111 ps9, Problem 3)."""

import io
import threading
import time

import pytest

from connect4_game.net.connection import Timing
from connect4_game.net.events import Connected, OpponentMove
from connect4_game.net.join import Join
from connect4_game.net.options import NetMode, NetworkOptions
from connect4_game.play import events
from connect4_game.play.seats import ComputerSeat, FriendSeat, PersonSeat, RandomSeat
from connect4_game.play.session import GameSession
from connect4_game.search.jobs import Result, ResultStatus, compute
from connect4_game.search.replies import MoveReply
from connect4_game.seat_config import PlayerSpec, SeatKind
from tests.net.net_helpers import FAST_JOIN, Watch

HUMAN = PlayerSpec('human')


class SyncWorker:
    """Runs each job at once in this process (the real worker runs them in
    another process; the session cannot tell)."""

    def __init__(self):
        self.submitted, self.cancelled, self._results = [], 0, []

    def submit(self, job):
        self.submitted.append(job)
        self._results.append(Result(job, ResultStatus.OK, compute(job)))

    def cancel(self):
        self.cancelled += 1

    def in_flight(self):
        return self._results[-1].request if self._results else None

    def poll(self):
        out, self._results = self._results, []
        return out


def run(session, frames=400, dt=0.2):
    for _ in range(frames):
        session.update(dt)
        if session.game.over:
            break
    session.update(dt)


def test_each_kind_of_player_gets_its_seat_and_label():
    s = GameSession({'X': HUMAN, 'O': PlayerSpec.for_level('medium')})
    assert isinstance(s.seats['X'], PersonSeat) and isinstance(s.seats['O'], ComputerSeat)
    assert (s.label('X'), s.label('O')) == ('You', 'Computer (Medium)')
    s.set_players({'O': HUMAN})
    assert (s.label('X'), s.label('O')) == ('Player X', 'Player O')
    s.set_players({'O': PlayerSpec('random'), 'X': PlayerSpec('ai', 3, 'LEFT')})
    assert isinstance(s.seats['O'], RandomSeat)
    assert s.label('X') == 'Computer (lookahead 3, LEFT)'
    s.set_players({'X': PlayerSpec('plugin', plugin='bots.py:Clever')})
    assert s.label('X') == 'Clever' and s.stats_names() == ('bots.py:Clever', 'Random')


def test_a_computer_answers_a_person_and_the_result_line_is_the_assignments():
    out = io.StringIO()
    worker = SyncWorker()
    s = GameSession({'X': HUMAN, 'O': PlayerSpec.for_level('easy')}, worker=worker, out=out)
    s.take_news()
    assert s.human_drop(3)
    run(s, frames=5)
    assert len(s.game.moves) == 2 and worker.submitted[0].checker == 'O'
    news, _notices = s.take_news()
    assert [type(e) for e in news] == [events.MoveMade, events.MoveMade]
    assert news[0].move.column == 3 and news[0].move.row == 5 and news[1].move.checker == 'O'


def test_two_computers_play_to_the_end_and_report_it_once():
    out, recorded = io.StringIO(), []
    s = GameSession({'X': PlayerSpec.for_level('easy'), 'O': PlayerSpec.for_level('hard')},
                    worker=SyncWorker(), out=out, pace=0.0,
                    record=lambda x, o, result: recorded.append((x, o, result)))
    run(s)
    outcome = s.game.outcome
    assert outcome is not None
    lines = out.getvalue().splitlines()
    assert lines[0] == outcome.message()
    assert lines[1:] == (['Congratulations!'] if outcome.winner else [])
    assert recorded == [('Easy', 'Hard', outcome.result())]
    news, _ = s.take_news()
    assert [e for e in news if isinstance(e, events.GameOver)] == [events.GameOver(outcome)]
    run(s, frames=3)
    assert len(out.getvalue().splitlines()) == len(lines)          # announced once


def test_a_person_cannot_drop_on_the_computers_turn_and_a_full_column_is_refused():
    s = GameSession({'X': HUMAN, 'O': PlayerSpec.for_level('easy')})
    s.human_drop(0)
    assert not s.human_drop(1)
    _news, notices = s.take_news()
    assert any("computer's turn" in n.text for n in notices)
    s.set_players({'O': HUMAN})
    for _ in range(5):
        s.human_drop(0)
    assert not s.human_drop(0)
    news, notices = s.take_news()
    assert news[-1] == events.DropRefused(0)
    assert notices[-1].kind is events.NoticeKind.ERROR and 'Column 1 is full' in notices[-1].text


def test_undo_goes_back_to_the_persons_turn_and_redo_forward():
    s = GameSession({'X': HUMAN, 'O': PlayerSpec.for_level('easy')}, moves=[3, 2, 3, 2])
    assert s.undo() and s.game.moves == [3, 2]
    assert s.redo() and s.game.moves == [3, 2, 3, 2]


def test_starting_another_game_closes_every_seat_of_the_old_one():
    worker = SyncWorker()
    s = GameSession({'X': PlayerSpec.for_level('easy'), 'O': HUMAN}, worker=worker)
    s.update(0.2)
    assert worker.submitted                                     # the computer was asked
    closed = []
    friend = FriendSeat('O', 'Ann', close_link=lambda: closed.append(True))
    s.seats['O'] = friend
    old = dict(s.seats)
    s.start_new({'X': HUMAN, 'O': PlayerSpec.for_level('medium')}, 6, 7)
    assert all(seat.closed for seat in old.values()) and friend.closed and closed == [True]
    assert not any(seat.closed for seat in s.seats.values())
    assert s.label('O') == 'Computer (Medium)' and s.game.moves == []


def test_a_seat_that_closed_is_never_asked_again():
    worker = SyncWorker()
    s = GameSession({'X': HUMAN, 'O': PlayerSpec.for_level('easy')}, worker=worker)
    seat = s.seats['O']
    s.close()
    assert seat.closed and s.seats['O'] is not seat and not s.seats['O'].closed
    s.human_drop(3)
    run(s, frames=3)
    assert all(job.tag == s.planner.game_id for job in worker.submitted)


def test_a_computer_choosing_a_full_column_hands_its_side_to_the_person():
    class Bad(SyncWorker):
        def submit(self, job):
            self.submitted.append(job)
            self._results.append(Result(job, ResultStatus.OK, MoveReply(0)))
    s = GameSession({'X': HUMAN, 'O': PlayerSpec.for_level('easy')}, worker=Bad(),
                    moves=[0, 0, 0, 0, 0, 0, 3])
    run(s, frames=4)
    assert s.seats['O'].spec.kind is SeatKind.HUMAN
    _news, notices = s.take_news()
    assert any('Player O failed' in n.text for n in notices)


def test_the_friends_move_comes_over_the_network_into_the_record(closing):
    s = GameSession({'X': HUMAN, 'O': HUMAN})
    closing(s)
    options = NetworkOptions(NetMode.HOST, bind_address='127.0.0.1', port=0, code='4321',
                             side='X', local={'X': HUMAN})
    host = s.start_network(options, timing=Timing(0.1, 0.6, 0.5)).peer
    friend = Join('127.0.0.1', host.port, '4321', **FAST_JOIN).start()
    closing(friend)
    watch = Watch(friend)
    step_until(s, s.started)
    watch.wait(Connected)
    assert s.human_drop(3) and watch.wait(OpponentMove).column == 3
    assert not s.human_drop(4)                    # the friend's turn
    s.take_news()
    friend.send_move(2, 4)
    step_until(s, lambda: s.game.moves == [3, 4])
    made = [e for e in s.take_news()[0] if isinstance(e, events.MoveMade)]
    assert [(e.move.column, e.move.checker, e.move.ply) for e in made] == [(4, 'O', 2)]


def step_until(session, cond, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, 'condition not reached in time'
        session.update(0.02)
        threading.Event().wait(0.005)      # let the network thread run between frames


@pytest.mark.parametrize('key,expected', [('set_lookahead', 2), ('toggle_expert', None)])
def test_setting_keys_reseat_the_computer(key, expected):
    s = GameSession({'X': HUMAN, 'O': PlayerSpec.for_level('medium')})
    old = s.seats['O']
    if expected is None:
        s.toggle_expert()
        assert s.players['O'].perfect
    else:
        s.set_lookahead(expected)
        assert s.players['O'] == PlayerSpec('ai', expected, s.tiebreak)
    assert old.closed


def test_outcome_is_typed_on_a_tie():
    s = GameSession({'X': HUMAN, 'O': HUMAN}, 4, 4,
                    [0, 1, 0, 1, 1, 0, 1, 0, 2, 3, 2, 3, 3, 2, 3, 2], out=io.StringIO())
    assert s.game.outcome.winner is None
