"""The command line: ``python main.py``, ``python -m connect4_game`` and the
``connect4`` gui-script all call :func:`main`.

Without options it opens the window (you are X against the AI). ``--text``
plays the seed's console game instead. Bad values are argparse errors
(exit status 2), never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys

__all__ = ['build_parser', 'main', 'parse_player']

KINDS = ('human', 'random', 'ai', 'expert')
TIEBREAKS = ('LEFT', 'RIGHT', 'RANDOM')


def _nonneg_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f'{text!r} is not an integer') from None
    if value < 0:
        raise argparse.ArgumentTypeError(f'{value} is negative; use 0 or more')
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f'{text!r} is not a number of seconds') from None
    if not value >= 0 or value == float('inf'):
        raise argparse.ArgumentTypeError(f'{text!r} must be a finite number of seconds >= 0')
    return value


def _ranged(lo: int, hi: int, what: str):
    def check(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f'{text!r} is not an integer') from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f'{what} must be from {lo} to {hi}, not {value}')
        return value
    return check


def _tiebreak(text: str) -> str:
    up = text.upper()
    if up not in TIEBREAKS:
        raise argparse.ArgumentTypeError(f'{text!r} is not one of LEFT, RIGHT, RANDOM')
    return up


def parse_player(text: str) -> str:
    """Validate a ``--x``/``--o`` value: human, random, ai, expert or ``FILE.py:ClassName``.

    :raises argparse.ArgumentTypeError: naming the bad value.
    """
    low = text.strip().lower()
    if low in KINDS:
        return low
    path, sep, cls = text.rpartition(':')
    if sep and path.endswith('.py') and cls.isidentifier():
        return text
    if low.split(':')[0] in ('cs5', 'vieropeenrij'):
        return text   # the other assignments' players, via connect4_game.plugins
    raise argparse.ArgumentTypeError(
        f'{text!r} is not a player: use human, random, ai, expert or FILE.py:ClassName')


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog='connect4',
        description='Connect Four: play in a window (default) or in the console (--text).')
    g = p.add_argument_group('players and AI')
    g.add_argument('--x', type=parse_player, metavar='PLAYER',
                   help='who plays X: human, random, ai, expert or FILE.py:ClassName '
                        '(default human)')
    g.add_argument('--o', type=parse_player, metavar='PLAYER',
                   help='who plays O (default ai)')
    g.add_argument('--lookahead', type=_nonneg_int, metavar='N',
                   help='AI lookahead in plies (window: your last setting, at first 6; '
                        '--text: 3)')
    g.add_argument('--tiebreak', type=_tiebreak, metavar='{LEFT,RIGHT,RANDOM}',
                   help='how the AI picks among equally good columns (window: your last '
                        'setting, at first RANDOM; --text: LEFT, as in the seed)')
    g.add_argument('--text', action='store_true', help='play in the console (the seed\'s game)')
    g.add_argument('--demo', action='store_true', help='AI vs AI, game after game')
    b = p.add_argument_group('board and position')
    b.add_argument('--rows', type=_ranged(4, 12, 'rows'), help='board rows, 4..12 (default 6)')
    b.add_argument('--cols', type=_ranged(4, 14, 'columns'),
                   help='board columns, 4..14 (default 7)')
    b.add_argument('--moves', metavar='STRING',
                   help="start from these moves in the seed's add_checkers notation, "
                        "e.g. 1211244445 (columns 10-13 as a-d)")
    b.add_argument('--load', metavar='FILE', help='start from a saved game')
    b.add_argument('--game', choices=('connect4', 'oska'), default='connect4',
                   help='which game (default connect4)')
    b.add_argument('--n', type=_ranged(4, 9, 'n'), default=4,
                   help='Oska: checkers per side (default 4)')
    w = p.add_argument_group('window')
    w.add_argument('--theme', help='colour theme (classic, dark, high_contrast, paper)')
    w.add_argument('--mute', action='store_true', help='no sound')
    w.add_argument('--size', metavar='WxH', help='window size in pixels, e.g. 900x800')
    s = p.add_argument_group('scripted and headless use')
    s.add_argument('--exit-after-game', action='store_true',
                   help='exit (status 0) after the first game ends')
    s.add_argument('--exit-after', type=_seconds, metavar='SECONDS',
                   help='exit after this many seconds')
    s.add_argument('--screenshot', metavar='FILE', help='save the last frame as PNG on exit')
    s.add_argument('--frame-stats', metavar='FILE',
                   help='on exit write JSON: frames, p50_ms, p95_ms, p99_ms, max_ms, moves')
    s.add_argument('--no-settings', action='store_true',
                   help="don't read or write settings, statistics or the autosave")
    return p


def _player_config(kind, lookahead, tiebreak):
    from connect4_game.ui.model import PlayerConfig
    if kind in ('human', 'random', 'ai', 'expert'):
        return PlayerConfig(kind, lookahead, tiebreak)
    return PlayerConfig('plugin', lookahead, tiebreak, spec=kind)


def _console_player(kind, checker, lookahead, tiebreak):
    from connect4_game.players import AIPlayer, Player, RandomPlayer
    if kind == 'human':
        return Player(checker)
    if kind == 'random':
        return RandomPlayer(checker)
    if kind == 'ai':
        return AIPlayer(checker, tiebreak, lookahead)
    if kind == 'expert':
        from connect4_game.expert import ExpertPlayer
        return ExpertPlayer(checker)
    from connect4_game import plugins
    return plugins.GuardedPlayer(plugins.load_player(kind, checker, tiebreak, lookahead),
                                 label=kind, timeout=60)


def run_text(args, parser) -> int:
    """The console game (seed ps9 Problem 3's ``connect_four``)."""
    from connect4_game.console import connect_four
    lookahead = 3 if args.lookahead is None else args.lookahead
    tiebreak = args.tiebreak or 'LEFT'
    try:
        p1 = _console_player(args.x or 'human', 'X', lookahead, tiebreak)
        p2 = _console_player(args.o or 'ai', 'O', lookahead, tiebreak)
    except (ImportError, ValueError, OSError, SyntaxError) as exc:
        parser.error(f'cannot create the players: {exc}')
    rows, cols = args.rows or 6, args.cols or 7
    board = None
    if args.moves is not None:
        from connect4_game.savegame import board_from_moves
        try:
            board = board_from_moves(args.moves, rows, cols)
        except ValueError as exc:
            parser.error(f'--moves: {exc}')
    elif args.load:
        from connect4_game.savegame import load_game
        try:
            board = load_game(args.load).board()
        except (ValueError, OSError) as exc:
            parser.error(f'--load: {exc}')
    try:
        connect_four(p1, p2, rows, cols, board=board)
    except (KeyboardInterrupt, EOFError):
        print('\nGame ended. Bye!')
        return 0
    return 0


def run_oska_window(args) -> int:
    """The Oska window (seed 003): you play white, or AI against AI with --demo."""
    from connect4_game.ui.oska_view import run
    run(n=args.n, human_side=None if args.demo else 'w',
        lookahead=min(args.lookahead or 3, 9), exit_after=args.exit_after,
        exit_after_game=args.exit_after_game, screenshot=args.screenshot,
        frame_stats_path=args.frame_stats)
    return 0


def main(argv=None) -> int:
    """Parse ``argv`` (default ``sys.argv[1:]``) and play; returns the exit status."""
    os.environ.setdefault('PYGAME_HIDE_SUPPORT_PROMPT', '1')
    if os.environ.get('SDL_VIDEODRIVER') == 'dummy':
        # headless run: no sound either, instead of a screenful of ALSA probe errors
        os.environ.setdefault('SDL_AUDIODRIVER', 'dummy')
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.game == 'oska':
        if args.text:
            from connect4_game import oska_console
            try:
                return oska_console.main(['--n', str(args.n)] + (
                    ['--lookahead', str(max(1, args.lookahead))] if args.lookahead else []))
            except (KeyboardInterrupt, EOFError):
                print('\nGame ended. Bye!')
                return 0
        return run_oska_window(args)
    if args.text:
        return run_text(args, parser)
    from connect4_game.ui.app import AppOptions, DEFAULT_LOOKAHEAD, DEFAULT_TIEBREAK, run_window
    rows, cols = args.rows, args.cols
    moves = []
    if args.moves is not None:
        from connect4_game.savegame import parse_moves
        try:
            moves = parse_moves(args.moves, rows or 6, cols or 7)
        except ValueError as exc:
            parser.error(f'--moves: {exc}')
        rows, cols = rows or 6, cols or 7
    if args.load:
        from connect4_game.savegame import load_game
        try:
            load_game(args.load)
        except (ValueError, OSError) as exc:
            parser.error(f'--load: {exc}')
    size = None
    if args.size:
        try:
            w, h = (int(v) for v in args.size.lower().split('x'))
            if not (320 <= w <= 10000 and 300 <= h <= 10000):
                raise ValueError
            size = (w, h)
        except ValueError:
            parser.error(f'--size {args.size!r}: use WIDTHxHEIGHT, e.g. 900x800 (320x300 or more)')
    if args.theme:
        from connect4_game.ui import themes
        if args.theme not in themes.theme_names():
            parser.error(f"--theme {args.theme!r}: choose from {', '.join(themes.theme_names())}")
    lookahead = args.lookahead
    tiebreak = args.tiebreak
    scripted = bool(args.moves or args.load or args.demo or args.x or args.o)
    la = DEFAULT_LOOKAHEAD if lookahead is None else lookahead
    tb = tiebreak or DEFAULT_TIEBREAK
    try:
        x = _player_config(args.x, la, tb) if args.x else None
        o = _player_config(args.o, la, tb) if args.o else None
    except ValueError as exc:
        parser.error(str(exc))
    if (x is not None or o is not None) and (x is None or o is None):
        from connect4_game.ui.model import PlayerConfig
        x = x or PlayerConfig('human', la, tb)
        o = o or PlayerConfig('ai', la, tb)
    if (args.x == 'expert' or args.o == 'expert'):
        from connect4_game.ui.views import expert_available
        if not expert_available():
            parser.error('the Expert player is not available in this installation')
    use_settings = not args.no_settings
    opts = AppOptions(x=x, o=o, rows=rows, cols=cols, lookahead=lookahead, tiebreak=tiebreak,
                      demo=args.demo, exit_after_game=args.exit_after_game,
                      exit_after=args.exit_after, screenshot=args.screenshot,
                      frame_stats=args.frame_stats, theme=args.theme, mute=args.mute,
                      moves=moves, load=args.load, size=size, use_settings=use_settings,
                      offer_autosave=use_settings and not scripted)
    return run_window(opts)

if __name__ == '__main__':
    sys.exit(main())
