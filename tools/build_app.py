#!/usr/bin/env python3
"""Build the stand-alone app: one folder that plays without Python installed.

    pip install -e ".[app]"                  # PyInstaller (once)
    python tools/build_app.py                # -> dist/connect4-pygame/
    python tools/build_app.py --windowed     # macOS: also dist/connect4-pygame.app
    python tools/build_app.py --make-icon    # (re)draw the PNG icons in connect4_game/assets/icons

PyInstaller (with the hook pygame-ce ships) freezes
``connect4_game/__main__.py`` -- :func:`multiprocessing.freeze_support`
first, then :func:`connect4_game.cli.main` -- into
``dist/connect4-pygame/connect4-pygame`` (``connect4-pygame.exe`` on
Windows), with the game's data: the sounds, the puzzle set, the compiled translations, the
icons, the package's metadata (its version), the 12-ply opening book of
``bitbully-databases`` (the one file of that package the game reads),
``LICENSE`` and ``THIRD_PARTY_NOTICES.md``. On Linux the folder also gets the
desktop entry next to the executable and a ``share/`` folder with the icons and
the AppStream metainfo, as ``$XDG_DATA_HOME`` holds them; on
Windows the executable gets an ``.ico``, on macOS the ``.app`` an ``.icns``
(both made here from the icon's drawing, in pure Python: no Pillow needed).

The AGPL ``bitbully`` solver is never bundled, even when it is installed: it
is excluded, and the finished folder is checked (:func:`check_bundle`), so
Expert uses the built-in solver in the app. A check that fails removes
nothing but ends the build with exit status 1.

Exit status: 0 built, 1 a failed check or PyInstaller error, 2 bad options
or PyInstaller missing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import struct
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from connect4_game.cli import desktop  # noqa: E402  (never imports pygame)

NAME = desktop.COMMAND
"""The app's folder and executable name."""

ENTRY = ROOT / "connect4_game" / "__main__.py"
ICON_PNG = desktop.icon_file()
NOTICES = ROOT / "THIRD_PARTY_NOTICES.md"
LICENSE = ROOT / "LICENSE"
BOOK_FILE = "assets/book_12ply_distances.dat"
"""The file of ``bitbully-databases`` that :mod:`connect4_game.ai.book` reads."""

EXCLUDED_MODULES = (
    "bitbully",                       # AGPL-3.0: never in the app (Expert: built-in solver)
    "readline", "_gdbm", "dbm.gnu",   # GPL libraries behind these standard modules
    "tkinter", "_tkinter", "PIL", "numpy", "IPython",
    "pytest", "_pytest", "hypothesis", "babel", "mypy", "pip", "setuptools", "pkg_resources",
    "PyInstaller",
)
"""Modules PyInstaller must leave out, even when they are installed."""

PLUGIN_STDLIB = (
    "abc", "array", "bisect", "collections", "copy", "dataclasses", "decimal", "enum",
    "fractions", "functools", "heapq", "itertools", "json", "math", "numbers", "operator",
    "random", "re", "statistics", "string", "textwrap", "time", "typing",
)
"""Standard modules bundled for players' plug-ins (a ``FILE.py:ClassName``
may import these and the game's own modules; nothing else is guaranteed)."""

FORBIDDEN_FILES = ("libreadline", "libgdbm", "libhistory", "freesansbold")
"""File-name starts of GPL files that must not be in the folder: libraries, and
the FreeSans font pygame-ce carries for its default font (the game draws with
its own Liberation Sans, SIL Open Font License)."""

MAX_MB = 150
"""Megabytes: the folder must stay below this."""


# ---------------------------------------------------------------------------- the icon

def draw_icon(size: int) -> pygame.Surface:
    """The game's icon at ``size`` x ``size`` pixels (a ``pygame.Surface``
    with alpha): the window's icon (``themes.set_icon``) scaled -- a
    yellow O checker at the top right, a red X checker over it at the bottom
    left, in the default theme's colours.

    :raises ValueError: ``size`` below 16.
    """
    if size < 16:
        raise ValueError(f"an icon is at least 16 pixels, not {size}")
    import pygame

    from connect4_game.ui import themes
    theme = themes.get_theme(None)
    radius = size * 10 // 32              # the window's 32-pixel icon: radius 10
    sprite = 2 * radius + 2               # checker_surface's side
    offset = size - sprite
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    icon.blit(themes.checker_surface(theme, "O", radius), (offset, 0))
    icon.blit(themes.checker_surface(theme, "X", radius), (0, offset))
    return icon


def icon_png(size: int) -> bytes:
    """:func:`draw_icon` at ``size`` pixels as PNG bytes."""
    import io

    import pygame
    buffer = io.BytesIO()
    pygame.image.save(draw_icon(size), buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows ``.ico`` holding PNG images (Windows Vista and later read
    those): ``pngs`` maps a side in pixels (1..256) to that image's PNG bytes.

    :raises ValueError: no image, or a side outside 1..256.
    """
    if not pngs:
        raise ValueError("an .ico needs at least one image")
    sizes = sorted(pngs)
    if sizes[0] < 1 or sizes[-1] > 256:
        raise ValueError(f"ico images are 1..256 pixels, not {sizes}")
    out = [struct.pack("<HHH", 0, 1, len(sizes))]
    offset = 6 + 16 * len(sizes)
    for side in sizes:
        data = pngs[side]
        byte = side % 256                 # 0 means 256
        out.append(struct.pack("<BBBBHHII", byte, byte, 0, 0, 1, 32, len(data), offset))
        offset += len(data)
    out.extend(pngs[side] for side in sizes)
    return b"".join(out)


ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}
"""The ``.icns`` element type of a PNG image of each side (pixels)."""


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS ``.icns``: ``pngs`` maps a side in :data:`ICNS_TYPES` to that
    image's PNG bytes.

    :raises ValueError: no image, or a side that ``.icns`` has no type for.
    """
    if not pngs:
        raise ValueError("an .icns needs at least one image")
    bad = sorted(set(pngs) - set(ICNS_TYPES))
    if bad:
        raise ValueError(f"icns images are {sorted(ICNS_TYPES)} pixels, not {bad}")
    body = b"".join(ICNS_TYPES[side] + struct.pack(">I", 8 + len(pngs[side])) + pngs[side]
                    for side in sorted(pngs))
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make_icon(path: Path = ICON_PNG, size: int = desktop.ICON_SIZE) -> Path:
    """Draw the ``size``-pixel icon and write it to ``path`` (PNG)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(icon_png(size))
    return path


def platform_icon(work: Path, platform: str = sys.platform) -> Path | None:
    """The icon PyInstaller gives the executable: an ``.ico`` on Windows, an
    ``.icns`` on macOS (written into ``work``), None elsewhere (Linux
    executables have no icon: the desktop entry names one)."""
    if platform == "win32":
        target = work / (NAME + ".ico")
        target.write_bytes(ico_bytes({s: icon_png(s) for s in (16, 24, 32, 48, 64, 256)}))
        return target
    if platform == "darwin":
        target = work / (NAME + ".icns")
        target.write_bytes(icns_bytes({s: icon_png(s) for s in ICNS_TYPES}))
        return target
    return None


# ---------------------------------------------------------------------------- the build

def _data(source: Path, dest: str) -> list[str]:
    return ["--add-data", f"{source}{os.pathsep}{dest}"]


def book_file() -> Path:
    """The opening book in the installed ``bitbully-databases``.

    :raises SystemExit: (status 2) when the package or its file is missing.
    """
    from importlib.util import find_spec
    spec = find_spec("bitbully_databases")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("bitbully-databases is not installed: pip install -e \".[app]\"")
    path = Path(list(spec.submodule_search_locations)[0]) / BOOK_FILE
    if not path.is_file():
        raise SystemExit(f"{path} is missing: reinstall bitbully-databases")
    return path


def pyinstaller_args(dist: Path, work: Path, windowed: bool, icon: Path | None,
                     strip: bool, platform: str = sys.platform) -> list[str]:
    """The PyInstaller command line (without the program) for this build."""
    args = ["--noconfirm", "--onedir", "--name", NAME, "--log-level", "WARN",
            "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work),
            "--paths", str(ROOT), "--collect-submodules", "connect4_game",
            "--hidden-import", "bitbully_databases"]
    for module in PLUGIN_STDLIB:
        args += ["--hidden-import", module]
    for module in EXCLUDED_MODULES:
        args += ["--exclude-module", module]
    assets = ROOT / "connect4_game" / "assets"
    for sound in sorted((assets / "sounds").iterdir()):
        if sound.suffix == ".wav" or sound.name == "LICENSE":
            args += _data(sound, "connect4_game/assets/sounds")
    for source in [*desktop.carried_files().values(), desktop.ENTRY_TEMPLATE]:
        args += _data(source, source.parent.relative_to(ROOT).as_posix())
    for name in ("LiberationSans-Bold.ttf", "LICENSE"):
        args += _data(assets / "fonts" / name, "connect4_game/assets/fonts")
    args += _data(ROOT / "connect4_game" / "trainer" / "puzzles.json", "connect4_game/trainer")
    for name in ("themes.json", "help.json"):
        args += _data(ROOT / "connect4_game" / "ui" / name, "connect4_game/ui")
    for mo in sorted((ROOT / "connect4_game" / "locale").glob("*/LC_MESSAGES/*.mo")):
        args += _data(mo, mo.parent.relative_to(ROOT).as_posix())
    args += _data(book_file(), "bitbully_databases/assets")
    args += _data(NOTICES, ".") + _data(LICENSE, ".")
    args += ["--copy-metadata", "connect4-pygame"]     # its version: --version, crash reports
    args += ["--windowed"] if windowed else ["--console"]
    if platform == "win32" and not windowed:
        # a console program (the console game needs one), whose console window
        # is hidden at once when the app was started by a double-click
        args += ["--hide-console", "hide-early"]
    if platform == "darwin":
        args += ["--osx-bundle-identifier", desktop.APP_ID]
    if icon is not None:
        args += ["--icon", str(icon)]
    if strip and platform.startswith("linux"):
        args += ["--strip"]
    return args + [str(ENTRY)]


def executable(folder: Path, platform: str = sys.platform) -> Path:
    """The app's executable in its folder ``dist/connect4-pygame``."""
    return folder / (NAME + ".exe" if platform == "win32" else NAME)


def folder_bytes(folder: Path) -> int:
    """Bytes in the files of ``folder`` (symbolic links not followed or counted)."""
    total = 0
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            total += path.stat().st_size
    return total


def _bundled_modules(exe: Path) -> list[str]:
    """Names of the Python modules in the executable's archive (PyInstaller's
    reader); [] when it cannot be read."""
    try:
        from PyInstaller.archive.readers import CArchiveReader
        archive = CArchiveReader(str(exe))
        pyz = archive.open_embedded_archive("PYZ.pyz")
        return list(pyz.toc)
    except Exception:  # noqa: BLE001 - a reader of another PyInstaller version
        return []


def check_bundle(folder: Path, platform: str = sys.platform) -> list[str]:
    """What is wrong with the built folder: one line per problem, [] when it
    is fine. Checked: the executable and the game's data are there; no
    ``bitbully`` module, extension or file (the MIT ``bitbully_databases``
    is allowed); no GPL library of :data:`FORBIDDEN_FILES`; at most
    :data:`MAX_MB` megabytes."""
    problems = []
    exe = executable(folder, platform)
    if not exe.is_file():
        problems.append(f"no executable {exe}")
    needed = [desktop.icon_file().relative_to(ROOT).as_posix(),
              desktop.metainfo_file().relative_to(ROOT).as_posix(),
              desktop.ENTRY_TEMPLATE.relative_to(ROOT).as_posix(),
              "connect4_game/assets/sounds/drop.wav",
              "connect4_game/assets/fonts/LiberationSans-Bold.ttf",
              "connect4_game/locale/nl/LC_MESSAGES/connect4.mo",
              "connect4_game/trainer/puzzles.json", "connect4_game/ui/themes.json",
              "connect4_game/ui/help.json",
              f"bitbully_databases/{BOOK_FILE}", NOTICES.name, LICENSE.name]
    for name in needed:
        if not (folder / "_internal" / name).is_file():
            problems.append(f"missing from the app: _internal/{name}")
    for path in folder.rglob("*"):
        low = path.name.lower()
        if "bitbully" in low and not low.startswith("bitbully_databases"):
            problems.append(f"AGPL bitbully file in the app: {path}")
        if low.startswith(FORBIDDEN_FILES):
            problems.append(f"GPL file in the app: {path}")
    for module in _bundled_modules(exe) if exe.is_file() else []:
        if module == "bitbully" or module.startswith("bitbully."):
            problems.append(f"AGPL bitbully module in the app: {module}")
    megabytes = folder_bytes(folder) / 1e6
    if megabytes > MAX_MB:
        problems.append(f"the app is {megabytes:.0f} MB, more than {MAX_MB} MB")
    return problems


def finish_folder(folder: Path, platform: str = sys.platform) -> list[Path]:
    """Remove pygame-ce's GPL default font (the game draws with its own) and
    put the files a person looks for next to the executable:
    ``LICENSE``, ``THIRD_PARTY_NOTICES.md`` and, on Linux, the desktop entry
    (``Exec=connect4-pygame``; ``--install-desktop-entry`` installs one with
    the full path) and ``share/`` with the icons and the metainfo
    (:func:`desktop.carried_files`). Returns the files written."""
    written = [folder / LICENSE.name, folder / NOTICES.name]
    shutil.copyfile(LICENSE, written[0])
    shutil.copyfile(NOTICES, written[1])
    for gpl_font in folder.rglob("freesansbold*"):   # pygame's default font: never drawn here
        gpl_font.unlink()
    if platform.startswith("linux"):
        entry = folder / desktop.DESKTOP_FILE
        entry.write_text(desktop.desktop_entry([NAME]), encoding="utf-8")
        written.append(entry)
        for name, source in desktop.carried_files().items():
            target = folder / "share" / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            written.append(target)
    return written


def validate_desktop_entry(entry: Path) -> str | None:
    """``desktop-file-validate``'s complaints about ``entry`` ('' when it has
    none), or None when the tool is not installed."""
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        return None
    done = subprocess.run([tool, str(entry)], capture_output=True, text=True, check=False)
    return (done.stdout + done.stderr).strip() if done.returncode or done.stdout.strip() else ""


def build(dist: Path, work: Path, windowed: bool = False, strip: bool = True,
          clean: bool = False, log: Callable[[str], object] = print) -> Path:
    """Build the app into ``dist/connect4-pygame`` (PyInstaller's scratch
    files in ``work``) and check it; returns the folder.

    :param windowed: a windowed program (macOS: a ``.app`` too; Windows: no
        console, so no console game either).
    :param strip: strip the debugging symbols of the libraries (Linux; smaller).
    :param clean: empty PyInstaller's caches first.
    :raises SystemExit: PyInstaller missing (2), failing, or a failed check (1).
    """
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        raise SystemExit('PyInstaller is not installed: pip install -e ".[app]"') from None
    if not ICON_PNG.is_file():
        raise SystemExit(f"{ICON_PNG} is missing: python tools/build_app.py --make-icon")
    work.mkdir(parents=True, exist_ok=True)
    icon = platform_icon(work)
    command = [sys.executable, "-m", "PyInstaller"] + (["--clean"] if clean else []) + \
        pyinstaller_args(dist, work, windowed, icon, strip)
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    started = time.monotonic()
    log("building with PyInstaller ...")
    if subprocess.run(command, cwd=ROOT, env=env, check=False).returncode:
        raise SystemExit(1)
    folder = dist / NAME
    finish_folder(folder)
    problems = check_bundle(folder)
    entry = folder / desktop.DESKTOP_FILE
    if entry.is_file():
        complaints = validate_desktop_entry(entry)
        if complaints:
            problems.append(f"desktop-file-validate: {complaints}")
        elif complaints is None:
            log("note: desktop-file-validate is not installed; the desktop entry is unchecked")
    for problem in problems:
        log("problem: " + problem)
    if problems:
        raise SystemExit(1)
    log(f"built {executable(folder)} in {time.monotonic() - started:.0f} s: "
        f"{folder_bytes(folder) / 1e6:.0f} MB")
    return folder


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module's documentation); returns the exit status."""
    p = argparse.ArgumentParser(prog="build_app.py",
                                description="Build the stand-alone app with PyInstaller.")
    p.add_argument("--dist", type=Path, default=ROOT / "dist",
                   help="where the app's folder goes (default: dist)")
    p.add_argument("--work", type=Path, default=ROOT / "build" / "app",
                   help="PyInstaller's scratch folder (default: build/app)")
    p.add_argument("--windowed", action="store_true",
                   help="a windowed program: on macOS a .app (Windows: no console game)")
    p.add_argument("--no-strip", action="store_true",
                   help="keep the libraries' debugging symbols (Linux)")
    p.add_argument("--clean", action="store_true", help="empty PyInstaller's caches first")
    p.add_argument("--make-icon", action="store_true",
                   help=f"only (re)draw the PNG icons in {ICON_PNG.parents[1].relative_to(ROOT)}")
    args = p.parse_args(argv)
    if args.make_icon:
        for size in desktop.ICON_SIZES:
            print(f"wrote {make_icon(desktop.icon_file(size), size)}")
        return 0
    build(args.dist.resolve(), args.work.resolve(), windowed=args.windowed,
          strip=not args.no_strip, clean=args.clean)
    return 0


if __name__ == "__main__":
    sys.exit(main())
