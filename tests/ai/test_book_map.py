"""The opening book answers a probe from a memory map of its file, without reading the 21 MB
into memory, and as the whole table the compiled kernel gets."""

import random

import pytest

from connect4_game.ai import book as bookmod
from connect4_game.ai.bitboard import play

PATH = bookmod.book_path()
needs_book = pytest.mark.skipif(PATH is None, reason="bitbully-databases not installed")


def _anonymous_kb() -> int:
    with open('/proc/self/smaps_rollup', encoding='ascii') as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith('Anonymous:'))


def _positions(n, seed=7):
    """``n`` random 12-checker positions: (X's cells, all cells)."""
    rng = random.Random(seed)
    for _ in range(n):
        cur = mask = 0
        for _ in range(12):
            cols = [c for c in range(7) if not mask & (1 << (c * 7 + 5))]
            cur, mask = play(cur, mask, 6, rng.choice(cols))
        yield cur ^ mask, mask          # X moved first: the side that did not move last


@needs_book
def test_probes_read_the_file_through_a_map_and_agree_with_the_table():
    mapped, whole = bookmod.OpeningBook(PATH), bookmod.OpeningBook(PATH)
    assert whole.table() is not None and whole.loaded
    before = _anonymous_kb()
    answers = [mapped.probe(first, mask) for first, mask in _positions(300)]
    assert not mapped.loaded
    assert _anonymous_kb() - before < 4 * 1024           # kB: not the 21 MB of the table
    assert sum(a is not None for a in answers) > 100
    assert answers == [whole.probe(first, mask) for first, mask in _positions(300)]


def test_a_book_file_of_a_wrong_size_is_dropped_with_the_reason(tmp_path):
    bad = tmp_path / 'book.dat'
    bad.write_bytes(b'\x00' * 12)
    bk = bookmod.OpeningBook(str(bad))
    first, mask = next(_positions(1))
    assert bk.probe(first, mask) is None
    assert bk.path is None and 'not a multiple of 5' in bk.error
    assert bk.table() is None
