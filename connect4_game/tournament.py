"""Round-robin tournaments between computer players on the assignment's 6x7 board (BU CS111 ps9):
the schedule, the games (a faulty player forfeits), the scores and Elo (docs/plugins.md).

>>> elo_ratings(2, [(0, 1, 0.5), (1, 0, 0.5)])
[1500.0, 1500.0]"""

from __future__ import annotations

import itertools
import logging
import math
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from connect4_game.core.board import DEFAULT_COLS, DEFAULT_ROWS, Board
from connect4_game.core.checks import check_int, check_lookahead, check_number, is_int, shown
from connect4_game.core.console import ConsolePlayer
from connect4_game.core.game import Game
from connect4_game.core.messages import clip
from connect4_game.core.notation import format_moves
from connect4_game.core.side import Side
from connect4_game.players import DEFAULT_LOOKAHEAD, DEFAULT_TIEBREAK, MAX_LOOKAHEAD, check_tiebreak
from connect4_game.plugins.factory import make_player
from connect4_game.plugins.loader import describe_exception, plugin_file
from connect4_game.plugins.process import ProcessPlayer
from connect4_game.seat_config import PlayerSpec, SeatKind, is_plugin_spec

TOURNAMENT_DEFAULT_GAMES = 1        # games per pairing and colour (--games N: 2N per pairing)
TOURNAMENT_MAX_GAMES = 500          # the largest --games
TOURNAMENT_MAX_PLAYERS = 16         # players in one tournament (at most 120 pairings)
TOURNAMENT_MAX_OPENING_PLIES = 12   # --openings K: random first plies, at most this many
TOURNAMENT_PLUGIN_MOVE_SECONDS = 10.0    # a plug-in's move in a tournament, then it loses
TOURNAMENT_MAX_MOVE_SECONDS = 600.0      # the longest --move-time
TOURNAMENT_PLUGIN_LOAD_SECONDS = 30.0    # a plug-in's process start and load, then it loses
ELO_MEAN = 1500.0                   # tournament Elo: the mean rating of the players
ELO_MAX_SPREAD = 800.0              # ... each within ELO_MEAN +- this (all wins / all losses)

__all__ = ['check_entrant', 'TournamentConfig', 'Fixture', 'GameRecord', 'Standing',
           'TournamentResult', 'Forfeit', 'play_move', 'schedule', 'random_openings', 'play_game',
           'play_games', 'elo_ratings', 'unique_names']

logger = logging.getLogger(__name__)

_OPENING_TRIES = 20             # draws of a random opening before a repeat is accepted
_ELO_ITERATIONS = 10_000
_ELO_TOLERANCE = 1e-10          # largest change of a log-strength that stops the iteration


def check_entrant(text: str) -> str:
    """``text`` if it names a computer player a tournament can seat; a plug-in's file must exist.
    :raises ValueError: one line naming the value."""
    spec = PlayerSpec.parse(text)
    if spec.kind == SeatKind.HUMAN:
        raise ValueError("'human' cannot play a tournament: name computer players")
    if is_plugin_spec(spec.plugin):
        plugin_file(spec.plugin)
    elif spec.plugin:
        make_player(spec, Side.X)          # checks another assignment's TIEBREAK and PLY
    return text


@dataclass(frozen=True)
class TournamentConfig:
    """2 to :data:`TOURNAMENT_MAX_PLAYERS` ``entrants`` (each :func:`check_entrant`), ``games`` per
    pairing and colour, ``openings`` random plies drawn with ``seed`` (None picks one), a
    plug-in's ``move_time`` and ``load_time`` (seconds), ``lookahead`` and ``tiebreak``.
    :raises ValueError: one line naming the first bad value."""

    entrants: tuple[str, ...]
    games: int = TOURNAMENT_DEFAULT_GAMES
    openings: int = 0
    seed: int | None = None
    move_time: float = TOURNAMENT_PLUGIN_MOVE_SECONDS
    load_time: float = TOURNAMENT_PLUGIN_LOAD_SECONDS
    lookahead: int = DEFAULT_LOOKAHEAD
    tiebreak: str = DEFAULT_TIEBREAK
    players: tuple[PlayerSpec, ...] = field(init=False, repr=False, compare=False)   # entrants

    def __post_init__(self) -> None:
        object.__setattr__(self, 'entrants', tuple(map(check_entrant, self.entrants)))
        if not 2 <= len(self.entrants) <= TOURNAMENT_MAX_PLAYERS:
            raise ValueError(f'a tournament needs 2 to {TOURNAMENT_MAX_PLAYERS} players, '
                             f'not {len(self.entrants)}')
        check_int(self.games, 1, TOURNAMENT_MAX_GAMES, 'games')
        check_int(self.openings, 0, TOURNAMENT_MAX_OPENING_PLIES, 'openings')
        if self.seed is None:
            object.__setattr__(self, 'seed', random.SystemRandom().randrange(1, 10 ** 9))
        check_int(self.seed, -math.inf, None, 'seed')
        for name in ('move_time', 'load_time'):
            check_number(getattr(self, name), 0.001, TOURNAMENT_MAX_MOVE_SECONDS,
                         name.replace('_', ' '))
        check_lookahead(self.lookahead, hi=MAX_LOOKAHEAD)
        check_tiebreak(self.tiebreak)
        object.__setattr__(self, 'players', tuple(PlayerSpec.parse(e, self.lookahead, self.tiebreak)
                                                  for e in self.entrants))

    @property
    def total_games(self) -> int:
        return len(self.entrants) * (len(self.entrants) - 1) * self.games


@dataclass(frozen=True)
class Fixture:
    """Game ``number`` (from 1): the entrants' indices ``x`` and ``o``, the 0-based ``opening``."""

    number: int
    x: int
    o: int
    opening: tuple[int, ...] = ()


@dataclass(frozen=True)
class GameRecord:
    """A game played: ``moves`` 0-based (with the opening), ``result`` ``'X'``, ``'O'`` or
    ``'tie'``, ``reason`` None or why the loser forfeited (both sides: a tie)."""

    fixture: Fixture
    moves: tuple[int, ...]
    result: str
    reason: str | None = None

    def to_json(self, entrants: Sequence[str]) -> dict[str, object]:
        """``{"x", "o", "moves", "result"[, "reason"]}``, the moves as columns 1..N."""
        data: dict[str, object] = {'x': entrants[self.fixture.x], 'o': entrants[self.fixture.o],
                                'moves': format_moves(self.moves), 'result': self.result}
        if self.reason is not None:
            data['reason'] = self.reason
        return data


@dataclass(frozen=True)
class Standing:
    """One player's ``wins``, ``draws``, ``losses``, ``points`` (win 1, draw 0.5) and ``elo``."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    points: float = 0.0
    elo: int = int(ELO_MEAN)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


@dataclass(frozen=True)
class TournamentResult:
    """The games played and the standings, in the order the players were given."""

    config: TournamentConfig
    games: tuple[GameRecord, ...]
    standings: tuple[Standing, ...] = field(default=())

    @classmethod
    def build(cls, config: TournamentConfig, games: Iterable[GameRecord]) -> TournamentResult:
        games = tuple(games)
        n = len(config.entrants)
        wdl = [[0, 0, 0] for _ in range(n)]
        scores = []
        for g in games:
            x, o = g.fixture.x, g.fixture.o
            x_slot, o_slot = {Side.X.value: (0, 2), Side.O.value: (2, 0)}.get(g.result, (1, 1))
            wdl[x][x_slot] += 1
            wdl[o][o_slot] += 1
            scores.append((x, o, 1 - x_slot / 2))       # X's score: a win 1, a draw 0.5
        elo = elo_ratings(n, scores)
        standings = tuple(Standing(w, d, lo, w + d / 2, int(round(elo[i])))
                          for i, (w, d, lo) in enumerate(wdl))
        return cls(config, games, standings)

    def ranking(self) -> list[int]:
        """The players' indices by points, then Elo, then the order given."""
        return sorted(range(len(self.standings)),
                      key=lambda i: (-self.standings[i].points, -self.standings[i].elo, i))

    def to_json(self) -> dict[str, object]:
        """``{"players": [{"name", "points", "elo", "wins", "draws", "losses"}], "games": [...]}``,
        the names as :func:`unique_names` gives them."""
        names = unique_names(self.config.entrants)
        return {'players': [{'name': names[i], 'points': s.points, 'elo': s.elo,
                             'wins': s.wins, 'draws': s.draws, 'losses': s.losses}
                            for i, s in enumerate(self.standings)],
                'games': [g.to_json(names) for g in self.games]}


def unique_names(names: Sequence[str]) -> list[str]:
    """``names`` with each one given more than once numbered in order.

    >>> unique_names(['random', 'ai', 'random'])
    ['random (1)', 'ai', 'random (2)']"""
    counts, seen = Counter(names), Counter[str]()
    out = []
    for name in names:
        seen[name] += 1
        out.append(name if counts[name] == 1 else f'{name} ({seen[name]})')
    return out


def random_openings(count: int, plies: int, seed: int) -> list[tuple[int, ...]]:
    """``count`` random openings of ``plies`` legal 0-based columns on the assignment's board, the
    same for the same ``seed``; none ends the game, and repeats are avoided while
    :data:`_OPENING_TRIES` draws find a new one.
    :raises ValueError: for a negative ``count`` or ``plies``, or more plies than cells."""
    check_int(count, 0, None, 'count')
    check_int(plies, 0, DEFAULT_ROWS * DEFAULT_COLS - 1, 'plies')
    rng = random.Random(seed)
    openings: list[tuple[int, ...]] = []
    for _ in range(count):
        for _try in range(_OPENING_TRIES + 1):
            opening = _one_opening(rng, plies)
            if opening not in openings:
                break
        openings.append(opening)
    return openings


def _one_opening(rng: random.Random, plies: int) -> tuple[int, ...]:
    board, moves = Board(DEFAULT_ROWS, DEFAULT_COLS), []
    for ply in range(1, plies + 1):
        side = Side.for_ply(ply)
        legal = board.legal_columns()
        quiet = [c for c in legal if not _ends_game(board, side, c)]
        col = rng.choice(quiet or legal)
        board.add_checker(side, col)
        moves.append(col)
    return tuple(moves)


def _ends_game(board: Board, checker: Side, col: int) -> bool:
    board.add_checker(checker, col)
    try:
        return board.is_win_for(checker) or board.is_full()
    finally:
        board.remove_checker(col)


def schedule(config: TournamentConfig) -> list[Fixture]:
    """Every game in playing order, a round (an opening) at a time, so a stop leaves the pairings
    evenly played."""
    if config.openings:
        assert config.seed is not None
        openings = random_openings(config.games, config.openings, config.seed)
    else:
        openings = [()] * config.games
    fixtures: list[Fixture] = []
    for opening in openings:
        for i, j in itertools.combinations(range(len(config.entrants)), 2):
            for x, o in ((i, j), (j, i)):
                fixtures.append(Fixture(len(fixtures) + 1, x, o, opening))
    return fixtures


class Forfeit(Exception):
    """A player loses the game it is playing: ``str(exc)`` says why, in one line."""


class _Stop:
    """A plug-in's player after its fault: the game is forfeited."""

    def __init__(self, side: Side) -> None:
        self.checker, self.num_moves = side.value, 0

    def next_move(self, board: Board) -> int:
        raise Forfeit('')


def play_move(player: ConsolePlayer, name: str, board: Board) -> int:
    """The column of ``player`` (``name`` in a forfeit's reason) for ``board`` (not changed).
    :raises Forfeit: it raised, answered a column it cannot play, or (a plug-in) took too long or
        ended its process."""
    try:
        col: object = player.next_move(board.copy())
    except Forfeit:               # a plug-in's fault, in the process player's one line
        raise Forfeit(getattr(player, 'last_error', '') or 'the plug-in stopped') from None
    except Exception as exc:
        raise Forfeit(f'{name}.next_move raised {describe_exception(exc)}') from None
    if not (isinstance(col, int) and is_int(col, 0, board.width - 1) and board.can_add_to(col)):
        raise Forfeit(f'{name} answered {shown(col)}, which is not a playable column')
    return col


def _open_seats(fixture: Fixture, config: TournamentConfig, seats: dict[Side, ConsolePlayer],
                unloadable: dict[int, str]) -> GameRecord | None:
    """Fill ``seats`` (a plug-in in a fresh process); the game's record if a side cannot be
    loaded, else None; ``unloadable`` maps a player that could not be loaded to why."""
    faults: dict[Side, str] = {}
    for side, index in ((Side.X, fixture.x), (Side.O, fixture.o)):
        if index in unloadable:
            faults[side] = f'{side}: {unloadable[index]}'
            continue
        try:
            seats[side] = make_player(config.players[index], side, move_time=config.move_time,
                                      load_time=config.load_time, fallback=_Stop(side),
                                      out=lambda line: logger.debug('%s', line))
        except ValueError as exc:
            unloadable[index] = clip(exc, 300)
            faults[side] = f'{side}: {unloadable[index]}'
    if not faults:
        return None
    result = 'tie' if len(faults) == 2 else next(iter(faults)).other.value
    return GameRecord(fixture, fixture.opening, result, '; '.join(faults.values()))


def play_game(fixture: Fixture, config: TournamentConfig,
              unloadable: dict[int, str] | None = None) -> GameRecord:
    """Play one game to its end or a forfeit; its plug-in processes end before it returns. A player
    in ``unloadable`` (index: why, filled here) forfeits without being loaded again."""
    game = Game(moves=fixture.opening)
    seats: dict[Side, ConsolePlayer] = {}
    try:
        failed = _open_seats(fixture, config, seats, {} if unloadable is None else unloadable)
        if failed is not None:
            return failed
        while game.outcome is None:
            side = game.to_move
            index = fixture.x if side is Side.X else fixture.o
            try:
                col = play_move(seats[side], config.players[index].format(), game.board)
            except Forfeit as exc:
                return GameRecord(fixture, tuple(game.moves), side.other.value, str(exc))
            game.push(col)
        return GameRecord(fixture, tuple(game.moves), game.outcome.result())
    finally:
        for seat in seats.values():
            if isinstance(seat, ProcessPlayer):
                seat.close()


def play_games(config: TournamentConfig) -> Iterator[GameRecord]:
    """Play the games of :func:`schedule`, yielding each record as its game ends."""
    logger.info('tournament: %d players, %d games', len(config.entrants), config.total_games)
    unloadable: dict[int, str] = {}
    for fixture in schedule(config):
        record = play_game(fixture, config, unloadable)
        if record.reason:
            logger.info('game %d forfeited: %s', fixture.number, record.reason)
        yield record


def elo_ratings(players: int, results: Iterable[tuple[int, int, float]]) -> list[float]:
    """Elo ratings of ``players`` players from all their games at once (docs/plugins.md): the
    maximum-likelihood ratings with one virtual draw per player against a 1500 anchor, shifted to
    mean :data:`ELO_MEAN` and clamped to ``ELO_MEAN +- ELO_MAX_SPREAD``.
    :param results: ``(a, b, score_of_a)`` per game, score 1, 0.5 or 0.
    :raises ValueError: for a player index out of range or another score."""
    check_int(players, 0, None, 'players')
    points = [0.5] * players                      # the virtual draw's half point
    meetings = Counter[tuple[int, int]]()
    for a, b, score in results:
        check_int(a, 0, players - 1, 'player')
        check_int(b, 0, players - 1, 'player')
        if score not in (0, 0.5, 1):
            raise ValueError(f'a score must be 0, 0.5 or 1, not {shown(score)}')
        points[a] += score
        points[b] += 1 - score
        meetings[min(a, b), max(a, b)] += 1
    strength = _strengths(players, points, meetings)
    ratings = [400 * math.log10(s) for s in strength]
    shift = ELO_MEAN - sum(ratings) / max(1, players)        # no players: no ratings
    lo, hi = ELO_MEAN - ELO_MAX_SPREAD, ELO_MEAN + ELO_MAX_SPREAD
    return [round(min(hi, max(lo, r + shift)), 6) for r in ratings]


def _strengths(players: int, points: list[float],
               meetings: dict[tuple[int, int], int]) -> list[float]:
    """Hunter's MM fixed point of :func:`elo_ratings`, strengths relative to the anchor's 1.0."""
    opponents: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    for (a, b), n in meetings.items():
        if a != b:
            opponents[a].append((b, n))
            opponents[b].append((a, n))
    strength = [1.0] * players
    for _ in range(_ELO_ITERATIONS):
        new = []
        for i in range(players):
            g = strength[i]
            denominator = 1 / (g + 1.0) + sum(n / (g + strength[j]) for j, n in opponents[i])
            new.append(points[i] / denominator)
        change = max((abs(math.log(a / b)) for a, b in zip(new, strength, strict=True)), default=0.0)
        strength = new
        if change < _ELO_TOLERANCE:
            break
    return strength
