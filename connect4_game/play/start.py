"""How the window starts: :class:`AppOptions` (built and validated by :mod:`connect4_game.cli`) and
:func:`resolve_start`, the one place they are combined with the saved settings. No pygame here."""

from __future__ import annotations

from dataclasses import dataclass, field

from connect4_game.ai.levels import DEFAULT_LEVEL
from connect4_game.core.board import DEFAULT_COLS, DEFAULT_ROWS
from connect4_game.core.side import Side
from connect4_game.net.options import NetworkOptions
from connect4_game.oska.engine import OSKA_DEFAULT_N
from connect4_game.players import DEFAULT_LOOKAHEAD, DEFAULT_TIEBREAK, MAX_LOOKAHEAD
from connect4_game.seat_config import PlayerSpec, SeatKind
from connect4_game.storage.savegame import SavedGame
from connect4_game.storage.settings import Settings

__all__ = ['AppOptions', 'StartState', 'resolve_start', 'players_to_settings']


@dataclass
class AppOptions:
    """Everything the command line can set for the window. ``x``/``o``, ``lookahead``/``tiebreak``,
    ``language``, ``pace`` (seconds between computer moves): None takes the settings'. ``moves``:
    0-based columns to start from. ``exit_after`` is in seconds. ``use_settings`` False keeps the
    player's files untouched. ``owns_autosave`` True only for a plain interactive start: it offers
    back the last such start's unfinished game and keeps the current one on exit."""
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
    """The resolved start: ``players`` by side, board ``rows`` x ``cols``, ``moves``, the
    Advanced ``lookahead``/``tiebreak``, ``expert`` analysis; ``autosaved``: the board and
    moves are the unfinished game's (the session cuts every lookahead to the board)."""
    players: dict[str, PlayerSpec]
    rows: int
    cols: int
    moves: list[int]
    lookahead: int
    tiebreak: str
    expert: bool
    autosaved: bool = False


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
    """Combine the command line ``opts`` with the saved ``settings``:

    * The players: both from the command line when either is given (the other side a person as X,
      the medium computer as O), else from the settings (with ``use_settings``), else a person
      against the medium computer. ``--lookahead``/``--tiebreak`` make every computer side the
      assignment's AIPlayer with those values; ``--expert`` makes it Expert.
    * The board and moves: the command line's, else the unfinished game ``autosave`` (only for a
      start that owns it), else the settings'."""
    use = opts.use_settings
    lookahead = opts.lookahead if opts.lookahead is not None else (
        settings.lookahead if use else DEFAULT_LOOKAHEAD)
    tiebreak = opts.tiebreak or (settings.tiebreak if use else DEFAULT_TIEBREAK)
    scripted = opts.x is not None or opts.o is not None
    players = _start_players(opts, settings, lookahead, tiebreak, scripted)
    expert = bool(opts.expert or (use and settings.expert and not scripted)) or any(
        p.perfect for p in players.values())
    if not opts.moves and opts.rows is None and autosave is not None:
        return StartState(players, autosave.rows, autosave.cols, list(autosave.columns),
                          lookahead, tiebreak, expert, autosaved=True)
    rows = opts.rows or (settings.rows if use else DEFAULT_ROWS)
    cols = opts.cols or (settings.cols if use else DEFAULT_COLS)
    return StartState(players, rows, cols, list(opts.moves), lookahead, tiebreak, expert)


def _start_players(opts: AppOptions, settings: Settings, lookahead: int, tiebreak: str,
                   scripted: bool) -> dict[str, PlayerSpec]:
    """The players of :func:`resolve_start` (``scripted``: a side named on the command line)."""
    players: dict[str, PlayerSpec]
    if opts.use_settings and not scripted:
        players = {Side.X: settings.x, Side.O: settings.o}
    else:
        human = PlayerSpec(SeatKind.HUMAN, lookahead, tiebreak)
        computer = PlayerSpec.for_level(DEFAULT_LEVEL, PlayerSpec(SeatKind.AI, lookahead, tiebreak))
        players = {Side.X: opts.x or human, Side.O: opts.o or computer}
    advanced = opts.lookahead is not None or opts.tiebreak is not None
    for side, p in players.items():
        if p.kind != SeatKind.AI:
            continue
        if advanced and (not scripted or p.advanced):
            p = p.with_(lookahead=lookahead, tiebreak=tiebreak, level='')
        if opts.expert:
            p = p.with_(level='expert')
        players[side] = p
    return players

