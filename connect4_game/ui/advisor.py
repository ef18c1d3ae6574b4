"""The hint and the analysis overlay of the window's game: which search they
want, and what they show. This module never imports pygame."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from connect4_game.messages import clip
from connect4_game.seat_config import SeatKind
from connect4_game.ui.events import HintShown, NoticeKind
from connect4_game.ui.i18n import _
from connect4_game.ui.verdicts import verdict_text

if TYPE_CHECKING:
    from connect4_game.ui.session import GameSession

__all__ = ['Advisor', 'HINT_SECONDS']

HINT_SECONDS = 30.0
"""How long the 'Hint: thinking…' notice may stay (it goes when the hint comes)."""


class Advisor:
    """The hint (for the person to move) and the analysis overlay.

    Attributes: ``overlay`` (the overlay is on), ``hint_col`` (the column the
    hint shows, 0-based, or None), ``hint_wanted`` (a hint was asked for and
    is being searched).
    """

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self.overlay = False
        self.hint_col: int | None = None
        self.hint_wanted = False

    def position_changed(self) -> None:
        """The hint was for another position."""
        self.hint_col = None
        self.hint_wanted = False

    def analysis_kind(self) -> str:
        """``'expert'`` or ``'ai'``: who analyses (Expert mode or the lookahead AI)."""
        return 'expert' if self.session.expert_mode else 'ai'

    def wanted_job(self) -> Any:
        """The analysis job, if the overlay is on or a hint is wanted."""
        s = self.session
        if not (self.overlay or self.hint_wanted):
            return None
        return s.planner.analysis_job(s.game, s.expert_mode, s.lookahead, s.tiebreak)

    def request_hint(self) -> None:
        """Ask for the move the AI would play for the person to move."""
        s = self.session
        if s.game.over:
            s.say(_('The game is over: start a new one.'))
            return
        if not s.seat().person:
            s.say(_('Hints are for your turn.'), about_position=True)
            return
        self.hint_wanted = True
        s.say(_('Hint: thinking…'), seconds=HINT_SECONDS, about_position=True)
        self.resolve_hint()

    def toggle_overlay(self) -> None:
        """The analysis overlay on or off."""
        self.overlay = not self.overlay
        self.session.say(_('Analysis on') if self.overlay else _('Analysis off'))

    def _centre_most_best(self, payload: dict[str, Any], col: int) -> int:
        """With the RANDOM tiebreak any best column is what the AI might play;
        the hint then shows the most central of them."""
        s = self.session
        scores = payload.get('scores')
        if s.expert_mode or s.tiebreak != 'RANDOM' or not scores or \
                any(not isinstance(x, int) for x in scores):
            return col
        best = max(scores)
        mid = (s.game.cols - 1) / 2
        ties = [c for c, x in enumerate(scores) if x == best and s.game.can_play(c)]
        return min(ties, key=lambda c: (abs(c - mid), c)) if ties else col

    def resolve_hint(self) -> None:
        """Show the hint once its search answered."""
        s = self.session
        if not self.hint_wanted:
            return
        payload = s.planner.payload_for(self.wanted_job())
        if payload is None or payload.get('column') is None:
            return
        col = payload['column']
        self.hint_wanted = False
        s.notices = [n for n in s.notices if n.seconds != HINT_SECONDS]
        if s.game.can_play(col):
            col = self._centre_most_best(payload, col)
            self.hint_col = col
            s.events.append(HintShown(col))
            verdict = verdict_text(payload, col)
            s.say(_('Hint: column {n}').format(n=col + 1)
                  + (f' ({verdict})' if verdict else ''), about_position=True)
        else:
            s.say(_('No hint: the search answered column {col}.').format(col=clip(col, 20)),
                  NoticeKind.ERROR)

    def payload(self) -> dict[str, Any] | None:
        """What the overlay shows: the analysis (or, while it runs, the
        columns proven so far), or the computer side's own search for its
        move (the same question), or None."""
        s = self.session
        planner = s.planner
        payload = planner.payload_for(s.planner.analysis_job(s.game, s.expert_mode, s.lookahead,
                                                             s.tiebreak))
        if payload is None and not s.thinking():
            payload = planner.running_progress(self.analysis_kind())
        if payload is None and not s.game.over:
            seat = s.seat()
            if seat.config.kind in (SeatKind.AI, SeatKind.EXPERT):
                payload = planner.payload_for(seat.job(s.game, planner))
        return payload

    def searching_kind(self) -> str | None:
        """The kind ('ai', 'expert', 'plugin') of the job in flight, or None."""
        key = self.session.planner.requested
        return None if key is None else key.kind
