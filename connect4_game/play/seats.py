"""The seats of the window's game: who plays each side, and for how long.

Every side of a game is a :class:`Seat` with one interface and a lifetime:
a person at this computer, the random player, a computer level, the
assignment's ``AIPlayer`` with its own lookahead and tiebreak (BU CS111 ps9,
Problem 4; the *Advanced* setting), Expert, a player's plug-in, or a friend
over the network. The game asks the seat to move (:meth:`Seat.job` names
the search the seat's move needs, :meth:`Seat.pick` turns its result into a
column), can cancel the request (:meth:`Seat.cancel`) and closes the seat
when the game is replaced (:meth:`Seat.close`); a closed seat is never asked
again. Labels ("You", "Computer (Medium)", a plug-in's class name, "Your
friend (Ann)") come from the seat.

This module never imports pygame.
"""

from __future__ import annotations

import itertools
import logging
import random
from collections.abc import Callable

from connect4_game.core.game import Game
from connect4_game.core.side import Side
from connect4_game.i18n import _
from connect4_game.play.planner import SearchPlanner
from connect4_game.search.jobs import SearchRequest
from connect4_game.seat_config import PlayerSpec, SeatKind

__all__ = ['Seat', 'PersonSeat', 'RandomSeat', 'ComputerSeat', 'FriendSeat', 'make_seat']

log = logging.getLogger(__name__)

_NUMBERS = itertools.count(1)


class Seat:
    """One side of a game.

    :param side: a :class:`~connect4_game.core.side.Side` (or its letter).
    :param spec: who plays this side, as the new-game dialog, the settings
        or the command line said.

    Attributes: ``side``, ``spec``, ``closed``, ``number`` (unique in
    this process: a search is asked for one seat).
    """

    person = False
    """A person at this computer chooses this side's moves (by clicks)."""
    friend = False
    """A friend over the network chooses this side's moves."""

    def __init__(self, side: str, spec: PlayerSpec) -> None:
        self.side = Side(side)
        self.spec = spec
        self.closed = False
        self.number = next(_NUMBERS)

    def __repr__(self) -> str:
        return f'{type(self).__name__}({self.side!r}, {self.spec.kind.value!r})'

    @property
    def kind(self) -> SeatKind:
        """The seat's kind (:class:`~connect4_game.seat_config.SeatKind`)."""
        return self.spec.kind

    def label(self, other_is_person: bool, full_lookahead: int) -> str:
        """How the window names this side ('You', 'Computer (Medium)', ...;
        see :meth:`~connect4_game.seat_config.PlayerSpec.label`).

        :param other_is_person: the other side is a person at this computer
            too (then a person here is 'Player X', not 'You').
        :param full_lookahead: the lookahead that solves the board (cells).
        """
        return self.spec.label(self.side, other_is_person, full_lookahead)

    def job(self, game: Game, planner: SearchPlanner) -> SearchRequest | None:
        """The search this seat's move needs (a worker Job), or None when the
        move comes from elsewhere (clicks, the network) or needs no search."""
        return None

    def pick(self, game: Game, planner: SearchPlanner) -> int | None:
        """The column (0-based) this seat plays now, or None while it has none
        (what a search or a plug-in answered, as it is: the session checks
        the column can be played).

        Called only when it is this seat's turn in a running game."""
        return None

    def cancel(self, planner: SearchPlanner) -> None:
        """Stop the search in flight if it is for this side."""
        request = planner.requested
        if request is not None and request.checker == self.side:
            planner.cancel()

    def close(self, planner: SearchPlanner) -> None:
        """End the seat's lifetime: cancel its work and free what it holds."""
        if not self.closed:
            self.cancel(planner)
            self.closed = True


class PersonSeat(Seat):
    """A person at this computer: moves come from clicks and keys."""

    person = True


class RandomSeat(Seat):
    """The assignment's ``RandomPlayer`` (BU CS111 ps9, Problem 3): any
    column that can take a checker.

    :param rng: the random source (a seeded one in tests); default ``random``.
    """

    def __init__(self, side: str, spec: PlayerSpec, rng: random.Random | None = None) -> None:
        super().__init__(side, spec)
        self.rng = rng or random.Random()

    def pick(self, game: Game, planner: SearchPlanner) -> int | None:
        return self.rng.choice(game.board.legal_columns())


class ComputerSeat(Seat):
    """A side played by the AI worker: a named level, the assignment's
    ``AIPlayer`` (*Advanced*), Expert or a plug-in (``FILE.py:ClassName``,
    run in the worker's own process)."""

    def job(self, game: Game, planner: SearchPlanner) -> SearchRequest | None:
        return planner.move_job(game, self.side, self.spec, self.number)

    def pick(self, game: Game, planner: SearchPlanner) -> int | None:
        reply = planner.reply_for(self.job(game, planner))
        if reply is None:
            return None
        return planner.take_column(reply)


class FriendSeat(Seat):
    """A friend over the network: moves arrive from the network link.

    :param name: the friend's name as their game sent it ('' if none).
    :param close_link: called once when the seat closes (tells the friend
        you left and closes the connection and the listening socket).
    """

    friend = True

    def __init__(self, side: str, name: str = '',
                 close_link: Callable[[], None] | None = None) -> None:
        super().__init__(side, PlayerSpec(SeatKind.REMOTE))
        self.name = name
        self._close_link = close_link

    def label(self, other_is_person: bool, full_lookahead: int) -> str:
        if self.name:
            return _('Your friend ({name})').format(name=self.name[:30])
        return super().label(other_is_person, full_lookahead)

    def close(self, planner: SearchPlanner) -> None:
        if not self.closed and self._close_link is not None:
            try:
                self._close_link()
            except OSError as exc:            # the socket is gone already
                log.info('closing the network link: %s', exc)
        super().close(planner)


_SEATS: dict[SeatKind, Callable[[str, PlayerSpec], Seat]] = {
    SeatKind.HUMAN: PersonSeat,
    SeatKind.RANDOM: RandomSeat,
    SeatKind.AI: ComputerSeat,
    SeatKind.PLUGIN: ComputerSeat,
}


def make_seat(side: str, spec: PlayerSpec) -> Seat:
    """The seat for ``spec`` on ``side``.

    :raises ValueError: for a friend over the network (made by the network
        game with its link, see :class:`FriendSeat`).
    """
    if spec.kind not in _SEATS:
        raise ValueError(f'a {spec.kind.value} seat is made by the network game')
    return _SEATS[spec.kind](side, spec)
