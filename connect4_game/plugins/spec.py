"""Naming a user's own player: the ``FILE.py:ClassName`` spec.

:func:`parse_spec` splits a spec, :func:`check_player_spec` validates any
player named on the command line or in a script, :func:`spec_label` and
:func:`describe_exception` say in one short line which plug-in did what.
Nothing here opens or runs the plug-in's file.
"""

from __future__ import annotations

import keyword
import os
import traceback
from pathlib import Path

from connect4_game.compat import SPEC_KINDS, is_compat_spec
from connect4_game.core.messages import clip, quote
from connect4_game.seat_config import NAMED_KINDS

__all__ = ["is_plugin_spec", "check_player_spec", "parse_spec", "spec_label",
           "describe_exception"]

_GAME_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
"""The ``connect4_game`` package folder: frames in it are the game's, not the plug-in's."""


def is_plugin_spec(text: str) -> bool:
    """True if ``text`` looks like ``FILE.py:ClassName`` (a user's own player).

    Only the shape is looked at (a ``.py:`` in a string); :func:`parse_spec`
    checks the rest. Never raises.
    """
    return isinstance(text, str) and ".py:" in text


def check_player_spec(text: str) -> str:
    """Validate a player named on the command line or in a script: one of
    :data:`~connect4_game.seat_config.NAMED_KINDS` (returned in lower case), a
    plug-in ``FILE.py:ClassName``, or another assignment's player
    (``cs5[:TIEBREAK[:PLY]]``, ``vieropeenrij[...]``); the file is not
    opened here.

    :returns: the player, as the game stores it.
    :raises ValueError: one line naming the bad value.
    """
    if not isinstance(text, str):
        raise ValueError(f"a player must be a string, not {clip(type(text).__name__)}")
    low = text.strip().lower()
    if low in NAMED_KINDS:
        return low
    if is_plugin_spec(text):
        parse_spec(text)
        return text
    if is_compat_spec(text):
        return text
    raise ValueError(f"{quote(text)} is not a player: use {', '.join(NAMED_KINDS)}, "
                     f"FILE.py:ClassName or {' / '.join(SPEC_KINDS)}[:TIEBREAK[:PLY]]")


def parse_spec(spec: str) -> tuple[Path, str]:
    """Split ``'path/to/file.py:ClassName'`` into ``(Path, 'ClassName')``.

    The split is at the *last* colon, so Windows paths (``C:\\bots\\a.py:Bot``)
    work; ``~`` is expanded. The file is not opened.

    :raises ValueError: naming the spec if it is not of that form (not a
        string, no colon, not a ``.py`` file, not a class name).
    """
    if not isinstance(spec, str):
        raise ValueError(f"plug-in spec must be a string 'FILE.py:ClassName', not {spec!r}")
    path_text, sep, cls_name = spec.strip().rpartition(":")
    if not sep or not path_text or not cls_name:
        raise ValueError(f"plug-in spec must look like FILE.py:ClassName, not {spec!r}")
    if not path_text.endswith(".py"):
        raise ValueError(f"plug-in spec {spec!r}: the file must be a .py file "
                         f"(got {path_text!r})")
    if not cls_name.isidentifier() or keyword.iskeyword(cls_name):
        raise ValueError(f"plug-in spec {spec!r}: {cls_name!r} is not a class name")
    return Path(path_text).expanduser(), cls_name


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
