"""The game in the window, free of pygame: who plays, the AI settings, the
moves with undo/redo, the result, the demo, and the searches for the worker.

:class:`GameSession` is the one owner of the window's game state. It lives on
the main thread; the screens read it and command it (a click becomes
:meth:`GameSession.human_drop`), the app feeds it the worker's results
(:meth:`GameSession.take_results`) and steps it with ``dt`` in seconds
(:meth:`GameSession.update`). Searches run in
:mod:`connect4_game.ui.worker` on copies of the board; every job is tagged
with the game, the moves and the settings it was asked for, so a result for
an old position is dropped.

What the session has to say to the player it queues: :attr:`notices` (short
messages, shown as toasts) and :attr:`events` (``('move', col, row,
checker)``, ``('refused', col)``, ``('end', result)``, ``('undo',)``,
``('new',)``) that the game screen turns into animations and sounds.

The assignment's text stays the assignment's: the end of a game prints
``Player X wins in N moves.`` and ``Congratulations!`` (or ``It's a tie!``) on
stdout, as BU CS111 ps9 Problem 3's ``connect_four`` does.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, replace
from typing import Callable

from connect4_game import rules
from connect4_game.board import Board
from connect4_game.messages import MAX_TEXT, clip
from connect4_game.ui.i18n import _
from connect4_game.ui.worker import Job

__all__ = ['PlayerConfig', 'GameRecord', 'Notice', 'GameSession', 'message_for_result',
           'COMPUTER_KINDS']

COMPUTER_KINDS = ('ai', 'expert', 'plugin')
"""Player kinds whose moves come from the worker."""


@dataclass(frozen=True)
class PlayerConfig:
    """Who plays one side.

    :param kind: one of :data:`connect4_game.rules.PLAYER_KINDS` or
        ``'remote'`` (a friend on another computer).
    :param level: for ``kind='ai'``: a named level of
        :data:`connect4_game.rules.LEVELS` (not ``'expert'``, which is
        ``kind='expert'``), or ``''`` for the assignment's ``AIPlayer`` with
        exactly ``lookahead`` and ``tiebreak`` (the *Advanced* setting).
    :param lookahead: plies >= 0 (BU CS111 ps9, Problem 4).
    :param tiebreak: one of :data:`connect4_game.rules.TIEBREAKS`.
    :param spec: for ``kind='plugin'``: ``FILE.py:ClassName``.
    :raises ValueError: naming an unknown kind, level or tiebreak, a bad
        lookahead, or a plug-in without a spec.
    """

    kind: str = 'human'
    lookahead: int = rules.DEFAULT_LOOKAHEAD
    tiebreak: str = rules.DEFAULT_TIEBREAK
    spec: str = ''
    level: str = ''

    def __post_init__(self):
        rules.check_choice(self.kind, rules.PLAYER_KINDS + ('remote',), 'player kind')
        rules.check_tiebreak(self.tiebreak)
        rules.check_lookahead(self.lookahead)
        if self.level:
            rules.check_choice(self.level, rules.LEVELS[:-1], 'level')
            if self.kind != 'ai':
                raise ValueError(f'only a computer player has a level, not a {self.kind} one')
        if self.kind == 'plugin' and not self.spec:
            raise ValueError('a plug-in player needs a spec FILE.py:ClassName')

    @property
    def is_human(self) -> bool:
        """A person at this computer."""
        return self.kind == 'human'

    @property
    def is_computer(self) -> bool:
        """Not a person at this computer (an AI, a plug-in, a remote friend)."""
        return self.kind != 'human'

    @property
    def advanced(self) -> bool:
        """The assignment's AIPlayer with its own lookahead and tiebreak."""
        return self.kind == 'ai' and not self.level

    def with_(self, **changes) -> 'PlayerConfig':
        """A copy with ``changes`` (validated)."""
        return replace(self, **changes)

    @classmethod
    def for_level(cls, level: str, base: 'PlayerConfig | None' = None) -> 'PlayerConfig':
        """The computer player of ``level`` (``'expert'`` too), keeping the
        Advanced lookahead/tiebreak of ``base`` for later."""
        base = base or cls()
        rules.check_choice(level, rules.LEVELS, 'level')
        if level == 'expert':
            return cls('expert', base.lookahead, base.tiebreak)
        return cls('ai', base.lookahead, base.tiebreak, level=level)

    def level_name(self) -> str:
        """'easy'..'expert' for a named level, 'advanced' for the assignment's
        AIPlayer, else ''."""
        if self.kind == 'expert':
            return 'expert'
        if self.kind == 'ai':
            return self.level or 'advanced'
        return ''


def message_for_result(result) -> str:
    """The assignment's end-of-game line for ``result`` (see
    :attr:`GameRecord.result`): ``'Player X wins in 8 moves.'``,
    ``"It's a tie!"`` (BU CS111 ps9, Problem 3), or ''."""
    if result is None:
        return ''
    if result[0] == 'win':
        return f'Player {result[1]} wins in {result[3]} moves.'
    return "It's a tie!"


class GameRecord:
    """One game on a ``rows`` x ``cols`` board, X moving first: the board,
    the moves, the moves undone (for redo) and the result.

    :param moves: 0-based columns already played, alternating X, O, X, ...
    :raises ValueError: if a move is out of range, into a full column or
        after the game is over (naming the move's position, 1-based).

    ``result`` is None while the game runs, ``('win', checker, line,
    n_moves)`` with ``line`` the (row, col) slots of the four and ``n_moves``
    the winner's checkers, or ``('tie',)`` for a full board.
    """

    def __init__(self, rows: int = rules.DEFAULT_ROWS, cols: int = rules.DEFAULT_COLS,
                 moves=()) -> None:
        self.board = Board(rows, cols)
        self.rows, self.cols = rows, cols
        self.moves: list[int] = []
        self.redo_stack: list[int] = []
        self.result = None
        for i, col in enumerate(moves):
            if self.result is not None:
                raise ValueError(f'move {i + 1} ({col}) comes after the game is over')
            try:
                rules.check_column(col, cols)
            except ValueError as exc:
                raise ValueError(f'move {i + 1}: {exc}') from None
            if not self.board.can_add_to(col):
                raise ValueError(f'move {i + 1}: column {col} is full')
            self._apply(col)

    @property
    def to_move(self) -> str:
        """'X' after an even number of moves, else 'O'."""
        return 'X' if len(self.moves) % 2 == 0 else 'O'

    @property
    def over(self) -> bool:
        return self.result is not None

    def can_play(self, col) -> bool:
        return not self.over and isinstance(col, int) and 0 <= col < self.cols \
            and self.board.can_add_to(col)

    def landing_row(self, col: int) -> int:
        """Row where a checker dropped in ``col`` lands, or -1 if the column is full."""
        for row in range(self.rows - 1, -1, -1):
            if self.board.slots[row][col] == ' ':
                return row
        return -1

    def rows_key(self) -> tuple:
        """The board as a tuple of row strings (top row first), for the worker."""
        return tuple(''.join(r) for r in self.board.slots)

    def move_string(self) -> str:
        """The moves in the assignment's ``add_checkers`` notation (columns
        10-13 as a-d, see :mod:`connect4_game.storage.savegame`)."""
        from connect4_game.storage.savegame import moves_to_string
        return moves_to_string(self.moves)

    def message(self) -> str:
        return message_for_result(self.result)

    def replay(self) -> Board:
        """A fresh board with the moves replayed (for invariant checks)."""
        b = Board(self.rows, self.cols)
        checker = 'X'
        for col in self.moves:
            b.add_checker(checker, col)
            checker = 'O' if checker == 'X' else 'X'
        return b

    def _apply(self, col: int) -> int:
        row = self.landing_row(col)
        checker = self.to_move
        self.board.add_checker(checker, col)
        self.moves.append(col)
        self._update_result(checker)
        return row

    def _update_result(self, last_checker: str | None) -> None:
        self.result = None
        for checker in ([last_checker] if last_checker else []) + ['X', 'O']:
            line = self.board.winning_line(checker)
            if line is not None:
                self.result = ('win', checker, line, self.board.num_checkers(checker))
                return
        if self.board.is_full():
            self.result = ('tie',)

    def play(self, col: int) -> int:
        """Drop the side-to-move's checker in ``col``; clears the redo list.

        :returns: the row where it landed.
        :raises ValueError: if the game is over or ``col`` is out of range or full.
        """
        if self.over:
            raise ValueError(f'the game is over; column {col} cannot be played')
        rules.check_column(col, self.cols)
        if not self.board.can_add_to(col):
            raise ValueError(f'column {col} is full')
        self.redo_stack.clear()
        return self._apply(col)

    def undo(self) -> int | None:
        """Take back the last move; returns its column, or None if there is none."""
        if not self.moves:
            return None
        col = self.moves.pop()
        self.board.remove_checker(col)
        self.redo_stack.append(col)
        self._update_result(None)
        return col

    def redo(self) -> int | None:
        """Play again the last undone move; returns its column, or None."""
        if not self.redo_stack or self.over:
            return None
        col = self.redo_stack.pop()
        self._apply(col)
        return col


@dataclass
class Notice:
    """A message for the player: ``text`` (already translated, bounded),
    ``kind`` ``'info'`` (neutral) or ``'error'`` (red), ``seconds`` to show
    it, and ``position``: the :attr:`GameSession.position_id` it speaks
    about, or None if it holds whatever happens (a notice about a position
    is dropped as soon as the position changes)."""

    text: str
    kind: str = 'info'
    seconds: float = 2.5
    position: int | None = None


class GameSession:
    """The window's game: see the module docstring.

    :param players: ``{'X': PlayerConfig, 'O': PlayerConfig}``.
    :param rows, cols: board size (:data:`connect4_game.rules` limits).
    :param moves: 0-based columns to start from.
    :param lookahead, tiebreak: the Advanced AI settings the hint, the
        analysis and the ``0``-``9`` / ``T`` keys use (BU CS111 ps9, Problem 4).
    :param expert: analysis and hints by Expert instead of the lookahead AI.
    :param pace: seconds between moves when computers play each other.
    :param remember: called with setting changes to keep for the next start
        (``Settings`` field names), or None.
    :param record: called with ``(x_description, o_description, result)`` when
        a game ends (``result`` 'X', 'O' or 'tie'), or None.
    :param budgets: ``dict`` of seconds: ``'expert_move'``,
        ``'expert_analysis'``, ``'plugin'`` (defaults from :mod:`connect4_game.rules`).
    :raises ValueError: for bad moves (see :class:`GameRecord`).
    """

    def __init__(self, players: dict, rows: int = rules.DEFAULT_ROWS,
                 cols: int = rules.DEFAULT_COLS, moves=(), *,
                 lookahead: int = rules.DEFAULT_LOOKAHEAD,
                 tiebreak: str = rules.DEFAULT_TIEBREAK, expert: bool = False,
                 pace: float = rules.DEFAULT_PACE, demo: bool = False,
                 remember: Callable | None = None, record: Callable | None = None,
                 budgets: dict | None = None, out=None, worker=None) -> None:
        self.players = {s: players[s] for s in 'XO'}
        self.lookahead = rules.check_lookahead(lookahead)
        self.tiebreak = rules.check_tiebreak(tiebreak)
        self.expert_mode = bool(expert)
        self.pace = rules.check_number(pace, rules.MIN_PACE, rules.MAX_PACE, 'pace')
        self.remember = remember or (lambda **changes: None)
        self.record = record
        self.budgets = {'expert_move': rules.EXPERT_MOVE_SECONDS,
                        'expert_analysis': rules.EXPERT_ANALYSIS_SECONDS,
                        'plugin': rules.PLUGIN_MOVE_SECONDS, **(budgets or {})}
        self.out = out                  # where the result line is printed (None: sys.stdout)
        self.worker = worker            # submit/cancel/poll (connect4_game.ui.worker.SearchWorker)
        self.peer = None                # a network game's Host or Join (connect4_game.net)
        self.net_state = ''             # '', 'waiting', 'playing', 'lost', 'closed'
        self.net_local: dict = {}
        self.demo = False
        self.paused = False
        self.saved_players: dict | None = None
        self.overlay = False
        self.hint_col: int | None = None
        self.hint_wanted = False
        self.game_id = 0
        self.position_id = 0
        self.notices: list[Notice] = []
        self.events: list[tuple] = []
        self.last_stats: dict = {}      # side -> (nodes, seconds, depth) of its last AI move
        self.worker_note = ''
        self.cache: dict = {}           # job key -> payload
        self.progress: dict = {}        # job key -> payload of its deepest finished lookahead
        self.requested = None           # key of the job in flight
        self.search_time = 0.0          # seconds (sum of dt) the job in flight has run
        self._timed_key = None
        self.since_move = 0.0
        self.end_time = 0.0
        self.games_finished = 0
        self.total_moves = 0
        self.new_game(rows, cols, moves)
        if demo:
            self.set_demo(True)

    # ------------------------------------------------------------------ queries
    @property
    def rows(self) -> int:
        return self.game.rows

    @property
    def cols(self) -> int:
        return self.game.cols

    @property
    def max_lookahead(self) -> int:
        """rows*cols: a deeper search is the same search (see
        :func:`connect4_game.rules.clamp_lookahead`)."""
        return self.game.rows * self.game.cols

    def side_config(self, side: str | None = None) -> PlayerConfig:
        return self.players[side or self.game.to_move]

    def human_to_move(self) -> bool:
        """A person at this computer is to move in a running game."""
        return not self.game.over and self.side_config().is_human

    def humans(self) -> list[str]:
        return [s for s in 'XO' if self.players[s].is_human]

    def thinking(self) -> bool:
        """The computer side to move is being searched for."""
        return self.requested is not None and not self.game.over \
            and self.side_config().kind in COMPUTER_KINDS

    def searching_kind(self) -> str | None:
        """The kind ('ai', 'expert', 'plugin') of the job in flight, or None."""
        key = self.requested
        return key[2] if isinstance(key, tuple) and len(key) > 2 else None

    def slow_search_seconds(self) -> int:
        """Whole seconds the job in flight has run once that is
        :data:`~connect4_game.rules.SLOW_SEARCH_SECONDS` or more, else 0."""
        if self.requested is None or self.requested != self._timed_key \
                or self.search_time < rules.SLOW_SEARCH_SECONDS:
            return 0
        return int(self.search_time)

    def can_move_now(self) -> bool:
        """A computer search for the move is running and a result of a
        shallower lookahead is at hand to play at once."""
        return self.thinking() and self.requested in self.progress

    def stats_names(self) -> tuple[str, str]:
        """The two sides as the statistics file names them (stable across
        languages): 'Human', 'Random', 'AI(LEFT,3)', 'Medium', 'Expert', a
        plug-in's spec."""
        from connect4_game.storage.stats import describe_player
        out = []
        for side in 'XO':
            p = self.players[side]
            if p.kind == 'ai' and p.level:
                out.append(p.level.capitalize())
            elif p.kind == 'ai':
                out.append(describe_player('ai', p.lookahead, p.tiebreak))
            elif p.kind == 'plugin':
                out.append(p.spec[-100:])
            elif p.kind in ('human', 'random'):
                out.append(describe_player(p.kind))
            elif p.kind == 'remote':
                out.append('Friend')
            else:
                out.append(p.kind.capitalize())
        return out[0], out[1]

    # ------------------------------------------------------------------ notices
    def say(self, text: str, kind: str = 'info', seconds: float = 2.5,
            about_position: bool = False) -> None:
        """Queue a notice (see :class:`Notice`); ``about_position`` ties it to
        the current position, so it disappears when the position changes."""
        self.notices.append(Notice(clip(text, MAX_TEXT), kind, seconds,
                                   self.position_id if about_position else None))

    def take_notices(self) -> list[Notice]:
        out, self.notices = self.notices, []
        return out

    def take_events(self) -> list[tuple]:
        out, self.events = self.events, []
        return out

    def _position_changed(self) -> None:
        self.position_id += 1
        self.hint_col = None
        self.hint_wanted = False
        self.since_move = 0.0

    # ------------------------------------------------------------------ the game
    def new_game(self, rows: int | None = None, cols: int | None = None, moves=()) -> None:
        """Start a game (same size unless given) with the same players.

        :raises ValueError: for bad moves; the current game is then unchanged.
        """
        rows = rows or getattr(self, 'game', None) and self.game.rows or rules.DEFAULT_ROWS
        cols = cols or getattr(self, 'game', None) and self.game.cols or rules.DEFAULT_COLS
        game = GameRecord(rows, cols, moves)
        self.game = game
        self.game_id += 1
        self._clamp_lookaheads()
        self._position_changed()
        self.end_time = 0.0
        self.end_reported = game.over
        self.cache.clear()
        self.progress.clear()
        self.last_stats = {}
        self._cancel_job()
        self.events.append(('new',))

    def _clamp_lookaheads(self) -> None:
        cap = self.max_lookahead
        self.lookahead = rules.clamp_lookahead(self.lookahead, self.game.rows, self.game.cols)
        for players in (self.players, self.saved_players or {}):
            for side, p in players.items():
                if p.lookahead > cap:
                    players[side] = p.with_(lookahead=cap)

    def play(self, col: int, by_computer: bool = False) -> bool:
        """Drop the side-to-move's checker in ``col``.

        :returns: False (and a ``'refused'`` event with a notice) if the
            column cannot take it or the game is over.
        """
        g = self.game
        if g.over:
            return False
        if not g.can_play(col):
            self.refuse(col)
            return False
        checker = g.to_move
        if self.peer is not None and self.players[checker].kind != 'remote':
            if not self._send_to_peer(len(g.moves) + 1, col):
                return False
        row = g.play(col)
        self.total_moves += 1
        self._position_changed()
        self.events.append(('move', col, row, checker))
        if g.over:
            self.end_reported = False
            self.end_time = 0.0
        return True

    def refuse(self, col) -> None:
        """A drop that cannot be played: an event (shake, sound) and words."""
        inside = isinstance(col, int) and 0 <= col < self.game.cols
        self.events.append(('refused', col if inside else None))
        if inside:
            self.say(_('Column {n} is full: choose another one.').format(n=col + 1), 'error',
                     2.5, about_position=True)

    def human_drop(self, col) -> bool:
        """A person asks to drop a checker in ``col`` (0-based). Refused with
        a notice when it is not their turn."""
        g = self.game
        if col is None or g.over:
            return False
        if self.net_state == 'waiting':
            self.say(_('Wait until your friend is connected.'), about_position=True)
            return False
        if self.side_config().kind == 'remote':
            self.say(_("Wait: it is your friend's turn."), about_position=True)
            return False
        if not self.side_config().is_human:
            self.say(_("Wait: it is the computer's turn."), about_position=True)
            return False
        return self.play(col)

    def _announce_end(self) -> None:
        result = self.game.result
        out = self.out if self.out is not None else sys.stdout
        if out is not None:          # None under a gui-script on Windows
            print(self.game.message(), file=out)
            if result[0] == 'win':
                print('Congratulations!', file=out)
            try:
                out.flush()
            except (OSError, ValueError):
                pass
        self.games_finished += 1
        if self.record is not None:
            x, o = self.stats_names()
            try:
                self.record(x, o, 'tie' if result[0] == 'tie' else result[1])
            except (OSError, ValueError) as exc:
                print(f'could not record statistics: {clip(exc, 200)}', file=sys.stderr)
        self.events.append(('end', result))
        self.end_reported = True

    # --------------------------------------------------------------- undo/redo
    def undo(self) -> bool:
        """Take back moves until it is a person's turn again (one move if
        nobody at this computer plays). Also after the game ended."""
        g = self.game
        if not g.moves:
            self.say(_('Nothing to undo.'))
            return False
        if self.peer is not None:
            return self._ask_peer_undo()
        if self.demo:
            self.paused = True
        g.undo()
        if self.humans():
            while g.moves and not self.players[g.to_move].is_human:
                g.undo()
        self._after_history_change()
        return True

    def redo(self) -> bool:
        """Play again what :meth:`undo` took back, up to the next person's turn."""
        g = self.game
        if self.peer is not None:
            self.say(_('Redo is not available in a network game.'))
            return False
        if not g.redo_stack:
            self.say(_('Nothing to redo.'))
            return False
        g.redo()
        if self.humans():
            while g.redo_stack and not g.over and not self.players[g.to_move].is_human:
                g.redo()
        self._after_history_change()
        return True

    def _after_history_change(self) -> None:
        self._position_changed()
        self.end_reported = True       # undo/redo never re-counts a result
        self.end_time = 0.0
        self._cancel_job()
        self.events.append(('undo',))

    # ---------------------------------------------------------------- settings
    def set_lookahead(self, value: int) -> None:
        """The Advanced lookahead (the ``0``-``9``, ``+``, ``-`` keys): the
        hint and analysis use it, and every computer side that is the
        assignment's AIPlayer (a named level becomes Advanced)."""
        value = max(0, min(self.max_lookahead, value))
        self.lookahead = value
        for side, p in self.players.items():
            if p.kind == 'ai':
                self.players[side] = p.with_(lookahead=value, level='')
        self.remember(lookahead=value)
        full = value >= self.max_lookahead
        self.say(_('Lookahead {n} (a full solve)').format(n=value) if full
                 else _('Lookahead {n}').format(n=value))

    def cycle_tiebreak(self) -> None:
        t = rules.TIEBREAKS
        self.tiebreak = t[(t.index(self.tiebreak) + 1) % len(t)]
        for side, p in self.players.items():
            if p.kind == 'ai':
                self.players[side] = p.with_(tiebreak=self.tiebreak, level='')
        self.remember(tiebreak=self.tiebreak)
        self.say(_('Tiebreak {name}').format(name=self.tiebreak))

    def toggle_expert(self) -> None:
        """Expert for the computer sides and the analysis, or back to the lookahead AI."""
        self.expert_mode = not self.expert_mode
        old, new = ('ai', 'expert') if self.expert_mode else ('expert', 'ai')
        for side, p in self.players.items():
            if p.kind == old:
                self.players[side] = p.with_(kind=new, level='')
        self.remember(expert=self.expert_mode)
        self.say(_('Expert on: perfect play') if self.expert_mode
                 else _('Expert off: the lookahead AI plays'))

    def start_new(self, players: dict, rows: int, cols: int) -> None:
        """A new game with new players for both sides (the new-game dialog).

        :raises ValueError: for a board size the game does not offer.
        """
        rules.check_rows(rows)
        rules.check_cols(cols)
        self.set_demo(False)
        self.players = {s: players[s] for s in 'XO'}
        self.expert_mode = any(p.kind == 'expert' for p in self.players.values())
        advanced = [p for p in self.players.values() if p.advanced]
        if advanced:          # the keys and the analysis start from the AIPlayer chosen
            self.lookahead, self.tiebreak = advanced[-1].lookahead, advanced[-1].tiebreak
        self.new_game(rows, cols)

    def change_pace(self, delta: float) -> None:
        self.pace = min(rules.MAX_PACE, max(rules.MIN_PACE, round(self.pace + delta, 2)))
        self.remember(demo_pace=self.pace)
        self.say(_('Pace: {s:.2f} s per move').format(s=self.pace))

    def toggle_pause(self) -> None:
        if self.demo or all(p.is_computer for p in self.players.values()):
            self.paused = not self.paused
            self.say(_('Paused') if self.paused else _('Resumed'))

    def set_demo(self, on: bool) -> None:
        """Computer against computer, game after game (and back)."""
        if on == self.demo:
            return
        self.demo = on
        self.paused = False
        if on:
            self.saved_players = dict(self.players)
            computers = [p for p in self.players.values() if p.kind in ('ai', 'expert')]
            for side in 'XO':
                if self.players[side].kind == 'human':   # plays like the computer side
                    self.players[side] = computers[0] if computers else PlayerConfig.for_level(
                        'expert' if self.expert_mode else rules.DEFAULT_LEVEL,
                        PlayerConfig('ai', self.lookahead, self.tiebreak))
            self.say(_('Demo: the computer plays both sides'))
        else:
            if self.saved_players:
                self.players = self.saved_players
            self.saved_players = None
            self.say(_('Demo off'))
        self._cancel_job()

    def take_over(self, side: str, why: str) -> None:
        """A computer side failed: the person at this computer plays it; the game goes on."""
        self.players[side] = PlayerConfig('human', self.lookahead, self.tiebreak)
        if self.saved_players:
            self.saved_players[side] = self.players[side]
        print(f'Player {side} failed: {clip(why, 120)} You now play {side}.', file=sys.stderr)
        self.say(_('Player {side} failed: {why} You now play {side}.').format(
            side=side, why=clip(why, 120)), 'error', 6.0)

    def toggle_overlay(self) -> None:
        self.overlay = not self.overlay
        self.say(_('Analysis on') if self.overlay else _('Analysis off'))

    # ------------------------------------------------------------------ jobs
    def _cancel_job(self) -> None:
        if self.requested is not None:
            if self.worker is not None:
                self.worker.cancel()
            self.requested = None

    def analysis_kind(self) -> str:
        return 'expert' if self.expert_mode else 'ai'

    def desired_job(self) -> Job | None:
        """The one search the current state wants, or None: the move of the
        computer side to move, else the hint or the analysis overlay."""
        g = self.game
        if g.over:
            return None
        side = g.to_move
        p = self.players[side]
        spec = ''
        if p.kind in COMPUTER_KINDS:
            kind, lookahead, tiebreak = p.kind, p.lookahead, p.tiebreak
            spec = p.spec if p.kind == 'plugin' else p.level
        elif p.kind in ('random', 'remote') or self.net_state == 'waiting':
            return None
        elif self.overlay or self.hint_wanted:
            kind, lookahead, tiebreak = self.analysis_kind(), self.lookahead, self.tiebreak
        else:
            return None
        budget = self.budgets['expert_analysis']
        if kind == 'expert':
            lookahead, tiebreak = 0, 'LEFT'
            spec = 'move' if p.kind == 'expert' else ''
            if spec:    # Expert's own move: perfect on 6x7, bounded elsewhere
                budget = self.budgets['expert_move'] if (g.rows, g.cols) == (6, 7) \
                    else max(budget, 3.0)
        key = (self.game_id, tuple(g.moves), kind, side, lookahead, tiebreak, spec)
        return Job(key, kind, g.rows_key(), side, lookahead, tiebreak, spec,
                   time_budget=budget,
                   timeout=self.budgets['plugin'] if kind == 'plugin' else None)

    def _sync_job(self) -> None:
        """Submit the wanted job (or cancel the one in flight that is no
        longer wanted)."""
        if self.worker is None:
            return
        job = self.desired_job()
        if job is None or job.key in self.cache:
            if self.requested is not None and (job is None or self.requested != job.key):
                self._cancel_job()
            return
        if self.requested != job.key:
            self.requested = job.key
            self.worker.submit(job)

    def lend_worker(self) -> None:
        """Another screen (Oska, the review) takes the worker: the job in
        flight is cancelled and asked again once the game screen runs."""
        self._cancel_job()

    def worker_replaced(self, worker) -> None:
        """The app started a new worker (the old one's thread died): forget
        the job in flight, it will be asked again."""
        self.worker = worker
        self.requested = None
        self.worker_note = _('AI worker restarted')
        self.say(_('The AI worker stopped; a new one took over.'), 'error', 4.0)

    def take_results(self, results) -> None:
        """Take the worker's results (see :class:`connect4_game.ui.worker.Result`):
        keep those for the current position, drop the stale ones, hand a
        failing computer side to the person."""
        for res in results:
            if res.status == 'died':
                self.worker_note = _('AI worker restarted')
                self.say(_('The AI worker process stopped; a new one took over.'), 'error', 4.0)
                print('AI worker process stopped; restarted it.', file=sys.stderr)
                continue
            if res.key != self.requested:
                continue       # stale: for a position or setting no longer current
            if res.status == 'progress':
                self.progress[res.key] = res.payload
                continue
            self.requested = None
            if res.status == 'ok':
                self.cache[res.key] = res.payload
                while len(self.cache) > 64:
                    self.cache.pop(next(iter(self.cache)))
                continue
            side, kind = res.job.checker, res.job.kind
            why = res.message or res.status
            if self.players[side].is_computer and not self.game.over \
                    and self.game.to_move == side and kind == self.players[side].kind:
                self.take_over(side, f'{why}.')
            else:
                self.say(_('Analysis failed: {why}').format(why=clip(why, 160)), 'error')

    def current_payload(self, kind=None, lookahead=None, tiebreak=None, spec=''):
        """The cached result for the current position: the analysis by
        default, or the side to move's own search with ``kind``/``lookahead``/..."""
        g = self.game
        kind = kind or self.analysis_kind()
        if kind == 'expert':
            la, tb = 0, 'LEFT'
        else:
            la = self.lookahead if lookahead is None else lookahead
            tb = tiebreak or self.tiebreak
        return self.cache.get((self.game_id, tuple(g.moves), kind, g.to_move, la, tb, spec))

    def analysis_payload(self):
        """What the overlay shows: the analysis (or, while it runs, the
        columns proven so far), or the computer side's own search for its
        move (the same question), or None."""
        payload = self.current_payload()
        if payload is None and self.requested is not None and self.requested in self.progress \
                and self.requested[2] == self.analysis_kind() and not self.thinking():
            payload = self.progress[self.requested]
        if payload is None and not self.game.over:
            p = self.side_config()
            if p.kind == 'ai':
                payload = self.current_payload('ai', p.lookahead, p.tiebreak, p.level)
            elif p.kind == 'expert':
                payload = self.current_payload('expert', spec='move')
        return payload

    def _time_search(self, dt: float) -> None:
        if self.requested is not None and self.requested == self._timed_key:
            self.search_time += dt
        else:
            self._timed_key = self.requested
            self.search_time = 0.0

    # ------------------------------------------------------------------ hints
    def request_hint(self) -> None:
        """Ask for the move the AI would play for the person to move."""
        if self.game.over:
            self.say(_('The game is over: start a new one.'))
            return
        if not self.side_config().is_human:
            self.say(_('Hints are for your turn.'), about_position=True)
            return
        self.hint_wanted = True
        self.say(_('Hint: thinking…'), seconds=30.0, about_position=True)
        self._resolve_hint()

    def _centre_most_best(self, payload, col: int) -> int:
        """With the RANDOM tiebreak any best column is what the AI might play;
        the hint then shows the most central of them."""
        scores = payload.get('scores')
        if self.expert_mode or self.tiebreak != 'RANDOM' or not scores or \
                any(not isinstance(x, int) for x in scores):
            return col
        best = max(scores)
        mid = (self.game.cols - 1) / 2
        ties = [c for c, x in enumerate(scores) if x == best and self.game.can_play(c)]
        return min(ties, key=lambda c: (abs(c - mid), c)) if ties else col

    def _resolve_hint(self) -> None:
        if not self.hint_wanted:
            return
        payload = self.current_payload()
        if payload is None or payload.get('column') is None:
            return
        col = payload['column']
        self.hint_wanted = False
        self.notices = [n for n in self.notices if n.seconds != 30.0]
        if isinstance(col, int) and self.game.can_play(col):
            col = self._centre_most_best(payload, col)
            self.hint_col = col
            self.events.append(('hint', col))
            verdict = verdict_text(payload, col)
            self.say(_('Hint: column {n}').format(n=col + 1)
                     + (f' ({verdict})' if verdict else ''), about_position=True)
        else:
            self.say(_('No hint: the search answered column {col}.').format(col=clip(col, 20)),
                     'error')

    # ------------------------------------------------------------------ frames
    def update(self, dt: float, busy: bool = False) -> None:
        """Advance by ``dt`` seconds: take the worker's results, announce the
        end of a game, submit the search the position wants, show a hint,
        play the computer's move. ``busy``: the screen is still animating the
        last move (the computer waits, the end is announced after it)."""
        self.since_move += dt
        self._time_search(dt)
        if self.worker is not None:
            self.take_results(self.worker.poll())
        if self.peer is not None:
            self.take_peer_events(self.peer.events())
        g = self.game
        if g.over and not busy:
            if not self.end_reported:
                self._announce_end()
            self.end_time += dt
            if self.demo and not self.paused and self.end_time >= rules.DEMO_GAP:
                self.new_game()
        self._sync_job()
        self._resolve_hint()
        if not busy:
            self._maybe_computer_move()
        self._time_search(0.0)       # a job submitted or answered this frame starts at 0

    def _computers_only(self) -> bool:
        """Computers play each other here (a friend on the network may be a person)."""
        return all(q.is_computer and q.kind != 'remote' for q in self.players.values())

    def _maybe_computer_move(self) -> None:
        g = self.game
        if g.over:
            return
        side = g.to_move
        p = self.players[side]
        if p.is_human or p.kind == 'remote' or self.paused or self.net_state == 'waiting':
            return
        wait = self.pace if self.demo or self._computers_only() else 0.12
        if self.since_move < wait:
            return
        if p.kind == 'random':
            self.play(random.choice(g.board.legal_columns()), by_computer=True)
            self.last_stats[side] = None
            return
        job = self.desired_job()
        payload = self.cache.get(job.key) if job else None
        if payload is None:
            return
        self._play_payload(side, job.key, payload)

    def _play_payload(self, side: str, key, payload) -> None:
        col = payload.get('column')
        if not self.game.can_play(col):
            self.cache.pop(key, None)
            self.take_over(side, f'it chose column {clip(col, 20)}, which cannot be played.')
            return
        self.last_stats[side] = (payload.get('nodes') or 0, payload.get('time') or 0.0,
                                 payload.get('depth'))
        self.play(col, by_computer=True)

    def move_now(self) -> bool:
        """Play at once the best move of the deepest lookahead the computer
        has finished for this move (the search in flight is dropped)."""
        if not self.can_move_now():
            self.say(_('Nothing to play yet: the computer is still on its first lookahead.'))
            return False
        key = self.requested
        payload = self.progress.pop(key)
        self._cancel_job()
        self._play_payload(self.game.to_move, key, payload)
        return True

    # ------------------------------------------------------------------ network
    def attach_peer(self, peer, local=None) -> None:
        """Play a friend through ``peer`` (a started
        :class:`~connect4_game.net.Host` or :class:`~connect4_game.net.Join`).

        :param local: who plays this computer's side: a :class:`PlayerConfig`,
            or ``{'X': ..., 'O': ...}`` to choose once the side is known (a
            joiner learns it when it connects); default the person here.

        The game starts when the friend is connected (:meth:`take_peer_events`)."""
        self.set_demo(False)
        self.detach_peer()
        self.peer = peer
        human = PlayerConfig('human', self.lookahead, self.tiebreak)
        self.net_local = local if isinstance(local, dict) else {'X': local or human,
                                                                 'O': local or human}
        self.net_state = 'waiting'
        mine = peer.side                     # a host knows its side; a joiner learns it
        self.players = {s: self.net_local[s] if s == mine else PlayerConfig('remote')
                        for s in 'XO'}
        self._cancel_job()
        self.new_game()

    def detach_peer(self) -> None:
        """Leave the network game (the friend is told); the board stays."""
        if self.peer is not None:
            try:
                self.peer.close()
            except Exception:
                pass
        self.peer = None
        if self.net_state:
            self.net_state = ''
            for side, p in self.players.items():
                if p.kind == 'remote':
                    self.players[side] = PlayerConfig('human', self.lookahead, self.tiebreak)

    def _send_to_peer(self, ply: int, col: int) -> bool:
        from connect4_game.net import MoveRefused
        try:
            self.peer.send_move(ply, col)
            return True
        except MoveRefused as exc:
            self.say(_('Your friend cannot get that move: {why}').format(why=clip(exc, 100)),
                     'error')
        except ValueError:
            self.say(_('Wait until your friend is connected.'), about_position=True)
        return False

    def _ask_peer_undo(self) -> bool:
        ply = self.peer.request_undo()
        if ply is None:
            self.say(_('You cannot ask to take back a move now.'))
            return False
        self.say(_('Asked your friend to take back your last move…'), seconds=5.0)
        return True

    def ask_peer_restart(self) -> None:
        """Ask the friend to start again from an empty board."""
        if self.peer is None or not self.game.moves:
            return
        if self.peer.request_undo(0) is None:
            self.say(_('You cannot ask for a new game now.'))
        else:
            self.say(_('Asked your friend to start a new game…'), seconds=5.0)

    def answer_peer_undo(self, accept: bool) -> None:
        """Answer the friend's request to take back moves."""
        if self.peer is not None and self.peer.answer_undo(accept) and accept:
            self._sync_with_peer()

    def _sync_with_peer(self) -> None:
        """Make the board the network's move list (the truth both sides share)."""
        moves = list(self.peer.moves())
        if moves == self.game.moves:
            return
        g = self.game
        if moves[:len(g.moves)] == g.moves and len(moves) == len(g.moves) + 1:
            self.play(moves[-1], by_computer=True)
            return
        self.new_game(g.rows, g.cols, moves)

    def take_peer_events(self, events) -> None:
        """Apply what the network peer reports (see :mod:`connect4_game.net.events`)."""
        from connect4_game import net
        for ev in events:
            if isinstance(ev, (net.Connected, net.PeerBack)):
                info = ev.info
                other = 'O' if info.my_side == 'X' else 'X'
                self.players = {info.my_side: self.net_local[info.my_side],
                                other: PlayerConfig('remote')}
                first = isinstance(ev, net.Connected) or self.net_state == 'waiting'
                self.net_state = 'playing'
                if first or list(info.moves) != self.game.moves or \
                        (info.rows, info.cols) != (self.game.rows, self.game.cols):
                    self.new_game(info.rows, info.cols, list(info.moves))
                name = clip(info.names.get(other) or _('your friend'), 30)
                self.say((_('Connected to {name}: you play {side}.') if first else
                          _('{name} is back: the game goes on.')).format(name=name,
                                                                         side=info.my_side),
                         seconds=5.0)
            elif isinstance(ev, net.OpponentMove):
                self._sync_with_peer()
            elif isinstance(ev, net.UndoRequested):
                self.events.append(('undo_asked', ev.ply))
            elif isinstance(ev, net.UndoAnswered):
                if ev.accept:
                    self._sync_with_peer()
                    self.say(_('Your friend agreed.'))
                else:
                    self.say(_('Your friend said no.'))
            elif isinstance(ev, net.PeerLost):
                self.net_state = 'lost'
                self.say(_('Connection lost ({why}): waiting for your friend to come back…')
                         .format(why=clip(ev.reason, 60)), 'error', 8.0)
            elif isinstance(ev, net.Refused):
                self.say(_('Refused a connection from {who}: {why}').format(
                    who=clip(ev.address, 40), why=clip(ev.reason, 60)), seconds=4.0)
            elif isinstance(ev, net.Error):
                self.say(clip(ev.text, 160), 'error', 6.0)
            elif isinstance(ev, net.ChatMessage):
                self.say(_('Your friend: {text}').format(text=clip(ev.text, 160)), seconds=6.0)
            elif isinstance(ev, net.Closed):
                self.net_state = 'closed'
                self.say(_('The network game has ended.'), 'info' if self.game.over else 'error',
                         6.0)

    # ------------------------------------------------------------------ files
    def saved_game(self):
        """The game as a :class:`connect4_game.storage.savegame.SavedGame`."""
        from connect4_game.storage.savegame import SavedGame
        x, o = self.stats_names()
        return SavedGame(self.game.rows, self.game.cols, self.game.move_string(), x, o)


def verdict_text(payload, col: int) -> str:
    """A short, plain-words verdict on ``col`` from a search result: Expert's
    label (``'win in 9'``) or the assignment's score (100: ``'a win'``, 0:
    ``'a loss'``, 50: ``'even'``); '' if there is none."""
    labels = payload.get('labels')
    if labels and 0 <= col < len(labels) and labels[col]:
        return label_words(labels[col])
    scores = payload.get('scores') or []
    if 0 <= col < len(scores):
        return score_words(scores[col])
    return ''


def score_words(score) -> str:
    """The assignment's scores in words (BU CS111 ps9, Problem 4): 100 a win
    within the lookahead, 0 a loss, 50 neither, -1 a full column."""
    return {100: _('wins'), 0: _('loses'), 50: _('even'), -1: _('full')}.get(score, '')


def label_words(label: str) -> str:
    """Expert's labels ('win in 9', 'draw', 'loss in 14', '≈ win', 'full') in
    the current language."""
    import re
    m = re.fullmatch(r'(≈ |≥ )?(win|loss|draw|full|game over|win|loss)( in (\d+))?', label or '')
    if not m:
        return label or ''
    approx, kind, n = m.group(1) or '', m.group(2), m.group(4)
    words = {'win': _('win'), 'loss': _('loss'), 'draw': _('draw'), 'full': _('full'),
             'game over': _('game over')}[kind]
    if n:
        words = {'win': _('win in {n}'), 'loss': _('loss in {n}')}[kind].format(n=n)
    return approx + words
