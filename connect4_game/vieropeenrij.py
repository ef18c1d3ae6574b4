"""``connect4_game.vieropeenrij`` is :mod:`connect4_game.compat.vieropeenrij` (the Dutch "Vier op een rij" version of the
assignment), kept importable at its first path; ``--o connect4_game/vieropeenrij.py:EnginePlayer``
keeps working as a plug-in file too."""

import sys

from connect4_game.compat import vieropeenrij as _module
from connect4_game.compat.vieropeenrij import *  # noqa: F401,F403  (loaded by path as a plug-in file)

sys.modules[__name__] = _module
