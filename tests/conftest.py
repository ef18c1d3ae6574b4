"""Test set-up: every Pygame test runs headless, with no window and no sound; ``closing``
closes what a test made (apps, peers), even when it fails."""

import os
import tempfile

import pytest

os.environ.setdefault('SDL_VIDEODRIVER', 'dummy')
os.environ.setdefault('SDL_AUDIODRIVER', 'dummy')
os.environ.setdefault('PYGAME_HIDE_SUPPORT_PROMPT', '1')
os.environ['CONNECT4_LAN_BROADCAST'] = '127.255.255.255'   # games are looked for on loopback only
# Settings, statistics, autosaves, the log file and crash reports of test runs never touch the
# user's real files; each pytest-xdist worker (PYTEST_XDIST_WORKER) gets folders of its own
# rather than sharing its controller's.
for name, prefix in (('CONNECT4_CONFIG_DIR', 'c4cfg-'), ('CONNECT4_LOG_DIR', 'c4log-')):
    if name not in os.environ or os.environ.get('PYTEST_XDIST_WORKER'):
        os.environ[name] = tempfile.mkdtemp(prefix=prefix)


@pytest.fixture
def closing():
    """``closing(thing)``: ``thing.close()`` at the end of the test, in the order given."""
    made = []
    yield made.append
    for thing in made:
        thing.close()
