"""The command line of ``python main.py``, ``python -m connect4_game`` and ``connect4-pygame``: the
window by default, ``--text`` the assignment's console game (BU CS111 ps9, Problem 3). A bad
value is an argparse error (exit status 2) quoting at most a short piece of it."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn

from connect4_game import __version__, logs
from connect4_game.ai.levels import DEFAULT_LEVEL
from connect4_game.cli import console, desktop
from connect4_game.cli.console import network_options
from connect4_game.cli.output import degrade_unencodable
from connect4_game.cli.tournament import add_tournament_options, run_from_cli
from connect4_game.core import board
from connect4_game.core.checks import (
    arg_type,
    check_choice,
    check_int,
    check_lookahead,
    check_number,
)
from connect4_game.core.console import CONSOLE_LOOKAHEAD, CONSOLE_TIEBREAK
from connect4_game.core.messages import clip, quote
from connect4_game.core.side import CHECKERS, Side
from connect4_game.i18n import LANGUAGES
from connect4_game.net.options import MAX_WAIT, check_wait
from connect4_game.oska.engine import OSKA_DEFAULT_N, OSKA_MAX_LOOKAHEAD, OSKA_MAX_N, OSKA_MIN_N
from connect4_game.players import DEFAULT_LOOKAHEAD, DEFAULT_TIEBREAK, TIEBREAKS, clamp_lookahead
from connect4_game.seat_config import PlayerSpec
from connect4_game.storage import settings

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    from connect4_game.play.start import AppOptions

__all__ = ['build_parser', 'main', 'parse_player']

logger = logging.getLogger(__name__)


class _Parser(argparse.ArgumentParser):
    """argparse with every error message clipped to a few lines."""

    def error(self, message: str) -> NoReturn:
        super().error(clip(message, 300))

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        """As argparse's, but an ``OSError`` (a closed pipe) is raised, not swallowed."""
        (file or sys.stdout).write(self.format_help())


parse_player = arg_type(PlayerSpec.parse, str, 'a player')     # a --x/--o value


def _size(text: str) -> tuple[int, int]:
    """``WxH`` as ``(width, height)``. :raises ValueError:"""
    width, height = (int(v) for v in text.lower().split('x'))
    return width, height


def _host_address(text: str) -> tuple[str, int]:
    """``[ADDR:]PORT`` as ``(addr, port)``, the port not checked. :raises ValueError:"""
    addr, _sep, port = text.rpartition(':')
    return addr.strip('[]'), int(port)


def _port(address: tuple[str, int]) -> tuple[str, int]:
    """``address`` if its port is 0 (a free one is picked) to 65535. :raises ValueError:"""
    return address[0], check_int(address[1], 0, 65535, 'port')


def _code(text: str) -> str:
    if not (len(text) == 4 and text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f'{quote(text)}: the code is 4 digits, e.g. 0421')
    return text


def _choice(choices: Sequence[str], what: str) -> Callable[[str], str]:
    return lambda word: check_choice(word, choices, what)


def build_parser() -> argparse.ArgumentParser:
    arg = arg_type
    p = _Parser(prog='connect4-pygame',
                description='Connect Four: play in a window (default) or in the console (--text).')
    p.add_argument('--version', action='version', version=f'%(prog)s {__version__}')
    g = p.add_argument_group('players and computer')
    g.add_argument('--x', type=parse_player, metavar='PLAYER',
                   help='who plays X: human, easy, medium, hard, expert, random, ai (the '
                        "assignment's AIPlayer: see --lookahead) or FILE.py:ClassName "
                        '(default: human)')
    g.add_argument('--o', type=parse_player, metavar='PLAYER',
                   help=f'who plays O (default: {DEFAULT_LEVEL})')
    g.add_argument('--lookahead', type=arg(check_lookahead), metavar='N',
                   help="the assignment's AIPlayer's lookahead in plies (window: your last "
                        f'setting, at first {DEFAULT_LOOKAHEAD}; --text: {CONSOLE_LOOKAHEAD}); '
                        'a computer side becomes that AIPlayer')
    g.add_argument('--tiebreak', type=arg(_choice(TIEBREAKS, 'tiebreak'), str.upper, 'a word'),
                   metavar='{' + ','.join(TIEBREAKS) + '}',
                   help='how the AIPlayer picks among equally good columns (window: your last '
                        f'setting, at first {DEFAULT_TIEBREAK}; --text: {CONSOLE_TIEBREAK}, '
                        'as in the assignment)')
    g.add_argument('--text', action='store_true', help="play in the console (the assignment's game)")
    g.add_argument('--demo', action='store_true', help='computer against computer, game after game')
    lo, hi = settings.MIN_PACE, settings.MAX_PACE
    g.add_argument('--pace', type=arg(lambda v: check_number(v, lo, hi, 'pace'), float, 'a number'),
                   metavar='SECONDS', help='seconds between moves when the computer plays both '
                                          f'sides ({lo:g}..{hi:g}; default: your last setting, '
                                          f'at first {settings.DEFAULT_PACE:g})')
    b = p.add_argument_group('board and position')
    b.add_argument('--rows', type=arg(board.check_rows), metavar='R',
                   help=f'board rows, {board.MIN_ROWS}..{board.MAX_ROWS} '
                        f'(default {board.DEFAULT_ROWS})')
    b.add_argument('--cols', type=arg(board.check_cols), metavar='C',
                   help=f'board columns, {board.MIN_COLS}..{board.MAX_COLS} '
                        f'(default {board.DEFAULT_COLS})')
    b.add_argument('--moves', metavar='STRING',
                   help="start from these moves in the assignment's add_checkers notation, "
                        "columns from 0: e.g. 1211244445 (columns 10-13 as a-d; the board's "
                        "column 1 is 0 here, see --position)")
    b.add_argument('--position', metavar='MOVES',
                   help='start from these moves as a player writes them: columns 1..N as on '
                        'the board and connect4.gamesolver.org, e.g. 4453 (X in column 4, O in '
                        '4, X in 5, O in 3; columns 10-14 as a-e)')
    b.add_argument('--load', metavar='FILE', help='start from a saved game')
    b.add_argument('--game', type=arg(_choice(('connect4', 'oska'), 'game'), str.lower, 'a word'),
                   default='connect4', metavar='{connect4,oska}',
                   help='which game (default connect4)')
    b.add_argument('--n', type=arg(lambda v: check_int(v, OSKA_MIN_N, OSKA_MAX_N, 'n')),
                   default=OSKA_DEFAULT_N,
                   help=f'Oska: checkers per side (default {OSKA_DEFAULT_N})')
    b.add_argument('--review', metavar='MOVES',
                   help="print a review of the game MOVES (columns 1..N, as --position): every "
                        'move judged by perfect play; with --json as JSON')
    b.add_argument('--analyze', nargs='+', metavar='MOVES',
                   help='print every column\'s perfect-play result for each position MOVES '
                        '(columns 1..N, as --position; "" the empty board); with --json one '
                        'JSON object a line')
    b.add_argument('--json', action='store_true',
                   help='--review, --analyze, --tournament, --puzzles, --discover: print JSON')
    b.add_argument('--puzzles', action='store_true',
                   help='list the puzzles ("Red to play and win in 3") and exit; with --json '
                        'as JSON: id, moves (columns 1..7), win_in, answer (column 1..7)')
    n = p.add_argument_group('play a friend on another computer')
    n.add_argument('--host', type=arg(_port, _host_address, 'PORT or ADDRESS:PORT, e.g. 24744'),
                   metavar='[ADDR:]PORT',
                   help='host a game on this port (and address): prints the address and a '
                        '4-digit code to tell your friend')
    n.add_argument('--join', metavar='ADDR[:PORT]', help="join a friend's game (with --code)")
    n.add_argument('--discover', action='store_true',
                   help='list the games hosted on the local network that answer within 2 s '
                        '(address:port, board, who plays first) and exit; with --json as JSON')
    n.add_argument('--code', type=_code, metavar='NNNN',
                   help='the 4-digit code (--join: the host\'s; --host: fix it, for scripts)')
    n.add_argument('--side', type=arg(_choice(CHECKERS, 'side'), str.upper, 'X or O'),
                   metavar='{' + ','.join(CHECKERS) + '}',
                   help='--host: the side this computer plays (default X)')
    n.add_argument('--wait', type=arg(check_wait, float, 'a number of seconds'),
                   metavar='SECONDS',
                   help='--host: how long to wait for a friend to join (default: until '
                        'Ctrl+C or the window is closed); --join: how long to keep trying to '
                        'reach a host that is not up yet (default 15 in the console, '
                        f'up to {MAX_WAIT:g})')
    w = p.add_argument_group('window')
    w.add_argument('--theme', type=arg(_choice(settings.THEMES, 'theme'), str.lower, 'a word'),
                   metavar='NAME', help=f"colour theme ({', '.join(settings.THEMES)})")
    w.add_argument('--lang', type=arg(_choice(LANGUAGES, 'language'), str.lower, 'a word'),
                   metavar='CODE', help=f"the window's language ({', '.join(LANGUAGES)}; "
                                        'default: your last choice, else the system\'s)')
    w.add_argument('--mute', action='store_true', help='no sound')
    w.add_argument('--size', type=arg(settings.check_window_size, _size,
                                      'WIDTHxHEIGHT, e.g. 900x800'), metavar='WxH',
                   help=f'window size in pixels, e.g. 900x800 (from '
                        f'{settings.MIN_WINDOW_W}x{settings.MIN_WINDOW_H} to '
                        f'{settings.MAX_WINDOW}x{settings.MAX_WINDOW})')
    s = p.add_argument_group('scripted and headless use')
    s.add_argument('--exit-after-game', action='store_true',
                   help='exit (status 0) after the first game ends')
    s.add_argument('--exit-after', type=arg(lambda v: check_number(v, 0.0, 1e9, 'seconds'),
                                            float, 'a number of seconds'),
                   metavar='SECONDS', help='exit after this many seconds')
    s.add_argument('--screenshot', metavar='FILE', help='save the last frame as PNG on exit')
    s.add_argument('--frame-stats', metavar='FILE',
                   help='on exit write JSON: frames, p50_ms, p95_ms, p99_ms, max_ms, moves')
    s.add_argument('--no-settings', action='store_true',
                   help="don't read or write settings, statistics or the autosave")
    s.add_argument('--verbose', action='store_true',
                   help='also show debug lines on stderr (default: warnings and errors only)')
    d = p.add_argument_group('desktop (Linux)')
    d.add_argument('--install-desktop-entry', action='store_true',
                   help="put the game, its icons and metainfo in the desktop's application menu "
                        '(under $XDG_DATA_HOME, default ~/.local/share) and exit')
    add_tournament_options(p)
    return p


# Options that only mean something in some modes: one given where it does
# nothing is refused (exit 2) rather than silently ignored.
_CONNECT4_ONLY = ('x', 'o', 'tiebreak', 'rows', 'cols', 'moves', 'position', 'load', 'review',
                  'analyze', 'host', 'join')
_WINDOW_ONLY = ('theme', 'mute', 'size', 'exit_after', 'screenshot', 'frame_stats', 'lang',
                'no_settings', 'pace')
_OSKA_ONLY = ('n',)
_REPORTS = {'review': ('a review (--review)', 'judges a Connect Four game'),
            'analyze': ('an analysis (--analyze)', 'reads Connect Four positions')}


def _mode_and_refused(args: argparse.Namespace, parser: argparse.ArgumentParser
                      ) -> tuple[str, tuple[str, ...]]:
    refused: tuple[str, ...]
    if args.puzzles:
        from connect4_game.trainer.command import puzzle_mode
        return puzzle_mode(args, parser)
    if args.game == 'oska':
        mode, refused = 'Oska', _CONNECT4_ONLY
    else:
        mode, refused = 'Connect Four', _OSKA_ONLY
    if args.text:
        refused = refused + tuple(n for n in _WINDOW_ONLY if n not in refused)
        mode += ' in the console (--text)'
    if (report := next((n for n in _REPORTS if getattr(args, n) is not None), None)) is not None:
        mode, reads = _REPORTS[report]
        if args.game == 'oska':
            parser.error(f'--{report} {reads}; leave out --game oska')
        refused = tuple(n for n in vars(args) if n not in (report, 'json', 'rows', 'cols', 'game'))
    elif args.discover:
        refused = tuple(n for n in vars(args) if n not in ('discover', 'json'))
        mode = 'a search for games (--discover)'
    elif args.json:
        parser.error('--json goes with --review, --analyze, --tournament, --puzzles or '
                     '--discover')
    return mode, refused


# Options that make no sense with --host / --join (a joiner gets the host's board).
_NET_REFUSED = {'host': ('demo', 'moves', 'position', 'load', 'review'),
                'join': ('demo', 'moves', 'position', 'load', 'rows', 'cols', 'review', 'side')}
_NET_ONLY = ('code', 'side', 'wait')


def _check_network(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """Refuse (exit 2) network options that do not fit together, or name the friend's side."""
    if args.host is None and args.join is None:
        console.refuse_options(args, parser, _NET_ONLY, 'without --host or --join')
        return
    if args.host is not None and args.join is not None:
        parser.error('--host and --join: one computer hosts, the other joins')
    role = 'host' if args.host is not None else 'join'
    if role == 'join' and not args.code:
        parser.error('--join needs the --code the host shows')
    console.refuse_options(args, parser, _NET_REFUSED[role], f'with --{role}')
    remote = Side(args.side or Side.X).other
    if role == 'host' and getattr(args, remote.value.lower()):
        parser.error(f'--{remote.value.lower()}: the friend plays {remote}; name only your side')


def _check_mode(args: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    """Refuse (exit 2) every option that does nothing in the chosen mode."""
    mode, refused = _mode_and_refused(args, parser)
    console.refuse_options(args, parser, (n for n in refused if n != 'verbose'), 'in ' + mode)
    _check_network(args, parser)
    starts = console.given_options(args, parser, ('moves', 'position', 'load'))
    if len(starts) > 1:
        parser.error(f"{' and '.join(starts)}: each gives the start position; use one of them")


def _start_position(args: argparse.Namespace, parser: argparse.ArgumentParser
                    ) -> tuple[int | None, int | None, list[int]]:
    """``(rows, cols, moves)`` of --rows/--cols and --moves, --position or --load (None: not
    given; moves 0-based)."""
    from connect4_game.core import notation
    for option, parse in (('position', notation.parse_position),
                          ('moves', notation.parse_add_checkers)):
        if getattr(args, option) is not None:
            rows, cols = args.rows or board.DEFAULT_ROWS, args.cols or board.DEFAULT_COLS
            try:
                return rows, cols, parse(getattr(args, option), rows, cols)
            except ValueError as exc:
                parser.error(f'--{option}: {clip(exc, 200)}')
    if args.load:
        from connect4_game.storage.savegame import load_game
        try:
            saved = load_game(args.load)
        except (ValueError, OSError) as exc:
            parser.error(f'--load: {clip(exc, 200)}')
        return saved.rows, saved.cols, list(saved.columns)
    return args.rows, args.cols, []


def _clamp_lookahead(args: argparse.Namespace, rows: int, cols: int) -> None:
    """A lookahead past the board's cells is the same search: cut it, saying so once."""
    if args.lookahead is not None:
        clamped = clamp_lookahead(args.lookahead, rows, cols)
        if clamped != args.lookahead:
            logger.warning('--lookahead %s is more than the %d cells of the board; using %d '
                           '(the same search)', clip(args.lookahead, 12), rows * cols, clamped)
            args.lookahead = clamped


def _plain_start(args: argparse.Namespace) -> bool:
    """No position, player or mode option: the only start that owns the autosave."""
    scripted = ('x', 'o', 'lookahead', 'tiebreak', 'rows', 'cols', 'moves', 'position', 'load',
                'demo', 'exit_after_game', 'exit_after', 'screenshot', 'frame_stats', 'no_settings',
                'host', 'join')
    return args.game == 'connect4' and all(getattr(args, n) in (None, False) for n in scripted)


def _has_display() -> bool:
    """False on Linux without ``DISPLAY``, ``WAYLAND_DISPLAY`` or ``SDL_VIDEODRIVER``."""
    return not sys.platform.startswith('linux') or any(
        os.environ.get(name) for name in ('SDL_VIDEODRIVER', 'DISPLAY', 'WAYLAND_DISPLAY'))


def window_options(args: argparse.Namespace, rows: int | None, cols: int | None,
                   moves: list[int]) -> AppOptions:
    from connect4_game.play.start import AppOptions
    la = DEFAULT_LOOKAHEAD if args.lookahead is None else args.lookahead
    tb = args.tiebreak or DEFAULT_TIEBREAK
    x = args.x.with_(lookahead=la, tiebreak=tb) if args.x else None
    o = args.o.with_(lookahead=la, tiebreak=tb) if args.o else None
    use_settings = not args.no_settings
    return AppOptions(x=x, o=o, rows=rows, cols=cols, lookahead=args.lookahead,
                      tiebreak=args.tiebreak, demo=args.demo,
                      exit_after_game=args.exit_after_game, exit_after=args.exit_after,
                      screenshot=args.screenshot, frame_stats=args.frame_stats, theme=args.theme,
                      mute=args.mute, moves=moves, size=args.size, use_settings=use_settings,
                      owns_autosave=use_settings and _plain_start(args), language=args.lang,
                      game=args.game, oska_n=args.n, network=network_options(args, la, tb),
                      pace=args.pace)


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` (default ``sys.argv[1:]``) and play; the exit status, as
    :func:`connect4_game.core.console.run_command` ends a command."""
    from connect4_game.core.console import run_command
    return run_command(lambda: _run(argv))


def _run(argv: Sequence[str] | None) -> int:
    _prepare_environment()
    parser = build_parser()
    args = parser.parse_args(argv)
    logs.configure(verbose=args.verbose)
    if argv is None:            # the real command line, not a caller's list: crash reports
        logs.install_crash_hook()
    logger.debug('options: %s', vars(args))
    if (status := run_from_cli(args, parser)) is not None:
        return status
    if args.install_desktop_entry:
        from connect4_game.cli.desktop import install_from_command_line
        return install_from_command_line(args, parser)
    _check_mode(args, parser)
    if (status := _run_report(args, parser)) is not None:
        return status
    return _run_game(args, parser)


def _prepare_environment() -> None:
    """The output writer and SDL's hints, set before anything is printed or opened."""
    degrade_unencodable()
    os.environ.setdefault('PYGAME_HIDE_SUPPORT_PROMPT', '1')
    for hint in ('SDL_VIDEO_X11_WMCLASS', 'SDL_VIDEO_WAYLAND_WMCLASS'):   # the desktop entry's
        os.environ.setdefault(hint, desktop.APP_ID)                     # window class
    if os.environ.get('SDL_VIDEODRIVER') == 'dummy':     # headless: no ALSA probe errors
        os.environ.setdefault('SDL_AUDIODRIVER', 'dummy')


def _run_report(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int | None:
    """Run a command that only prints, or the console's network game; None for another game."""
    if args.puzzles:
        from connect4_game.trainer.command import run_puzzles
        return run_puzzles(args)
    if args.review is not None:
        return console.run_review(args, parser)
    if args.analyze is not None:
        from connect4_game.cli.analyze import run_analyze
        return run_analyze(args, parser)
    if args.discover:
        from connect4_game.net.discovery import run_discover
        return run_discover(args.json)
    if (args.host is not None or args.join is not None) and args.text:
        return console.run_network_text(args, parser)
    return None


def _run_game(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    rows, cols, moves = _start_position(args, parser)    # Oska: none given (refused)
    if args.game == 'oska':
        if args.lookahead is not None:
            args.lookahead = max(1, min(OSKA_MAX_LOOKAHEAD, args.lookahead))
        if args.text:
            return console.run_oska_text(args)
    else:
        _clamp_lookahead(args, rows or board.DEFAULT_ROWS, cols or board.DEFAULT_COLS)
        if args.text:
            return console.run_text(args, parser, rows, cols, moves)
    if not _has_display():
        print('connect4: no display for the window (neither DISPLAY nor WAYLAND_DISPLAY is set); '
              'play in the console with --text', file=sys.stderr)
        return 1
    try:
        opts = window_options(args, rows, cols, moves)
    except ValueError as exc:
        parser.error(clip(exc, 200))
    from connect4_game.ui.app import run_window
    return run_window(opts)
