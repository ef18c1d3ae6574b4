"""Loading a user's own player from ``FILE.py:ClassName``: a BU CS111 ps9 player (Problems 2 and
4), or an HMC CS5 / "Vier op een rij" one wrapped by :class:`~connect4_game.compat.adapter.
EngineAdapter` (every problem a one-line ``ValueError``); running its moves so that nothing it
does breaks the game, and naming it in one short line."""

from __future__ import annotations

import contextlib
import importlib.util
import inspect
import operator
import os
import sys
import traceback
import zlib
from pathlib import Path
from typing import Protocol, SupportsIndex

from connect4_game.compat import is_compat_spec, player_from_spec
from connect4_game.compat.adapter import as_engine_player
from connect4_game.core.board import Board, validate_checker
from connect4_game.core.checks import shown
from connect4_game.core.console import CONSOLE_LOOKAHEAD, CONSOLE_TIEBREAK
from connect4_game.core.messages import clip, quote
from connect4_game.core.side import CHECKERS
from connect4_game.seat_config import is_plugin_spec, parse_spec

__all__ = ["PluginPlayer", "plugin_file", "load_class", "load_player", "SafePlayer", "spec_label",
           "describe_exception"]

_GAME_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # frames not the plug-in's


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


class PluginPlayer(Protocol):
    """A loaded player (BU CS111 ps9, Problem 2's ``next_move(b)``); its answer is checked by
    :class:`SafePlayer`."""

    def next_move(self, board: Board, /) -> object: ...


def plugin_file(spec: str) -> tuple[Path, str]:
    """``(path, class name)`` of ``FILE.py:ClassName`` whose file exists (any name the system
    takes).
    :raises ValueError: one line, for a malformed spec, a missing file or a name refused."""
    path, cls_name = parse_spec(spec)
    try:
        found = path.is_file()
    except (OSError, ValueError) as exc:
        raise ValueError(f"plug-in file {quote(str(path), 60)}: "
                         f"{getattr(exc, 'strerror', None) or clip(exc, 80)}") from None
    if not found:
        raise ValueError(f"plug-in file {quote(str(path), 120)} not found")
    return path, cls_name


def load_class(spec: str) -> type:
    """The class of ``spec``, its file imported as a fresh module (folder added to ``sys.path``).
    :raises ValueError: one line, for a malformed spec, a missing or unreadable file, a syntax
        error (file and line named), an exception while importing, or a missing / non-class name."""
    path, cls_name = plugin_file(spec)
    resolved = path.resolve()
    mod_name = f"connect4_plugin_{zlib.crc32(os.fsencode(resolved)):08x}_{resolved.stem}"
    folder = str(resolved.parent)
    if folder not in sys.path:
        sys.path.append(folder)
    try:
        source = resolved.read_bytes()
    except OSError as exc:
        raise ValueError(f"cannot read plug-in file {quote(str(path), 120)}: "
                         f"{exc.strerror or exc}") from None
    try:
        code = compile(source, str(resolved), "exec")
    except SyntaxError as exc:
        raise ValueError(f"syntax error in plug-in {path.name} line {exc.lineno}: {exc.msg}") \
            from None
    except ValueError as exc:   # e.g. null bytes
        raise ValueError(f"plug-in {path.name} is not valid Python source: {exc}") from None
    module_spec = importlib.util.spec_from_file_location(mod_name, resolved)
    if module_spec is None:   # pragma: no cover - a .py file always has a spec
        raise ValueError(f"plug-in {path.name} cannot be imported")
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[mod_name] = module
    try:
        exec(code, module.__dict__)
    except BaseException as exc:  # a plug-in may raise anything, even SystemExit
        sys.modules.pop(mod_name, None)
        if isinstance(exc, KeyboardInterrupt):
            raise
        raise ValueError(f"importing plug-in {path.name} raised {describe_exception(exc)}") \
            from None
    cls = getattr(module, cls_name, None)
    if cls is None:
        classes = sorted(n for n, v in vars(module).items()
                         if isinstance(v, type) and not n.startswith("_"))
        hint = f"; classes in it: {', '.join(classes)}" if classes else "; it defines no classes"
        raise ValueError(f"plug-in {path.name} has no class {cls_name!r}{hint}")
    if not isinstance(cls, type):
        raise ValueError(f"{cls_name!r} in plug-in {path.name} is not a class "
                         f"(it is a {type(cls).__name__})")
    return cls


def _required_positional(cls: type) -> int | None:
    """The required positional parameters of ``cls(...)``, None if unknown."""
    try:
        sig = inspect.signature(cls)
    except (TypeError, ValueError):
        return None
    return sum(1 for p in sig.parameters.values()
               if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
               and p.default is p.empty)


def load_player(spec: str, checker: str, tiebreak: str = CONSOLE_TIEBREAK,
                lookahead: int = CONSOLE_LOOKAHEAD) -> PluginPlayer:
    """The player of ``spec`` for ``checker``: the class called with as many of ``(checker,
    tiebreak, lookahead)`` as it requires (1 or 3), or a ``cs5`` / ``vieropeenrij`` spec's.
    :raises ValueError: one line, as :func:`load_class`, or for a constructor that needs more
        than 3 arguments or raises, or an object with no ``next_move``/``nextMove``."""
    validate_checker(checker)
    if not is_plugin_spec(spec) and is_compat_spec(spec):
        return player_from_spec(spec, checker)
    cls = load_class(spec)
    name = cls.__name__
    needed = _required_positional(cls)
    if needed is not None and needed > 3:
        raise ValueError(f"{name}() needs {needed} arguments; a plug-in class must take "
                         f"(checker) or (checker, tiebreak, lookahead)")
    args = (checker, tiebreak, lookahead)[:needed if needed is not None else 1]
    try:
        obj = cls(*args)
    except BaseException as exc:
        if isinstance(exc, KeyboardInterrupt):
            raise
        shown = ", ".join(repr(a) for a in args)
        raise ValueError(f"{name}({shown}) raised {describe_exception(exc)}") from None
    try:                          # an HMC CS5 (or Dutch) player has an ``ox`` or a ``nextMove``
        cs5_style = hasattr(obj, "ox") or callable(getattr(obj, "nextMove", None))
    except Exception:
        cs5_style = False
    if cs5_style:
        try:
            return as_engine_player(obj)
        except Exception as exc:
            raise ValueError(f"cannot use {name} as a cs5 player: "
                             f"{describe_exception(exc)}") from None
    if not callable(getattr(obj, "next_move", None)):
        raise ValueError(f"{name} has no next_move(board) method (the assignment's Player "
                         f"interface) nor nextMove(board)")
    if getattr(obj, "checker", None) not in CHECKERS:
        with contextlib.suppress(Exception):
            obj.checker = checker
    player: PluginPlayer = obj
    return player


class SafePlayer:
    """Runs the moves of ``player`` (from :func:`load_player`), named ``label`` in messages."""

    def __init__(self, player: PluginPlayer, label: str | None = None) -> None:
        if not callable(getattr(player, "next_move", None)):
            raise ValueError(f"{player!r} has no next_move(board) method")
        self.player = player
        self.label = label or type(player).__name__

    def choose(self, board: Board) -> tuple[str, int | str]:
        """``('ok', col)``, a playable column for a copy of ``board``, or ``('error', message)``:
        one line naming the plug-in and the exception, or the non-integer, off-board or full column
        (shown by :func:`~connect4_game.core.checks.shown`). Raises only KeyboardInterrupt."""
        try:
            copy = board.copy()
        except Exception as exc:
            return ("error", f"cannot copy the board for {self.label}: {exc}")
        try:
            answer = self.player.next_move(copy)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:   # includes SystemExit from a plug-in
            return ("error", f"{self.label}.next_move raised {describe_exception(exc)}")
        if isinstance(answer, bool):
            return ("error", f"{self.label}.next_move returned {answer!r}, not a column number")
        try:                                # int, or numpy integer
            col = operator.index(answer) if isinstance(answer, SupportsIndex) else None
        except Exception:                   # a hostile __index__
            col = None
        if col is None:
            return ("error", f"{self.label}.next_move returned {shown(answer)} "
                             f"({clip(type(answer).__name__, 40)}), not a column number")
        if not 0 <= col < board.width:
            return ("error", f"{self.label}.next_move returned {shown(col)}, off the board "
                             f"(columns 0 to {board.width - 1})")
        if not board.can_add_to(col):
            return ("error", f"{self.label}.next_move returned column {col}, which is full")
        return ("ok", col)
