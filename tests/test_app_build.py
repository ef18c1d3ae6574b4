"""The stand-alone app (tools/build_app.py): its icons and checks, and -- marked
slow, skipped when PyInstaller is not installed -- one real build, run with no
Python on the PATH: a window frame, a console game of a plug-in against
Medium, and a network game between two copies of the app.

``.ci/run`` installs PyInstaller and sets ``CONNECT4_REQUIRE_APP_BUILD=1``, so
that there a missing PyInstaller fails the build tests instead of skipping them.
"""

import json
import os
import re
import shutil
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

from connect4_game.cli import desktop
from tools import build_app

ROOT = Path(__file__).resolve().parents[1]
LINUX = sys.platform.startswith('linux')


def png_size(data: bytes) -> tuple:
    """(width, height) in pixels of PNG ``data``."""
    assert data[:8] == b'\x89PNG\r\n\x1a\n', data[:8]
    return struct.unpack('>II', data[16:24])


# ---------------------------------------------------------------- icons (no build)

def _pixels(surface) -> bytes:
    import pygame
    return pygame.image.tobytes(surface, 'RGBA')


@pytest.mark.parametrize('size', desktop.ICON_SIZES)
def test_committed_icons_are_what_make_icon_draws(tmp_path, size):
    import pygame
    made = build_app.make_icon(tmp_path / 'icon.png', size)
    assert png_size(made.read_bytes()) == (size, size)
    assert _pixels(pygame.image.load(str(made))) == \
        _pixels(pygame.image.load(str(desktop.icon_file(size))))


def test_scalable_icon_is_the_same_drawing():
    """The SVG, drawn at 256 pixels, differs from the PNG by a few levels per channel at most
    in most pixels (anti-aliasing at the edges aside)."""
    import pygame
    svg = _pixels(pygame.image.load(str(desktop.scalable_icon_file())))
    png = _pixels(pygame.image.load(str(desktop.icon_file(256))))
    assert len(svg) == len(png) == 256 * 256 * 4
    close = sum(abs(a - b) <= 24 for a, b in zip(svg, png, strict=True))
    assert close >= 0.97 * len(png)


def test_icon_is_the_windows_icon_drawing(monkeypatch):
    """The window's 32-pixel icon is the app icon's drawing at 32 pixels."""
    import pygame

    from connect4_game.ui import themes
    shown = []
    monkeypatch.setattr(pygame.display, 'set_icon', shown.append)
    themes.set_icon(themes.get_theme(None))
    assert len(shown) == 1
    assert _pixels(shown[0]) == _pixels(build_app.draw_icon(32))


def test_icon_smaller_than_16_pixels_is_refused():
    with pytest.raises(ValueError):
        build_app.draw_icon(15)


def test_ico_holds_each_png_with_its_size():
    pngs = {16: b'PNG-16', 256: b'PNG-256-longer'}
    data = build_app.ico_bytes(pngs)
    reserved, kind, count = struct.unpack('<HHH', data[:6])
    assert (reserved, kind, count) == (0, 1, 2)
    for i, side in enumerate((16, 256)):
        w, h, _c, _r, planes, bits, size, offset = struct.unpack(
            '<BBBBHHII', data[6 + 16 * i:22 + 16 * i])
        assert (w, h) == ((side % 256,) * 2) and (planes, bits) == (1, 32)
        assert data[offset:offset + size] == pngs[side]


@pytest.mark.parametrize('pngs', [{}, {0: b'x'}, {512: b'x'}])
def test_ico_refuses_bad_sizes(pngs):
    with pytest.raises(ValueError):
        build_app.ico_bytes(pngs)


def test_icns_holds_each_png_with_its_type():
    pngs = {32: b'thirty-two', 512: b'five-twelve'}
    data = build_app.icns_bytes(pngs)
    assert data[:4] == b'icns' and struct.unpack('>I', data[4:8])[0] == len(data)
    assert data[8:12] == b'icp5' and struct.unpack('>I', data[12:16])[0] == 8 + 10
    assert data[16:26] == b'thirty-two' and data[26:30] == b'ic09'


@pytest.mark.parametrize('pngs', [{}, {48: b'x'}])
def test_icns_refuses_bad_sizes(pngs):
    with pytest.raises(ValueError):
        build_app.icns_bytes(pngs)


# ---------------------------------------------------------------- the command line and checks

def _data_pairs(args: list) -> list:
    return [args[i + 1].split(os.pathsep)[1] for i, a in enumerate(args) if a == '--add-data']


@pytest.mark.parametrize('platform', ['linux', 'win32', 'darwin'])
def test_pyinstaller_args_bundle_the_data_and_leave_out_bitbully(tmp_path, platform):
    args = build_app.pyinstaller_args(tmp_path / 'dist', tmp_path / 'work', windowed=False,
                                      icon=None, strip=True, platform=platform)
    assert args[-1] == str(build_app.ENTRY)
    excluded = [args[i + 1] for i, a in enumerate(args) if a == '--exclude-module']
    assert 'bitbully' in excluded and 'readline' in excluded
    hidden = [args[i + 1] for i, a in enumerate(args) if a == '--hidden-import']
    assert 'bitbully_databases' in hidden and 'bitbully' not in hidden
    dests = _data_pairs(args)
    assert 'bitbully_databases/assets' in dests and '.' in dests
    assert 'connect4_game/locale/nl/LC_MESSAGES' in dests
    assert 'connect4_game/trainer' in dests and 'connect4_game/assets/fonts' in dests
    assert 'connect4_game/assets/sounds' in dests and 'connect4_game/assets' in dests
    assert 'connect4_game/assets/icons/scalable' in dests
    assert [args[i + 1] for i, a in enumerate(args) if a == '--copy-metadata'] == \
        ['connect4-pygame']
    assert ('--hide-console' in args) == (platform == 'win32')
    assert ('--strip' in args) == (platform == 'linux')
    assert ('--osx-bundle-identifier' in args) == (platform == 'darwin')


def _fake_app(folder: Path) -> Path:
    """A folder with the files :func:`build_app.check_bundle` looks for."""
    exe = build_app.executable(folder, 'linux')
    exe.parent.mkdir(parents=True)
    exe.write_bytes(b'not really a program')
    for name in ('connect4_game/assets/icons/256x256/io.github.connect4_pygame.ConnectFour.png',
                 'connect4_game/assets/io.github.connect4_pygame.ConnectFour.metainfo.xml',
                 'connect4_game/assets/io.github.connect4_pygame.ConnectFour.desktop.in',
                 'connect4_game/assets/sounds/drop.wav',
                 'connect4_game/assets/fonts/LiberationSans-Bold.ttf',
                 'connect4_game/locale/nl/LC_MESSAGES/connect4.mo',
                 'connect4_game/trainer/puzzles.json', 'connect4_game/ui/themes.json',
                 'connect4_game/ui/help.json', 'bitbully_databases/' + build_app.BOOK_FILE, 'THIRD_PARTY_NOTICES.md',
                 'LICENSE'):
        path = folder / '_internal' / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b'x')
    return folder


def test_check_bundle_passes_a_complete_folder(tmp_path):
    assert build_app.check_bundle(_fake_app(tmp_path / 'app'), 'linux') == []


@pytest.mark.parametrize('extra, problem', [
    ('_internal/bitbully/bitbully_core.cpython-311-x86_64-linux-gnu.so', 'AGPL bitbully'),
    ('_internal/bitbully-0.0.79.dist-info/LICENSE', 'AGPL bitbully'),
    ('_internal/libreadline.so.8', 'GPL file'),
    ('_internal/pygame/freesansbold.ttf', 'GPL file'),
])
def test_check_bundle_finds_what_must_not_be_inside(tmp_path, extra, problem):
    folder = _fake_app(tmp_path / 'app')
    (folder / extra).parent.mkdir(parents=True, exist_ok=True)
    (folder / extra).write_bytes(b'x')
    problems = build_app.check_bundle(folder, 'linux')
    assert problems and all(problem in p and extra.split('/')[1] in p for p in problems), \
        problems


def test_finishing_the_folder_removes_pygames_gpl_font(tmp_path):
    folder = _fake_app(tmp_path / 'app')
    gpl_font = folder / '_internal' / 'pygame' / 'freesansbold.ttf'
    gpl_font.parent.mkdir(parents=True)
    gpl_font.write_bytes(b'x')
    build_app.finish_folder(folder, 'linux')
    assert not gpl_font.exists() and build_app.check_bundle(folder, 'linux') == []


def test_check_bundle_finds_missing_data_and_size(tmp_path, monkeypatch):
    folder = _fake_app(tmp_path / 'app')
    (folder / '_internal' / 'THIRD_PARTY_NOTICES.md').unlink()
    monkeypatch.setattr(build_app, 'MAX_MB', 0)
    problems = build_app.check_bundle(folder, 'linux')
    assert any('missing from the app: _internal/THIRD_PARTY_NOTICES.md' in p for p in problems)
    assert any('more than 0 MB' in p for p in problems)


def test_finish_folder_puts_the_entry_and_icon_next_to_the_program(tmp_path):
    written = build_app.finish_folder(tmp_path, 'linux')
    app_id = desktop.APP_ID
    assert [p.relative_to(tmp_path).as_posix() for p in written] == [
        'LICENSE', 'THIRD_PARTY_NOTICES.md', f'{app_id}.desktop',
        *(f'share/icons/hicolor/{n}x{n}/apps/{app_id}.png' for n in (48, 128, 256)),
        f'share/icons/hicolor/scalable/apps/{app_id}.svg', f'share/metainfo/{app_id}.metainfo.xml']
    text = (tmp_path / f'{app_id}.desktop').read_text(encoding='utf-8')
    assert 'Exec=connect4-pygame\n' in text and 'Categories=Game;BoardGame;\n' in text
    windows = tmp_path / 'windows'
    windows.mkdir()
    assert [p.name for p in build_app.finish_folder(windows, 'win32')] == \
        ['LICENSE', 'THIRD_PARTY_NOTICES.md']


def test_notices_name_every_bundled_python_package():
    notices = (ROOT / 'THIRD_PARTY_NOTICES.md').read_text(encoding='utf-8')
    for name in ('pygame-ce', 'SDL2', 'platformdirs', 'filelock', 'bitbully-databases',
                 'PyInstaller bootloader', 'Python'):
        assert name in notices, name
    bundled = notices.split('## Bundled', 1)[1]
    assert 'bitbully (' not in bundled and '| bitbully |' not in bundled


# ---------------------------------------------------------------- one real build (slow)

@pytest.fixture(scope='session')
def app(tmp_path_factory) -> Path:
    """Build the app once per test process: its folder ``dist/connect4-pygame``. (A session's
    fixture, not the module's: pytest-xdist runs other files' tests between these, which would
    end a module's fixture and build it again.)"""
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        if os.environ.get('CONNECT4_REQUIRE_APP_BUILD'):
            pytest.fail('PyInstaller is not installed: pip install -e ".[app]"')
        pytest.skip('PyInstaller is not installed: pip install -e ".[app]"')
    base = tmp_path_factory.mktemp('app')
    started = time.monotonic()
    done = subprocess.run([sys.executable, str(ROOT / 'tools' / 'build_app.py'),
                           '--dist', str(base / 'dist'), '--work', str(base / 'work')],
                          capture_output=True, text=True, timeout=900, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert re.search(r'built .* in \d+ s: \d+ MB', done.stdout), done.stdout[-2000:]
    print(f'app built in {time.monotonic() - started:.0f} s')
    return base / 'dist' / build_app.NAME


def bare_env(home: Path) -> dict:
    """An environment with no Python on the PATH (an empty folder is the whole
    PATH), a fresh home and SDL's headless drivers."""
    empty = home / 'empty-bin'
    empty.mkdir(parents=True, exist_ok=True)
    env = {'PATH': str(empty), 'HOME': str(home), 'USERPROFILE': str(home),
           'XDG_CONFIG_HOME': str(home / 'config'), 'SDL_VIDEODRIVER': 'dummy',
           'SDL_AUDIODRIVER': 'dummy'}
    for name in ('SYSTEMROOT', 'TEMP', 'TMP'):     # Windows cannot start a program without
        if name in os.environ:
            env[name] = os.environ[name]
    for python in ('python', 'python3', 'py'):
        assert shutil.which(python, path=env['PATH']) is None
    return env


SPY = '''\
import importlib.util
import json
import os
import sys

from connect4_game.ai import perfect


class Spy:
    """Plays the leftmost free column and notes where it runs."""

    def __init__(self, checker):
        self.checker = checker

    def next_move(self, board):
        note = {"pid": os.getpid(), "executable": sys.executable,
                "frozen": bool(getattr(sys, "frozen", False)),
                "engine": perfect.backend_label(perfect.backend_name(6, 7)),
                "bitbully": importlib.util.find_spec("bitbully") is not None}
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "spy.jsonl"),
                  "a", encoding="utf-8") as out:
            out.write(json.dumps(note) + "\\n")
        return next(c for c in range(board.width) if board.can_add_to(c))
'''


def spy_notes(folder: Path) -> list:
    path = folder / 'spy.jsonl'
    assert path.is_file(), 'the plug-in never moved'
    return [json.loads(line) for line in path.read_text(encoding='utf-8').splitlines()]


@pytest.fixture
def play_dir(tmp_path) -> Path:
    (tmp_path / 'spy.py').write_text(SPY, encoding='utf-8')
    return tmp_path


@pytest.mark.slow
@pytest.mark.timeout(1200)          # the first one builds the app (the fixture): minutes
def test_built_folder_is_small_and_clean(app):
    assert build_app.check_bundle(app) == []
    assert build_app.folder_bytes(app) <= build_app.MAX_MB * 1_000_000
    modules = build_app._bundled_modules(build_app.executable(app))
    assert 'connect4_game.cli' in modules and 'connect4_game.ai.solver' in modules
    assert not [m for m in modules if m.split('.')[0] == 'bitbully']
    for path in app.rglob('*'):
        if path.is_file():
            assert b'Affero' not in path.read_bytes(), path
    assert (app / 'THIRD_PARTY_NOTICES.md').is_file() and (app / 'LICENSE').is_file()
    from connect4_game.version import __version__
    done = subprocess.run([str(build_app.executable(app)), '--version'], capture_output=True,
                          text=True, timeout=60, env=bare_env(app.parent / 'home'))
    assert done.stdout == f'connect4-pygame {__version__}\n' != 'connect4-pygame 0+unknown\n'


@pytest.mark.slow
@pytest.mark.timeout(1200)          # the first one builds the app (the fixture): minutes
@pytest.mark.skipif(not LINUX, reason='the desktop entry is for Linux')
def test_built_folder_has_a_valid_desktop_entry_and_icon(app):
    entry = app / desktop.DESKTOP_FILE
    text = entry.read_text(encoding='utf-8')
    for line in ('Type=Application', 'Name=Connect Four', 'Exec=connect4-pygame',
                 f'Icon={desktop.APP_ID}', 'Categories=Game;BoardGame;'):
        assert line + '\n' in text
    share = app / 'share' / 'icons' / 'hicolor'
    assert png_size((share / '256x256' / 'apps' / f'{desktop.APP_ID}.png').read_bytes()) == \
        (256, 256)
    tool = shutil.which('desktop-file-validate')
    if tool is None:
        pytest.skip('desktop-file-validate is not installed (Debian: desktop-file-utils)')
    done = subprocess.run([tool, str(entry)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout


@pytest.mark.slow
@pytest.mark.timeout(1200)          # the first one builds the app (the fixture): minutes
def test_app_draws_a_window_frame_and_keeps_statistics(app, play_dir):
    """Medium (the window's worker: a spawned copy of the app) against the plug-in."""
    env = bare_env(play_dir / 'home')
    shot, stats = play_dir / 'frame.png', play_dir / 'frames.json'
    done = subprocess.run([str(build_app.executable(app)), '--x', 'medium', '--o', 'spy.py:Spy',
                           '--exit-after-game', '--exit-after', '60', '--screenshot', str(shot),
                           '--frame-stats', str(stats)],
                          cwd=play_dir, env=env, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stdout + done.stderr
    width, height = png_size(shot.read_bytes())
    assert width >= 400 and height >= 400
    figures = json.loads(stats.read_text(encoding='utf-8'))
    assert figures['frames'] >= 1 and figures['moves'] >= 7
    exe = os.path.realpath(build_app.executable(app))
    assert all(n['frozen'] and os.path.realpath(n['executable']) == exe
               for n in spy_notes(play_dir))
    if LINUX:                                         # platformdirs: $XDG_CONFIG_HOME
        assert (play_dir / 'home' / 'config' / 'connect4_game' / 'stats.json').is_file()


@pytest.mark.slow
@pytest.mark.timeout(1200)          # the first one builds the app (the fixture): minutes
def test_app_plays_a_console_game_of_a_plugin_against_medium(app, play_dir):
    exe = build_app.executable(app)
    child = subprocess.Popen([str(exe), '--text', '--x', 'spy.py:Spy', '--o', 'medium',
                              '--exit-after-game'], cwd=play_dir, env=bare_env(play_dir / 'home'),
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    out, err = child.communicate(timeout=120)
    assert child.returncode == 0, out[-2000:] + err
    assert re.search(r"Player [XO] \(MEDIUM\) wins in \d+ moves\.|Player X wins|draw", out), \
        out[-1000:]
    assert 'Traceback' not in out + err
    notes = spy_notes(play_dir)
    assert notes, 'the plug-in never moved'
    for note in notes:
        assert note['frozen'] and os.path.realpath(note['executable']) == os.path.realpath(exe)
        assert note['pid'] != child.pid                 # its own process
        assert note['engine'] == 'built-in solver' and not note['bitbully']


@pytest.mark.slow
@pytest.mark.timeout(1200)          # the first one builds the app (the fixture): minutes
def test_two_copies_of_the_app_play_a_network_game(app, play_dir):
    exe = str(build_app.executable(app))
    host = subprocess.Popen([exe, '--text', '--host', '127.0.0.1:0', '--code', '4321',
                             '--x', 'medium', '--wait', '60', '--exit-after-game'],
                            cwd=play_dir, env=bare_env(play_dir / 'host'),
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        assert host.stdout is not None
        first = host.stdout.readline()
        port = re.search(r'port (\d+)', first)
        assert port, first
        joined = subprocess.run([exe, '--text', '--join', f'127.0.0.1:{port.group(1)}',
                                 '--code', '4321', '--o', 'spy.py:Spy', '--exit-after-game'],
                                cwd=play_dir, env=bare_env(play_dir / 'join'),
                                stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                timeout=120)
        hosted = host.communicate(timeout=120)[0]
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()
    assert joined.returncode == 0 and host.returncode == 0, joined.stdout + joined.stderr
    last = [line for line in joined.stdout.splitlines() if 'wins in' in line or 'draw' in line]
    assert last and last[-1] in hosted, (joined.stdout[-500:], hosted[-500:])
