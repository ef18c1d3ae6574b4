"""The status bar's record of the pairing speaks from your side when one person plays."""
from __future__ import annotations

from tests.ui_helpers import make_app


def test_the_status_bar_record_is_from_your_side(worker, monkeypatch):
    from connect4_game.storage.stats import Record

    class Stats:
        def get(self, *names):
            return Record(wins=1, losses=3, ties=2)     # X won 1, O won 3

    app = make_app(worker, x='human', o='ai')
    try:
        monkeypatch.setattr(type(app), 'stats', property(lambda _app: Stats()))
        assert app.game.record_text() == 'You: 1 won, 3 lost, 2 draws'
    finally:
        app.close()
