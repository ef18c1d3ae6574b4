"""The Linux desktop entry (connect4_game/cli/desktop.py) and ``--install-desktop-entry``."""

import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from connect4_game.cli import desktop

ROOT = Path(__file__).resolve().parents[1]


def entry_keys(text: str) -> dict:
    """The ``key=value`` lines of a desktop entry's one group, as a dict."""
    lines = text.splitlines()
    assert lines[0] == '[Desktop Entry]'
    keys = {}
    for line in lines[1:]:
        key, sep, value = line.partition('=')
        assert sep, line
        assert key not in keys, f'{key} twice'
        keys[key] = value
    return keys


def validate(path: Path) -> None:
    """Fail with desktop-file-validate's complaints; skip when it is not installed."""
    tool = shutil.which('desktop-file-validate')
    if tool is None:
        pytest.skip('desktop-file-validate is not installed (Debian: desktop-file-utils)')
    done = subprocess.run([tool, str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def png_size(data: bytes) -> tuple:
    assert data[:8] == b'\x89PNG\r\n\x1a\n'
    return struct.unpack('>II', data[16:24])


def test_icons_are_square_pngs_of_48_128_and_256_pixels_and_an_svg():
    assert desktop.ICON_SIZES == (48, 128, 256) and desktop.ICON_SIZE == 256
    for size in desktop.ICON_SIZES:
        assert png_size(desktop.icon_file(size).read_bytes()) == (size, size)
    assert b'<svg' in desktop.scalable_icon_file().read_bytes()


def test_app_id_is_reverse_dns_and_names_every_file():
    assert desktop.APP_ID.startswith('io.github.') and desktop.APP_ID.count('.') == 3
    assert desktop.DESKTOP_FILE == desktop.APP_ID + '.desktop'
    for name, source in desktop.carried_files().items():
        assert source.is_file(), source
        assert Path(name).name == source.name and source.name.startswith(desktop.APP_ID + '.')


def test_entry_has_the_keys_a_menu_needs():
    keys = entry_keys(desktop.desktop_entry(['/opt/connect4-pygame/connect4-pygame']))
    assert keys['Type'] == 'Application'
    assert keys['Name'] == 'Connect Four'
    assert keys['Exec'] == '/opt/connect4-pygame/connect4-pygame'
    assert keys['Icon'] == desktop.APP_ID
    assert keys['Categories'] == 'Game;BoardGame;'
    assert keys['Terminal'] == 'false'


def test_entry_text_ends_in_a_newline_and_is_valid(tmp_path):
    path = tmp_path / desktop.DESKTOP_FILE
    path.write_text(desktop.desktop_entry(['/home/ann/My Games/connect4-pygame', '--mute']),
                    encoding='utf-8')
    assert path.read_text(encoding='utf-8').endswith('\n')
    validate(path)


@pytest.mark.parametrize('arg, written', [
    ('/usr/bin/connect4-pygame', '/usr/bin/connect4-pygame'),
    ('/home/ann/My Games/c4', '"/home/ann/My Games/c4"'),
    ('/tmp/100%/c4', '/tmp/100%%/c4'),
    ('/tmp/a"b', '"/tmp/a\\\\"b"'),          # quoted, \" escaped, then the backslash doubled
    ('/tmp/$HOME', '"/tmp/\\\\$HOME"'),
    ('C:\\x', '"C:\\\\\\\\x"'),               # a backslash: \\ in the quotes, doubled again
])
def test_exec_quote(arg, written):
    assert desktop.exec_quote(arg) == written


@pytest.mark.parametrize('arg', ['', 'a\nb', 'tab\there', 'bell\x07', 'del\x7f'])
def test_exec_quote_refuses_what_an_entry_cannot_hold(arg):
    with pytest.raises(ValueError):
        desktop.exec_quote(arg)


def test_an_empty_command_is_refused():
    with pytest.raises(ValueError):
        desktop.desktop_entry([])
    with pytest.raises(ValueError):
        desktop.desktop_entry('connect4-pygame')       # a program is a list of one


@pytest.mark.parametrize('environ, expected', [
    ({'XDG_DATA_HOME': '/data', 'HOME': '/home/ann'}, '/data'),
    ({'XDG_DATA_HOME': '', 'HOME': '/home/ann'}, '/home/ann/.local/share'),
    ({'XDG_DATA_HOME': 'relative/dir', 'HOME': '/home/ann'}, '/home/ann/.local/share'),
    ({'HOME': '/home/bob'}, '/home/bob/.local/share'),
])
def test_xdg_data_home(environ, expected):
    assert desktop.xdg_data_home(environ) == Path(expected)


def test_install_puts_the_entry_and_icon_where_the_desktop_looks(tmp_path):
    entry, *others = desktop.install_desktop_entry(['/opt/c4/connect4-pygame'], data_home=tmp_path)
    app_id = 'io.github.connect4_pygame.ConnectFour'
    assert entry == tmp_path / 'applications' / f'{app_id}.desktop'
    hicolor = tmp_path / 'icons' / 'hicolor'
    icon = hicolor / '256x256' / 'apps' / f'{app_id}.png'
    assert others == [hicolor / '48x48' / 'apps' / f'{app_id}.png',
                      hicolor / '128x128' / 'apps' / f'{app_id}.png', icon,
                      hicolor / 'scalable' / 'apps' / f'{app_id}.svg',
                      tmp_path / 'metainfo' / f'{app_id}.metainfo.xml']
    assert entry_keys(entry.read_text(encoding='utf-8'))['Exec'] == '/opt/c4/connect4-pygame'
    assert icon.read_bytes() == desktop.icon_file().read_bytes()
    if os.name == 'posix':
        assert entry.stat().st_mode & 0o777 == 0o644
    # a second install replaces the files
    desktop.install_desktop_entry(['/elsewhere/connect4-pygame'], data_home=tmp_path)
    assert entry_keys(entry.read_text(encoding='utf-8'))['Exec'] == '/elsewhere/connect4-pygame'
    validate(entry)


def test_install_writes_nothing_for_a_bad_command(tmp_path):
    with pytest.raises(ValueError):
        desktop.install_desktop_entry(['/opt/c4\n'], data_home=tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_install_without_the_icon_fails_before_writing(tmp_path, monkeypatch):
    monkeypatch.setattr(desktop, 'scalable_icon_file', lambda: tmp_path / 'missing.svg')
    with pytest.raises(FileNotFoundError):
        desktop.install_desktop_entry(['/opt/c4'], data_home=tmp_path / 'd')
    assert not (tmp_path / 'd').exists()


def test_launch_command_is_absolute_and_names_this_installation():
    command = desktop.launch_command()
    assert os.path.isabs(command[0])
    assert Path(command[0]).exists()
    if len(command) > 1:
        assert command[1:] == ['-m', 'connect4_game']


# ---------------------------------------------------------------- the command line

def run_cli(args, data_home, timeout=60):
    env = dict(os.environ, XDG_DATA_HOME=str(data_home))
    return subprocess.run([sys.executable, str(ROOT / 'main.py'), *args], capture_output=True,
                          text=True, env=env, timeout=timeout, cwd=ROOT)


@pytest.mark.skipif(sys.platform in ('win32', 'darwin'), reason='XDG desktops only')
def test_cli_installs_the_entry(tmp_path):
    done = run_cli(['--install-desktop-entry'], tmp_path)
    assert done.returncode == 0, done.stderr
    entry = tmp_path / 'applications' / desktop.DESKTOP_FILE
    icon = tmp_path / 'icons' / 'hicolor' / '256x256' / 'apps' / f'{desktop.APP_ID}.png'
    assert f'Installed {entry}' in done.stdout and str(icon) in done.stdout
    exec_line = entry_keys(entry.read_text(encoding='utf-8'))['Exec']
    assert exec_line.split()[0] == desktop.exec_quote(desktop.launch_command()[0])
    assert png_size(icon.read_bytes()) == (256, 256)
    validate(entry)


def test_cli_refuses_other_options(tmp_path):
    done = run_cli(['--install-desktop-entry', '--text', '--x', 'easy'], tmp_path)
    assert done.returncode == 2
    assert '--text, --x do nothing with --install-desktop-entry; leave them out' in done.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(sys.platform in ('win32', 'darwin'), reason='XDG desktops only')
def test_cli_says_in_one_line_when_it_cannot_write(tmp_path):
    blocker = tmp_path / 'a-file'
    blocker.write_text('not a folder')
    done = run_cli(['--install-desktop-entry'], blocker)
    assert done.returncode == 1
    assert done.stderr.startswith('connect4: could not install the desktop entry: ')
    assert len(done.stderr.strip().splitlines()) == 1
    assert 'Traceback' not in done.stderr


def test_refused_on_windows_and_macos():
    from connect4_game.cli import build_parser
    parser = build_parser()
    args = parser.parse_args(['--install-desktop-entry'])
    with pytest.raises(SystemExit) as exc:
        desktop.install_from_command_line(args, parser, platform='win32')
    assert exc.value.code == 2
