"""The README is a player's page and every relative link of the docs resolves."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / 'README.md'
PAGES = [README, *sorted((ROOT / 'docs').glob('*.md'))]
LINK = re.compile(r'!?\[[^\]]*\]\(([^)\s]+)\)')


def _slug(title: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to '-'."""
    text = re.sub(r'[^\w\- ]', '', title.strip().lower())
    return text.replace(' ', '-')


def _anchors(page: Path) -> set[str]:
    text = page.read_text(encoding='utf-8')
    text = re.sub(r'```.*?```', '', text, flags=re.S)
    return {_slug(m) for m in re.findall(r'^#{1,6}\s+(.*)$', text, flags=re.M)}


def _links(page: Path) -> list[str]:
    text = re.sub(r'```.*?```', '', page.read_text(encoding='utf-8'), flags=re.S)
    return [t for t in LINK.findall(text) if not re.match(r'[a-z]+:', t)]


def test_readme_is_short():
    assert len(README.read_text(encoding='utf-8').splitlines()) <= 250


def test_readme_states_the_rules():
    text = README.read_text(encoding='utf-8')
    rules = text.split('## The rules', 1)[1].split('\n## ', 1)[0].lower()
    for words in ('take turns', 'lowest free cell', 'four in a row', 'diagonally', 'tie'):
        assert words in rules


def test_readme_keeps_exactly_the_two_setup_commands():
    text = README.read_text(encoding='utf-8')
    blocks = re.findall(r'```sh\n(.*?)```', text, flags=re.S)
    commands = [line for b in blocks for line in b.splitlines() if 'venv' in line]
    assert commands == [
        'python3 -m venv .venv && .venv/bin/pip install -e ".[perfect]" && .venv/bin/python main.py',
        'python3 -m venv .venv && .venv/bin/pip install -e ".[test]" && .venv/bin/python -m pytest',
    ]


@pytest.mark.parametrize('page', PAGES, ids=lambda p: p.name)
def test_every_relative_link_resolves(page: Path):
    broken = []
    for target in _links(page):
        path, _, anchor = target.partition('#')
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists() or anchor and dest.suffix == '.md' and anchor not in _anchors(dest):
            broken.append(target)
    assert broken == []


def test_link_checker_sees_a_broken_link(tmp_path: Path):
    page = tmp_path / 'page.md'
    page.write_text('# Title\n[a](missing.md) [b](#title) [c](#nope) [d](https://x.org)\n')
    assert _links(page) == ['missing.md', '#title', '#nope']
    assert _anchors(page) == {'title'}
