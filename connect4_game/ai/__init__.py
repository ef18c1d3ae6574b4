"""The computer players' machinery; nothing here imports pygame.

* :mod:`~connect4_game.ai.bitboard` -- positions as two integers;
* :mod:`~connect4_game.ai.search` -- the assignment's ``scores_for`` (BU CS111
  ps9, Problem 4) computed by negamax with alpha-beta and a transposition table;
* :mod:`~connect4_game.ai.solver` -- the perfect-play solver (Pons-style scores);
* :mod:`~connect4_game.ai.book` -- the 12-ply opening book;
* :mod:`~connect4_game.ai.expert` -- the Expert player and ``analyze``;
* :mod:`~connect4_game.ai.perfect` -- every column's perfect-play score, from
  the optional bitbully engine (6x7) or the solver (any size);
* :mod:`~connect4_game.ai.review` -- a game's moves judged by perfect play.
"""
