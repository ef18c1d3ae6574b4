"""Practice: the positions before a person's mistakes in a reviewed game, one by one; a wrong try
keeps the position for another (the second shows the best), perfect play answers each move found,
*Next* goes on, and a summary follows the last."""

from __future__ import annotations

from enum import Enum
from typing import ClassVar

import pygame

from connect4_game.core.board import Board
from connect4_game.core.game import Game
from connect4_game.i18n import N_, _, ngettext
from connect4_game.search.jobs import JobKind, ResultStatus, SearchRequest
from connect4_game.search.replies import MoveReply
from connect4_game.search.worker import SearchWorker
from connect4_game.trainer.practice import Exercise, Practice
from connect4_game.ui.render import Layout
from connect4_game.ui.screens.base import BoardPage
from connect4_game.ui.screens.host import AppServices
from connect4_game.ui.text_fit import MIN_FONT, draw_text, line_height
from connect4_game.ui.widgets import Button

__all__ = ['PracticeScreen', 'Stage', 'REPLY_BUDGET']

REPLY_BUDGET = 3.0     # seconds perfect play may take for its answer


class Stage(str, Enum):
    """Where the screen is: ``ASK``, ``REPLY`` (found; perfect play's answer is coming),
    ``FOUND``, ``MISSED`` (a wrong try shown; another may follow), ``DONE`` (the summary) or
    ``EMPTY`` (no mistakes)."""

    ASK = 'ask'
    REPLY = 'reply'
    FOUND = 'found'
    MISSED = 'missed'
    DONE = 'done'
    EMPTY = 'empty'


class PracticeScreen(BoardPage):
    """The exercises of ``practice`` (built from the review) on a ``rows`` x ``cols`` board;
    perfect play answers through the app's ``worker``."""

    name = N_('Practice')
    app: AppServices

    def __init__(self, app: AppServices, rows: int, cols: int, practice: Practice) -> None:
        super().__init__(app, [
            Button(_('Back to the review'), 'back', _('Leave the practice (Esc)')),
            Button(_('Next'), 'next', _('The next mistake (Enter)'))])
        self.rows, self.cols = rows, cols
        self.practice = practice
        self.stage = Stage.ASK if practice.current() is not None else Stage.EMPTY
        self.tried: int | None = None          # the column the player tried (0-based)
        self.reply: int | None = None          # perfect play's answer (0-based)
        self.cursor: int | None = None
        self.request: SearchRequest | None = None

    def board(self) -> Board:
        """The exercise's position with the try and the reply once made."""
        ex = self.practice.current()
        extra = [c for c in (self.tried, self.reply) if c is not None]
        return Game(self.rows, self.cols, [*ex.moves, *extra] if ex else ()).board

    def play(self, col: int) -> bool | None:
        """Try 0-based column ``col`` on the current exercise (again after a wrong try): found,
        or None unless it can be played."""
        ex = self.practice.current()
        if self.stage not in (Stage.ASK, Stage.MISSED) or ex is None or not 0 <= col < self.cols \
                or ex.scores[col] is None:
            return None
        found = self.practice.try_move(col)
        self.tried = col
        b = self.board()
        if not found or b.is_win_for(ex.player) or b.is_full():
            self.stage = Stage.FOUND if found else Stage.MISSED
            return found
        self.stage = Stage.REPLY                # perfect play's answer, asked of the worker
        self.request = SearchRequest(JobKind.EXPERT, tuple(''.join(r) for r in b.slots),
                                     ex.player.other, own_move=True, time_budget=REPLY_BUDGET,
                                     tag=self.practice.index)
        self.app.worker.submit(self.request)
        return found

    def next(self) -> None:
        """On to the next exercise (found or not), or the summary after the last one."""
        if self.stage in (Stage.DONE, Stage.EMPTY):
            return
        if self.stage is Stage.REPLY:
            self.app.worker.cancel()
        self.tried = self.reply = self.request = None
        self.stage = Stage.ASK if self.practice.advance() is not None else Stage.DONE

    def update(self, dt: float) -> None:
        super().update(dt)
        self.toolbar.named['next'].enabled = self.stage not in (Stage.DONE, Stage.EMPTY)
        if self.stage is not Stage.REPLY:
            return
        for res in self.app.worker.poll():
            if res.request != self.request or res.status == ResultStatus.PROGRESS:
                continue
            if res.status == ResultStatus.OK and isinstance(res.reply, MoveReply):
                col = res.reply.column
                if col is not None and 0 <= col < self.cols and self.board().can_add_to(col):
                    self.reply = col
            if res.status != ResultStatus.DIED:
                self.stage = Stage.FOUND

    def worker_replaced(self, worker: SearchWorker) -> None:
        if self.stage is Stage.REPLY:
            self.stage = Stage.FOUND            # found, without the answer

    def close(self) -> None:
        if self.stage is Stage.REPLY:
            self.app.worker.cancel()
        super().close()

    keys: ClassVar[dict[int, str]] = {pygame.K_ESCAPE: 'back', pygame.K_BACKSPACE: 'back'}

    def board_event(self, e: pygame.event.Event) -> None:
        """A digit or a click tries a column; Enter or N goes on (a click never does)."""
        col = self.col_at(e.pos) if e.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) else None
        if e.type == pygame.MOUSEMOTION:
            self.cursor = col
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and col is not None:
            self.play(col)
        elif e.type == pygame.KEYDOWN and e.unicode.isdecimal():
            self.play(int(e.unicode) - 1)
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n):
            self.act('back' if self.stage in (Stage.DONE, Stage.EMPTY) else 'next')

    def act(self, action: str) -> None:
        """A toolbar action or its key: ``'back'`` (to the review) or ``'next'``."""
        if action == 'next':
            self.next()
        else:
            super().act(action)

    def prompt(self) -> str:
        """The first line: the question, the verdict on the try, or the end."""
        ex = self.practice.current()
        if self.stage is Stage.EMPTY:
            return _('No mistakes to practise \u2014 well played.')
        if self.stage is Stage.DONE or ex is None:
            s = self.practice.summary()
            return _('{found} of {total} found').format(found=s.found, total=s.total)
        if self.stage is Stage.ASK:
            return _('Move {n}: find a better move than column {col}').format(
                n=ex.ply, col=ex.played + 1)
        if self.stage is Stage.MISSED:
            again = _('Not column {col}: try again.').format(col=(self.tried or 0) + 1)
            if not self.show_best():
                return again
            return again + ' ' + ngettext('The best was column {cols}.',
                                          'The best were columns {cols}.', len(ex.best)).format(
                cols=', '.join(str(c + 1) for c in ex.best))
        return _('Found it!')

    def show_best(self) -> bool:
        """Whether the best columns are shown: after the second wrong try on an exercise."""
        return self.stage is Stage.MISSED and self.practice.tries[self.practice.index] >= 2

    def detail(self) -> str:
        """The second line: which exercise, perfect play's answer, the way back."""
        ex = self.practice.current()
        if self.stage is Stage.DONE:
            s = self.practice.summary()
            return _('{first} at the first try, {later} after another try').format(
                first=s.first, later=s.later)
        if ex is None:
            return _('Esc or Enter: back to the review')
        head = _('Exercise {n} of {total}').format(n=self.practice.index + 1,
                                                   total=len(self.practice.exercises))
        if self.stage is Stage.REPLY:
            return head + ' \u2014 ' + _('perfect play answers…')
        if self.stage is Stage.FOUND and self.reply is not None:
            return head + ' \u2014 ' + _('perfect play answers in column {col}.').format(
                col=self.reply + 1)
        return head

    def draw(self, surface: pygame.Surface) -> None:
        """The toolbar, the board with its marks, two lines of text and the keys."""
        theme = self.app.theme
        w, h = surface.get_size()
        foot_h = self.keys_height()
        text_h = max(2 * line_height(MIN_FONT, True) + 8, int(h * 0.14))
        board_surf, lay = self.lay_out(surface, self.rows, self.cols, 0, text_h + foot_h)
        b = self.board()
        ex = self.practice.current()
        best = ex.best if self.show_best() and ex is not None else ()
        self.renderer.draw_board(board_surf, b.slots, best_cols=best, hint_col=None,
                                 cursor=self.cursor if self.stage in (Stage.ASK, Stage.MISSED)
                                 else None)
        if ex is not None:
            self._rings(board_surf, lay, ex)
        size = max(MIN_FONT, min(24, text_h // 3))
        top = h - text_h - foot_h
        half = text_h // 2
        colour = theme.good if self.stage is Stage.FOUND or self.stage is Stage.REPLY \
            else theme.bad if self.stage is Stage.MISSED else theme.text
        draw_text(surface, self.prompt(), pygame.Rect(12, top, w - 24, half), colour, size,
                  bold=True, lines=2)
        draw_text(surface, self.detail(), pygame.Rect(12, top + half, w - 24, text_h - half),
                  theme.text_dim, size, lines=2)
        self.draw_keys(surface, self.keys_text())

    def keys_text(self) -> str:
        if self.stage in (Stage.DONE, Stage.EMPTY):
            return _('Esc or Enter: back to the review')
        if self.stage in (Stage.ASK, Stage.MISSED):
            return _('Click a column or press its number   Enter: next   Esc: back to the review')
        return _('Enter: next   Esc: back to the review')

    def _rings(self, board_surf: pygame.Surface, lay: Layout, ex: Exercise) -> None:
        """The try ringed (good or bad colour) and perfect play's answer in the highlight's."""
        theme = self.app.theme
        game = Game(self.rows, self.cols, ex.moves)
        tried = theme.bad if self.stage is Stage.MISSED else theme.good
        for col, colour in ((self.tried, tried), (self.reply, theme.highlight)):
            if col is not None:
                self.ring(board_surf, lay, game.push(col).row, col, colour)
