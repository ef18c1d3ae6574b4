"""The player's files (settings, statistics, puzzle tries, saved games), read through
:mod:`~connect4_game.storage.userfiles`, written atomically, re-read under a shared lock."""
