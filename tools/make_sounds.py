#!/usr/bin/env python3
"""Generate the game's sound effects by pure-Python synthesis.

Writes ``drop.wav``, ``win.wav``, ``tie.wav`` and ``refused.wav`` (22,050 Hz,
16-bit, mono) into ``connect4_game/assets/sounds/``. The output is
deterministic (fixed noise seed, no floating-point-order tricks), so the
committed files can be checked against a fresh run::

    python tools/make_sounds.py            # (re)write the files
    python tools/make_sounds.py --check    # exit 1 if the committed files differ

The sounds are released under CC0 1.0 (public domain dedication); see
``connect4_game/assets/sounds/LICENSE``. Only the standard library is used
(``wave``, ``math``, ``struct``, ``random``).
"""

from __future__ import annotations

import argparse
import io
import math
import random
import struct
import sys
import wave
from pathlib import Path

RATE = 22050
OUT_DIR = Path(__file__).resolve().parents[1] / "connect4_game" / "assets" / "sounds"
NAMES = ("drop", "win", "tie", "refused")


def _env(i: int, n: int, attack: float = 0.005, release: float = 0.03) -> float:
    """Linear attack / release envelope (in seconds) for sample i of n."""
    t = i / RATE
    left = (n - i) / RATE
    return min(1.0, t / attack if attack else 1.0, left / release if release else 1.0)


def _tone(freq: float, seconds: float, volume: float = 0.5, decay: float = 0.0,
          harmonics: tuple[float, ...] = (1.0, 0.3, 0.12)) -> list[float]:
    n = int(seconds * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        v = sum(a * math.sin(2 * math.pi * freq * (k + 1) * t) for k, a in enumerate(harmonics))
        v *= volume / sum(harmonics) * _env(i, n) * (math.exp(-decay * t) if decay else 1.0)
        out.append(v)
    return out


def drop() -> list[float]:
    """A short wooden 'clack': a pitch-falling thump plus a burst of noise."""
    rng = random.Random(4)
    n = int(0.16 * RATE)
    out = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        freq = 90 + 160 * math.exp(-t * 40)
        phase += 2 * math.pi * freq / RATE
        thump = math.sin(phase) * math.exp(-t * 28)
        click = (rng.random() * 2 - 1) * math.exp(-t * 160)
        out.append((0.75 * thump + 0.35 * click) * _env(i, n, 0.001, 0.02))
    return out


def win() -> list[float]:
    """A rising major arpeggio C5 E5 G5 C6, the last note held."""
    out: list[float] = []
    for freq, length in ((523.25, 0.11), (659.25, 0.11), (783.99, 0.11), (1046.5, 0.45)):
        out += _tone(freq, length, volume=0.45, decay=3.0 if length > 0.2 else 0.0)
    return out


def tie() -> list[float]:
    """Two soft, level notes (G4 then E4): the game is over, nobody won."""
    return _tone(392.0, 0.22, 0.4, decay=2.0) + _tone(329.63, 0.34, 0.4, decay=4.0)


def refused() -> list[float]:
    """Two short low buzzes: that column cannot take a checker."""
    buzz = _tone(110.0, 0.09, 0.45, harmonics=(1.0, 0.0, 0.33, 0.0, 0.2, 0.0, 0.14))
    return buzz + [0.0] * int(0.05 * RATE) + buzz


SYNTHS = {"drop": drop, "win": win, "tie": tie, "refused": refused}


def wav_bytes(samples: list[float]) -> bytes:
    """16-bit mono PCM WAV of ``samples`` (floats, clipped to -1..1)."""
    frames = b"".join(struct.pack("<h", int(round(max(-1.0, min(1.0, s)) * 32767)))
                      for s in samples)
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    return buf.getvalue()


def generate() -> dict[str, bytes]:
    """Every sound's WAV file content, by name."""
    return {name: wav_bytes(SYNTHS[name]()) for name in NAMES}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only compare the committed files with a fresh synthesis")
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="output directory")
    args = parser.parse_args(argv)
    status = 0
    for name, data in generate().items():
        path = args.out / f"{name}.wav"
        if args.check:
            same = path.exists() and path.read_bytes() == data
            print(f"{path}: {'ok' if same else 'DIFFERS'}")
            status |= not same
        else:
            args.out.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            print(f"wrote {path} ({len(data)} bytes)")
    return status


if __name__ == "__main__":
    sys.exit(main())
