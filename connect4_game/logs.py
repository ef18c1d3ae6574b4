"""The package's one logging set-up: what its loggers show on stderr.

Every module logs to ``logging.getLogger(__name__)``, so every logger of the
package sits under the logger ``connect4_game``; :func:`configure` gives that
one logger its one handler. By default it shows warnings and errors as plain
lines (the message alone), as a command-line tool does; ``--verbose`` shows
debug lines too, each naming its level and logger. Nothing is ever written to
stdout, whose text (the assignment's console game, BU CS111 ps9) is a contract.

>>> configure(); configure()          # a second call changes nothing
>>> [type(h).__name__ for h in logging.getLogger(PACKAGE).handlers]
['StderrHandler']

This module never imports pygame.
"""

from __future__ import annotations

import logging
import sys

__all__ = ['PACKAGE', 'StderrHandler', 'configure']

PACKAGE = 'connect4_game'
"""The logger above every logger of the package."""

_PLAIN = logging.Formatter('%(message)s')
_DETAILED = logging.Formatter('%(levelname)s %(name)s: %(message)s')


class StderrHandler(logging.Handler):
    """Writes each record as one line to the ``sys.stderr`` of the moment (so a
    redirected or captured stderr gets it too); nothing when there is none
    (a windowed app on Windows)."""

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
    """Show the package's log records on stderr through one :class:`StderrHandler`
    on the :data:`PACKAGE` logger.

    :param verbose: ``True``: records of level DEBUG and above, as
        ``'DEBUG connect4_game.cli: ...'``; ``False``: WARNING and above, the
        message alone (the package logger's own level is left unset, so that
        whoever configures the root logger still gets its records); ``None``
        (the default): keep what an earlier call chose, else as ``False``.
    """
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
