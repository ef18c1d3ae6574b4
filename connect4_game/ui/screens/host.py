"""What the screens use of the window: :class:`AppServices`, the typed
protocol the :class:`~connect4_game.ui.app.App` provides (a screen that needs
only the theme and the stack takes the base's :class:`Host`)."""

from __future__ import annotations

from typing import Protocol

import pygame

from connect4_game.net.options import NetworkOptions
from connect4_game.play.network_game import NetworkGame
from connect4_game.play.session import GameSession
from connect4_game.play.start import AppOptions
from connect4_game.search.worker import SearchWorker
from connect4_game.seat_config import PlayerSpec
from connect4_game.storage.savegame import SavedGame
from connect4_game.storage.stats import Stats
from connect4_game.ui.game_files import GameFiles
from connect4_game.ui.pointer import CutTextTips
from connect4_game.ui.screen_stack import ScreenStack
from connect4_game.ui.screens.base import Host, Screen
from connect4_game.ui.sound import SoundPlayer

__all__ = ['Host', 'AppServices']


class AppServices(Host, Protocol):
    """Everything the window gives its screens: the game, the search worker
    (see :meth:`Screen.worker_replaced`), the moves between screens, the
    player's choices and services."""

    @property
    def session(self) -> GameSession: ...

    @property
    def worker(self) -> SearchWorker: ...

    @property
    def surface(self) -> pygame.Surface: ...

    @property
    def stack(self) -> ScreenStack: ...

    @property
    def screen(self) -> Screen: ...

    @property
    def files(self) -> GameFiles: ...

    @property
    def tips(self) -> CutTextTips: ...

    @property
    def invitation(self) -> str: ...

    @property
    def options(self) -> AppOptions: ...

    @property
    def language(self) -> str: ...

    @property
    def sounds(self) -> SoundPlayer: ...

    @property
    def stats(self) -> Stats: ...

    @property
    def last_puzzle(self) -> str: ...

    def puzzle_shown(self, puzzle_id: str) -> None: ...

    def set_theme(self, name: str) -> None: ...

    def toggle_mute(self) -> bool: ...

    def set_language(self, code: str) -> None:
        """:raises ValueError: for a language the game does not have."""
        ...

    def show_game(self) -> None: ...

    def show_new_game(self) -> None: ...

    def show_review(self) -> None: ...

    def show_network(self, error: str = '') -> None: ...

    def show_oska(self, n: int | None = None, human_side: str | None = 'w',
                  lookahead: int | None = None, from_dialog: bool = False) -> None: ...

    def start_game(self, players: dict[str, PlayerSpec], rows: int, cols: int) -> None: ...

    def load_saved(self, saved: SavedGame, title: str = '') -> bool: ...

    def start_network(self, options: NetworkOptions,
                      first_tries: float | None = None) -> NetworkGame:
        """:raises OSError: if a host cannot listen.
        :raises ValueError: for a bad address, port, side or code."""
        ...

    def toggle_fullscreen(self) -> None: ...

    def quit(self) -> None: ...
