"""Sound effects: generated deterministically, shipped with a licence, silent without audio."""

import importlib.util
import io
import wave
from pathlib import Path

import pygame
import pytest

from connect4_game.ui import sound as sound_mod
from connect4_game.ui.sound import SOUND_NAMES, SoundPlayer, sound_file

ROOT = Path(__file__).resolve().parents[2]


def _load_make_sounds():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _samples(data: bytes):
    with wave.open(io.BytesIO(data)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
        raw = w.readframes(w.getnframes())
    return [int.from_bytes(raw[i:i + 2], "little", signed=True) for i in range(0, len(raw), 2)]


def test_committed_files_match_the_generator():
    fresh = _load_make_sounds().generate()
    assert set(fresh) == set(SOUND_NAMES)
    for name in SOUND_NAMES:
        res = sound_file(name)
        assert res is not None, name
        committed = _samples(res.read_bytes())
        new = _samples(fresh[name])
        assert len(committed) == len(new)
        assert max(abs(a - b) for a, b in zip(committed, new, strict=True)) <= 1  # libm rounding only
        peak = max(abs(s) for s in committed)
        assert 3000 < peak < 32768, f"{name} is audible and not clipped"
        assert 0.1 < len(committed) / 22050 < 1.5, f"{name} is a short effect"


def test_licence_is_shipped():
    text = (ROOT / "connect4_game" / "assets" / "sounds" / "LICENSE").read_text()
    assert "CC0" in text and "make_sounds.py" in text


def test_player_plays_each_sound_with_dummy_audio():
    p = SoundPlayer()
    if p.reason:
        pytest.skip(f"dummy audio driver unavailable here: {p.reason}")
    for name in SOUND_NAMES:
        assert p.play(name) is True
    assert list(p.history) == list(SOUND_NAMES)


def test_mute_toggle():
    s = SoundPlayer(muted=True, enabled=False)
    s.play("drop")
    assert list(s.history) == []
    assert s.toggle_mute() is False
    s.play("win")
    assert list(s.history) == ["win"]
    assert s.toggle_mute() is True and s.muted


def test_no_audio_device_is_not_an_error(monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    p = SoundPlayer()
    assert "No available audio device" in p.reason
    assert p.play("drop") is False
    assert list(p.history) == ["drop"]   # the game event is still recorded
    assert p.toggle_mute() is True       # muting stops nothing, without an error


def test_missing_files_make_a_silent_player(monkeypatch):
    monkeypatch.setattr(sound_mod, "sound_file", lambda name: None)
    p = SoundPlayer()
    assert "missing" in p.reason or "no audio" in p.reason
    assert p.play("tie") is False


def test_disabled_player_and_unknown_name():
    p = SoundPlayer(enabled=False)
    assert p.reason == "sound disabled"
    with pytest.raises(ValueError, match="boing"):
        p.play("boing")
    with pytest.raises(ValueError):
        sound_file("boing")


def test_make_sounds_check_mode(tmp_path, capsys):
    ms = _load_make_sounds()
    assert ms.main(["--out", str(tmp_path)]) == 0
    assert ms.main(["--check", "--out", str(tmp_path)]) == 0
    (tmp_path / "win.wav").write_bytes(b"RIFF")
    assert ms.main(["--check", "--out", str(tmp_path)]) == 1
    assert "DIFFERS" in capsys.readouterr().out
