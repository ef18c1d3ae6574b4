"""The Oska screen (issue 7): the seed-003 board in the window, human vs AI.

:class:`OskaView` is a self-contained screen with the project's view protocol
``handle_event(event)`` -> ``update(dt)`` -> ``draw(surface)`` (``dt`` in
seconds).  All game state lives on the main thread; the AI searches
(:func:`connect4_game.oska.engine.search`) in one background thread of a
``ThreadPoolExecutor``.  Every search is tagged with the position id (and
lookahead) it was asked for; a result whose tag is no longer current is
dropped, and the running search is cancelled through its ``threading.Event``.

Controls: click one of your checkers, then one of the highlighted squares
(green: step, red: capture).  ``+``/``-`` change the lookahead by one ply,
``1``..``9`` set it (``0`` = 10), ``N`` starts a new game, ``Esc`` clears the
selection (a second ``Esc`` sets :attr:`OskaView.wants_exit`).
"""

from __future__ import annotations

import concurrent.futures as cf
import dataclasses
import threading

import pygame

from connect4_game.oska import engine as oska
from connect4_game.oska.engine import Move, apply_move, initial_board, legal_moves, opponent, winner
from connect4_game.ui.animation import ease_in_out_sine
from connect4_game.ui.render import font
from connect4_game.ui.themes import checker_surface, get_theme

__all__ = ["OskaView", "DEFAULT_COLOURS", "MAX_LOOKAHEAD"]

MAX_LOOKAHEAD = 10  # '0' key; n=6 start position at 10 plies takes ~6 s
NAMES = {"w": "White", "b": "Black"}

#: Default colours (RGB); pass a dict with any of these keys to override.
DEFAULT_COLOURS = {
    "background": (30, 34, 46),
    "frame": (96, 64, 40),
    "square": (226, 196, 150),
    "square_edge": (176, 140, 96),
    "goal": (212, 176, 128),
    "white_piece": (244, 241, 232),
    "black_piece": (52, 52, 64),
    "selected": (255, 206, 60),
    "step": (70, 190, 110),
    "capture": (230, 80, 70),
    "last_move": (110, 160, 250),
    "hover": (255, 255, 255),
    "text": (236, 240, 248),
    "text_dim": (160, 170, 190),
    "status_bg": (16, 19, 30),
}

_HUMAN_SIDES = ("w", "b", "both", None)


def _shade(colour, factor):
    return tuple(int(v * factor) for v in colour[:3])


def _search_job(board, side, lookahead, cancel):
    """Runs in the AI thread: the search result, or None if cancelled."""
    try:
        return oska.search(board, side, lookahead, cancel=cancel)
    except oska.SearchCancelled:
        return None


class OskaView:
    """One Oska game in the window.

    :param n: checkers per side (int >= 4); the board has ``2n - 3`` rows.
    :param human_side: ``'w'`` or ``'b'`` (human plays that colour against
        the AI), ``'both'`` (two humans) or ``None`` (AI plays both sides).
    :param lookahead: AI search depth in plies, 1..``MAX_LOOKAHEAD``.
    :param colours: optional dict overriding keys of :data:`DEFAULT_COLOURS`.
    :param size: initial window size in px (the layout follows the surface
        passed to :meth:`draw` and ``VIDEORESIZE`` events).
    :raises ValueError: for a bad ``n``, ``human_side``, ``lookahead`` or colour key.

    Timings (seconds): :attr:`SLIDE_TIME` for a step, :attr:`JUMP_TIME` for a
    jump, :attr:`CAPTURE_TIME` for the captured checker to fade and shrink,
    :attr:`PASS_TIME` for the "no legal move" message before the turn passes.
    """

    SLIDE_TIME = 0.30
    JUMP_TIME = 0.45
    CAPTURE_TIME = 0.35
    PASS_TIME = 1.2

    def __init__(self, n: int = 4, human_side: str | None = "w", lookahead: int = 3,
                 colours: dict | None = None, size: tuple[int, int] = (800, 640)) -> None:
        self.lengths = oska.row_lengths(n)  # validates n
        self.n = n
        if human_side not in _HUMAN_SIDES:
            raise ValueError(f"human_side must be 'w', 'b', 'both' or None, got {human_side!r}")
        self.human_side = human_side
        self.lookahead = self._checked_lookahead(lookahead)
        self.colours = dict(DEFAULT_COLOURS)
        for key, value in (colours or {}).items():
            if key not in DEFAULT_COLOURS:
                raise ValueError(f"unknown colour key {key!r}; known: {sorted(DEFAULT_COLOURS)}")
            self.colours[key] = tuple(value)
        self.size = (int(size[0]), int(size[1]))
        self.wants_exit = False
        self.stale_results = 0  # AI results dropped because the position changed
        self.think_time = 0.0  # seconds (sum of dt) the current search has been running
        self._executor = cf.ThreadPoolExecutor(max_workers=1, thread_name_prefix="oska-ai")
        self._future: cf.Future | None = None
        self._orphans: list[cf.Future] = []  # superseded searches, dropped when they finish
        self._future_tag = None
        self._cancel: threading.Event | None = None
        self._theme = None  # checker colours as a Theme for themes.checker_surface
        self._clock = 0.0
        self._closed = False
        self.new_game()

    # ------------------------------------------------------------------ state

    @staticmethod
    def _checked_lookahead(lookahead) -> int:
        if isinstance(lookahead, bool) or not isinstance(lookahead, int) \
                or not 1 <= lookahead <= MAX_LOOKAHEAD:
            raise ValueError(f"lookahead must be an int in 1..{MAX_LOOKAHEAD}, got {lookahead!r}")
        return lookahead

    def new_game(self) -> None:
        """Start again from the initial board (white to move); any search is dropped."""
        self.board = initial_board(self.n)
        self.turn = "w"
        self.result: str | None = None
        self.position_id = getattr(self, "position_id", 0) + 1
        self.selected: tuple[int, int] | None = None
        self.hover: tuple[int, int] | None = None
        self.last_move: Move | None = None
        self.last_ai_stats: oska.SearchStats | None = None
        self.moves_played = 0
        self.message = ""
        self._anim: dict | None = None
        self._pass_timer = 0.0
        self._cancel_ai()
        self._start_turn()

    def set_position(self, board, turn: str) -> None:
        """Continue from seed-format ``board`` with ``turn`` (``'w'``/``'b'``) to
        move (puzzles, tests).  :raises ValueError: malformed board, wrong
        size for this view's ``n``, or bad ``turn``."""
        n = oska.validate_board(board)
        if n != self.n:
            raise ValueError(f"board is for n={n}, this view plays n={self.n}")
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

    def animation_state(self) -> dict | None:
        """The running move animation, or None: ``move``, ``progress`` of the
        slide in [0, 1] (eased), ``pos`` (pixel centre of the moving checker)
        and, for a capture, ``capture`` in [0, 1] (0 = intact, 1 = gone)."""
        anim = self._anim
        if anim is None:
            return None
        move, t = anim["move"], anim["t"]
        p = ease_in_out_sine(min(1.0, t / anim["slide"]))
        (x0, y0), (x1, y1) = self.square_center(move.frm), self.square_center(move.to)
        x, y = x0 + (x1 - x0) * p, y0 + (y1 - y0) * p
        if move.captured is not None:  # hop over the captured checker
            y -= 4 * p * (1 - p) * self._layout()[0] * 0.35
        state = {"move": move, "progress": p, "pos": (int(round(x)), int(round(y))),
                 "lift": 4 * p * (1 - p) if move.captured is not None else 0.0}
        if move.captured is not None:
            state["capture"] = min(1.0, max(0.0, (t - anim["slide"] * 0.5) / self.CAPTURE_TIME))
        return state

    def is_human(self, side: str) -> bool:
        """True if ``side`` (``'w'``/``'b'``) is played by a human."""
        return self.human_side == "both" or self.human_side == side

    @property
    def winner(self) -> str | None:
        """The game's result (``'w'``, ``'b'``, ``'draw'``) once the board is
        still, else None (the host loop's ``--exit-after-game`` reads this)."""
        return None if self.animating else self.result

    @property
    def animating(self) -> bool:
        """True while a move is sliding or a captured checker is fading."""
        return self._anim is not None

    @property
    def passing(self) -> bool:
        """True while the "no legal move" pause of a pass runs."""
        return self._pass_timer > 0

    @property
    def ai_thinking(self) -> bool:
        """True while a search for the current position is running."""
        return self._future is not None and not self._future.done()

    @property
    def legal_targets(self) -> dict[tuple[int, int], Move]:
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
        """Apply ``move`` for the side to move and start its animation."""
        mover = self.turn
        self.board = apply_move(self.board, move)
        duration = self.JUMP_TIME if move.captured else self.SLIDE_TIME
        total = max(duration, duration * 0.5 + self.CAPTURE_TIME) if move.captured else duration
        self._anim = {"move": move, "piece": mover, "t": 0.0, "slide": duration, "total": total}
        self.last_move = move
        self.selected = None
        self.message = ""
        self.moves_played += 1
        self.turn = opponent(mover)
        self.position_id += 1
        self._start_turn()

    # ------------------------------------------------------------------ AI thread

    def _cancel_ai(self) -> None:
        if self._cancel is not None:
            self._cancel.set()
        if self._future is not None:
            self._orphans.append(self._future)
        self._future = None
        self._future_tag = None
        self._cancel = None

    def _submit_ai(self) -> None:
        self._cancel_ai()
        if self._closed:
            return
        self._cancel = threading.Event()
        self._future_tag = (self.position_id, self.lookahead)
        self._future = self._executor.submit(
            _search_job, list(self.board), self.turn, self.lookahead, self._cancel)
        self._future.tag = self._future_tag  # the position id this result belongs to
        self.think_time = 0.0

    def wait_for_ai(self, timeout: float | None = 30.0) -> bool:
        """Block until the pending search finishes (tests/scripts; the window
        never calls this).  Returns True if a search result is ready (or none
        was pending), False on timeout.  The move is applied by :meth:`update`."""
        futures = [f for f in [self._future, *self._orphans] if f is not None]
        if not futures:
            return True
        _, not_done = cf.wait(futures, timeout=timeout)
        return not not_done

    def _collect_ai(self) -> None:
        for orphan in [f for f in self._orphans if f.done()]:
            self._orphans.remove(orphan)  # a stale result: its position is gone
            self.stale_results += 1
        future = self._future
        if future is None or not future.done():
            return
        if future.tag != (self.position_id, self.lookahead) or self.is_human(self.turn):
            self.stale_results += 1  # defensive: every position change re-submits or cancels
            self._future = None
            return
        if self.animating or self.passing:
            return  # keep it until the board is still
        self._future = None
        self._cancel = None
        try:
            result = future.result()
        except Exception as exc:  # an engine bug must not take the window down
            self.message = f"AI error: {exc}"
            return
        if result is None or result.move is None:
            return
        self.last_ai_stats = result.stats
        self._play(result.move)

    def close(self) -> None:
        """Cancel any search and stop the AI thread (idempotent)."""
        self._closed = True
        self._cancel_ai()
        self._executor.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------ protocol

    def set_lookahead(self, lookahead: int) -> None:
        """Change the AI lookahead (clamped to 1..MAX_LOOKAHEAD); a running
        search for the side to move restarts with the new depth."""
        lookahead = max(1, min(MAX_LOOKAHEAD, int(lookahead)))
        if lookahead == self.lookahead:
            return
        self.lookahead = lookahead
        self.message = f"lookahead {lookahead} ply" + ("" if lookahead == 1 else "s")
        if self.result is None and not self.is_human(self.turn) and not self.passing:
            self._submit_ai()

    def handle_event(self, event) -> None:
        """Handle one pygame event (mouse clicks/motion, keys, resize)."""
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self._click(self.square_at(event.pos))
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.square_at(event.pos)
        elif event.type == pygame.VIDEORESIZE:
            self.size = (max(200, event.w), max(200, event.h))
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event) -> None:
        key, text = event.key, getattr(event, "unicode", "")
        digits = {getattr(pygame, f"K_{d}"): d for d in range(10)}
        digits.update({getattr(pygame, f"K_KP{d}"): d for d in range(10)})
        if key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS) or text == "+":
            self.set_lookahead(self.lookahead + 1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS) or text == "-":
            self.set_lookahead(self.lookahead - 1)
        elif key in digits:
            self.set_lookahead(digits[key] or 10)
        elif key == pygame.K_n:
            self.new_game()
        elif key == pygame.K_ESCAPE:
            if self.selected is not None:
                self.selected = None
            else:
                self.wants_exit = True

    def _click(self, square) -> None:
        if self.result is not None:
            self.message = "game over - press N for a new game"
            return
        if not self.is_human(self.turn):
            self.message = "wait - the AI is to move"
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
            self.message = "" if self.legal_targets else "that checker cannot move"
        else:
            self.selected = None

    def update(self, dt: float) -> None:
        """Advance animations, the pass pause and the AI by ``dt`` seconds."""
        dt = max(0.0, float(dt))
        self._clock += dt
        if self.ai_thinking:
            self.think_time += dt
        if self._anim is not None:
            self._anim["t"] += dt
            if self._anim["t"] >= self._anim["total"]:
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

    def _layout(self):
        w, h = self.size
        status_h = max(40, min(72, int(h * 0.09)))
        rows = len(self.lengths)
        pad = max(10, int(min(w, h) * 0.03))
        cell = max(12, int(min((w - 2 * pad) / (self.n + 1.2), (h - status_h - 2 * pad) / rows)))
        top = pad + max(0, (h - status_h - 2 * pad - rows * cell) // 2)
        return cell, top, w / 2, status_h

    def square_center(self, square: tuple[int, int]) -> tuple[int, int]:
        """Pixel centre of ``(row, col)`` in the current layout."""
        cell, top, cx, _ = self._layout()
        r, c = square
        return (int(round(cx + oska.column_offset(self.n, r, c) * cell)),
                int(round(top + (r + 0.5) * cell)))

    def square_at(self, pos) -> tuple[int, int] | None:
        """The ``(row, col)`` square under pixel ``pos``, or None."""
        cell, top, cx, _ = self._layout()
        x, y = pos
        r = int((y - top) // cell)
        if not 0 <= r < len(self.lengths) or y < top:
            return None
        length = self.lengths[r]
        c = (x - cx) / cell + (length - 1) / 2 + 0.5
        if c < 0 or int(c) >= length:
            return None
        return (r, int(c))

    # ------------------------------------------------------------------ drawing

    def status_text(self) -> str:
        """The status line: whose turn, thinking, passing or the result."""
        if self.result == "draw":
            return "Draw! Press N for a new game"
        if self.result is not None:
            who = NAMES[self.result]
            if self.human_side in ("both", None):
                return f"{who} wins! Press N for a new game"
            if self.is_human(self.result):
                return f"You win as {who}! Press N for a new game"
            return f"{who} (AI) wins. Press N for a new game"
        name = NAMES[self.turn]
        if self.passing:
            return f"{name} has no legal move and passes"
        if not self.is_human(self.turn):
            dots = "." * (1 + int(self._clock * 3) % 3)
            secs = f" {self.think_time:.0f} s" if self.think_time >= 2 else ""
            return f"{name} (AI) is thinking{dots}{secs}"
        return f"{name} to move - " + ("click a highlighted square" if self.selected
                                      else "click one of your checkers")

    def _sprite(self, side: str, radius: int):
        """Checker sprite drawn by the shared :func:`themes.checker_surface`
        (white plays the theme's 'X' slot, black the 'O' slot, our colours)."""
        if self._theme is None:
            wc, bc = self.colours["white_piece"], self.colours["black_piece"]
            self._theme = dataclasses.replace(
                get_theme(None), x_color=wc, x_outline=_shade(wc, 0.62),
                o_color=bc, o_outline=_shade(bc, 0.55), x_shape=None, o_shape=None)
        return checker_surface(self._theme, "X" if side == "w" else "O", radius)

    def draw(self, surface) -> None:
        """Draw the whole screen onto ``surface`` (its size sets the layout)."""
        self.size = surface.get_size()
        col = self.colours
        cell, top, cx, status_h = self._layout()
        w, h = self.size
        surface.fill(col["background"])
        radius = max(4, int(cell * 0.36))
        pad = max(3, cell // 10)
        gap = max(1, cell // 24)

        # stepped hourglass frame, then the squares
        for r, length in enumerate(self.lengths):
            x0 = cx - length * cell / 2 - pad
            rect = pygame.Rect(int(x0), int(top + r * cell - pad), int(length * cell + 2 * pad),
                               int(cell + 2 * pad))
            pygame.draw.rect(surface, col["frame"], rect, border_radius=pad * 2)
        label_font = font(max(12, int(cell * 0.28)))
        targets = self.legal_targets
        anim = self._anim
        for r, length in enumerate(self.lengths):
            for c in range(length):
                x, y = self.square_center((r, c))
                rect = pygame.Rect(0, 0, cell - 2 * gap, cell - 2 * gap)
                rect.center = (x, y)
                goal = r in (0, len(self.lengths) - 1)
                pygame.draw.rect(surface, col["goal"] if goal else col["square"], rect,
                                 border_radius=max(2, cell // 12))
                pygame.draw.rect(surface, col["square_edge"], rect, max(1, cell // 40),
                                 border_radius=max(2, cell // 12))
                if self.last_move is not None and (r, c) in (self.last_move.frm, self.last_move.to):
                    pygame.draw.rect(surface, col["last_move"], rect.inflate(-gap * 2, -gap * 2),
                                     max(2, cell // 22), border_radius=max(2, cell // 12))
                if self.hover == (r, c) and self.is_human(self.turn) and self.result is None:
                    pygame.draw.rect(surface, col["hover"], rect, max(1, cell // 40),
                                     border_radius=max(2, cell // 12))
            letter = label_font.render("abcdefghijklmnopqrstuvwxyz"[r], True, col["text_dim"])
            lx = cx - length * cell / 2 - pad - letter.get_width() - cell * 0.15
            surface.blit(letter, (int(lx), int(top + (r + 0.5) * cell - letter.get_height() / 2)))

        goal_font = font(max(11, int(cell * 0.2)))
        for r, text in ((0, "Black's goal"), (len(self.lengths) - 1, "White's goal")):
            img = goal_font.render(text, True, col["text_dim"])
            gx = cx + self.lengths[r] * cell / 2 + pad + cell * 0.15
            if gx + img.get_width() < w - 4:
                surface.blit(img, (int(gx), int(top + (r + 0.5) * cell - img.get_height() / 2)))

        # checkers at rest (the moving one is drawn by the animation)
        moving_to = anim["move"].to if anim else None
        for r, row in enumerate(self.board):
            for c, ch in enumerate(row):
                if ch == "-" or (r, c) == moving_to:
                    continue
                self._blit_checker(surface, ch, self.square_center((r, c)), radius)

        if self.selected is not None:
            pygame.draw.circle(surface, col["selected"], self.square_center(self.selected),
                               radius + max(3, cell // 14), max(3, cell // 16))
        for sq, mv in targets.items():
            colour = col["capture"] if mv.captured else col["step"]
            ring = pygame.Surface((cell, cell), pygame.SRCALPHA)
            pygame.draw.circle(ring, (*colour, 110), (cell // 2, cell // 2), radius)
            pygame.draw.circle(ring, (*colour, 255), (cell // 2, cell // 2), radius, max(2, cell // 20))
            x, y = self.square_center(sq)
            surface.blit(ring, (x - cell // 2, y - cell // 2))
            if mv.captured:
                cxp, cyp = self.square_center(mv.captured)
                d = int(radius * 0.45)
                pygame.draw.line(surface, colour, (cxp - d, cyp - d), (cxp + d, cyp + d), max(3, cell // 14))
                pygame.draw.line(surface, colour, (cxp - d, cyp + d), (cxp + d, cyp - d), max(3, cell // 14))

        if anim is not None:
            self._draw_animation(surface, anim, radius, cell)
        self._draw_status(surface, status_h)

    def _blit_checker(self, surface, side, centre, radius, scale=1.0, alpha=255):
        spr = self._sprite(side, radius)
        if scale != 1.0:
            size = max(1, int(spr.get_width() * scale))
            spr = pygame.transform.smoothscale(spr, (size, size))
        if alpha < 255:
            spr = spr.copy()
            spr.set_alpha(max(0, int(alpha)))
        surface.blit(spr, (centre[0] - spr.get_width() // 2, centre[1] - spr.get_height() // 2))

    def _draw_animation(self, surface, anim, radius, cell) -> None:
        state = self.animation_state()
        move = state["move"]
        if move.captured is not None and state["capture"] < 1.0:  # fade + shrink
            k = state["capture"]
            self._blit_checker(surface, opponent(anim["piece"]), self.square_center(move.captured),
                               radius, scale=1.0 - 0.7 * k, alpha=255 * (1.0 - k))
        self._blit_checker(surface, anim["piece"], state["pos"], radius,
                           scale=1.0 + 0.15 * state["lift"])

    def _draw_status(self, surface, status_h) -> None:
        col = self.colours
        w, h = self.size
        rect = pygame.Rect(0, h - status_h, w, status_h)
        pygame.draw.rect(surface, col["status_bg"], rect)
        big = font(max(16, int(status_h * 0.40)), True)
        small = font(max(12, int(status_h * 0.28)))
        text = self.status_text()
        colour = col["text"]
        if self.result in ("w", "b"):
            colour = col["selected"]
        img = big.render(text, True, colour)
        surface.blit(img, (12, rect.top + (status_h - img.get_height()) // 2))
        right = f"Oska n={self.n}   lookahead {self.lookahead}   +/- 0-9   N new"
        if self.message:
            right = f"{self.message}   |   {right}"
        img2 = small.render(right, True, col["text_dim"])
        x = max(img.get_width() + 24, w - img2.get_width() - 12)
        surface.blit(img2, (x, rect.top + (status_h - img2.get_height()) // 2))


# ---------------------------------------------------------------------- stand-alone window


def run(n: int = 4, human_side: str | None = "w", lookahead: int = 3,
        size: tuple[int, int] = (800, 640), fps: int = 60, *,
        exit_after: float | None = None, exit_after_game: bool = False,
        screenshot: str | None = None, frame_stats_path: str | None = None) -> str | None:
    """Open a window and play Oska until it is closed (or Esc twice).

    One loop: events -> ``update(dt)`` -> ``draw(surface)``, ``dt`` in seconds
    from ``pygame.time.Clock``; the window is resizable. Options for scripted
    and headless use, as for the Connect Four window: ``exit_after`` seconds,
    ``exit_after_game`` (once a game has a result and its last slide ended),
    ``screenshot`` (PNG of the last frame, on exit) and ``frame_stats_path``
    (JSON of the intervals between frames and the number of moves, on exit).
    Returns the result of the last game (``'w'``, ``'b'``, ``'draw'``) or None.
    Raises ValueError for bad arguments (see :class:`OskaView`).
    """
    view = OskaView(n, human_side, lookahead, size=size)
    pygame.display.init()
    pygame.font.init()
    screen = None
    intervals: list[float] = []
    moves, last_move, elapsed = 0, None, 0.0
    try:
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(f"Oska (n={n})")
        clock = pygame.time.Clock()
        clock.tick(fps)
        running = True
        while running and not view.wants_exit:
            dt = clock.tick(fps) / 1000.0
            intervals.append(dt)
            elapsed += dt
            for event in pygame.event.get():
                if event.type == pygame.QUIT:
                    running = False
                elif event.type == pygame.VIDEORESIZE:
                    screen = pygame.display.set_mode((event.w, event.h), pygame.RESIZABLE)
                    view.handle_event(event)
                else:
                    view.handle_event(event)
            view.update(dt)
            if view.last_move is not last_move:
                last_move = view.last_move
                moves += last_move is not None
            view.draw(screen)
            pygame.display.flip()
            if exit_after is not None and elapsed >= exit_after:
                running = False
            if exit_after_game and view.winner:
                running = False
        return view.result
    except KeyboardInterrupt:
        return view.result
    finally:
        if screenshot and screen is not None:
            pygame.image.save(screen, screenshot)
        if frame_stats_path:
            import json
            from connect4_game.ui.app import frame_stats
            with open(frame_stats_path, "w", encoding="utf-8") as fh:
                json.dump(frame_stats(intervals, moves), fh, indent=2)
        view.close()
        # not pygame.quit(): that would invalidate fonts cached by render.font()
        pygame.display.quit()


def save_screenshot(path: str, size: tuple[int, int] = (800, 640)) -> None:
    """Render a mid-game n=4 position (a checker selected, a step and a
    capture offered, the AI's last move marked) to a PNG at ``path``;
    works headless (SDL_VIDEODRIVER=dummy).  Used for the README."""
    pygame.display.init()
    pygame.font.init()
    view = OskaView(4, "w", 3, size=size)
    try:
        view.set_position(["w-w-", "-w-", "b-", "-b-", "bb--"], "w")
        view.last_move = Move((4, 2), (3, 1), None)
        view.selected = (1, 1)
        view.hover = (2, 1)
        view.message = ""
        surface = pygame.Surface(size)
        view.draw(surface)
        pygame.image.save(surface, path)
    finally:
        view.close()


def main(argv=None) -> int:
    """``python -m connect4_game.ui.oska_view [--n 4] [--side w|b|both|ai]
    [--lookahead 3] [--screenshot PATH]``."""
    import argparse

    p = argparse.ArgumentParser(prog="oska_view", description="Play Oska in a window.")
    p.add_argument("--n", type=int, default=4)
    p.add_argument("--side", choices=["w", "b", "both", "ai"], default="w",
                   help="the human's colour; 'both' = two humans, 'ai' = AI vs AI")
    p.add_argument("--lookahead", type=int, default=3)
    p.add_argument("--screenshot", metavar="PATH", help="save the README screenshot and exit")
    args = p.parse_args(argv)
    if args.screenshot:
        save_screenshot(args.screenshot)
        return 0
    try:
        run(args.n, None if args.side == "ai" else args.side, args.lookahead)
    except ValueError as exc:
        p.error(str(exc))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
