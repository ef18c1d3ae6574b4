#!/usr/bin/env python3
"""Precompute the table of exact values of 6x7 positions with few checkers
stored next to :mod:`connect4_game.ai.book` (``small_table.b64``): every mirror-distinct
position with at most PLY checkers is solved by our solver with the 12-ply book.

Offline, slow (hours for PLY 5): ``python tools/build_small_table.py 5 --part 0
--parts 2``, then merge the JSON parts and write them with
:func:`encode_small`.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import sys
from collections.abc import Iterator

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from connect4_game.ai import book  # noqa: E402
from connect4_game.ai.bitboard import geometry, has_four, play_bit  # noqa: E402
from connect4_game.ai.solver import get_solver, score_to_plies  # noqa: E402
from connect4_game.core.board import DEFAULT_COLS, DEFAULT_ROWS  # noqa: E402  (the book's 6x7)


def few_checker_positions(max_ply: int) -> Iterator[tuple[int, int]]:
    """``(first player's cells, mask)`` of every 6x7 position with <= ``max_ply``
    checkers reachable without a four, X first, one of each mirror pair."""
    geo = geometry(DEFAULT_ROWS, DEFAULT_COLS)
    seen = set()
    frontier = [(0, 0)]          # (cur = side to move, mask)
    for n in range(max_ply + 1):
        nxt = []
        for cur, mask in frontier:
            first = cur if n % 2 == 0 else cur ^ mask
            k = book.small_key(first, mask)
            if k in seen:
                continue
            seen.add(k)
            yield first, mask
            if n == max_ply:
                continue
            for c in range(DEFAULT_COLS):
                if not mask & geo.top_cells[c]:
                    m = play_bit(mask, DEFAULT_ROWS, c)
                    if not has_four(cur | m, DEFAULT_ROWS):
                        nxt.append((cur ^ mask, mask | m))
        frontier = nxt


def encode_small(table: dict[int, int]) -> str:
    """The text of :data:`connect4_game.ai.book.SMALL_TABLE_FILE` for ``table``."""
    raw = bytearray()
    for k in sorted(table):
        raw += k.to_bytes(4, "big") + (table[k] & 0xFF).to_bytes(1, "big")
    return base64.b64encode(bytes(raw)).decode("ascii")


def build_small(max_ply: int, part: int = 0, parts: int = 1) -> dict[int, int]:
    """Solve every position with <= ``max_ply`` checkers (slice ``part`` of
    ``parts``) with the solver and the 12-ply book; returns {small_key:
    signed plies to the end for the side to move}."""
    solver = get_solver(DEFAULT_ROWS, DEFAULT_COLS)
    out: dict[int, int] = {}
    for i, (first, mask) in enumerate(few_checker_positions(max_ply)):
        if i % parts != part:
            continue
        n = mask.bit_count()
        cur = first if n % 2 == 0 else first ^ mask
        solver.set_budget()
        s = solver.solve(cur, mask, True)
        out[book.small_key(first, mask)] = score_to_plies(s, n, DEFAULT_ROWS * DEFAULT_COLS)
    return out


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="precompute the few-checker table")
    ap.add_argument("ply", type=int, nargs="?", default=5)
    ap.add_argument("--part", type=int, default=0)
    ap.add_argument("--parts", type=int, default=1)
    a = ap.parse_args()
    print(json.dumps(build_small(a.ply, a.part, a.parts)))
