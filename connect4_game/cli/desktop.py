"""The Linux desktop entry (freedesktop.org Desktop Entry Specification, ``Version=1.4``): the game
and its icon in the desktop's application menu, under ``$XDG_DATA_HOME`` (docs/app.md)."""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Union

__all__ = ["APP_ID", "DESKTOP_FILE", "ICON_SIZE", "icon_file", "exec_quote",
           "desktop_entry", "launch_command", "install_desktop_entry", "xdg_data_home",
           "install_from_command_line"]

APP_ID = "connect4-pygame"             # the executable's, the icon's and the entry's name
DESKTOP_FILE = APP_ID + ".desktop"
ICON_SIZE = 256                        # pixels: the icon's width and height

_ASSETS = Path(__file__).resolve().parent.parent / "assets"

# Characters that make the Desktop Entry Specification ask for a quoted Exec
# argument ("Quoting must be done by enclosing the argument between double
# quotes ..."), and those escaped with a backslash inside the quotes.
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")
_ESCAPED_IN_QUOTES = set('"`$\\')

Command = Union[str, "os.PathLike[str]", Sequence[str]]    # a program, or it and its arguments


def icon_file() -> Path:
    """The game's :data:`ICON_SIZE`-pixel square PNG (may be missing from a broken installation)."""
    return _ASSETS / (APP_ID + ".png")


def xdg_data_home(environ: dict[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME`` of ``environ`` (default ``os.environ``), or ``~/.local/share`` when it is
    unset, empty or relative."""
    env = os.environ if environ is None else environ
    value = env.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    home = env.get("HOME") or os.path.expanduser("~")
    return Path(home) / ".local" / "share"


def exec_quote(arg: str) -> str:
    """One ``Exec`` argument as the file writes it: double-quoted (``"``, `````, ``$``, ``\\``
    escaped) when it holds a reserved character, then backslashes doubled and ``%`` as ``%%``.

    :raises ValueError: for an empty argument or one with a control character."""
    if not arg:
        raise ValueError("an Exec argument cannot be empty")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in arg):
        raise ValueError(f"an Exec argument cannot hold control characters: {arg!r}")
    if any(ch in _RESERVED for ch in arg):
        arg = '"' + "".join("\\" + ch if ch in _ESCAPED_IN_QUOTES else ch for ch in arg) + '"'
    return arg.replace("\\", "\\\\").replace("%", "%%")


def _args(command: Command) -> list[str]:
    if isinstance(command, (str, os.PathLike)):
        return [os.fspath(command)]
    args = [os.fspath(a) for a in command]
    if not args:
        raise ValueError("the command is empty")
    return args


def desktop_entry(command: Command, icon: str = APP_ID) -> str:
    """The text of the entry (ending in a newline) that starts ``command``, a program or a list of
    it and its arguments, with ``icon`` (a theme icon name or an absolute path).

    :raises ValueError: as :func:`exec_quote`, or for an empty command."""
    args = _args(command)
    exec_line = " ".join(exec_quote(a) for a in args)
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",
        "Name=Connect Four",
        "Name[nl]=Vier op een rij",
        "GenericName=Board Game",
        "GenericName[nl]=Bordspel",
        "Comment=Drop checkers, connect four: against the computer, a friend or your own player",
        "Comment[nl]=Laat schijven vallen en maak vier op een rij",
        f"Exec={exec_line}",
        f"Icon={icon}",
        "Terminal=false",
        "StartupNotify=true",
        f"StartupWMClass={APP_ID}",
        "Categories=Game;BoardGame;",
        "Keywords=connect four;four in a row;board game;",
    ]
    return "\n".join(lines) + "\n"


def launch_command() -> list[str]:
    """The absolute command that starts this installation: the frozen app's executable, the
    ``connect4-pygame`` script beside this Python or on ``PATH``, else ``python -m connect4_game``."""
    if getattr(sys, "frozen", False):
        return [os.path.abspath(sys.executable)]
    scripts = Path(sys.executable).parent
    for name in (APP_ID, APP_ID + ".exe"):
        candidate = scripts / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return [str(candidate.absolute())]
    found = shutil.which(APP_ID)
    if found:
        return [os.path.abspath(found)]
    return [os.path.abspath(sys.executable), "-m", "connect4_game"]


def _write(path: Path, data: bytes) -> Path:
    """Write ``data`` atomically, readable by everyone."""
    from connect4_game.storage.atomic import atomic_write_bytes
    atomic_write_bytes(path, data)
    with contextlib.suppress(OSError):
        os.chmod(path, 0o644)
    return path


def install_desktop_entry(exec_path: Command, data_home: str | os.PathLike[str] | None = None,
                          icon: str | os.PathLike[str] | None = None) -> list[Path]:
    """Write ``DATA_HOME/applications/connect4-pygame.desktop`` (starting ``exec_path``) and the icon
    (default :func:`icon_file`) in ``DATA_HOME/icons/hicolor/256x256/apps``, ``data_home``
    defaulting to :func:`xdg_data_home`; returns the entry's path, then the icon's.

    :raises ValueError: as :func:`desktop_entry` (before anything is written).
    :raises FileNotFoundError: the icon is missing.
    :raises OSError: a folder cannot be made or a file written."""
    text = desktop_entry(exec_path)        # ValueError before anything is written
    base = Path(data_home) if data_home is not None else xdg_data_home()
    source = Path(icon) if icon is not None else icon_file()
    image = source.read_bytes()
    size = f"{ICON_SIZE}x{ICON_SIZE}"
    icon_path = _write(base / "icons" / "hicolor" / size / "apps" / (APP_ID + ".png"), image)
    entry_path = _write(base / "applications" / DESKTOP_FILE, text.encode("utf-8"))
    return [entry_path, icon_path]


def install_from_command_line(args: argparse.Namespace, parser: argparse.ArgumentParser,
                              platform: str = sys.platform) -> int:
    """``--install-desktop-entry``: install the entry for :func:`launch_command` under
    :func:`xdg_data_home` and print the paths; 0, or 1 with one line on stderr when it cannot be
    written. Any other option given, or Windows or macOS, is ``parser.error`` (exit status 2)."""
    from connect4_game.cli.console import given_options
    if others := sorted(given_options(args, parser, set(vars(args)) - {"install_desktop_entry"})):
        parser.error(f"--install-desktop-entry goes alone (given: {', '.join(others)})")
    if platform in ("win32", "darwin"):
        parser.error("--install-desktop-entry is for Linux desktops; on Windows and macOS "
                     "start the app from its folder (docs/app.md)")
    command = launch_command()
    try:
        written = install_desktop_entry(command)
    except (OSError, ValueError) as exc:
        sys.stderr.write(f"connect4: could not install the desktop entry: {exc}\n")
        return 1
    print(f"Installed {written[0]}")
    print(f"      and {written[1]}")
    print("Connect Four is in the application menu (Games) with the command "
          + " ".join(command) + "; log out and in again if the menu does not show it yet.")
    return 0
