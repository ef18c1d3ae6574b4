"""A window that hosts and is sent too many wrong codes: it says so and shows
the new code in its status line at once (raw sockets from 127.0.0.x only)."""

import re
import threading
import time

from connect4_game.net.options import NetMode, NetworkOptions
from connect4_game.ui.app import App, AppOptions
from tests.net.net_helpers import FAST, Raw
from tests.ui_helpers import DT, InstantWorker


def wrong_code(port: int, code: str, source: str) -> None:
    raw = Raw(port, source=source, timeout=5.0)
    try:
        raw.hello(code)
        raw.recv_skipping_pings(timeout=5.0)
    finally:
        raw.close()


def test_too_many_wrong_codes_change_the_code_the_window_shows(closing):
    app = App(AppOptions(use_settings=False, mute=True), size=(800, 700), worker=InstantWorker())
    closing(app)
    game = app.session.start_network(NetworkOptions(NetMode.HOST, bind_address='127.0.0.1',
                                                     port=0), **FAST)
    old = re.search(r'code (\d{4})', game.invitation).group(1)
    bad = '0000' if old != '0000' else '1111'
    for i in range(10):
        wrong_code(game.peer.port, bad, f'127.0.0.{20 + i}')
    deadline = time.monotonic() + 10
    while not any('new code' in t.text for t in app.game.toasts):
        assert time.monotonic() < deadline, 'no notice of the new code'
        app.step([], DT)
        threading.Event().wait(0.01)        # let the network thread run between frames
    said = next(t.text for t in app.game.toasts if 'new code' in t.text)   # the pause may follow
    found = re.search(r'new code is (\d{4})', said)
    assert found, said
    new = found.group(1)
    assert new != old and f'code {new}' in app.game.status_texts()[0]
