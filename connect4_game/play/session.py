"""The game in the window, free of pygame: the game record, the seats that
play it, and the flow of a game (whose turn, undo policy, the end).

:class:`GameSession` is the one owner of the window's game state. It lives on
the main thread; the screens read it and command it (a click becomes
:meth:`GameSession.human_drop`), and the app steps it with ``dt`` in seconds
(:meth:`GameSession.update`), which takes the worker's results, the
network's news and lets the seat to move play. The searches are planned by
:class:`~connect4_game.play.planner.SearchPlanner`, the hint and the analysis
by :class:`~connect4_game.play.advisor.Advisor`, the setting keys by
:class:`~connect4_game.play.controls.Controls`, and a game with a friend over
the network by :class:`~connect4_game.play.network_game.NetworkGame`.

What the session has to say to the player it queues as
:class:`~connect4_game.play.events.Notice` (toasts) and
:class:`~connect4_game.play.events.GameEvent` (animations, sounds, dialogs).

The assignment's text stays the assignment's: the end of a game prints
``Player X wins in N moves.`` and ``Congratulations!`` (or ``It's a tie!``) on
stdout, as BU CS111 ps9 Problem 3's ``connect_four`` does.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Iterable
from typing import IO, TYPE_CHECKING, Any

from connect4_game import rules
from connect4_game.game import Game, Move, MoveRefused
from connect4_game.i18n import _
from connect4_game.messages import MAX_TEXT, clip
from connect4_game.play.advisor import Advisor
from connect4_game.play.computer import ComputerTurns
from connect4_game.play.controls import Controls
from connect4_game.play.events import (
    DropRefused,
    GameEvent,
    GameOver,
    GameStarted,
    HistoryChanged,
    MoveMade,
    Notice,
    NoticeKind,
)
from connect4_game.play.planner import SearchPlanner
from connect4_game.play.seats import Seat, make_seat, stats_name
from connect4_game.seat_config import PlayerConfig, SeatKind

if TYPE_CHECKING:
    from connect4_game.play.network_game import NetworkGame

__all__ = ['GameSession', 'Notice']

log = logging.getLogger(__name__)

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
    :param record: called with ``(x_name, o_name, result)`` when a game ends
        (``result`` 'X', 'O' or 'tie'), or None.
    :param budgets: seconds: ``'expert_move'``, ``'expert_analysis'``,
        ``'plugin'`` (defaults from :mod:`connect4_game.rules`).
    :param out: where the result line is printed (default ``sys.stdout``).
    :param worker: the AI worker (``submit``/``cancel``/``poll``), or None.
    :raises ValueError: for a bad size or bad moves (naming the move).
    """

    def __init__(self, players: dict[str, PlayerConfig], rows: int = rules.DEFAULT_ROWS,
                 cols: int = rules.DEFAULT_COLS, moves: Iterable[int] = (), *,
                 lookahead: int = rules.DEFAULT_LOOKAHEAD,
                 tiebreak: str = rules.DEFAULT_TIEBREAK, expert: bool = False,
                 pace: float = rules.DEFAULT_PACE, demo: bool = False,
                 remember: Callable[..., None] | None = None,
                 record: Callable[[str, str, str], None] | None = None,
                 budgets: dict[str, float] | None = None, out: IO[str] | None = None,
                 worker: Any = None) -> None:
        self.lookahead = rules.check_lookahead(lookahead)
        self.tiebreak = rules.check_tiebreak(tiebreak)
        self.expert_mode = bool(expert)
        self.pace = rules.check_number(pace, rules.MIN_PACE, rules.MAX_PACE, 'pace')
        self.remember: Callable[..., None] = remember or (lambda **changes: None)
        self.record = record
        self.out = out
        self.planner = SearchPlanner(worker, budgets)
        self.advisor = Advisor(self)
        self.controls = Controls(self)
        self.computer = ComputerTurns(self)
        self.network: NetworkGame | None = None     # while a friend plays here
        self.demo = False
        self.paused = False
        self.saved_players: dict[str, PlayerConfig] | None = None
        self.position_id = 0
        self.notices: list[Notice] = []
        self.events: list[GameEvent] = []
        self.last_stats: dict[str, tuple[int, float, Any] | None] = {}
        self.worker_note = ''
        self.since_move = 0.0
        self.end_time = 0.0
        self.end_reported = False
        self.games_finished = 0
        self.total_moves = 0
        self.game = Game(rows, cols, moves)
        self.seats: dict[str, Seat] = {s: make_seat(s, players[s]) for s in 'XO'}
        self.new_game(rows, cols, moves)
        if demo:
            self.controls.set_demo(True)

    # ------------------------------------------------------------------ queries
    @property
    def players(self) -> dict[str, PlayerConfig]:
        """Who plays each side: ``{'X': PlayerConfig, 'O': PlayerConfig}`` (a copy)."""
        return {s: seat.config for s, seat in self.seats.items()}

    @property
    def max_lookahead(self) -> int:
        """rows*cols: a deeper search is the same search (see
        :func:`connect4_game.rules.clamp_lookahead`)."""
        return self.game.rows * self.game.cols

    def seat(self, side: str | None = None) -> Seat:
        """The seat of ``side`` (default: the side to move)."""
        return self.seats[side or self.game.to_move]

    def label(self, side: str) -> str:
        """How the window names ``side``: 'You', 'Computer (Medium)', ..."""
        other = self.seats['O' if side == 'X' else 'X']
        return self.seats[side].label(other.person, self.max_lookahead)

    def humans(self) -> list[str]:
        """The sides a person at this computer plays."""
        return [s for s in 'XO' if self.seats[s].person]

    def human_to_move(self) -> bool:
        """A person at this computer is to move in a running game."""
        return not self.game.over and self.seat().person

    def started(self) -> bool:
        """Moves can be played: not a network game still waiting for the friend."""
        return self.network is None or self.network.started()

    def thinking(self) -> bool:
        """The computer side to move is being searched for."""
        seat = self.seat()
        return self.planner.requested is not None and not self.game.over \
            and not (seat.person or seat.friend)

    def stats_names(self) -> tuple[str, str]:
        """The two sides as the statistics file names them (the same in every
        language): 'Human', 'AI(LEFT,3)', 'Medium', a plug-in's spec, ..."""
        return stats_name(self.seats['X'].config), stats_name(self.seats['O'].config)

    # ------------------------------------------------------------------ news
    def say(self, text: str, kind: NoticeKind | str = NoticeKind.INFO, seconds: float = 2.5,
            about_position: bool = False) -> None:
        """Queue a notice (see :class:`Notice`); ``about_position`` ties it to
        the current position, so it disappears when the position changes."""
        self.notices.append(Notice(clip(text, MAX_TEXT), NoticeKind(kind), seconds,
                                   self.position_id if about_position else None))

    def take_news(self) -> tuple[list[GameEvent], list[Notice]]:
        """The events and the notices queued since the last call."""
        out = self.events, self.notices
        self.events, self.notices = [], []
        return out

    def _position_changed(self) -> None:
        self.position_id += 1
        self.advisor.position_changed()
        self.since_move = 0.0

    # ------------------------------------------------------------------ seats
    def set_players(self, players: dict[str, PlayerConfig]) -> None:
        """New seats for the sides in ``players`` (the old ones close); the
        game goes on."""
        for side, config in players.items():
            old = self.seats[side]
            old.close(self.planner)
            self.seats[side] = make_seat(side, config)
        self.planner.cancel()

    def close(self) -> None:
        """Close every seat (a friend over the network is told you left) and
        leave the network game; the board stays."""
        for seat in self.seats.values():
            seat.close(self.planner)
        if self.network is not None:
            self.network.close()
            self.network = None
        person = PlayerConfig(SeatKind.HUMAN, self.lookahead, self.tiebreak)
        for side, seat in self.seats.items():
            if seat.closed:        # the same player in a new seat (a friend who left: you)
                self.seats[side] = make_seat(side, person if seat.friend else seat.config)
        self.planner.cancel()

    def take_over(self, side: str, why: str) -> None:
        """A computer side failed: the person at this computer plays it; the game goes on."""
        self.set_players({side: PlayerConfig(SeatKind.HUMAN, self.lookahead, self.tiebreak)})
        if self.saved_players:
            self.saved_players[side] = self.seats[side].config
        log.warning('Player %s failed: %s You now play %s.', side, clip(why, 120), side)
        self.say(_('Player {side} failed: {why} You now play {side}.').format(
            side=side, why=clip(why, 120)), NoticeKind.ERROR, 6.0)

    # ------------------------------------------------------------------ games
    def new_game(self, rows: int | None = None, cols: int | None = None,
                 moves: Iterable[int] = ()) -> None:
        """Start a game (same size unless given) with the same seats.

        :raises ValueError: for a bad size or bad moves; the current game is
            then unchanged.
        """
        self.game = Game(rows or self.game.rows, cols or self.game.cols, moves)
        self.planner.forget()
        self.controls.clamp_lookaheads()
        self._position_changed()
        self.end_time = 0.0
        self.end_reported = self.game.over
        self.last_stats = {}
        self.events.append(GameStarted())

    def start_new(self, players: dict[str, PlayerConfig], rows: int, cols: int,
                  moves: Iterable[int] = ()) -> None:
        """Another game with new seats for both sides (the new-game dialog, a
        loaded game): every seat of the old game closes first, and a network
        game ends (the friend is told).

        :raises ValueError: for a board size the game does not offer or bad
            moves; nothing changes then.
        """
        Game(rows, cols, moves)                 # check before closing anything
        self.controls.set_demo(False)
        self.close()
        self.set_players(players)
        self.expert_mode = any(p.kind == SeatKind.EXPERT for p in players.values())
        advanced = [p for p in players.values() if p.advanced]
        if advanced:          # the keys and the analysis start from the AIPlayer chosen
            self.lookahead, self.tiebreak = advanced[-1].lookahead, advanced[-1].tiebreak
        self.new_game(rows, cols, moves)

    def load(self, rows: int, cols: int, moves: Iterable[int]) -> None:
        """A saved game with the same seats (a friend over the network is
        left: the game is no longer theirs).

        :raises ValueError: for a bad size or bad moves; nothing changes then.
        """
        Game(rows, cols, moves)
        self.controls.set_demo(False)
        self.close()
        self.new_game(rows, cols, moves)

    # ------------------------------------------------------------------ moves
    def play(self, col: Any) -> bool:
        """Drop the side-to-move's checker in ``col`` (0-based).

        :returns: False (and a :class:`DropRefused` event with a notice) if
            the column cannot take it or the game is over.
        """
        g = self.game
        if g.over:
            return False
        if not g.can_play(col):           # a shake, a sound and words
            inside = rules.is_int(col, 0, g.cols - 1)
            self.events.append(DropRefused(col if inside else None))
            if inside:
                self.say(_('Column {n} is full: choose another one.').format(n=col + 1),
                         NoticeKind.ERROR, 2.5, about_position=True)
            return False
        if self.network is not None and not self.seat().friend \
                and not self.network.send(g.next_ply, col):
            return False
        self._played(g.push(col))
        return True

    def play_friend_move(self, ply: int, col: int) -> bool:
        """The friend's move ``col`` (0-based) as move ``ply`` (1-based), from
        the network: played only if it is the friend's own next move.

        :returns: whether it was played (a repeated move is not played again).
        """
        friends = [side for side, seat in self.seats.items() if seat.friend]
        try:
            move = self.game.offer(ply, col, side=friends[0] if friends else '')
        except MoveRefused as exc:
            log.warning("refused the friend's move %s at ply %s: %s", col, ply, exc)
            return False
        if move is not None:
            self._played(move)
        return move is not None

    def _played(self, move: Move) -> None:
        self.total_moves += 1
        self._position_changed()
        self.events.append(MoveMade(move))
        if self.game.over:
            self.end_reported = False
            self.end_time = 0.0

    def human_drop(self, col: Any) -> bool:
        """A person asks to drop a checker in ``col`` (0-based). Refused with
        a notice when it is not their turn."""
        if col is None or self.game.over:
            return False
        seat = self.seat()
        if not self.started():
            self.say(_('Wait until your friend is connected.'), about_position=True)
        elif seat.friend:
            self.say(_("Wait: it is your friend's turn."), about_position=True)
        elif not seat.person:
            self.say(_("Wait: it is the computer's turn."), about_position=True)
        else:
            return self.play(col)
        return False

    def _announce_end(self) -> None:
        outcome = self.game.outcome
        assert outcome is not None
        out = self.out if self.out is not None else sys.stdout
        if out is not None:          # None under a gui-script on Windows
            try:
                print(outcome.message(), file=out)
                if outcome.winner:
                    print('Congratulations!', file=out)
                out.flush()
            except (OSError, ValueError) as exc:
                log.info('could not print the result: %s', exc)
        self.games_finished += 1
        if self.record is not None:
            x, o = self.stats_names()
            try:
                self.record(x, o, outcome.result())
            except (OSError, ValueError) as exc:
                log.warning('could not record statistics: %s', clip(exc, 200))
        self.events.append(GameOver(outcome))
        self.end_reported = True

    # --------------------------------------------------------------- undo/redo
    def undo(self) -> bool:
        """Take back moves until it is a person's turn again (one move if
        nobody at this computer plays). Also after the game ended. In a
        network game, the friend is asked first."""
        g = self.game
        if not g.moves:
            self.say(_('Nothing to undo.'))
            return False
        if self.network is not None:
            return self.network.ask_undo()
        if self.demo:
            self.paused = True
        g.pop()
        if self.humans():
            while g.moves and not self.seat().person:
                g.pop()
        self.history_changed()
        return True

    def redo(self) -> bool:
        """Play again what :meth:`undo` took back, up to the next person's turn."""
        g = self.game
        if self.network is not None:
            self.say(_('Redo is not available in a network game.'))
            return False
        if not g.redo_stack:
            self.say(_('Nothing to redo.'))
            return False
        g.redo()
        if self.humans():
            while g.redo_stack and not g.over and not self.seat().person:
                g.redo()
        self.history_changed()
        return True

    def answer_friend_undo(self, accept: bool) -> None:
        """Answer the friend's request to take back moves (if the network
        game is still on)."""
        if self.network is not None:
            self.network.answer_undo(accept)

    def history_changed(self) -> None:
        """Moves were taken back or played again: searches for the old
        position stop, and the end (if any) is not announced again."""
        self._position_changed()
        self.end_reported = True       # undo/redo never re-counts a result
        self.end_time = 0.0
        self.planner.cancel()
        self.events.append(HistoryChanged())

    # ------------------------------------------------------------------ frames
    def update(self, dt: float, busy: bool = False) -> None:
        """Advance by ``dt`` seconds: take the worker's results and the
        network's news, announce the end of a game, ask for the search the
        position wants, let the seat to move play. ``busy``: the screen is
        still animating the last move (the computer waits, the end is
        announced after it)."""
        self.since_move += dt
        self.planner.tick(dt)
        if self.planner.worker is not None:
            self.computer.failed(self.planner.take_results(self.planner.worker.poll()))
        if self.network is not None:
            self.network.update()
        g = self.game
        if g.over and not busy:
            if not self.end_reported:
                self._announce_end()
            self.end_time += dt
            if self.demo and not self.paused and self.end_time >= rules.DEMO_GAP:
                self.new_game()
        self.planner.sync(self.computer.desired_job())
        self.advisor.resolve_hint()
        if not busy:
            self.computer.let_seat_move()
        self.planner.tick(0.0)       # a job submitted or answered this frame starts at 0

    # ------------------------------------------------------------------ files
    def saved_game(self) -> Any:
        """The game as a :class:`connect4_game.storage.savegame.SavedGame`."""
        from connect4_game.storage.savegame import SavedGame, moves_to_string
        x, o = self.stats_names()
        return SavedGame(self.game.rows, self.game.cols, moves_to_string(self.game.moves), x, o)
