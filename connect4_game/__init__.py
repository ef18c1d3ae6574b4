"""Connect Four in Pygame: the seed-exact engine (BU CS111 ps9) and a desktop game.

The engine (``Board``, the players, the console game) never imports pygame;
the window lives in :mod:`connect4_game.ui`.
"""

from .board import Board
from .players import AIPlayer, Player, RandomPlayer
from .console import connect_four, process_move

__all__ = ['Board', 'Player', 'RandomPlayer', 'AIPlayer', 'process_move', 'connect_four']
__version__ = '0.1.0'

# Expert level (issue 5): perfect play and "win in N" analysis
from .expert import ExpertPlayer, analyze  # noqa: E402
__all__ += ['ExpertPlayer', 'analyze']
