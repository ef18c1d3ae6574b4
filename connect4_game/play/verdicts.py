"""Search results in a player's words: the assignment's scores and perfect
play's verdicts (:class:`~connect4_game.ai.score.ColumnScore`), in the current
language. This module never imports pygame."""

from __future__ import annotations

from connect4_game.ai.score import ColumnScore, NoMove, Score, Wdl
from connect4_game.i18n import _
from connect4_game.search.replies import MoveReply

__all__ = ['verdict_text', 'score_words', 'column_words', 'score_label']


def verdict_text(reply: MoveReply, col: int) -> str:
    """A short verdict on ``col`` (0-based) from a search's reply: perfect
    play's (``'win in 9'``) or the assignment's score (100: ``'wins'``, 0:
    ``'loses'``, 50: ``'even'``); '' if there is none."""
    columns = reply.columns
    if 0 <= col < len(columns):
        known = columns[col]
        if known is not None:
            return column_words(known)
    scores = reply.scores
    if 0 <= col < len(scores):
        return score_words(scores[col])
    return ''


def score_words(score: object) -> str:
    """The assignment's scores in words (BU CS111 ps9, Problem 4): 100 a win
    within the lookahead, 0 a loss, 50 neither, -1 a full column; '' for
    anything else."""
    if not isinstance(score, int):
        return ''
    return {100: _('wins'), 0: _('loses'), 50: _('even'), -1: _('full')}.get(score, '')


def column_words(column: ColumnScore) -> str:
    """A column's verdict in the current language: its score's
    (:func:`score_label`), or ``'full'`` / ``'game over'``."""
    if column.score is not None:
        return score_label(column.score)
    return _('full') if column.no_move is NoMove.FULL else _('game over')


def score_label(score: Score) -> str:
    """A perfect-play :class:`~connect4_game.ai.score.Score` in the current
    language, from its :meth:`~connect4_game.ai.score.Score.label_parts`:
    ``'win in 9'``, ``'draw'``, ``'≥ draw'``, ``'≈ loss'``..."""
    mark, wdl, plies = score.label_parts()
    words = {Wdl.WIN: _('win'), Wdl.LOSS: _('loss'), Wdl.DRAW: _('draw')}[wdl]
    if plies is not None and wdl is not Wdl.DRAW:
        words = (_('win in {n}') if wdl is Wdl.WIN else _('loss in {n}')).format(n=plies)
    return f'{mark} {words}' if mark else words
