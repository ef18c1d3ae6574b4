"""Search results in a player's words: the assignment's scores and perfect
play's verdicts (:class:`~connect4_game.ai.score.Score`), in the current
language. This module never imports pygame."""

from __future__ import annotations

import re
from typing import Any

from connect4_game.ai.score import LabelParts, NoMove, Score, Wdl
from connect4_game.i18n import _
from connect4_game.search.replies import MoveReply

__all__ = ['verdict_text', 'score_words', 'label_words', 'score_label', 'label_parts']

_LABEL = re.compile(r'(?:(≈|≥) )?(win|loss|draw)(?: in (\d+))?')


def verdict_text(reply: MoveReply, col: int) -> str:
    """A short verdict on ``col`` (0-based) from a search's reply: Expert's
    label (``'win in 9'``) or the assignment's score (100: ``'wins'``, 0:
    ``'loses'``, 50: ``'even'``); '' if there is none."""
    labels = reply.labels
    if labels and 0 <= col < len(labels) and labels[col]:
        return label_words(labels[col])
    scores = reply.scores
    if 0 <= col < len(scores):
        return score_words(scores[col])
    return ''


def score_words(score: Any) -> str:
    """The assignment's scores in words (BU CS111 ps9, Problem 4): 100 a win
    within the lookahead, 0 a loss, 50 neither, -1 a full column; '' for
    anything else."""
    return {100: _('wins'), 0: _('loses'), 50: _('even'), -1: _('full')}.get(score, '')


def score_label(score: Score) -> str:
    """A perfect-play :class:`~connect4_game.ai.score.Score` in the current
    language: ``'win in 9'``, ``'draw'``, ``'≥ draw'``, ``'≈ loss'``..."""
    return _parts_words(score.label_parts())


def label_words(label: str) -> str:
    """A label as :attr:`Score.label <connect4_game.ai.score.Score.label>`
    or :attr:`NoMove.label <connect4_game.ai.score.NoMove.label>` writes it
    (``'win in 9'``, ``'draw'``, ``'≈ win'``, ``'full'``, ``'game over'``) in
    the current language; an unknown label as it is."""
    text = label or ''
    if text in (NoMove.FULL.label, NoMove.OVER.label):
        return _('full') if text == NoMove.FULL.label else _('game over')
    parts = label_parts(text)
    return text if parts is None else _parts_words(parts)


def label_parts(label: str) -> LabelParts | None:
    """The parts (:meth:`Score.label_parts <connect4_game.ai.score.Score.label_parts>`)
    of a label :attr:`Score.label <connect4_game.ai.score.Score.label>` wrote,
    e.g. ``('', Wdl.WIN, 9)`` for ``'win in 9'``; None for anything else
    (``'full'``, ``''``)."""
    m = _LABEL.fullmatch(label or '')
    if not m:
        return None
    return m.group(1) or '', Wdl(m.group(2)), None if m.group(3) is None else int(m.group(3))


def _parts_words(parts: LabelParts) -> str:
    """:meth:`Score.label_parts <connect4_game.ai.score.Score.label_parts>` in words."""
    mark, wdl, plies = parts
    words = {Wdl.WIN: _('win'), Wdl.LOSS: _('loss'), Wdl.DRAW: _('draw')}[wdl]
    if plies is not None and wdl is not Wdl.DRAW:
        words = (_('win in {n}') if wdl is Wdl.WIN else _('loss in {n}')).format(n=plies)
    return f'{mark} {words}' if mark else words
