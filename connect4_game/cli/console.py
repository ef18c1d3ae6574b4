"""The command line's console modes: the assignment's console game (BU CS111 ps9, Problem 3), Oska,
the review of a move string and a console game against a friend."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from types import FrameType
from typing import TYPE_CHECKING

from connect4_game.core import notation
from connect4_game.core.board import DEFAULT_COLS, DEFAULT_ROWS
from connect4_game.core.console import CONSOLE_LOOKAHEAD, CONSOLE_TIEBREAK, ConsolePlayer
from connect4_game.core.game import Game
from connect4_game.core.messages import clip
from connect4_game.core.side import Side
from connect4_game.net.connection import Connection
from connect4_game.net.options import NetMode, NetworkOptions
from connect4_game.plugins.factory import make_player
from connect4_game.seat_config import PlayerSpec

if TYPE_CHECKING:
    from connect4_game.ai.review import PlyReview, ReviewTable

__all__ = ['run_text', 'run_oska_text', 'run_review', 'run_network_text', 'network_options',
           'given_options', 'refuse_options', 'stop_signals_interrupt']


def _search(args: argparse.Namespace) -> tuple[int, str]:
    """``--lookahead`` and ``--tiebreak``, by default the console's (BU CS111 ps9, Problem 4)."""
    return (CONSOLE_LOOKAHEAD if args.lookahead is None else args.lookahead,
            args.tiebreak or CONSOLE_TIEBREAK)


def _player(args: argparse.Namespace, side: Side, default: str = 'human') -> PlayerSpec:
    """The player of ``side`` from ``--x``/``--o`` (else ``default``) with :func:`_search`'s."""
    spec: PlayerSpec = getattr(args, side.lower()) or PlayerSpec.parse(default)
    lookahead, tiebreak = _search(args)
    return spec.with_(lookahead=lookahead, tiebreak=tiebreak)


def given_options(args: argparse.Namespace, parser: argparse.ArgumentParser,
                  names: Iterable[str]) -> list[str]:
    """The ``--option`` of each destination of ``names`` given a value other than the default."""
    return ['--' + n.replace('_', '-') for n in names if getattr(args, n) != parser.get_default(n)]


def refuse_options(args: argparse.Namespace, parser: argparse.ArgumentParser,
                   names: Iterable[str], where: str) -> None:
    """Exit 2 (``parser.error``) naming the options of ``names`` given: each does nothing
    ``where`` (``'in Oska'``, ``'without --tournament'``, ...)."""
    if bad := given_options(args, parser, names):
        one = len(bad) == 1
        parser.error(f"{', '.join(bad)} {'does' if one else 'do'} nothing {where}; "
                     f"leave {'it' if one else 'them'} out")


def network_options(args: argparse.Namespace, lookahead: int, tiebreak: str
                    ) -> NetworkOptions | None:
    """The :class:`NetworkOptions` of --host / --join, or None. :raises ValueError: as they do."""
    if args.host is None and args.join is None:
        return None
    local = {side: (getattr(args, side.lower()) or PlayerSpec()).with_(
        lookahead=lookahead, tiebreak=tiebreak) for side in Side}
    if args.host is not None:
        addr, port = args.host
        return NetworkOptions(NetMode.HOST, bind_address=addr, port=port, code=args.code,
                              side=Side(args.side or Side.X), local=local,
                              wait=args.wait)
    return NetworkOptions(NetMode.JOIN, address=args.join, code=args.code, local=local,
                          wait=args.wait)


@contextlib.contextmanager
def stop_signals_interrupt() -> Iterator[None]:
    """In the main thread, SIGTERM and SIGHUP (the terminal closed) end the block as Ctrl-C does
    (KeyboardInterrupt); the handlers they replaced are put back after."""
    import signal
    import threading
    previous: dict[int, Callable[[int, FrameType | None], object] | int | None] = {}
    def ended(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt
    if threading.current_thread() is threading.main_thread():
        for name in ('SIGTERM', 'SIGHUP'):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                number = getattr(signal, name)
                previous[number] = signal.signal(number, ended)
    try:
        yield
    finally:
        for number, handler in previous.items():
            if handler is not None:
                with contextlib.suppress(OSError, ValueError, TypeError):
                    signal.signal(number, handler)


def run_text(args: argparse.Namespace, parser: argparse.ArgumentParser, rows: int | None = None,
             cols: int | None = None, moves: Sequence[int] = ()) -> int:
    """The console game (BU CS111 ps9, Problem 3's ``connect_four``) from ``rows`` x ``cols`` after
    ``moves`` (0-based); Ctrl-C, SIGTERM and SIGHUP end it with 'Game ended. Bye!' (status 0)."""
    from connect4_game.core.console import connect_four
    players: list[ConsolePlayer] = []
    rows, cols = rows or DEFAULT_ROWS, cols or DEFAULT_COLS
    try:
        with stop_signals_interrupt():
            try:
                for side, default in ((Side.X, 'ai' if args.demo else 'human'), (Side.O, 'ai')):
                    players.append(make_player(_player(args, side, default), side))
            except (ImportError, ValueError, OSError, SyntaxError) as exc:
                parser.error(f'cannot create the players: {clip(exc, 200)}')
            board = Game(rows, cols, moves).board if moves else None
            connect_four(players[0], players[1], rows, cols, board=board)
    except (KeyboardInterrupt, EOFError):
        print('\nGame ended. Bye!')
    finally:
        _close_all(None, players)
    return 0


def run_oska_text(args: argparse.Namespace) -> int:
    """``--game oska --text``: Oska in the console, ``--lookahead`` already in Oska's range."""
    from connect4_game.oska import console as oska_console
    side = ['--white', 'ai'] if args.demo else []
    lookahead = [] if args.lookahead is None else ['--lookahead', str(args.lookahead)]
    try:
        return oska_console.main(['--n', str(args.n)] + side + lookahead)
    except (KeyboardInterrupt, EOFError):
        print('\nGame ended. Bye!')
        return 0


def run_review(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """``--review MOVES``: every move of MOVES (columns 1..N) judged by perfect play, as a table or
    JSON."""
    try:
        from connect4_game.ai.review import ReviewTable, review_game
    except ImportError:
        parser.error('the game review is not available in this installation')
    rows, cols = args.rows or DEFAULT_ROWS, args.cols or DEFAULT_COLS
    table: ReviewTable | None = None
    def each(record: PlyReview) -> None:              # the table: a line as soon as a move is judged
        nonlocal table
        table = table or ReviewTable(rows, cols, lambda line: print(line, flush=True))
        table.row(record)
    try:                           # checked before the first line is printed
        moves = notation.parse_position(args.review, rows, cols)
        records = review_game(rows, cols, moves, on_ply=None if args.json else each)
    except ValueError as exc:
        parser.error(f'--review: {clip(exc, 200)}')
    if args.json:
        import json
        print(json.dumps([dict(r.to_json(), column=r.column + 1, best=[c + 1 for c in r.best])
                          for r in records]))      # the columns 1..N, as the players number them
    else:
        (table or ReviewTable(rows, cols, print)).finish()      # a game of no moves: no row
    return 0


def _close_all(link: Connection | None, players: Iterable[object]) -> None:
    """End the network game (the friend is told) and every local player."""
    if link is not None:
        link.close()
        link.join(3.0)
    for player in players:
        close = getattr(player, 'close', None)
        if close is not None:
            close()


def _open_network(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Connection:
    """The started connection of --host / --join; a host says where it is and that it waits."""
    try:
        options = network_options(args, *_search(args))
        assert options is not None      # --host or --join brought us here
        link = options.open(rows=args.rows or DEFAULT_ROWS, cols=args.cols or DEFAULT_COLS)
    except (OSError, ValueError) as exc:
        parser.error(f'cannot start the network game: '
                     f'{clip(getattr(exc, "strerror", None) or exc, 160)}')
    if link.is_host:
        print(f'Hosting a game: {link.invitation()}', flush=True)
        print('Waiting for a friend to join… (Ctrl+C to stop)', flush=True)
    return link


def run_network_text(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """``--text`` with --host/--join; 1 after one line for a join that fails."""
    from connect4_game.net.console import play_remote
    players: list[ConsolePlayer] = []
    link: Connection | None = None
    def local(checker: str) -> ConsolePlayer:
        player = make_player(_player(args, Side(checker)), Side(checker))
        players.append(player)
        return player
    try:
        with stop_signals_interrupt():
            link = _open_network(args, parser)
            game = play_remote(link, local, wait=args.wait if link.is_host else None, close=False)
    except (KeyboardInterrupt, EOFError):
        print('\nGame ended. Bye!')
        return 0
    except ValueError as exc:
        print(f'connect4: {clip(exc, 200)}', file=sys.stderr)
        return 1
    finally:
        _close_all(link, players)
    if link.failure is not None:
        print(f'connect4: could not join: {link.failure.text}', file=sys.stderr)
        return 1
    return 0 if game is not None else 1
