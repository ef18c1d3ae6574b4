"""Bad console input re-prompts; end of input and Ctrl-C end the game quietly."""

import builtins
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from connect4_game.core.board import Board
from connect4_game.players import Player

ROOT = Path(__file__).resolve().parents[1]
BAD_ANSWERS = ["abc", "-1", "", "   ", "3.5", "7", "99999999999999999999", "9" * 5000,
               "0x3", "three", "\x1b[A", "1 2", "None"]


def feed(monkeypatch, answers):
    it = iter(answers)
    prompts = []

    def fake_input(prompt=""):
        prompts.append(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None
    monkeypatch.setattr(builtins, "input", fake_input)
    return prompts


def test_every_bad_answer_reprompts(monkeypatch, capsys):
    prompts = feed(monkeypatch, BAD_ANSWERS + ["3"])
    b = Board(6, 7)
    before = repr(b)
    p = Player("X")
    assert p.next_move(b) == 3
    out = capsys.readouterr().out
    assert out.count("Try again!") == len(BAD_ANSWERS)
    assert prompts == ["Enter a column: "] * (len(BAD_ANSWERS) + 1)
    assert p.num_moves == 1
    assert repr(b) == before, "asking for a move does not touch the board"
    assert "Traceback" not in out


def test_full_column_reprompts(monkeypatch, capsys):
    feed(monkeypatch, ["0", " 1 "])
    b = Board(2, 2)
    b.add_checkers("00")
    assert Player("O").next_move(b) == 1
    assert capsys.readouterr().out.count("Try again!") == 1


def test_eof_propagates_from_next_move(monkeypatch):
    feed(monkeypatch, ["x"])
    with pytest.raises(EOFError):
        Player("X").next_move(Board(6, 7))


def run_main(args, stdin_text, timeout=60):
    env = dict(os.environ, PYTHONUNBUFFERED="1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], input=stdin_text,
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=env)


def test_console_game_bad_input_then_eof():
    r = run_main(["--text", "--x", "human", "--o", "random"],
                 "abc\n-1\n\n99999999999999999999\n7\n3\n")
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("Try again!") == 5
    assert "Traceback" not in r.stdout + r.stderr
    # the good answer was played: X's checker sits in column 3 of the bottom row
    assert "Player O's turn" in r.stdout
    last_line = r.stdout.strip().splitlines()[-1]
    assert len(last_line) < 80 and last_line.strip(), "a short goodbye message ends the game"


def test_console_game_immediate_eof():
    r = run_main(["--text"], "")
    assert r.returncode == 0
    assert "Traceback" not in r.stdout + r.stderr
    assert "Welcome to Connect Four!" in r.stdout


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")
def test_console_game_ctrl_c_while_waiting_for_input():
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--text"], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        seen = b""
        while not seen.endswith(b"Enter a column: "):
            ch = proc.stdout.read(1)
            assert ch, f"game ended before prompting: {seen!r}"
            seen += ch
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    text = (seen + out + err).decode()
    assert "Traceback" not in text and "KeyboardInterrupt" not in text
    assert out.decode().strip(), "a short message is printed"


@pytest.mark.parametrize("moves,words", [
    ("1237", "index 3, '7'"),
    ("0000000", "index 6, '0'"),
    ("01010101", "index 7, '1'"),
    ("12a", "index 2, 'a'"),
])
def test_bad_moves_option_exits_2_naming_the_position(moves, words):
    r = run_main(["--moves", moves, "--exit-after", "0"], "")
    assert r.returncode == 2
    assert words in r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_ctrl_c_while_a_plugin_thinks_forever(tmp_path):
    """A plug-in stuck in a loop does not keep the console game (or the process) alive."""
    bot = tmp_path / "stuck.py"
    bot.write_text("class Stuck:\n"
                   "    def __init__(self, checker):\n"
                   "        self.checker = checker\n"
                   "    def next_move(self, b):\n"
                   "        while True:\n"
                   "            pass\n")
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--text", "--x",
                             f"{bot}:Stuck", "--o", "random"], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        seen = b""
        while b"Player X's turn" not in seen:
            line = proc.stdout.readline()
            assert line, f"game ended early: {seen!r} {proc.stderr.read()!r}"
            seen += line
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    text = (seen + out + err).decode()
    assert "Traceback" not in text and "KeyboardInterrupt" not in text
    assert out.decode().strip()
