"""The review of a game (docs/playing.md): a graph over the plies and every move judged by perfect
play (:mod:`connect4_game.ai.review`), solved in the worker (``'review'`` jobs) as it draws."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

import pygame

from connect4_game.ai.review import REVIEW_BUDGET, PlyReview
from connect4_game.core.board import Board
from connect4_game.core.game import Game
from connect4_game.core.side import Side
from connect4_game.i18n import N_, _, ngettext
from connect4_game.play.verdicts import score_label
from connect4_game.search.jobs import JobKind, ResultStatus, SearchRequest
from connect4_game.search.replies import ReviewReply
from connect4_game.search.worker import SearchWorker
from connect4_game.trainer.practice import Practice
from connect4_game.ui.render import Layout
from connect4_game.ui.screens.base import BoardPage
from connect4_game.ui.screens.host import AppServices
from connect4_game.ui.screens.practice import PracticeScreen
from connect4_game.ui.text_fit import MIN_FONT, draw_text, line_height
from connect4_game.ui.themes import RGB, mix
from connect4_game.ui.widgets import Button

__all__ = ['ReviewScreen', 'graph_y']

VERDICT_TIPS = {'best': N_('the best move'),
                'inaccuracy': N_('an inaccuracy: the same result, but slower'),
                'mistake': N_('a mistake: a win thrown away to a draw'),
                'blunder': N_('a blunder: a win or a draw thrown away to a loss')}


def graph_y(value: int | None, cells: int) -> float:
    """Where a position's value (signed plies to the end from X's side, 0 a draw) goes on the
    graph: +1 X wins at once, -1 O does; the later a win, the nearer the middle."""
    if value is None or value == 0:
        return 0.0
    sign = 1 if value > 0 else -1
    return sign * (0.25 + 0.75 * (1 - min(abs(value), cells) / (cells + 1)))


class ReviewScreen(BoardPage):
    """Review the session's game (any game: finished, unfinished, loaded)."""

    name = N_('Review')
    app: AppServices

    def __init__(self, app: AppServices) -> None:
        super().__init__(app, [
            Button(_('Back to the game'), 'back', _('Leave the review (Esc)')),
            Button(_('Previous move'), 'prev', _('The move before (Left)'), short='\u2190'),
            Button(_('Next move'), 'next', _('The move after (Right)'), short='\u2192'),
            Button(_('Next mistake'), 'mistake', _('The next mistake or blunder (N)')),
            Button(_('Practice'), 'practice', _('Find better moves for your mistakes (P)'))])
        s = app.session
        self.rows, self.cols = s.game.rows, s.game.cols
        self.moves = list(s.game.moves)
        self.records: list[PlyReview] = []
        self.sel = 0
        self.following = True        # the selection goes to the first mistake once judged
        self.graph_rect = pygame.Rect(0, 0, 0, 0)
        self.error = ''
        self.done = not self.moves      # every move has its verdict, or the review failed
        empty = tuple(' ' * self.cols for _ in range(self.rows))
        self.request = SearchRequest(JobKind.REVIEW, empty, Side.X, time_budget=REVIEW_BUDGET,
                                     moves=tuple(self.moves), tag=s.planner.game_id)
        if self.moves:
            s.planner.cancel()
            app.worker.submit(self.request)

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.done:
            self._take_results()
        n = len(self.moves)
        for action, enabled in (('prev', self.sel > 0), ('next', self.sel < n - 1),
                                ('mistake', self.next_mistake() is not None),
                                ('practice', self.done and not self.error)):
            self.toolbar.named[action].enabled = enabled

    def _take_results(self) -> None:
        """The worker's verdicts on this game, move by move, then the end."""
        for res in self.app.worker.poll():
            if res.request != self.request:
                continue
            reply = res.reply if isinstance(res.reply, ReviewReply) else None
            if res.status == ResultStatus.PROGRESS and reply is not None:
                for rec in reply.records:
                    if rec.ply == len(self.records) + 1:
                        self._add(rec)
            elif res.status == ResultStatus.OK:
                if reply is not None and len(reply.records) == len(self.moves):
                    for rec in reply.records[len(self.records):]:
                        self._add(rec)
                    self.records = list(reply.records)
                self.done = True
            elif res.status != ResultStatus.DIED:
                self.error = res.message or res.status
                self.done = True

    def _add(self, rec: PlyReview) -> None:
        """A move's verdict came: keep it, tell the session, go to it if the first mistake."""
        i = len(self.records)
        self.records.append(rec)
        self.app.session.known.learn(self.rows, self.cols, self.moves[:i], rec)
        if self.following and rec.verdict in ('mistake', 'blunder'):
            self.sel = i
            self.following = False

    def worker_replaced(self, worker: SearchWorker) -> None:
        if not self.done:
            self.error = _('The worker stopped; open the review again.')
            self.done = True

    def close(self) -> None:
        if not self.done:
            self.app.worker.cancel()
        super().close()

    keys: ClassVar[dict[int, str]] = {
        pygame.K_ESCAPE: 'back', pygame.K_v: 'back', pygame.K_BACKSPACE: 'back',
        pygame.K_LEFT: 'prev', pygame.K_RIGHT: 'next', pygame.K_HOME: 'first',
        pygame.K_END: 'last', pygame.K_n: 'mistake', pygame.K_p: 'practice'}

    def board_event(self, e: pygame.event.Event) -> None:
        n = len(self.moves)
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and n:
            g = self.graph_rect
            if g.inflate(0, 20).collidepoint(e.pos):
                step = g.width / max(1, n)
                self.sel = max(0, min(n - 1, int((e.pos[0] - g.left) / step)))
                self.following = False
        elif e.type == pygame.MOUSEWHEEL and n:
            self.sel = max(0, min(n - 1, self.sel - e.y))
            self.following = False

    def act(self, action: str) -> None:
        """A toolbar action: ``'back'``, ``'prev'``, ``'next'``, ``'first'``, ``'last'``,
        ``'mistake'``, ``'practice'``."""
        last = len(self.moves) - 1
        if action == 'practice':
            if self.done and not self.error:       # every move judged: this game's mistakes
                practice = Practice.from_review(self.records, self.moves, self.app.session.humans())
                self.app.push(PracticeScreen(self.app, self.rows, self.cols, practice))
        elif action == 'back' or last < 0:
            super().act(action)
        else:
            self.following = False
            to = {'prev': self.sel - 1, 'next': self.sel + 1, 'first': 0, 'last': last,
                  'mistake': self.next_mistake()}[action]
            self.sel = self.sel if to is None else max(0, min(last, to))

    def next_mistake(self) -> int | None:
        """The next move judged a mistake or blunder after the chosen one (round again), or None."""
        bad = [i for i, rec in enumerate(self.records) if rec.verdict in ('mistake', 'blunder')]
        after = [i for i in bad if i > self.sel]
        if after:
            return after[0]
        return bad[0] if bad and bad[0] != self.sel else None

    def move_text(self) -> str:
        """What the chosen move was and what perfect play says of it."""
        if not self.moves:
            return _('No moves to review yet.')
        i = self.sel
        player = Side.for_ply(i + 1)
        head = _('Move {n}: {side} played column {col}').format(n=i + 1, side=player,
                                                                col=self.moves[i] + 1)
        if i >= len(self.records):
            return head + ' \u2014 ' + _('judging…')
        rec = self.records[i]
        best = ngettext('Best: column {cols}', 'Best: columns {cols}', len(rec.best)).format(
            cols=', '.join(str(c + 1) for c in rec.best))
        return head + f' \u2014 {_(VERDICT_TIPS[rec.verdict])}. {best}.'

    def summary(self) -> str:
        """How many of each verdict each side had."""
        if not self.records:
            return ''
        forms = {'inaccuracy': lambda n: ngettext('{n} inaccuracy', '{n} inaccuracies', n),
                 'mistake': lambda n: ngettext('{n} mistake', '{n} mistakes', n),
                 'blunder': lambda n: ngettext('{n} blunder', '{n} blunders', n)}
        n = Counter((r.player, r.verdict) for r in self.records)
        return '   '.join(f'{side}: ' + ', '.join(forms[v](n[side, v]).format(n=n[side, v])
                                                  for v in forms) for side in Side)

    def position(self) -> Board:
        """The board before the chosen move."""
        return Game(self.rows, self.cols, self.moves[:self.sel]).board

    def verdict_colour(self, verdict: str) -> RGB:
        t = self.app.theme
        return {'best': t.good, 'inaccuracy': mix(t.neutral, t.accent, 0.5),
                'mistake': mix(t.bad, t.highlight, 0.35), 'blunder': t.bad}.get(verdict, t.text)

    def draw(self, surface: pygame.Surface) -> None:
        """The position before the chosen move with its badges, the move's text, the graph, the
        keys and the toolbar."""
        w, h = surface.get_size()
        graph_h = max(90, int(h * 0.24))
        text_h = max(4 * line_height(MIN_FONT, True) + 8, int(h * 0.12))
        board_surf, lay = self.lay_out(surface, self.rows, self.cols, 0, graph_h + text_h)
        b = self.position()
        rec = self.records[self.sel] if self.sel < len(self.records) else None
        labels = self.judging_labels(b) if rec is None else self.score_labels(rec)
        self.renderer.draw_board(board_surf, b.slots, labels=labels,
                                 best_cols=rec.best if rec else (),
                                 hint_col=None, cursor=None)
        if self.moves:
            self._draw_played(board_surf, lay, b, self.moves[self.sel], rec)
        self._draw_texts(surface, h - graph_h - text_h + 6, text_h)
        self.draw_graph(surface, pygame.Rect(16, h - graph_h + 4, w - 32, graph_h - 28))
        self.draw_keys(surface, _('Left/Right or a click: choose a move   N: next mistake   '
                                  'Esc: back'))

    def judging_labels(self, b: Board) -> list[tuple[str, RGB] | None] | None:
        """``'…'`` over every open column of ``b`` while judged; None once the review failed."""
        if self.done or not self.moves:
            return None
        dim = self.app.theme.text_dim
        return [('\u2026', dim) if b.can_add_to(c) else None for c in range(self.cols)]

    def score_labels(self, rec: PlyReview) -> list[tuple[str, RGB] | None]:
        """The badge of each column of the judged position ``rec`` ('win in N', 'loss in N' in
        plies from this column's checker, 'draw', '≈ ...' an estimate), None for a full column."""
        from connect4_game.ai.score import Score
        scores = [None if sc is None else
                  Score.for_position(sc, self.sel, self.rows * self.cols, rec.exact)
                  for sc in rec.scores]
        return [None if sc is None else (score_label(sc), self.app.theme.wdl_colour(sc.wdl))
                for sc in scores]

    def _draw_played(self, board_surf: pygame.Surface, lay: Layout, b: Board, col: int,
                     rec: PlyReview | None) -> None:
        """The chosen move's checker in column ``col`` of ``b``, ringed in its verdict's colour."""
        row = b.landing_row(col)
        if row < 0:
            return
        self.renderer.blit_checker(board_surf, Side.for_ply(self.sel + 1), row, col,
                                   ghost=True)
        self.ring(board_surf, lay, row, col,
                  self.verdict_colour(rec.verdict) if rec else self.app.theme.text_dim)

    def progress_line(self) -> str:
        """The second status line: the failure, the progress, else the summary."""
        if self.error:
            return _('The review failed: {why}').format(why=self.error)
        if not self.done:
            return ngettext('Reviewing… {n} of {total} move judged',
                            'Reviewing… {n} of {total} moves judged', len(self.moves)).format(
                n=len(self.records), total=len(self.moves))
        return self.summary()

    def _draw_texts(self, surface: pygame.Surface, y: int, text_h: int) -> None:
        """The move's text and :meth:`progress_line` from ``y`` px down, in a band ``text_h`` px."""
        theme = self.app.theme
        w = surface.get_width()
        size = max(MIN_FONT, min(20, text_h // 4))
        step = line_height(size, True)
        move = draw_text(surface, self.move_text(), pygame.Rect(12, y, w - 24, 2 * step),
                         theme.text, size, bold=True, lines=2, valign='top')
        used = len(move.lines) * line_height(move.size, True)
        draw_text(surface, self.progress_line(), pygame.Rect(12, y + used, w - 24,
                                                             max(step, text_h - used - 6)),
                  theme.text_dim, size, lines=2, valign='top')

    def draw_graph(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        theme = self.app.theme
        self.graph_rect = rect
        pygame.draw.rect(surface, theme.status_bg, rect, border_radius=8)
        mid = rect.centery
        pygame.draw.line(surface, mix(theme.status_bg, theme.text, 0.3), (rect.left, mid),
                         (rect.right, mid))
        label_h = line_height(MIN_FONT)
        for text, top, colour in ((_('X wins'), rect.top + 2, theme.x_color),
                                  (_('O wins'), rect.bottom - label_h - 2, theme.o_color)):
            draw_text(surface, text, pygame.Rect(rect.left + 4, top, rect.width // 3, label_h),
                      colour, MIN_FONT)
        n = len(self.moves)
        if not n:
            return
        step = rect.width / n
        cells = self.rows * self.cols
        half = rect.height / 2 - 6
        pts = [(rect.left + step * (i + 0.5), mid - graph_y(rec.value, cells) * half, rec)
               for i, rec in enumerate(self.records)]
        if len(pts) > 1:
            pygame.draw.lines(surface, theme.accent, False, [(x, y) for x, y, _r in pts], 2)
        for x, y, rec in pts:
            colour = self.verdict_colour(rec.verdict)
            r = 3 if rec.verdict == 'best' else 6
            pygame.draw.circle(surface, colour, (int(x), int(y)), r, 0 if rec.exact else 2)
        sx = rect.left + step * (self.sel + 0.5)
        pygame.draw.line(surface, theme.highlight, (sx, rect.top + 2), (sx, rect.bottom - 2), 1)
