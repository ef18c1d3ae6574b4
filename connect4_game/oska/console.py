"""Console Oska (ECS 170 Spring 2022, Homework 3 and 4): a person or the AI on each side,
the board as the assignment's diagram; squares are a row letter (``a`` on top) and a column
from the left of that row, e.g. ``a4-b3``."""

from __future__ import annotations

import argparse
import re
import string
import sys
from collections.abc import Callable, Sequence

from connect4_game.core.checks import arg_type, check_int
from connect4_game.oska import engine as oska

__all__ = ["format_board", "format_move", "main", "parse_move", "play_oska", "square_name"]

NAMES = {"w": "White", "b": "Black"}
KINDS = ("human", "ai")
_MOVE_RE = re.compile(r"^\s*([a-z])\s*(\d+)\s*[-x ,>]*\s*([a-z])\s*(\d+)\s*$")


def square_name(square: tuple[int, int]) -> str:
    """``(row, col)`` -> ``'a1'`` style name (row letter, 1-based column)."""
    r, c = square
    return f"{string.ascii_lowercase[r]}{c + 1}"


def format_move(move: oska.Move) -> str:
    """``Move`` -> ``'a4-b3'`` for a step or ``'b1xd2'`` for a capture."""
    sep = "x" if move.captured is not None else "-"
    return f"{square_name(move.frm)}{sep}{square_name(move.to)}"


def format_board(board: Sequence[str]) -> str:
    """The assignment's diagram with row letters. :raises ValueError: if malformed."""
    n = oska.validate_board(board)
    lengths = oska.row_lengths(n)
    label = "   "  # width of the "a  " row label

    def sep(m: int) -> str:
        return label + " " * (2 * (n - m) + 1) + "-" * (4 * m - 1)

    lines = [sep(lengths[0])]
    for r, row in enumerate(board):
        cells = "".join(f"| {ch.upper() if ch != '-' else ' '} " for ch in row) + "|"
        lines.append(f"{string.ascii_lowercase[r]:<3}" + " " * (2 * (n - len(row))) + cells)
        nxt = lengths[r + 1] if r + 1 < len(lengths) else 0
        lines.append(sep(max(len(row), nxt)))
    return "\n".join(lines)


def parse_move(text: str, moves: Sequence[oska.Move]) -> oska.Move:
    """The move of the legal ``moves`` that ``text`` names: its number or two squares
    (``'a4-b3'``, ``'a4 b3'``, ``'b1xd2'``, any case).
    :raises ValueError: with words for the user, if it names none."""
    t = text.strip().lower()
    if not t:
        raise ValueError("please type a move such as a1-b1, or its number")
    if t.isdecimal():
        k = int(t)
        if 1 <= k <= len(moves):
            return moves[k - 1]
        raise ValueError(f"there is no move number {k}; choose 1..{len(moves)}")
    m = _MOVE_RE.match(t)
    if not m:
        raise ValueError(f"cannot read {text.strip()!r}; type e.g. a1-b1 or a move number")
    frm = (ord(m.group(1)) - ord("a"), int(m.group(2)) - 1)
    to = (ord(m.group(3)) - ord("a"), int(m.group(4)) - 1)
    for mv in moves:
        if mv.frm == frm and mv.to == to:
            return mv
    raise ValueError(f"{square_name(frm)}-{square_name(to)} is not a legal move here")


def play_oska(white: str = "human", black: str = "ai", n: int = oska.OSKA_DEFAULT_N,
              lookahead: int = oska.OSKA_DEFAULT_LOOKAHEAD, *,
              input_fn: Callable[[str], str] = input,
              out: Callable[[str], None] = print) -> str | None:
    """One game on ``input_fn``/``out``: ``white``/``black`` ``'human'`` or ``'ai'``,
    ``n`` checkers per side (>= 4), the AI's ``lookahead`` in plies (>= 1); a person
    types a move, ``?`` for the list, ``q`` to quit (see docs/oska.md).
    :returns: ``'w'``, ``'b'``, ``'draw'``, or None if the game was abandoned.
    :raises ValueError: for a bad ``white``, ``black``, ``n`` or ``lookahead``."""
    kinds = {"w": white, "b": black}
    for side, kind in kinds.items():
        if kind not in KINDS:
            raise ValueError(f"{NAMES[side].lower()} must be 'human' or 'ai', got {kind!r}")
    board = oska.initial_board(n)
    check_int(lookahead, 1, None, "lookahead")
    side = "w"
    try:
        out(f"Oska, {n} checkers each. White (W) starts at the top and moves down; "
            "Black (B) moves up.")
        out("Squares: row letter (a = top) + column from the left, e.g. a1-b1. "
            "'?' lists moves, 'q' quits.")
        out(format_board(board))
        while True:
            result = oska.winner(board)
            if result is not None:
                out("It's a draw!" if result == "draw" else f"{NAMES[result]} wins!")
                return result
            moves = oska.legal_moves(board, side)
            if not moves:
                out(f"{NAMES[side]} has no legal move and passes.")
                side = oska.opponent(side)
                continue
            if kinds[side] == "human":
                move = _ask_human(side, moves, input_fn, out)
            else:
                found = oska.search(board, side, lookahead).move
                move = moves[0] if found is None else found   # a search with moves finds one
                out(f"{NAMES[side]} (AI, lookahead {lookahead}) plays {format_move(move)}")
            if move is None:
                out("Game abandoned. Bye!")
                return None
            board = oska.apply_move(board, move)
            out(format_board(board))
            side = oska.opponent(side)
    except (KeyboardInterrupt, EOFError):
        out("\nGame ended. Bye!")
        return None


def _ask_human(side: str, moves: Sequence[oska.Move], input_fn: Callable[[str], str],
               out: Callable[[str], None]) -> oska.Move | None:
    """The person's move (None: they quit)."""
    listing = "Legal moves: " + "  ".join(f"{i}) {format_move(m)}" for i, m in enumerate(moves, 1))
    out(listing)
    while True:
        text = input_fn(f"{NAMES[side]} ({side.upper()}) to move: ")
        t = text.strip().lower()
        if t in ("q", "quit", "exit"):
            return None
        if t in ("?", "h", "help", "m", "moves"):
            out(listing)
            continue
        try:
            return parse_move(text, moves)
        except ValueError as exc:
            out(f"  {exc}")


def main(argv: Sequence[str] | None = None) -> int:
    """Play as ``argv`` says (``--n``, ``--lookahead``, ``--white``, ``--black``): exit status 0,
    or 2 for bad options (a usage error). As a module it runs through
    :func:`connect4_game.core.console.run_command`."""
    p = argparse.ArgumentParser(prog="oska", description="Play Oska (ECS 170 Oska) in the console.")
    p.add_argument("--n", type=arg_type(lambda n: check_int(n, oska.OSKA_MIN_N, None, "--n")),
                   default=oska.OSKA_DEFAULT_N,
                   help=f"checkers per side, >= {oska.OSKA_MIN_N} (default {oska.OSKA_DEFAULT_N})")
    p.add_argument("--lookahead", type=arg_type(lambda k: check_int(k, 1, None, "--lookahead")),
                   default=oska.OSKA_DEFAULT_LOOKAHEAD,
                   help=f"AI lookahead in plies, >= 1 (default {oska.OSKA_DEFAULT_LOOKAHEAD})")
    p.add_argument("--white", choices=KINDS, default="human",
                   help="who plays white (default human)")
    p.add_argument("--black", choices=KINDS, default="ai", help="who plays black (default ai)")
    args = p.parse_args(argv)
    play_oska(args.white, args.black, args.n, args.lookahead)
    return 0


if __name__ == "__main__":
    from connect4_game.core.console import run_command
    sys.exit(run_command(main, "oska"))
