"""The Dutch "Vier op een rij" milestone on our engine: :mod:`connect4_game.compat.cs5` (its
camelCase names stay) under the course's snake_case names, ``Board(width, height)`` width
first; ``tests/oracle_cs5.py`` holds the outline that judges :meth:`Player.scores_for`."""

from __future__ import annotations

from connect4_game.compat import cs5
from connect4_game.compat.adapter import register_style_board

__all__ = ['Board', 'Player', 'EnginePlayer']


class Board(cs5.Board):
    """The Dutch milestone's board: :class:`connect4_game.compat.cs5.Board` with the
    snake_case names."""

    add_move = cs5.Board.addMove
    del_move = cs5.Board.delMove
    allows_move = cs5.Board.allowsMove
    wins_for = cs5.Board.winsFor
    set_board = cs5.Board.setBoard
    host_game = cs5.Board.hostGame
    play_game = cs5.Board.playGame


class Player(cs5.Player):
    """The Dutch milestone's AI player, ``Player(ox, tbt, ply)``:
    :class:`connect4_game.compat.cs5.Player` with the snake_case names."""

    opp_ch = cs5.Player.oppCh
    score_board = cs5.Player.scoreBoard
    tiebreak_move = cs5.Player.tiebreakMove
    scores_for = cs5.Player.scoresFor
    next_move = cs5.Player.nextMove


class EnginePlayer(cs5.EnginePlayer):
    """A Dutch :class:`Player` for the plug-in option, built from the checker alone:
    ``--o connect4_game/vieropeenrij.py:EnginePlayer`` plays ``Player('O', 'LEFT', 3)``."""

    player_class = Player
    board_class = Board


register_style_board('snake', Board)
