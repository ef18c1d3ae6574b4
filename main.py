#!/usr/bin/env python3
"""Play Connect Four: ``python main.py`` opens the window (``--help`` lists the options).

Double-clicking this file works too: it runs from a plain checkout. Started by
a Python that lacks the game's dependencies (say the system's ``python3``), it
hands over to the checkout's own ``.venv`` when the README's install command
made one; otherwise it says in two lines which command installs and starts the
game, and exits with status 1 -- never a traceback.
"""

# Annotations naming generic or union types are quoted: this file must load on the
# old Pythons it names, which evaluate annotations and know neither list[str] nor X | Y.
import os
import sys
import typing

MIN_PYTHON = (3, 10)
"""pyproject.toml's ``requires-python``."""

REQUIRED = (
    ('pygame', 'pygame-ce'),
    ('platformdirs', 'platformdirs'),
    ('bitbully_databases', 'bitbully-databases'),
    ('filelock', 'filelock'),
)
"""(import name, distribution) of every entry of pyproject.toml's ``dependencies``
(tests/test_main_script.py checks that the two lists agree)."""

INSTALL_COMMAND = ('python3 -m venv .venv && .venv/bin/pip install -e ".[perfect]" '
                   '&& .venv/bin/python main.py')
"""The README's install-and-play command, verbatim (a test checks)."""

WINDOWS_INSTALL_COMMAND = ('py -m venv .venv && .venv\\Scripts\\pip install -e ".[perfect]" '
                           '&& .venv\\Scripts\\python main.py')
"""The same on Windows, as the README says: ``py`` and ``.venv\\Scripts\\``."""

_HANDED_OVER = 'CONNECT4_MAIN_HANDED_OVER'
"""Set in the environment of the ``.venv`` Python this script hands over to,
so that it never hands over twice."""

HERE = os.path.dirname(os.path.abspath(__file__))


def missing_dependencies() -> 'list[str]':
    """The distributions in :data:`REQUIRED` that this Python cannot import
    (looked up, not imported: no import costs or side effects here)."""
    from importlib.util import find_spec
    missing: list[str] = []
    for module, distribution in REQUIRED:
        try:
            found = find_spec(module) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            missing.append(distribution)
    return missing


def _venv_python() -> 'str | None':
    """The checkout's ``.venv`` Python, if there is one and it is not this
    Python; else None."""
    if sys.platform == 'win32':
        python = os.path.join(HERE, '.venv', 'Scripts', 'python.exe')
    else:
        python = os.path.join(HERE, '.venv', 'bin', 'python')
    venv = os.path.join(HERE, '.venv')
    if not os.path.isfile(python) or os.environ.get(_HANDED_OVER):
        return None
    if os.path.normcase(os.path.realpath(sys.prefix)) == os.path.normcase(os.path.realpath(venv)):
        return None
    return python


def _hand_over(python: str) -> None:
    """Run this script again with ``python``, with the same arguments; returns
    only if ``python`` cannot be started."""
    os.environ[_HANDED_OVER] = '1'
    argv = [python, os.path.abspath(__file__)] + sys.argv[1:]
    try:
        if sys.platform == 'win32':
            import subprocess
            sys.exit(subprocess.call(argv))
        os.execv(python, argv)
    except OSError:
        return


def _say_install(problem: str) -> 'typing.NoReturn':
    """Say ``problem`` and the install command in two lines on stderr and exit 1."""
    command = WINDOWS_INSTALL_COMMAND if sys.platform == 'win32' else INSTALL_COMMAND
    if sys.stderr is not None:
        try:
            sys.stderr.write(f'{problem} In {HERE}, install and play with:\n    {command}\n')
            sys.stderr.flush()
        except (OSError, ValueError):
            pass
    sys.exit(1)


def _python_name() -> str:
    version = '.'.join(str(n) for n in sys.version_info[:3])
    return 'this Python ({}, {})'.format(version, sys.executable or 'python')


def check_python() -> None:
    """Hand over to the checkout's ``.venv`` or exit with the install command
    when this Python is too old or lacks a dependency; return when it can play."""
    if sys.version_info[:2] < MIN_PYTHON:
        # %-formatting: this line must run on the old Pythons it names
        problem = 'Connect Four needs Python %d.%d or newer, not %s.' % (  # noqa: UP031
            MIN_PYTHON + (_python_name(),))
    else:
        missing = missing_dependencies()
        if not missing:
            return
        problem = 'Connect Four needs {}, which {} does not have.'.format(
            ', '.join(missing), _python_name())
    python = _venv_python()
    if python is not None:
        _hand_over(python)
    _say_install(problem)


if __name__ == '__main__':
    # Frozen into an app (see connect4_game/__main__.py), this program is also
    # its own worker processes: serve one and exit if that is what this is.
    import multiprocessing
    multiprocessing.freeze_support()
    check_python()
    sys.path.insert(0, HERE)
    from connect4_game.cli import main
    sys.exit(main())
