"""The player's files: settings, statistics, the autosave and saved games.

* :mod:`~connect4_game.storage.userfiles` -- the one safe reader for all of them;
* :mod:`~connect4_game.storage.atomic` -- atomic writes;
* :mod:`~connect4_game.storage.locking` -- the lock shared by every process
  around a read-modify-write (the statistics);
* :mod:`~connect4_game.storage.settings`, :mod:`~connect4_game.storage.stats`,
  :mod:`~connect4_game.storage.savegame` -- what each file holds.

Nothing here imports pygame.
"""
