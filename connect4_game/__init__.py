"""Connect Four in Pygame: the assignment-exact engine (BU CS111 ps9) and a desktop game.

The engine (``Board``, the players, the console game) never imports pygame;
the window lives in :mod:`connect4_game.ui`.
"""

from connect4_game.core.board import Board
from connect4_game.core.console import connect_four, process_move
from connect4_game.players import AIPlayer, Player, RandomPlayer

__all__ = ['Board', 'Player', 'RandomPlayer', 'AIPlayer', 'process_move', 'connect_four']
__version__ = '0.1.0'

# Expert level: perfect play and "win in N" analysis
from connect4_game.ai.expert import ExpertPlayer, analyze  # noqa: E402

__all__ += ['ExpertPlayer', 'analyze']

# Every named level's player: Easy, Medium, Hard (threats, alpha-beta, the opening book), Expert
from connect4_game.ai.levels import level_player  # noqa: E402

__all__ += ['level_player']
