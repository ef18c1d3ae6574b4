#!/usr/bin/env python3
"""Make the puzzle set shipped in ``connect4_game/trainer/puzzles.json``.

    python tools/make_puzzles.py [--seed 111] [--games 300] [--jobs 2]

1. **Games.** Games between the project's levels (Easy, Medium, Hard of
   :mod:`connect4_game.ai.levels`, every pairing, each side), a few of them
   after a short opening drawn near the centre so that the games differ.
   The levels run on their node budgets only (their time budgets are made
   too long to matter and Hard's timed solver step is off), and every game
   starts with a fresh search table, so game ``i`` depends only on the
   seed, ``i`` and the code of the levels: every run makes the same set,
   whatever ``--jobs`` (a change to the levels changes the games, and so
   the set).
2. **Candidates.** Every position of those games that is not over (from
   :data:`MIN_CHECKERS` checkers on) is
   solved exactly (:func:`connect4_game.trainer.play.winning_columns`:
   bitbully when installed, else the project's solver -- the same result,
   slower); a position where exactly one column wins is a candidate
   "win in N" (N = the winner's own moves against the longest resistance).
   Mirror images and transpositions count once
   (:func:`~connect4_game.trainer.model.position_key`).
3. **Choice.** Per grade (win in 1 .. 7, and 8 or more), ``--per-grade``
   candidates drawn with the seed, with at least :data:`MIN_CHECKERS`
   checkers on the board; for 8 or more, only wins in at most
   :data:`MAX_WIN_IN` moves. Each chosen puzzle is proven again with the
   project's own solver (:func:`prove`); a
   puzzle whose proof needs more than ``--max-nodes`` positions is passed
   over (so that the test suite proves the whole set in seconds).

Writes the JSON (``--out``, default the package's file) and prints the
count per grade. Takes about four minutes on two cores with bitbully
installed; without it the project's solver finds the same set, many times
slower.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from connect4_game.ai import bitboard as bb  # noqa: E402
from connect4_game.ai.alphabeta import alphabeta_for  # noqa: E402
from connect4_game.ai.book import default_book  # noqa: E402
from connect4_game.ai.levels import LevelPlayer, get_level  # noqa: E402
from connect4_game.ai.perfect import LOCK  # noqa: E402
from connect4_game.ai.solver import Solver, get_solver, plies_to_score  # noqa: E402
from connect4_game.core.game import Game  # noqa: E402
from connect4_game.trainer.model import (  # noqa: E402
    COLS,
    DATA_VERSION,
    MAX_GRADE,
    ROWS,
    Puzzle,
    grade_of,
    plies_of_win_in,
    position_key,
    puzzle_id,
)
from connect4_game.trainer.play import winning_columns  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / 'connect4_game' / 'trainer' / 'puzzles.json'

PAIRINGS = (('easy', 'medium'), ('medium', 'easy'), ('medium', 'medium'), ('medium', 'hard'),
            ('hard', 'medium'), ('easy', 'hard'), ('hard', 'easy'), ('hard', 'hard'),
            ('easy', 'easy'))
"""(X, O) levels, game ``i`` playing ``PAIRINGS[i % len(PAIRINGS)]``."""

MAX_WIN_IN = 12
"""The longest win kept in the top grade (own moves)."""

MIN_CHECKERS = 8
"""The fewest checkers on the board of a puzzle: earlier, a long win is a
fact of the opening book rather than a puzzle."""

OPENING_WEIGHTS = (1, 2, 4, 6, 4, 2, 1)
"""How an opening move is drawn: weight per column, centre first."""


@dataclasses.dataclass(frozen=True)
class Verdict:
    """A proof's outcome: ``ok``, the ``reason`` it failed (one line, ``''`` when
    ok) and the ``nodes`` the solver searched."""

    ok: bool
    reason: str = ''
    nodes: int = 0


def _opening(moves: Sequence[int], win_in: int, answer: int) -> tuple[int, int] | str:
    """The puzzle position's ``(cur, mask)``, or why it is none."""
    try:
        cur, mask = bb.play_moves(list(moves), ROWS, COLS)
        plies_of_win_in(win_in)
    except ValueError as exc:
        return str(exc)
    if bb.has_four(cur ^ mask, ROWS):
        return 'the game is already won'
    if mask.bit_count() >= ROWS * COLS:
        return 'the board is full'
    if not (isinstance(answer, int) and 0 <= answer < COLS) or not bb.can_play(mask, ROWS, answer):
        return f'the answer {answer!r} is not a playable column'
    return cur, mask


def prove(moves: Sequence[int], win_in: int, answer: int,
          solver: Solver | None = None) -> Verdict:
    """Whether after ``moves`` (0-based, 6x7) the side to move wins by ``answer``
    (0-based) in exactly ``win_in`` own moves and with no other column; ``solver``
    defaults to the shared one. A wrong puzzle is the :class:`Verdict`'s reason, never raised."""
    start = _opening(moves, win_in, answer)
    if isinstance(start, str):
        return Verdict(False, start)
    if solver is None:
        with LOCK:
            return prove(moves, win_in, answer, get_solver(ROWS, COLS))
    cur, mask = start
    s = solver
    s.set_budget()
    target = plies_to_score(plies_of_win_in(win_in), mask.bit_count(), ROWS * COLS)
    now = s.can_win_now(cur, mask)
    for col in range(COLS):
        if not bb.can_play(mask, ROWS, col):
            continue
        if now & s.geo.col_mask[col]:
            if col != answer or win_in != 1:
                return Verdict(False, f'column {col + 1} wins at once', s.searched())
            continue
        child = bb.play(cur, mask, ROWS, col)
        if col == answer:
            # the mover scores `target` here <=> the opponent scores exactly -target
            exact = s.at_least(*child, -target) and not s.at_least(*child, -target + 1)
            if not exact:
                return Verdict(False, f'column {col + 1} does not win in exactly {win_in}',
                               s.searched())
        elif not s.at_least(*child, 0):
            return Verdict(False, f'column {col + 1} wins too', s.searched())
    return Verdict(True, '', s.searched())


class Candidate(NamedTuple):
    """A position where exactly one column wins: ``moves`` (0-based), ``win_in``
    (own moves), ``answer`` (0-based column), ``game`` (index), ``key``
    (:func:`position_key`)."""

    moves: tuple[int, ...]
    win_in: int
    answer: int
    game: int
    key: int


def _player(level: str, checker: str, rng: random.Random) -> LevelPlayer:
    """A level that runs on its node budget alone (repeatable play)."""
    own = get_level(level).setting
    assert own is not None, level              # a level that searches
    setting = dataclasses.replace(own, seconds=1000.0, solve_seconds=0.0)
    return LevelPlayer(level, checker, rng, setting=setting)


def play_game(seed: int, index: int) -> list[int]:
    """The moves (0-based columns) of game ``index`` of the set made with ``seed``."""
    alphabeta_for(ROWS, COLS).clear()
    rng = random.Random(seed * 1_000_003 + index)
    x_level, o_level = PAIRINGS[index % len(PAIRINGS)]
    players = {'X': _player(x_level, 'X', rng), 'O': _player(o_level, 'O', rng)}
    game = Game(ROWS, COLS)
    for _ in range(rng.choice((0, 0, 1, 2, 3))):
        game.push(rng.choices(range(COLS), OPENING_WEIGHTS)[0])
    while not game.over:
        game.push(players[game.to_move].next_move(game.board))
    return list(game.moves)


def game_candidates(job: tuple[int, int]) -> list[Candidate]:
    """Every candidate of game ``job = (seed, index)`` (see the module docstring)."""
    seed, index = job
    moves = play_game(seed, index)
    found = []
    for ply in range(MIN_CHECKERS, len(moves)):
        position = tuple(moves[:ply])
        wins = winning_columns(position)
        if len(wins) == 1:
            (answer, win_in), = wins.items()
            found.append(Candidate(position, win_in, answer, index, position_key(position)))
    return found


def collect(seed: int, games: int, jobs: int) -> dict[int, Candidate]:
    """The candidates of ``games`` games, one per position (the first found), by key."""
    todo = [(seed, i) for i in range(games)]
    out: dict[int, Candidate] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for found in pool.map(game_candidates, todo, chunksize=4):
            for cand in found:
                out.setdefault(cand.key, cand)
    return out


def _cached(path: Path | None, seed: int, games: int, jobs: int) -> dict[int, Candidate]:
    """:func:`collect`, read from / written to ``path`` when given."""
    if path is not None and path.exists():
        rows = json.loads(path.read_text(encoding='utf-8'))
        if rows['seed'] == seed and rows['games'] >= games:
            # the first games of a longer run: the same candidates as a run of `games`
            return {c[4]: Candidate(tuple(c[0]), c[1], c[2], c[3], c[4])
                    for c in rows['candidates'] if c[3] < games}
    cands = collect(seed, games, jobs)
    if path is not None:
        path.write_text(json.dumps({'seed': seed, 'games': games,
                                    'candidates': list(cands.values())}), encoding='utf-8')
    return cands


def _proof_nodes(cand: Candidate) -> int | None:
    """Positions the project's solver searches to prove ``cand`` from an empty
    table, or None if the proof fails."""
    solver = Solver(ROWS, COLS, book=default_book(), tt_size=1 << 20)
    verdict = prove(cand.moves, cand.win_in, cand.answer, solver)
    return verdict.nodes if verdict.ok else None


def choose(cands: dict[int, Candidate], seed: int, per_grade: int,
           max_nodes: int) -> Iterator[Candidate]:
    """``per_grade`` candidates per grade, drawn with ``seed``, proven cheaply."""
    rng = random.Random(seed)
    for grade in range(1, MAX_GRADE + 1):
        pool = sorted((c for c in cands.values()
                       if grade_of(c.win_in) == grade and c.win_in <= MAX_WIN_IN
                       and len(c.moves) >= MIN_CHECKERS),
                      key=lambda c: c.key)
        rng.shuffle(pool)
        taken = 0
        for cand in pool:
            if taken == per_grade:
                break
            nodes = _proof_nodes(cand)
            if nodes is not None and nodes <= max_nodes:
                taken += 1
                yield cand
        print(f'grade {grade}: {taken} of {len(pool)} candidates', file=sys.stderr)


def to_json(chosen: list[Candidate], made_by: str) -> dict[str, Any]:
    """The data file's content (see :mod:`connect4_game.trainer.model`),
    easiest first; ``made_by`` is the command that made it."""
    puzzles = sorted((Puzzle(puzzle_id(c.moves), c.moves, c.win_in, c.answer) for c in chosen),
                     key=lambda p: (p.win_in, len(p.moves), p.id))
    return {'version': DATA_VERSION, 'rows': ROWS, 'cols': COLS, 'made_by': made_by,
            'puzzles': [p.to_json() for p in puzzles]}


def dump(data: dict[str, Any]) -> str:
    """The data file's text: the header on one line, then one puzzle a line."""
    head = json.dumps({k: v for k, v in data.items() if k != 'puzzles'})
    body = ',\n  '.join(json.dumps(p) for p in data['puzzles'])
    return f'{head[:-1]}, "puzzles": [\n  {body}\n]}}\n'


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description='make the puzzle set (see the module docstring)')
    ap.add_argument('--seed', type=int, default=111)
    ap.add_argument('--games', type=int, default=300)
    ap.add_argument('--per-grade', type=int, default=26)
    ap.add_argument('--max-nodes', type=int, default=100_000)
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    ap.add_argument('--out', type=Path, default=OUT)
    ap.add_argument('--candidates', type=Path,
                    help='keep the candidates in this JSON file: read it if it exists, else '
                         'write it (to try other choices without replaying the games)')
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    cands = _cached(a.candidates, a.seed, a.games, a.jobs)
    spread = Counter(grade_of(c.win_in) for c in cands.values())
    print(f'{len(cands)} candidates from {a.games} games in {time.perf_counter() - t0:.0f} s: '
          f'{dict(sorted(spread.items()))}', file=sys.stderr)
    chosen = list(choose(cands, a.seed, a.per_grade, a.max_nodes))
    data = to_json(chosen, f'tools/make_puzzles.py --seed {a.seed} --games {a.games} '
                           f'--per-grade {a.per_grade} --max-nodes {a.max_nodes}')
    a.out.write_text(dump(data), encoding='utf-8')
    print(f'{len(chosen)} puzzles written to {a.out} in {time.perf_counter() - t0:.0f} s',
          file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main())
