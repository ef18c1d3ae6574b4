"""The package's one logging set-up: warnings and errors on stderr as plain lines, with
``--verbose`` debug lines naming their level and logger; never stdout, whose text is the
assignment's (BU CS111 ps9).

>>> configure(); configure()          # a second call changes nothing
>>> [type(h).__name__ for h in logging.getLogger(PACKAGE).handlers]
['StderrHandler']"""

from __future__ import annotations

import logging
import sys

__all__ = ['PACKAGE', 'StderrHandler', 'configure']

PACKAGE = 'connect4_game'
"""The logger above every logger of the package."""

_PLAIN = logging.Formatter('%(message)s')
_DETAILED = logging.Formatter('%(levelname)s %(name)s: %(message)s')


class StderrHandler(logging.Handler):
    """Each record as one line on the ``sys.stderr`` of the moment (none: nothing)."""

    def emit(self, record: logging.LogRecord) -> None:
        stream = sys.stderr
        if stream is None:
            return
        try:
            stream.write(self.format(record) + '\n')
            stream.flush()
        except Exception:
            self.handleError(record)


def configure(verbose: bool | None = None) -> None:
    """One :class:`StderrHandler` on the :data:`PACKAGE` logger: ``verbose`` True shows DEBUG and
    up as ``'DEBUG connect4_game.cli: ...'``, False WARNING and up, the message alone (the
    logger's own level left unset); None keeps an earlier call's choice, else False."""
    logger = logging.getLogger(PACKAGE)
    handler = next((h for h in logger.handlers if isinstance(h, StderrHandler)), None)
    if handler is None:
        handler = StderrHandler()
        logger.addHandler(handler)
        verbose = bool(verbose)
    if verbose is None:
        return
    handler.setLevel(logging.DEBUG if verbose else logging.WARNING)
    handler.setFormatter(_DETAILED if verbose else _PLAIN)
    logger.setLevel(logging.DEBUG if verbose else logging.NOTSET)
