"""Literal, slow versions of the HMC CS5 (HMC CS5 hw6pr3) and Dutch (Dutch \"Vier op een rij\")
``scoresFor`` / ``scores_for`` outlines: the judges of connect4_game.compat.cs5 and
connect4_game.compat.vieropeenrij.

Each class is written the way a student following its assignment's outline would
write it, using only that assignment's Board methods (camelCase on a ``cs5.Board``,
snake_case on a ``vieropeenrij.Board``) and plain recursion -- obviously
right and exponentially slow. Neither calls the search or the module's own
``scoreBoard``/``scoresFor``.

Seed 002 (HMC) order: full column -> -1.0; ply 0 -> scoreBoard(b); game
already over -> scoreBoard(b); else make the move: a win for self -> 100.0,
else a full board -> 50.0, else 100 minus the best score of an opponent
(same tiebreak, ply - 1); undo the move.

Seed 004 (Dutch) order: full column -> -1.0; self already won -> 100.0;
opponent already won -> 0.0; ply 0 -> 50.0; else make the move: game over
on the new board -> its score (win 100.0, full 50.0), else 100 minus the
opponent's best; undo the move.
"""

from __future__ import annotations

import random
from typing import TypeVar

from connect4_game.compat import cs5, vieropeenrij

B = TypeVar('B', bound=cs5.Board)


class OracleCS5Player:
    """Seed 002's outline, literally (camelCase Board API)."""

    def __init__(self, ox: str, tbt: str, ply: int) -> None:
        self.ox = ox
        self.tbt = tbt
        self.ply = ply

    def oppCh(self) -> str:
        if self.ox == 'X':
            return 'O'
        return 'X'

    def scoreBoard(self, b: cs5.Board) -> float:
        if b.winsFor(self.ox):
            return 100.0
        elif b.winsFor(self.oppCh()):
            return 0.0
        else:
            return 50.0

    def scoresFor(self, b: cs5.Board) -> list[float]:
        scores = [0.0] * b.width
        for col in range(b.width):
            if not b.allowsMove(col):
                scores[col] = -1.0
            elif self.ply == 0 or b.winsFor('X') or b.winsFor('O') or b.isFull():
                scores[col] = self.scoreBoard(b)
            else:
                b.addMove(col, self.ox)
                if b.winsFor(self.ox):
                    scores[col] = 100.0
                elif b.isFull():
                    scores[col] = 50.0
                else:
                    op = OracleCS5Player(self.oppCh(), self.tbt, self.ply - 1)
                    opScores = op.scoresFor(b)
                    scores[col] = 100.0 - max(opScores)
                b.delMove(col)
        return scores


class OracleDutchPlayer:
    """Seed 004's outline, literally (snake_case Board API)."""

    def __init__(self, ox: str, tbt: str, ply: int) -> None:
        self.ox = ox
        self.tbt = tbt
        self.ply = ply

    def opp_ch(self) -> str:
        return 'O' if self.ox == 'X' else 'X'

    def scores_for(self, b: vieropeenrij.Board) -> list[float]:
        scores = [50.0] * b.width
        for col in range(b.width):
            if not b.allows_move(col):
                scores[col] = -1.0
            elif b.wins_for(self.ox):
                scores[col] = 100.0
            elif b.wins_for(self.opp_ch()):
                scores[col] = 0.0
            elif self.ply == 0:
                scores[col] = 50.0
            else:
                b.add_move(col, self.ox)
                if b.wins_for(self.ox):
                    scores[col] = 100.0
                elif b.is_full():
                    scores[col] = 50.0
                else:
                    op = OracleDutchPlayer(self.opp_ch(), self.tbt, self.ply - 1)
                    scores[col] = 100.0 - max(op.scores_for(b))
                b.del_move(col)
        return scores


def random_position(rng: random.Random, board_class: type[B], max_width: int = 7,
                    max_height: int = 6) -> B:
    """A ``board_class(width, height)`` position reached by alternating random
    play, 'X' first. Half the time: any number of moves, sometimes played on
    past a win (so both sides may have four in a row). Otherwise *drawish*:
    moves that make a four are avoided while possible and play stops 1-4
    cells before the board is full, so that the last-free-cell corner (a win
    that fills the board) is met within small lookaheads."""
    width, height = rng.randint(1, max_width), rng.randint(1, max_height)
    b = board_class(width, height)
    cells = width * height
    drawish = rng.random() < 0.5
    n = max(0, cells - rng.randint(1, 4)) if drawish else rng.randrange(cells + 1)
    ox = 'X'
    for _ in range(n):
        cols = [c for c in range(width) if b.can_add_to(c)]
        if not cols:
            break
        if drawish:
            quiet = []
            for c in cols:
                b.add_checker(ox, c)
                if not b.is_win_for(ox):
                    quiet.append(c)
                b.remove_checker(c)
            cols = quiet or cols
        b.add_checker(ox, rng.choice(cols))
        ox = 'O' if ox == 'X' else 'X'
        if not drawish and (b.is_win_for('X') or b.is_win_for('O')) and rng.random() < 0.5:
            break
    return b


def affordable_ply(rng: random.Random, b: cs5.Board, budget: int = 2000) -> int:
    """A random ply whose literal tree stays below about ``budget`` leaves
    (and at most the empty cells + 1; deeper plies change nothing). Half the
    time it is at least the number of empty cells when that is affordable,
    i.e. a full solve, where the last-free-cell corner can show."""
    empties = sum(row.count(' ') for row in b.slots)
    ply = 0
    while ply < empties + 1 and max(1, b.width) ** (ply + 1) <= budget:
        ply += 1
    low = min(empties, ply) if rng.random() < 0.5 else 0
    return rng.randint(low, ply)
