"""Test set-up: every Pygame test runs headless, with no window and no sound."""

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault('SDL_VIDEODRIVER', 'dummy')
os.environ.setdefault('SDL_AUDIODRIVER', 'dummy')
os.environ.setdefault('PYGAME_HIDE_SUPPORT_PROMPT', '1')
# Settings, statistics and autosaves of test runs never touch the user's real files.
os.environ.setdefault('CONNECT4_CONFIG_DIR', tempfile.mkdtemp(prefix='c4cfg-'))

TESTS_DIR = Path(__file__).resolve().parent
if str(TESTS_DIR) not in sys.path:
    sys.path.insert(0, str(TESTS_DIR))
