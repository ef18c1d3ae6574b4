"""Oska (ECS 170 Spring 2022, Homework Assignments 3 and 4) in the same window: a person against
the minimax AI, which searches in the worker (``'oska'`` jobs, tagged with their position)."""

from __future__ import annotations

import dataclasses
from typing import TypedDict

import pygame

from connect4_game.core.checks import check_int
from connect4_game.core.side import Side
from connect4_game.i18n import N_, _
from connect4_game.oska import engine as oska
from connect4_game.search.jobs import JobKind, ResultStatus, SearchRequest
from connect4_game.search.replies import OskaReply
from connect4_game.search.worker import SearchWorker
from connect4_game.ui.animation import ease_in_out_sine
from connect4_game.ui.render import Renderer
from connect4_game.ui.screens.base import Screen
from connect4_game.ui.screens.help import OSKA_PAGE, HelpScreen
from connect4_game.ui.screens.host import AppServices
from connect4_game.ui.text_fit import MIN_FONT, font, wrap_text
from connect4_game.ui.themes import RGB, Theme, checker_surface, darker, mix

__all__ = ['OskaScreen', 'SlideState', 'Square', 'oska_colours']

Square = tuple[int, int]
"""A square of the Oska board: (row, column), 0-based, row 0 at the top."""


class SlideState(TypedDict):
    """Where a move's animation stands: ``pos`` (px centre of the moving checker, eased), ``lift``
    (0..1, a jump) and ``capture`` (the captured checker: 0 intact, 1 gone; 1 for a step)."""
    move: oska.Move
    piece: str
    pos: tuple[int, int]
    lift: float
    capture: float


NAMES = {'w': N_('White'), 'b': N_('Black')}
_HUMAN_SIDES = ('w', 'b', 'both', None)
_DIGIT_KEYS = {getattr(pygame, f'K_{pad}{d}'): d for d in range(10) for pad in ('', 'KP')}


def oska_colours(theme: Theme) -> dict[str, RGB]:
    """Oska's colours from a theme (squares, goal rows, each side's checkers, steps, captures,
    selection)."""
    light, dark = sorted((theme.text, theme.background), key=sum, reverse=True)
    square = mix(theme.board, (255, 255, 255), 0.65)
    return {'frame': theme.board_edge, 'square': square, 'goal': mix(square, theme.accent, 0.35),
            'edge': darker(square, 0.75), 'w': mix(light, (255, 255, 255), 0.5),
            'b': mix(dark, (0, 0, 0), 0.3), 'selected': theme.accent, 'step': theme.good,
            'capture': theme.bad, 'last_move': theme.accent, 'hover': theme.highlight}


class OskaScreen(Screen):
    """One Oska game (ECS 170 Spring 2022, Homework 3).

    :param n: checkers per side (``OSKA_MIN_N`` .. ``OSKA_MAX_N``).
    :param human_side: ``'w'`` or ``'b'`` (a person plays that side against the AI), ``'both'``
        (two people) or ``None`` (the AI plays both sides).
    :param lookahead: plies, 1..``OSKA_MAX_LOOKAHEAD``.
    :raises ValueError: for a bad ``n``, ``human_side`` or ``lookahead``.
    """

    SLIDE_TIME = 0.30
    JUMP_TIME = 0.45
    CAPTURE_TIME = 0.35
    PASS_TIME = 1.2
    updates_below = False          # the Connect Four game waits while Oska is played
    own_title = True

    app: AppServices

    def __init__(self, app: AppServices, n: int = oska.OSKA_DEFAULT_N, human_side: str | None = 'w',
                 lookahead: int = oska.OSKA_DEFAULT_LOOKAHEAD) -> None:
        super().__init__(app)
        check_int(n, oska.OSKA_MIN_N, oska.OSKA_MAX_N, 'n')
        self.lengths = oska.row_lengths(n)
        self.n = n
        if human_side not in _HUMAN_SIDES:
            raise ValueError(f"human_side must be 'w', 'b', 'both' or None, not {human_side!r}")
        self.human_side = human_side
        self.lookahead = check_int(lookahead, 1, oska.OSKA_MAX_LOOKAHEAD, 'lookahead')
        self.renderer = Renderer()
        self.lay_out(app.surface.get_size())
        self.think_time = 0.0
        self.requested: SearchRequest | None = None    # the search in flight
        self._sprites_theme: tuple[str, Theme] | None = None
        self.position_id = 0
        self.hover: Square | None = None
        self.new_game()

    def caption(self) -> str:
        return _('Oska') + ' \u2014 ' + self.status_text()

    def new_game(self, board: list[str] | None = None, turn: str = 'w') -> None:
        """Start again from the assignment-format ``board`` (None: the start) with ``turn`` to
        move; a search in flight is dropped.

        :raises ValueError: malformed board, wrong size for this ``n``, bad ``turn``.
        """
        if board is not None and oska.validate_board(board) != self.n:
            raise ValueError(f'board is for n={len(board[0])}, this screen plays n={self.n}')
        turn = oska.validate_player(turn)
        self._cancel_ai()
        self.board = oska.initial_board(self.n) if board is None else list(board)
        self.message = ''
        self.result: str | None = None
        self.selected: Square | None = None
        self.last_move: oska.Move | None = None
        self._anim_t: float | None = None           # seconds the last move has been moving
        self._pass_timer = 0.0
        self._start_turn(turn)

    def is_human(self, side: str) -> bool:
        return self.human_side == 'both' or self.human_side == side

    def finished(self) -> bool:
        """The game has a result and the last move has come to rest."""
        return self.result is not None and self._anim_t is None

    @property
    def animating(self) -> bool:
        return self._anim_t is not None

    @property
    def passing(self) -> bool:
        return self._pass_timer > 0

    @property
    def legal_targets(self) -> dict[Square, oska.Move]:
        """Destination square -> move for the selected checker (empty if none)."""
        if self.selected is None:
            return {}
        return {m.to: m for m in oska.legal_moves(self.board, self.turn) if m.frm == self.selected}

    def _start_turn(self, turn: str) -> None:
        """A new position with ``turn`` to move: its result, a pass, or the computer's search."""
        self.turn = turn
        self.position_id += 1
        self.result = oska.winner(self.board)
        if self.result is not None:
            self._cancel_ai()
            return
        if not oska.legal_moves(self.board, self.turn):
            self._pass_timer = self.PASS_TIME
            return
        if not self.is_human(self.turn):
            self._submit_ai()

    def _play(self, move: oska.Move) -> None:
        self.board = oska.apply_move(self.board, move)
        self.last_move, self._anim_t = move, 0.0
        self.selected = None
        self.message = ''
        self._start_turn(oska.opponent(self.turn))

    def _cancel_ai(self) -> None:
        if self.requested is not None:
            self.app.worker.cancel()
            self.requested = None

    def _submit_ai(self) -> None:
        self._cancel_ai()
        self.requested = SearchRequest(JobKind.OSKA, tuple(self.board), self.turn,
                                       self.lookahead, time_budget=0.0, tag=self.position_id)
        self.think_time = 0.0
        self.app.worker.submit(self.requested)

    def worker_replaced(self, worker: SearchWorker) -> None:
        if self.requested is not None:      # only the computer's turn has one; it was lost
            self._submit_ai()

    def _collect_ai(self) -> None:
        if self.animating or self.passing:
            return                      # keep results queued until the board is still
        for res in self.app.worker.poll():
            if res.request != self.requested:
                continue
            self.requested = None
            if res.status != ResultStatus.OK:
                self.message = _('AI error: {why}').format(why=res.message or res.status)
                continue
            reply = res.reply
            if not isinstance(reply, OskaReply) or reply.move is None:
                continue
            move = oska.Move(*reply.move)
            if move not in oska.legal_moves(self.board, self.turn):
                self.message = _('AI error: an illegal move')
                continue
            self._play(move)

    def resume(self) -> None:
        if self.result is None and not self.is_human(self.turn) and not self.passing:
            self._submit_ai()

    def set_lookahead(self, lookahead: int) -> None:
        """Change the AI lookahead (1..10); a search for the side to move restarts."""
        lookahead = max(1, min(oska.OSKA_MAX_LOOKAHEAD, int(lookahead)))
        if lookahead == self.lookahead:
            return
        self.lookahead = lookahead
        self.message = _('lookahead {n}').format(n=lookahead)
        self.resume()

    def process_event(self, event: pygame.event.Event) -> None:
        key = event.key if event.type == pygame.KEYDOWN else None
        text = getattr(event, 'unicode', '') if key is not None else ''
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, 'button', 1) == 1:
            self._click(self.square_at(event.pos))
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.square_at(event.pos)
        elif key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS) or text == '+':
            self.set_lookahead(self.lookahead + 1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS) or text == '-':
            self.set_lookahead(self.lookahead - 1)
        elif key in _DIGIT_KEYS:
            self.set_lookahead(_DIGIT_KEYS[key] or 10)
        elif key == pygame.K_n:
            self.new_game()
        elif key == pygame.K_F1 or text == '?':     # Oska's rules and keys over the board
            self.app.push(HelpScreen(self.app, [OSKA_PAGE], _('Oska')))
        elif key == pygame.K_g:
            self.app.show_new_game()
        elif key == pygame.K_ESCAPE:
            if self.selected is not None:
                self.selected = None
            else:
                self._cancel_ai()
                self.close()            # back to Connect Four, which waited underneath

    def _click(self, square: Square | None) -> None:
        if self.result is not None:
            self.message = _('Game over: N starts a new one')
            return
        if not self.is_human(self.turn):
            self.message = _('Wait: the computer is to move')
            return
        if self.animating or self.passing or square is None:
            return
        targets = self.legal_targets
        if square in targets:
            self._play(targets[square])
            return
        r, c = square
        if self.board[r][c] == self.turn:
            self.selected = square
            self.message = '' if self.legal_targets else _('That checker cannot move')
        else:
            self.selected = None

    def update(self, dt: float) -> None:
        dt = max(0.0, float(dt))
        if self.requested is not None:
            self.think_time += dt
        if self._anim_t is not None:
            self._anim_t += dt
            if self._anim_t >= self._slide_times()[1]:
                self._anim_t = None
        if self._pass_timer > 0 and self._anim_t is None:
            self._pass_timer -= dt
            if self._pass_timer <= 0:
                self._pass_timer = 0.0
                self._start_turn(oska.opponent(self.turn))
        self._collect_ai()

    def lay_out(self, size: tuple[int, int]) -> None:
        """Sizes in px for a window of ``size``: the square ``cell``, the board's ``top`` and
        centre line ``cx``, the status bar's height ``status_h``, a row frame's ``pad``, the
        ``gap`` between squares and a checker's ``radius``."""
        w, h = size
        rows = len(self.lengths)
        self.status_h = self.renderer.prepare(size, 1, 1, self.app.theme, toolbar=False).status_h
        margin = max(10, int(min(w, h) * 0.03))
        self.cell = cell = max(12, int(min((w - 2 * margin) / (self.n + 1.2),
                                           (h - self.status_h - 2 * margin) / rows)))
        self.top = margin + max(0, (h - self.status_h - 2 * margin - rows * cell) // 2)
        self.cx = w / 2
        self.pad, self.gap, self.radius = max(3, cell // 10), max(1, cell // 24), int(cell * 0.36)

    def square_center(self, square: Square) -> tuple[int, int]:
        """Pixel centre of ``(row, col)`` in the current layout."""
        r, c = square
        return (int(round(self.cx + (c - (self.lengths[r] - 1) / 2) * self.cell)),
                int(round(self.top + (r + 0.5) * self.cell)))

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        """The ``(row, col)`` square under pixel ``pos``, or None."""
        cell, top, cx = self.cell, self.top, self.cx
        x, y = pos
        r = int((y - top) // cell)
        if not 0 <= r < len(self.lengths) or y < top:
            return None
        length = self.lengths[r]
        c = (x - cx) / cell + (length - 1) / 2 + 0.5
        if c < 0 or int(c) >= length:
            return None
        return (r, int(c))

    def _slide_times(self) -> tuple[float, float]:
        """Seconds the last move takes to arrive, and until a checker it took has faded."""
        if self.last_move is None or self.last_move.captured is None:
            return self.SLIDE_TIME, self.SLIDE_TIME
        return self.JUMP_TIME, max(self.JUMP_TIME, self.JUMP_TIME * 0.5 + self.CAPTURE_TIME)

    def animation_state(self) -> SlideState | None:
        """The last move's animation while it runs (see :class:`SlideState`), or None."""
        move, t = self.last_move, self._anim_t
        if move is None or t is None:
            return None
        slide = self._slide_times()[0]
        p = ease_in_out_sine(min(1.0, t / slide))
        (x0, y0), (x1, y1) = self.square_center(move.frm), self.square_center(move.to)
        x, y = x0 + (x1 - x0) * p, y0 + (y1 - y0) * p
        lift, capture = 0.0, 1.0
        if move.captured is not None:
            lift = 4 * p * (1 - p)
            y -= lift * self.cell * 0.35
            capture = min(1.0, max(0.0, (t - slide * 0.5) / self.CAPTURE_TIME))
        return SlideState(move=move, piece=self.board[move.to[0]][move.to[1]],
                          pos=(int(round(x)), int(round(y))), lift=lift, capture=capture)

    def status_text(self) -> str:
        if self.result == 'draw':
            return _('A draw! N starts a new game')
        if self.result is not None:
            who = _(NAMES[self.result])
            if self.human_side in ('both', None):
                return _('{side} wins! N starts a new game').format(side=who)
            if self.is_human(self.result):
                return _('You win as {side}! N starts a new game').format(side=who)
            return _('{side} (computer) wins. N starts a new game').format(side=who)
        name = _(NAMES[self.turn])
        if self.passing:
            return _('{side} has no legal move and passes').format(side=name)
        if not self.is_human(self.turn):
            secs = int(self.think_time)
            text = _('{side} (computer) is thinking…').format(side=name)
            return text + (f' {secs} s' if secs >= 2 else '')
        return _('{side} to move: click a highlighted square').format(side=name) if self.selected \
            else _('{side} to move: click one of your checkers').format(side=name)

    def draw(self, surface: pygame.Surface) -> None:
        """The board, the checkers and the status bar, laid out for the size of ``surface``."""
        self.lay_out(surface.get_size())
        theme = self.app.theme
        col = oska_colours(theme)
        surface.fill(theme.background)
        self._draw_squares(surface, col)
        self._draw_goal_labels(surface)
        self._draw_checkers(surface)
        self._draw_moves(surface, col)
        self._draw_animation(surface)
        keys = _('Oska n={n}   lookahead {la}   N: new game   F1: help   Esc: back').format(
            n=self.n, la=self.lookahead)
        self.renderer.draw_status(surface, self.status_text(),
                                  left2=f'{self.message}  |  {keys}' if self.message else keys,
                                  colour=theme.accent if self.result in ('w', 'b') else None)

    def _draw_squares(self, surface: pygame.Surface, col: dict[str, RGB]) -> None:
        """The frame of each row, the squares (the last move's, the one under the mouse) and the
        row letters."""
        cell, gap, pad, corner = self.cell, self.gap, self.pad, max(2, self.cell // 12)
        top, cx = self.top, self.cx
        for r, length in enumerate(self.lengths):   # every frame first: each reaches the next row
            rect = pygame.Rect(int(cx - length * cell / 2 - pad), int(top + r * cell - pad),
                               int(length * cell + 2 * pad), int(cell + 2 * pad))
            pygame.draw.rect(surface, col['frame'], rect, border_radius=pad * 2)
        label_font = font(max(MIN_FONT, int(cell * 0.28)))
        last = self.last_move
        hover = self.hover if self.is_human(self.turn) and self.result is None else None
        for r, length in enumerate(self.lengths):
            for c in range(length):
                rect = pygame.Rect(0, 0, cell - 2 * gap, cell - 2 * gap)
                rect.center = self.square_center((r, c))
                goal = r in (0, len(self.lengths) - 1)
                pygame.draw.rect(surface, col['goal'] if goal else col['square'], rect,
                                 border_radius=corner)
                pygame.draw.rect(surface, col['hover'] if hover == (r, c) else col['edge'], rect,
                                 max(1, cell // 40), border_radius=corner)
                if last is not None and (r, c) in (last.frm, last.to):
                    pygame.draw.rect(surface, col['last_move'], rect.inflate(-gap * 2, -gap * 2),
                                     max(2, cell // 22), border_radius=corner)
            letter = label_font.render('abcdefghijklmnopqrstuvwxyz'[r], True,
                                       self.app.theme.text_dim)
            lx = cx - length * cell / 2 - pad - letter.get_width() - cell * 0.15
            surface.blit(letter, (int(lx), int(top + (r + 0.5) * cell - letter.get_height() / 2)))

    def _draw_goal_labels(self, surface: pygame.Surface) -> None:
        """"Black's goal" / "White's goal" right of the first / last row, where there is room."""
        w = surface.get_width()
        goal_font = font(max(MIN_FONT, int(self.cell * 0.2)))
        line_h = goal_font.get_linesize()
        for r, text in ((0, _("Black's goal")), (len(self.lengths) - 1, _("White's goal"))):
            gx = self.cx + self.lengths[r] * self.cell / 2 + self.pad + self.cell * 0.15
            room = int(w - 4 - gx)
            words = text.split()
            if room <= 0 or max(goal_font.size(word)[0] for word in words) > room:
                continue                        # no room even for a word a line
            lines = wrap_text(goal_font, text, room, len(words))
            y = self.top + (r + 0.5) * self.cell - len(lines) * line_h / 2
            for i, line in enumerate(lines):
                img = goal_font.render(line, True, self.app.theme.text_dim)
                surface.blit(img, (int(gx), int(y + i * line_h)))

    def _draw_checkers(self, surface: pygame.Surface) -> None:
        """The checkers at rest (not the one moving)."""
        state = self.animation_state()
        moving_to = state['move'].to if state else None
        for r, row in enumerate(self.board):
            for c, ch in enumerate(row):
                if ch == '-' or (r, c) == moving_to:
                    continue
                self._blit_checker(surface, ch, self.square_center((r, c)), self.radius)

    def _draw_moves(self, surface: pygame.Surface, col: dict[str, RGB]) -> None:
        """A ring round the selected checker, its targets, a cross on each checker captured."""
        cell, radius = self.cell, self.radius
        if self.selected is not None:
            pygame.draw.circle(surface, col['selected'], self.square_center(self.selected),
                               radius + max(3, cell // 14), max(3, cell // 16))
        for sq, mv in self.legal_targets.items():
            colour = col['capture'] if mv.captured else col['step']
            ring = pygame.Surface((cell, cell), pygame.SRCALPHA)
            pygame.draw.circle(ring, (*colour, 150), (cell // 2, cell // 2), radius)
            pygame.draw.circle(ring, (*colour, 255), (cell // 2, cell // 2), radius,
                               max(2, cell // 20))
            x, y = self.square_center(sq)
            surface.blit(ring, (x - cell // 2, y - cell // 2))
            if mv.captured:
                cxp, cyp = self.square_center(mv.captured)
                d = int(radius * 0.45)
                for dy in (-d, d):              # a cross over the checker it takes
                    pygame.draw.line(surface, colour, (cxp - d, cyp + dy), (cxp + d, cyp - dy),
                                     max(3, cell // 14))

    def _draw_animation(self, surface: pygame.Surface) -> None:
        """The moving checker, lifted on a jump, and the captured one shrinking and fading."""
        state = self.animation_state()
        if state is None:
            return
        move = state['move']
        k = state['capture']
        if move.captured is not None and k < 1.0:
            self._blit_checker(surface, oska.opponent(state['piece']),
                               self.square_center(move.captured), self.radius,
                               scale=1.0 - 0.7 * k, alpha=255 * (1.0 - k))
        self._blit_checker(surface, state['piece'], state['pos'], self.radius,
                           scale=1.0 + 0.15 * state['lift'])

    def _sprite(self, side: str, radius: int) -> pygame.Surface:
        """``side``'s checker sprite at ``radius`` px in Oska's colours of the theme."""
        theme = self.app.theme
        cached = self._sprites_theme
        if cached is None or cached[0] != theme.name:
            col = oska_colours(theme)
            t = dataclasses.replace(theme, x_color=col['w'], x_outline=darker(col['w'], 0.6),
                                    o_color=col['b'], o_outline=mix(col['b'], col['w'], 0.35),
                                    x_shape=None, o_shape=None)
            cached = self._sprites_theme = (theme.name, t)
        return checker_surface(cached[1], Side.X if side == 'w' else Side.O, radius)

    def _blit_checker(self, surface: pygame.Surface, side: str, centre: tuple[int, int],
                      radius: int, scale: float = 1.0, alpha: float = 255) -> None:
        """Draw ``side``'s checker centred on ``centre`` (px), ``scale``d, opacity ``alpha``."""
        spr = self._sprite(side, radius)
        if scale != 1.0:
            size = max(1, int(spr.get_width() * scale))
            spr = pygame.transform.smoothscale(spr, (size, size))
        if alpha < 255:
            spr = spr.copy()
            spr.set_alpha(max(0, int(alpha)))
        surface.blit(spr, (centre[0] - spr.get_width() // 2, centre[1] - spr.get_height() // 2))
