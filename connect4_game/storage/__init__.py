"""The player's files: settings, statistics, puzzle tries, the autosave and
saved games, read through :mod:`~connect4_game.storage.userfiles`, written
atomically (:mod:`~connect4_game.storage.atomic`), re-read under a shared
lock (:mod:`~connect4_game.storage.locking`). Nothing here imports pygame."""
