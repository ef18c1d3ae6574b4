"""``connect4_game.cs5`` is :mod:`connect4_game.compat.cs5` (the Harvey Mudd CS5 hw6pr3 version of the
assignment), kept importable at its first path; ``--o connect4_game/cs5.py:EnginePlayer``
keeps working as a plug-in file too."""

import sys

from connect4_game.compat import cs5 as _module
from connect4_game.compat.cs5 import *  # noqa: F401,F403  (loaded by path as a plug-in file)

sys.modules[__name__] = _module
