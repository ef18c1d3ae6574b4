"""The game's files as the window uses them: the library of saved games
(Ctrl+S), the autosave of an unfinished game, and the move string on the
clipboard (Ctrl+C). The file formats are :mod:`connect4_game.storage.savegame`'s.

Every method takes the :class:`~connect4_game.ui.session.GameSession` it
works on and tells the player the outcome through ``session.say``.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from connect4_game.messages import clip
from connect4_game.storage.savegame import moves_to_string
from connect4_game.ui.i18n import _
from connect4_game.ui.services import Clipboard, ClipboardError

if TYPE_CHECKING:
    from connect4_game.ui.session import GameSession
    from connect4_game.ui.startup import AppOptions

__all__ = ['GameFiles']

log = logging.getLogger(__name__)


class GameFiles:
    """Saving, autosaving and copying the game.

    :param options: the app's :class:`~connect4_game.ui.startup.AppOptions`
        (``use_settings`` and ``owns_autosave`` decide about the autosave).
    :param clipboard: where :meth:`copy_moves` puts the moves.
    """

    def __init__(self, options: AppOptions, clipboard: Clipboard) -> None:
        self.options = options
        self.clipboard = clipboard

    def owns_autosave(self) -> bool:
        """Whether this run may offer, write or remove the autosave (see
        :class:`~connect4_game.ui.startup.AppOptions`)."""
        return bool(self.options.use_settings and self.options.owns_autosave)

    def autosave(self, session: GameSession) -> None:
        """Keep the unfinished game for the next plain start (a finished one
        removes the autosave) -- only in a run that owns the autosave, and
        never a demo or a network game. A failure is logged, not raised."""
        if not self.owns_autosave() or session.demo or session.network is not None:
            return
        from connect4_game.storage.savegame import autosave
        try:
            autosave(session.saved_game())
        except (OSError, ValueError) as exc:
            log.warning('could not autosave the game: %s', clip(exc, 200))

    def save_game(self, session: GameSession) -> str | None:
        """Save the game to the library of saved games (a notice either way;
        the path is printed). Returns the path, or None if it failed."""
        from connect4_game.storage.savegame import save_to_library
        try:
            path = save_to_library(session.saved_game())
        except (OSError, ValueError) as exc:
            session.say(_('Could not save: {why}').format(why=clip(exc, 160)), 'error', 4.0)
            return None
        session.say(_('Game saved ({n} moves). Load it with Ctrl+O.').format(
            n=len(session.game.moves)), 'info', 4.0)
        print(f'Game saved to {clip(path, 200)}')
        return str(path)

    def copy_moves(self, session: GameSession) -> bool:
        """Copy the move string to the clipboard. Without a clipboard the
        notice shows the moves (and they are printed) instead of failing.
        Returns whether the clipboard has them."""
        text = moves_to_string(session.game.moves)
        try:
            self.clipboard.put_text(text)
        except ClipboardError as exc:
            session.say(_('No clipboard here ({why}); the moves are: {moves}').format(
                why=clip(exc, 60), moves=text or _('(none)')), 'error', 6.0)
            print(f'moves: {text}')
            return False
        session.say(_('Copied the moves {moves} to the clipboard.').format(
            moves=clip(text, 60) or _('(none)')))
        return True
