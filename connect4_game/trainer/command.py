"""``--puzzles`` on the command line: the puzzle set as a short listing (no
answers) or, with ``--json``, as JSON."""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Sequence

from connect4_game.core.messages import broken_install
from connect4_game.trainer.model import (
    MAX_GRADE,
    Puzzle,
    PuzzleDataError,
    grade_label,
    load_puzzles,
)

__all__ = ['puzzle_mode', 'run_puzzles', 'listing']

_KEPT = ('puzzles', 'json', 'game')     # options that may go with --puzzles


def puzzle_mode(args: argparse.Namespace, parser: argparse.ArgumentParser
                ) -> tuple[str, tuple[str, ...]]:
    """The mode's name for messages and the options refused with ``--puzzles`` (every option but
    ``--json``); refuses ``--game oska`` and ``--review`` itself (exit 2)."""
    if args.game != 'connect4':
        parser.error('--puzzles are Connect Four puzzles; leave out --game oska')
    if getattr(args, 'review', None) is not None:
        parser.error('--puzzles and --review: use one of them')
    return 'the puzzle list (--puzzles)', tuple(n for n in vars(args) if n not in _KEPT)


def listing(puzzles: Sequence[Puzzle]) -> list[str]:
    """The readable lines: the count per grade, then one line per puzzle
    (number, task, position, id) -- no answers."""
    per_grade = Counter(p.grade for p in puzzles)
    grades = ', '.join(f'{grade_label(g).lower()}: {per_grade[g]}'
                       for g in range(1, MAX_GRADE + 1) if per_grade[g])
    lines = [f'{len(puzzles)} puzzles ({grades})']
    width = max((len(p.title) for p in puzzles), default=0)
    for p in puzzles:
        lines.append(f'{p.number:4d}. {p.title:<{width}}  after {p.position or "(no moves)"}'
                     f'  [{p.id}]')
    return lines


def run_puzzles(args: argparse.Namespace) -> int:
    """Print the puzzle set (``args.json``: as JSON). Returns the exit status: 0, or 1 with one line
    on stderr, naming the reinstall command, if the shipped set cannot be read."""
    try:
        puzzles = load_puzzles()
    except (PuzzleDataError, OSError) as exc:
        print(f'connect4-pygame: {broken_install(exc)}', file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps([p.to_json() for p in puzzles]))
    else:
        print('\n'.join(listing(puzzles)))
    return 0
