"""The seats of the window's game: who plays each side (a person here, the random player, a
computer (BU CS111 ps9, Problems 3-4), a plug-in, a friend), with one interface and a lifetime."""

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
from connect4_game.search.replies import MoveReply
from connect4_game.seat_config import PlayerSpec, SeatKind

__all__ = ['Seat', 'PersonSeat', 'RandomSeat', 'ComputerSeat', 'FriendSeat', 'make_seat']

log = logging.getLogger(__name__)

_NUMBERS = itertools.count(1)


class Seat:
    """One side of a game, played as ``spec`` says; ``number`` is unique in this process
    (a search is asked for one seat); a ``closed`` seat is never asked again."""
    person = False      # a person at this computer moves by clicks
    friend = False      # a friend over the network moves

    def __init__(self, side: str, spec: PlayerSpec) -> None:
        self.side = Side(side)
        self.spec = spec
        self.closed = False
        self.number = next(_NUMBERS)

    def label(self, other_is_person: bool, full_lookahead: int) -> str:
        """How the window names this side: 'You' ('Player X' when ``other_is_person``),
        'Computer (Medium)', ...; ``full_lookahead``: the board's cells."""
        return self.spec.label(self.side, other_is_person, full_lookahead)

    def job(self, game: Game, planner: SearchPlanner) -> SearchRequest | None:
        """The search this seat's move needs, or None (clicks, the network, no search)."""
        return None

    def pick(self, game: Game, planner: SearchPlanner) -> MoveReply | None:
        """The move this seat plays now (its column 0-based, unchecked), or None while
        it has none; asked only on its turn in a running game."""
        return None

    def close(self, planner: SearchPlanner) -> None:
        """End the seat's lifetime: the search in flight for this side stops."""
        request = planner.requested
        if not self.closed and request is not None and request.checker == self.side:
            planner.cancel()
        self.closed = True


class PersonSeat(Seat):
    """A person at this computer: moves come from clicks and keys."""
    person = True


class RandomSeat(Seat):
    """The assignment's ``RandomPlayer`` (Problem 3): any column that can take a checker."""

    def pick(self, game: Game, planner: SearchPlanner) -> MoveReply | None:
        return MoveReply(random.choice(game.board.legal_columns()))


class ComputerSeat(Seat):
    """A side the search pool plays: a level, the AIPlayer, Expert or a plug-in."""

    def job(self, game: Game, planner: SearchPlanner) -> SearchRequest | None:
        return planner.move_job(game, self.side, self.spec, self.number)

    def pick(self, game: Game, planner: SearchPlanner) -> MoveReply | None:
        return planner.reply_for(self.job(game, planner))


class FriendSeat(Seat):
    """A friend over the network, ``name`` as their game sent it; ``close_link`` is
    called once when the seat closes (the friend is told you left)."""
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
    """The seat for ``spec`` on ``side``. :raises ValueError: for a friend (the network's)."""
    if spec.kind not in _SEATS:
        raise ValueError(f'a {spec.kind.value} seat is made by the network game')
    return _SEATS[spec.kind](side, spec)
