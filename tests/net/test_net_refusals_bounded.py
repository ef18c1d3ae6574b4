"""A host whose owner is busy (the console player thinking) keeps at most MAX_REFUSALS_QUEUED
refusals waiting for it: the connections it turns away meanwhile cost a log line, not memory."""

import logging
import threading
import time

from connect4_game.net.connection import MAX_REFUSALS_QUEUED
from connect4_game.net.events import Connected, Refused
from connect4_game.net.host import Host
from connect4_game.net.join import Join
from tests.net.net_helpers import FAST, FAST_JOIN, Raw, Watch, owned

CODE = '1357'


class TurnedAway(logging.Handler):
    """Counts the host's log lines for a connection turned away, and wakes a waiter on each."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.count = 0
        self.more = threading.Condition()

    def emit(self, record: logging.LogRecord) -> None:
        if 'turned' in record.getMessage():
            with self.more:
                self.count += 1
                self.more.notify_all()


def test_refusals_wait_for_a_busy_owner_only_up_to_a_bound(caplog):
    caplog.set_level(logging.INFO, logger='connect4_game.net')
    h = Host(0, '127.0.0.1', CODE, **FAST).start()        # not pumped: this test owns it
    j = owned(Join('127.0.0.1', h.port, CODE, **FAST_JOIN).start())
    turned = TurnedAway()
    logging.getLogger('connect4_game.net').addHandler(turned)
    try:
        deadline = time.monotonic() + 10
        while not any(isinstance(e, Connected) for e in h.events(timeout=0.1)):
            assert time.monotonic() < deadline, 'the friend never joined'
        Watch(j).wait(Connected)
        extra = 8
        for _ in range(MAX_REFUSALS_QUEUED + extra):      # the owner reads nothing meanwhile
            raw = Raw(h.port)
            assert [m['code'] for m in raw.read_to_end() if m['type'] == 'error'] == ['busy']
        with turned.more:                                  # the last may follow its close
            assert turned.more.wait_for(lambda: turned.count >= extra, timeout=5), caplog.text
        refused = [e for e in h.events() if isinstance(e, Refused)]
        assert len(refused) == MAX_REFUSALS_QUEUED
        Raw(h.port).read_to_end()                          # read: room again
        deadline = time.monotonic() + 5
        late: list = []
        while not late and time.monotonic() < deadline:
            late = [e for e in h.events(timeout=0.1) if isinstance(e, Refused)]
        assert len(late) == 1
    finally:
        logging.getLogger('connect4_game.net').removeHandler(turned)
        for peer in (j, h):
            peer.close()
        assert h.join(5) and j.join(5)
