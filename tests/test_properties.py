"""Engine properties checked with hypothesis.

Round-trip of add_checker/remove_checker, gravity, is_win_for against a
brute-force scan, scores_for leaving the board unchanged, and the search
agreeing with the literal outline in tests/oracle.py on generated positions.
Example counts are modest so the file runs in well under 30 s; there are no
deadlines (no timing in tests).
"""

import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from connect4_game.ai.bitboard import from_board
from connect4_game.core.board import Board
from connect4_game.core.notation import Notation, NotationError, format_moves, read_game
from connect4_game.players import AIPlayer
from tests.oracle import oracle_scores

FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEARCH = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def boards(draw, max_rows=7, max_cols=9, any_checkers=True, stop_at_win=False):
    """A Board built by dropping checkers, so it obeys gravity.

    ``any_checkers``: each drop picks X or O freely (boards the assignment's Board
    can build, not only game positions); else X and O alternate from X.
    ``stop_at_win``: stop dropping as soon as someone has four (game positions).
    Returns (board, list of (checker, col) drops).
    """
    rows = draw(st.integers(1, max_rows))
    cols = draw(st.integers(1, max_cols))
    b = Board(rows, cols)
    n = draw(st.integers(0, rows * cols))
    drops = []
    checker = "X"
    for _ in range(n):
        legal = [c for c in range(cols) if b.can_add_to(c)]
        if not legal:
            break
        if stop_at_win and (b.is_win_for("X") or b.is_win_for("O")):
            break
        col = draw(st.sampled_from(legal))
        if any_checkers:
            checker = draw(st.sampled_from("XO"))
        b.add_checker(checker, col)
        drops.append((checker, col))
        if not any_checkers:
            checker = "O" if checker == "X" else "X"
    return b, drops


def snapshot(b):
    return [row[:] for row in b.slots]


def brute_force_win(slots, checker):
    """Any four equal checkers on a line in any of the 8 directions from any cell."""
    h, w = len(slots), len(slots[0])
    for r, c in itertools.product(range(h), range(w)):
        for dr, dc in itertools.product((-1, 0, 1), repeat=2):
            if (dr, dc) == (0, 0):
                continue
            cells = [(r + i * dr, c + i * dc) for i in range(4)]
            if all(0 <= rr < h and 0 <= cc < w and slots[rr][cc] == checker for rr, cc in cells):
                return True
    return False


@FAST
@given(boards(), st.data())
def test_add_then_remove_is_identity(bd, data):
    b, _ = bd
    before = snapshot(b)
    col = data.draw(st.integers(-2, b.width + 1))
    checker = data.draw(st.sampled_from("XO"))
    if b.can_add_to(col):
        b.add_checker(checker, col)
        assert b.num_checkers() == sum(cell != " " for row in before for cell in row) + 1
        assert b.slots[b.top_row(col)][col] == checker
        b.remove_checker(col)
    else:
        with pytest.raises(ValueError):
            b.add_checker(checker, col)
    assert b.slots == before


@FAST
@given(boards(), st.lists(st.integers(0, 8), max_size=12))
def test_gravity_no_floating_checkers(bd, removals):
    b, _ = bd
    for col in removals:          # removing keeps gravity too
        b.remove_checker(col % b.width)
    for col in range(b.width):
        column = [b.slots[row][col] for row in range(b.height)]   # top first
        seen_checker = False
        for cell in column:
            if cell != " ":
                seen_checker = True
            else:
                assert not seen_checker, f"floating checker in column {col}: {column}"


@FAST
@given(boards())
def test_is_win_for_equals_brute_force(bd):
    b, _ = bd
    for checker in "XO":
        assert b.is_win_for(checker) == brute_force_win(b.slots, checker)


@FAST
@given(boards(max_rows=6, max_cols=7), st.integers(0, 2), st.sampled_from("XO"),
       st.sampled_from(["LEFT", "RIGHT", "RANDOM"]))
def test_scores_for_never_changes_the_board(bd, lookahead, checker, tiebreak):
    b, _ = bd
    before = snapshot(b)
    scores = AIPlayer(checker, tiebreak, lookahead).scores_for(b)
    assert b.slots == before
    assert len(scores) == b.width
    assert set(scores) <= {-1, 0, 50, 100}
    assert [s == -1 for s in scores] == [not b.can_add_to(c) for c in range(b.width)]


def _lookahead_for(data, width):
    # keep the literal oracle affordable: about width**L <= 2500 leaves
    top = 0
    while top < 5 and width ** (top + 1) <= 2500:
        top += 1
    return data.draw(st.integers(0, top))


@SEARCH
@given(boards(max_rows=6, max_cols=7, any_checkers=False, stop_at_win=True), st.data())
def test_search_agrees_with_oracle_on_game_positions(bd, data):
    b, _ = bd
    checker = data.draw(st.sampled_from("XO"))
    lookahead = _lookahead_for(data, b.width)
    expected = oracle_scores(b, checker, lookahead)
    assert AIPlayer(checker, "LEFT", lookahead).scores_for(b) == expected


@SEARCH
@given(boards(max_rows=5, max_cols=6), st.data())
def test_search_agrees_with_oracle_on_any_board(bd, data):
    """Boards the assignment's Board can build, even with both sides having four."""
    b, _ = bd
    checker = data.draw(st.sampled_from("XO"))
    lookahead = _lookahead_for(data, b.width)
    assert AIPlayer(checker, "RIGHT", lookahead).scores_for(b) == \
        oracle_scores(b, checker, lookahead)


@SEARCH
@given(boards(max_rows=6, max_cols=7, any_checkers=False, stop_at_win=True), st.data())
def test_win_before_full_variant_agrees_with_oracle(bd, data):
    """The HMC CS5 / Dutch scoring (seeds 002, 004) used by connect4_game.compat.cs5."""
    search = pytest.importorskip("connect4_game.ai.search")
    b, _ = bd
    checker = data.draw(st.sampled_from("XO"))
    lookahead = _lookahead_for(data, b.width)
    before = snapshot(b)
    cur, mask = from_board(b, checker)
    got = search.Searcher().search(cur, mask, b.height, b.width, lookahead, True)[0]
    assert b.slots == before
    assert got == oracle_scores(b, checker, lookahead, win_before_full=True)


@FAST
@given(boards(max_rows=8, max_cols=14, any_checkers=False, stop_at_win=True))
def test_move_strings_round_trip(bd):
    b, drops = bd
    moves = format_moves((col for _, col in drops), Notation.ADD_CHECKERS)
    game = read_game(moves, b.height, b.width, Notation.ADD_CHECKERS)
    assert game.moves == [col for _, col in drops] and game.board == b
    if b.width <= 10:           # identical to the assignment's add_checkers notation
        seed = Board(b.height, b.width)
        seed.add_checkers(moves)
        assert seed == b


@FAST
@given(st.text(max_size=60), st.integers(1, 12), st.integers(1, 14))
def test_any_move_string_parses_or_names_its_bad_move(text, rows, cols):
    try:
        columns = read_game(text, rows, cols, Notation.ADD_CHECKERS).moves
    except NotationError as exc:
        assert exc.position is not None and 1 <= exc.position <= len(text)
        assert exc.char == text[exc.position - 1]
        assert f"index {exc.position - 1}" in str(exc)
    else:
        assert len(columns) == len(text)


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=300))
def test_any_file_content_loads_or_gives_one_clear_error(tmp_path_factory, content):
    from connect4_game.storage.savegame import SavedGame, load_game
    from connect4_game.storage.userfiles import UserFileError
    p = tmp_path_factory.mktemp("bad") / "game.json"
    p.write_bytes(content)
    try:
        game = load_game(p)
    except UserFileError as exc:
        assert str(exc) and "\n" not in str(exc) and len(str(exc)) < 300
    else:
        assert isinstance(game, SavedGame)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=6),
    max_leaves=20)


SETTING_KEYS = ["lookahead", "tiebreak", "rows", "cols", "theme", "muted", "x", "demo_pace",
                "pairings"]


@settings(max_examples=80, deadline=None)
@given(st.one_of(
    st.binary(max_size=200),
    json_values.map(lambda v: json.dumps(v).encode()),
    st.dictionaries(st.sampled_from(SETTING_KEYS), json_values, max_size=6)
      .map(lambda d: json.dumps(d).encode())))
def test_settings_and_stats_never_raise_on_any_file(tmp_path_factory, content):
    from connect4_game.storage.settings import Settings, load_settings
    from connect4_game.storage.stats import load_stats
    d = tmp_path_factory.mktemp("cfg")
    (d / "settings.json").write_bytes(content)
    (d / "stats.json").write_bytes(content)
    s, warnings = load_settings(d / "settings.json")
    assert isinstance(s, Settings) and all(isinstance(w, str) for w in warnings)
    assert all("\n" not in w and len(w) < 300 for w in warnings)
    stats, warnings = load_stats(d / "stats.json")
    assert all(isinstance(w, str) and "\n" not in w and len(w) < 300 for w in warnings)
    assert all(r.games >= 0 for r in stats.records.values())
