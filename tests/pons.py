"""Pascal Pons' Connect Four test sets (``tests/data/pons``) and their reader.

Each file holds 1,000 positions of the 6x7 game, one per line: the moves
played (columns 1-7, first player first) and the exact score for the side to
move (positive: it wins; larger: sooner). Source: Pascal Pons, "Solving
Connect 4: how to build a perfect AI", part 2 "Test protocol"
(http://blog.gamesolver.org/solving-connect-four/02-test-protocol/); the names
say the stage (L3 end, L2 middle, L1 beginning) and the difficulty (R1 easy ..
R3 hard). Used by the tests and by ``benchmarks/``.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ['PONS_DIR', 'PONS_FILES', 'read_pons', 'pons_path']

PONS_DIR = Path(__file__).resolve().parent / 'data' / 'pons'
PONS_FILES = ('Test_L3_R1', 'Test_L2_R1', 'Test_L2_R2', 'Test_L1_R1', 'Test_L1_R2', 'Test_L1_R3')


def pons_path(name: str, folder: str | os.PathLike[str] | None = None) -> Path:
    """The path of test set ``name`` in ``folder`` (default :data:`PONS_DIR`)."""
    return Path(folder or PONS_DIR) / name


def read_pons(path: str | os.PathLike[str], limit: int | None = None) -> list[tuple[str, int]]:
    """``(moves, score)`` pairs from a Pons test file (at most ``limit``).

    :raises ValueError: naming a malformed line.
    :raises OSError: if the file cannot be read.
    """
    out = []
    with open(path, encoding='ascii') as f:
        for n, line in enumerate(f, 1):
            parts = line.split()
            if not parts:
                continue
            if len(parts) != 2 or not parts[0].isdigit():
                raise ValueError(f'{path}:{n}: bad line {line.strip()[:80]!r}')
            out.append((parts[0], int(parts[1])))
            if limit is not None and len(out) >= limit:
                break
    return out
