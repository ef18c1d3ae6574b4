"""``python -m connect4_game``: the same as ``python main.py`` (see :mod:`connect4_game.cli`)."""

import sys

from connect4_game.cli import main

if __name__ == '__main__':
    sys.exit(main())
