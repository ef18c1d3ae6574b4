"""The one factory of a live player (BU CS111 ps9's ``checker``, ``num_moves``,
``next_move(b)``) from a :class:`~connect4_game.seat_config.PlayerSpec`."""

from __future__ import annotations

from collections.abc import Callable

from connect4_game.ai.levels import level_player
from connect4_game.compat import player_from_spec
from connect4_game.core.console import ConsolePlayer
from connect4_game.core.side import Side
from connect4_game.players import AIPlayer, Player, RandomPlayer
from connect4_game.plugins.loader import spec_label
from connect4_game.plugins.process import ProcessPlayer
from connect4_game.seat_config import PlayerSpec, SeatKind, is_plugin_spec

__all__ = ['CONSOLE_PLUGIN_MOVE_SECONDS', 'make_player']

CONSOLE_PLUGIN_MOVE_SECONDS = 60.0   # a plug-in's move in the console game; then the user plays


def make_player(spec: PlayerSpec, side: Side, *,
                move_time: float | None = CONSOLE_PLUGIN_MOVE_SECONDS,
                load_time: float = 60.0, fallback: ConsolePlayer | None = None,
                out: Callable[[str], object] = print) -> ConsolePlayer:
    """The live player of ``spec`` on ``side``: a plug-in plays from its own process
    (``move_time`` seconds a move or None, ``load_time`` to load; after a fault ``out`` says so and
    ``fallback``, default the user, plays on).
    :raises ValueError: one line, for a friend over the network or a plug-in not loaded."""
    if spec.kind == SeatKind.HUMAN:
        return Player(side)
    if spec.kind == SeatKind.RANDOM:
        return RandomPlayer(side)
    if spec.kind == SeatKind.AI and spec.level:
        return level_player(spec.level, side)
    if spec.kind == SeatKind.AI:
        return AIPlayer(side, spec.tiebreak, spec.lookahead)
    if spec.kind == SeatKind.REMOTE:
        raise ValueError('a friend over the network is seated by the network game')
    if is_plugin_spec(spec.plugin):      # the user's own code: in a process of its own
        return ProcessPlayer(spec.plugin, side, spec.tiebreak, spec.lookahead,
                             label=spec_label(spec.plugin), fallback=fallback,
                             timeout=move_time, load_timeout=load_time, out=out)
    return player_from_spec(spec.plugin, side)
