"""The console game (BU CS111 ps9, Problem 3): ``process_move`` and ``connect_four``; and
:func:`run_command`, how every command-line entry point treats its standard streams."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Callable
from typing import IO, Protocol

from connect4_game.core.board import Board
from connect4_game.core.side import CHECKERS

CONSOLE_LOOKAHEAD = 3               # the console game's AIPlayer (the assignment's examples)
CONSOLE_TIEBREAK = 'LEFT'

__all__ = ['ConsolePlayer', 'process_move', 'connect_four', 'run_command', 'EXIT_BROKEN_PIPE',
           'EXIT_WRITE_FAILED', 'CONSOLE_LOOKAHEAD', 'CONSOLE_TIEBREAK']


class ConsolePlayer(Protocol):
    """What the console game asks of a player (BU CS111 ps9, Problems 2-4): ``checker``,
    ``num_moves`` so far, ``next_move(b)`` (a 0-based column) and ``str(p)`` (``'Player X'``)."""

    num_moves: int

    @property
    def checker(self) -> str: ...

    def next_move(self, b: Board) -> int: ...

EXIT_BROKEN_PIPE = 141      # standard output a closed pipe (| head): 128 + SIGPIPE
EXIT_WRITE_FAILED = 1       # standard output cannot be written (a full device)
_FULL = frozenset(getattr(errno, name) for name in ('ENOSPC', 'EDQUOT', 'EFBIG')
                  if hasattr(errno, name))      # a write that found no room


def process_move(p: ConsolePlayer, b: Board) -> bool:
    """Play and print one move of ``p`` on ``b`` as the assignment does (BU CS111 ps9, Problem
    3): ``"Player X's turn"``, the board between blank lines, then ``'Player X wins in 8
    moves.'`` and ``'Congratulations!'`` or ``"It's a tie!"`` at the end.
    :returns: True if the game is over.
    :raises ValueError: if the player returns a column that cannot be played."""
    print(str(p) + "'s turn")
    col = p.next_move(b)
    b.add_checker(p.checker, col)
    print()
    print(b)
    print()
    if b.is_win_for(p.checker):
        print(str(p) + ' wins in ' + str(p.num_moves) + ' moves.')
        print('Congratulations!')
        return True
    if b.is_full():
        print("It's a tie!")
        return True
    return False


def connect_four(p1: ConsolePlayer, p2: ConsolePlayer, height: int = 6, width: int = 7,
                 board: Board | None = None) -> Board | None:
    """Play ``p1`` (first) against ``p2`` on a new ``height`` x ``width`` board and return it
    (BU CS111 ps9, Problem 3); given a ``board``, play on it in place, the side to move first,
    each ``num_moves`` counting its checkers there. Without one 'X' and one 'O' player,
    prints ``'need one X player and one O player.'`` and returns None."""
    if p1.checker not in CHECKERS or p2.checker not in CHECKERS \
       or p1.checker == p2.checker:
        print('need one X player and one O player.')
        return None

    print('Welcome to Connect Four!')
    print()
    if board is None:
        b = Board(height, width)
    else:
        b = board
        if p2.checker == b.to_move():
            p1, p2 = p2, p1
        for p in (p1, p2):      # the moves played before this board reached us
            p.num_moves += b.num_checkers(p.checker)
    print(b)
    if b.is_win_for('X') or b.is_win_for('O') or b.is_full():
        return b

    while True:
        if process_move(p1, b):
            return b
        if process_move(p2, b):
            return b


class _InputOrEnd:
    """``sys.stdin`` (None: started closed) for a command: :meth:`readline` gives ``''`` (end
    of input) where there is no stream or reading raises ``OSError`` or ``ValueError``."""

    def __init__(self, stream: IO[str] | None) -> None:
        self._stream = stream

    def readline(self, size: int = -1) -> str:
        """One line of input, or ``''`` at (or instead of) its end."""
        if self._stream is not None:
            with contextlib.suppress(OSError, ValueError):
                return self._stream.readline(size)
        return ''

    def __getattr__(self, name: str) -> object:
        if self._stream is None:    # no fileno(): input() then reads through readline()
            raise AttributeError(name)
        return getattr(self._stream, name)


def _silence(stream: IO[str] | None) -> None:
    """Point ``stream``'s descriptor (if any) at :data:`os.devnull`, so the last flush at exit
    cannot fail again (the Python docs' SIGPIPE recipe)."""
    if stream is None:
        return
    try:
        fd = stream.fileno()
        devnull = os.open(os.devnull, os.O_WRONLY)
    except (AttributeError, OSError, ValueError):
        return
    with contextlib.suppress(OSError):
        os.dup2(devnull, fd)
    os.close(devnull)


def run_command(run: Callable[[], int], prog: str = 'connect4') -> int:
    """Run the command ``run`` and return its exit status, never a traceback: input missing or
    unreadable reads as its end, output closed writes nowhere, a closed pipe ends with
    :data:`EXIT_BROKEN_PIPE`, a full device with :data:`EXIT_WRITE_FAILED` and ``'<prog>:
    cannot write: ...'`` on stderr. ``SystemExit`` passes; the streams are restored."""
    saved = sys.stdin, sys.stdout
    nowhere = (open(os.devnull, 'w', encoding='utf-8')  # noqa: SIM115 - closed in the finally below
               if sys.stdout is None else None)
    sys.stdin = _InputOrEnd(sys.stdin)
    if nowhere is not None:
        sys.stdout = nowhere
    try:
        try:
            return run()
        finally:    # only an OSError (a closed pipe, a full device) comes out
            with contextlib.suppress(AttributeError, ValueError):
                sys.stdout.flush()
    except BrokenPipeError:
        _silence(sys.stdout)
        return EXIT_BROKEN_PIPE
    except OSError as exc:
        if exc.errno not in _FULL:
            raise
        _silence(sys.stdout)
        try:
            print(f'{prog}: cannot write: {exc.strerror or exc}', file=sys.stderr, flush=True)
        except (OSError, ValueError, AttributeError):
            _silence(sys.stderr)
        return EXIT_WRITE_FAILED
    finally:
        sys.stdin, sys.stdout = saved
        if nowhere is not None:
            nowhere.close()
