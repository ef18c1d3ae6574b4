"""A literal, slow implementation of the assignment's ``scores_for`` outline.

This is the judge for the fast search (BU CS111 ps9, Problem 4, steps 1-5). It
uses only :class:`Board` methods and plain recursion, exactly as the outline
reads, so it is obviously right and exponentially slow.

``win_before_full=True`` is the HMC CS5 / Dutch variant (seeds 002, 004):
a move that wins scores 100 even when it fills the last free cell, where
BU's outline gives 50 (the opponent then has only full columns, max -1).
"""

from __future__ import annotations

from connect4_game.core.board import Board


def oracle_scores(
    b: Board, checker: str, lookahead: int, win_before_full: bool = False
) -> list[int]:
    """Scores (-1/0/50/100, one per column of ``b``) for ``checker`` ('X' or 'O') on
    ``b`` at ``lookahead`` plies; ``b`` is left as it was."""
    opponent = 'O' if checker == 'X' else 'X'
    scores = [0] * b.width
    for col in range(b.width):
        if not b.can_add_to(col):
            scores[col] = -1
        elif b.is_win_for(checker):
            scores[col] = 100
        elif b.is_win_for(opponent):
            scores[col] = 0
        elif lookahead == 0:
            scores[col] = 50
        else:
            b.add_checker(checker, col)
            if win_before_full and b.is_win_for(checker):
                scores[col] = 100
            else:
                opp_scores = oracle_scores(b, opponent, lookahead - 1, win_before_full)
                if max(opp_scores) == 0:
                    scores[col] = 100
                elif max(opp_scores) == 100:
                    scores[col] = 0
                else:
                    scores[col] = 50
            b.remove_checker(col)
    return scores
