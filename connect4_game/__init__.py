"""Connect Four in Pygame: the assignment-exact engine (BU CS111 ps9) and a
desktop game. The engine (``Board``, the players, the console game) never
imports pygame; the window lives in :mod:`connect4_game.ui`."""

from connect4_game.ai.expert import ExpertPlayer, analyze
from connect4_game.ai.levels import level_player
from connect4_game.core.board import Board
from connect4_game.core.console import connect_four, process_move
from connect4_game.players import AIPlayer, Player, RandomPlayer
from connect4_game.version import __version__

__all__ = ['Board', 'Player', 'RandomPlayer', 'AIPlayer', 'process_move', 'connect_four',
           'ExpertPlayer', 'analyze', 'level_player', '__version__']
