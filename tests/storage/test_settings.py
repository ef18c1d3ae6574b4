"""Settings persist across runs; bad files fall back to defaults with a warning."""

import json
import logging

import pytest

from connect4_game.seat_config import PlayerSpec, SeatKind
from connect4_game.storage import settings as settings_mod
from connect4_game.storage.settings import Settings, load_settings, save_settings


@pytest.fixture
def cfg(tmp_path, monkeypatch):
    monkeypatch.setenv("CONNECT4_CONFIG_DIR", str(tmp_path / "cfg"))
    return tmp_path / "cfg"


def test_env_var_overrides_config_dir(cfg):
    assert settings_mod.config_dir() == cfg
    assert save_settings(Settings()) == cfg / "settings.json"


def test_default_dir_comes_from_platformdirs(monkeypatch):
    import platformdirs
    monkeypatch.delenv("CONNECT4_CONFIG_DIR", raising=False)
    expected = platformdirs.user_config_dir("connect4_game", appauthor=False)
    assert str(settings_mod.config_dir()) == expected


def test_missing_file_gives_defaults_without_warning(cfg):
    s, warnings = load_settings()
    assert s == Settings()
    assert warnings == []


def test_round_trip(cfg):
    s = Settings(lookahead=6, tiebreak="RANDOM", x=PlayerSpec(SeatKind.AI, 2, "RIGHT"),
                 o=PlayerSpec.parse("expert"), theme="dark", muted=True, rows=8, cols=13,
                 window_width=1024, window_height=900, expert=True, demo_pace=1.25)
    path = save_settings(s)
    assert path == cfg / "settings.json"
    loaded, warnings = load_settings()
    assert warnings == []
    assert loaded == s
    data = json.loads(path.read_text())
    assert data["version"] == 3
    assert data["x"] == {"kind": "ai", "lookahead": 2, "tiebreak": "RIGHT"}
    assert data["o"]["level"] == "expert"


@pytest.mark.parametrize("old, x, o", [
    ({"x_kind": "ai", "x_lookahead": 2, "x_tiebreak": "RIGHT", "o_kind": "random"},
     PlayerSpec(SeatKind.AI, 2, "RIGHT"), PlayerSpec(SeatKind.RANDOM)),
    ({"o_kind": "expert", "o_level": ""}, PlayerSpec(), PlayerSpec.parse("expert")),
    ({"o": {"kind": "expert", "lookahead": 3}}, PlayerSpec(), PlayerSpec.for_level(
        "expert", PlayerSpec(lookahead=3))),
    ({"x_kind": "human", "x_level": "", "o_lookahead": 5},
     PlayerSpec(), PlayerSpec.for_level("medium", PlayerSpec(lookahead=5))),
])
def test_an_older_file_says_each_side_in_fields_of_its_own(cfg, old, x, o):
    cfg.mkdir(parents=True)
    (cfg / "settings.json").write_text(json.dumps(old))
    s, warnings = load_settings()
    assert warnings == [] and (s.x, s.o) == (x, o)


@pytest.mark.parametrize("content", [
    b"", b"{", b'{"lookahead": 5, "theme": "da', b"\x00\xff\xfe garbage", b"[1, 2, 3]",
    b"null", b'"just a string"', b"[" * 100000, b" " * (5 << 20),
], ids=["empty", "brace", "truncated", "binary", "list", "null", "string", "deep", "huge"])
def test_garbage_or_truncated_file_gives_defaults_and_warning(cfg, content, caplog, capsys):
    cfg.mkdir(parents=True)
    (cfg / "settings.json").write_bytes(content)
    with caplog.at_level(logging.DEBUG):
        s, warnings = load_settings()
    assert s == Settings()
    assert len(warnings) == 1
    assert "settings" in warnings[0] and "default settings" in warnings[0]
    assert "\n" not in warnings[0] and len(warnings[0]) < 400
    # returned, not also logged: the app prints what it gets, so a log line would double it
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert capsys.readouterr().err == ""
    # moved aside, so the next start is clean
    assert not (cfg / "settings.json").exists()
    [aside] = cfg.glob("settings.json.bad-*")
    assert aside.read_bytes() == content and aside.name in warnings[0]
    assert load_settings() == (Settings(), [])


def test_invalid_fields_are_dropped_one_by_one(cfg):
    cfg.mkdir(parents=True)
    (cfg / "settings.json").write_text(json.dumps({
        "lookahead": 7, "tiebreak": "SIDEWAYS", "rows": 3, "cols": 14, "muted": "yes",
        "theme": "dark", "colour": "pink", "demo_pace": float("nan") if False else -1,
        "x_kind": "ai", "o_kind": "robot", "window_width": True,
    }))
    s, warnings = load_settings()
    assert (s.lookahead, s.cols, s.theme, s.x.kind) == (7, 14, "dark", SeatKind.AI)
    # the invalid ones kept their defaults
    d = Settings()
    assert (s.tiebreak, s.rows, s.muted, s.demo_pace, s.o, s.window_width) == \
        (d.tiebreak, d.rows, d.muted, d.demo_pace, d.o, d.window_width)
    text = "\n".join(warnings)
    for name in ("tiebreak", "rows", "muted", "colour", "demo_pace"):
        assert repr(name) in text
    assert len(warnings) == 6      # five problems, then a line counting the rest and saying
    assert "2 more problems ignored; renamed it settings.json.bad-" in warnings[-1]    # where
    assert "kept the valid ones" in warnings[-1]
    [aside] = cfg.glob("settings.json.bad-*")
    assert json.loads(aside.read_text())["o_kind"] == "robot", "the original is kept aside"
    assert load_settings() == (s, []), "the cleaned settings were written: the next start is clean"


def test_many_bad_fields_give_a_bounded_number_of_warnings(cfg):
    cfg.mkdir(parents=True)
    (cfg / "settings.json").write_text(json.dumps({f"key{i}": i for i in range(10000)}))
    s, warnings = load_settings()
    assert s == Settings()
    assert len(warnings) == 6 and "9995 more problems" in warnings[-1]


def test_constructor_and_replace_name_bad_values():
    with pytest.raises(ValueError, match="lookahead.*-1"):
        Settings(lookahead=-1)
    with pytest.raises(ValueError, match="'cols'.*15"):
        Settings().replace(cols=15)
    with pytest.raises(ValueError, match="unknown setting.*volume"):
        Settings().replace(volume=3)
    assert Settings().replace(rows=12).rows == 12


def test_save_is_atomic_and_leaves_no_temp_files(cfg):
    save_settings(Settings(lookahead=1))
    save_settings(Settings(lookahead=2))
    assert sorted(p.name for p in cfg.iterdir()) == ["settings.json"]
    assert load_settings()[0].lookahead == 2


def test_save_rejects_non_settings(cfg):
    with pytest.raises(TypeError):
        save_settings({"lookahead": 3})


class _IdleWorker:
    """No AI processes needed to open the window."""

    def submit(self, job):
        pass

    def cancel(self):
        pass

    def poll(self):
        return []

    def busy(self):
        return False

    def close(self):
        pass


def test_app_reports_and_ignores_a_garbage_settings_file(cfg, capsys):
    pytest.importorskip("pygame")
    from connect4_game.ui.app import App, AppOptions
    cfg.mkdir(parents=True)
    (cfg / "settings.json").write_bytes(b'{"theme": "dark", "rows": 9, "co')   # truncated
    app = App(AppOptions(mute=True), worker=_IdleWorker())
    try:
        app.step([], 0.016)
        assert app.settings == Settings()
        assert app.session.game.rows == Settings().rows
        assert any("settings" in m and "default settings" in m for m, _kind in app.notes)
        assert "settings" in capsys.readouterr().err
    finally:
        app.close()
