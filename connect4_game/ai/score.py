"""The one verdict on a column (:class:`Score`, :class:`ColumnScore`): what dropping
a checker there gives the side to move, with the Pons score (Pascal Pons, "Solving
Connect 4") where it is known."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from connect4_game.ai.jsonshape import JsonShape
from connect4_game.ai.solver import score_to_plies

__all__ = ['Wdl', 'NoMove', 'Score', 'ColumnScore', 'LabelParts', 'ESTIMATE_WIN_POINTS',
           'choose_column']

#: positional points from which an estimate reads as a win (from minus them a loss)
ESTIMATE_WIN_POINTS = 8


class Wdl(str, Enum):
    """Win, draw or loss for the side to move (the words of JSON and labels)."""

    WIN = 'win'
    DRAW = 'draw'
    LOSS = 'loss'

    def __str__(self) -> str:
        return self.value

    @classmethod
    def of_pons(cls, pons: int) -> Wdl:
        """The result of a Pons score: > 0 a win, 0 a draw, < 0 a loss."""
        return cls.WIN if pons > 0 else cls.LOSS if pons < 0 else cls.DRAW


class NoMove(str, Enum):
    """Why a column has no :class:`Score`."""

    FULL = 'full'       #: the column cannot take a checker
    OVER = 'over'       #: the game is already won: no move at all

    @property
    def label(self) -> str:
        """``'full'`` or ``'game over'``."""
        return 'full' if self is NoMove.FULL else 'game over'


#: a label's mark (``''``, ``'≈'`` an estimate, ``'≥'`` at least), result and plies
LabelParts = tuple[str, Wdl, int | None]


@dataclass(frozen=True, eq=True)
class Score(JsonShape):
    """What one column gives the side to move: ``wdl``; ``exact``; ``plies`` to the
    end, this checker counted (None: a draw or unknown); ``pons``, the Pons score or a
    guess; the proven bounds ``lo``, ``hi`` (None: unbounded); an estimate's ``value``
    (points) and ``depth`` (plies)."""

    wdl: Wdl
    exact: bool = False
    plies: int | None = None
    pons: int | None = None
    lo: int | None = None
    hi: int | None = None
    value: int = 0
    depth: int | None = None

    @classmethod
    def of_pons(cls, pons: int, plies: int | None) -> Score:
        """The proven score ``pons`` with ``plies`` to the end (None for a draw)."""
        wdl = Wdl.of_pons(pons)
        return cls(wdl, True, None if wdl is Wdl.DRAW else plies, pons, pons, pons)

    @classmethod
    def for_position(cls, pons: int, checkers: int, cells: int, exact: bool = True) -> Score:
        """The score of a column scoring ``pons`` with ``checkers`` checkers on
        ``cells`` cells: proven when ``exact``, else an estimate by its sign.
        :raises ValueError: for a score not possible at ``checkers`` checkers."""
        if not exact:
            return cls(Wdl.of_pons(pons), False, pons=pons)
        return cls.of_pons(pons, abs(score_to_plies(pons, checkers, cells)) or None)

    @classmethod
    def from_bounds(cls, lo: int | None, hi: int | None, value: int = 0,
                    guess: int | None = None, depth: int | None = None) -> Score:
        """A column known only to score in ``lo..hi`` (None: unbounded), else an estimate
        from the positional ``value`` (points, :data:`ESTIMATE_WIN_POINTS`) of a search
        ``depth`` plies deep; ``guess`` (default: nearest a draw) its Pons score."""
        if guess is None and (lo is not None or hi is not None):
            guess = max(-10**9 if lo is None else lo, min(10**9 if hi is None else hi, 0))
        if lo is not None and lo > 0:
            return cls(Wdl.WIN, False, None, guess, lo, hi, value)
        if hi is not None and hi < 0:
            return cls(Wdl.LOSS, False, None, guess, lo, hi, value)
        if lo == 0 and hi == 0:
            return cls.of_pons(0, None)
        if lo == 0:
            return cls(Wdl.DRAW, False, None, guess, lo, hi, value)
        wdl = (Wdl.WIN if value >= ESTIMATE_WIN_POINTS and (hi is None or hi > 0)
               else Wdl.LOSS if value <= -ESTIMATE_WIN_POINTS else Wdl.DRAW)
        return cls(wdl, False, None, guess, lo, hi, value, depth)

    @property
    def proven(self) -> bool:
        """True when the result (win, draw or loss) is proven."""
        return (self.exact or (self.lo is not None and self.lo > 0)
                or (self.hi is not None and self.hi < 0))

    @property
    def at_least_draw(self) -> bool:
        """True when not proven but a draw at least is (``'≥ draw'``)."""
        return not self.proven and self.lo is not None and self.lo >= 0

    @property
    def win_plies(self) -> int | None:
        """The plies to a win of known distance (``'win in 9'``: 9), else None."""
        return self.plies if self.exact and self.wdl is Wdl.WIN else None

    def label_parts(self) -> LabelParts:
        """``('', WIN, 9)`` for ``'win in 9'``, ``('≥', DRAW, None)``, ``('≈', WIN, None)``."""
        if self.proven:
            return '', self.wdl, self.plies if self.exact else None
        if self.at_least_draw:
            return '≥', Wdl.DRAW, None
        return '≈', self.wdl, None

    @property
    def label(self) -> str:
        """The English label: ``'win in 9'``, ``'draw'``, ``'loss'``, ``'≥ draw'``,
        ``'≈ win'``."""
        mark, wdl, plies = self.label_parts()
        text = wdl.value if plies is None else f'{wdl.value} in {plies}'
        return f'{mark} {text}' if mark else text

    def key(self) -> tuple[int, int]:
        """Sort key, greater = better: sooner wins, draws, estimates, later losses."""
        if self.proven:
            if self.wdl is Wdl.WIN:
                return (4, -self.plies if self.plies else -1000)
            if self.wdl is Wdl.DRAW:
                return (3, 0)
            return (1, self.plies or 0)
        if self.at_least_draw:
            return (3, 1)
        return (2, self.value)


@dataclass(frozen=True)
class ColumnScore(JsonShape):
    """One column of an analysis: 0-based ``column``, ``score`` or ``no_move``, the
    ``backend`` and ``worse`` (an estimate proven below the best column).
    :raises ValueError: when not exactly one of ``score`` and ``no_move`` is set."""

    column: int
    score: Score | None
    no_move: NoMove | None = None
    backend: str = ''
    worse: bool = False

    def __post_init__(self) -> None:
        if (self.score is None) == (self.no_move is None):
            raise ValueError('a column has either a score or no move')
        if self.column < 0:
            raise ValueError(f'a column is 0 or more, not {self.column}')

    @property
    def label(self) -> str:
        """The English label of the score, or ``'full'`` / ``'game over'``."""
        if self.score is None:
            assert self.no_move is not None
            return self.no_move.label
        return self.score.label

    @property
    def pons(self) -> int | None:
        """The Pons score (see :attr:`Score.pons`), None without a move."""
        return None if self.score is None else self.score.pons

    def rank(self) -> tuple[int, int, int]:
        """Sort key among columns (greater = better); no move last."""
        if self.score is None:
            return (0, 0, 0)
        tier, n = self.score.key()
        return (tier, 0 if self.worse else 1, n)


def choose_column(results: Sequence[ColumnScore], width: int | None = None) -> int:
    """The best :meth:`ColumnScore.rank`, the most central (then left) of equals.
    :raises ValueError: if no column is playable."""
    playable = [r for r in results if r.score is not None]
    if not playable:
        raise ValueError("no playable column: the board is full or the game is over")
    w = len(results) if width is None else width
    return max(playable, key=lambda r: (r.rank(), -abs(2 * r.column - (w - 1)), -r.column)).column
