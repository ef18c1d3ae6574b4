"""The setting keys of the window's game: the Advanced lookahead and
tiebreak (BU CS111 ps9, Problem 4), Expert, the pace, pause and the demo.
This module never imports pygame."""

from __future__ import annotations

from typing import TYPE_CHECKING

from connect4_game import rules
from connect4_game.i18n import _
from connect4_game.seat_config import PlayerConfig, SeatKind

if TYPE_CHECKING:
    from connect4_game.play.session import GameSession

__all__ = ['Controls']


class Controls:
    """Commands that change how the computer plays (the session's seats and
    its ``lookahead``, ``tiebreak``, ``expert_mode``, ``pace``, ``paused``
    and ``demo``), each with a notice saying what changed."""

    def __init__(self, session: GameSession) -> None:
        self.session = session

    def _reseat(self, of_kind: SeatKind, **changes: object) -> None:
        """Every computer seat of ``of_kind`` with ``changes`` (it starts afresh)."""
        s = self.session
        s.set_players({side: p.with_(**changes) for side, p in s.players.items()
                       if p.kind == of_kind})

    def set_lookahead(self, value: int) -> None:
        """The Advanced lookahead (the ``0``-``9``, ``+``, ``-`` keys): the
        hint and analysis use it, and every computer side that is the
        assignment's AIPlayer (a named level becomes Advanced)."""
        s = self.session
        value = max(0, min(s.max_lookahead, value))
        s.lookahead = value
        self._reseat(SeatKind.AI, lookahead=value, level='')
        s.remember(lookahead=value)
        s.say(_('Lookahead {n} (a full solve)').format(n=value) if value >= s.max_lookahead
              else _('Lookahead {n}').format(n=value))

    def cycle_tiebreak(self) -> None:
        """The next tiebreak (LEFT, RIGHT, RANDOM) for the analysis and every
        AIPlayer side."""
        s = self.session
        t = rules.TIEBREAKS
        s.tiebreak = t[(t.index(s.tiebreak) + 1) % len(t)]
        self._reseat(SeatKind.AI, tiebreak=s.tiebreak, level='')
        s.remember(tiebreak=s.tiebreak)
        s.say(_('Tiebreak {name}').format(name=s.tiebreak))

    def toggle_expert(self) -> None:
        """Expert for the computer sides and the analysis, or back to the lookahead AI."""
        s = self.session
        s.expert_mode = not s.expert_mode
        old, new = (SeatKind.AI, SeatKind.EXPERT) if s.expert_mode else \
            (SeatKind.EXPERT, SeatKind.AI)
        self._reseat(old, kind=new, level='')
        s.remember(expert=s.expert_mode)
        s.say(_('Expert on: perfect play') if s.expert_mode
              else _('Expert off: the lookahead AI plays'))

    def change_pace(self, delta: float) -> None:
        """Seconds between moves of computers playing each other, by ``delta``."""
        s = self.session
        s.pace = min(rules.MAX_PACE, max(rules.MIN_PACE, round(s.pace + delta, 2)))
        s.remember(demo_pace=s.pace)
        s.say(_('Pace: {s:.2f} s per move').format(s=s.pace))

    def toggle_pause(self) -> None:
        """Pause or resume computers playing each other."""
        s = self.session
        if s.demo or not s.humans():
            s.paused = not s.paused
            s.say(_('Paused') if s.paused else _('Resumed'))

    def set_demo(self, on: bool) -> None:
        """Computer against computer, game after game (and back to the seats
        there were)."""
        s = self.session
        if on == s.demo:
            return
        if on and s.network is not None:
            s.close()                  # a demo is another game: the friend is told you left
        s.demo = on
        s.paused = False
        if on:
            s.saved_players = s.players
            computers = [p for p in s.players.values()
                         if p.kind in (SeatKind.AI, SeatKind.EXPERT)]
            stand_in = computers[0] if computers else PlayerConfig.for_level(
                'expert' if s.expert_mode else rules.DEFAULT_LEVEL,
                PlayerConfig(SeatKind.AI, s.lookahead, s.tiebreak))
            s.set_players({side: stand_in for side, p in s.players.items()
                           if p.kind == SeatKind.HUMAN})
            s.say(_('Demo: the computer plays both sides'))
        else:
            if s.saved_players:
                s.set_players(s.saved_players)
            s.saved_players = None
            s.say(_('Demo off'))
        s.planner.cancel()

    def clamp_lookaheads(self) -> None:
        """No lookahead beyond the board's cells (a deeper one is the same search)."""
        s = self.session
        cap = s.max_lookahead
        s.lookahead = rules.clamp_lookahead(s.lookahead, s.game.rows, s.game.cols)
        too_deep = {side: p.with_(lookahead=cap) for side, p in s.players.items()
                    if p.lookahead > cap}
        if too_deep:
            s.set_players(too_deep)
        if s.saved_players:
            s.saved_players = {side: p.with_(lookahead=min(cap, p.lookahead))
                               for side, p in s.saved_players.items()}
