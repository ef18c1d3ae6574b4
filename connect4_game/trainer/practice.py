"""Learn from your mistakes: each mistake or blunder of a reviewed game becomes
an :class:`Exercise` (columns 0-based)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from connect4_game.ai.review import PlyReview
from connect4_game.ai.score import Wdl
from connect4_game.core.side import Side

__all__ = ['Exercise', 'Summary', 'Practice', 'BAD_VERDICTS']

BAD_VERDICTS = ('mistake', 'blunder')     # the verdicts that make an exercise


@dataclass(frozen=True)
class Exercise:
    """One mistake to put right: the ``moves`` before it (0-based, X first), its 1-based ``ply``,
    the ``player``, the column ``played``, the columns keeping the best result (``good``) and with
    the top score (``best``), the ``verdict`` and the Pons ``scores`` (None: full)."""

    moves: tuple[int, ...]
    ply: int
    player: Side
    played: int
    good: tuple[int, ...]
    best: tuple[int, ...]
    verdict: str
    scores: tuple[int | None, ...]


@dataclass(frozen=True)
class Summary:
    """The practice so far: of ``total`` exercises, ``first`` found at the first try and
    ``later`` found after a wrong try."""

    first: int
    later: int
    total: int

    @property
    def found(self) -> int:
        """The exercises found, at the first try or later."""
        return self.first + self.later


def _exercise(record: PlyReview, moves: Sequence[int]) -> Exercise:
    """The exercise of one bad move's ``record`` in the game of ``moves``.
    :raises ValueError: the record does not fit the moves or has no score."""
    i = record.ply - 1
    if not 0 <= i < len(moves) or record.column != moves[i]:
        raise ValueError(f"review record of move {i + 1} does not match the moves")
    scores = tuple(record.scores)
    known = [s for s in scores if s is not None]
    if not known:
        raise ValueError(f"move {i + 1}: no column has a score")
    top = Wdl.of_pons(max(known))
    good = tuple(c for c, s in enumerate(scores) if s is not None and Wdl.of_pons(s) is top)
    return Exercise(tuple(moves[:i]), i + 1, record.player, moves[i], good,
                    tuple(record.best), record.verdict, scores)


@dataclass
class Practice:
    """The exercises of a reviewed game (:meth:`from_review`), one by one; ``tries[i]``: the
    moves tried on exercise ``i``, ``solved[i]``: whether the last of them was found."""

    exercises: tuple[Exercise, ...]
    index: int = 0
    tries: list[int] = field(init=False)
    solved: list[bool] = field(init=False)

    def __post_init__(self) -> None:
        self.tries = [0] * len(self.exercises)
        self.solved = [False] * len(self.exercises)

    @classmethod
    def from_review(cls, records: Iterable[PlyReview], moves: Sequence[int],
                    humans: Iterable[str] = ()) -> Practice:
        """The mistakes and blunders of the ``humans`` sides (both if none) from the
        review's ``records`` of the game of ``moves`` (0-based, X first), in ply order.
        :raises ValueError: a record that does not match ``moves``."""
        sides = set(humans) or set(Side)
        moves = [int(c) for c in moves]
        return cls(tuple(_exercise(rec, moves) for rec in records
                         if rec.verdict in BAD_VERDICTS and rec.player in sides))

    @property
    def finished(self) -> bool:
        """Every exercise has been gone through (also True when there are none)."""
        return self.index >= len(self.exercises)

    def current(self) -> Exercise | None:
        """The exercise to solve now, None when :attr:`finished`."""
        return None if self.finished else self.exercises[self.index]

    def try_move(self, col: int) -> bool:
        """Try 0-based column ``col`` on the current exercise: True when it keeps the best
        result; after a wrong try the exercise stays for another.
        :raises RuntimeError: when finished or the exercise was found already.
        :raises ValueError: for a column off the board or a full one."""
        ex = self.current()
        if ex is None:
            raise RuntimeError('the practice is over: no exercise to try')
        if self.solved[self.index]:
            raise RuntimeError(f'move {ex.ply} was found already')
        if not 0 <= col < len(ex.scores) or ex.scores[col] is None:
            raise ValueError(f'column {col} cannot be played in this position')
        self.tries[self.index] += 1
        found = self.solved[self.index] = col in ex.good
        return found

    def advance(self) -> Exercise | None:
        """Go to the next exercise (found or not) and return it, None at the end."""
        if not self.finished:
            self.index += 1
        return self.current()

    def summary(self) -> Summary:
        """How many were found at the first try, found later, and how many there are."""
        found = [n for n, ok in zip(self.tries, self.solved, strict=True) if ok]
        return Summary(found.count(1), len(found) - found.count(1), len(self.exercises))
