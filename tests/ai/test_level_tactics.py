"""The exact filters of the levels' root columns (connect4_game.ai.levels)."""
from connect4_game.ai import bitboard as bb
from connect4_game.ai.levels import (
    book_columns,
    double_threat_columns,
    forced_four_columns,
    solved_columns,
    threat_scores,
)
from connect4_game.core.board import Board

GEO = bb.geometry(6, 7)


def board(moves, h=6, w=7):
    b = Board(h, w)
    for ch in moves:
        b.add_checker(b.to_move(), int(ch))
    return b


def cols(cells, geo=GEO):
    return [c for c in range(geo.w) if cells & geo.col_mask[c]]


def test_threat_scores_count_a_four_on_the_last_cell_as_a_win():
    # 4x4 board, one cell left: X (to move) completes a row there
    b = board('012301230123012', h=4, w=4)
    cur, mask = bb.from_board(b, b.to_move())
    sc = threat_scores(cur, mask, 4, 4, 1)
    assert sc.count(-1) == 3 and max(sc) in (100, 50)
    b.add_checker(b.to_move(), sc.index(max(sc)))
    assert (max(sc) == 100) == (b.is_win_for('X') or b.is_win_for('O'))


def test_forced_four_columns_drop_the_trap_and_find_forced_fours():
    b = board('362')                          # O to move, X threatens _XXX_
    cur, mask = bb.from_board(b, 'O')
    poss = GEO.possible(mask)
    keep, won = forced_four_columns(cur, mask, 6, 7, poss, 4)
    assert not won and set(cols(keep)) == {1, 4}
    b = board('2535')                         # X 1 makes _XXX_ (X 4 would not: 5 is taken)
    cur, mask = bb.from_board(b, 'X')
    keep, won = forced_four_columns(cur, mask, 6, 7, GEO.possible(mask), 6)
    assert won and cols(keep) == [1]          # the shortest forced four only


def test_forced_four_columns_hold_out_when_every_column_loses():
    b = board('626304')                       # O has two fours to make: X is lost
    cur, mask = bb.from_board(b, 'X')
    poss = GEO.possible(mask)
    keep, won = forced_four_columns(cur, mask, 6, 7, poss, 4)
    assert not won and keep == poss


def test_double_threat_columns():
    b = board('362')                          # O to move, X threatens _XXX_
    cur, mask = bb.from_board(b, 'O')
    keep = double_threat_columns(cur, mask, 6, 7, GEO.possible(mask))
    assert set(cols(keep)) == {1, 4}
    b = board('3626')                         # O's three on column 6 gains a tempo
    cur, mask = bb.from_board(b, 'O')
    keep = double_threat_columns(cur, mask, 6, 7, GEO.possible(mask))
    assert set(cols(keep)) == {1, 4, 6}
    b = board('33')
    cur, mask = bb.from_board(b, 'X')
    assert double_threat_columns(cur, mask, 6, 7, GEO.possible(mask)) == GEO.possible(mask)


def test_book_columns_keep_the_best_result():
    # X wins only by the centre column; not in a normal game's position, no book
    assert cols(book_columns(0, 0, 6, 7, GEO.possible(0), True)) == [3]
    assert book_columns(0, 0, 6, 7, GEO.possible(0), False) == GEO.possible(0)
    b = board('3')                            # O: every answer loses, all kept
    cur, mask = bb.from_board(b, 'O')
    assert book_columns(cur, mask, 6, 7, GEO.possible(mask), True) == GEO.possible(mask)
    b = board('0123456')                      # 7 checkers: outside the book
    cur, mask = bb.from_board(b, 'O')
    assert book_columns(cur, mask, 6, 7, GEO.possible(mask), True) == GEO.possible(mask)
    g8 = bb.geometry(6, 8)
    assert book_columns(0, 0, 6, 8, g8.possible(0), True) == g8.possible(0)


def test_solved_columns_near_the_end_and_out_of_time():
    b = board('3333332222224444441111115555550000')   # 34 checkers: solved at once
    me = b.to_move()
    cur, mask = bb.from_board(b, me)
    poss = GEO.possible(mask)
    keep, won = solved_columns(cur, mask, 6, 7, poss, 5.0, alternating=True)
    assert keep and keep & ~poss == 0
    keep2, won2 = solved_columns(cur, mask, 6, 7, poss, 0.0, alternating=True)
    assert keep2 == poss and not won2
