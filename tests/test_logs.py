"""The one logging set-up (connect4_game.logs) and ``--verbose``: debug lines on
stderr only when asked, warnings always, nothing new on stdout."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from connect4_game import logs
from connect4_game.cli import main


@pytest.fixture(autouse=True)
def quiet_again() -> Iterator[None]:
    yield
    logs.configure(verbose=False)


def test_verbose_shows_a_debug_line_on_stderr_and_nothing_new_on_stdout(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(['--puzzles']) == 0
    plain = capsys.readouterr()
    assert main(['--puzzles', '--verbose']) == 0
    verbose = capsys.readouterr()
    assert verbose.out == plain.out
    assert 'DEBUG connect4_game.cli: options: ' in verbose.err
    assert plain.err == ''


def test_without_verbose_no_debug_or_info_line_but_warnings_as_plain_lines(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(['--puzzles']) == 0
    capsys.readouterr()
    log = logging.getLogger('connect4_game.net.somewhere')
    log.debug('a debug line')
    log.info('an info line')
    log.warning('a warning')
    assert capsys.readouterr().err == 'a warning\n'


def test_one_handler_however_often_configured() -> None:
    for verbose in (None, True, None, False):
        logs.configure(verbose)
    package = logging.getLogger(logs.PACKAGE)
    assert sum(isinstance(h, logs.StderrHandler) for h in package.handlers) == 1
    assert package.level == logging.NOTSET       # the root logger's level still decides


def test_a_later_call_without_a_choice_keeps_verbose(
        capsys: pytest.CaptureFixture[str]) -> None:
    logs.configure(verbose=True)
    logs.configure()                 # as the window does when it opens
    logging.getLogger('connect4_game.ui.x').debug('still shown')
    assert capsys.readouterr().err == 'DEBUG connect4_game.ui.x: still shown\n'
