"""What the search pool answers: one frozen reply type per job kind, sent
by a worker process as JSON (never a pickle) and read back here, any other
shape refused with a ``ValueError``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from connect4_game.ai.review import PlyReview
from connect4_game.ai.score import ColumnScore
from connect4_game.core.side import Side
from connect4_game.trainer import TryResult

__all__ = ['MoveReply', 'ReviewReply', 'OskaReply', 'PuzzleReply', 'PingReply', 'Reply',
           'Square']

Square = tuple[int, int]
"""An Oska square, ``(row, col)``."""


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f'{what} is not a whole number')
    return value


def _opt_int(value: object, what: str) -> int | None:
    return None if value is None else _int(value, what)


def _float(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f'{what} is not a number')
    return float(value)


def _str(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f'{what} is not text')
    return value


def _seq(value: object, what: str) -> Sequence[object]:
    if value is None:
        return ()
    if not isinstance(value, (list, tuple)):
        raise ValueError(f'{what} is not a list')
    return value


def _map(data: object) -> Mapping[str, object]:
    if not isinstance(data, Mapping):
        raise ValueError('the answer is not an object')
    return data


@dataclass(frozen=True)
class MoveReply:
    """A search's move (``'ai'``, ``'expert'``, ``'plugin'``): the 0-based
    ``column`` or None (no move), per column the ``scores`` (the assignment's,
    BU CS111 ps9, Problem 4, a level's points or Pons scores; None without
    one) and for perfect play the ``columns`` (a ColumnScore, None while not
    proven), the ``depth`` in plies, ``nodes``, ``seconds`` and ``backend``."""

    column: int | None
    scores: tuple[int | None, ...] = ()
    columns: tuple[ColumnScore | None, ...] = ()
    depth: int | None = None
    nodes: int = 0
    seconds: float = 0.0
    backend: str = ''

    def to_json(self) -> dict[str, object]:
        """The JSON-ready dict the worker process sends."""
        return {'column': self.column, 'scores': list(self.scores),
                'columns': [None if c is None else c.to_json() for c in self.columns],
                'depth': self.depth, 'nodes': self.nodes,
                'seconds': self.seconds, 'backend': self.backend}

    @classmethod
    def from_json(cls, data: object) -> MoveReply:
        """:raises ValueError: unless ``data`` has :meth:`to_json`'s shape."""
        d = _map(data)
        return cls(_opt_int(d.get('column'), 'the column'),
                   tuple(_opt_int(s, 'a score') for s in _seq(d.get('scores'), 'the scores')),
                   tuple(None if c is None else ColumnScore.from_json(c)
                         for c in _seq(d.get('columns'), 'the columns')),
                   _opt_int(d.get('depth'), 'the depth'), _int(d.get('nodes', 0), 'the nodes'),
                   _float(d.get('seconds', 0.0), 'the time'),
                   _str(d.get('backend', ''), 'the backend'))


def _record(data: object) -> PlyReview:
    d = _map(data)
    return PlyReview(_int(d.get('ply'), 'the ply'), _int(d.get('column'), 'the column'),
                     Side(_str(d.get('player'), 'the player')),
                     tuple(_opt_int(s, 'a score') for s in _seq(d.get('scores'), 'the scores')),
                     tuple(_int(c, 'a best column') for c in _seq(d.get('best'), 'the best')),
                     _str(d.get('verdict'), 'the verdict'), _int(d.get('value'), 'the value'),
                     bool(d.get('exact')), _str(d.get('backend', ''), 'the backend'))


@dataclass(frozen=True)
class ReviewReply:
    """A game reviewed by perfect play (``'review'``): one PlyReview per move
    judged (a progress reply holds the one just judged)."""

    records: tuple[PlyReview, ...]

    def to_json(self) -> dict[str, object]:
        """The JSON-ready dict the worker process sends."""
        return {'records': [r.to_dict() for r in self.records]}

    @classmethod
    def from_json(cls, data: object) -> ReviewReply:
        """:raises ValueError: unless ``data`` has :meth:`to_json`'s shape."""
        return cls(tuple(_record(r) for r in _seq(_map(data).get('records'), 'the records')))


def _square(value: object) -> Square:
    pair = _seq(value, 'a square')
    if len(pair) != 2:
        raise ValueError('a square is not a (row, column) pair')
    return (_int(pair[0], 'a row'), _int(pair[1], 'a column'))


@dataclass(frozen=True)
class OskaReply:
    """The Oska engine's move (``'oska'``): ``(frm, to, captured)`` squares or
    None, ``nodes`` searched, the deepest ply ``max_ply``, ``seconds``."""

    move: tuple[Square, Square, Square | None] | None
    nodes: int = 0
    max_ply: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict[str, object]:
        """The JSON-ready dict the worker process sends."""
        move = None if self.move is None else [
            list(self.move[0]), list(self.move[1]),
            None if self.move[2] is None else list(self.move[2])]
        return {'move': move, 'nodes': self.nodes, 'max_ply': self.max_ply,
                'seconds': self.seconds}

    @classmethod
    def from_json(cls, data: object) -> OskaReply:
        """:raises ValueError: unless ``data`` has :meth:`to_json`'s shape."""
        d = _map(data)
        move = None
        if d.get('move') is not None:
            parts = _seq(d['move'], 'the move')
            if len(parts) != 3:
                raise ValueError('the move is not (from, to, captured)')
            move = (_square(parts[0]), _square(parts[1]),
                    None if parts[2] is None else _square(parts[2]))
        return cls(move, _int(d.get('nodes', 0), 'the nodes'),
                   _int(d.get('max_ply', 0), 'the depth'),
                   _float(d.get('seconds', 0.0), 'the time'))


@dataclass(frozen=True)
class PuzzleReply:
    """A puzzle's judgement (``'puzzle'``): for a try its ``result`` and, when
    it ``WINS``, the defender's 0-based ``defence``; for the solution the
    0-based columns of its ``line`` to the four."""

    result: TryResult | None = None
    defence: int | None = None
    line: tuple[int, ...] = ()

    def to_json(self) -> dict[str, object]:
        """The JSON-ready dict the worker process sends."""
        return {'result': None if self.result is None else self.result.value,
                'defence': self.defence, 'line': list(self.line)}

    @classmethod
    def from_json(cls, data: object) -> PuzzleReply:
        """:raises ValueError: unless ``data`` has :meth:`to_json`'s shape."""
        d = _map(data)
        result = None if d.get('result') is None else TryResult(_str(d['result'], 'the result'))
        return cls(result, _opt_int(d.get('defence'), 'the defence'),
                   tuple(_int(c, 'a column') for c in _seq(d.get('line'), 'the line')))


@dataclass(frozen=True)
class PingReply:
    """The start-up check's answer (``'ping'``): the search is imported."""

    def to_json(self) -> dict[str, object]:
        """The JSON-ready dict the worker process sends."""
        return {}

    @classmethod
    def from_json(cls, data: object) -> PingReply:
        """:raises ValueError: unless ``data`` is an object."""
        _map(data)
        return cls()


Reply = MoveReply | ReviewReply | OskaReply | PuzzleReply | PingReply
"""Any of the pool's replies."""
