"""What the search pool answers: one frozen reply type per job kind, sent
by a worker process as JSON (never a pickle) and read back here, any other
shape refused with a ``ValueError``."""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeVar, Union, get_args, get_origin, get_type_hints

from connect4_game.ai.review import PlyReview
from connect4_game.ai.score import ColumnScore
from connect4_game.trainer import TryResult

__all__ = ['MoveReply', 'ReviewReply', 'OskaReply', 'PuzzleReply', 'PingReply', 'Reply',
           'Square']

Square = tuple[int, int]
"""An Oska square, ``(row, col)``."""

_R = TypeVar('_R', bound='_JsonReply')


def _seq(value: object, what: str) -> Sequence[object]:
    if not isinstance(value, (list, tuple)):
        raise ValueError(f'{what} is not a list')
    return value


def _map(data: object) -> Mapping[str, object]:
    if not isinstance(data, Mapping):
        raise ValueError('the answer is not an object')
    return data


def _dump(value: object) -> object:
    if isinstance(value, ColumnScore):
        return value.to_json()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _dump(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_dump(v) for v in value]
    return value


def _load(kind: Any, value: object, what: str) -> object:
    """``value`` read as the type ``kind``. :raises ValueError: for another shape."""
    origin, args = get_origin(kind), get_args(kind)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return _load(inner, value, what)
    if origin is tuple:
        items = _seq(value, what)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_load(args[0], v, what) for v in items)
        if len(items) != len(args):
            raise ValueError(f'{what} has {len(items)} parts, not {len(args)}')
        return tuple(_load(a, v, what) for a, v in zip(args, items, strict=True))
    if kind is ColumnScore:
        return ColumnScore.from_json(value)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(value)
    if dataclasses.is_dataclass(kind):
        return _read(kind, value)
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if type(value) is not kind:
        raise ValueError(f'{what} is not a {kind.__name__}')
    return value


def _read(cls: Any, data: object) -> Any:
    d, hints = _map(data), get_type_hints(cls)
    return cls(**{f.name: _load(hints[f.name], d[f.name], f'the {f.name}')
                  for f in dataclasses.fields(cls) if f.name in d})


class _JsonReply:
    """A reply's JSON: every field by name (a tuple as a list, an enum as its value)."""

    def to_json(self) -> dict[str, object]:
        """The JSON-ready dict the worker process sends."""
        out = _dump(self)
        assert isinstance(out, dict)
        return out

    @classmethod
    def from_json(cls: type[_R], data: object) -> _R:
        """:raises ValueError: unless ``data`` has :meth:`to_json`'s shape."""
        reply: _R = _read(cls, data)
        return reply


@dataclass(frozen=True)
class MoveReply(_JsonReply):
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


@dataclass(frozen=True)
class ReviewReply(_JsonReply):
    """A game reviewed by perfect play (``'review'``): one PlyReview per move
    judged (a progress reply holds the one just judged)."""

    records: tuple[PlyReview, ...]


@dataclass(frozen=True)
class OskaReply(_JsonReply):
    """The Oska engine's move (``'oska'``): ``(frm, to, captured)`` squares or
    None, ``nodes`` searched, the deepest ply ``max_ply``, ``seconds``."""

    move: tuple[Square, Square, Square | None] | None
    nodes: int = 0
    max_ply: int = 0
    seconds: float = 0.0


@dataclass(frozen=True)
class PuzzleReply(_JsonReply):
    """A puzzle's judgement (``'puzzle'``): for a try its ``result`` and, when
    it ``WINS``, the defender's 0-based ``defence``; for the solution the
    0-based columns of its ``line`` to the four."""

    result: TryResult | None = None
    defence: int | None = None
    line: tuple[int, ...] = ()


@dataclass(frozen=True)
class PingReply(_JsonReply):
    """The start-up check's answer (``'ping'``): the search is imported."""


Reply = MoveReply | ReviewReply | OskaReply | PuzzleReply | PingReply
"""Any of the pool's replies."""
