"""Search results in a player's words, in the current language: the assignment's scores (BU
CS111 ps9, Problem 4), a lookahead's reach, and perfect play's verdicts (:class:`KnownVerdicts`
keeps the review's)."""

from __future__ import annotations

from collections.abc import Iterable

from connect4_game.ai.review import PlyReview
from connect4_game.ai.score import ColumnScore, NoMove, Score, Wdl
from connect4_game.core.checks import is_int
from connect4_game.i18n import _, ngettext
from connect4_game.search.replies import MoveReply

__all__ = ['score_words', 'column_words', 'score_label', 'KnownVerdicts', 'HINT_SECONDS',
           'lookahead_words']


HINT_SECONDS = 30.0         # the longest 'Hint: thinking…' stays (it goes when the hint comes)
KNOWN_POSITIONS = 2000      # positions whose perfect-play verdicts (from the review) are kept
Position = tuple[int, int, tuple[int, ...]]     # (rows, cols, 0-based columns played)


def lookahead_words(score: object, depth: object) -> str:
    """The hint's words for an assignment score of a search ``depth`` plies deep: 100
    'a win within 6 plies', 0 'a loss within 6 plies', 50 'nothing forced within 6
    plies' (never a draw); '' for anything else (a full column, no depth)."""
    if not is_int(depth) or not isinstance(score, int) or score not in (100, 0, 50):
        return ''
    words = {100: ngettext('a win within {n} ply', 'a win within {n} plies', depth),
             0: ngettext('a loss within {n} ply', 'a loss within {n} plies', depth),
             50: ngettext('nothing forced within {n} ply', 'nothing forced within {n} plies',
                          depth)}
    return words[score].format(n=depth)


class KnownVerdicts:
    """Perfect-play verdicts the review found, by position (at most :data:`KNOWN_POSITIONS`,
    the oldest go first), for the overlay and the hint."""

    def __init__(self) -> None:
        self._known: dict[Position, MoveReply] = {}

    def learn(self, rows: int, cols: int, moves: Iterable[int], record: PlyReview) -> None:
        """Keep the review's ``record`` of the position after ``moves`` (0-based columns) of a
        ``rows`` x ``cols`` game as perfect play's verdicts (``columns`` and ``scores``, one per
        column, as an Expert analysis replies); a record that does not fit is ignored."""
        try:
            columns = tuple(ColumnScore(c, None, NoMove.FULL) if sc is None else
                            ColumnScore(c, Score.for_position(sc, record.ply - 1, rows * cols,
                                                              record.exact))
                            for c, sc in enumerate(record.scores))
        except (TypeError, ValueError):
            return
        self._known[(rows, cols, tuple(moves))] = MoveReply(None, tuple(record.scores), columns)
        while len(self._known) > KNOWN_POSITIONS:
            self._known.pop(next(iter(self._known)))

    def get(self, rows: int, cols: int, moves: Iterable[int]) -> MoveReply | None:
        """The verdicts on the position after ``moves`` (as :meth:`learn` keeps them), or None."""
        return self._known.get((rows, cols, tuple(moves)))


def score_words(score: object) -> str:
    """The assignment's scores in words: 100 a win within the lookahead, 0 a loss,
    50 neither, -1 a full column; '' for anything else."""
    if not isinstance(score, int):
        return ''
    return {100: _('wins'), 0: _('loses'), 50: _('even'), -1: _('full')}.get(score, '')


def column_words(column: ColumnScore) -> str:
    """A column's verdict: its score's (:func:`score_label`), or ``'full'`` / ``'game over'``."""
    if column.score is not None:
        return score_label(column.score)
    return _('full') if column.no_move is NoMove.FULL else _('game over')


def score_label(score: Score) -> str:
    """A perfect-play :class:`~connect4_game.ai.score.Score` from its ``label_parts()``:
    ``'win in 9'``, ``'draw'``, ``'≥ draw'``, ``'≈ loss'``..."""
    mark, wdl, plies = score.label_parts()
    words = {Wdl.WIN: _('win'), Wdl.LOSS: _('loss'), Wdl.DRAW: _('draw')}[wdl]
    if plies is not None and wdl is not Wdl.DRAW:
        words = (_('win in {n}') if wdl is Wdl.WIN else _('loss in {n}')).format(n=plies)
    return f'{mark} {words}' if mark else words
