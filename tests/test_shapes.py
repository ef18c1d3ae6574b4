"""Two shapes the package keeps: a side is a Side outside the assignment's
modules, the notation and the file formats; and ``Any`` stays rare (an
unchecked value is an ``object``, a checked one has its own type)."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / 'connect4_game'

LETTERS_ALLOWED = {
    'core/side.py',          # the definition of Side
    'core/board.py', 'core/console.py', 'players.py',   # the assignment's (BU CS111 ps9)
    'core/notation.py',
    'storage/savegame.py', 'storage/stats.py',          # file formats
    'net/protocol.py',                                  # the wire protocol
}
LETTERS_ALLOWED_DIRS = ('compat/', 'oska/')
MAX_ANY = 40


def _modules():
    for path in sorted(PACKAGE.rglob('*.py')):
        yield path.relative_to(PACKAGE).as_posix(), ast.parse(path.read_text(encoding='utf-8'))


def _docstrings(tree):
    holders = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, holders) and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}


def letters_outside_allowed():
    found = []
    for name, tree in _modules():
        if name in LETTERS_ALLOWED or name.startswith(LETTERS_ALLOWED_DIRS):
            continue
        docs = _docstrings(tree)
        found += [f'{name}:{node.lineno}' for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and node.value in ('X', 'O')
                  and id(node) not in docs]
    return found


def any_uses():
    return [f'{name}:{node.lineno}' for name, tree in _modules() for node in ast.walk(tree)
            if isinstance(node, ast.Name) and node.id == 'Any']


def test_the_checks_see_what_they_look_for():
    tree = ast.parse('"""Doc \'X\'."""\nfrom typing import Any\nx: Any = "X"\n')
    assert len(_docstrings(tree)) == 1
    assert sum(isinstance(n, ast.Name) and n.id == 'Any' for n in ast.walk(tree)) == 1


def test_sides_are_side_outside_the_assignment_notation_and_file_formats():
    found = letters_outside_allowed()
    assert not found, f"'X'/'O' outside the allowed modules: {', '.join(found)}"


def test_any_is_rare():
    found = any_uses()
    assert len(found) <= MAX_ANY, f'{len(found)} uses of Any: {", ".join(found)}'
