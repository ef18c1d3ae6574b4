"""``--analyze MOVES [MOVES ...]``: every column's perfect-play result for each position, as a
short table or, with ``--json``, one JSON object a line (docs/command-line.md)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from connect4_game.core.board import DEFAULT_COLS, DEFAULT_ROWS
from connect4_game.core.messages import clip, quote
from connect4_game.core.notation import column_name, format_moves, read_game

if TYPE_CHECKING:
    from connect4_game.ai.perfect import PerfectResult

__all__ = ['run_analyze', 'result_json']


def run_analyze(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Analyse each position of ``args.analyze`` (columns 1..N; ``""`` the empty board), all read
    before the first is analysed; 0, or 2 after one line on stderr for a bad position."""
    from connect4_game.ai import perfect
    from connect4_game.ai.expert import DEFAULT_TIME_BUDGET
    rows, cols = args.rows or DEFAULT_ROWS, args.cols or DEFAULT_COLS
    positions = []
    for text in args.analyze:
        try:
            game = read_game(text, rows, cols)
        except ValueError as exc:
            return _refuse(parser, f'{quote(text)}: {clip(exc, 200)}')
        if game.outcome is not None and game.outcome.winner:
            return _refuse(parser, f'{quote(text)}: {game.outcome.winner} has already won: '
                                   'there is no move to analyse')
        positions.append(game.moves)
    budget = None if perfect.always_proven(rows, cols) else DEFAULT_TIME_BUDGET
    for moves in positions:
        res = perfect.solve_position(moves, rows, cols, time_budget=budget)
        if args.json:
            print(json.dumps(result_json(moves, res)), flush=True)
        else:
            _print_table(moves, res, perfect.backend_label(res.backend))
    return 0


def _refuse(parser: argparse.ArgumentParser, why: str) -> int:
    print(f'{parser.prog}: error: --analyze {why}', file=sys.stderr)
    return 2


def result_json(moves: list[int], res: PerfectResult) -> dict[str, Any]:
    """One position's JSON object: ``moves`` (players' notation), ``columns`` (``column``
    1..N, ``result`` ``'win'``/``'draw'``/``'loss'``/``'full'``, ``plies`` to the end or None,
    the Pons ``score`` or None, ``exact``), ``seconds``, ``nodes`` and ``backend``."""
    columns = []
    for c in res.columns:
        s = c.score
        columns.append({'column': c.column + 1, 'result': 'full' if s is None else s.wdl.value,
                        'plies': None if s is None or not s.exact else s.plies,
                        'score': None if s is None or not s.exact else s.pons,
                        'exact': s is not None and s.exact})
    return {'moves': format_moves(moves), 'columns': columns,
            'seconds': round(res.elapsed, 4), 'nodes': res.nodes, 'backend': res.backend}


def _print_table(moves: list[int], res: PerfectResult, backend: str) -> None:
    shown = format_moves(moves) or '(the empty board)'
    print(f'{shown}: {res.to_move} to move · {backend} · {res.elapsed:.2f} s, '
          f'{res.nodes:,} positions')
    best = set(res.best)
    for c in res.columns:
        mark = '  best' if c.column in best and c.score is not None else ''
        print(f'  {column_name(c.column):>2}  {c.label}{mark}')
    if not res.exact:
        print('  ≈: an estimate (the solver ran out of time), not a proven result.')
