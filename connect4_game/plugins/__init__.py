"""Plug in your own player, ``--x FILE.py:ClassName``: a BU CS111 ps9, HMC CS5 or "Vier op een
rij" player class loaded from the user's file plays one side without being able to break the
game (docs/plugins.md)."""

from __future__ import annotations

from connect4_game.plugins.loader import (
    ADAPTERS,
    SafePlayer,
    describe_exception,
    load_class,
    load_player,
    plugin_file,
    register_adapter,
    spec_label,
)
from connect4_game.plugins.process import ProcessPlayer

__all__ = ["ADAPTERS", "register_adapter", "spec_label", "load_class", "load_player",
           "plugin_file", "SafePlayer", "ProcessPlayer", "describe_exception"]
