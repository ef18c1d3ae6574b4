"""Naming a user's own player in messages, in one short line; nothing here runs the plug-in."""

from __future__ import annotations

import os
import traceback

from connect4_game.core.messages import clip
from connect4_game.seat_config import parse_spec

__all__ = ["spec_label", "describe_exception"]

_GAME_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
"""The ``connect4_game`` package folder: frames in it are the game's, not the plug-in's."""


def spec_label(spec: str) -> str:
    """``'bots/my_bot.py:Bot'`` -> ``'my_bot.py:Bot'`` (file name clipped to 60); a spec that
    does not parse, clipped to 80. Never raises."""
    try:
        path, cls_name = parse_spec(spec)
    except ValueError:
        return clip(spec, 80)
    return f"{clip(path.name, 60)}:{cls_name}"


def describe_exception(exc: BaseException) -> str:
    """``'ZeroDivisionError: division by zero (my_bot.py line 12)'``: the exception (text clipped
    to 200) and its innermost frame outside the game's package. Never raises."""
    shown = clip(exc, 200)
    text = f"{type(exc).__name__}: {shown}" if shown else type(exc).__name__
    frames = traceback.extract_tb(exc.__traceback__) if exc.__traceback__ else []
    theirs = [f for f in frames if not os.path.abspath(f.filename).startswith(_GAME_DIR)]
    if theirs:
        f = theirs[-1]
        text += f" ({os.path.basename(f.filename)} line {f.lineno})"
    return text
