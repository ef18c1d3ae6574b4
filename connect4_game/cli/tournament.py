"""The command line of a tournament, ``--tournament PLAYER PLAYER ... [--games N]``: progress on
stderr, then the table (or with ``--json`` one JSON document) on stdout."""

from __future__ import annotations

import argparse
import json
import logging
import shutil
import sys
import time
from collections.abc import Sequence
from typing import TextIO

from connect4_game.cli.console import refuse_options, stop_signals_interrupt
from connect4_game.core.checks import arg_type, check_int, check_number
from connect4_game.core.messages import clip
from connect4_game.core.side import Side
from connect4_game.players import DEFAULT_LOOKAHEAD, DEFAULT_TIEBREAK
from connect4_game.seat_config import is_plugin_spec
from connect4_game.storage.userfiles import shown_path
from connect4_game.tournament import (
    TOURNAMENT_DEFAULT_GAMES,
    TOURNAMENT_MAX_GAMES,
    TOURNAMENT_MAX_MOVE_SECONDS,
    TOURNAMENT_MAX_OPENING_PLIES,
    TOURNAMENT_PLUGIN_MOVE_SECONDS,
    GameRecord,
    TournamentConfig,
    TournamentResult,
    check_entrant,
    play_games,
    unique_names,
)

__all__ = ['add_tournament_options', 'run_from_cli', 'Progress', 'format_table', 'table_names',
           'play', 'EXIT_STOPPED']

logger = logging.getLogger(__name__)

EXIT_STOPPED = 130      # exit status of a tournament stopped by Ctrl-C, SIGTERM or SIGHUP

_OWN = ('games', 'openings', 'seed', 'move_time')      # options only a tournament reads
_ALLOWED = ('tournament', 'json', 'lookahead', 'tiebreak', 'verbose') + _OWN

_BAR = 24            # characters of the progress bar
_NAME_WIDTH = 40     # characters of a player's name in the table, at most
_LISTED = 8          # game numbers listed per forfeit reason in the table
_SLOW_LOOKAHEAD = 18  # plies past which one ai move can take seconds to hours: said at the start


def add_tournament_options(parser: argparse.ArgumentParser) -> None:
    """Add the group *tournament* to ``parser`` (which has ``--json``, ``--lookahead``, ...)."""
    arg = arg_type
    t = parser.add_argument_group('tournament')
    t.add_argument('--tournament', nargs='+', type=arg(check_entrant, str, 'a player'),
                   metavar='PLAYER',
                   help='a round robin among these computer players (easy, medium, hard, '
                        'expert, random, ai, FILE.py:ClassName, cs5[...], vieropeenrij[...]; '
                        'one may be given twice): every pair plays --games games with each '
                        'colour; prints a table (with --json: JSON)')
    t.add_argument('--games', type=arg(lambda v: check_int(
        v, 1, TOURNAMENT_MAX_GAMES, 'games')), metavar='N',
                   help=f'--tournament: games per pairing and colour, 1..'
                        f'{TOURNAMENT_MAX_GAMES} (default {TOURNAMENT_DEFAULT_GAMES})')
    t.add_argument('--openings', type=arg(lambda v: check_int(
        v, 0, TOURNAMENT_MAX_OPENING_PLIES, 'openings')), metavar='K',
                   help='--tournament: start each game after K random legal plies (0..'
                        f'{TOURNAMENT_MAX_OPENING_PLIES}; default 0, the empty board); '
                        'each opening is played with both colours')
    t.add_argument('--seed', type=arg(lambda v: check_int(v, 0, 2 ** 63, 'seed')),
                   metavar='S', help='--openings: the random seed (default: a new one, shown)')
    t.add_argument('--move-time', type=arg(lambda v: check_number(
        v, 0.01, TOURNAMENT_MAX_MOVE_SECONDS, 'move time'), float, 'a number of seconds'),
                   metavar='SECONDS',
                   help='--tournament: seconds a plug-in may think per move before it loses '
                        f'the game (default {TOURNAMENT_PLUGIN_MOVE_SECONDS:g})')


def run_from_cli(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int | None:
    """Play the tournament of ``args``: the exit status (:func:`play`); None without
    ``--tournament``. :raises SystemExit: (``parser.error``) for options that do not fit."""
    if args.tournament is None:
        refuse_options(args, parser, _OWN, 'without --tournament')
        return None
    return play(_config(args, parser), as_json=args.json)


def _config(args: argparse.Namespace, parser: argparse.ArgumentParser) -> TournamentConfig:
    refuse_options(args, parser, (d for d in vars(args) if d not in _ALLOWED),
                   'in a tournament (--tournament)')
    try:
        config = TournamentConfig(
            tuple(args.tournament), args.games or TOURNAMENT_DEFAULT_GAMES, args.openings or 0,
            args.seed, args.move_time or TOURNAMENT_PLUGIN_MOVE_SECONDS,
            lookahead=DEFAULT_LOOKAHEAD if args.lookahead is None else args.lookahead,
            tiebreak=args.tiebreak or DEFAULT_TIEBREAK)
    except ValueError as exc:
        parser.error(clip(exc, 200))
    plugins = any(is_plugin_spec(p.plugin) for p in config.players)
    if args.seed is not None and not args.openings:
        parser.error('--seed: the seed of the random openings; give --openings K too')
    if args.move_time is not None and not plugins:
        parser.error('--move-time: limits a plug-in FILE.py:ClassName, and none plays')
    if (args.lookahead is not None or args.tiebreak) \
            and not (plugins or any(p.advanced for p in config.players)):
        parser.error('--lookahead and --tiebreak are for ai and plug-in players, and none plays')
    return config


def table_names(specs: Sequence[str]) -> list[str]:
    """The players' names for a table (:func:`unique_names`), a long one cut at the front."""
    return unique_names([shown_path(s.strip() or repr(s), _NAME_WIDTH) for s in specs])


def _outcome(record: GameRecord) -> str:
    return 'a tie' if record.result == 'tie' else f'{record.result} wins'


class Progress:
    """How far the tournament is, on ``stream`` (None: nowhere): on a terminal one bar redrawn
    after each game, else one line a game."""

    def __init__(self, names: Sequence[str], total: int, stream: TextIO | None) -> None:
        self.names = list(names)
        self.total = total
        self.stream = stream
        try:
            self.tty = stream is not None and stream.isatty()
        except (OSError, ValueError):       # closed
            self.tty = False
        self.drawn = 0          # characters of the bar line on screen

    def note(self, line: str) -> None:
        self.finish()
        self._write(line + '\n')

    def _write(self, text: str) -> None:
        if self.stream is None:
            return
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError, AttributeError):
            self.stream = None

    def update(self, record: GameRecord, done: int) -> None:
        """Report the game ``record``, the ``done``-th: ``'easy (X) - random (O): X wins'``."""
        f = record.fixture
        pair = f'{self.names[f.x]} (X) - {self.names[f.o]} (O)'
        if not self.tty:
            reason = f' ({record.reason})' if record.reason else ''
            self._write(f'game {done}/{self.total}: '
                        f'{clip(f"{pair}: {_outcome(record)}{reason}", 300)}\n')
            return
        filled = _BAR * done // max(1, self.total)
        head = f'[{"#" * filled}{"." * (_BAR - filled)}] {done}/{self.total} '
        width = shutil.get_terminal_size((80, 24)).columns - 1
        last = f'{_outcome(record)}{" by forfeit" if record.reason else ""}: {pair}'
        line = clip(head + last, max(len(head) + 1, width))
        line = line.ljust(min(self.drawn, width))     # covers the longer line before
        self._write('\r' + line)
        self.drawn = len(line)

    def finish(self) -> None:
        if self.tty and self.drawn:
            self._write('\n')
            self.drawn = 0


def format_table(result: TournamentResult, seconds: float | None = None) -> list[str]:
    """The table of ``result``: a heading, a line per player by rank, one per forfeit reason."""
    config = result.config
    head = (f'Tournament: {len(config.entrants)} players, {len(result.games)} of '
            f'{config.total_games} games ({config.games} per pairing and colour')
    if config.openings:
        head += f', random openings of {config.openings} plies, seed {config.seed}'
    lines = [head + ')']
    names = table_names(config.entrants)
    width = max([6] + [len(name) for name in names])
    lines.append(f'{"Rank":>4}  {"Player":<{width}}  {"Games":>5} {"W":>4} {"D":>4} {"L":>4}'
                 f'  {"Points":>6}  {"Elo":>5}')
    for rank, i in enumerate(result.ranking(), 1):
        s = result.standings[i]
        lines.append(f'{rank:>4}  {names[i]:<{width}}  {s.games:>5} {s.wins:>4} {s.draws:>4} '
                     f'{s.losses:>4}  {s.points:>6.1f}  {s.elo:>5}')
    lines += _forfeit_lines(result, names)
    if seconds is not None:
        lines.append(f'Elo: maximum likelihood over all games, mean 1500. '
                     f'Played in {seconds:.1f} s.')
    return lines


def _forfeit_lines(result: TournamentResult, names: Sequence[str]) -> list[str]:
    """``'  crash.py:Crash forfeited 4 games (3, 4, 9, 10): ...'``, one per player and reason."""
    groups: dict[tuple[str, str], list[int]] = {}
    for g in result.games:
        if g.reason:
            loser = {Side.X.value: g.fixture.o, Side.O.value: g.fixture.x}.get(g.result)
            who = 'both sides' if loser is None else names[loser]
            groups.setdefault((who, g.reason), []).append(g.fixture.number)
    if not groups:
        return []
    lines = [f'Forfeits ({sum(len(v) for v in groups.values())} games):']
    for (who, reason), numbers in groups.items():
        shown = ', '.join(str(n) for n in numbers[:_LISTED])
        shown += ', ...' if len(numbers) > _LISTED else ''
        lines.append(f"  {who} forfeited {len(numbers)} game{'s' if len(numbers) > 1 else ''} "
                     f'({shown}): {clip(reason, 300)}')
    return lines


def play(config: TournamentConfig, as_json: bool = False, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    """Play ``config`` with progress on ``err``, then write the table (or ``as_json`` the JSON)
    on ``out``; 0, or :data:`EXIT_STOPPED` after Ctrl-C, SIGTERM or SIGHUP."""
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    names = table_names(config.entrants)
    progress = Progress(names, config.total_games, err)
    if config.openings:
        progress.note(f'tournament: random openings of {config.openings} plies, '
                      f'seed {config.seed}')
    if config.lookahead > _SLOW_LOOKAHEAD and any(p.advanced for p in config.players):
        progress.note(f'tournament: ai looks {config.lookahead} plies ahead, which can take '
                      'minutes a move, and built-in players have no time limit; Ctrl-C stops '
                      'the tournament and prints the games so far')
    records: list[GameRecord] = []
    stopped = False
    started = time.monotonic()
    try:
        with stop_signals_interrupt():
            for record in play_games(config):
                records.append(record)
                progress.update(record, len(records))
    except KeyboardInterrupt:
        stopped = True
    finally:
        progress.finish()
    if stopped:
        progress.note(f'tournament stopped after {len(records)} of '
                      f'{config.total_games} games')
    result = TournamentResult.build(config, records)
    if as_json:
        out.write(json.dumps(result.to_json()) + '\n')
    else:
        out.write('\n'.join(format_table(result, time.monotonic() - started)) + '\n')
    return EXIT_STOPPED if stopped else 0
