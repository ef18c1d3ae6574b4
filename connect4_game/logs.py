"""The package's one logging set-up: stderr (never stdout, the assignment's), a rotating log file,
and a crash report for an uncaught exception in any thread (docs/files.md).

>>> configure(); configure()          # a second call changes nothing
>>> sorted(type(h).__name__ for h in logging.getLogger(PACKAGE).handlers)
['RotatingFileHandler', 'StderrHandler']"""

from __future__ import annotations

import contextlib
import logging
import logging.handlers
import os
import platform
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

__all__ = ['PACKAGE', 'LOG_DIR_ENV', 'LOG_FILE', 'StderrHandler', 'configure', 'log_dir',
           'install_crash_hook', 'add_crash_notifier', 'write_crash_report', 'report_crash']

PACKAGE = 'connect4_game'                 # the logger above every logger of the package
LOG_DIR_ENV = 'CONNECT4_LOG_DIR'          # names another log folder
LOG_FILE = 'connect4-pygame.log'          # in log_dir(); rotates at 1 MB, keeping three

_PLAIN = logging.Formatter('%(message)s')
_DETAILED = logging.Formatter('%(levelname)s %(name)s: %(message)s')
_IN_FILE = logging.Formatter('%(asctime)s %(process)d %(levelname)s %(name)s: %(message)s')

Notifier = Callable[[str], object]      # shows the player a crash's message

_notifiers: list[Notifier] = []


class StderrHandler(logging.Handler):
    """Each record as one line on the ``sys.stderr`` of the moment (none: nothing)."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            sys.stderr.write(self.format(record) + '\n')
            sys.stderr.flush()
        except Exception:           # none (handleError then says nothing), closed, ...
            self.handleError(record)


def log_dir() -> Path:
    """``$CONNECT4_LOG_DIR`` if set, else platformdirs' user log folder of the game (not made)."""
    if value := os.environ.get(LOG_DIR_ENV):
        return Path(value)
    import platformdirs
    return Path(platformdirs.user_log_dir('connect4-pygame', appauthor=False))


def _file_handler() -> logging.Handler | None:
    try:
        folder = log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            folder / LOG_FILE, maxBytes=1_000_000, backupCount=3, encoding='utf-8', delay=True)
    except OSError:
        return None
    handler.setFormatter(_IN_FILE)
    return handler


def configure(verbose: bool | None = None) -> None:
    """One :class:`StderrHandler` and one log file on the :data:`PACKAGE` logger: ``verbose``
    True shows DEBUG and up, with level and logger; False WARNING and up on stderr (INFO in the
    file), the message alone; None keeps an earlier call's choice, else False."""
    logger = logging.getLogger(PACKAGE)
    handler = next((h for h in logger.handlers if isinstance(h, StderrHandler)), None)
    if handler is None:
        handler = StderrHandler()
        logger.addHandler(handler)
        if (in_file := _file_handler()) is not None:
            logger.addHandler(in_file)
        verbose = bool(verbose)
    if verbose is None:
        return
    handler.setLevel(logging.DEBUG if verbose else logging.WARNING)
    handler.setFormatter(_DETAILED if verbose else _PLAIN)
    logger.setLevel(logging.DEBUG if verbose else logging.INFO)


def add_crash_notifier(notify: Notifier) -> None:
    """Also show a crash's message with ``notify`` (its errors ignored); idempotent."""
    if notify not in _notifiers:
        _notifiers.append(notify)


def write_crash_report(exc: BaseException, thread: str | None = None) -> Path | None:
    """Write ``crash-YYYYMMDD-HHMMSS-PID.txt`` in :func:`log_dir` (the version, system, command
    line, ``thread`` and ``exc``'s traceback); its path, or None when it cannot be written."""
    from connect4_game.version import __version__
    stamp = time.strftime('%Y%m%d-%H%M%S')
    lines = [f'connect4-pygame {__version__} crashed at {time.strftime("%Y-%m-%d %H:%M:%S %z")}',
             f'Python {platform.python_version()} ({sys.executable}), {platform.platform()}',
             f'command line: {sys.argv}',
             f'thread: {thread or "main"}', '',
             *traceback.format_exception(type(exc), exc, exc.__traceback__)]
    try:
        folder = log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f'crash-{stamp}-{os.getpid()}.txt'
        path.write_text(''.join(line if line.endswith('\n') else line + '\n' for line in lines),
                        encoding='utf-8')
    except OSError:
        return None
    return path


def report_crash(exc: BaseException, thread: str | None = None) -> Path | None:
    """Write the crash report of ``exc`` and say where it is, on stderr and with every notifier;
    the report's path or None."""
    path = write_crash_report(exc, thread)
    where = (f'A crash report is in {path}\nPlease attach it when you report the problem.'
             if path is not None else f'No crash report could be written in {log_dir()}')
    text = (f'Connect Four stopped because of an error ({type(exc).__name__}: {str(exc)[:200]}).'
            f'\n{where}')
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            print(text, file=sys.stderr, flush=True)
    for notify in list(_notifiers):
        with contextlib.suppress(Exception):     # a notifier that fails must not hide the report
            notify(text)
    return path


def _main_hook(exc_type: type[BaseException], exc: BaseException,
               tb: TracebackType | None) -> None:
    if issubclass(exc_type, KeyboardInterrupt):
        sys.__excepthook__(exc_type, exc, tb)
        return
    report_crash(exc.with_traceback(tb))


def _thread_hook(args: threading.ExceptHookArgs) -> None:
    if args.exc_value is None or issubclass(args.exc_type, SystemExit):
        return
    report_crash(args.exc_value.with_traceback(args.exc_traceback),
                 args.thread.name if args.thread is not None else '?')


def install_crash_hook() -> None:
    """Make :data:`sys.excepthook` and :data:`threading.excepthook` :func:`report_crash` (Ctrl-C
    keeps Python's own line); idempotent."""
    sys.excepthook = _main_hook
    threading.excepthook = _thread_hook
