"""The hint and the analysis overlay of the window's game: which search they
want, and what they show. This module never imports pygame.

Two kinds of answer reach the player. Perfect play -- Expert's analysis of
the position, or the review's verdicts on a position of this game -- is a
verdict on the game (``'win in 9'``, ``'draw'``, ``'≈ loss'`` for an
estimate). The lookahead AI's scores (the assignment's 100, 50, 0) are only
what it sees within its lookahead: 100 is a win it can force within N plies,
0 a loss it cannot avoid within N plies (both true under perfect play too),
50 is nothing forced within N plies -- an estimate, never called a draw.
Wherever the game knows perfect play for the position, the overlay shows it
and the hint's verdict is its, whatever the level; elsewhere the lookahead's
words say how far it looked (see :func:`lookahead_words`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from connect4_game.i18n import _, ngettext
from connect4_game.messages import clip
from connect4_game.play.events import HintShown, NoticeKind
from connect4_game.play.verdicts import label_words, verdict_text
from connect4_game.seat_config import SeatKind

if TYPE_CHECKING:
    from connect4_game.play.session import GameSession

__all__ = ['Advisor', 'HINT_SECONDS', 'lookahead_words', 'review_payload']

HINT_SECONDS = 30.0
"""How long the 'Hint: thinking…' notice may stay (it goes when the hint comes)."""

KNOWN_POSITIONS = 2000
"""Positions whose perfect-play verdicts (from the review) are kept."""

Position = tuple[int, int, tuple[int, ...]]
"""A position of a game: ``(rows, cols, 0-based columns played)``."""


def lookahead_words(score: Any, depth: Any) -> str:
    """The hint's words for an assignment score (BU CS111 ps9, Problem 4)
    of a search ``depth`` plies deep: 100 'a win within 6 plies', 0 'a loss
    within 6 plies', 50 'nothing forced within 6 plies'; '' for anything
    else (a full column, no depth)."""
    if not isinstance(depth, int) or isinstance(depth, bool) or score not in (100, 0, 50):
        return ''
    words = {100: ngettext('a win within {n} ply', 'a win within {n} plies', depth),
             0: ngettext('a loss within {n} ply', 'a loss within {n} plies', depth),
             50: ngettext('nothing forced within {n} ply', 'nothing forced within {n} plies',
                          depth)}
    return words[score].format(n=depth)


def review_payload(record: dict[str, Any], rows: int, cols: int) -> dict[str, Any]:
    """An analysis payload (Expert's shape: ``'labels'`` and ``'scores'``,
    one per column) from a review record (:meth:`connect4_game.ai.review.PlyReview.to_dict`)
    of the position before move ``record['ply']`` on a ``rows`` x ``cols`` board.

    :raises KeyError: for a record without ``'ply'`` or ``'scores'``.
    :raises ValueError: for a score that cannot be on that board.
    """
    from connect4_game.ai.perfect_model import column_label
    from connect4_game.ai.solver import score_to_plies
    exact = bool(record.get('exact', True))
    n = int(record['ply']) - 1
    labels: list[str] = []
    for sc in record['scores']:
        if sc is None:
            labels.append('full')
            continue
        kind = 'win' if sc > 0 else 'loss' if sc < 0 else 'draw'
        plies = score_to_plies(sc, n, rows * cols) if exact else None
        labels.append(column_label(kind, plies, exact))
    return {'labels': labels, 'scores': list(record['scores']), 'source': 'review'}


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
        self._known: dict[Position, dict[str, Any]] = {}

    def learn_review(self, rows: int, cols: int, moves: Any, record: dict[str, Any]) -> None:
        """Keep the review's verdicts (``record``, see :func:`review_payload`)
        on the position after ``moves`` (0-based columns) of a ``rows`` x
        ``cols`` game: the overlay and the hint use them there. A record
        that does not fit is ignored."""
        try:
            payload = review_payload(record, rows, cols)
        except (KeyError, TypeError, ValueError):
            return
        self._known[(rows, cols, tuple(moves))] = payload
        while len(self._known) > KNOWN_POSITIONS:
            self._known.pop(next(iter(self._known)))

    def perfect_payload(self) -> dict[str, Any] | None:
        """Perfect play for the position, where the game knows it: the
        review's verdicts, else Expert's finished analysis; None otherwise."""
        s = self.session
        g = s.game
        known = self._known.get((g.rows, g.cols, tuple(g.moves)))
        if known is not None:
            return known
        return s.planner.payload_for(s.planner.analysis_job(g, True, s.lookahead, s.tiebreak))

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
            verdict = self.verdict(payload, col)
            s.say(_('Hint: column {n}').format(n=col + 1)
                  + (f' ({verdict})' if verdict else ''), about_position=True)
        else:
            s.say(_('No hint: the search answered column {col}.').format(col=clip(col, 20)),
                  NoticeKind.ERROR)

    def verdict(self, payload: dict[str, Any], col: int) -> str:
        """The hint's verdict on ``col`` (0-based): perfect play's where the
        game knows it, else the search's own words (a lookahead's say how
        far it looked); '' if there is none."""
        known = self.perfect_payload()
        if known is not None:
            labels = known.get('labels') or []
            if 0 <= col < len(labels) and labels[col]:
                return label_words(labels[col])
        if not payload.get('labels') and payload.get('depth') is not None:
            scores = payload.get('scores') or []
            return lookahead_words(scores[col], payload['depth']) if col < len(scores) else ''
        return verdict_text(payload, col)

    def payload(self) -> dict[str, Any] | None:
        """What the overlay shows: perfect play where the game knows it
        (:meth:`perfect_payload`), else the analysis (or, while it runs, what
        it found so far, with ``'running': True``), or the computer side's
        own search for its move (the same question), or None."""
        s = self.session
        planner = s.planner
        known = self.perfect_payload()
        if known is not None:
            return known
        payload = planner.payload_for(s.planner.analysis_job(s.game, s.expert_mode, s.lookahead,
                                                             s.tiebreak))
        if payload is None and not s.thinking():
            progress = planner.running_progress(self.analysis_kind())
            if progress is not None:       # the search goes on: marked as not final
                payload = dict(progress, running=True)
        if payload is None and not s.game.over:
            seat = s.seat()
            if seat.config.kind in (SeatKind.AI, SeatKind.EXPERT):
                payload = planner.payload_for(seat.job(s.game, planner))
        return payload

    def searching_kind(self) -> str | None:
        """The kind ('ai', 'expert', 'plugin') of the job in flight, or None."""
        key = self.session.planner.requested
        return None if key is None else key.kind
