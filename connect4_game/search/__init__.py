"""The search pool: every search the game runs is a job (:mod:`.jobs`) run by a
worker process (:mod:`.worker`). Nothing here imports pygame."""
