"""The one logging set-up (connect4_game.logs), ``--verbose``, the log file and the crash hook:
debug lines on stderr only when asked, warnings always, nothing new on stdout; an uncaught
exception leaves a report in the log folder and says where it is."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from connect4_game import __version__, logs
from connect4_game.cli import main

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def quiet_again(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(logs, '_notifiers', [])      # none of the window's in these tests
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


def test_one_handler_of_each_kind_however_often_configured() -> None:
    for verbose in (None, True, None, False):
        logs.configure(verbose)
    package = logging.getLogger(logs.PACKAGE)
    kinds = sorted(type(h).__name__ for h in package.handlers)
    assert kinds == ['RotatingFileHandler', 'StderrHandler']
    assert package.level == logging.INFO           # info lines reach the file


def test_a_later_call_without_a_choice_keeps_verbose(
        capsys: pytest.CaptureFixture[str]) -> None:
    logs.configure(verbose=True)
    logs.configure()                 # as the window does when it opens
    logging.getLogger('connect4_game.ui.x').debug('still shown')
    assert capsys.readouterr().err == 'DEBUG connect4_game.ui.x: still shown\n'


def test_the_log_file_gets_info_lines_with_time_and_logger() -> None:
    logs.configure()
    logging.getLogger('connect4_game.net.somewhere').info('an info line for the file')
    for handler in logging.getLogger(logs.PACKAGE).handlers:
        handler.flush()
    assert logs.log_dir() == Path(os.environ[logs.LOG_DIR_ENV])     # tests/conftest.py's
    text = (logs.log_dir() / logs.LOG_FILE).read_text(encoding='utf-8')
    line = next(x for x in text.splitlines() if x.endswith('an info line for the file'))
    assert f' {os.getpid()} INFO connect4_game.net.somewhere: ' in line
    assert line[:4].isdigit()                                         # the date first


def test_the_log_folder_is_the_platforms_without_the_variable(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs
    monkeypatch.delenv(logs.LOG_DIR_ENV)
    assert logs.log_dir() == Path(platformdirs.user_log_dir('connect4-pygame', appauthor=False))


def _boom() -> None:
    raise RuntimeError('boom in a test')


def test_a_crash_writes_a_report_and_tells_stderr_and_every_notifier(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(logs, '_notifiers', [])
    logs.add_crash_notifier(lambda text: 1 / 0)       # a failing notifier hides nothing
    logs.add_crash_notifier(shown.append)
    logs.add_crash_notifier(shown.append)             # once is enough
    try:
        _boom()
    except RuntimeError:
        logs._main_hook(*sys.exc_info())  # type: ignore[arg-type]
    err = capsys.readouterr().err
    assert err.startswith('Connect Four stopped because of an error (RuntimeError: boom in a '
                          'test).\nA crash report is in ')
    assert err.endswith('\nPlease attach it when you report the problem.\n')
    path = Path(err.split('A crash report is in ', 1)[1].split('\n', 1)[0])
    assert path.parent == logs.log_dir() and path.name.startswith('crash-')
    report = path.read_text(encoding='utf-8')
    assert report.startswith(f'connect4-pygame {__version__} crashed at ')
    assert 'thread: main' in report and 'in _boom' in report and 'RuntimeError: boom' in report
    assert shown == [err.rstrip('\n')]


def test_a_crash_in_a_thread_names_the_thread(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, 'excepthook', sys.excepthook)               # both undone after
    monkeypatch.setattr(threading, 'excepthook', threading.excepthook)   # the test
    logs.install_crash_hook()
    worker = threading.Thread(target=_boom, name='search-reader')
    worker.start()
    worker.join()
    err = capsys.readouterr().err
    assert 'A crash report is in ' in err
    path = Path(err.split('A crash report is in ', 1)[1].split('\n', 1)[0])
    assert 'thread: search-reader' in path.read_text(encoding='utf-8')


def test_no_report_where_the_folder_cannot_be_made(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    blocker = tmp_path / 'a-file'
    blocker.write_text('not a folder')
    monkeypatch.setenv(logs.LOG_DIR_ENV, str(blocker / 'logs'))
    assert logs.write_crash_report(RuntimeError('x')) is None
    assert logs.report_crash(RuntimeError('x')) is None
    assert 'No crash report could be written in ' in capsys.readouterr().err


def _run(code: str, log_dir: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, **{logs.LOG_DIR_ENV: str(log_dir)})
    return subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=60)


def test_an_uncaught_exception_of_the_command_line_leaves_a_report(tmp_path: Path) -> None:
    """The real command line (argv None) installs the hook: a crash says where its report is,
    with no traceback on stderr; Ctrl-C keeps Python's own lines."""
    done = _run('import sys; from connect4_game import cli; from connect4_game.cli import console\n'
                'console.run_review = lambda *a: 1 / 0\n'
                'sys.argv = ["connect4-pygame", "--review", "44"]; cli.main()', tmp_path)
    assert done.returncode == 1
    assert 'Connect Four stopped because of an error (ZeroDivisionError: ' in done.stderr
    assert 'Traceback' not in done.stderr
    reports = list(tmp_path.glob('crash-*.txt'))
    assert len(reports) == 1 and str(reports[0]) in done.stderr
    assert 'ZeroDivisionError' in reports[0].read_text(encoding='utf-8')
    interrupted = _run('from connect4_game import logs; logs.install_crash_hook()\n'
                       'raise KeyboardInterrupt', tmp_path / 'ctrl-c')
    assert 'KeyboardInterrupt' in interrupted.stderr and 'crash report' not in interrupted.stderr


def test_version_is_the_packages_metadata(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib import metadata
    with pytest.raises(SystemExit) as exc:
        main(['--version'])
    assert exc.value.code == 0
    assert capsys.readouterr().out == f'connect4-pygame {metadata.version("connect4-pygame")}\n'
    assert __version__ == metadata.version('connect4-pygame')


def test_a_crash_forced_in_the_window_leaves_a_report_and_names_it_in_a_message_box(
        tmp_path: Path) -> None:
    """The real command line and window, headless: every frame fails after 0.2 s (the test hook),
    the window gives up, writes the report and shows its path in a message box (pygame's,
    replaced here by one that writes down what it was asked to show)."""
    shown = tmp_path / 'shown.txt'
    code = ('import sys, pygame\n'
            'def box(title, text, *args, **kwargs):\n'
            f'    open({str(shown)!r}, "a", encoding="utf-8").write(title + "|" + text)\n'
            'pygame.display.message_box = box\n'
            'from connect4_game import cli\n'
            'sys.argv = ["connect4-pygame", "--x", "human", "--o", "human", "--no-settings"]\n'
            'sys.exit(cli.main())')
    env = {k: v for k, v in os.environ.items() if k != 'DISPLAY'}
    env.update(CONNECT4_CRASH_AFTER='0.2', SDL_VIDEODRIVER='dummy', SDL_AUDIODRIVER='dummy',
               **{logs.LOG_DIR_ENV: str(tmp_path / 'logs')})
    done = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 1, done.stderr
    reports = list((tmp_path / 'logs').glob('crash-*.txt'))
    assert len(reports) == 1, done.stderr
    assert 'RuntimeError: a crash forced by CONNECT4_CRASH_AFTER' in \
        reports[0].read_text(encoding='utf-8')
    title, text = shown.read_text(encoding='utf-8').split('|')
    assert title == 'Connect Four'
    assert f'A crash report is in {reports[0]}\n' in text
    assert text in done.stderr and 'Traceback' not in done.stderr
    log_file = (tmp_path / 'logs' / logs.LOG_FILE).read_text(encoding='utf-8')
    assert 'ERROR connect4_game.ui.app: the window keeps failing' in log_file
