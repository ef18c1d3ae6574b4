"""The game's version, pyproject.toml's, read from the installed distribution's metadata (its one
source): ``connect4_game.__version__``, ``--version`` and crash reports show it."""

from importlib import metadata

__all__ = ['__version__']

try:
    __version__ = metadata.version('connect4-pygame')
except metadata.PackageNotFoundError:     # a checkout that was never installed
    __version__ = '0+unknown'
