"""The Linux desktop entry: the game in the desktop's application menu.

A desktop entry (the freedesktop.org *Desktop Entry Specification*; the
file says ``Version=1.4``, the newest that Debian 12's ``desktop-file-validate``
knows, and uses nothing newer) is a small text file ``connect4-pygame.desktop`` naming the program to
start (``Exec``), its icon (``Icon``) and its menu categories. The desktop
finds entries in ``$XDG_DATA_HOME/applications`` and icons in the ``hicolor``
icon theme under ``$XDG_DATA_HOME/icons`` (``$XDG_DATA_HOME`` is
``~/.local/share`` when unset: the *XDG Base Directory Specification*).

* :func:`desktop_entry` -- the text of the entry for a command;
* :func:`install_desktop_entry` -- write it and the 256 x 256 icon there;
* :func:`launch_command` -- the command that starts this installation of
  the game (the frozen app's executable, the ``connect4-pygame`` script, or
  ``python -m connect4_game``).
* :func:`install_from_command_line` -- ``--install-desktop-entry``.

``tools/build_app.py`` puts an entry with ``Exec=connect4-pygame`` next to
the app's executable; ``connect4-pygame --install-desktop-entry`` installs one
that names the executable by its full path. This module never imports pygame.
"""

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

APP_ID = "connect4-pygame"
"""The name of the executable, of the icon and (with ``.desktop``) of the entry."""

DESKTOP_FILE = APP_ID + ".desktop"
"""The desktop entry's file name."""

ICON_SIZE = 256
"""Pixels: the width and height of the icon (``assets/connect4-pygame.png``)."""

_ASSETS = Path(__file__).resolve().parent.parent / "assets"

# Characters that make the Desktop Entry Specification ask for a quoted Exec
# argument ("Quoting must be done by enclosing the argument between double
# quotes ..."), and those escaped with a backslash inside the quotes.
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")
_ESCAPED_IN_QUOTES = set('"`$\\')

Command = Union[str, "os.PathLike[str]", Sequence[str]]
"""One program path, or a program and its arguments."""


def icon_file() -> Path:
    """The game's icon: a PNG of :data:`ICON_SIZE` pixels square (in the
    package, and in the frozen app's data). It may be missing from a broken
    installation; :func:`install_desktop_entry` checks."""
    return _ASSETS / (APP_ID + ".png")


def xdg_data_home(environ: dict[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset, empty or
    relative (the XDG Base Directory Specification ignores a relative one).

    :param environ: the environment to read (default ``os.environ``).
    """
    env = os.environ if environ is None else environ
    value = env.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    home = env.get("HOME") or os.path.expanduser("~")
    return Path(home) / ".local" / "share"


def exec_quote(arg: str) -> str:
    """One argument of an ``Exec`` key as it is written in the file: as it is
    when it needs no quoting, else in double quotes with ``"``, `````, ``$``
    and ``\\`` escaped by a backslash; then every backslash doubled (the
    string escape of desktop files, applied before the quoting) and ``%``
    written ``%%`` (a literal percent sign, not a field code).

    :raises ValueError: for an empty argument or one with a control
        character (a line break cannot be written in an ``Exec`` value).
    """
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
    """The text of the desktop entry that starts ``command`` (UTF-8, ending
    in a newline; valid for ``desktop-file-validate``).

    :param command: the program (a path or a name on ``PATH``) or a list of
        the program and its arguments.
    :param icon: an icon name of the icon theme (default :data:`APP_ID`) or
        an absolute path of an image.
    :raises ValueError: an empty command or argument, or one with a control
        character (see :func:`exec_quote`).
    """
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
    """The command that starts this installation of the game: the frozen
    app's own executable, else the ``connect4-pygame`` script next to this
    Python (a virtual environment's ``bin``) or on ``PATH``, else this Python
    with ``-m connect4_game``. Paths are absolute."""
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
    """Write ``data`` to ``path`` atomically (readable by everyone, as the
    desktop's files are)."""
    from connect4_game.storage.atomic import atomic_write_bytes
    atomic_write_bytes(path, data)
    with contextlib.suppress(OSError):
        os.chmod(path, 0o644)
    return path


def install_desktop_entry(exec_path: Command, data_home: str | os.PathLike[str] | None = None,
                          icon: str | os.PathLike[str] | None = None) -> list[Path]:
    """Put the desktop entry and the icon where the desktop finds them:
    ``DATA_HOME/applications/connect4-pygame.desktop`` (``Exec`` names
    ``exec_path``, ``Icon=connect4-pygame``) and
    ``DATA_HOME/icons/hicolor/256x256/apps/connect4-pygame.png``. Missing
    folders are made; files already there are replaced (each atomically).

    :param exec_path: the program to start (use an absolute path: a desktop
        starts it from anywhere), or a list of the program and its arguments;
        see :func:`launch_command`.
    :param data_home: the folder for the files (default: :func:`xdg_data_home`,
        that is ``$XDG_DATA_HOME`` or ``~/.local/share``).
    :param icon: the PNG to install (default :func:`icon_file`).
    :returns: the paths written: the entry, then the icon.
    :raises ValueError: an empty command or one with a control character.
    :raises FileNotFoundError: the icon is missing.
    :raises OSError: a folder cannot be made or a file written.
    """
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
    """``connect4-pygame --install-desktop-entry``: install the entry and the
    icon for :func:`launch_command` under :func:`xdg_data_home`, print the two
    paths (and what to do if the menu does not show the game) and return 0.

    :param args: the parsed command line (an :class:`argparse.Namespace`).
    :param parser: its :class:`argparse.ArgumentParser`: any other option
        given, or a platform without XDG desktops (Windows, macOS), is its
        error (exit status 2).
    :returns: 0 when installed; 1 (one line on stderr) when a file cannot
        be written or the command cannot be written in an entry.
    """
    others = sorted("--" + name.replace("_", "-") for name, value in vars(args).items()
                    if name != "install_desktop_entry" and value != parser.get_default(name))
    if others:
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
