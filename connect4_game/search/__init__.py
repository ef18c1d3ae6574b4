"""The search pool: every search the game runs (the computer's move, hint,
analysis, review, puzzles and practice, Oska's AI, a plug-in's move) is a job
(:mod:`connect4_game.search.jobs`) run by a worker process
(:mod:`connect4_game.search.worker`); results are tagged and stale ones
dropped. Nothing here imports pygame."""
