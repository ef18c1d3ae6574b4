"""``python -m connect4_game`` (the same as ``python main.py``, :mod:`connect4_game.cli`) and the
entry the stand-alone app freezes (docs/app.md)."""

import multiprocessing
import sys

from connect4_game.cli import main

if __name__ == '__main__':
    multiprocessing.freeze_support()    # a frozen app's worker process: serve it, never return
    sys.exit(main())
