"""The game's version, pyproject.toml's, read from the installed distribution's metadata (its one
source): ``connect4_game.__version__``, ``--version`` and crash reports show it."""

from importlib import metadata

__all__ = ['__version__']

try:
    __version__ = metadata.version('connect4-pygame')
    """E.g. ``'1.0.0'``; ``'0+unknown'`` in a checkout that was never installed."""
except metadata.PackageNotFoundError:
    __version__ = '0+unknown'
