"""The game's limits, choices and defaults, each defined once, with their validators.

Everything the command line, the settings file, the saved games, the window
and the engine agree on lives here; every other module imports it. The
validators are the single checking point for a user's value, whoever reads
it: argparse types (:func:`arg_type`) and the settings loader call the same
functions, so a value refused on the command line is refused in
``settings.json`` with the same words.

Sources: the tiebreaks ``LEFT``/``RIGHT``/``RANDOM`` and the lookahead (a
number of plies >= 0) are BU CS111 ps9, Problem 4 (``AIPlayer``); the
console game's defaults (lookahead 3, ``LEFT``) follow its examples.

This module never imports pygame.

>>> check_tiebreak('RIGHT')
'RIGHT'
>>> check_int(True, 0, 9, 'lookahead')
Traceback (most recent call last):
...
ValueError: lookahead must be an integer from 0 to 9, not True
>>> clamp_lookahead(10**9, 6, 7)
42
>>> check_seconds(-1, 'time_budget')
Traceback (most recent call last):
...
ValueError: time_budget must be a number of seconds > 0, not -1
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from typing import Any

from connect4_game.messages import quote

__all__ = [
    'CHECKERS', 'TIEBREAKS', 'PLAYER_KINDS', 'NAMED_KINDS', 'LEVELS', 'DEFAULT_LEVEL', 'LANGUAGES', 'THEMES', 'DEFAULT_THEME',
    'MIN_ROWS', 'MAX_ROWS', 'MIN_COLS', 'MAX_COLS', 'DEFAULT_ROWS', 'DEFAULT_COLS',
    'MAX_LOOKAHEAD', 'DEFAULT_LOOKAHEAD', 'DEFAULT_TIEBREAK', 'WARN_LOOKAHEAD',
    'CONSOLE_LOOKAHEAD', 'CONSOLE_TIEBREAK',
    'MIN_WINDOW_W', 'MIN_WINDOW_H', 'MAX_WINDOW', 'DEFAULT_WINDOW',
    'MIN_PACE', 'MAX_PACE', 'DEFAULT_PACE', 'DEMO_GAP',
    'PLUGIN_MOVE_SECONDS', 'CONSOLE_PLUGIN_MOVE_SECONDS', 'SLOW_SEARCH_SECONDS',
    'EXPERT_ANALYSIS_SECONDS', 'EXPERT_MOVE_SECONDS',
    'NET_DEFAULT_PORT', 'NET_MAX_WAIT', 'OSKA_MIN_N', 'OSKA_MAX_N', 'OSKA_DEFAULT_N', 'OSKA_MAX_LOOKAHEAD', 'OSKA_DEFAULT_LOOKAHEAD',
    'check_int', 'check_number', 'check_choice', 'check_bool', 'check_tiebreak',
    'check_lookahead', 'check_rows', 'check_cols', 'check_kind', 'check_theme',
    'is_int', 'is_number', 'check_optional_int', 'check_real', 'check_seconds', 'check_column',
    'clamp_lookahead', 'arg_type', 'check_wait', 'check_window_size', 'shown',
]

# -- the assignment's choices (BU CS111 ps9, Problems 1 and 4) ---------------------------
CHECKERS = ('X', 'O')
"""The two players' checkers, the first player's first (Problem 1's ``Board``;
:func:`connect4_game.board.validate_checker` checks one)."""

TIEBREAKS = ('LEFT', 'RIGHT', 'RANDOM')
"""How ``AIPlayer`` picks among equally good columns."""

NAMED_KINDS = ('human', 'random', 'ai', 'expert')
"""The players a user names on the command line and in the settings."""

PLAYER_KINDS = NAMED_KINDS + ('plugin',)
"""Every kind of player a side can have; ``'plugin'`` is a user's
``FILE.py:ClassName`` (see :mod:`connect4_game.plugins`)."""

LEVELS = ('easy', 'medium', 'hard', 'expert')
"""The difficulty levels the window offers, weakest first; each is a
documented setting of the assignment's ``AIPlayer`` or Expert
(:mod:`connect4_game.ai.levels`)."""
DEFAULT_LEVEL = 'medium'

# -- boards ---------------------------------------------------------------------------
MIN_ROWS, MAX_ROWS = 4, 12          # the boards the game offers: 4x4 up to 12x14
MIN_COLS, MAX_COLS = 4, 14          # (14 columns: one move character each, 0-9 a-d)
DEFAULT_ROWS, DEFAULT_COLS = 6, 7   # the assignment's board

# -- the AI -------------------------------------------------------------------------
MAX_LOOKAHEAD = MAX_ROWS * MAX_COLS
"""The deepest lookahead worth asking for on any board offered: past the
empty cells a search cannot change (see :func:`clamp_lookahead`)."""
DEFAULT_LOOKAHEAD = 6               # the window's first-run AI: answers in milliseconds
DEFAULT_TIEBREAK = 'RANDOM'         # LEFT would open in the corner every game and look broken
WARN_LOOKAHEAD = 16                 # deeper lookaheads can take minutes a move on 6x7: warn
CONSOLE_LOOKAHEAD = 3               # the console game (the assignment's examples)
CONSOLE_TIEBREAK = 'LEFT'

# -- the window -------------------------------------------------------------------------
LANGUAGES = ('en', 'nl')
"""The window's languages (English, and Dutch as the Dutch version of the
assignment); the console game stays in the assignment's English."""

THEMES = ('classic', 'dark', 'high_contrast', 'paper')
"""Colour themes, in the order the theme key cycles them (drawn by
:mod:`connect4_game.ui.themes`)."""
DEFAULT_THEME = 'classic'
MIN_WINDOW_W, MIN_WINDOW_H = 520, 480   # pixels: the board and text stay readable
MAX_WINDOW = 8192
"""Pixels: the widest and the tallest window the game opens (pygame crashes
on larger ones; the window itself may be cut further to the display).
Checked with the other limits by :func:`check_window_size`."""
DEFAULT_WINDOW = (800, 760)             # pixels

MIN_PACE, MAX_PACE = 0.0, 3.0       # seconds between moves when computers play each other
DEFAULT_PACE = 0.5
DEMO_GAP = 2.0                      # seconds between two games of the demo

# -- time budgets (seconds) -------------------------------------------------------------
PLUGIN_MOVE_SECONDS = 10.0          # a plug-in's move in the window, then the user takes over
CONSOLE_PLUGIN_MOVE_SECONDS = 60.0  # the same in the console game
SLOW_SEARCH_SECONDS = 1.0           # after this the window shows how long a search runs
EXPERT_ANALYSIS_SECONDS = 2.0       # an Expert analysis off the 6x7 board or past the book
EXPERT_MOVE_SECONDS = 8.0           # Expert's own move on 6x7

# -- network play -------------------------------------------------------------------------
NET_DEFAULT_PORT = 24744            # TCP port a hosted game listens on unless told otherwise
NET_MAX_WAIT = 7 * 24 * 3600.0      # seconds: the longest --wait for the other computer (a week)

# -- Oska (ECS 170 Homework 3 and 4) ------------------------------------------------------
OSKA_MIN_N, OSKA_MAX_N, OSKA_DEFAULT_N = 4, 9, 4     # checkers per side
OSKA_MAX_LOOKAHEAD, OSKA_DEFAULT_LOOKAHEAD = 10, 3   # plies (n=6 at 10 takes seconds)


# -- validators: the one checking point for each kind of value --------------------------

def check_int(value: Any, lo: float, hi: int | None, what: str) -> int:
    """``value`` if it is an int (not a bool) in ``lo..hi`` (no upper bound for
    None; ``lo`` may be ``-math.inf``, no lower bound).

    :raises ValueError: ``'<what> must be an integer from lo to hi, not <value>'``,
        the value clipped.
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < lo \
            or (hi is not None and value > hi):
        span = f'from {lo} to {hi}' if hi is not None else f'>= {lo}'
        raise ValueError(f'{what} must be an integer {span}, not {shown(value)}')
    return value


def check_number(value: Any, lo: float, hi: float, what: str) -> float:
    """``float(value)`` for a finite int or float (not a bool) in ``lo..hi``.

    :raises ValueError: naming ``what`` and the clipped value (NaN is refused).
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not (lo <= value <= hi):
        raise ValueError(f'{what} must be a number from {lo:g} to {hi:g}, not {shown(value)}')
    return float(value)


def check_choice(value: Any, choices: Sequence[str], what: str) -> str:
    """``value`` if it is one of the strings ``choices``.

    :raises ValueError: listing the choices and the clipped value.
    """
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{what} must be one of {', '.join(choices)}, not {shown(value)}")
    return value


def check_bool(value: Any, what: str) -> bool:
    """``value`` if it is a bool. :raises ValueError: otherwise."""
    if not isinstance(value, bool):
        raise ValueError(f'{what} must be true or false, not {shown(value)}')
    return value


def check_tiebreak(value: Any, what: str = 'tiebreak') -> str:
    """One of :data:`TIEBREAKS` (BU CS111 ps9, Problem 4). :raises ValueError: otherwise."""
    return check_choice(value, TIEBREAKS, what)


def check_lookahead(value: Any, what: str = 'lookahead', hi: int | None = None) -> int:
    """A lookahead in plies: an int >= 0 (BU CS111 ps9, Problem 4), at most
    ``hi`` when given. :raises ValueError: otherwise."""
    return check_int(value, 0, hi, what)


def check_rows(value: Any, what: str = 'rows') -> int:
    """Board rows the game offers, :data:`MIN_ROWS`..:data:`MAX_ROWS`."""
    return check_int(value, MIN_ROWS, MAX_ROWS, what)


def check_cols(value: Any, what: str = 'columns') -> int:
    """Board columns the game offers, :data:`MIN_COLS`..:data:`MAX_COLS`."""
    return check_int(value, MIN_COLS, MAX_COLS, what)


def check_kind(value: Any, what: str = 'player') -> str:
    """One of :data:`NAMED_KINDS`. :raises ValueError: otherwise."""
    return check_choice(value, NAMED_KINDS, what)


def check_theme(value: Any, what: str = 'theme') -> str:
    """One of :data:`THEMES`. :raises ValueError: otherwise."""
    return check_choice(value, THEMES, what)


# -- small general validators, built on check_int / check_number -------------------------
# They make the same test as those two (an int or a float, never a bool; NaN
# never passes a bound) and refuse in the same words: "<what> must be <what is
# allowed>, not <the value, clipped>".

def is_int(value: Any, lo: int | None = None, hi: int | None = None) -> bool:
    """True when ``value`` is an int (not a bool) in ``lo..hi`` (None: unbounded):
    the test :func:`check_int` makes, as a yes or no.

    >>> is_int(3, 0, 6), is_int(True), is_int(7, 0, 6), is_int(-5)
    (True, False, False, True)
    """
    try:
        check_int(value, -math.inf if lo is None else lo, hi, 'value')
    except ValueError:
        return False
    return True


def is_number(value: Any, lo: float = -math.inf, hi: float = math.inf) -> bool:
    """True when ``value`` is an int or float (not a bool) in ``lo..hi``: the test
    :func:`check_number` makes, as a yes or no (NaN is never in range; nor is an
    int too large for a float, such as ``10**400``).

    >>> is_number(0.5, 0, 1), is_number(False), is_number(float('nan')), is_number(float('inf'))
    (True, False, False, True)
    """
    try:
        check_number(value, lo, hi, 'value')
    except (ValueError, OverflowError):
        return False
    return True


def check_optional_int(value: Any, what: str, lo: int | None = None) -> int | None:
    """``value`` if it is None or an int (not a bool) >= ``lo`` (any int when
    ``lo`` is None): an optional limit such as a node budget, where None means
    "no limit".

    :raises ValueError: ``'<what> must be an integer >= lo or None, not <value>'``.
    """
    if value is None or is_int(value, lo):
        return value
    need = 'an integer' if lo is None else f'an integer >= {lo}'
    raise ValueError(f'{what} must be {need} or None, not {shown(value)}')


def check_real(value: Any, what: str) -> float:
    """``value`` if it is an int or float (not a bool, not NaN), infinities included.

    :raises ValueError: ``'<what> must be a number, not <value>'``.
    """
    if not is_number(value):
        raise ValueError(f'{what} must be a number, not {shown(value)}')
    return value


def check_seconds(value: Any, what: str, *, zero_ok: bool = False, finite: bool = False,
                  allow_none: bool = False) -> float | None:
    """``float(value)`` for a number of seconds > 0 (a time budget, a timeout, an
    interval): an int or float, not a bool, not NaN.

    :param zero_ok: accept 0 as well (an age: ">= 0").
    :param finite: refuse infinity (a timer that must fire).
    :param allow_none: accept None (no limit), returned as it is.
    :raises ValueError: ``'<what> must be a number of seconds > 0, not <value>'``
        (``>= 0``, ``a finite number``, ``or None`` as asked).
    """
    if value is None and allow_none:
        return None
    hi = sys.float_info.max if finite else math.inf
    if not (is_number(value, 0.0, hi) and (zero_ok or value > 0)):
        need = (f"a {'finite ' if finite else ''}number of seconds {'>=' if zero_ok else '>'} 0"
                + (' or None' if allow_none else ''))
        raise ValueError(f'{what} must be {need}, not {shown(value)}')
    return float(value)


def check_column(value: Any, cols: int, what: str = 'column') -> int:
    """A column index of a board of ``cols`` columns: an int from 0 to ``cols - 1``.

    :raises ValueError: ``'column must be an integer from 0 to <cols - 1>, not <value>'``.
    """
    return check_int(value, 0, cols - 1, what)


def check_wait(value: Any, what: str = 'wait') -> float:
    """Seconds to wait for the other computer of a network game: a number
    > 0 and at most :data:`NET_MAX_WAIT` (not a bool, not NaN).

    :raises ValueError: ``'wait must be a number of seconds > 0 and at most
        604800, not -1'``.
    """
    if not (is_number(value, 0.0, NET_MAX_WAIT) and value > 0):
        raise ValueError(f'{what} must be a number of seconds > 0 and at most '
                         f'{NET_MAX_WAIT:g}, not {shown(value)}')
    return float(value)


def check_window_size(value: Any, what: str = 'the window') -> tuple[int, int]:
    """A window size ``(width, height)`` in pixels: two ints (not bools) from
    :data:`MIN_WINDOW_W` x :data:`MIN_WINDOW_H` up to :data:`MAX_WINDOW` x
    :data:`MAX_WINDOW`. The one check of a window size, for ``--size`` and for
    the settings file alike.

    :returns: ``(width, height)`` as a tuple.
    :raises ValueError: ``'the window must be between 520x480 and 8192x8192,
        not 200x150'`` (each number shortened as :func:`shown` does).

    >>> check_window_size([900, 800])
    (900, 800)
    >>> check_window_size((10000, 10000))
    Traceback (most recent call last):
    ...
    ValueError: the window must be between 520x480 and 8192x8192, not 10000x10000
    """
    try:
        width, height = value
    except (TypeError, ValueError):
        raise ValueError(f'{what} must be WIDTHxHEIGHT in pixels, not {shown(value)}') from None
    if not (is_int(width, MIN_WINDOW_W, MAX_WINDOW) and is_int(height, MIN_WINDOW_H, MAX_WINDOW)):
        raise ValueError(f'{what} must be between {MIN_WINDOW_W}x{MIN_WINDOW_H} and '
                         f'{MAX_WINDOW}x{MAX_WINDOW}, not {shown(width)}x{shown(height)}')
    return (width, height)


def clamp_lookahead(lookahead: int, rows: int, cols: int) -> int:
    """``lookahead`` cut to the ``rows * cols`` cells of the board.

    A search cannot see past a full board, so every score of the assignment's
    ``scores_for`` is the same at any lookahead from there on: the smaller
    number is the same search.
    """
    return min(lookahead, rows * cols)


def arg_type(check: Callable[[Any], Any], convert: Callable[[str], Any] = int,
             noun: str = 'an integer') -> Callable[[str], Any]:
    """An argparse ``type=`` from a validator: converts the text with
    ``convert`` (``int`` by default; numbers of any length are refused
    without printing them back whole) and calls ``check`` on the result;
    either failure becomes ``argparse.ArgumentTypeError`` with the same message
    the settings loader gives."""
    import argparse

    def parse(text: str):
        try:
            value = convert(text.strip())
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


def shown(value: Any) -> str:
    """A value as messages show it, never raising: a bool, float or None as
    ``str`` gives it, an int of up to 30 digits in full and a longer one as
    ``'a 101-digit number'`` (no conversion of a 5,000-digit number, which
    Python refuses), anything else quoted and clipped to 40 characters
    (:func:`connect4_game.messages.quote`).

    >>> shown(7), shown(10**100), shown('k' * 100)[:6]
    ('7', 'a 101-digit number', "'kkkkk")
    """
    try:
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
    except Exception:             # a subclass with a hostile __str__ or __abs__
        pass
    return quote(value, 40)


# -- tournaments (--tournament, connect4_game.tournament) ---------------------------------
TOURNAMENT_DEFAULT_GAMES = 1        # games per pairing and colour (--games N: 2N per pairing)
TOURNAMENT_MAX_GAMES = 500          # the largest --games
TOURNAMENT_MAX_PLAYERS = 16         # players in one tournament (at most 120 pairings)
TOURNAMENT_MAX_OPENING_PLIES = 12   # --openings K: random first plies, at most this many
TOURNAMENT_PLUGIN_MOVE_SECONDS = 10.0    # a plug-in's move in a tournament, then it loses
TOURNAMENT_MAX_MOVE_SECONDS = 600.0      # the longest --move-time
TOURNAMENT_PLUGIN_LOAD_SECONDS = 30.0    # a plug-in's process start and load, then it loses
ELO_MEAN = 1500.0                   # tournament Elo: the mean rating of the players
ELO_MAX_SPREAD = 800.0              # ... each within ELO_MEAN +- this (all wins / all losses)
