"""Plug in your own player: ``--x FILE.py:ClassName``.

A player class written for BU CS111 ps9 (``Player``/``AIPlayer``, Problems 2
and 4), for HMC CS5 (hw6pr3) or for the Dutch "Vier op een rij" is loaded from
the user's file and plays one side, without being able to break the game
(the spec itself is a :class:`connect4_game.seat_config.PlayerSpec`):

* :mod:`~connect4_game.plugins.spec` -- :func:`spec_label`,
  :func:`describe_exception`: one short line on which plug-in did what;
* :mod:`~connect4_game.plugins.loader` -- :func:`load_class`,
  :func:`load_player` and the adapter hook for the other interfaces
  (:data:`ADAPTERS`, :func:`register_adapter`); every problem while loading
  raises ``ValueError`` with one clear line;
* :mod:`~connect4_game.plugins.guarded` -- :class:`SafePlayer`: moves that
  never raise, ``('ok', col)`` or ``('error', message)``, with a daemon-thread
  time limit (the window's worker runs plug-ins through it, job kind
  ``'plugin'``, 10 s a move by default);
* :mod:`~connect4_game.plugins.process` -- :class:`ProcessPlayer`, a plug-in
  that plays from a process of its own (the console game and the tournament);
* :mod:`~connect4_game.plugins.factory` -- :func:`make_player`, the one
  factory of a live player from a spec;
* :mod:`~connect4_game.plugins.lifetime` -- child processes that run plug-in
  code lead a process group of their own and end, with every process the
  plug-in started, when the game ends, however it ends.

This package never imports pygame.
"""

from __future__ import annotations

from connect4_game.plugins.guarded import SafePlayer
from connect4_game.plugins.loader import ADAPTERS, load_class, load_player, register_adapter
from connect4_game.plugins.process import ProcessPlayer
from connect4_game.plugins.spec import describe_exception, spec_label

__all__ = ["ADAPTERS", "register_adapter", "spec_label", "load_class", "load_player",
           "SafePlayer", "ProcessPlayer", "describe_exception"]
