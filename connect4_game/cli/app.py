"""The entry point of the stand-alone app (``tools/build_app.py`` freezes this
file with PyInstaller into the ``connect4-pygame`` executable).

A frozen app has no ``python`` to start its child processes with:
``multiprocessing``'s *spawn* (the AI worker of the window,
:mod:`connect4_game.search.worker`, and the console game's plug-in processes,
:mod:`connect4_game.plugins.process`) starts the app's own executable again,
with arguments of its own -- ``--multiprocessing-fork key=value ...`` for a
child, ``-B -s -c "from multiprocessing.resource_tracker import main; ..."``
for the resource tracker. :func:`multiprocessing.freeze_support` recognises
those arguments, runs the child and exits, so it must run before anything
reads the command line; only then does :func:`connect4_game.cli.main` parse
it. In a normal (not frozen) Python, :func:`run` is just
:func:`connect4_game.cli.main`: ``python -m connect4_game.cli.app`` plays too.
"""

from __future__ import annotations

import multiprocessing
import sys

__all__ = ["run"]


def run(argv: list[str] | None = None) -> int:
    """Serve a ``multiprocessing`` child if this process is one (then the
    process exits in :func:`multiprocessing.freeze_support` and this never
    returns); otherwise play: the exit status of :func:`connect4_game.cli.main`
    with ``argv`` (default ``sys.argv[1:]``)."""
    multiprocessing.freeze_support()
    from connect4_game.cli import main
    return main(argv)


if __name__ == "__main__":
    sys.exit(run())
