"""Tests for connect4_game.ai.bitboard against the assignment Board (ps9 Problem 1)."""
import random
from types import SimpleNamespace

import pytest

from connect4_game.ai import bitboard as bb
from connect4_game.core.board import Board
from tests.ai.kernel_positions import cell_bit


def random_board(rng, h, w, n):
    """Board of h x w with up to n checkers dropped in random non-full columns,
    alternating X/O (games may continue after a four: we want those too)."""
    b = Board(h, w)
    checker = rng.choice("XO")
    for _ in range(n):
        cols = [c for c in range(w) if b.can_add_to(c)]
        if not cols:
            break
        b.add_checker(checker, rng.choice(cols))
        checker = "O" if checker == "X" else "X"
    return b


def sizes(rng, count):
    out = [(1, 1), (1, 4), (4, 1), (6, 7), (12, 14), (3, 3), (4, 4)]
    out += [(rng.randint(1, 12), rng.randint(1, 14)) for _ in range(count)]
    return out


def test_has_four_matches_is_win_for_on_random_positions():
    rng = random.Random(1234)
    checked = wins = 0
    for h, w in sizes(rng, 60):
        for _ in range(25):
            b = random_board(rng, h, w, rng.randint(0, h * w))
            for checker in "XO":
                cur, mask = bb.from_board(b, checker)
                other = cur ^ mask
                assert bb.has_four(cur, h) == b.is_win_for(checker), (h, w, b.slots)
                opp = "O" if checker == "X" else "X"
                assert bb.has_four(other, h) == b.is_win_for(opp), (h, w, b.slots)
                checked += 1
                wins += b.is_win_for(checker)
    # the generator must actually produce both outcomes
    assert wins > 50 and checked - wins > 50


def test_slots_give_every_cell_its_bit():
    rng = random.Random(7)
    for h, w in sizes(rng, 20):
        b = random_board(rng, h, w, rng.randint(0, h * w))
        cur, mask = bb.from_board(b, "X")
        for r in range(h):
            for c in range(w):
                bit = cell_bit(h, c, h - 1 - r)
                cell = "X" if cur & bit else "O" if mask & bit else " "
                assert cell == b.slots[r][c], (h, w, r, c)
        assert mask & ~bb.geometry(h, w).board == 0


def test_play_matches_add_checker_and_can_play_matches_can_add_to():
    rng = random.Random(99)
    for h, w in sizes(rng, 30):
        b = random_board(rng, h, w, rng.randint(0, h * w))
        cur, mask = bb.from_board(b, "O")
        for c in range(w):
            assert bb.can_play(mask, h, c) == b.can_add_to(c)
            if not b.can_add_to(c):
                with pytest.raises(ValueError):
                    bb.play(cur, mask, h, c)
                continue
            cell = bb.play_bit(mask, h, c)
            assert cell & bb.geometry(h, w).possible(mask) == cell and cell.bit_count() == 1
            nxt, mask2 = bb.play(cur, mask, h, c)
            b.add_checker("O", c)
            x, m = bb.from_board(b, "X")
            assert (nxt, mask2) == (x, m)  # other side's point of view
            b.remove_checker(c)


def test_winning_cells_brute_force():
    rng = random.Random(5)
    for h, w in sizes(rng, 40):
        b = random_board(rng, h, w, rng.randint(0, h * w))
        for checker in "XO":
            if b.is_win_for(checker):
                continue
            cur, mask = bb.from_board(b, checker)
            expected = 0
            for r in range(h):
                for c in range(w):
                    if b.slots[r][c] != " ":
                        continue
                    b.slots[r][c] = checker  # any empty cell, even floating
                    if b.is_win_for(checker):
                        expected |= cell_bit(h, c, h - 1 - r)
                    b.slots[r][c] = " "
            assert bb.winning_cells(cur, mask, h, w) == expected, (h, w, b.slots)


def test_from_moves_matches_board_add_checkers():
    line = "2252576253462244111563365343671351441"
    b = Board(6, 7)
    b.add_checkers("".join(str(int(ch) - 1) for ch in line))
    to_move = "X" if len(line) % 2 == 0 else "O"
    assert bb.from_moves(line) == bb.from_board(b, to_move)
    with pytest.raises(ValueError):
        bb.from_moves("8")
    with pytest.raises(ValueError):
        bb.from_moves("1111111")  # column 1 overflows
    with pytest.raises(ValueError):
        bb.from_moves("12121213")  # 8th move after X's vertical four


def test_keys_unique_and_mirror():
    rng = random.Random(3)
    seen = {}
    h, w = 4, 5
    for _ in range(3000):
        b = random_board(rng, h, w, rng.randint(0, h * w))
        cur, mask = bb.from_board(b, "X")
        k = bb.key(cur, mask)
        if k in seen:
            assert seen[k] == (cur, mask)
        seen[k] = (cur, mask)
        mirrored = [row[::-1] for row in b.slots]
        mc, mm = bb.from_board(SimpleNamespace(slots=mirrored), "X")
        assert (bb.mirror(cur, h, w), bb.mirror(mask, h, w)) == (mc, mm)
    assert len(seen) > 1000


def test_geometry_and_errors():
    g = bb.geometry(6, 7)
    assert g is bb.geometry(6, 7)
    assert g.order == [3, 2, 4, 1, 5, 0, 6]
    assert bb.geometry(1, 1).order == [0]
    assert g.board.bit_count() == 42 and g.bottom.bit_count() == 7
    for bad in (0, -1, 2.5):
        with pytest.raises(ValueError):
            bb.Geometry(bad, 7)
        with pytest.raises(ValueError):
            bb.Geometry(6, bad)
    with pytest.raises(ValueError):
        bb.from_board(SimpleNamespace(slots=[[" "]]), "Z")
    with pytest.raises(ValueError):
        bb.from_board(SimpleNamespace(slots=[[" ", " "], [" "]]), "X")
    with pytest.raises(ValueError):
        bb.from_board(SimpleNamespace(slots=[["Q"]]), "X")
