"""The window's game, free of pygame: :class:`GameSession` owns the record, its seats and
the flow of a game (turns, the computer's moves, hint, analysis, undo, a friend's game)."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Iterable
from typing import IO, Any

from connect4_game.ai.levels import DEFAULT_LEVEL
from connect4_game.ai.perfect import always_proven
from connect4_game.core.board import DEFAULT_COLS, DEFAULT_ROWS, other
from connect4_game.core.checks import check_lookahead, check_number, is_int
from connect4_game.core.game import Game, Move, MoveRefused
from connect4_game.core.messages import MAX_TEXT, clip
from connect4_game.core.notation import Notation, format_moves
from connect4_game.core.side import Side
from connect4_game.i18n import _, ngettext, number
from connect4_game.net import events as ev
from connect4_game.net.connection import DEFAULT_TIMING, NetState, Timing
from connect4_game.net.options import NetMode, NetworkOptions
from connect4_game.play import events
from connect4_game.play.events import Notice, NoticeKind
from connect4_game.play.network_game import NetworkGame
from connect4_game.play.planner import Analysis, SearchPlanner
from connect4_game.play.seats import Seat, make_seat
from connect4_game.play.verdicts import (
    HINT_SECONDS,
    KnownVerdicts,
    column_words,
    lookahead_words,
    score_words,
)
from connect4_game.players import DEFAULT_LOOKAHEAD, DEFAULT_TIEBREAK, TIEBREAKS, check_tiebreak
from connect4_game.search.jobs import JobKind, Result, ResultStatus, SearchPool, SearchRequest
from connect4_game.search.replies import MoveReply
from connect4_game.seat_config import PlayerSpec, SeatKind
from connect4_game.storage.savegame import STORED_KINDS, SavedGame
from connect4_game.storage.settings import DEFAULT_PACE, DEMO_GAP, MAX_PACE, MIN_PACE

__all__ = ['GameSession']

log = logging.getLogger(__name__)

HUMAN_REPLY_WAIT = 0.12   # seconds before a computer answers a person (the drop is seen)


class GameSession:
    """The window's game (docs/architecture.md).
    :param players: ``{Side: PlayerSpec}``.
    :param rows, cols: board size (:mod:`connect4_game.core.board` limits).
    :param moves: 0-based columns to start from.
    :param lookahead, tiebreak: the Advanced AI settings of the hint, the analysis and
        the ``0``-``9`` / ``T`` keys (BU CS111 ps9, Problem 4).
    :param expert: analysis and hints by Expert (also on when a side is Expert).
    :param pace: seconds between moves when computers play each other.
    :param remember: called with setting changes (``Settings`` field names), or None.
    :param record: called with ``(x_name, o_name, Outcome.result())`` when a game ends,
        or None.
    :param budgets: seconds: ``'expert_move'``, ``'expert_analysis'``, ``'plugin'``.
    :param out: where the result line is printed (default ``sys.stdout``).
    :param worker: the search pool, or None.
    :raises ValueError: for a bad size or bad moves (naming the move).

    The screens read ``game``, ``seats``, ``lookahead``, ``tiebreak``, ``expert_mode``, ``pace``,
    ``paused``, ``demo``, ``network``, ``from_network``, ``overlay``, ``hint_col`` (0-based or
    None), ``hint_wanted``, ``position_id``."""

    def __init__(self, players: dict[str, PlayerSpec], rows: int = DEFAULT_ROWS,
                 cols: int = DEFAULT_COLS, moves: Iterable[int] = (), *,
                 lookahead: int = DEFAULT_LOOKAHEAD, tiebreak: str = DEFAULT_TIEBREAK,
                 expert: bool = False, pace: float = DEFAULT_PACE, demo: bool = False,
                 remember: Callable[..., None] | None = None,
                 record: Callable[[str, str, str], None] | None = None,
                 budgets: dict[str, float] | None = None, out: IO[str] | None = None,
                 worker: SearchPool | None = None) -> None:
        self.lookahead = check_lookahead(lookahead)
        self.tiebreak = check_tiebreak(tiebreak)
        self.expert_mode = bool(expert) or any(p.perfect for p in players.values())
        self.pace = check_number(pace, MIN_PACE, MAX_PACE, 'pace')
        self.remember: Callable[..., None] = remember or (lambda **changes: None)
        self.record = record
        self.out = out
        self.planner = SearchPlanner(worker, budgets)
        self.known = KnownVerdicts()
        self.network: NetworkGame | None = None     # while a friend plays here
        self.joining: NetworkGame | None = None     # a join under way: this game stays till then
        self.from_network = False     # the board's game is a friend's: never autosaved
        self.demo = False
        self.paused = False
        self.before: dict[str, PlayerSpec] | None = None   # who played before a demo/network
        self._before_expert: dict[str, PlayerSpec] = {}     # the sides E made Expert
        self.overlay = False
        self.hint_col: int | None = None
        self.hint_wanted = False
        self.position_id = 0
        self.notices: list[Notice] = []
        self.events: list[events.GameEvent | ev.Event] = []
        self.last_stats: dict[str, tuple[int, float, Any] | None] = {}
        self.worker_note = ''
        self.since_move = 0.0
        self.end_time = 0.0
        self.end_reported = False
        self.games_finished = 0
        self.total_moves = 0
        self.seats: dict[str, Seat] = {s: make_seat(s, players[s]) for s in Side}
        self._begin(Game(rows, cols, moves))
        if demo:
            self.set_demo(True)

    @property
    def players(self) -> dict[str, PlayerSpec]:
        """Who plays each side: ``{Side: PlayerSpec}`` (a copy)."""
        return {s: seat.spec for s, seat in self.seats.items()}

    @property
    def max_lookahead(self) -> int:
        """rows*cols: a deeper search is the same search."""
        return self.game.rows * self.game.cols

    def seat(self, side: str | None = None) -> Seat:
        """The seat of ``side`` (default: the side to move)."""
        return self.seats[side or self.game.to_move]

    def label(self, side: str) -> str:
        """How the window names ``side``: 'You', 'Computer (Medium)', ..."""
        return self.seats[side].label(self.seats[other(side)].person, self.max_lookahead)

    def humans(self) -> list[Side]:
        """The sides a person at this computer plays."""
        return [s for s in Side if self.seats[s].person]

    def human_to_move(self) -> bool:
        """A person at this computer is to move in a running game."""
        return not self.game.over and self.seat().person

    def started(self) -> bool:
        """Moves can be played: not a network game still waiting for the friend."""
        return self.network is None or (self.network.started()
                                         and self.game is self.network.peer.game)

    def thinking(self) -> bool:
        """The computer side to move is being searched for."""
        seat = self.seat()
        return self.planner.requested is not None and not self.game.over \
            and not (seat.person or seat.friend)

    def stats_names(self) -> tuple[str, str]:
        """The sides as the statistics name them: 'Human', 'AI(LEFT,3)', 'Medium', ..."""
        return self.seats[Side.X].spec.statistics_name, self.seats[Side.O].spec.statistics_name

    def local_players(self) -> dict[str, PlayerSpec]:
        """Who plays here, for the new-game dialog: :attr:`before`, else :attr:`players`."""
        return dict(self.before or self.players)

    def say(self, text: str, kind: NoticeKind | str = NoticeKind.INFO, seconds: float = 2.5,
            about_position: bool = False) -> None:
        """Queue a notice; ``about_position``: it goes when the position changes."""
        self.notices.append(Notice(clip(text, MAX_TEXT), NoticeKind(kind), seconds,
                                   self.position_id if about_position else None))

    def take_news(self) -> tuple[list[events.GameEvent | ev.Event], list[Notice]]:
        """The events and the notices queued since the last call."""
        out = self.events, self.notices
        self.events, self.notices = [], []
        return out

    def _position_changed(self) -> None:
        self.position_id += 1
        self.hint_col = None
        self.hint_wanted = False
        self.since_move = 0.0

    def set_players(self, players: dict[str, PlayerSpec]) -> None:
        """New seats for the sides in ``players`` (the old ones close); the game goes on."""
        for side, config in players.items():
            self.seats[side].close(self.planner)
            self.seats[side] = make_seat(side, config)
        if self.network is not None and self.network.closed:   # a friend's seat closed it
            self.network = None
        self.planner.cancel()

    def close(self) -> None:
        """Close the seats (a friend is told you left), the network game and a join; the board
        stays."""
        self.cancel_join()
        if self.network is not None:
            self.network.close()
            self.network = None
        person = PlayerSpec(SeatKind.HUMAN, self.lookahead, self.tiebreak)   # for a friend
        self.set_players({side: person if seat.friend else seat.spec
                          for side, seat in self.seats.items()})

    def take_over(self, side: str, why: str) -> None:
        """A computer side failed: the person at this computer plays it; the game goes on."""
        self.set_players({side: PlayerSpec(SeatKind.HUMAN, self.lookahead, self.tiebreak)})
        if self.before:
            self.before[side] = self.seats[side].spec
        log.warning('Player %s failed: %s You now play %s.', side, clip(why, 120), side)
        self.say(_('Player {side} failed: {why} You now play {side}.').format(
            side=side, why=clip(why, 120)), NoticeKind.ERROR, 6.0)

    def new_game(self, rows: int | None = None, cols: int | None = None,
                 moves: Iterable[int] = ()) -> None:
        """Start a game (same size unless given) with the same seats.
        :raises ValueError: for a bad size or bad moves; nothing changes then."""
        self._begin(Game(rows or self.game.rows, cols or self.game.cols, moves))

    def _begin(self, game: Game) -> None:
        """Play ``game`` from here on: a new one, or a network game's record."""
        self.game = game
        self.from_network = self.network is not None
        self.planner.forget()
        self._clamp_lookaheads()
        self._position_changed()
        self.end_time = 0.0
        self.end_reported = self.game.over
        self.last_stats = {}
        self.events.append(events.BoardReset())

    def start_new(self, players: dict[str, PlayerSpec], rows: int, cols: int,
                  moves: Iterable[int] = ()) -> None:
        """Another game with new seats for both sides (the old ones and a network game close).
        :raises ValueError: for a bad size or bad moves; nothing changes then."""
        Game(rows, cols, moves)                 # check before closing anything
        self.set_demo(False)
        self.close()
        self.set_players(players)
        self.before, self._before_expert = None, {}
        self.expert_mode = any(p.perfect for p in players.values())
        advanced = [p for p in players.values() if p.advanced]
        if advanced:          # the keys and the analysis start from the AIPlayer chosen
            self.lookahead, self.tiebreak = advanced[-1].lookahead, advanced[-1].tiebreak
        self.new_game(rows, cols, moves)

    def load(self, rows: int, cols: int, moves: Iterable[int]) -> None:
        """A saved game with the same seats (a friend's game is left).
        :raises ValueError: for a bad size or bad moves; nothing changes then."""
        Game(rows, cols, moves)
        self.set_demo(False)
        self.close()
        self.new_game(rows, cols, moves)

    def play(self, col: Any) -> bool:
        """Drop the side-to-move's checker in ``col`` (0-based); False (and a
        :class:`~connect4_game.play.events.DropRefused`) if it cannot be played."""
        g = self.game
        if g.over:
            return False
        if not g.can_play(col):
            inside = is_int(col, 0, g.cols - 1)
            self.events.append(events.DropRefused(col if inside else None))
            if inside:
                self.say(_('Column {n} is full: choose another one.').format(n=col + 1),
                         NoticeKind.ERROR, 2.5, about_position=True)
            return False
        move = self._send_to_friend(g.next_ply, col) \
            if self.network is not None and not self.seat().friend else g.push(col)
        if move is not None:
            self._played(move)
        return move is not None

    def _played(self, move: Move) -> None:
        self.total_moves += 1
        self._position_changed()
        self.events.append(events.MoveMade(move))
        if self.game.over:
            self.end_reported = False
            self.end_time = 0.0

    def human_drop(self, col: Any) -> bool:
        """A person's drop in ``col`` (0-based); refused with a notice out of turn."""
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
            try:
                self.record(*self.stats_names(), outcome.result())
            except (OSError, ValueError) as exc:
                log.warning('could not record statistics: %s', clip(exc, 200))
        self.events.append(events.GameOver(outcome))
        self.end_reported = True

    def desired_job(self) -> SearchRequest | None:
        """The one search the game wants now: the computer's move, the hint or the analysis."""
        if self.game.over or not self.started():
            return None
        seat = self.seat()
        job = seat.job(self.game, self.planner)
        if job is None and (seat.person or seat.friend) and (self.overlay or self.hint_wanted) \
                and self.help_allowed():
            job = self._analysis_job()
        return job

    def _let_seat_move(self) -> None:
        """A computer to move plays once its answer is at hand, ``pace`` seconds after
        the last move between computers, :data:`HUMAN_REPLY_WAIT` after a person's."""
        seat = self.seat()
        if self.game.over or seat.person or seat.friend or self.paused or not self.started():
            return
        computers_only = not any(x.person or x.friend for x in self.seats.values())
        if self.since_move < (self.pace if self.demo or computers_only else HUMAN_REPLY_WAIT):
            return
        reply = seat.pick(self.game, self.planner)
        if reply is not None and reply.column is not None:
            self._seat_plays(seat, reply)

    def _seat_plays(self, seat: Seat, reply: MoveReply) -> None:
        col = reply.column
        if not self.game.can_play(col):
            self.planner.drop(seat.job(self.game, self.planner))
            self.take_over(seat.side, f'it chose column {clip(col, 20)}, which cannot be played.')
            return
        self.last_stats[seat.side] = None if seat.spec.kind == SeatKind.RANDOM \
            else (reply.nodes, reply.seconds, reply.depth)
        self.play(col)

    def move_now(self) -> bool:
        """Play the deepest finished lookahead's move now (the search stops); False, with a
        notice, if there is none."""
        reply = self.planner.pop_progress() if self.thinking() else None
        if reply is None:
            self.say(_('Nothing to play yet: the computer is still on its first lookahead.'))
            return False
        self._seat_plays(self.seat(), reply)
        return True

    def can_move_now(self) -> bool:
        """:meth:`move_now` has a move to play."""
        return self.thinking() and self.planner.running_progress() is not None

    def _searches_failed(self, failures: list[Result]) -> None:
        """A computer whose move failed hands its side to the person; a failed analysis is said."""
        for res in failures:
            why = res.message or str(res.status)
            if res.status is ResultStatus.DIED:
                self.worker_note = _('AI worker restarted')
                self.say(_('The AI worker process stopped; a new one took over.'),
                         NoticeKind.ERROR, 4.0)
            elif not self.game.over and res.request == self.seat().job(self.game, self.planner):
                self.take_over(self.game.to_move, f'{why}.')
            else:
                self.say(_('Analysis failed: {why}').format(why=clip(why, 160)), NoticeKind.ERROR)

    def worker_replaced(self, worker: SearchPool) -> None:
        """The app started a new worker: the job in flight is asked again."""
        self.planner.replace_worker(worker)
        self.worker_note = _('AI worker restarted')
        self.say(_('The AI worker stopped; a new one took over.'), NoticeKind.ERROR, 4.0)

    def perfect_analysis(self) -> bool:
        """The hint and the analysis are perfect play's: with Expert on, and at every level
        where perfect play is always proven (the 6x7 board); else the lookahead AI's."""
        return self.expert_mode or always_proven(self.game.rows, self.game.cols)

    def _analysis_job(self) -> SearchRequest:
        return self.planner.analysis_job(self.game, self.perfect_analysis(), self.lookahead,
                                         self.tiebreak)

    def perfect_payload(self) -> MoveReply | None:
        """Perfect play for the position: the review's, else Expert's finished analysis."""
        g = self.game
        return self.known.get(g.rows, g.cols, g.moves) or self.planner.reply_for(
            self.planner.analysis_job(g, True, self.lookahead, self.tiebreak))

    def analysis_payload(self) -> Analysis | None:
        """What the overlay shows: :meth:`perfect_payload`, else the analysis (so far,
        marked ``running``, while it runs), else the computer's search for its move."""
        known = self.perfect_payload()
        if known is not None:
            return Analysis(known)
        planner = self.planner
        reply = planner.reply_for(self._analysis_job())
        if reply is None and not self.thinking():
            progress = planner.running_progress(JobKind.EXPERT if self.perfect_analysis()
                                                else JobKind.AI)
            if progress is not None:
                return Analysis(progress, running=True)
        if reply is None and not self.game.over:
            seat = self.seat()
            if seat.spec.kind == SeatKind.AI:
                reply = planner.reply_for(seat.job(self.game, planner))
        return None if reply is None else Analysis(reply)

    def help_allowed(self) -> bool:
        """Hints and analysis may be shown: always but in a network game whose players did
        not both agree to them at the start (fair play; the review has everything)."""
        return self.network is None or self.network.peer.help

    def request_hint(self) -> None:
        """Ask for the hint (the ``H`` key): a notice and :attr:`hint_col` when it comes."""
        if not self.help_allowed():
            self.say(_('Hints and analysis are off in this network game.'))
            return
        if self.game.over:
            self.say(_('The game is over: start a new one.'))
            return
        if not self.seat().person:
            self.say(_('Hints are for your turn.'), about_position=True)
            return
        self.hint_wanted = True
        self.say(_('Hint: thinking…'), seconds=HINT_SECONDS, about_position=True)
        self._resolve_hint()

    def toggle_overlay(self) -> None:
        """The analysis overlay on or off (the ``A`` key)."""
        if not self.help_allowed():
            self.say(_('Hints and analysis are off in this network game.'))
            return
        self.overlay = not self.overlay
        self.say(_('Analysis on') if self.overlay else _('Analysis off'))

    def _centre_most_best(self, reply: MoveReply, col: int) -> int:
        """With the RANDOM tiebreak the hint shows the most central best column."""
        scores = reply.scores
        known = [x for x in scores if x is not None]
        if self.perfect_analysis() or self.tiebreak != 'RANDOM' or not scores or \
                len(known) != len(scores):
            return col
        best = max(known)
        mid = (self.game.cols - 1) / 2
        ties = [c for c, x in enumerate(scores) if x == best and self.game.can_play(c)]
        return min(ties, key=lambda c: (abs(c - mid), c)) if ties else col

    def _resolve_hint(self) -> None:
        if not self.hint_wanted:
            return
        reply = self.planner.reply_for(self._analysis_job())
        if reply is None or reply.column is None:
            return
        col = reply.column
        self.hint_wanted = False
        self.notices = [n for n in self.notices if n.seconds != HINT_SECONDS]
        if self.game.can_play(col):
            col = self._centre_most_best(reply, col)
            self.hint_col = col
            self.events.append(events.HintShown(col))
            verdict = self.verdict(reply, col)
            self.say(_('Hint: column {n}').format(n=col + 1)
                     + (f' ({verdict})' if verdict else ''), about_position=True)
        else:
            self.say(_('No hint: the search answered column {col}.').format(col=clip(col, 20)),
                     NoticeKind.ERROR)

    def verdict(self, reply: MoveReply, col: int) -> str:
        """The hint's words on ``col`` (0-based): perfect play's, else the search's, else ''."""
        for known in (self.perfect_payload(), reply):
            if known is not None and 0 <= col < len(known.columns) \
                    and (column := known.columns[col]) is not None:
                return column_words(column)
        if not 0 <= col < len(reply.scores):
            return ''
        if reply.depth is not None and not reply.columns:
            return lookahead_words(reply.scores[col], reply.depth)
        return score_words(reply.scores[col])

    def _reseat(self, **changes: object) -> None:
        """Every computer seat but Expert with ``changes`` (it starts afresh)."""
        self.set_players({side: p.with_(**changes) for side, p in self.players.items()
                          if p.kind == SeatKind.AI and not p.perfect})

    def set_lookahead(self, value: int) -> None:
        """The Advanced lookahead in plies (the ``0``-``9``, ``+``, ``-`` keys), clamped to
        ``0..rows*cols``, for the analysis and every computer but Expert, which
        becomes the assignment's AIPlayer (BU CS111 ps9, Problem 4)."""
        value = max(0, min(self.max_lookahead, value))
        self.lookahead = value
        self._reseat(lookahead=value, level='')
        self.remember(lookahead=value)
        self.say(_('Lookahead {n} (a full solve)').format(n=value)
                 if value >= self.max_lookahead else _('Lookahead {n}').format(n=value))

    def cycle_tiebreak(self) -> None:
        """The next tiebreak (the ``T`` key), as :meth:`set_lookahead`."""
        t = TIEBREAKS
        self.tiebreak = t[(t.index(self.tiebreak) + 1) % len(t)]
        self._reseat(tiebreak=self.tiebreak, level='')
        self.remember(tiebreak=self.tiebreak)
        self.say(_('Tiebreak {name}').format(name=self.tiebreak))

    def toggle_expert(self) -> None:
        """Expert for the computers and the analysis (the ``E`` key); pressed again,
        each side back to exactly the player it was (one statistics pairing), an
        Expert from the start the assignment's AIPlayer."""
        self.expert_mode = not self.expert_mode
        if self.expert_mode:
            self._before_expert = {side: p for side, p in self.players.items()
                                   if p.kind == SeatKind.AI and not p.perfect}
            self.set_players({side: p.with_(level='expert') for side, p in
                              self._before_expert.items()})
        else:
            back = {side: p.with_(level='') for side, p in self.players.items() if p.perfect}
            back.update({side: was for side, was in self._before_expert.items()
                         if self.players[side] == was.with_(level='expert')})
            self._before_expert = {}
            self.set_players(back)
        self.remember(expert=self.expert_mode)
        self.say(_('Expert on: perfect play') if self.expert_mode
                 else _('Expert off: the lookahead AI plays'))

    def change_pace(self, delta: float) -> None:
        """Seconds between computers' moves, by ``delta`` (within MIN_PACE..MAX_PACE)."""
        self.pace = min(MAX_PACE, max(MIN_PACE, round(self.pace + delta, 2)))
        self.remember(demo_pace=self.pace)
        self.say(_('Pace: {s} s per move').format(s=number(self.pace)))

    def toggle_pause(self) -> None:
        """Pause or resume computers playing each other."""
        if self.demo or not self.humans():
            self.paused = not self.paused
            self.say(_('Paused') if self.paused else _('Resumed'))

    def set_demo(self, on: bool) -> None:
        """Computer against computer, game after game (and back to the seats)."""
        if on == self.demo:
            return
        if on and self.network is not None:
            self.close()               # a demo is another game: the friend is told you left
        self.demo = on
        self.paused = False
        if on:
            self.before = self.local_players()
            computers = [p for p in self.players.values() if p.kind == SeatKind.AI]
            stand_in = computers[0] if computers else PlayerSpec.for_level(
                'expert' if self.expert_mode else DEFAULT_LEVEL,
                PlayerSpec(SeatKind.AI, self.lookahead, self.tiebreak))
            self.set_players({side: stand_in for side, p in self.players.items()
                              if p.kind == SeatKind.HUMAN})
            self.say(_('Demo: the computer plays both sides'))
        else:
            if self.before:
                self.set_players(self.before)
            self.before = None
            self.say(_('Demo off'))
        self.planner.cancel()

    def _clamp_lookaheads(self) -> None:
        cap = self.max_lookahead
        self.lookahead = min(self.lookahead, cap)
        too_deep = {side: p.with_(lookahead=cap) for side, p in self.players.items()
                    if p.lookahead > cap}
        if too_deep:
            self.set_players(too_deep)
        if self.before:
            self.before = {side: p.with_(lookahead=min(cap, p.lookahead))
                           for side, p in self.before.items()}

    def undo(self) -> bool:
        """Take back moves to a person's turn (one if nobody here plays); a friend is asked."""
        g = self.game
        if not g.moves:
            self.say(_('Nothing to undo.'))
            return False
        if self.network is not None:
            return self.ask_friend_undo()
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

    def history_changed(self) -> None:
        """Moves were taken back or played again: the searches stop; no end is announced."""
        self._position_changed()
        self.end_reported = True
        self.end_time = 0.0
        self.planner.cancel()
        self.events.append(events.BoardReset())

    # ------------------------------------------------------------ the network
    def start_network(self, options: NetworkOptions, *, name: str = '',
                      first_tries: float | None = None, timing: Timing = DEFAULT_TIMING
                      ) -> NetworkGame:
        """Host (this game's seats close; the host's record is the game at once) or join
        (this game stays, as :attr:`joining`, until the host welcomes it; a failed join
        leaves it, with the ``JoinFailed``) as ``options`` say; ``first_tries`` and
        ``timing`` go to :meth:`~connect4_game.net.options.NetworkOptions.open`.
        :raises OSError: if a host cannot listen; ValueError: a bad address, port, side, code."""
        self.cancel_join()
        host = options.mode is NetMode.HOST
        if host:
            self.set_demo(False)
            self.before = self.local_players()
            self.close()
        peer = options.open(rows=self.game.rows, cols=self.game.cols, first_tries=first_tries,
                            name=name or (_('Host') if host else _('Guest')), timing=timing)
        person = PlayerSpec(SeatKind.HUMAN, self.lookahead, self.tiebreak)
        net = NetworkGame(peer, {side: options.local.get(side, person) for side in Side})
        if not host:
            self.joining = net
            return net
        self.network = net
        self._seat_network_players()
        if net.peer.game is not None:
            self._begin(net.peer.game)
        else:
            self.new_game()
        return net

    def cancel_join(self) -> None:
        """Stop a join under way; the game here goes on."""
        if self.joining is not None:
            self.joining.close()
            self.joining = None

    def _join_update(self, net: NetworkGame) -> None:
        """A join under way: welcomed, the game here ends and the friend's begins;
        failed, the game here goes on and the ``JoinFailed`` says why."""
        news = net.peer.events()
        for i, event in enumerate(news):
            if isinstance(event, ev.Connected):
                self.joining = None
                self.set_demo(False)
                self.before = self.local_players()
                self.close()
                self.network = net
                self._network_events(net, news[i:])
                return
            if isinstance(event, ev.JoinFailed):
                self.joining = None
                net.close()
                self.events.append(event)
                return

    def play_computer_from_here(self) -> None:
        """The friend is gone: the computer (the default level) takes their side and this
        game goes on from its position; the network game closes, its port with it."""
        net = self.network
        if net is None:
            return
        friend = (net.peer.side or Side.X).other
        self.close()
        self.set_players({friend: PlayerSpec.for_level(DEFAULT_LEVEL)})
        self.say(_('The computer plays for your friend from here.'), seconds=4.0)

    def _seat_network_players(self) -> None:
        """This computer's player on its side, the friend on the other (or both, before a
        joiner knows its side)."""
        net = self.network
        assert net is not None
        if not self.help_allowed():
            self.overlay = self.hint_wanted = False
        for side in Side:
            old = self.seats[side]
            if not old.friend:       # a friend's seat closes the connection: it is only replaced
                old.close(self.planner)
            self.seats[side] = make_seat(side, net.local[side]) if side == net.peer.side \
                else net.friend_seat(side)
        self.planner.cancel()

    def _send_to_friend(self, ply: int, col: int) -> Move | None:
        """Play this side's move into the network game's record and send it; None (with a
        notice) if refused."""
        assert self.network is not None
        try:
            return self.network.peer.send_move(ply, col)
        except MoveRefused as exc:
            self.say(_('Your friend cannot get that move: {why}').format(why=clip(exc, 100)),
                     NoticeKind.ERROR)
        except ValueError:
            self.say(_('Wait until your friend is connected.'), about_position=True)
        return None

    def ask_friend_undo(self, ply: int | None = None) -> bool:
        """Ask the friend to take back this side's last move (and their reply, if any), or
        with ``ply=0`` to start a new game; whether the friend was asked."""
        try:
            asked = self.network.peer.request_undo(ply) if self.network is not None else None
        except ValueError:
            asked = None
        if asked is None:
            self.say(_('You cannot ask your friend now.'))
            return False
        n = len(self.game.moves) - asked
        self.say(_('Asked your friend to start a new game…') if ply == 0 else
                 ngettext('Asked your friend to take back your last move…',
                          'Asked your friend to take back your last {n} moves…',
                          n).format(n=n), seconds=5.0)
        return True

    def answer_friend_undo(self, accept: bool) -> None:
        """Answer the friend's request to take back moves; they go at once if ``accept``."""
        if self.network is not None and self.network.peer.answer_undo(accept) and accept:
            self.history_changed()

    def _network_events(self, net: NetworkGame, news: list[ev.Event]) -> None:
        """Show the connection's ``news`` (taking them played the friend's moves and
        accepted undos into its record, the session's game)."""
        for event in news:
            notice = net.news(event)
            if notice is not None:
                self.say(notice.text, notice.kind, notice.seconds)
                if isinstance(event, ev.PeerLost) and event.left and not self.game.over:
                    self.events.append(events.FriendLeft())
            elif isinstance(event, ev.Connected):
                self._friend_connected(net, event)
            elif isinstance(event, ev.OpponentMove):
                self._friend_moved(net, event)
            elif isinstance(event, ev.UndoRequested):
                self.events.append(event)
            elif isinstance(event, ev.UndoAnswered):
                if event.accept:
                    self.history_changed()
                self.say(_('Your friend agreed.') if event.accept else _('Your friend said no.'))
            elif isinstance(event, ev.JoinFailed):
                self.say(event.text, NoticeKind.ERROR, 8.0)
                self.events.append(event)
                self.close()
            elif isinstance(event, ev.Closed) and net.peer.state is not NetState.FAILED:
                self.say(_('The network game has ended.'),
                         NoticeKind.INFO if self.game.over else NoticeKind.ERROR, 6.0)
            if self.network is not net:
                return                 # the game left the network: later news is not its

    def _friend_connected(self, net: NetworkGame, event: ev.Connected) -> None:
        info, first = event.info, not event.again
        self._seat_network_players()
        if (first or self.game is not net.peer.game) and net.peer.game is not None:
            self._begin(net.peer.game)
        name = clip(info.names.get(info.my_side.other) or _('your friend'), 30)
        self.say((_('Connected to {name}: you play {side}.') if first else
                  _('{name} is back: the game goes on.')).format(name=name, side=info.my_side),
                 seconds=5.0)
        if first and not info.help:
            self.say(_('Hints and analysis are off in this network game.'), seconds=5.0)

    def _friend_moved(self, net: NetworkGame, event: ev.OpponentMove) -> None:
        """Show the friend's move, already in the record (unless an undo took it back since)."""
        moves, ply, col = self.game.moves, event.ply, event.column
        if self.game is net.peer.game and ply <= len(moves) and moves[ply - 1] == col:
            row = self.game.rows - 1 - moves[:ply - 1].count(col)
            self._played(Move(col, row, Side.for_ply(ply), ply))

    def update(self, dt: float, busy: bool = False) -> None:
        """Advance by ``dt`` seconds: results, network news, the end, the search wanted, the
        seat to move; ``busy``: the last move still falls (the computer and the end wait)."""
        self.since_move += dt
        self.planner.tick(dt)
        if self.planner.worker is not None:
            self._searches_failed(self.planner.take_results(self.planner.worker.poll()))
        if self.joining is not None:
            self._join_update(self.joining)
        if self.network is not None:
            self._network_events(self.network, self.network.peer.events())
        g = self.game
        if g.over and not busy:
            if not self.end_reported:
                self._announce_end()
            self.end_time += dt
            if self.demo and not self.paused and self.end_time >= DEMO_GAP:
                self.new_game()
        self.planner.sync(self.desired_job())
        self._resolve_hint()
        if not busy:
            self._let_seat_move()
        self.planner.tick(0.0)       # a job submitted or answered this frame starts at 0

    def saved_game(self) -> SavedGame:
        """The game with its players, to save: a friend as a person, no plug-in."""
        x, o = self.stats_names()
        person = PlayerSpec(SeatKind.HUMAN, self.lookahead, self.tiebreak)
        players = {side: person if seat.friend else seat.spec
                   for side, seat in self.seats.items()}
        moves = format_moves(self.game.moves, Notation.ADD_CHECKERS)
        return SavedGame(self.game.rows, self.game.cols, moves, x, o,
                         players={side: p for side, p in players.items()
                                  if p.kind in STORED_KINDS})

    def restore(self, saved: SavedGame) -> None:
        """``saved`` with its players (a file naming none keeps the seats), as :meth:`start_new`.
        :raises ValueError: for a board size the game does not offer; nothing changes."""
        if saved.players:
            self.start_new(saved.players_over(self.local_players()), saved.rows, saved.cols,
                           saved.columns)
        else:
            self.load(saved.rows, saved.cols, saved.columns)
