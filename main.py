#!/usr/bin/env python3
"""Play Connect Four: ``python main.py`` opens the window (``--help`` lists the options).

Double-clicking this file works too: it runs from a plain checkout.
"""

import os
import sys

if __name__ == '__main__':
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from connect4_game.cli import main
    sys.exit(main())
