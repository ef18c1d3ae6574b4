"""The words of the hint and the analysis overlay, and the perfect-play
verdicts the review leaves on the positions of a game. The session
(:class:`~connect4_game.play.session.GameSession`) asks for the searches and
shows the hint; this module never imports pygame.

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

from collections.abc import Iterable
from typing import Any

from connect4_game.ai.review import PlyReview
from connect4_game.i18n import ngettext
from connect4_game.search.replies import MoveReply

__all__ = ['KnownVerdicts', 'HINT_SECONDS', 'lookahead_words', 'review_payload']

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


def review_payload(record: PlyReview, rows: int, cols: int) -> MoveReply:
    """Perfect play's verdicts (``columns`` and ``scores``, one per column, as
    an Expert analysis replies) from a review's record of the position before
    move ``record.ply`` on a ``rows`` x ``cols`` board.

    :raises ValueError: for a score that cannot be on that board.
    """
    from connect4_game.ai.score import ColumnScore, NoMove, Score
    exact = record.exact
    n = record.ply - 1
    columns = tuple(ColumnScore(c, None, NoMove.FULL) if sc is None else
                    ColumnScore(c, Score.for_position(sc, n, rows * cols, exact))
                    for c, sc in enumerate(record.scores))
    return MoveReply(None, tuple(record.scores), columns)


class KnownVerdicts:
    """Perfect-play verdicts the review found, by position (at most
    :data:`KNOWN_POSITIONS`, the oldest go first); the overlay and the hint
    use them where they are known."""

    def __init__(self) -> None:
        self._known: dict[Position, MoveReply] = {}

    def learn(self, rows: int, cols: int, moves: Iterable[int], record: PlyReview) -> None:
        """Keep the review's verdicts (``record``, see :func:`review_payload`)
        on the position after ``moves`` (0-based columns) of a ``rows`` x
        ``cols`` game. A record that does not fit is ignored."""
        try:
            payload = review_payload(record, rows, cols)
        except (TypeError, ValueError):
            return
        self._known[(rows, cols, tuple(moves))] = payload
        while len(self._known) > KNOWN_POSITIONS:
            self._known.pop(next(iter(self._known)))

    def get(self, rows: int, cols: int, moves: Iterable[int]) -> MoveReply | None:
        """The verdicts on the position after ``moves`` (see
        :func:`review_payload`), or None if the review did not see it."""
        return self._known.get((rows, cols, tuple(moves)))
