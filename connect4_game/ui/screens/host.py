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
from connect4_game.ui.services import SoundService, StatsService, ThemeService
from connect4_game.ui.startup import AppOptions

__all__ = ['Host', 'GameHost', 'SearchHost', 'Transitions', 'Preferences', 'AppServices']


class GameHost(Host, Protocol):
    """A :class:`Host` with the game in progress."""

    @property
    def session(self) -> GameSession:
        """The Connect Four game: record, seats, notices."""
        ...


class SearchHost(Host, Protocol):
    """A :class:`Host` with the window's search worker (a search runs in
    its process; see :meth:`Screen.worker_replaced
    <connect4_game.ui.screens.base.Screen.worker_replaced>`)."""

    @property
    def worker(self) -> SearchWorker:
        """The worker in use now."""
        ...


class Transitions(Protocol):
    """The moves between screens and games the window makes for a screen."""

    def show_game(self) -> None:
        """Back to the game: every other screen closes."""
        ...

    def show_help(self) -> None:
        """The help screen."""
        ...

    def show_new_game(self) -> None:
        """The new-game dialog."""
        ...

    def show_stats(self) -> None:
        """The statistics."""
        ...

    def show_load(self) -> None:
        """The saved games."""
        ...

    def show_review(self) -> None:
        """Review the game (its seats close first)."""
        ...

    def show_network(self, error: str = '') -> None:
        """The host/join screen (``error``: why the last join failed)."""
        ...

    def show_oska(self, n: int | None = None, human_side: str | None = 'w',
                  lookahead: int | None = None, from_dialog: bool = False) -> None:
        """Oska, with ``n`` checkers per side, ``human_side`` 'w', 'b',
        'both' or None, ``lookahead`` plies."""
        ...

    def start_game(self, players: dict[str, PlayerSpec], rows: int, cols: int) -> None:
        """A new Connect Four game of ``players`` ('X' and 'O') on ``rows``
        x ``cols`` (the choice is remembered)."""
        ...

    def load_saved(self, saved: SavedGame, title: str = '') -> bool:
        """Replace the game by ``saved``; returns whether it did (a bad one
        leaves the game as it was, with a notice)."""
        ...

    def start_network(self, options: NetworkOptions,
                      first_tries: float | None = None) -> NetworkGame:
        """Host or join as ``options`` say.

        :raises OSError: if a host cannot listen.
        :raises ValueError: for a bad address, port, side or code.
        """
        ...

    def toggle_fullscreen(self) -> None:
        """Full screen and back."""
        ...

    def quit(self) -> None:
        """End the window (an unfinished game is autosaved)."""
        ...


class Preferences(Protocol):
    """The player's choices and the services that keep them."""

    @property
    def options(self) -> AppOptions:
        """The command line's options."""
        ...

    @property
    def theme_name(self) -> str:
        """The name of the theme in use."""
        ...

    @property
    def language(self) -> str:
        """The code of the language in use ('en', 'nl', ...)."""
        ...

    @property
    def themes(self) -> ThemeService:
        """Looks up and cycles the themes."""
        ...

    @property
    def sounds(self) -> SoundService:
        """The sound effects and the mute switch."""
        ...

    @property
    def stats(self) -> StatsService:
        """The statistics file."""
        ...

    def set_theme(self, name: str) -> None:
        """Use the theme ``name`` and keep it for the next start."""
        ...

    def set_language(self, code: str) -> None:
        """Switch the language and keep it for the next start.

        :raises ValueError: for a language the game does not have.
        """
        ...


class AppServices(GameHost, SearchHost, Transitions, Preferences, Protocol):
    """Everything the window gives its screens (the game screen uses most of it)."""

    @property
    def surface(self) -> pygame.Surface:
        """The window's surface (its size is the window's, in px)."""
        ...

    @property
    def stack(self) -> ScreenStack:
        """The screens, bottom (the game) first."""
        ...

    @property
    def screen(self) -> Screen:
        """The screen on top of the stack."""
        ...

    @property
    def files(self) -> GameFiles:
        """Saves, the autosave, copy and paste of the moves."""
        ...

    @property
    def tips(self) -> CutTextTips:
        """The tooltip of a cut text under the mouse."""
        ...

    @property
    def invitation(self) -> str:
        """What to tell a friend to join the hosted game ('' when not hosting)."""
        ...
