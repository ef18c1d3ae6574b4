"""The game flow, free of pygame: the session (the one game record, the seats
and their turns, hint and analysis, undo policy, the network game) and its
typed events. The window (:mod:`connect4_game.ui`) draws it; nothing here
imports pygame."""
