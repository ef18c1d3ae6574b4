"""Oska (ECS 170 Spring 2022, Homework Assignments 3 and 4) in the same
window: a person against the minimax AI on the board of ``2n - 3`` rows.

The AI searches in the worker (``'oska'`` jobs, tagged with their position;
a stale reply is dropped). Keys (F1): ``+``/``-`` lookahead, ``1``..``9`` set
it (``0`` = 10), ``N`` new game, ``G`` new-game dialog, ``Esc`` clears the
selection, then goes back to Connect Four."""

from __future__ import annotations

from typing import Protocol

import pygame

from connect4_game.core.checks import check_int
from connect4_game.i18n import N_, _
from connect4_game.oska import engine as oska
from connect4_game.oska.engine import (
    OSKA_DEFAULT_LOOKAHEAD,
    OSKA_DEFAULT_N,
    OSKA_MAX_LOOKAHEAD,
    OSKA_MAX_N,
    OSKA_MIN_N,
    Move,
    apply_move,
    initial_board,
    legal_moves,
    opponent,
    winner,
)
from connect4_game.search.jobs import JobKind, ResultStatus, SearchRequest
from connect4_game.search.replies import OskaReply
from connect4_game.search.worker import SearchWorker
from connect4_game.ui.animation import ease_in_out_sine
from connect4_game.ui.screens.base import Screen
from connect4_game.ui.screens.host import SearchHost
from connect4_game.ui.screens.oska_view import (
    OskaHelpScreen,
    OskaView,
    Slide,
    SlideState,
    Square,
    board_layout,
    oska_colours,
)

__all__ = ['OskaScreen', 'oska_colours']

NAMES = {'w': N_('White'), 'b': N_('Black')}
_HUMAN_SIDES = ('w', 'b', 'both', None)

RULES = N_('White moves first, from the top row down; Black from the bottom row up. A '
           'checker steps diagonally forward onto an empty square, or jumps over a checker '
           'of the other side right in front of it and takes it. You win when the other side '
           'has no checkers left, or when all your checkers stand on its back row. With no '
           'move, you pass.')
"""Oska's rules in a few sentences, for the help (ECS 170 Spring 2022, Homework 3)."""

KEYS = [
    (N_('Click'), N_('choose one of your checkers, then a highlighted square '
                     '(green: a step, red: a capture)')),
    (N_('+ / -'), N_("the computer's lookahead one ply more or less")),
    (N_('1 - 9, 0'), N_('the lookahead in plies (0: 10)')),
    (N_('N'), N_('a new game of Oska')),
    (N_('G'), N_('New game: choose the game (Oska or Connect Four) and the players')),
    (N_('F1 / ?'), N_("Oska's rules and keys")),
    (N_('Esc'), N_('clear the selection, then back to Connect Four')),
]


def help_lines() -> list[tuple[str, str]]:
    """(key, what it does) for every control of the Oska screen, in the
    current language."""
    return [(_(k), _(d)) for k, d in KEYS]


class OskaHost(SearchHost, Protocol):
    """What Oska uses of the window: the search worker (the AI's moves),
    the window's size at the start and the new-game dialog (N)."""

    @property
    def surface(self) -> pygame.Surface:
        """The window's surface."""
        ...

    def show_new_game(self) -> None:
        """The new-game dialog."""
        ...


class OskaScreen(Screen):
    """One Oska game.

    :param n: checkers per side (:data:`~connect4_game.oska.engine.OSKA_MIN_N` ..
        :data:`~connect4_game.oska.engine.OSKA_MAX_N`).
    :param human_side: ``'w'`` or ``'b'`` (a person plays that side against the
        AI), ``'both'`` (two people) or ``None`` (the AI plays both sides).
    :param lookahead: plies, 1..:data:`~connect4_game.oska.engine.OSKA_MAX_LOOKAHEAD`.
    :raises ValueError: for a bad ``n``, ``human_side`` or ``lookahead``.

    Timings (seconds): :attr:`SLIDE_TIME` for a step, :attr:`JUMP_TIME` for a
    jump, :attr:`CAPTURE_TIME` for a captured checker to fade, :attr:`PASS_TIME`
    for the "no legal move" message before the turn passes.
    """

    SLIDE_TIME = 0.30
    JUMP_TIME = 0.45
    CAPTURE_TIME = 0.35
    PASS_TIME = 1.2
    updates_below = False          # the Connect Four game waits while Oska is played

    app: OskaHost

    def __init__(self, app: OskaHost, n: int = OSKA_DEFAULT_N, human_side: str | None = 'w',
                 lookahead: int = OSKA_DEFAULT_LOOKAHEAD) -> None:
        super().__init__(app)
        check_int(n, OSKA_MIN_N, OSKA_MAX_N, 'n')
        self.lengths = oska.row_lengths(n)
        self.n = n
        if human_side not in _HUMAN_SIDES:
            raise ValueError(f"human_side must be 'w', 'b', 'both' or None, not {human_side!r}")
        self.human_side = human_side
        self.lookahead = check_int(lookahead, 1, OSKA_MAX_LOOKAHEAD, 'lookahead')
        self.size = app.surface.get_size()
        self.think_time = 0.0
        self.requested: SearchRequest | None = None    # the search in flight
        self._clock = 0.0
        self.view = OskaView(self)
        self.moves_total = 0
        self.last_ai_stats: OskaReply | None = None    # the AI's last search (nodes, time)
        self.new_game()

    @property
    def worker(self) -> SearchWorker:
        """The window's search worker (the computer's moves)."""
        return self.app.worker

    def caption(self) -> str:
        return _('Oska') + ' \u2014 ' + self.status_text()

    def window_title(self) -> str:
        """The window's whole title while Oska is on top: 'Oska — White to
        move: …' (not under Connect Four's name)."""
        return self.caption()

    # ------------------------------------------------------------------ state
    def new_game(self) -> None:
        """Start again (white to move); a search in flight is dropped."""
        self.board = initial_board(self.n)
        self.turn = 'w'
        self.result: str | None = None
        self.position_id = getattr(self, 'position_id', 0) + 1
        self.selected: Square | None = None
        self.hover: Square | None = None
        self.last_move: Move | None = None
        self.message = ''
        self._anim: Slide | None = None
        self._pass_timer = 0.0
        self._cancel_ai()
        self._start_turn()

    def set_position(self, board: list[str], turn: str) -> None:
        """Continue from assignment-format ``board`` with ``turn`` to move (puzzles, tests).

        :raises ValueError: malformed board, wrong size for this ``n``, bad ``turn``.
        """
        n = oska.validate_board(board)
        if n != self.n:
            raise ValueError(f'board is for n={n}, this screen plays n={self.n}')
        oska.validate_player(turn)
        self._cancel_ai()
        self.board = list(board)
        self.turn = turn
        self.position_id += 1
        self.selected = None
        self.last_move = None
        self._anim = None
        self._pass_timer = 0.0
        self._start_turn()

    def is_human(self, side: str) -> bool:
        return self.human_side == 'both' or self.human_side == side

    def finished(self) -> bool:
        """The game has a result and the last move has come to rest."""
        return self.result is not None and self._anim is None

    @property
    def animating(self) -> bool:
        return self._anim is not None

    @property
    def passing(self) -> bool:
        return self._pass_timer > 0

    @property
    def ai_thinking(self) -> bool:
        return self.requested is not None

    @property
    def legal_targets(self) -> dict[Square, Move]:
        """Destination square -> move for the selected checker (empty if none)."""
        if self.selected is None:
            return {}
        return {m.to: m for m in legal_moves(self.board, self.turn) if m.frm == self.selected}

    def _start_turn(self) -> None:
        self.result = winner(self.board)
        if self.result is not None:
            self._cancel_ai()
            return
        if not legal_moves(self.board, self.turn):
            self._pass_timer = self.PASS_TIME
            return
        if not self.is_human(self.turn):
            self._submit_ai()

    def _play(self, move: Move) -> None:
        mover = self.turn
        self.board = apply_move(self.board, move)
        duration = self.JUMP_TIME if move.captured else self.SLIDE_TIME
        total = max(duration, duration * 0.5 + self.CAPTURE_TIME) if move.captured else duration
        self._anim = Slide(move=move, piece=mover, t=0.0, slide=duration, total=total)
        self.last_move = move
        self.selected = None
        self.message = ''
        self.moves_total += 1
        self.turn = opponent(mover)
        self.position_id += 1
        self._start_turn()

    # ------------------------------------------------------------------ the AI
    def _cancel_ai(self) -> None:
        if self.requested is not None:
            self.worker.cancel()
            self.requested = None

    def _submit_ai(self) -> None:
        self._cancel_ai()
        request = SearchRequest(JobKind.OSKA, tuple(self.board), self.turn, self.lookahead,
                                time_budget=0.0, tag=self.position_id)
        self.requested = request
        self.think_time = 0.0
        self.worker.submit(request)

    def worker_replaced(self, worker: SearchWorker) -> None:
        if self.requested is not None and self.result is None and not self.is_human(self.turn):
            self.requested = None
            self._submit_ai()

    def _collect_ai(self) -> None:
        if self.animating or self.passing:
            return                      # keep results queued until the board is still
        for res in self.worker.poll():
            if res.request != self.requested:
                continue
            self.requested = None
            if res.status != ResultStatus.OK:
                self.message = _('AI error: {why}').format(why=res.message or res.status)
                continue
            reply = res.reply
            if not isinstance(reply, OskaReply) or reply.move is None:
                continue
            self.last_ai_stats = reply
            move = Move(*reply.move)
            if move not in legal_moves(self.board, self.turn):
                self.message = _('AI error: an illegal move')
                continue
            self._play(move)

    def resume(self) -> None:
        if self.result is None and not self.is_human(self.turn) and not self.passing:
            self._submit_ai()

    # ------------------------------------------------------------------ events
    def set_lookahead(self, lookahead: int) -> None:
        """Change the AI lookahead (1..10); a search for the side to move restarts."""
        lookahead = max(1, min(OSKA_MAX_LOOKAHEAD, int(lookahead)))
        if lookahead == self.lookahead:
            return
        self.lookahead = lookahead
        self.message = _('lookahead {n}').format(n=lookahead)
        if self.result is None and not self.is_human(self.turn) and not self.passing:
            self._submit_ai()

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, 'button', 1) == 1:
            self._click(self.square_at(event.pos))
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.square_at(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event: pygame.event.Event) -> None:
        key, text = event.key, getattr(event, 'unicode', '')
        digits = {getattr(pygame, f'K_{d}'): d for d in range(10)}
        digits.update({getattr(pygame, f'K_KP{d}'): d for d in range(10)})
        if key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS) or text == '+':
            self.set_lookahead(self.lookahead + 1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS) or text == '-':
            self.set_lookahead(self.lookahead - 1)
        elif key in digits:
            self.set_lookahead(digits[key] or 10)
        elif key == pygame.K_n:
            self.new_game()
        elif key == pygame.K_F1 or text == '?':     # Oska's rules and keys over the board
            self.app.push(OskaHelpScreen(self.app, help_lines(), _(RULES)))
        elif key == pygame.K_g:
            self.app.show_new_game()
        elif key == pygame.K_ESCAPE:
            if self.selected is not None:
                self.selected = None
            else:
                self.leave()

    def leave(self) -> None:
        """Back to Connect Four (its game waited underneath)."""
        self._cancel_ai()
        self.close()

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
        self._clock += dt
        if self.ai_thinking:
            self.think_time += dt
        if self._anim is not None:
            self._anim['t'] += dt
            if self._anim['t'] >= self._anim['total']:
                self._anim = None
        if self._pass_timer > 0 and self._anim is None:
            self._pass_timer -= dt
            if self._pass_timer <= 0:
                self._pass_timer = 0.0
                self.turn = opponent(self.turn)
                self.position_id += 1
                self._start_turn()
        self._collect_ai()

    # ------------------------------------------------------------------ layout
    def square_center(self, square: Square) -> tuple[int, int]:
        """Pixel centre of ``(row, col)`` in the current layout."""
        cell, top, cx, _s = board_layout(self.size, self.n, len(self.lengths))
        r, c = square
        return (int(round(cx + oska.column_offset(self.n, r, c) * cell)),
                int(round(top + (r + 0.5) * cell)))

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        """The ``(row, col)`` square under pixel ``pos``, or None."""
        cell, top, cx, _s = board_layout(self.size, self.n, len(self.lengths))
        x, y = pos
        r = int((y - top) // cell)
        if not 0 <= r < len(self.lengths) or y < top:
            return None
        length = self.lengths[r]
        c = (x - cx) / cell + (length - 1) / 2 + 0.5
        if c < 0 or int(c) >= length:
            return None
        return (r, int(c))

    def animation_state(self) -> SlideState | None:
        """The running move animation, or None: ``move``, its ``piece``,
        ``progress`` (eased 0..1), ``pos`` (pixel centre of the moving
        checker), ``lift`` and, for a capture, ``capture`` in [0, 1] (0
        intact, 1 gone)."""
        anim = self._anim
        if anim is None:
            return None
        move, t = anim['move'], anim['t']
        p = ease_in_out_sine(min(1.0, t / anim['slide']))
        (x0, y0), (x1, y1) = self.square_center(move.frm), self.square_center(move.to)
        x, y = x0 + (x1 - x0) * p, y0 + (y1 - y0) * p
        if move.captured is not None:
            y -= 4 * p * (1 - p) * board_layout(self.size, self.n, len(self.lengths))[0] * 0.35
        state = SlideState(move=move, piece=anim['piece'], progress=p,
                           pos=(int(round(x)), int(round(y))),
                           lift=4 * p * (1 - p) if move.captured is not None else 0.0)
        if move.captured is not None:
            state['capture'] = min(1.0, max(0.0, (t - anim['slide'] * 0.5) / self.CAPTURE_TIME))
        return state

    # ------------------------------------------------------------------ drawing
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
        """The board, the checkers and the status bar (:class:`OskaView`),
        laid out for the size of ``surface``."""
        self.size = surface.get_size()
        self.view.draw(surface)
