"""Search results in a player's words: the assignment's scores and Expert's
labels, in the current language. This module never imports pygame."""

from __future__ import annotations

import re
from typing import Any

from connect4_game.i18n import _

__all__ = ['verdict_text', 'score_words', 'label_words']

_LABEL = re.compile(r'(≈ |≥ )?(win|loss|draw|full|game over)( in (\d+))?')


def verdict_text(payload: dict[str, Any], col: int) -> str:
    """A short verdict on ``col`` (0-based) from a search result: Expert's
    label (``'win in 9'``) or the assignment's score (100: ``'wins'``, 0:
    ``'loses'``, 50: ``'even'``); '' if there is none."""
    labels = payload.get('labels')
    if labels and 0 <= col < len(labels) and labels[col]:
        return label_words(labels[col])
    scores = payload.get('scores') or []
    if 0 <= col < len(scores):
        return score_words(scores[col])
    return ''


def score_words(score: Any) -> str:
    """The assignment's scores in words (BU CS111 ps9, Problem 4): 100 a win
    within the lookahead, 0 a loss, 50 neither, -1 a full column; '' for
    anything else."""
    return {100: _('wins'), 0: _('loses'), 50: _('even'), -1: _('full')}.get(score, '')


def label_words(label: str) -> str:
    """Expert's labels ('win in 9', 'draw', 'loss in 14', '≈ win', 'full',
    'game over') in the current language; an unknown label as it is."""
    m = _LABEL.fullmatch(label or '')
    if not m:
        return label or ''
    approx, kind, n = m.group(1) or '', m.group(2), m.group(4)
    words = {'win': _('win'), 'loss': _('loss'), 'draw': _('draw'), 'full': _('full'),
             'game over': _('game over')}[kind]
    if n:
        words = {'win': _('win in {n}'), 'loss': _('loss in {n}')}.get(kind, words).format(n=n)
    return approx + words
