"""The entry point of the stand-alone app (frozen by ``tools/build_app.py``): a frozen app starts
its ``multiprocessing`` children by running itself again, so :func:`multiprocessing.freeze_support`
must see the command line before :func:`connect4_game.cli.main` does (docs/app.md)."""

from __future__ import annotations

import multiprocessing
import sys

__all__ = ["run"]


def run(argv: list[str] | None = None) -> int:
    """Serve a ``multiprocessing`` child if this process is one (never returning), else the exit
    status of :func:`connect4_game.cli.main` with ``argv``."""
    multiprocessing.freeze_support()
    from connect4_game.cli import main
    return main(argv)


if __name__ == "__main__":
    sys.exit(run())
