"""Plug in your own player, ``--x FILE.py:ClassName``: a BU CS111 ps9, HMC CS5 or "Vier op een
rij" player class loaded from the user's file plays one side without being able to break the
game (docs/plugins.md)."""
