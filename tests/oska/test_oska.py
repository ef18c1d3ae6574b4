"""Tests for the Oska engine (ECS 170 Homework 3 and 4): movegen, winner, evaluator, search."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from connect4_game.oska import engine as oska
from connect4_game.oska.engine import (
    WIN_SCORE,
    Move,
    apply_move,
    evaluate,
    initial_board,
    legal_moves,
    movegen,
    opponent,
    oskaplayer,
    row_lengths,
    search,
    winner,
)

START4 = ["wwww", "---", "--", "---", "bbbb"]


def empty(n):
    return ["-" * k for k in row_lengths(n)]


def place(n, pieces):
    """Board for n with {(row, col): 'w'|'b'}."""
    rows = [list(r) for r in empty(n)]
    for (r, c), p in pieces.items():
        rows[r][c] = p
    return ["".join(r) for r in rows]


def as_set(boards):
    return {tuple(b) for b in boards}


# ---------------------------------------------------------------- seed example


def test_seed_example_call_and_result_shape():
    result = oskaplayer(["wwww", "---", "--", "---", "bbbb"], "w", 2)
    assert isinstance(result, list) and all(isinstance(r, str) for r in result)
    assert [len(r) for r in result] == [4, 3, 2, 3, 4]
    assert result in movegen(START4, "w")
    assert "".join(result).count("w") == 4 and "".join(result).count("b") == 4


def test_seed_example_opening_moves_listed_by_hand():
    expected = {
        ("-www", "w--", "--", "---", "bbbb"),
        ("w-ww", "w--", "--", "---", "bbbb"),
        ("w-ww", "-w-", "--", "---", "bbbb"),
        ("ww-w", "-w-", "--", "---", "bbbb"),
        ("ww-w", "--w", "--", "---", "bbbb"),
        ("www-", "--w", "--", "---", "bbbb"),  # the assignment's sample answer
    }
    assert as_set(movegen(START4, "w")) == expected
    black = {
        ("wwww", "---", "--", "b--", "-bbb"),
        ("wwww", "---", "--", "b--", "b-bb"),
        ("wwww", "---", "--", "-b-", "b-bb"),
        ("wwww", "---", "--", "-b-", "bb-b"),
        ("wwww", "---", "--", "--b", "bb-b"),
        ("wwww", "---", "--", "--b", "bbb-"),
    }
    assert as_set(movegen(START4, "b")) == black


def test_movegen_does_not_mutate_input_and_accepts_tuple():
    board = list(START4)
    movegen(board, "w")
    oskaplayer(board, "w", 3)
    assert board == START4
    assert movegen(tuple(START4), "w") == movegen(START4, "w")


@pytest.mark.parametrize("n", [4, 5, 6])
def test_initial_board_and_row_lengths(n):
    b = initial_board(n)
    assert len(b) == 2 * n - 3
    assert [len(r) for r in b] == list(range(n, 1, -1)) + list(range(3, n + 1))
    assert b[0] == "w" * n and b[-1] == "b" * n
    assert set("".join(b[1:-1])) == {"-"}
    assert winner(b) is None
    assert len(movegen(b, "w")) == 2 * (n - 1)


# ---------------------------------------------------------------- geometry, n = 4


def test_narrow_middle_steps_blocked_jumps_cross_middle():
    # white at (1,1) above both middle squares, both hold black: only the two jumps
    board = ["----", "-w-", "bb", "---", "----"]
    assert as_set(movegen(board, "w")) == {
        ("----", "---", "-b", "w--", "----"),
        ("----", "---", "b-", "--w", "----"),
    }


def test_jump_from_edge_of_row1_over_middle_lands_in_centre_of_row3():
    board = ["----", "w--", "b-", "---", "----"]
    assert movegen(board, "w") == [["----", "---", "--", "-w-", "----"]]
    # landing square occupied -> no move at all: white passes
    blocked = ["----", "w--", "b-", "-b-", "----"]
    assert movegen(blocked, "w") == []
    assert oskaplayer(blocked, "w", 3) == blocked


def test_cannot_jump_own_piece():
    board = ["----", "w--", "w-", "---", "----"]
    assert as_set(movegen(board, "w")) == {
        ("----", "w--", "--", "w--", "----"),
        ("----", "w--", "--", "-w-", "----"),
    }


def test_wide_end_steps_for_both_colours():
    board = ["----", "---", "--", "w-w", "b--b"]
    assert as_set(movegen(board, "w")) == {
        ("----", "---", "--", "--w", "bw-b"),  # (3,0) -> (4,1); (4,0) holds black
        ("----", "---", "--", "w--", "b-wb"),  # (3,2) -> (4,2)
    }
    # black at the corners of the bottom row: (4,0) jumps (3,0) to (2,0); (4,3) jumps (3,2) to (2,1)
    assert as_set(movegen(board, "b")) == {
        ("----", "---", "b-", "--w", "---b"),
        ("----", "---", "-b", "w--", "b---"),
    }


def test_black_jump_crosses_middle_and_capture_is_optional():
    board = ["----", "---", "-w", "-b-", "----"]
    assert as_set(movegen(board, "b")) == {
        ("----", "---", "bw", "---", "----"),  # step up-left
        ("----", "--b", "--", "---", "----"),  # jump over (2,1) to (1,2), capture
    }


def test_white_corner_moves_from_top_row():
    board = ["w--w", "b--", "--", "---", "----"]
    assert as_set(movegen(board, "w")) == {
        ("---w", "---", "w-", "---", "----"),  # (0,0) jumps (1,0) to (2,0)
        ("w---", "b-w", "--", "---", "----"),  # (0,3) steps to (1,2)
    }


def test_only_single_capture_per_move():
    # after white jumps (0,2)->(2,0) over (1,1), another jump over (3,0) would be possible
    board = ["--w-", "-b-", "--", "b--", "----"]
    for child in movegen(board, "w"):
        assert "".join(child).count("b") >= 1
    assert ["----", "---", "w-", "b--", "----"] in movegen(board, "w")


# ---------------------------------------------------------------- geometry, n = 5 and 6


def test_n5_jump_from_row2_over_middle_to_row4():
    board = place(5, {(2, 1): "w", (3, 0): "b", (3, 1): "b"})
    assert as_set(movegen(board, "w")) == {
        tuple(place(5, {(4, 0): "w", (3, 1): "b"})),
        tuple(place(5, {(4, 2): "w", (3, 0): "b"})),
    }


def test_n6_jump_across_middle_and_wide_end():
    board = place(6, {(3, 0): "w", (4, 0): "b"})
    assert movegen(board, "w") == [place(6, {(5, 1): "w"})]
    end = place(6, {(7, 4): "w", (8, 5): "b"})
    assert as_set(movegen(end, "w")) == {tuple(place(6, {(8, 4): "w", (8, 5): "b"}))}
    # black (8,5) has no up-right square; up-left holds white, so it jumps to (6,3)
    assert as_set(movegen(end, "b")) == {tuple(place(6, {(6, 3): "b"}))}


@st.composite
def boards(draw):
    n = draw(st.integers(4, 6))
    lengths = [max(n - r, r - n + 4) for r in range(2 * n - 3)]
    size = sum(lengths)
    cells = ["-"] * size
    for colour in "wb":
        for i in draw(st.lists(st.integers(0, size - 1), max_size=n, unique=True)):
            cells[i] = colour
    rows, i = [], 0
    for k in lengths:
        rows.append("".join(cells[i : i + k]))
        i += k
    return rows


def oracle_moves(board, player):
    """Independent move list from centred-row geometry (x = 2c - (L - 1))."""
    d = 1 if player == "w" else -1
    other = "b" if player == "w" else "w"
    at = {}
    for r, row in enumerate(board):
        for c, ch in enumerate(row):
            at[(r, 2 * c - (len(row) - 1))] = ((r, c), ch)
    out = set()
    for (r, x), (sq, ch) in at.items():
        if ch != player:
            continue
        for dx in (-1, 1):
            step = at.get((r + d, x + dx))
            if step and step[1] == "-":
                out.add(Move(sq, step[0], None))
            land = at.get((r + 2 * d, x + 2 * dx))
            if step and land and step[1] == other and land[1] == "-":
                out.add(Move(sq, land[0], step[0]))
    return out


@settings(max_examples=150, deadline=None)
@given(boards(), st.sampled_from("wb"))
def test_movegen_matches_geometric_oracle(board, player):
    moves = legal_moves(board, player)
    assert set(moves) == oracle_moves(board, player)
    assert len(moves) == len(set(moves))
    kids = movegen(board, player)
    assert kids == [apply_move(board, m) for m in moves]
    n = len(board[0])
    for m, kid in zip(moves, kids, strict=True):
        dr = m.to[0] - m.frm[0]
        lengths = row_lengths(n)        # a square's centre is c - (len(row) - 1) / 2 squares off axis
        dx = m.to[1] - (lengths[m.to[0]] - 1) / 2 - (m.frm[1] - (lengths[m.frm[0]] - 1) / 2)
        forward = 1 if player == "w" else -1
        if m.captured is None:
            assert dr == forward and abs(dx) == 0.5
        else:
            assert dr == 2 * forward and abs(dx) == 1
            assert board[m.captured[0]][m.captured[1]] == opponent(player)
            assert kid[m.captured[0]][m.captured[1]] == "-"
        flat_before, flat_after = "".join(board), "".join(kid)
        assert flat_after.count(player) == flat_before.count(player)
        lost = flat_before.count(opponent(player)) - flat_after.count(opponent(player))
        assert lost == (0 if m.captured is None else 1)


# ---------------------------------------------------------------- winner


def test_winner_rules():
    assert winner(START4) is None
    assert winner(["----", "---", "--", "-w-", "----"]) == "w"  # black has no pieces
    assert winner(["----", "---", "-b", "---", "----"]) == "b"
    # all REMAINING white pieces on black's start row, black still out on the board
    assert winner(["----", "---", "-b", "---", "w-w-"]) == "w"
    assert winner(["-b-b", "---", "w-", "---", "----"]) == "b"
    # seed note 10: both home -> more pieces wins, equal is a draw
    assert winner(["b---", "---", "--", "---", "ww--"]) == "w"
    assert winner(["bb-b", "---", "--", "---", "ww--"]) == "b"
    assert winner(["b---", "---", "--", "---", "w---"]) == "draw"
    # extension: neither side can move -> draw
    blocked = ["-bbb", "--b", "--", "-w-", "-ww-"]
    assert movegen(blocked, "w") == [] and movegen(blocked, "b") == []
    assert winner(blocked) == "draw"


def test_capturing_the_last_straggler_hands_opponent_the_race_win():
    board = ["----", "---", "--", "-w-", "w-b-"]
    after = apply_move(board, Move((4, 2), (2, 0), (3, 1)))
    assert after == ["----", "---", "b-", "---", "w---"]
    assert winner(after) == "w"


def test_apply_move_rejects_illegal():
    with pytest.raises(ValueError, match="illegal move"):
        apply_move(START4, Move((0, 0), (2, 0), None))
    with pytest.raises(ValueError, match="no checker"):
        apply_move(START4, Move((1, 0), (2, 0), None))
    with pytest.raises(ValueError, match="not a square"):
        apply_move(START4, Move((9, 0), (2, 0), None))
    with pytest.raises(ValueError):
        apply_move(START4, "nonsense")


# ---------------------------------------------------------------- validation


@pytest.mark.parametrize(
    "board, fragment",
    [
        ("wwww---", "list of strings"),
        ([], "empty"),
        (["www", "--", "www"], "n >= 4"),
        (["wwww", "---", "--", "bbbb"], "rows"),
        (["wwww", "----", "--", "---", "bbbb"], "length"),
        (["wwww", "-x-", "--", "---", "bbbb"], "invalid characters"),
        (["wwww", "w--", "--", "---", "bbbb"], "more than n"),
        (["wwww", 3, "--", "---", "bbbb"], "must be a string"),
    ],
)
def test_malformed_board_raises_value_error(board, fragment):
    with pytest.raises(ValueError, match=fragment):
        movegen(board, "w")
    with pytest.raises(ValueError):
        oskaplayer(board, "w", 2)


@pytest.mark.parametrize("player", ["W", "x", "", None, 1, "wb"])
def test_bad_player_raises(player):
    with pytest.raises(ValueError, match="player"):
        movegen(START4, player)
    with pytest.raises(ValueError, match="player"):
        oskaplayer(START4, player, 2)


@pytest.mark.parametrize("lookahead", [0, -1, 2.5, "2", True, None])
def test_bad_lookahead_raises(lookahead):
    with pytest.raises(ValueError, match="lookahead"):
        oskaplayer(START4, "w", lookahead)


def test_bad_n_raises():
    for n in (3, 0, "4", 4.0, True):
        with pytest.raises(ValueError, match="n must be"):
            initial_board(n)


# ---------------------------------------------------------------- search


def tree_nodes(board, side, depth):
    """Positions a full minimax tree of `depth` plies visits below `board` (public API only)."""
    if depth == 0 or winner(board) is not None:
        return 0
    kids = movegen(board, side) or [board]  # no move: pass, same board
    return sum(1 + tree_nodes(k, opponent(side), depth - 1) for k in kids)


def random_position(rng, n, plies):
    board, side = initial_board(n), "w"
    for _ in range(plies):
        if winner(board) is not None:
            break
        kids = movegen(board, side)
        if kids:
            board = rng.choice(kids)
        side = opponent(side)
    return board, side


@pytest.mark.parametrize("n", [4, 5, 6])
@pytest.mark.parametrize("lookahead", [1, 2, 3])
def test_minimax_expands_exactly_the_lookahead_tree(n, lookahead):
    rng = random.Random(n * 10 + lookahead)
    for plies in (0, 3, 6):
        board, side = random_position(rng, n, plies)
        if winner(board) is not None:
            continue
        stats = search(board, side, lookahead, alphabeta=False)
        assert stats.max_ply <= lookahead
        assert stats.nodes == tree_nodes(board, side, lookahead)
        ab = search(board, side, lookahead, alphabeta=True)
        assert ab.max_ply <= lookahead and ab.nodes <= stats.nodes


def test_lookahead_limit_is_the_reached_depth():
    for la in range(1, 6):
        stats = search(initial_board(5), "w", la)
        assert stats.max_ply == la  # no win is reachable early, so exactly la plies


def test_alphabeta_returns_same_move_and_score_as_minimax():
    rng = random.Random(2026)
    checked = 0
    for trial in range(60):
        n = 4 + trial % 3
        board, side = random_position(rng, n, rng.randint(0, 3 * n))
        if winner(board) is not None or not movegen(board, side):
            continue
        for la in (1, 2, 3, 4 if n == 4 else 3):
            plain = search(board, side, la, alphabeta=False)
            ab = search(board, side, la, alphabeta=True)
            assert (ab.board, ab.move, ab.score) == (plain.board, plain.move, plain.score)
            assert ab.nodes <= plain.nodes
            checked += 1
    assert checked > 100


def test_alphabeta_prunes_on_start_position():
    plain = search(initial_board(5), "w", 4, alphabeta=False)
    ab = search(initial_board(5), "w", 4, alphabeta=True)
    assert ab.nodes < plain.nodes


def test_forced_win_in_three_plies_is_found_and_not_seen_at_two():
    # white's last checker at (2,1); stepping to (3,1) gets captured by (4,1),
    # stepping to (3,2) is safe and reaches the bottom row next turn.
    board = ["----", "b--", "-w", "---", "-b--"]
    r3 = search(board, "w", 3)
    assert r3.score == WIN_SCORE - 3
    assert r3.move == Move((2, 1), (3, 2), None)
    assert r3.board == ["----", "b--", "--", "--w", "-b--"]
    assert oskaplayer(board, "w", 3, alphabeta=False) == r3.board
    r2 = search(board, "w", 2)
    assert abs(r2.score) < WIN_SCORE // 2  # a 3-ply win is beyond a 2-ply lookahead


@pytest.mark.parametrize("n", [4, 5, 6])
def test_immediate_win_taken_with_lookahead_one(n):
    # a lone white checker next to the bottom row, black far away
    last = 2 * n - 4
    board = place(n, {(last - 1, 0): "w", (1, 0): "b", (last, n - 1): "b"})
    r = search(board, "w", 1)
    assert winner(r.board) == "w" and r.score == WIN_SCORE - 1


def test_capture_of_last_opponent_piece_wins():
    board = ["----", "---", "-w", "-b-", "----"]  # black (3,1) jumps (2,1) to (1,2)
    result = oskaplayer(board, "b", 2)
    assert result == ["----", "--b", "--", "---", "----"]
    assert winner(result) == "b" and "w" not in "".join(result)


def test_pass_when_no_move_and_search_plays_through_pass():
    # black at (1,2) is stuck below two white checkers; black passes
    board = ["--ww", "--b", "--", "---", "b---"]
    assert [m for m in legal_moves(board, "b") if m.frm == (1, 2)] == []
    stuck = ["--ww", "--b", "--", "---", "----"]
    assert movegen(stuck, "b") == []
    assert oskaplayer(stuck, "b", 2) == stuck
    assert search(stuck, "b", 2).move is None
    # white to move in `stuck`: black must pass afterwards, search follows the pass
    r = search(stuck, "w", 3, alphabeta=False)
    assert r.nodes == tree_nodes(stuck, "w", 3)


def test_finished_game_returns_board_unchanged():
    done = ["----", "---", "--", "---", "w-w-"]
    assert winner(done) == "w"
    assert oskaplayer(done, "b", 3) == done
    assert search(done, "b", 3).move is None


def test_deterministic_tiebreak_first_best_in_movegen_order():
    # symmetric position: mirror-image moves score equally; the first one listed is chosen
    board = ["-ww-", "---", "--", "---", "-bb-"]
    moves = legal_moves(board, "w")
    scores = [-evaluate(apply_move(board, m), "b") for m in moves]  # 1-ply minimax by hand
    best = max(scores)
    assert scores.count(best) >= 2
    for alphabeta in (True, False):
        r = search(board, "w", 1, alphabeta=alphabeta)
        assert r.score == best
        assert r.move == moves[scores.index(best)]
    assert len({tuple(oskaplayer(board, "w", 3)) for _ in range(3)}) == 1


def mirror(board):
    swap = {"w": "b", "b": "w", "-": "-"}
    return ["".join(swap[ch] for ch in row) for row in reversed(board)]


def test_evaluator_is_colour_symmetric_and_static(monkeypatch):
    rng = random.Random(7)
    for n in (4, 5, 6):
        for _ in range(10):
            board, side = random_position(rng, n, rng.randint(0, 8))
            assert evaluate(board, side) == evaluate(mirror(board), opponent(side))
            assert (search(board, side, 2).score
                    == search(mirror(board), opponent(side), 2).score)
    calls = []
    real = oska._flat_moves
    monkeypatch.setattr(oska, "_flat_moves", lambda *a: calls.append(a) or real(*a))
    evaluate(initial_board(6), "w")
    assert len(calls) <= 2  # one move generation per side, no lookahead


def test_evaluator_race_mobility_and_captures_by_hand():
    # start: equal race, equal mobility (6 moves each), no captures -> 0
    assert evaluate(START4, "w") == 0
    # one white step: race +1 row (x4); mobility white 5 (b1 blocks a2's left
    # step) vs black 6 -> 4 - 1 = 3
    assert evaluate(["-www", "w--", "--", "---", "bbbb"], "w") == 3
    # black lost an unadvanced checker: its race got 4 rows shorter -> -16,
    # mobility white 6 - black 5 = +1 -> -15 (fewer checkers to march home)
    assert evaluate(["wwww", "---", "--", "---", "bbb-"], "w") == -15
    # white a2 (4 rows to go), b1 (3); black c1 (2), e4 (4): race 6 - 7 = -1 -> -4;
    # white moves a2-b2, b1xd2 (2); black c1-b2, c1xa1, e4-d3 (3) -> -1;
    # captures 1 - 1 = 0  => -5
    board = ["-w--", "w--", "b-", "---", "---b"]
    assert evaluate(board, "w") == -5
    assert evaluate(board, "b") == 4 * 1 + (3 - 2) + 0
    assert evaluate(["----", "---", "--", "---", "w-w-"], "w") == WIN_SCORE


def test_ai_beats_a_random_player():
    wins = 0
    for n in (4, 5, 6):
        rng = random.Random(n)
        for ai in ("w", "b"):
            for _ in range(2):
                board, side = initial_board(n), "w"
                while winner(board) is None:
                    if side == ai:
                        board = oskaplayer(board, side, 3)
                    else:
                        kids = movegen(board, side)
                        board = rng.choice(kids) if kids else board
                    side = opponent(side)
                wins += winner(board) == ai
    assert wins >= 10  # of 12 seeded games (a material-first evaluator won about half)


@pytest.mark.parametrize("n", [4, 5, 6])
def test_full_ai_games_terminate_with_a_result(n):
    board, side, plies = initial_board(n), "w", 0
    while winner(board) is None:
        nxt = oskaplayer(board, side, 3 if side == "w" else 2)
        assert nxt == board or nxt in movegen(board, side)
        board, side, plies = nxt, opponent(side), plies + 1
        assert plies < 8 * n * n  # every move advances a checker, so games are finite
    assert winner(board) in ("w", "b", "draw")


# ---------------------------------------------------------------- console


from connect4_game.oska.console import format_board, main, parse_move, play_oska  # noqa: E402


def test_format_board_seed_diagram_style():
    expected = "\n".join([
        "    ---------------",
        "a  | W | W | W |   |",
        "    ---------------",
        "b    |   |   | W |",
        "      -----------",
        "c      |   |   |",
        "      -----------",
        "d    |   |   |   |",
        "    ---------------",
        "e  | B | B | B | B |",
        "    ---------------",
    ])
    assert format_board(["www-", "--w", "--", "---", "bbbb"]) == expected


def test_parse_move_forms_and_errors():
    moves = legal_moves(START4, "w")
    assert parse_move("a4-b3", moves) == Move((0, 3), (1, 2), None)
    assert parse_move(" A4 b3 ", moves) == Move((0, 3), (1, 2), None)
    assert parse_move("1", moves) == moves[0]
    for bad in ("", "zz", "0", "7", "a1-c1", "a1-b2"):
        with pytest.raises(ValueError):
            parse_move(bad, moves)
    with pytest.raises(ValueError, match="cannot read"):
        parse_move("\u00b2", moves)                   # a digit that is no number
    jump = legal_moves(["----", "w--", "b-", "---", "----"], "w")
    assert parse_move("b1xd2", jump) == Move((1, 0), (3, 1), (2, 0))


def scripted(answers):
    it = iter(answers)

    def fake_input(prompt):
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None
    return fake_input


def test_console_human_reprompts_then_plays_and_eof_ends_cleanly():
    lines = []
    result = play_oska("human", "ai", 4, 2,
                       input_fn=scripted(["", "hello", "99", "b1-c1", "?", "a4-b3"]),
                       out=lines.append)
    text = "\n".join(lines)
    assert result is None  # input ran out (EOF) on white's second turn
    assert "cannot read 'hello'" in text and "no move number 99" in text
    assert "b1-c1 is not a legal move" in text
    assert "a  | W | W | W |   |" in text  # the human's a4-b3 was played
    assert "Black (AI, lookahead 2) plays" in text
    assert text.rstrip().endswith("Game ended. Bye!")
    assert "Traceback" not in text


def test_console_ctrl_c_and_quit():
    def interrupt(prompt):
        raise KeyboardInterrupt
    lines = []
    assert play_oska("human", "human", 5, 1, input_fn=interrupt, out=lines.append) is None
    assert "Bye" in lines[-1]
    lines = []
    assert play_oska("human", "ai", 4, 1, input_fn=scripted(["q"]), out=lines.append) is None
    assert "abandoned" in lines[-1]


@pytest.mark.parametrize("n", [4, 5, 6])
def test_console_whole_game_human_vs_ai(n):
    lines = []
    result = play_oska("human", "ai", n, 2, input_fn=lambda prompt: "1", out=lines.append)
    assert result in ("w", "b", "draw")
    last = lines[-1]
    assert last == "It's a draw!" or last == ("White wins!" if result == "w" else "Black wins!")


def test_console_rejects_bad_options(capsys):
    with pytest.raises(ValueError, match="white"):
        play_oska("robot", "ai", 4, 2)
    with pytest.raises(ValueError, match="lookahead"):
        play_oska("ai", "ai", 4, 0)
    with pytest.raises(ValueError, match="n must be"):
        play_oska("ai", "ai", 3, 2)
    for argv, said in ((["--n", "3"], "--n must be an integer >= 4, not 3"),
                       (["--lookahead", "0"], "--lookahead must be an integer >= 1, not 0"),
                       (["--n", "four"], "'four' is not an integer")):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2 and said in capsys.readouterr().err


def test_console_main_ai_vs_ai(capsys):
    assert main(["--white", "ai", "--black", "ai", "--n", "4", "--lookahead", "2"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().splitlines()[-1] in ("White wins!", "Black wins!", "It's a draw!")
