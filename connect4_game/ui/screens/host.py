"""What the screens use of the window, as typed protocols the
:class:`~connect4_game.ui.app.App` provides; a screen declares the
smallest it needs. Imports no screen but the base."""

from __future__ import annotations

from typing import Protocol

import pygame

from connect4_game.net.options import NetworkOptions
from connect4_game.play.network_game import NetworkGame
from connect4_game.play.session import GameSession
from connect4_game.search.worker import SearchWorker
from connect4_game.seat_config import PlayerSpec
from connect4_game.storage.savegame import SavedGame
from connect4_game.ui.game_files import GameFiles
from connect4_game.ui.pointer import CutTextTips
from connect4_game.ui.screen_stack import ScreenStack
from connect4_game.ui.screens.base import Host, Screen
from connect4_game.ui.services import SoundService, StatsService
from connect4_game.ui.startup import AppOptions

__all__ = ['Host', 'GameHost', 'SearchHost', 'Transitions', 'Preferences', 'AppServices']


class GameHost(Host, Protocol):
    """A :class:`Host` with the game in progress."""

    @property
    def session(self) -> GameSession: ...


class SearchHost(Host, Protocol):
    """A :class:`Host` with the window's search worker (a search runs in
    its process; see :meth:`Screen.worker_replaced
    <connect4_game.ui.screens.base.Screen.worker_replaced>`)."""

    @property
    def worker(self) -> SearchWorker: ...


class Transitions(Protocol):
    """The moves between screens and games the window makes for a screen."""

    def show_game(self) -> None: ...

    def show_help(self) -> None: ...

    def show_new_game(self) -> None: ...

    def show_stats(self) -> None: ...

    def show_load(self) -> None: ...

    def show_review(self) -> None: ...

    def show_network(self, error: str = '') -> None: ...

    def show_oska(self, n: int | None = None, human_side: str | None = 'w',
                  lookahead: int | None = None, from_dialog: bool = False) -> None: ...

    def start_game(self, players: dict[str, PlayerSpec], rows: int, cols: int) -> None: ...

    def load_saved(self, saved: SavedGame, title: str = '') -> bool: ...

    def start_network(self, options: NetworkOptions,
                      first_tries: float | None = None) -> NetworkGame:
        """Host or join as ``options`` say.

        :raises OSError: if a host cannot listen.
        :raises ValueError: for a bad address, port, side or code.
        """
        ...

    def toggle_fullscreen(self) -> None: ...

    def quit(self) -> None: ...


class Preferences(Protocol):
    """The player's choices and the services that keep them."""

    @property
    def options(self) -> AppOptions: ...

    @property
    def theme_name(self) -> str: ...

    @property
    def language(self) -> str: ...

    @property
    def sounds(self) -> SoundService: ...

    @property
    def stats(self) -> StatsService: ...

    def set_theme(self, name: str) -> None: ...

    def set_language(self, code: str) -> None:
        """Switch the language and keep it for the next start.

        :raises ValueError: for a language the game does not have.
        """
        ...


class AppServices(GameHost, SearchHost, Transitions, Preferences, Protocol):
    """Everything the window gives its screens (the game screen uses most of it)."""

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
