"""The engine's scores_for equals the literal seed outline (tests/oracle.py)."""

import random

import pytest

from connect4_game import AIPlayer, Board
from tests.oracle import oracle_scores


def random_position(rng, height, width):
    """A legal position reached by random play, possibly past a win."""
    b = Board(height, width)
    checker = 'X'
    for _ in range(rng.randrange(height * width + 1)):
        cols = b.legal_columns()
        if not cols:
            break
        b.add_checker(checker, rng.choice(cols))
        checker = 'O' if checker == 'X' else 'X'
        if (b.is_win_for('X') or b.is_win_for('O')) and rng.random() < 0.7:
            break
    return b


@pytest.mark.parametrize('seed', range(10))
def test_engine_equals_oracle_on_random_positions(seed):
    rng = random.Random(1000 + seed)
    for _ in range(50):   # 10 seeds x 50 = 500 positions
        h, w = rng.randint(1, 8), rng.randint(1, 9)
        b = random_position(rng, h, w)
        checker = rng.choice('XO')
        lookahead = rng.randint(0, 4) if h * w <= 42 else rng.randint(0, 3)
        before = [row[:] for row in b.slots]
        got = AIPlayer(checker, rng.choice(['LEFT', 'RIGHT', 'RANDOM']), lookahead).scores_for(b)
        assert b.slots == before
        assert got == oracle_scores(b, checker, lookahead), (repr(b), checker, lookahead)
