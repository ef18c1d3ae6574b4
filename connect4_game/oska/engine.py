"""Oska (ECS 170 Spring 2022, Homework 3 and 4): move generator, static evaluator and minimax
/ alpha-beta player on the assignment's boards, e.g. ``['wwww', '---', '--', '---', 'bbbb']``
with 0-based ``(row, col)`` squares (rules and API: docs/oska.md)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from connect4_game.core.checks import check_int

# -- the games the window and the command line offer ------------------------------------
OSKA_MIN_N, OSKA_MAX_N, OSKA_DEFAULT_N = 4, 9, 4     # checkers per side
OSKA_MAX_LOOKAHEAD, OSKA_DEFAULT_LOOKAHEAD = 10, 3   # plies (n=6 at 10 takes seconds)

__all__ = [
    "Move", "SearchResult", "WIN_SCORE", "apply_move",
    "evaluate", "initial_board", "legal_moves", "movegen", "opponent",
    "oskaplayer", "row_lengths", "search", "validate_board", "validate_player", "winner",
]

PLAYERS = ("w", "b")
_OTHER = {"w": "b", "b": "w"}
EMPTY = "-"
WIN_SCORE = 100_000   # a won position; a win ``k`` plies below the root scores WIN_SCORE - k
_INF = 10 * WIN_SCORE


class Move(NamedTuple):
    """One Oska move: ``frm`` and ``to`` are ``(row, col)`` squares,
    ``captured`` is the jumped square for a capture, else ``None``."""

    frm: tuple[int, int]
    to: tuple[int, int]
    captured: tuple[int, int] | None = None


@dataclass
class SearchResult:
    """The next ``board``, the ``move`` (None for a pass or a finished game), its negamax
    ``score`` for the mover, the positions visited below the root (``nodes``) and the deepest
    ply visited (``max_ply``: root = 0, never past the lookahead)."""

    board: list[str]
    move: Move | None
    score: int
    nodes: int = 0
    max_ply: int = 0


def row_lengths(n: int) -> list[int]:
    """``[n, n-1, ..., 2, ..., n-1, n]``. :raises ValueError: unless ``n`` is an int >= 4."""
    check_int(n, OSKA_MIN_N, None, "n")
    return [max(n - r, r - n + 4) for r in range(2 * n - 3)]


class _Geometry:
    """Flat-index tables for one board size."""

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
            self.steps[p], self.jumps[p] = steps, jumps
        # rows still to travel: white to the last row, black to row 0
        self.dist = {"w": [self.rows - 1 - r for r, _ in self.squares],
                     "b": [r for r, _ in self.squares]}
        self.flat_of = {sq: i for i, sq in enumerate(self.squares)}

    def to_rows(self, flat: str) -> list[str]:
        return [flat[s : s + length] for s, length in zip(self.starts, self.lengths, strict=True)]

    def move(self, m: tuple[int, int, int]) -> Move:
        """The :class:`Move` of a flat ``(from, to, captured or -1)``."""
        sq = self.squares
        return Move(sq[m[0]], sq[m[1]], sq[m[2]] if m[2] >= 0 else None)


_geometry = functools.cache(_Geometry)


def _flat(board: Sequence[str], *players: object) -> tuple[_Geometry, str]:
    """The geometry and the squares of a checked ``board`` (and ``players``)."""
    g = _geometry(validate_board(board))
    for player in players:
        validate_player(player)
    return g, "".join(board)


def validate_player(player: object) -> str:
    """``player`` if it is ``'w'`` or ``'b'``. :raises ValueError: otherwise."""
    if player not in PLAYERS or not isinstance(player, str):
        raise ValueError(f"player must be 'w' or 'b', got {player!r}")
    return player


def validate_board(board: object) -> int:
    """The ``n`` of ``board``, a list or tuple in the assignment's format with at most
    ``n`` checkers of each colour. :raises ValueError: naming the problem otherwise."""
    if not isinstance(board, (list, tuple)):
        raise ValueError(f"board must be a list of strings, got {type(board).__name__}: {board!r}")
    if not board:
        raise ValueError("board must not be empty")
    for i, row in enumerate(board):
        if not isinstance(row, str):
            raise ValueError(f"board row {i} must be a string, got {row!r}")
    n = len(board[0])
    if n < OSKA_MIN_N:
        raise ValueError(f"board top row {board[0]!r} has {n} squares; "
                         f"Oska needs n >= {OSKA_MIN_N}")
    expected = row_lengths(n)
    if len(board) != len(expected):
        raise ValueError(f"board has {len(board)} rows; a board with top row of {n} needs "
                         f"2n-3 = {len(expected)}")
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


def opponent(player: str) -> str:
    """``'b'`` for ``'w'`` and back. :raises ValueError: for anything else."""
    return _OTHER[validate_player(player)]


def initial_board(n: int = 4) -> list[str]:
    """The start position. :raises ValueError: unless ``n`` is an int >= 4."""
    lengths = row_lengths(n)
    return ["w" * n] + [EMPTY * length for length in lengths[1:-1]] + ["b" * n]


def _flat_moves(g: _Geometry, s: str, p: str) -> list[tuple[int, int, int]]:
    """(from, to, captured or -1) flat moves of ``p`` in generation order."""
    q = _OTHER[p]
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
    """Every :class:`Move` of ``player`` (``[]``: a pass), in :func:`movegen`'s order:
    checkers top row first, left to right; each one's left step, right step, left
    jump, right jump. :raises ValueError: for a malformed board or player."""
    g, s = _flat(board, player)
    return [g.move(m) for m in _flat_moves(g, s, player)]


def movegen(board: Sequence[str], player: str) -> list[list[str]]:
    """The move generator (Homework 3): every board one move of ``player`` reaches,
    in :func:`legal_moves`' order (``[]``: a pass; a won game still has moves).
    :raises ValueError: for a malformed board or player."""
    g, s = _flat(board, player)
    return [g.to_rows(_apply_flat(s, player, m)) for m in _flat_moves(g, s, player)]


def apply_move(board: Sequence[str], move: Move) -> list[str]:
    """The board after ``move`` by the checker on its ``frm`` square.
    :raises ValueError: for a malformed board, an empty ``frm`` or an illegal move."""
    g, s = _flat(board)
    frm = move[0] if isinstance(move, tuple) and len(move) == 3 else None
    if not isinstance(frm, tuple) or frm not in g.flat_of:
        raise ValueError(f"move source {frm!r} is not a square of this board")
    player = s[g.flat_of[frm]]
    if player == EMPTY:
        raise ValueError(f"no checker on square {frm!r}")
    for m in _flat_moves(g, s, player):
        if g.move(m) == move:
            return g.to_rows(_apply_flat(s, player, m))
    raise ValueError(f"illegal move {move!r} for '{player}'")


def _static_winner(g: _Geometry, s: str) -> str | None:
    """Winner by the assignment's rules (no mobility check)."""
    nw, nb = s.count("w"), s.count("b")
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
    """``'w'``, ``'b'``, ``'draw'`` or None (the game goes on), by Homework 3 and its
    note 10; an empty board is a draw. :raises ValueError: for a malformed board."""
    g, s = _flat(board)
    w = _static_winner(g, s)
    if w is None and not _flat_moves(g, s, "w") and not _flat_moves(g, s, "b"):
        return "draw"
    return w


def _evaluate_flat(g: _Geometry, s: str, p: str) -> int:
    q = _OTHER[p]
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
    """The static evaluator (note 2: it never searches), for ``player``: +/-WIN_SCORE or 0
    for a decided board, else 4 x the race (rows the opponent still has to march minus ours)
    + mobility (moves minus the opponent's) + 6 x captures (ours minus theirs), weights from
    seeded self-play (docs/oska.md).
    :raises ValueError: for a malformed board or player."""
    g, s = _flat(board, player)
    return _evaluate_flat(g, s, player)


def search(board: Sequence[str], player: str, lookahead: int, *,
           alphabeta: bool = True) -> SearchResult:
    """Negamax ``lookahead`` plies deep (a pass is a ply; ``max_ply <= lookahead``) for
    ``player``, leaves by :func:`evaluate`. With or without ``alphabeta`` (captures first below
    the root) the result is the first best move in :func:`movegen` order; a finished game or a
    pass keeps the board, ``move=None``.
    :raises ValueError: for a malformed board, player or lookahead."""
    g, s0 = _flat(board, player)
    check_int(lookahead, 1, None, "lookahead")
    nodes = max_ply = 0
    root_moves = _flat_moves(g, s0, player)
    if _static_winner(g, s0) is not None or not root_moves:
        return SearchResult(list(board), None, _evaluate_flat(g, s0, player))

    def negamax(s: str, side: str, depth: int, alpha: int, beta: int, ply: int) -> int:
        nonlocal nodes, max_ply
        nodes += 1
        if ply > max_ply:
            max_ply = ply
        w = _static_winner(g, s)
        if w is not None:
            if w == "draw":
                return 0
            return WIN_SCORE - ply if w == side else ply - WIN_SCORE
        if depth == 0:
            return _evaluate_flat(g, s, side)
        opp = _OTHER[side]
        moves = _flat_moves(g, s, side)
        if not moves:
            if not _flat_moves(g, s, opp):  # neither side can move: draw
                return 0
            return -negamax(s, opp, depth - 1, -beta, -alpha, ply + 1)  # pass
        if alphabeta:
            moves.sort(key=lambda m: m[2] < 0)  # captures first, stable otherwise
        best = -_INF
        for m in moves:
            v = -negamax(_apply_flat(s, side, m), opp, depth - 1, -beta, -alpha, ply + 1)
            if v > best:
                best = v
            if alphabeta and v > alpha:
                alpha = v
                if alpha >= beta:
                    break
        return best

    opp = _OTHER[player]
    best_score, best_move = -_INF, None
    for m in root_moves:
        alpha = best_score if alphabeta else -_INF
        v = -negamax(_apply_flat(s0, player, m), opp, lookahead - 1, -_INF, -alpha, 1)
        if v > best_score:
            best_score, best_move = v, m
    assert best_move is not None  # root_moves is not empty and every score is > -_INF
    return SearchResult(g.to_rows(_apply_flat(s0, player, best_move)), g.move(best_move),
                        best_score, nodes, max_ply)


def oskaplayer(board: Sequence[str], player: str, lookahead: int, *,
               alphabeta: bool = True) -> list[str]:
    """The player (Homework 4): the board of :func:`search`'s move, e.g. ``['www-', '--w',
    '--', '---', 'bbbb']`` from the start at lookahead 2.
    :raises ValueError: for a malformed board, player or lookahead."""
    return search(board, player, lookahead, alphabeta=alphabeta).board
