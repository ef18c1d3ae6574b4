"""Puzzles: "Red to play and win in 3" (Menu > Puzzles) over the Connect Four game, which it
never touches; each try is judged by the solver in the search pool (a ``'puzzle'`` request)."""

from __future__ import annotations

import datetime
import logging
from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar

import pygame

from connect4_game.core.game import Game
from connect4_game.core.side import Side
from connect4_game.i18n import N_, _, ngettext
from connect4_game.search.jobs import JobKind, Result, ResultStatus, SearchRequest
from connect4_game.search.replies import PuzzleReply
from connect4_game.search.worker import SearchWorker
from connect4_game.storage.stats import (
    PuzzleCounts,
    load_puzzle_counts,
    puzzle_totals,
    record_puzzle_try,
)
from connect4_game.trainer.model import MAX_GRADE, Puzzle, load_puzzles, puzzle_of_the_day
from connect4_game.trainer.play import TryResult, moves_left, start_game
from connect4_game.ui.animation import DropAnimation, step_drops
from connect4_game.ui.screens.base import BoardPage
from connect4_game.ui.screens.host import AppServices
from connect4_game.ui.text_fit import MIN_FONT, draw_text, line_height
from connect4_game.ui.widgets import Button

__all__ = ['PuzzleScreen', 'Stage', 'Tone', 'SHOW_PAUSE']

log = logging.getLogger(__name__)

SHOW_PAUSE = 0.45
"""Seconds between the moves of the solution as it is played."""

class Stage(str, Enum):
    """Where the screen is: ``ASK`` (the player's move), ``CHECK`` (a try is being judged),
    ``SOLVED``, ``SHOWING`` (the solution is being played) or ``SHOWN`` (it has been)."""

    ASK = 'ask'
    CHECK = 'check'
    SOLVED = 'solved'
    SHOWING = 'showing'
    SHOWN = 'shown'


class Tone(str, Enum):
    """The colour of the message line: plain, good news or bad."""

    PLAIN = 'plain'
    GOOD = 'good'
    BAD = 'bad'


@dataclass
class Visit:
    """One puzzle on screen: its ``game`` (the puzzle's moves, then those played since), the
    ``message`` line and its ``tone``, the wrong tries (``misses``), the request
    ``waiting`` for a reply, the defender's column ``reply_due`` (dropped once the try landed),
    and the solution ``line`` once known (``to_show``: what is left to play, ``pause`` seconds
    until the next)."""

    puzzle: Puzzle
    game: Game
    stage: Stage = Stage.ASK
    message: str = ''
    tone: Tone = Tone.PLAIN
    misses: int = 0
    waiting: SearchRequest | None = None
    reply_due: int | None = None
    line: tuple[int, ...] = ()
    to_show: list[int] = field(default_factory=list)
    pause: float = 0.0


class PuzzleScreen(BoardPage):
    """The puzzle set on the board, one puzzle at a time, opening on ``puzzle`` (default: the one
    this window showed last, the first time the puzzle of the day of ``today``)."""

    name = N_('Puzzles')
    app: AppServices

    def __init__(self, app: AppServices, puzzle: Puzzle | None = None,
                 today: datetime.date | None = None) -> None:
        super().__init__(app, [
            Button(_('Back to the game'), 'back', _('Leave the puzzles (Esc)')),
            Button(_('Previous'), 'prev', _('The puzzle before (P)')),
            Button(_('Next'), 'next', _('The next puzzle (N)')),
            Button(_('Puzzle of the day'), 'day', _("Today's puzzle (D)")),
            Button(_('Show solution'), 'solution', _('Play the winning line (S)'))])
        self.puzzles = load_puzzles()
        self.today = today or datetime.date.today()
        self.cursor = 3                       # the column the keys aim at (0-based)
        self.falling: list[DropAnimation] = []
        self.counts, warnings = load_puzzle_counts()
        for line in warnings:
            log.warning('%s', line)
        if puzzle is None:
            found = [p for p in self.puzzles if p.id == app.last_puzzle]
            puzzle = found[0] if found else puzzle_of_the_day(self.today, self.puzzles)
        self.visit = self._visit(puzzle)

    def _visit(self, puzzle: Puzzle) -> Visit:
        self.app.puzzle_shown(puzzle.id)
        self.falling = []
        return Visit(puzzle, start_game(puzzle))

    def play(self, col: int) -> bool:
        """The player drops in 0-based column ``col``; returns False unless that could happen."""
        v = self.visit
        if v.stage is not Stage.ASK or self.falling or not v.game.can_play(col):
            return False
        self._ask(SearchRequest(JobKind.PUZZLE, (), v.puzzle.side, moves=tuple(v.game.moves),
                                puzzle=v.puzzle, column=col))
        self._drop(col)
        v.stage, v.message, v.tone = Stage.CHECK, _('Checking…'), Tone.PLAIN
        return True

    def _ask(self, request: SearchRequest) -> None:
        """Ask the search pool to judge ``request``; its reply is the one the visit waits for."""
        self.visit.waiting = request
        self.app.worker.submit(request)

    def _drop(self, col: int) -> None:
        """Play ``col`` in the visit's game with the drop animation."""
        m = self.visit.game.push(col)
        self.falling.append(DropAnimation(m.column, m.row, m.checker))

    def _judged(self, a: PuzzleReply, error: str = '') -> None:
        """The verdict on the try the screen waits for (``error``: why there is none)."""
        v, p = self.visit, self.visit.puzzle
        if a.result is TryResult.SOLVED:
            v.stage, v.message, v.tone = Stage.SOLVED, _('Solved!'), Tone.GOOD
            self._record(True)
        elif a.result is TryResult.WINS and a.defence is not None:
            left = moves_left(p, v.game)        # the try is on the board: what is left
            v.reply_due, v.stage, v.tone = a.defence, Stage.ASK, Tone.GOOD
            v.message = _('Good move. Now win with your next move.') if left <= 1 else \
                ngettext('Good move. Now win in {n} more.', 'Good move. Now win in {n} more.',
                         left).format(n=left)
        else:
            v.game.pop()                        # the try is taken back, mid-fall too
            self.falling = []
            v.stage, v.tone = Stage.ASK, Tone.BAD
            v.message = self.miss_text(a, error)
            if a.result in (TryResult.ESCAPES, TryResult.TOO_SLOW):
                v.misses += 1
                if v.misses >= 2:
                    v.message += '   ' + _('S: show the solution')
                if v.misses == 1:              # the first wrong try counts the puzzle failed
                    self._record(False)

    def miss_text(self, a: PuzzleReply, error: str = '') -> str:
        """The line for a try taken back, or not judged (``error``: why)."""
        p = self.visit.puzzle
        if a.result is TryResult.TOO_SLOW:
            return ngettext('That still wins, but not in {n} \u2014 try again',
                            'That still wins, but not in {n} \u2014 try again',
                            p.win_in).format(n=p.win_in)
        if a.result is TryResult.ESCAPES:
            return _('That lets Red escape \u2014 try again') if p.side == Side.O else \
                _('That lets Yellow escape \u2014 try again')
        if error:
            return _('The move could not be checked: {error}').format(error=error)
        return _('You cannot play there.')

    def _record(self, solved: bool) -> None:
        """Count a finished try of the puzzle (a failing disk only logs)."""
        pid = self.visit.puzzle.id
        try:
            self.counts[pid] = record_puzzle_try(pid, solved)
        except (OSError, ValueError) as exc:
            log.warning('could not save the puzzle statistics: %s', exc)
            old = self.counts.get(pid, PuzzleCounts())
            self.counts[pid] = PuzzleCounts(old.tried + 1, old.solved + int(solved))

    def act(self, action: str) -> None:
        """A toolbar action: ``'back'``, ``'prev'``, ``'next'``, ``'day'`` or ``'solution'``."""
        if action in ('prev', 'next'):
            i = self.puzzles.index(self.visit.puzzle) if self.visit.puzzle in self.puzzles else 0
            step = 1 if action == 'next' else -1
            self.visit = self._visit(self.puzzles[(i + step) % len(self.puzzles)])
        elif action == 'day':
            self.visit = self._visit(puzzle_of_the_day(self.today, self.puzzles))
        elif action == 'solution':
            self.show_solution()
        else:
            super().act(action)

    def show_solution(self) -> None:
        """Play the solution from the puzzle's position (asked of the judge the first time)."""
        v = self.visit
        self.falling = []
        v.game = start_game(v.puzzle)
        v.reply_due, v.stage, v.tone = None, Stage.SHOWING, Tone.PLAIN
        v.message = _('The solution…')
        if v.line:
            v.waiting, v.to_show, v.pause = None, list(v.line), 0.0
        else:
            self._ask(SearchRequest(JobKind.PUZZLE, (), v.puzzle.side, moves=v.puzzle.moves,
                                    puzzle=v.puzzle))

    def _solution_step(self, dt: float) -> None:
        """While the solution is played: the next move after :data:`SHOW_PAUSE`, then its name."""
        v = self.visit
        if v.waiting is not None or self.falling:
            return
        if not v.to_show:
            v.stage, v.tone = Stage.SHOWN, Tone.GOOD
            v.message = _('The solution: {moves}').format(
                moves=', '.join(str(c + 1) for c in v.line))
            return
        v.pause -= dt
        if v.pause <= 0:
            v.pause = SHOW_PAUSE
            self._drop(v.to_show.pop(0))

    def close(self) -> None:
        waiting = self.visit.waiting
        if waiting is not None and self.app.worker.in_flight() == waiting:
            self.app.worker.cancel()
        super().close()

    def worker_replaced(self, worker: SearchWorker) -> None:
        """A new search pool took over: ask it what the visit waits for."""
        if self.visit.waiting is not None:
            self._ask(self.visit.waiting)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.falling = step_drops(self.falling, dt, lambda: self.app.sounds.play('drop'))
        v = self.visit
        for res in self.app.worker.poll():
            if res.request == v.waiting:      # else a position the screen has left
                self._answered(res)
        if v.reply_due is not None and not self.falling:
            col, v.reply_due = v.reply_due, None
            if v.game.can_play(col):
                self._drop(col)
        if v.stage is Stage.SHOWING:
            self._solution_step(dt)

    def _answered(self, res: Result) -> None:
        """The search pool's result for the visit's request: a verdict, the solution, or why not."""
        v = self.visit
        if res.status in (ResultStatus.PROGRESS, ResultStatus.DIED):
            return                            # a died request runs again
        reply = res.reply if isinstance(res.reply, PuzzleReply) else None
        error = '' if reply is not None else res.message or str(res.status)
        request, v.waiting = res.request, None
        if request.column >= 0:
            self._judged(reply or PuzzleReply(), error)
        elif reply is not None:
            v.line, v.to_show, v.pause = reply.line, list(reply.line), 0.0
        else:
            v.stage, v.tone = Stage.ASK, Tone.BAD
            v.message = _('The move could not be checked: {error}').format(error=error)

    def wants_frames(self) -> bool:
        v = self.visit
        return bool(self.falling) or v.waiting is not None or v.reply_due is not None \
            or v.stage is Stage.SHOWING or self.toolbar.tip_pending()

    def picture_key(self) -> object:
        v = self.visit
        return (v.puzzle.id, tuple(v.game.moves), v.stage, v.message, self.cursor)

    def board_event(self, e: pygame.event.Event) -> None:
        """A click or a digit plays a column; Left/Right move the cursor, Enter/Down/Space drop."""
        cols = self.visit.game.cols
        col = self.col_at(e.pos) if e.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) else None
        if e.type == pygame.KEYDOWN and e.unicode.isdecimal() \
                and 1 <= int(e.unicode) <= cols:
            col = int(e.unicode) - 1
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if e.key == pygame.K_RIGHT else -1
            self.cursor = (self.cursor + step) % cols
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                    pygame.K_DOWN, pygame.K_SPACE):
            col = self.cursor
        if col is not None and (e.type != pygame.MOUSEBUTTONDOWN or e.button == 1):
            self.cursor = col
            if e.type != pygame.MOUSEMOTION:
                self.play(col)

    keys: ClassVar[dict[int, str]] = {
        pygame.K_ESCAPE: 'back', pygame.K_BACKSPACE: 'back', pygame.K_n: 'next',
        pygame.K_PAGEDOWN: 'next', pygame.K_p: 'prev', pygame.K_PAGEUP: 'prev', pygame.K_d: 'day',
        pygame.K_s: 'solution'}

    def title(self) -> str:
        """'Red to play and win in 3' (the exact number of moves)."""
        p = self.visit.puzzle
        if p.side == Side.X:
            return ngettext('Red to play and win in {n}', 'Red to play and win in {n}',
                            p.win_in).format(n=p.win_in)
        return ngettext('Yellow to play and win in {n}', 'Yellow to play and win in {n}',
                        p.win_in).format(n=p.win_in)

    def info(self) -> str:
        """'Puzzle 12 of 208 · Win in 3' (or 'Win in 8 or more')."""
        p = self.visit.puzzle
        grade = _('Win in {n} or more').format(n=p.grade) if p.grade >= MAX_GRADE else \
            ngettext('Win in {n}', 'Win in {n}', p.grade).format(n=p.grade)
        return _('Puzzle {n} of {total}').format(n=p.number, total=len(self.puzzles)) \
            + ' \u00b7 ' + grade

    def counts_text(self) -> str:
        """'Solved 5 of 9 tried' (puzzles, over every puzzle) and this one's."""
        tried, solved = puzzle_totals(self.counts)
        text = ngettext('Solved {solved} of {tried} tried', 'Solved {solved} of {tried} tried',
                        tried).format(solved=solved, tried=tried)
        mine = self.counts.get(self.visit.puzzle.id)
        if mine is not None and mine.solved:
            text += ' \u00b7 ' + _('this one solved')
        return text

    def draw(self, surface: pygame.Surface) -> None:
        """The toolbar, the title and counts, the board, the message and the keys."""
        theme = self.app.theme
        v = self.visit
        w, h = surface.get_size()
        size = max(MIN_FONT, min(28, h // 30))
        small = max(MIN_FONT, min(20, h // 40))
        head_h = line_height(size, True) + 2 * line_height(small) + 8
        foot_h = self.keys_height()
        msg_h = max(2 * line_height(small, True) + 4, int(h * 0.08))
        board_surf, _lay = self.lay_out(surface, v.game.rows, v.game.cols, head_h,
                                        msg_h + foot_h)
        y = self.board_top - head_h + 2
        for text, px, bold in ((self.title(), size, True), (self.info(), small, False),
                               (self.counts_text(), small, False)):
            step = line_height(px, bold)
            draw_text(surface, text, pygame.Rect(12, y, w - 24, step),
                      theme.text if bold else theme.text_dim, px, bold=bold, align='center')
            y += step
        asking = v.stage is Stage.ASK and not self.falling and v.reply_due is None
        shown = v.stage in (Stage.SHOWING, Stage.SHOWN)
        win = v.game.outcome.line if v.game.outcome and v.game.outcome.winner \
            and not self.falling else None
        self.renderer.draw_board(
            board_surf, v.game.board.slots, falling=self.falling,
            ghost=(v.game.to_move, self.cursor) if asking else None,
            ghost_row=v.game.board.landing_row(self.cursor) if asking
            and v.game.can_play(self.cursor) else None,
            cursor=self.cursor if asking else None, win_line=list(win) if win else None,
            best_cols=(v.puzzle.answer,) if shown else ())
        tone = {Tone.GOOD: theme.good, Tone.BAD: theme.bad}.get(v.tone, theme.text)
        top = h - msg_h - foot_h
        if v.message:
            draw_text(surface, v.message, pygame.Rect(12, top, w - 24, msg_h), tone, small,
                      bold=True, align='center', lines=2)
        self.draw_keys(surface, _('Click a column or press 1-7   N / P: next / previous   '
                                  'S: solution   Esc: back'))
