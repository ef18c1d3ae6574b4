"""Saved games, the autosave and the moves on the clipboard (columns 1..N), as the window uses
them; every method reports to the player through ``session.say``."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from connect4_game.core.messages import clip
from connect4_game.core.notation import NotationError, column_range, format_moves, parse_position
from connect4_game.i18n import _, ngettext

if TYPE_CHECKING:
    from connect4_game.play.session import GameSession
    from connect4_game.play.start import AppOptions

__all__ = ['GameFiles', 'Clipboard', 'ClipboardError']

log = logging.getLogger(__name__)


class ClipboardError(RuntimeError):
    """There is no clipboard here (the message says why)."""


class Clipboard:
    """The system clipboard (``pygame.scrap``), text only; both methods raise
    :class:`ClipboardError` when there is none."""

    @staticmethod
    def put_text(text: str) -> None:
        try:
            pygame.scrap.put_text(text)
        except (pygame.error, AttributeError, RuntimeError) as exc:
            raise ClipboardError(str(exc)) from exc

    @staticmethod
    def get_text() -> str:
        """The text on the clipboard ('' for none or not text)."""
        try:
            text = pygame.scrap.get_text()
        except UnicodeDecodeError as exc:      # not UTF-8: each bad byte becomes U+FFFD
            text = bytes(exc.object).decode('utf-8', 'replace')
        except (pygame.error, AttributeError, RuntimeError) as exc:
            raise ClipboardError(str(exc)) from exc
        return text if isinstance(text, str) else ''


class GameFiles:
    """Saving, autosaving and copying the game, as the app's ``options`` allow."""

    def __init__(self, options: AppOptions) -> None:
        self.options = options
        self.clipboard = Clipboard()

    def owns_autosave(self) -> bool:
        return bool(self.options.use_settings and self.options.owns_autosave)

    def autosave(self, session: GameSession) -> None:
        """Keep the unfinished game for the next plain start (a finished one removes the autosave);
        never a demo or a network game. A failure is logged, not raised."""
        if not self.owns_autosave() or session.demo or session.from_network:
            return
        from connect4_game.storage.savegame import autosave
        try:
            autosave(session.saved_game())
        except (OSError, ValueError) as exc:
            log.warning('could not autosave the game: %s', clip(exc, 200))

    def save_game(self, session: GameSession) -> str | None:
        """Save the game to the library (a notice either way); returns the path, or None."""
        from connect4_game.storage.savegame import save_to_library
        try:
            path = save_to_library(session.saved_game())
        except (OSError, ValueError) as exc:
            session.say(_('Could not save: {why}').format(why=clip(exc, 160)), 'error', 4.0)
            return None
        n = len(session.game.moves)
        session.say(ngettext('Game saved ({n} move). Load it with Ctrl+O.',
                             'Game saved ({n} moves). Load it with Ctrl+O.', n).format(n=n),
                    'info', 4.0)
        print(f'Game saved to {clip(path, 200)}')
        return str(path)

    def copy_moves(self, session: GameSession) -> bool:
        """Copy the moves to the clipboard in the players' notation (columns 1..N: ``4453``);
        without a clipboard the notice shows them. Returns whether the clipboard has them."""
        text = format_moves(session.game.moves)
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

    def pasted_position(self, session: GameSession) -> list[int] | None:
        """The moves on the clipboard (``4453`` or a connect4.gamesolver.org address) as 0-based
        columns on the session's board, or None (a notice says why)."""
        try:
            text = self.clipboard.get_text()
        except ClipboardError as exc:
            session.say(_('No clipboard here ({why}).').format(why=clip(exc, 60)), 'error', 5.0)
            return None
        g = session.game
        try:
            return parse_position(text, g.rows, g.cols)
        except NotationError as exc:
            session.say(notation_problem(exc), 'error', 6.0)
            log.info('paste position: %s', clip(exc, 200))
            return None

    def set_up(self, session: GameSession, moves: list[int]) -> bool:
        """Replace the game by the position after ``moves`` (0-based columns, same board and
        players); returns whether it did."""
        g = session.game
        try:
            session.load(g.rows, g.cols, moves)
        except ValueError as exc:
            session.say(_('Could not set up the position: {why}').format(why=clip(exc, 160)),
                        'error', 5.0)
            return False
        session.say(ngettext('Position {moves} set up ({n} move).',
                             'Position {moves} set up ({n} moves).', len(moves)).format(
            moves=clip(format_moves(moves), 60), n=len(moves)), 'info', 4.0)
        return True


def notation_problem(exc: NotationError) -> str:
    """What is wrong with a move string, in the player's words and language: the move, the
    character and why (``exc`` from :func:`~connect4_game.core.notation.parse_position`)."""
    span = column_range(exc.columns)
    if exc.reason == 'empty':
        return _('The clipboard holds no moves: copy columns {span}, e.g. 4453.').format(
            span=span)
    why = {
        'not a column': _('it is not a column (use {span})'),
        'off the board': _('that column is off the board (columns {span})'),
        'full': _('that column is full'),
        'won': _('the game was already won'),
        'board full': _('the board is already full'),
    }.get(exc.reason, exc.reason).format(span=span)
    return _('Cannot paste: move {n} ({char}, character {pos}): {why}').format(
        n=exc.move, char=clip(repr(exc.char), 12), pos=exc.position, why=why)
