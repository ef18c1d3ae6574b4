"""What the search pool answers: one frozen reply type per job kind, sent by a worker process as
JSON (never a pickle) and read back here, any other shape refused with a ``ValueError``."""

from __future__ import annotations

from dataclasses import dataclass

from connect4_game.ai.jsonshape import JsonShape
from connect4_game.ai.review import PlyReview
from connect4_game.ai.score import ColumnScore
from connect4_game.trainer.play import TryResult

__all__ = ['MoveReply', 'ReviewReply', 'OskaReply', 'PuzzleReply', 'PingReply', 'Reply',
           'Square']

Square = tuple[int, int]     # an Oska square, (row, col)


@dataclass(frozen=True)
class MoveReply(JsonShape):
    """A search's move (``'ai'``, ``'expert'``, ``'plugin'``): the 0-based ``column`` or None
    (no move), per column the ``scores`` (the assignment's, BU CS111 ps9, Problem 4, a level's
    points or Pons scores; None without one), for perfect play the ``columns`` (ColumnScore,
    None while not proven), the ``depth`` in plies, ``nodes``, ``seconds`` and ``backend``."""
    column: int | None
    scores: tuple[int | None, ...] = ()
    columns: tuple[ColumnScore | None, ...] = ()
    depth: int | None = None
    nodes: int = 0
    seconds: float = 0.0
    backend: str = ''


@dataclass(frozen=True)
class ReviewReply(JsonShape):
    """A game reviewed by perfect play (``'review'``): one PlyReview per move
    judged (a progress reply holds the one just judged)."""
    records: tuple[PlyReview, ...]


@dataclass(frozen=True)
class OskaReply(JsonShape):
    """The Oska engine's move (``'oska'``): ``(frm, to, captured)`` squares or
    None, ``nodes`` searched, the deepest ply ``max_ply``, ``seconds``."""
    move: tuple[Square, Square, Square | None] | None
    nodes: int = 0
    max_ply: int = 0
    seconds: float = 0.0


@dataclass(frozen=True)
class PuzzleReply(JsonShape):
    """A puzzle's judgement (``'puzzle'``): for a try its ``result`` and, when it ``WINS``, the
    defender's 0-based ``defence``; for the solution the 0-based columns of its ``line``."""
    result: TryResult | None = None
    defence: int | None = None
    line: tuple[int, ...] = ()


@dataclass(frozen=True)
class PingReply(JsonShape):
    """The start-up check's answer (``'ping'``): the search is imported."""


Reply = MoveReply | ReviewReply | OskaReply | PuzzleReply | PingReply     # any of the pool's
