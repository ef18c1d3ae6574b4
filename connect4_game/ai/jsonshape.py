"""One JSON shape for frozen dataclasses: every field by name (a tuple as a list,
an enum as its value, a dataclass as its own object), read back checked."""
from __future__ import annotations

import dataclasses
import functools
import types
from collections.abc import Mapping
from enum import Enum
from typing import Any, TypeVar, Union, cast, get_args, get_origin, get_type_hints

__all__ = ['JsonShape']

_J = TypeVar('_J', bound='JsonShape')


def _dump(value: object) -> object:
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
        if not isinstance(value, (list, tuple)):
            raise ValueError(f'{what} is not a list')
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_load(args[0], v, what) for v in value)
        if len(value) != len(args):
            raise ValueError(f'{what} has {len(value)} parts, not {len(args)}')
        return tuple(_load(a, v, what) for a, v in zip(args, value, strict=True))
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(value)
    if dataclasses.is_dataclass(kind):
        return _read(kind, value)
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if type(value) is not kind:
        raise ValueError(f'{what} is not a {kind.__name__}')
    return value


_hints = functools.cache(get_type_hints)


def _read(cls: Any, data: object) -> Any:
    if not isinstance(data, Mapping):
        raise ValueError(f'not an object: {str(data)[:80]}')
    names = [f.name for f in dataclasses.fields(cls)]
    if set(data) != set(names):
        raise ValueError(f'not the fields of {cls.__name__}: {str(data)[:80]}')
    hints = _hints(cls)
    return cls(**{n: _load(hints[n], data[n], f'the {n}') for n in names})


class JsonShape:
    """A frozen dataclass's JSON: :meth:`to_json` and the checked :meth:`from_json`."""

    def to_json(self) -> dict[str, object]:
        """Every field by name, JSON-ready."""
        return cast('dict[str, object]', _dump(self))

    @classmethod
    def from_json(cls: type[_J], data: object) -> _J:
        """:raises ValueError: unless ``data`` has :meth:`to_json`'s shape."""
        return cast(_J, _read(cls, data))
