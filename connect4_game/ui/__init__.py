"""The Pygame front end of Connect Four.

Import :mod:`connect4_game.ui.app` for the window; this package's
``__init__`` imports nothing so that the AI worker processes
(:mod:`connect4_game.search.worker`) stay free of pygame.
"""
