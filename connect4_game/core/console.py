"""The console game (BU CS111 ps9, Problem 3): ``process_move`` and ``connect_four``;
and :func:`run_command`, how every command-line entry point treats its
standard streams (a closed pipe, a full disk, no standard input).
"""

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
    """What the console game asks of a player (BU CS111 ps9, Problems 2 to 4):
    its ``checker`` (``'X'`` or ``'O'``), ``num_moves`` (moves made so far),
    ``next_move(b)`` (a 0-based column ``b`` can take) and ``str(p)``
    (``'Player X'``)."""

    checker: str
    num_moves: int

    def next_move(self, b: Board) -> int: ...

EXIT_BROKEN_PIPE = 141
"""Exit status when standard output is a pipe that was closed (``| head``):
128 + SIGPIPE, what a shell reports for a tool that a closed pipe ended."""

EXIT_WRITE_FAILED = 1
"""Exit status when standard output cannot be written (a full device)."""

_FULL = frozenset(getattr(errno, name) for name in ('ENOSPC', 'EDQUOT', 'EFBIG')
                  if hasattr(errno, name))
"""The errors of a write that found no room: no space, over quota, file too large."""


def process_move(p: ConsolePlayer, b: Board) -> bool:
    """Play one move of player ``p`` on board ``b`` and print it as the assignment does.

    Prints ``"Player X's turn"``, asks ``p.next_move(b)`` for a column, drops
    the checker, prints a blank line, the board and a blank line, then
    ``'Player X wins in 8 moves.'`` / ``'Congratulations!'`` or
    ``"It's a tie!"`` when the game is over.

    :returns: True if the game is over (a win or a full board), else False.
    :raises ValueError: if the player returns a column that cannot be played.
    """
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
    """Play a game between ``p1`` and ``p2`` and return the final :class:`Board`.

    As in the assignment (ps9 Problem 3 starter code) the game is played on a new
    ``height`` x ``width`` board (6x7 by default) and ``p1`` moves first. Given
    a ``board``, the game continues on it instead (it is changed in place) and
    the player whose checker is to move (:meth:`Board.to_move`) goes first; a
    board that is already won or full is printed and returned as it is. Each
    player's ``num_moves`` first goes up by the checkers it already has on that
    board, so ``'Player O wins in N moves.'`` counts the winner's checkers of
    the whole game, as it does in a game played from the empty board.

    One player must use 'X' and the other 'O'; otherwise prints
    ``'need one X player and one O player.'`` and returns None.
    """
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
    """``sys.stdin`` for a command: end of input where reading is impossible.

    Wraps the real standard input (None when the process started with it
    closed). :meth:`readline` gives ``''`` -- which :func:`input` turns into
    ``EOFError``, the console game's end of input -- when there is no stream
    or reading it raises ``OSError`` (a directory, a bad descriptor) or
    ``ValueError`` (a closed file); everything else is the stream's own.
    """

    def __init__(self, stream: IO[str] | None) -> None:
        self._stream = stream

    def readline(self, size: int = -1) -> str:
        """One line of input, or ``''`` at (or instead of) its end."""
        if self._stream is None:
            return ''
        try:
            line: str = self._stream.readline(size)
            return line
        except (OSError, ValueError):
            return ''

    def __getattr__(self, name: str) -> object:
        if self._stream is None:    # no fileno(): input() then reads through readline()
            raise AttributeError(name)
        return getattr(self._stream, name)


def _silence(stream: IO[str] | None) -> None:
    """Point the file descriptor under ``stream`` at :data:`os.devnull`, so
    that the interpreter's last flush at exit cannot fail again (the recipe
    of the Python docs for SIGPIPE). A stream without a descriptor is left."""
    if stream is None:
        return
    try:
        fd = stream.fileno()
        devnull = os.open(os.devnull, os.O_WRONLY)
    except (AttributeError, OSError, ValueError):
        return
    try:
        os.dup2(devnull, fd)
    except OSError:
        pass
    finally:
        os.close(devnull)


def _say(line: str) -> None:
    """Print one line on stderr if it can be written; never raises."""
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):
        _silence(sys.stderr)


def run_command(run: Callable[[], int], prog: str = 'connect4') -> int:
    """Run a command-line entry point and return its exit status, treating
    the standard streams as command-line tools do (never a traceback):

    * no standard input (the process started with it closed) or one that
      cannot be read reads as end of input, so the console game ends with its
      end-of-input message (``Game ended. Bye!``);
    * standard output closed (``None``) writes nowhere;
    * a pipe on standard output that was closed (``| head``) ends the command
      quietly with :data:`EXIT_BROKEN_PIPE` (141);
    * a full device (``> /dev/full``) ends it with :data:`EXIT_WRITE_FAILED`
      (1) and one line on stderr: ``'connect4: cannot write: No space left on
      device'``.

    Standard output is flushed before returning, so these errors show up
    here rather than at exit. ``SystemExit`` (argparse's errors) passes
    through; ``sys.stdin`` and ``sys.stdout`` are restored on the way out.

    :param run: the command: no arguments, returns the exit status.
    :param prog: the name the stderr line starts with.
    """
    saved = sys.stdin, sys.stdout
    nowhere = (open(os.devnull, 'w', encoding='utf-8')  # noqa: SIM115 - closed in the finally below
               if sys.stdout is None else None)
    sys.stdin = _InputOrEnd(sys.stdin)
    if nowhere is not None:
        sys.stdout = nowhere
    try:
        try:
            return run()
        finally:
            _flush(sys.stdout)
    except BrokenPipeError:
        _silence(sys.stdout)
        return EXIT_BROKEN_PIPE
    except OSError as exc:
        if exc.errno not in _FULL:
            raise
        _silence(sys.stdout)
        _say(f'{prog}: cannot write: {exc.strerror or exc}')
        return EXIT_WRITE_FAILED
    finally:
        sys.stdin, sys.stdout = saved
        if nowhere is not None:
            nowhere.close()


def _flush(stream: IO[str] | None) -> None:
    """Flush ``stream``; OSError (a closed pipe, a full device) comes out,
    a stream already closed or missing is left alone."""
    if stream is not None:
        with contextlib.suppress(AttributeError, ValueError):
            stream.flush()
