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

from connect4_game.messages import clip, quote

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
        from connect4_game.ai.expert import ExpertPlayer
        return ExpertPlayer(checker)
    from connect4_game import plugins
    if plugins.is_plugin_spec(kind):   # the user's own code: in a process of its own
        return plugins.ProcessPlayer(kind, checker, tiebreak, lookahead, label=kind, timeout=60)
    return plugins.GuardedPlayer(plugins.load_player(kind, checker, tiebreak, lookahead),
                                 label=kind, timeout=60)


def _end_on_sigterm():
    """In the main thread: make SIGTERM end the console game the way Ctrl-C
    does (KeyboardInterrupt), so that the players are closed and a plug-in's
    process takes what it started with it. Returns the handler it replaced,
    or None where none was installed."""
    import signal
    import threading
    if threading.current_thread() is not threading.main_thread() \
            or not hasattr(signal, 'SIGTERM'):
        return None

    def ended(signum, frame):
        raise KeyboardInterrupt

    try:
        return signal.signal(signal.SIGTERM, ended)
    except (OSError, ValueError):
        return None


def _restore_sigterm(previous) -> None:
    if previous is None:
        return
    import signal
    try:
        signal.signal(signal.SIGTERM, previous)
    except (OSError, ValueError, TypeError):
        pass


def run_text(args, parser, rows=None, cols=None, moves=()) -> int:
    """The console game (seed ps9 Problem 3's ``connect_four``), from the start
    position ``rows`` x ``cols`` after ``moves`` (0-based columns) when given;
    with --demo both sides default to the AI.

    Ctrl-C and SIGTERM end it politely ('Game ended. Bye!', status 0), also
    while a plug-in loads; either way every player is closed, so a plug-in's
    process and whatever it started end with the game."""
    from connect4_game.console import connect_four
    lookahead = 3 if args.lookahead is None else args.lookahead
    tiebreak = args.tiebreak or 'LEFT'
    default_x = 'ai' if args.demo else 'human'
    players = []
    previous = _end_on_sigterm()
    try:
        try:
            for kind, checker in ((args.x or default_x, 'X'), (args.o or 'ai', 'O')):
                players.append(_console_player(kind, checker, lookahead, tiebreak))
        except (ImportError, ValueError, OSError, SyntaxError) as exc:
            parser.error(f'cannot create the players: {clip(exc, 200)}')
        rows, cols = rows or 6, cols or 7
        board = None
        if moves:
            from connect4_game.storage.savegame import board_from_moves, moves_to_string
            board = board_from_moves(moves_to_string(moves), rows, cols)
        connect_four(players[0], players[1], rows, cols, board=board)
    except (KeyboardInterrupt, EOFError):
        print('\nGame ended. Bye!')
        return 0
    finally:   # a plug-in's process (and whatever it started) ends with the game
        _restore_sigterm(previous)   # a second SIGTERM ends us; the plug-in's guardian cleans up
        for player in players:
            close = getattr(player, 'close', None)
            if close is not None:
                close()
    return 0


def run_oska_window(args) -> int:
    """The Oska window (seed 003): you play white, or AI against AI with --demo."""
    from connect4_game.ui.oska_view import run
    run(n=args.n, human_side=None if args.demo else 'w',
        lookahead=min(args.lookahead or 3, 9), exit_after=args.exit_after,
        exit_after_game=args.exit_after_game, screenshot=args.screenshot,
        frame_stats_path=args.frame_stats, **({'size': args.size} if args.size else {}))
    return 0


# Options that only mean something in some modes. An option given where it
# does nothing is refused (exit 2) rather than silently ignored.
_CONNECT4_ONLY = ('x', 'o', 'tiebreak', 'rows', 'cols', 'moves', 'load', 'theme', 'mute',
                  'no_settings')
_WINDOW_ONLY = ('theme', 'mute', 'size', 'exit_after', 'screenshot', 'frame_stats')
_OSKA_ONLY = ('n',)


def _given(args, name: str) -> bool:
    value = getattr(args, name)
    if name == 'n':
        return value != 4
    return value not in (None, False)


def _option(name: str) -> str:
    return '--' + name.replace('_', '-')


def _check_mode(args, parser) -> None:
    """Refuse (exit 2) every option that does nothing in the chosen mode."""
    if args.game == 'oska':
        mode, refused = 'Oska', _CONNECT4_ONLY
    else:
        mode, refused = 'Connect Four', _OSKA_ONLY
    if args.text:
        refused = refused + tuple(n for n in _WINDOW_ONLY if n not in refused)
        mode += ' in the console (--text)'
    bad = [_option(n) for n in refused if _given(args, n)]
    if bad:
        parser.error(f"{', '.join(bad)} {'does' if len(bad) == 1 else 'do'} nothing in "
                     f"{mode}; leave {'it' if len(bad) == 1 else 'them'} out")
    if args.moves is not None and args.load:
        parser.error('--moves and --load both give the start position; use one of them')


def _parse_size(args, parser):
    if not args.size:
        return None
    try:
        w, h = (int(v) for v in args.size.lower().split('x'))
        if not (320 <= w <= 10000 and 300 <= h <= 10000):
            raise ValueError
        return (w, h)
    except ValueError:
        parser.error(f'--size {quote(args.size)}: use WIDTHxHEIGHT, e.g. 900x800 '
                     '(320x300 or more)')


def _start_position(args, parser):
    """``(rows, cols, moves)`` from --rows/--cols and --moves or --load
    (the file is read once); rows/cols None when not given."""
    rows, cols, moves = args.rows, args.cols, []
    if args.moves is not None:
        from connect4_game.storage.savegame import parse_moves
        rows, cols = rows or 6, cols or 7
        try:
            moves = parse_moves(args.moves, rows, cols)
        except ValueError as exc:
            parser.error(f'--moves: {clip(exc, 200)}')
    elif args.load:
        from connect4_game.storage.savegame import load_game
        try:
            saved = load_game(args.load)
        except (ValueError, OSError) as exc:
            parser.error(f'--load: {clip(exc, 200)}')
        rows, cols, moves = saved.rows, saved.cols, list(saved.columns)
    return rows, cols, moves


def _clamp_lookahead(args, rows: int, cols: int) -> None:
    """A lookahead past the board's cell count is the same search as one equal
    to it (scores cannot change once the board is full): use the smaller one."""
    cells = rows * cols
    if args.lookahead is not None and args.lookahead > cells:
        print(f'--lookahead {clip(args.lookahead, 12)} is more than the {cells} cells of the '
              f'board; using {cells} (the same search)', file=sys.stderr)
        args.lookahead = cells


def _plain_start(args) -> bool:
    """True for an interactive start with no position, player or mode options:
    the only kind of start that offers, writes or removes the autosave."""
    scripted = ('x', 'o', 'lookahead', 'tiebreak', 'rows', 'cols', 'moves', 'load', 'demo',
                'exit_after_game', 'exit_after', 'screenshot', 'frame_stats', 'no_settings')
    return not any(_given(args, n) for n in scripted)


def main(argv=None) -> int:
    """Parse ``argv`` (default ``sys.argv[1:]``) and play; returns the exit status."""
    os.environ.setdefault('PYGAME_HIDE_SUPPORT_PROMPT', '1')
    if os.environ.get('SDL_VIDEODRIVER') == 'dummy':
        # headless run: no sound either, instead of a screenful of ALSA probe errors
        os.environ.setdefault('SDL_AUDIODRIVER', 'dummy')
    parser = build_parser()
    args = parser.parse_args(argv)
    _check_mode(args, parser)
    args.size = _parse_size(args, parser)
    if args.game == 'oska':
        if args.text:
            from connect4_game.oska import console as oska_console
            side = ['--white', 'ai'] if args.demo else []
            try:
                return oska_console.main(['--n', str(args.n)] + side + (
                    ['--lookahead', str(max(1, args.lookahead))] if args.lookahead else []))
            except (KeyboardInterrupt, EOFError):
                print('\nGame ended. Bye!')
                return 0
        return run_oska_window(args)
    rows, cols, moves = _start_position(args, parser)
    _clamp_lookahead(args, rows or 6, cols or 7)
    if args.text:
        return run_text(args, parser, rows, cols, moves)
    from connect4_game.ui.app import AppOptions, DEFAULT_LOOKAHEAD, DEFAULT_TIEBREAK, run_window
    if args.theme:
        from connect4_game.ui import themes
        if args.theme not in themes.theme_names():
            parser.error(f"--theme {quote(args.theme)}: choose from "
                         f"{', '.join(themes.theme_names())}")
    lookahead = args.lookahead
    tiebreak = args.tiebreak
    la = DEFAULT_LOOKAHEAD if lookahead is None else lookahead
    tb = tiebreak or DEFAULT_TIEBREAK
    try:
        x = _player_config(args.x, la, tb) if args.x else None
        o = _player_config(args.o, la, tb) if args.o else None
    except ValueError as exc:
        parser.error(clip(exc, 200))
    if (x is not None or o is not None) and (x is None or o is None):
        from connect4_game.ui.model import PlayerConfig
        x = x or PlayerConfig('human', la, tb)
        o = o or PlayerConfig('ai', la, tb)
    use_settings = not args.no_settings
    opts = AppOptions(x=x, o=o, rows=rows, cols=cols, lookahead=lookahead, tiebreak=tiebreak,
                      demo=args.demo, exit_after_game=args.exit_after_game,
                      exit_after=args.exit_after, screenshot=args.screenshot,
                      frame_stats=args.frame_stats, theme=args.theme, mute=args.mute,
                      moves=moves, size=args.size, use_settings=use_settings,
                      owns_autosave=use_settings and _plain_start(args))
    return run_window(opts)

if __name__ == '__main__':
    sys.exit(main())
