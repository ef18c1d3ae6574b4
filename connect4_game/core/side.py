"""The two sides: a string enum of the assignment's checkers ``'X'`` and ``'O'`` (BU
CS111 ps9, Problem 1), so it prints, formats and is written to JSON as the letter."""

from __future__ import annotations

from enum import Enum

__all__ = ['Side', 'CHECKERS']


class Side(str, Enum):
    """X (first) or O. ``Side('X')`` reads one (a ``ValueError`` for anything else)."""

    X = 'X'
    O = 'O'  # noqa: E741 - the assignment's checker

    def __str__(self) -> str:        # also what format() and f-strings show
        return self.value

    @property
    def other(self) -> Side:
        """The opponent."""
        return Side.O if self is Side.X else Side.X

    @staticmethod
    def for_ply(ply: int) -> Side:
        """The side of ply ``ply`` (1-based): X for odd plies, O for even ones."""
        return Side.X if ply % 2 == 1 else Side.O


CHECKERS: tuple[str, str] = (Side.X.value, Side.O.value)   # the assignment's letters, X first
