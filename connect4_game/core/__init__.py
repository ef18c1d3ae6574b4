"""The core: the assignment's engine (BU CS111 ps9: :mod:`~connect4_game.core.board`,
:mod:`~connect4_game.core.console`; its players, which use the AI, are
:mod:`connect4_game.players`), the sides
(:mod:`~connect4_game.core.side`), the one game record (:mod:`~connect4_game.core.game`),
the players' notation, the shared validators and message helpers. Nothing here imports
anything else of the package, nor pygame."""
