"""The puzzle screen's judge: the solver calls of :mod:`connect4_game.puzzles`
run on a small thread of their own, never on the drawing thread.

:func:`connect4_game.puzzles.check_try` and :func:`~connect4_game.puzzles.defence`
take milliseconds with bitbully and up to about a second with the
project's own solver; the window asks here and polls the answers each
frame (:meth:`PuzzleJudge.poll`). Each answer carries the :class:`Request`
it answers (the puzzle's id and the moves of the position asked about),
so the screen drops the answers to positions it has left.

The thread is not the app's search worker on purpose: the Connect Four
game below the puzzle screen keeps its worker, its pending search and its
seats exactly as they were.

This module never imports pygame.
"""

from __future__ import annotations

import queue
import threading
from dataclasses import dataclass
from enum import Enum

from connect4_game.game import Game
from connect4_game.puzzles import Puzzle, TryResult, check_try, defence, solution

__all__ = ['Ask', 'Request', 'Answer', 'PuzzleJudge', 'judge']


class Ask(str, Enum):
    """What a :class:`Request` asks: ``TRY`` (judge a column and, when it
    keeps the win, the defender's reply) or ``SOLUTION`` (the whole line)."""

    TRY = 'try'
    SOLUTION = 'solution'


@dataclass(frozen=True)
class Request:
    """One question for the judge.

    :param ask: what is asked (:class:`Ask`).
    :param puzzle: the puzzle.
    :param moves: the 0-based columns played so far, the puzzle's moves
        first (the position asked about; the tag of the answer).
    :param column: for ``TRY``: the 0-based column tried (-1 for ``SOLUTION``).
    """

    ask: Ask
    puzzle: Puzzle
    moves: tuple[int, ...]
    column: int = -1


@dataclass(frozen=True)
class Answer:
    """The judge's answer to :attr:`request`.

    :param result: for ``TRY``: the :class:`~connect4_game.puzzles.TryResult`
        (None on an error).
    :param reply: for a ``TRY`` that ``WINS``: the defender's 0-based column
        after it; else None.
    :param line: for ``SOLUTION``: the 0-based columns from the puzzle's
        position to the four in a row (``2 * win_in - 1`` of them).
    :param error: one line when the solver raised; '' otherwise.
    """

    request: Request
    result: TryResult | None = None
    reply: int | None = None
    line: tuple[int, ...] = ()
    error: str = ''


def judge(request: Request) -> Answer:
    """Answer ``request`` here and now (the judge thread calls this; so
    may a test). Never raises: a solver error becomes :attr:`Answer.error`."""
    try:
        if request.ask is Ask.SOLUTION:
            return Answer(request, line=solution(request.puzzle))
        game = Game(6, 7, request.moves)
        result = check_try(request.puzzle, game, request.column)
        reply = None
        if result is TryResult.WINS:
            game.push(request.column)
            reply = defence(game)
        return Answer(request, result, reply)
    except Exception as exc:         # a solver bug must not stop the window
        return Answer(request, error=f'{type(exc).__name__}: {exc}'[:200])


class PuzzleJudge:
    """A daemon thread answering :class:`Request`\\ s in order; it starts
    when asked and ends as soon as nothing is left to answer, so a screen
    that is dropped leaves no thread behind.

    :meth:`ask` queues a request, :meth:`poll` returns the answers so far
    (never blocks), :meth:`wait` blocks until nothing is left to answer (for
    tests and the screenshot tool: an explicit wait, not a sleep),
    :meth:`close` drops the requests not yet started.
    """

    def __init__(self) -> None:
        self._todo: list[Request] = []
        self._done: queue.Queue[Answer] = queue.Queue()
        self._open = 0                      # requests asked and not yet answered
        self._lock = threading.Condition()
        self._running = False

    def ask(self, request: Request) -> None:
        """Queue ``request``; its :class:`Answer` comes out of :meth:`poll`."""
        with self._lock:
            self._open += 1
            self._todo.append(request)
            if not self._running:
                self._running = True
                threading.Thread(target=self._run, name='puzzle-judge', daemon=True).start()

    def busy(self) -> bool:
        """Whether a request is still being answered."""
        with self._lock:
            return self._open > 0

    def poll(self) -> list[Answer]:
        """The answers that came in since the last call, oldest first."""
        out = []
        while True:
            try:
                out.append(self._done.get_nowait())
            except queue.Empty:
                return out

    def wait(self, timeout: float = 30.0) -> bool:
        """Block until every request asked is answered (or ``timeout``
        seconds passed). :returns: True if nothing is left to answer."""
        with self._lock:
            return self._lock.wait_for(lambda: self._open == 0, timeout)

    def close(self) -> None:
        """Drop the requests not started yet (the one being answered ends
        on its own; its answer is never polled)."""
        with self._lock:
            self._open -= len(self._todo)
            self._todo.clear()
            self._lock.notify_all()

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._todo:
                    self._running = False
                    return
                request = self._todo.pop(0)
            answer = judge(request)
            self._done.put(answer)
            with self._lock:
                self._open -= 1
                self._lock.notify_all()
