"""The package's shape: no import circles, pygame only in the window (ui/),
the benchmarks and tests outside the package, and every fact defined once."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / 'connect4_game'


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix('')
    parts = list(rel.parts)
    if parts[-1] == '__init__':
        parts = parts[:-1]
    return '.'.join(parts)


def imports_of(path: Path) -> set:
    """Every connect4_game module ``path`` imports, at any depth of the file:
    imports inside functions count (they are circles too), and so do imports
    for the type checker alone, under ``if TYPE_CHECKING:`` (a module that
    names a type of a module importing it is a circle of design)."""
    tree = ast.parse(path.read_text(encoding='utf-8'))
    me = module_name(path)
    package = me if path.name == '__init__.py' else me.rpartition('.')[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ''
            if node.level:
                parts = package.split('.')
                parts = parts[:len(parts) - node.level + 1]
                base = '.'.join(parts + ([base] if base else []))
            found.add(base)
            for a in node.names:           # 'from connect4_game.ai import search'
                found.add(f'{base}.{a.name}')
    return {m for m in found if m.startswith('connect4_game')}


def graph() -> dict:
    modules = {module_name(p): p for p in PACKAGE.rglob('*.py')}
    edges = {}
    for name, path in modules.items():
        targets = set()
        for imp in imports_of(path):
            # 'connect4_game.ai.search.Searcher' -> the longest known module prefix
            parts = imp.split('.')
            while parts and '.'.join(parts) not in modules:
                parts.pop()
            if parts and '.'.join(parts) != name:
                targets.add('.'.join(parts))
        edges[name] = targets
    return edges


def _is_package_init(name: str, edges) -> bool:
    return any(other.startswith(name + '.') for other in edges)


def test_there_is_no_import_circle():
    edges = graph()
    # a package's __init__ that re-exports its own submodules is not a circle of code
    def follow(a, b):
        return not (_is_package_init(b, edges) and a.startswith(b + '.'))
    state, stack_path = {}, []

    def visit(node):
        state[node] = 'open'
        stack_path.append(node)
        for nxt in sorted(edges[node]):
            if not follow(node, nxt):
                continue
            if state.get(nxt) == 'open':
                cycle = stack_path[stack_path.index(nxt):] + [nxt]
                raise AssertionError('import circle: ' + ' -> '.join(cycle))
            if nxt not in state:
                visit(nxt)
        stack_path.pop()
        state[node] = 'done'
    for node in sorted(edges):
        if node not in state:
            visit(node)


def test_no_module_imports_another_modules_private_names():
    """``from m import _name`` reaches into another module's insides; a name
    another module needs is public (``_`` itself, gettext's, is public)."""
    found = []
    for path in PACKAGE.rglob('*.py'):
        tree = ast.parse(path.read_text(encoding='utf-8'))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = [a.name for a in node.names]
                where = node.module or '.'
            elif isinstance(node, ast.Import):
                names = [part for a in node.names for part in a.name.split('.')]
                where = ''
            else:
                continue
            found += [f'{path.relative_to(ROOT)}:{node.lineno}: {where} {name}' for name in names
                      if name.startswith('_') and name != '_' and not name.startswith('__')]
    assert not found, '\n'.join(found)


def test_pygame_is_imported_only_by_the_window():
    for path in PACKAGE.rglob('*.py'):
        tree = ast.parse(path.read_text(encoding='utf-8'))
        uses = any(isinstance(n, ast.Import) and any(a.name.split('.')[0] == 'pygame' for a in n.names)
                   or isinstance(n, ast.ImportFrom) and (n.module or '').split('.')[0] == 'pygame'
                   for n in ast.walk(tree))
        inside_ui = PACKAGE / 'ui' in path.parents
        assert not uses or inside_ui, f'{path.relative_to(ROOT)} imports pygame'


def test_the_package_never_imports_benchmarks_or_tests():
    for path in PACKAGE.rglob('*.py'):
        text = path.read_text(encoding='utf-8')
        for bad in ('import benchmarks', 'from benchmarks', 'import tests', 'from tests'):
            assert bad not in text, f'{path.relative_to(ROOT)}: {bad}'


FACTS = {
    'CHECKERS': 'connect4_game.core.side',
    'MIN_ROWS': 'connect4_game.core.board', 'MAX_ROWS': 'connect4_game.core.board',
    'MIN_COLS': 'connect4_game.core.board', 'MAX_COLS': 'connect4_game.core.board',
    'DEFAULT_ROWS': 'connect4_game.core.board', 'DEFAULT_COLS': 'connect4_game.core.board',
    'TIEBREAKS': 'connect4_game.players', 'MAX_LOOKAHEAD': 'connect4_game.players',
    'DEFAULT_LOOKAHEAD': 'connect4_game.players', 'DEFAULT_TIEBREAK': 'connect4_game.players',
    'CONSOLE_LOOKAHEAD': 'connect4_game.core.console', 'CONSOLE_TIEBREAK': 'connect4_game.core.console',
    'NAMED_KINDS': 'connect4_game.seat_config',
    'LEVELS': 'connect4_game.ai.levels', 'DEFAULT_LEVEL': 'connect4_game.ai.levels',
    'LANGUAGES': 'connect4_game.i18n',
    'DEFAULT_THEME': 'connect4_game.storage.settings', 'DEFAULT_WINDOW': 'connect4_game.storage.settings',
    'MIN_PACE': 'connect4_game.storage.settings', 'DEFAULT_PACE': 'connect4_game.storage.settings',
    'DEFAULT_PORT': 'connect4_game.net.protocol', 'MAX_WAIT': 'connect4_game.net.options',
    'OSKA_DEFAULT_N': 'connect4_game.oska.engine',
    'TOURNAMENT_MAX_GAMES': 'connect4_game.tournament', 'ELO_MEAN': 'connect4_game.tournament',
    'SLOW_SEARCH_SECONDS': 'connect4_game.play.planner',
    'EXPERT_MOVE_SECONDS': 'connect4_game.ai.expert',
}
"""Each fact and the one module that defines it (every other module imports it
from there; no module re-exports another's fact under its own name)."""


def test_every_fact_is_defined_once_by_its_owner():
    owners = {}
    for path in PACKAGE.rglob('*.py'):
        tree = ast.parse(path.read_text(encoding='utf-8'))
        for node in tree.body:
            targets = []
            if isinstance(node, (ast.Assign, ast.AnnAssign)):
                for t in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                    targets += [e.id for e in (t.elts if isinstance(t, ast.Tuple) else [t])
                                if isinstance(e, ast.Name)]
            for name in targets:
                if name in FACTS:
                    owners.setdefault(name, []).append(module_name(path))
    for name, owner in FACTS.items():
        assert owners.get(name) == [owner], (name, owners.get(name))


def test_the_window_session_and_start_up_do_not_import_pygame():
    """The game state and the start-up logic can be used (and tested) without a window."""
    import subprocess
    import sys
    code = ('import sys, connect4_game.play.session, connect4_game.play.start, connect4_game.cli, '
            'connect4_game.net, connect4_game.ai.review; print("pygame" in sys.modules)')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, cwd=ROOT,
                         timeout=60)
    assert out.stdout.strip() == 'False', out.stderr


# -- no object's private state read or written outside its class ---------------------

SOURCES = ROOT / 'connect4_game', ROOT / 'benchmarks', ROOT / 'tools'
"""Where :func:`private_reaches` looks (with ``main.py``); the tests may look inside."""

DOCUMENTED_PRIVATE = {'os._exit'}
"""Underscored names their library documents for callers (``os._exit``: leave the
process at once, without cleanup)."""


def _module_level_names(tree: ast.Module) -> set[str]:
    """Names the module itself defines at its top (functions, classes, assignments)."""
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
    return names


class _PrivateReaches(ast.NodeVisitor):
    """``X._name`` where X is not ``self``, ``cls``, ``super()``, a class being
    defined around it, or a name this module defines (dunder names are public)."""

    def __init__(self, own: set[str]) -> None:
        self.own = own
        self.classes: list[str] = []
        self.found: list[tuple[int, str]] = []

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    def visit_Attribute(self, node: ast.Attribute) -> None:
        name, of = node.attr, node.value
        if name.startswith('_') and not (name.startswith('__') and name.endswith('__')):
            mine = (isinstance(of, ast.Name)
                    and (of.id in ('self', 'cls') or of.id in self.classes or of.id in self.own))
            parent = (isinstance(of, ast.Call) and isinstance(of.func, ast.Name)
                      and of.func.id == 'super')
            if not (mine or parent) and ast.unparse(node) not in DOCUMENTED_PRIVATE:
                self.found.append((node.lineno, ast.unparse(node)))
        self.generic_visit(node)


def private_reaches() -> dict[str, int]:
    """``{'path: X._name': line}`` of every private reach in the package, the
    benchmarks, the tools and main.py."""
    paths = [p for top in SOURCES for p in sorted(top.rglob('*.py'))] + [ROOT / 'main.py']
    found = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding='utf-8'))
        visitor = _PrivateReaches(_module_level_names(tree))
        visitor.visit(tree)
        for line, text in visitor.found:
            found.setdefault(f'{path.relative_to(ROOT)}: {text}', line)
    return found


def test_no_object_reads_or_writes_another_objects_private_state():
    """A function that reads or writes ``other._state`` of another object or
    module holds that owner's insides; it asks the owner instead."""
    left = private_reaches()
    assert not left, '\n'.join(f'{where} (line {line})' for where, line in sorted(left.items()))
