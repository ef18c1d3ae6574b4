"""The puzzle set (6x7, ``puzzles.json``; docs/ai.md: puzzles and practice)."""
from __future__ import annotations

import datetime
import functools
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources import files

from connect4_game.ai import bitboard as bb
from connect4_game.core.game import Game
from connect4_game.core.notation import format_moves, parse_position
from connect4_game.core.side import Side

__all__ = ['ROWS', 'COLS', 'DATA_VERSION', 'MAX_GRADE', 'SIDE_NAMES', 'Puzzle', 'PuzzleDataError',
           'plies_of_win_in', 'position_key', 'puzzle_id', 'grade_of', 'grade_label',
           'load_puzzles', 'parse_puzzles', 'puzzle_of_the_day']

ROWS, COLS = 6, 7           # the puzzles' board: the standard one only

DATA_VERSION = 1            # the version of the data file's layout
DATA_FILE = 'puzzles.json'

MAX_GRADE = 8               # grades run 1..8, the top one "win in 8 or more"
SIDE_NAMES = {Side.X: 'Red', Side.O: 'Yellow'}      # the checkers' colours


class PuzzleDataError(ValueError):
    """Puzzle data that cannot be used: ``str(err)`` names the puzzle (1-based) and why."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: its ``id`` (:func:`puzzle_id`), the position's ``moves`` (0-based,
    X first; never a finished game), ``win_in`` (N >= 1 own moves, ``answer``
    included), the 0-based ``answer`` and its 1-based ``number`` (0: not in the set)."""

    id: str
    moves: tuple[int, ...]
    win_in: int
    answer: int
    number: int = 0

    @property
    def side(self) -> Side:
        """The side to play (and win)."""
        return Side.for_ply(len(self.moves) + 1)

    @property
    def grade(self) -> int:
        return grade_of(self.win_in)

    @property
    def position(self) -> str:
        """The moves in the players' notation, e.g. ``'4453'``."""
        return format_moves(self.moves)

    @property
    def title(self) -> str:
        """``'Red to play and win in 3'`` (the exact N, also past 8)."""
        return f'{SIDE_NAMES[self.side]} to play and win in {self.win_in}'

    def to_json(self) -> dict[str, object]:
        """``{"id", "moves" (players' notation), "win_in", "answer" (1..7)}``."""
        return {'id': self.id, 'moves': self.position, 'win_in': self.win_in,
                'answer': self.answer + 1}


def plies_of_win_in(win_in: int) -> int:
    """The plies to the end of a win in ``win_in`` own moves: ``2N - 1``.
    :raises ValueError: for ``win_in`` not an int >= 1."""
    if not isinstance(win_in, int) or isinstance(win_in, bool) or win_in < 1:
        raise ValueError(f'win_in must be an int >= 1, not {win_in!r}')
    return 2 * win_in - 1


def position_key(moves: Sequence[int]) -> int:
    """The identity of the 6x7 position after ``moves`` (0-based, X first) up to
    its mirror image: the smaller bitboard key of it and of its mirror.
    :raises ValueError: for an illegal move list (named)."""
    cur, mask = bb.play_moves(list(moves), ROWS, COLS)
    mirrored = bb.key(bb.mirror(cur, ROWS, COLS), bb.mirror(mask, ROWS, COLS))
    return min(bb.key(cur, mask), mirrored)


def puzzle_id(moves: Sequence[int]) -> str:
    """8 hex digits of the SHA-256 of :func:`position_key`.
    :raises ValueError: for an illegal move list."""
    return hashlib.sha256(str(position_key(moves)).encode('ascii')).hexdigest()[:8]


def grade_of(win_in: int) -> int:
    """The grade of a win in ``win_in`` moves: 1..7 as is, 8 for 8 or more.
    :raises ValueError: for ``win_in`` not an int >= 1."""
    plies_of_win_in(win_in)
    return min(win_in, MAX_GRADE)


def grade_label(grade: int) -> str:
    """``'Win in 1'`` .. ``'Win in 8 or more'``. :raises ValueError: for a grade not 1..8."""
    if not isinstance(grade, int) or not 1 <= grade <= MAX_GRADE:
        raise ValueError(f'a grade is 1..{MAX_GRADE}, not {grade!r}')
    return f'Win in {grade} or more' if grade == MAX_GRADE else f'Win in {grade}'


def _entry(i: int, entry: object) -> Puzzle:
    """Puzzle ``i`` (0-based) of the data's list."""
    where = f'puzzle {i + 1}'
    if not isinstance(entry, dict) or set(entry) != {'id', 'moves', 'win_in', 'answer'}:
        raise PuzzleDataError(f'{where}: not an object with id, moves, win_in and answer')
    pid, text, win_in, answer = entry['id'], entry['moves'], entry['win_in'], entry['answer']
    if not (isinstance(pid, str) and len(pid) == 8 and all(c in '0123456789abcdef' for c in pid)):
        raise PuzzleDataError(f'{where}: id must be 8 lower-case hex digits')
    if not isinstance(text, str):
        raise PuzzleDataError(f'{where}: moves must be a string of columns 1-7')
    try:
        moves = tuple(parse_position(text, ROWS, COLS)) if text else ()
        grade_of(win_in)
    except ValueError as exc:
        raise PuzzleDataError(f'{where}: {exc}') from None
    if not (isinstance(answer, int) and not isinstance(answer, bool) and 1 <= answer <= COLS):
        raise PuzzleDataError(f'{where}: answer must be a column 1-{COLS}')
    game = Game(ROWS, COLS, moves)
    if game.over:
        raise PuzzleDataError(f'{where}: the game is already over')
    if not game.can_play(answer - 1):
        raise PuzzleDataError(f'{where}: the answer, column {answer}, is full')
    return Puzzle(pid, moves, win_in, answer - 1, i + 1)


def parse_puzzles(data: object) -> tuple[Puzzle, ...]:
    """The puzzles of the data file's content, numbered 1.. in order; the layout,
    legal unfinished positions and unique ids are checked.
    :raises PuzzleDataError: naming the first bad puzzle or field."""
    if not isinstance(data, dict) or data.get('version') != DATA_VERSION \
            or (data.get('rows'), data.get('cols')) != (ROWS, COLS) \
            or not isinstance(data.get('puzzles'), list):
        raise PuzzleDataError(f'not puzzle data of version {DATA_VERSION} for {ROWS}x{COLS}')
    out = tuple(_entry(i, e) for i, e in enumerate(data['puzzles']))
    seen: set[str] = set()
    for p in out:
        if p.id in seen:
            raise PuzzleDataError(f'puzzle {p.number}: id {p.id} is used twice')
        seen.add(p.id)
    return out


@functools.lru_cache(maxsize=1)
def load_puzzles() -> tuple[Puzzle, ...]:
    """The shipped puzzle set, easiest first (cached).
    :raises PuzzleDataError: if the shipped file is missing, unreadable or broken."""
    try:
        text = files('connect4_game.trainer').joinpath(DATA_FILE).read_text(encoding='utf-8')
    except (OSError, UnicodeDecodeError) as exc:
        raise PuzzleDataError(f'{DATA_FILE} cannot be read: '
                              f'{getattr(exc, "strerror", None) or exc}') from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise PuzzleDataError(f'{DATA_FILE} is not JSON: {exc}') from None
    return parse_puzzles(data)


def puzzle_of_the_day(day: datetime.date, puzzles: Sequence[Puzzle] | None = None) -> Puzzle:
    """The puzzle of calendar day ``day``, the same on every machine, going round
    the set (default :func:`load_puzzles`) in a fixed order mixing the grades.
    :raises TypeError: if ``day`` is not a date. :raises ValueError: for no puzzles."""
    if not isinstance(day, datetime.date):
        raise TypeError(f'day must be a datetime.date, not {type(day).__name__}')
    pool = sorted(load_puzzles() if puzzles is None else puzzles, key=lambda p: hashlib.sha256(
        f'puzzle of the day {p.id}'.encode('ascii')).hexdigest())
    if not pool:
        raise ValueError('there are no puzzles')
    return pool[day.toordinal() % len(pool)]
