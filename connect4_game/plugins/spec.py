"""Naming a user's own player in messages: :func:`spec_label` and
:func:`describe_exception` say in one short line which plug-in did what (the
spec ``FILE.py:ClassName`` itself is read by
:func:`connect4_game.seat_config.parse_spec`). Nothing here opens or runs the
plug-in's file.
"""

from __future__ import annotations

import os
import traceback

from connect4_game.core.messages import clip
from connect4_game.seat_config import parse_spec

__all__ = ["spec_label", "describe_exception"]

_GAME_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
"""The ``connect4_game`` package folder: frames in it are the game's, not the plug-in's."""


def spec_label(spec: str) -> str:
    """How messages name a plug-in: ``'bots/my_bot.py:Bot'`` -> ``'my_bot.py:Bot'``
    (the file's name without its folders, so a long path cannot push the reason
    out of a clipped message; at most 60 characters of file name).

    :returns: the label; a spec that does not parse comes back clipped to 80
        characters instead. Never raises.
    """
    try:
        path, cls_name = parse_spec(spec)
    except ValueError:
        return clip(spec, 80)
    return f"{clip(path.name, 60)}:{cls_name}"


def describe_exception(exc: BaseException) -> str:
    """``'ZeroDivisionError: division by zero (my_bot.py line 12)'``: the
    exception plus the innermost frame outside the game's own package (the
    plug-in's file) if there is one.

    :returns: one line; the exception's text is clipped to 200 characters.
        Never raises.
    """
    shown = clip(exc, 200)
    text = f"{type(exc).__name__}: {shown}" if shown else type(exc).__name__
    frames = traceback.extract_tb(exc.__traceback__) if exc.__traceback__ else []
    theirs = [f for f in frames if not os.path.abspath(f.filename).startswith(_GAME_DIR)]
    if theirs:
        f = theirs[-1]
        text += f" ({os.path.basename(f.filename)} line {f.lineno})"
    return text
