"""The window's screens, one module each, on a stack the app owns
(:class:`connect4_game.ui.app.App`): the game, the new-game dialog, help,
statistics, the saved games, the review of a game, and Oska.

Each screen is a :class:`~connect4_game.ui.screens.base.Screen`:
``process_event(event)``, ``update(dt)`` (seconds), ``draw(surface)``, and
``resume()`` / ``pause()`` when it comes to the top of the stack or leaves it.
A screen gets the smallest typed view of the window it needs (its ``app``: a
protocol of :mod:`connect4_game.ui.screens.host`), never the whole app.
"""
