"""Every pair of the window's modes, in both orders: one player, two players,
the demo, hosting and joining a friend's game, the review, Oska and a loaded
game. The headless app goes from one to the other by the UI's own commands;
after each change a move gets its answer, nothing of the old game is left
(its network thread, its connection and its listening port are gone), and
the seats' labels are right. The network runs on 127.0.0.1 only; the app is
stepped by events and dt, the network waited for with deadlines."""

from __future__ import annotations

import itertools
import socket
import threading
import time

import pytest

from connect4_game.net.connection import NetState
from connect4_game.net.events import Connected, OpponentMove, PeerLost
from connect4_game.net.host import Host as PeerHost
from connect4_game.net.join import Join as PeerJoin
from connect4_game.net.options import NetMode, NetworkOptions
from connect4_game.seat_config import PlayerSpec
from connect4_game.storage.savegame import SavedGame
from tests.net.net_helpers import FAST, FAST_JOIN, Watch, owned, pump
from tests.ui_helpers import DT, InstantWorker, click_col, make_app, settle

HUMAN = PlayerSpec('human')
CODE = '4321'


def until(app, cond, timeout=10.0):
    """Step the app until ``cond()``; the deadline only bounds a network wait."""
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, 'condition not reached in time'
        app.step([], DT)
        threading.Event().wait(0.002)         # let the network thread run between frames


def port_closed(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(1.0)
        return s.connect_ex(('127.0.0.1', port)) != 0


class Mode:
    """One mode: how the UI enters it, what a move's answer looks like, and
    what it leaves behind to check once another mode took over."""

    def __init__(self, app, closing):
        self.app, self.closing = app, closing
        self.link = None           # the app's network link while this mode runs
        self.port = None           # a host's listening port
        self.other = None          # the scripted friend (a Join or a Host)

    def enter(self):
        raise NotImplementedError

    def answer(self):
        raise NotImplementedError

    def gone(self):
        """Nothing of this mode's game is left."""
        if self.link is not None:
            assert self.link.join(3.0), 'the network thread of the old game still runs'
            assert self.link.state in (NetState.CLOSED, NetState.FAILED)
        if self.port is not None:
            assert port_closed(self.port), 'the old game still listens'
        assert all(not seat.closed for seat in self.app.session.seats.values())


class OnePlayer(Mode):
    def enter(self):
        self.app.start_game({'X': HUMAN, 'O': PlayerSpec.for_level('easy')}, 6, 7)

    def answer(self):
        s = self.app.session
        assert (s.label('X'), s.label('O')) == ('You', 'Computer (Easy)')
        self.app.step([click_col(self.app, 3)], DT)
        until(self.app, lambda: len(s.game.moves) == 2)


class TwoPlayers(Mode):
    def enter(self):
        self.app.start_game({'X': HUMAN, 'O': HUMAN}, 6, 7)

    def answer(self):
        s = self.app.session
        assert (s.label('X'), s.label('O')) == ('Player X', 'Player O')
        self.app.step([click_col(self.app, 3)], DT)
        settle(self.app)
        self.app.step([click_col(self.app, 4)], DT)
        assert s.game.moves == [3, 4]


class Demo(Mode):
    def enter(self):
        self.app.show_game()
        self.app.game.do('demo')
        self.app.session.pace = 0.0

    def answer(self):
        s = self.app.session
        assert s.demo and all(label.startswith('Computer') for label in
                              (s.label('X'), s.label('O')))
        before = len(s.game.moves)
        until(self.app, lambda: len(s.game.moves) > before or s.game.over)


class Host(Mode):
    def enter(self):
        options = NetworkOptions(NetMode.HOST, bind_address='127.0.0.1', port=0, code=CODE,
                                 side='X', local={'X': HUMAN})
        game = self.app.start_network(options)
        self.app.show_game()
        self.link, self.port = game.peer, game.peer.port
        self.other = PeerJoin('127.0.0.1', self.port, CODE, **FAST_JOIN).start()
        self.closing(self.other)

    def answer(self):
        s = self.app.session
        watch = Watch(self.other)
        until(self.app, lambda: s.network is not None and s.network.peer.state is NetState.PLAYING)
        watch.wait(Connected)                       # the window agreed on the hello
        assert (s.label('X'), s.label('O')) == ('You', 'Your friend (Guest)')
        self.app.step([click_col(self.app, 3)], DT)
        assert watch.wait(OpponentMove).column == 3
        self.other.send_move(2, 4)
        until(self.app, lambda: s.game.moves == [3, 4])

    def gone(self):
        super().gone()
        assert Watch(self.other).wait(PeerLost).left     # the friend was told


class Join(Mode):
    def enter(self):
        self.other = PeerHost(0, '127.0.0.1', CODE, 6, 7, 'X', **FAST).start()
        self.closing(self.other)
        options = NetworkOptions(NetMode.JOIN, address=f'127.0.0.1:{self.other.port}',
                                 code=CODE, local={'O': HUMAN})
        game = self.app.start_network(options, first_tries=5.0)
        self.app.show_game()
        self.link = game.peer
        owned(self.other)          # the old game ends once the host welcomes the join
        until(self.app, lambda: pump() or self.app.session.network is game)

    def answer(self):
        s = self.app.session
        watch = Watch(self.other)
        watch.wait(Connected)
        until(self.app, lambda: s.network is not None and s.network.peer.state is NetState.PLAYING)
        assert (s.label('X'), s.label('O')) == ('Your friend (Host)', 'You')
        self.other.send_move(1, 3)
        until(self.app, lambda: s.game.moves == [3])
        settle(self.app)
        self.app.step([click_col(self.app, 4)], DT)
        assert watch.wait(OpponentMove).column == 4

    def gone(self):
        super().gone()
        assert Watch(self.other).wait(PeerLost).left


class Review(Mode):
    def enter(self):
        self.app.show_review()

    def answer(self):
        assert type(self.app.screen).__name__ == 'ReviewScreen'
        for _ in range(5):
            self.app.step([], DT)
        assert type(self.app.screen).__name__ == 'ReviewScreen'


class Oska(Mode):
    def enter(self):
        self.app.show_oska()

    def answer(self):
        assert type(self.app.screen).__name__ == 'OskaScreen'
        self.app.step([], DT)


class Load(Mode):
    def enter(self):
        self.app.show_game()
        assert self.app.load_saved(SavedGame(6, 7, '3344'), 'a saved game')

    def answer(self):
        s = self.app.session
        assert s.game.moves == [3, 3, 4, 4] and not any(seat.friend for seat in s.seats.values())
        if s.seat().person:
            self.app.step([click_col(self.app, 0)], DT)
        until(self.app, lambda: len(s.game.moves) >= 5 and (s.seat().person or s.game.over
                                                             or s.demo))


MODES = {'one player': OnePlayer, 'two players': TwoPlayers, 'demo': Demo, 'host': Host,
         'join': Join, 'review': Review, 'oska': Oska, 'load': Load}
PAIRS = list(itertools.permutations(MODES, 2))


@pytest.mark.parametrize('first,then', PAIRS, ids=[f'{a} > {b}' for a, b in PAIRS])
def test_every_change_of_mode_leaves_nothing_of_the_old_game(closing, first, then):
    app = make_app(InstantWorker(), x='human', o='ai', size=(640, 600))
    closing(app)
    threads_before = {t.ident for t in threading.enumerate()}
    old = MODES[first](app, closing)
    old.enter()
    old.answer()
    new = MODES[then](app, closing)
    new.enter()
    old.gone()
    new.answer()
    app.show_game()
    app.session.close()
    new.gone()
    for mode in (old, new):
        if mode.other is not None:
            mode.other.close()
            assert mode.other.join(3.0)
    left = [t.name for t in threading.enumerate() if t.ident not in threads_before
            and t.is_alive() and t.name.endswith('-net')]
    assert not left, f'network threads left: {left}'
