"""How the window starts: :class:`AppOptions` (built and validated by
:mod:`connect4_game.cli`) and :func:`resolve_start`, the one place they are
combined with the saved settings. No pygame here."""

from __future__ import annotations

from dataclasses import dataclass, field

from connect4_game.ai.levels import DEFAULT_LEVEL
from connect4_game.core.board import DEFAULT_COLS, DEFAULT_ROWS
from connect4_game.core.side import Side
from connect4_game.net.options import NetworkOptions
from connect4_game.oska.engine import OSKA_DEFAULT_N
from connect4_game.players import (
    DEFAULT_LOOKAHEAD,
    DEFAULT_TIEBREAK,
    MAX_LOOKAHEAD,
    clamp_lookahead,
)
from connect4_game.seat_config import PlayerSpec, SeatKind
from connect4_game.storage.savegame import SavedGame
from connect4_game.storage.settings import Settings

__all__ = ['AppOptions', 'StartState', 'resolve_start', 'players_from_settings',
           'players_to_settings']


@dataclass
class AppOptions:
    """Everything the command line can set for the window.

    ``x``/``o``: :class:`PlayerSpec` of a side given on the command line
    (None: from the settings). ``lookahead``/``tiebreak``: the Advanced AI
    settings given with ``--lookahead``/``--tiebreak`` (None: from the
    settings). ``moves``: 0-based columns to start from. ``exit_after`` is in
    seconds. ``use_settings`` False keeps the player's files untouched
    (tests, scripts). ``owns_autosave`` True only for a plain interactive
    start: it offers back the unfinished game of the last such start and
    keeps the current one on exit; scripted runs never read, write or remove
    the autosave. ``language``: a code of :data:`connect4_game.i18n.LANGUAGES`
    (None: the settings', else the system's). ``pace``: seconds between
    moves when computers play each other (None: the settings').
    """

    x: PlayerSpec | None = None
    o: PlayerSpec | None = None
    rows: int | None = None
    cols: int | None = None
    lookahead: int | None = None
    tiebreak: str | None = None
    demo: bool = False
    expert: bool = False
    exit_after_game: bool = False
    exit_after: float | None = None
    screenshot: str | None = None
    frame_stats: str | None = None
    theme: str | None = None
    mute: bool = False
    moves: list[int] = field(default_factory=list)
    size: tuple[int, int] | None = None
    use_settings: bool = True
    owns_autosave: bool = False
    language: str | None = None
    review: bool = False
    game: str = 'connect4'
    oska_n: int = OSKA_DEFAULT_N
    budgets: dict[str, float] = field(default_factory=dict)
    network: NetworkOptions | None = None
    pace: float | None = None


@dataclass
class StartState:
    """The resolved start: ``players`` {'X', 'O'}, board ``rows`` x ``cols``,
    ``moves``, the Advanced ``lookahead``/``tiebreak``, ``expert`` analysis,
    and ``notes`` [(text, kind)] to show (e.g. the unfinished game is back)."""

    players: dict[str, PlayerSpec]
    rows: int
    cols: int
    moves: list[int]
    lookahead: int
    tiebreak: str
    expert: bool
    notes: list[tuple[str, int]] = field(default_factory=list)


def players_from_settings(st: Settings) -> dict[str, PlayerSpec]:
    """The two sides as the settings keep them."""
    return {Side.X: st.x, Side.O: st.o}


def players_to_settings(players: dict[str, PlayerSpec]) -> dict[str, object]:
    """Settings changes that keep ``players`` for the next start (a plug-in
    or remote side is not kept: the next start has a person there)."""
    changes: dict[str, object] = {}
    for side in Side:
        p = players[side]
        if p.kind in (SeatKind.PLUGIN, SeatKind.REMOTE):
            p = PlayerSpec(SeatKind.HUMAN, p.lookahead, p.tiebreak)
        changes[side.lower()] = p.with_(lookahead=min(p.lookahead, MAX_LOOKAHEAD))
    return changes


def resolve_start(opts: AppOptions, settings: Settings,
                  autosave: SavedGame | None = None) -> StartState:
    """Combine the command line ``opts`` with the saved ``settings`` (a
    :class:`connect4_game.storage.settings.Settings`).

    * The players: both from the command line when either is given (the
      other side a person as X, the medium computer as O), else from the
      settings (with ``use_settings``), else a person against the medium
      computer. ``--lookahead``/``--tiebreak`` make every computer side the
      assignment's AIPlayer with those values.
    * The board and moves: the command line's, else the unfinished game
      ``autosave`` (a ``SavedGame``, only for a start that owns it), else the
      settings' board size.
    * Every lookahead is cut to the board's cells (a deeper search is the
      same search).

    :raises ValueError: for moves that are not legal on the board (the CLI
        checked them already; this is the last line).
    """
    lookahead, tiebreak = _advanced_settings(opts, settings)
    scripted_players = opts.x is not None or opts.o is not None
    players = _start_players(opts, settings, lookahead, tiebreak)
    if opts.lookahead is not None or opts.tiebreak is not None:
        for side, p in players.items():
            if p.kind == 'ai' and (not scripted_players or p.advanced):
                players[side] = p.with_(lookahead=lookahead, tiebreak=tiebreak, level='')
    expert = _expert_sides(opts, settings, players, scripted_players)
    rows, cols, moves, notes = _board_and_moves(opts, settings, autosave)
    lookahead = clamp_lookahead(lookahead, rows, cols)
    for side, p in players.items():
        if p.lookahead > rows * cols:
            players[side] = p.with_(lookahead=rows * cols)
    return StartState(players, rows, cols, moves, lookahead, tiebreak, expert, notes)


def _advanced_settings(opts: AppOptions, settings: Settings) -> tuple[int, str]:
    """``(lookahead, tiebreak)`` of the Advanced AI: the command line's, else
    the settings' (with ``use_settings``), else the rules' defaults."""
    use = opts.use_settings
    if opts.lookahead is not None:
        lookahead = opts.lookahead
    else:
        lookahead = settings.lookahead if use else DEFAULT_LOOKAHEAD
    tiebreak = opts.tiebreak or (settings.tiebreak if use else DEFAULT_TIEBREAK)
    return lookahead, tiebreak


def _start_players(opts: AppOptions, settings: Settings, lookahead: int,
                   tiebreak: str) -> dict[str, PlayerSpec]:
    """The two sides before the command line's AI options apply: both from
    the command line when either is given (the other a person as X, the
    medium computer as O), else the settings' (with ``use_settings``), else
    a person against the medium computer."""
    if opts.x is not None or opts.o is not None:
        return {Side.X: opts.x or PlayerSpec(SeatKind.HUMAN, lookahead, tiebreak),
                Side.O: opts.o or PlayerSpec.for_level(DEFAULT_LEVEL,
                                                      PlayerSpec(SeatKind.AI, lookahead, tiebreak))}
    if opts.use_settings:
        return players_from_settings(settings)
    return {Side.X: PlayerSpec(SeatKind.HUMAN, lookahead, tiebreak),
            Side.O: PlayerSpec.for_level(DEFAULT_LEVEL,
                                        PlayerSpec(SeatKind.AI, lookahead, tiebreak))}


def _expert_sides(opts: AppOptions, settings: Settings, players: dict[str, PlayerSpec],
                  scripted_players: bool) -> bool:
    """Apply ``--expert`` (every computer side of ``players`` becomes Expert,
    in place) and return whether the Expert analysis is shown: asked for on
    the command line, in the settings (unless the players are scripted), or
    an Expert side plays."""
    expert = bool(opts.expert or (opts.use_settings and settings.expert and not scripted_players))
    if opts.expert:
        for side, p in players.items():
            if p.kind == 'ai':
                players[side] = p.with_(level='expert')
    return expert or any(p.perfect for p in players.values())


def _board_and_moves(opts: AppOptions, settings: Settings, autosave: SavedGame | None
                     ) -> tuple[int, int, list[int], list[tuple[str, int]]]:
    """``(rows, cols, moves, notes)``: the command line's board and moves,
    else the unfinished game ``autosave`` (noted as ``('autosave', number
    of moves)``), else the settings' board size (with ``use_settings``),
    else the default board."""
    use = opts.use_settings
    rows = opts.rows or (settings.rows if use else DEFAULT_ROWS)
    cols = opts.cols or (settings.cols if use else DEFAULT_COLS)
    moves = list(opts.moves or [])
    notes: list[tuple[str, int]] = []
    if not moves and opts.rows is None and autosave is not None:
        rows, cols, moves = autosave.rows, autosave.cols, list(autosave.columns)
        notes.append(('autosave', len(moves)))
    return rows, cols, moves, notes
