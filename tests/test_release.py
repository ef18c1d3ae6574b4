"""What a release carries (docs/testing.md, Release checks): one version everywhere, the licence
and its files, the package index's metadata, two commands, the desktop metainfo, the workflows
and the pre-commit set-up. The build itself (python -m build, twine, a fresh venv) is checked by
hand and in the release workflow."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from importlib import metadata
from pathlib import Path

import pytest

import connect4_game
from connect4_game.cli import desktop

tomllib = pytest.importorskip('tomllib')         # Python 3.11+: the pyproject reader
ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / 'pyproject.toml').read_text(encoding='utf-8'))
PROJECT = PYPROJECT['project']
VERSION = PROJECT['version']
WORKFLOWS = ROOT / '.github' / 'workflows'


def test_one_version_in_the_metadata_the_package_the_changelog_and_the_metainfo() -> None:
    assert re.fullmatch(r'\d+\.\d+\.\d+', VERSION)
    assert connect4_game.__version__ == metadata.version('connect4-pygame') == VERSION, \
        'the installed metadata is older than pyproject.toml: pip install -e .'
    changelog = (ROOT / 'CHANGELOG.md').read_text(encoding='utf-8')
    released = re.findall(r'^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d\d-\d\d$', changelog, re.M)
    assert released and released[0] == VERSION
    assert '## [Unreleased]' in changelog and f'[{VERSION}]: https://' in changelog
    info = ET.parse(desktop.metainfo_file()).getroot()
    assert info.find('releases/release').get('version') == VERSION      # type: ignore[union-attr]


def test_the_licence_is_mit_in_spdx_form_with_its_files() -> None:
    assert PROJECT['license'] == 'MIT'
    assert PROJECT['license-files'] == ['LICENSE', 'THIRD_PARTY_NOTICES.md']
    text = (ROOT / 'LICENSE').read_text(encoding='utf-8')
    assert text.startswith('MIT License\n') and 'THE SOFTWARE IS PROVIDED "AS IS"' in text
    assert not any(c.startswith('License ::') for c in PROJECT['classifiers'])   # SPDX instead
    manifest = (ROOT / 'MANIFEST.in').read_text(encoding='utf-8')
    assert 'include LICENSE THIRD_PARTY_NOTICES.md' in manifest


def test_the_index_page_has_no_relative_link() -> None:
    readme = PROJECT['readme']
    page = (ROOT / readme['file']).read_text(encoding='utf-8')
    targets = re.findall(r'\]\(([^)]+)\)|<(https?://[^>]+)>', page)
    links = [a or b for a, b in targets]
    assert links and all(link.startswith('https://') for link in links), links
    home = PROJECT['urls']['Homepage']
    assert home in page and all(u.startswith(home) for u in PROJECT['urls'].values())


def test_two_commands_the_console_one_and_the_window_one() -> None:
    assert PROJECT['scripts'] == {desktop.COMMAND: 'connect4_game.cli:main'}
    assert PROJECT['gui-scripts'] == {desktop.WINDOW_COMMAND: 'connect4_game.cli:main'}


def test_the_sdist_carries_what_pytest_needs_and_the_wheel_its_data() -> None:
    manifest = (ROOT / 'MANIFEST.in').read_text(encoding='utf-8').splitlines()
    for folder in ('tests', 'docs', 'tools', 'benchmarks', 'assets'):
        assert f'graft {folder}' in manifest, folder
    data = PYPROJECT['tool']['setuptools']['package-data']['connect4_game']
    assert 'py.typed' in data and (ROOT / 'connect4_game' / 'py.typed').is_file()
    carried = [p.relative_to(ROOT / 'connect4_game')
               for p in [*desktop.carried_files().values(), desktop.ENTRY_TEMPLATE]]
    for path in carried:
        assert any(path.match(pattern) for pattern in data), path


def test_the_metainfo_names_the_app_its_pages_and_real_screenshots() -> None:
    info = ET.parse(desktop.metainfo_file()).getroot()
    assert info.findtext('id') == desktop.APP_ID
    assert info.find('launchable').text == desktop.DESKTOP_FILE      # type: ignore[union-attr]
    assert info.findtext('project_license') == PROJECT['license']
    assert info.findtext("url[@type='homepage']") == PROJECT['urls']['Homepage']
    images = [e.text or '' for e in info.iter('image')]
    assert images
    for url in images:
        assert url.startswith(PROJECT['urls']['Homepage'].replace(
            'github.com', 'raw.githubusercontent.com') + f'/v{VERSION}/'), url
        assert (ROOT / url.split(f'/v{VERSION}/', 1)[1]).is_file(), url


def test_appstreamcli_accepts_the_metainfo() -> None:
    tool = shutil.which('appstreamcli')
    if tool is None:
        pytest.skip('appstreamcli is not installed (Debian: appstream)')
    done = subprocess.run([tool, 'validate', '--no-net', str(desktop.metainfo_file())],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_tests_workflow_runs_tests_types_and_lint_on_three_systems_and_two_pythons() -> None:
    text = (WORKFLOWS / 'tests.yml').read_text(encoding='utf-8')
    assert 'os: [ubuntu-latest, windows-latest, macos-latest]' in text
    assert 'python: ["3.10", "3.14"]' in text
    for step in ('python -m pytest', 'mypy', 'ruff check .', 'lint-imports'):
        assert f'run: {step}\n' in text, step


def test_the_release_workflow_builds_wheels_and_the_app_and_publishes_by_trust() -> None:
    text = (WORKFLOWS / 'release.yml').read_text(encoding='utf-8')
    for piece in ('tags: ["v*"]', 'pypa/cibuildwheel@', 'import connect4_game.ai._ckernel',
                  'uses: ./.github/workflows/app.yml', 'uses: ./.github/workflows/tests.yml',
                  'gh release create', 'id-token: write', 'pypa/gh-action-pypi-publish@'):
        assert piece in text, piece
    assert 'password' not in text and 'PYPI_TOKEN' not in text       # trusted publishing only
    assert 'workflow_call:' in (WORKFLOWS / 'app.yml').read_text(encoding='utf-8')


def test_the_workflows_validate_against_the_github_schema() -> None:
    beside = Path(sys.executable).with_name('check-jsonschema')     # the venv's, not on PATH
    tool = str(beside) if beside.exists() else shutil.which('check-jsonschema')
    if tool is None:
        pytest.skip('check-jsonschema is not installed (pip install check-jsonschema)')
    done = subprocess.run([tool, '--builtin-schema', 'vendor.github-workflows',
                           *map(str, sorted(WORKFLOWS.glob('*.yml')))],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


def test_pre_commit_runs_ruff_mypy_and_the_end_of_file_fixer() -> None:
    text = (ROOT / '.pre-commit-config.yaml').read_text(encoding='utf-8')
    for hook in ('id: ruff', 'id: mypy', 'id: end-of-file-fixer'):
        assert hook in text, hook


def test_pytest_refuses_unknown_marks_and_stops_a_hung_test() -> None:
    options = PYPROJECT['tool']['pytest']['ini_options']
    assert '--strict-markers' in options['addopts'].split()
    assert 0 < options['timeout'] <= 120
    extra = ' '.join(PROJECT['optional-dependencies']['test'])
    assert 'pytest-timeout' in extra and 'pytest-xdist' in extra


def test_a_checkout_that_was_never_installed_says_its_version_is_unknown(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    from connect4_game import version

    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, 'version', missing)
    try:
        assert importlib.reload(version).__version__ == '0+unknown'
    finally:
        monkeypatch.undo()
        assert importlib.reload(version).__version__ == VERSION
