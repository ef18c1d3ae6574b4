"""The one factory turning a :class:`~connect4_game.seat_config.PlayerSpec`
into a live player of the assignment's interface (BU CS111 ps9, Problems 2
to 4: ``checker``, ``num_moves``, ``next_move(b)``): the console game
(``--text``, also against a friend) and the tournament build their players
here.

This module never imports pygame.
"""

from __future__ import annotations

from collections.abc import Callable

from connect4_game.ai.levels import make_level_player
from connect4_game.compat import player_from_spec
from connect4_game.core.console import ConsolePlayer
from connect4_game.core.side import Side
from connect4_game.players import AIPlayer, Player, RandomPlayer
from connect4_game.plugins.process import ProcessPlayer
from connect4_game.plugins.spec import spec_label
from connect4_game.seat_config import PlayerSpec, SeatKind, is_plugin_spec

__all__ = ['CONSOLE_PLUGIN_MOVE_SECONDS', 'make_player']

CONSOLE_PLUGIN_MOVE_SECONDS = 60.0
"""Seconds a plug-in has for a move in the console game; then the user takes over."""


def make_player(spec: PlayerSpec, side: Side, *,
                move_time: float | None = CONSOLE_PLUGIN_MOVE_SECONDS,
                load_time: float = 60.0, fallback: ConsolePlayer | None = None,
                out: Callable[[str], object] = print) -> ConsolePlayer:
    """The live player of ``spec`` on ``side``.

    A person is the assignment's console ``Player``, ``random`` its
    ``RandomPlayer``, ``ai`` its ``AIPlayer`` (``spec.lookahead`` plies,
    ``spec.tiebreak``), a level a :func:`connect4_game.ai.levels.make_level_player`.
    A plug-in ``FILE.py:ClassName`` plays from a process of its own
    (:class:`~connect4_game.plugins.process.ProcessPlayer`: ``move_time``
    seconds a move, None for no limit, ``load_time`` to load; on a fault
    ``out`` says so and ``fallback``, by default the user, takes over);
    another assignment's player (``cs5[...]``) is this project's code and
    plays here.

    :raises ValueError: one line, for a friend over the network (the
        network game seats one) or a plug-in that cannot be loaded.
    """
    if spec.kind == SeatKind.HUMAN:
        return Player(side)
    if spec.kind == SeatKind.RANDOM:
        return RandomPlayer(side)
    if spec.kind == SeatKind.AI and spec.level:
        return make_level_player(spec.level, side)
    if spec.kind == SeatKind.AI:
        return AIPlayer(side, spec.tiebreak, spec.lookahead)
    if spec.kind == SeatKind.REMOTE:
        raise ValueError('a friend over the network is seated by the network game')
    if is_plugin_spec(spec.plugin):      # the user's own code: in a process of its own
        return ProcessPlayer(spec.plugin, side, spec.tiebreak, spec.lookahead,
                             label=spec_label(spec.plugin), fallback=fallback,
                             timeout=move_time, load_timeout=load_time, out=out)
    return player_from_spec(spec.plugin, side)
