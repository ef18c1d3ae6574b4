"""The computer's turns in the window's game: which search the game wants,
when a computer seat plays its answer, *Move now*, and what happens when a
search fails. This module never imports pygame."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from connect4_game.i18n import _
from connect4_game.messages import clip
from connect4_game.play.events import NoticeKind
from connect4_game.play.planner import Failure
from connect4_game.play.seats import Seat
from connect4_game.seat_config import SeatKind

if TYPE_CHECKING:
    from connect4_game.play.session import GameSession

__all__ = ['ComputerTurns', 'HUMAN_REPLY_WAIT']

log = logging.getLogger(__name__)

HUMAN_REPLY_WAIT = 0.12
"""Seconds a computer waits before it answers a person's move (the dropped
checker is seen first)."""


class ComputerTurns:
    """The computer seats' side of a game's flow (see the module docstring)."""

    def __init__(self, session: GameSession) -> None:
        self.session = session

    def desired_job(self) -> Any:
        """The one search the game wants now (a worker Job), or None: the
        move of the computer seat to move, else the hint or the analysis."""
        s = self.session
        if s.game.over or not s.started():
            return None
        seat = s.seat()
        job = seat.job(s.game, s.planner)
        if job is None and seat.person:
            job = s.advisor.wanted_job()
        return job

    def let_seat_move(self) -> None:
        """Let a computer seat to move play, once its answer is at hand and
        the pace allows (computers playing each other wait ``pace`` seconds
        a move, an answer to a person :data:`HUMAN_REPLY_WAIT`)."""
        s = self.session
        seat = s.seat()
        if s.game.over or seat.person or seat.friend or s.paused or not s.started():
            return
        computers_only = not any(x.person or x.friend for x in s.seats.values())
        if s.since_move < (s.pace if s.demo or computers_only else HUMAN_REPLY_WAIT):
            return
        col = seat.pick(s.game, s.planner)
        if col is not None:
            self._play(seat, col)

    def _play(self, seat: Seat, col: Any) -> None:
        s = self.session
        if not s.game.can_play(col):
            job = seat.job(s.game, s.planner)
            if job is not None:
                s.planner.drop(job.key)
            s.take_over(seat.side, f'it chose column {clip(col, 20)}, which cannot be played.')
            return
        s.last_stats[seat.side] = s.planner.last_stats \
            if seat.config.kind != SeatKind.RANDOM else None
        s.play(col)

    def move_now(self) -> bool:
        """Play at once the best move of the deepest lookahead the computer
        has finished for this move (the search in flight is dropped)."""
        s = self.session
        taken = s.planner.pop_progress() if s.thinking() else None
        if taken is None:
            s.say(_('Nothing to play yet: the computer is still on its first lookahead.'))
            return False
        key, payload = taken
        self._play(s.seat(), s.planner.take_column(key, payload, key.side))
        return True

    def can_move_now(self) -> bool:
        """A computer search for the move is running and a result of a
        shallower lookahead is at hand to play at once."""
        s = self.session
        return s.thinking() and s.planner.running_progress() is not None

    def failed(self, failures: list[Failure]) -> None:
        """Searches that failed: a computer seat whose own move failed is
        handed to the person here; a failed analysis is only said."""
        s = self.session
        for f in failures:
            if f.kind == 'died':
                s.worker_note = _('AI worker restarted')
                s.say(_('The AI worker process stopped; a new one took over.'),
                      NoticeKind.ERROR, 4.0)
                continue
            seat = s.seats[f.side]
            if not seat.person and not seat.friend and not s.game.over \
                    and s.game.to_move == f.side and f.kind == seat.config.kind.value:
                s.take_over(f.side, f'{f.why}.')
            else:
                s.say(_('Analysis failed: {why}').format(why=clip(f.why, 160)),
                      NoticeKind.ERROR)

    def worker_replaced(self, worker: Any) -> None:
        """The app started a new worker (the old one's thread died): forget
        the job in flight, it will be asked again."""
        s = self.session
        s.planner.replace_worker(worker)
        s.worker_note = _('AI worker restarted')
        s.say(_('The AI worker stopped; a new one took over.'), NoticeKind.ERROR, 4.0)
