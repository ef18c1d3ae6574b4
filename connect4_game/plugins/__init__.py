"""Plug in your own player: ``--x FILE.py:ClassName``.

A player class written for BU CS111 ps9 (``Player``/``AIPlayer``, Problems 2
and 4), for HMC CS5 (hw6pr3) or for the Dutch "Vier op een rij" is loaded from
the user's file and plays one side, without being able to break the game.
The package is split by responsibility:

* :mod:`~connect4_game.plugins.spec` -- the ``FILE.py:ClassName`` spec:
  :func:`parse_spec`, :func:`check_player_spec`, :func:`is_plugin_spec`,
  :func:`spec_label`, :func:`describe_exception`;
* :mod:`~connect4_game.plugins.loader` -- :func:`load_class`,
  :func:`load_player` and the adapter hook for the other interfaces
  (:data:`ADAPTERS`, :func:`register_adapter`); every problem while loading
  raises ``ValueError`` with one clear line: malformed spec, missing file,
  syntax error (with its line), an exception while importing, missing class,
  a class raising in ``__init__``, or an object without a move method;
* :mod:`~connect4_game.plugins.guarded` -- :class:`SafePlayer` (moves that
  never raise: ``('ok', col)`` or ``('error', message)``, and a daemon-thread
  time limit for in-process callers such as tests and soak) and
  :class:`GuardedPlayer` (the console game's in-process plug-in player: on
  the first fault the user takes over);
* :mod:`~connect4_game.plugins.process` -- :class:`ProcessPlayer`, a plug-in
  that plays from a process of its own (the console game, ``--text``);
* :mod:`~connect4_game.plugins.console_player` -- the console's player for a
  side as the command line names it (a kind, a level or a plug-in).

The window runs plug-ins in its AI worker process instead
(:mod:`connect4_game.search.worker`, job kind ``'plugin'``, with a ``timeout``,
10 s by default): on time-out the process is replaced, the window reports it
and the user takes over that side or starts a new game.

Child processes that run plug-in code are set up by
:mod:`connect4_game.plugins.lifetime` (:func:`~connect4_game.plugins.lifetime.child_setup`,
:func:`~connect4_game.plugins.lifetime.guard_descendants`, :func:`~connect4_game.plugins.lifetime.stop_child`, ...): each leads a process group of its own and ends,
with every process the plug-in started, when the game ends, however it ends.

This package never imports pygame.
"""

from __future__ import annotations

from connect4_game.plugins.guarded import GuardedPlayer, SafePlayer
from connect4_game.plugins.loader import ADAPTERS, load_class, load_player, register_adapter
from connect4_game.plugins.process import ProcessPlayer
from connect4_game.plugins.spec import (
                                    check_player_spec,
                                    describe_exception,
                                    is_plugin_spec,
                                    parse_spec,
                                    spec_label,
)

__all__ = ["ADAPTERS", "register_adapter", "parse_spec", "is_plugin_spec", "check_player_spec",
           "spec_label", "load_class", "load_player", "SafePlayer", "GuardedPlayer",
           "ProcessPlayer", "describe_exception"]
