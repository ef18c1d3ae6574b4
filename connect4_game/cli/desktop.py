"""The Linux desktop entry (freedesktop.org Desktop Entry Specification, ``Version=1.4``): the game,
its icons and its AppStream metainfo in the desktop's application menu and software centre, under
``$XDG_DATA_HOME`` (docs/app.md)."""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

__all__ = ["APP_ID", "COMMAND", "WINDOW_COMMAND", "DESKTOP_FILE", "ENTRY_TEMPLATE", "METAINFO_FILE",
           "ICON_SIZE", "ICON_SIZES", "icon_file", "scalable_icon_file", "metainfo_file",
           "carried_files", "exec_quote", "desktop_entry", "launch_command",
           "install_desktop_entry", "xdg_data_home", "install_from_command_line"]

APP_ID = "io.github.connect4_pygame.ConnectFour"   # the entry's, icons', metainfo's, window class
COMMAND = "connect4-pygame"            # the command line's program, and the app's executable
WINDOW_COMMAND = "connect4-pygame-window"   # the window's program (no console on Windows)
DESKTOP_FILE = APP_ID + ".desktop"
METAINFO_FILE = APP_ID + ".metainfo.xml"
ICON_SIZE = 256                        # pixels: the largest icon's width and height
ICON_SIZES = (48, 128, ICON_SIZE)      # pixels: the PNG icons, beside the scalable SVG

_ASSETS = Path(__file__).resolve().parent.parent / "assets"
ENTRY_TEMPLATE = _ASSETS / (DESKTOP_FILE + ".in")     # the entry, {exec}, {icon}, {app_id} filled

# Characters that make an Exec argument quoted, and those escaped inside the quotes.
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")
_ESCAPED_IN_QUOTES = set('"`$\\')


def icon_file(size: int = ICON_SIZE) -> Path:
    """The game's ``size``-pixel square PNG icon, ``size`` one of :data:`ICON_SIZES`."""
    return _ASSETS / "icons" / f"{size}x{size}" / (APP_ID + ".png")


def scalable_icon_file() -> Path:
    return _ASSETS / "icons" / "scalable" / (APP_ID + ".svg")


def metainfo_file() -> Path:
    return _ASSETS / METAINFO_FILE


def xdg_data_home(environ: dict[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME`` of ``environ`` (default ``os.environ``), or ``~/.local/share`` if it is
    unset or relative."""
    env = os.environ if environ is None else environ
    value = env.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    home = env.get("HOME") or os.path.expanduser("~")
    return Path(home) / ".local" / "share"


def exec_quote(arg: str) -> str:
    """One ``Exec`` argument as the file writes it, quoted and escaped as the specification asks.
    :raises ValueError: for an empty argument or one with a control character."""
    if not arg:
        raise ValueError("an Exec argument cannot be empty")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in arg):
        raise ValueError(f"an Exec argument cannot hold control characters: {arg!r}")
    if any(ch in _RESERVED for ch in arg):
        arg = '"' + "".join("\\" + ch if ch in _ESCAPED_IN_QUOTES else ch for ch in arg) + '"'
    return arg.replace("\\", "\\\\").replace("%", "%%")


def desktop_entry(command: Sequence[str], icon: str = APP_ID) -> str:
    """:data:`ENTRY_TEMPLATE`'s text that starts ``command`` (a program and its arguments) with
    ``icon`` (a theme icon name or an absolute path).
    :raises ValueError: no program; as :func:`exec_quote`. :raises OSError: no template."""
    if isinstance(command, str) or not command:
        raise ValueError(f"the command must be a program and its arguments, not {command!r}")
    exec_line = " ".join(exec_quote(a) for a in command)
    template = ENTRY_TEMPLATE.read_text(encoding="utf-8")
    return template.format(exec=exec_line, icon=icon, app_id=APP_ID)


def launch_command() -> list[str]:
    """The absolute command that starts this installation's window: the frozen app, a script
    beside this Python or on ``PATH``, else ``python -m connect4_game``."""
    if getattr(sys, "frozen", False):
        return [os.path.abspath(sys.executable)]
    scripts = Path(sys.executable).parent
    for name in (WINDOW_COMMAND, COMMAND):
        candidate = scripts / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return [str(candidate.absolute())]
        if found := shutil.which(name):
            return [os.path.abspath(found)]
    return [os.path.abspath(sys.executable), "-m", "connect4_game"]


def _write(path: Path, data: bytes) -> Path:
    from connect4_game.storage.atomic import atomic_write_bytes
    atomic_write_bytes(path, data)
    with contextlib.suppress(OSError):
        os.chmod(path, 0o644)
    return path


def carried_files() -> dict[str, Path]:
    """Each icon and the metainfo: its path under ``$XDG_DATA_HOME`` -> the file to copy there."""
    files = {f"icons/hicolor/{n}x{n}/apps/{APP_ID}.png": icon_file(n) for n in ICON_SIZES}
    files[f"icons/hicolor/scalable/apps/{APP_ID}.svg"] = scalable_icon_file()
    files[f"metainfo/{METAINFO_FILE}"] = metainfo_file()
    return files


def install_desktop_entry(command: Sequence[str], data_home: str | os.PathLike[str] | None = None
                          ) -> list[Path]:
    """Write ``data_home/applications/`` :data:`DESKTOP_FILE` (starting ``command``) and the
    :func:`carried_files` under ``data_home`` (default :func:`xdg_data_home`); the paths, the
    entry's first. :raises ValueError: as :func:`desktop_entry`; :raises FileNotFoundError: a
    file to carry is missing (both before anything is written); :raises OSError: a file cannot
    be written."""
    text = desktop_entry(command)          # ValueError before anything is written
    base = Path(data_home) if data_home is not None else xdg_data_home()
    data = {name: source.read_bytes() for name, source in carried_files().items()}
    written = [_write(base / "applications" / DESKTOP_FILE, text.encode("utf-8"))]
    return written + [_write(base / name, content) for name, content in data.items()]


def install_from_command_line(args: argparse.Namespace, parser: argparse.ArgumentParser,
                              platform: str = sys.platform) -> int:
    """``--install-desktop-entry``: install the entry for :func:`launch_command` and print the
    paths; 0, or 1 with one line on stderr. Another option, Windows or macOS: ``parser.error``."""
    from connect4_game.cli.console import refuse_options
    refuse_options(args, parser, sorted(set(vars(args)) - {"install_desktop_entry"}),
                   "with --install-desktop-entry")
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
    for path in written[1:]:
        print(f"      and {path}")
    print("Connect Four is in the application menu (Games) with the command "
          + " ".join(command) + "; log out and in again if the menu does not show it yet.")
    return 0
