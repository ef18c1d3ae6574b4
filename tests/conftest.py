"""Test set-up: every Pygame test runs headless, with no window and no sound."""

import os
import tempfile

os.environ.setdefault('SDL_VIDEODRIVER', 'dummy')
os.environ.setdefault('SDL_AUDIODRIVER', 'dummy')
os.environ.setdefault('PYGAME_HIDE_SUPPORT_PROMPT', '1')
# Settings, statistics and autosaves of test runs never touch the user's real files.
os.environ.setdefault('CONNECT4_CONFIG_DIR', tempfile.mkdtemp(prefix='c4cfg-'))
