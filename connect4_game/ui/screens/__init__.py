"""The window's screens, one module each, on the app's stack; each gets the
smallest protocol of :mod:`connect4_game.ui.screens.host` it needs."""
