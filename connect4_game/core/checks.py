"""The one checking point for a user's value (the command line through :func:`arg_type`, the
files, the network, the engine), refused in the same words: ``'<what> must be <what is
allowed>, not <the value, clipped>'``."""

from __future__ import annotations

import argparse
import contextlib
import math
import sys
from collections.abc import Callable, Sequence
from typing import TypeGuard, TypeVar, cast, overload

from connect4_game.core.messages import quote

__all__ = ['check_int', 'check_number', 'check_choice', 'check_bool', 'check_lookahead', 'is_int',
           'is_number', 'check_optional_int', 'check_seconds', 'arg_type', 'shown']

T = TypeVar('T')
V = TypeVar('V')


def check_int(value: object, lo: float, hi: int | None, what: str) -> int:
    """``value`` if it is an int (not a bool) in ``lo..hi`` (None: unbounded).
    :raises ValueError: ``'<what> must be an integer from lo to hi, not <value>'``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < lo \
            or (hi is not None and value > hi):
        span = f'from {lo} to {hi}' if hi is not None else f'>= {lo}'
        raise ValueError(f'{what} must be an integer {span}, not {shown(value)}')
    return value


def check_number(value: object, lo: float, hi: float, what: str) -> float:
    """``float(value)`` for an int or float (not a bool, not NaN) in ``lo..hi``.
    :raises ValueError: otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not (lo <= value <= hi):
        raise ValueError(f'{what} must be a number from {lo:g} to {hi:g}, not {shown(value)}')
    return float(value)


def check_choice(value: object, choices: Sequence[str], what: str) -> str:
    """``value`` if it is one of the strings ``choices``. :raises ValueError: otherwise."""
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{what} must be one of {', '.join(choices)}, not {shown(value)}")
    return value


def check_bool(value: object, what: str) -> bool:
    """``value`` if it is a bool. :raises ValueError: otherwise."""
    if not isinstance(value, bool):
        raise ValueError(f'{what} must be true or false, not {shown(value)}')
    return value


def check_lookahead(value: object, what: str = 'lookahead', hi: int | None = None) -> int:
    """A lookahead in plies: an int >= 0 (BU CS111 ps9, Problem 4), at most
    ``hi`` when given. :raises ValueError: otherwise."""
    return check_int(value, 0, hi, what)


def is_int(value: object, lo: int | None = None, hi: int | None = None) -> TypeGuard[int]:
    """The test of :func:`check_int` as a yes or no (None: unbounded)."""
    try:
        check_int(value, -math.inf if lo is None else lo, hi, 'value')
    except ValueError:
        return False
    return True


def is_number(value: object, lo: float = -math.inf, hi: float = math.inf) -> TypeGuard[float]:
    """The test of :func:`check_number` as a yes or no (NaN is never in range; nor is an int
    too large for a float, such as ``10**400``)."""
    try:
        check_number(value, lo, hi, 'value')
    except (ValueError, OverflowError):
        return False
    return True


def check_optional_int(value: object, what: str, lo: int | None = None) -> int | None:
    """``value`` if it is None (no limit) or an int (not a bool) >= ``lo``.
    :raises ValueError: otherwise."""
    if value is None or is_int(value, lo):
        return value
    need = 'an integer' if lo is None else f'an integer >= {lo}'
    raise ValueError(f'{what} must be {need} or None, not {shown(value)}')


def check_seconds(value: object, what: str, *, zero_ok: bool = False, finite: bool = False,
                  allow_none: bool = False) -> float | None:
    """``float(value)`` for a number of seconds > 0 (not a bool, not NaN);
    also 0 with ``zero_ok``, not infinity with ``finite``, None with ``allow_none``.
    :raises ValueError: ``'<what> must be a number of seconds > 0, not <value>'``."""
    if value is None and allow_none:
        return None
    if is_number(value, 0.0, sys.float_info.max if finite else math.inf) \
            and (zero_ok or value > 0):
        return float(value)
    need = (f"a {'finite ' if finite else ''}number of seconds {'>=' if zero_ok else '>'} 0"
            + (' or None' if allow_none else ''))
    raise ValueError(f'{what} must be {need}, not {shown(value)}')


@overload
def arg_type(check: Callable[[int], T]) -> Callable[[str], T]: ...
@overload
def arg_type(check: Callable[[V], T], convert: Callable[[str], V],
             noun: str) -> Callable[[str], T]: ...
def arg_type(check: Callable[[V], T], convert: Callable[[str], V] | None = None,
             noun: str = 'an integer') -> Callable[[str], T]:
    """An argparse ``type=`` from a validator: the text through ``convert`` (``int`` by
    default), then ``check``; either failure is an ``argparse.ArgumentTypeError``."""
    to_value = convert if convert is not None else cast('Callable[[str], V]', int)

    def parse(text: str) -> T:
        try:
            value = to_value(text.strip())
        except (ValueError, OverflowError):
            raise argparse.ArgumentTypeError(f'{shown(text)} is not {noun}') from None
        if isinstance(value, float) and not math.isfinite(value):
            raise argparse.ArgumentTypeError(f'{shown(text)} is not {noun}')
        try:
            return check(value)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    parse.__name__ = getattr(check, '__name__', 'value')
    return parse


def shown(value: object) -> str:
    """A value as messages show it, never raising: a bool, float or None as ``str`` gives
    it, an int of up to 30 digits in full, a longer one as ``'a 101-digit number'``, anything
    else as :func:`~connect4_game.core.messages.quote` gives it, clipped to 40 characters."""
    with contextlib.suppress(Exception):     # a subclass with a hostile __str__ or __abs__
        if isinstance(value, (bool, float)) or value is None:
            return str(value)
        if isinstance(value, int):
            size = abs(int(value))
            if size < 10 ** 30:
                return str(value)
            digits = int((size.bit_length() - 1) * math.log10(2)) + 1
            if size >= 10 ** digits:      # the estimate is at most one short
                digits += 1
            return f'a {digits}-digit number'
    return quote(value, 40)
