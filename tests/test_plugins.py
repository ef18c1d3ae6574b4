"""Plug-in players: FILE.py:ClassName, three interfaces, every fault a clear message."""

import textwrap

import pytest

from connect4_game.core.board import Board
from connect4_game.core.side import Side
from connect4_game.plugins import loader
from connect4_game.plugins.factory import make_player
from connect4_game.plugins.loader import SafePlayer, load_player
from connect4_game.plugins.process import ProcessPlayer
from connect4_game.seat_config import PlayerSpec, SeatKind, is_plugin_spec, parse_spec


def write(tmp_path, name, source):
    p = tmp_path / name
    p.write_text(textwrap.dedent(source))
    return p


BU = """
class Bot:
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, b):
        # seed interface: Board(height, width) with can_add_to
        return [c for c in range(b.width) if b.can_add_to(c)][-1]

class AIish:
    def __init__(self, checker, tiebreak, lookahead):
        self.checker, self.tiebreak, self.lookahead = checker, tiebreak, lookahead
    def next_move(self, b):
        return self.lookahead % b.width
"""


def test_bu_seed_player(tmp_path):
    f = write(tmp_path, "bu.py", BU)
    p = load_player(f"{f}:Bot", "O")
    assert p.checker == "O"
    b = Board(6, 7)
    b.add_checkers("666666")
    assert p.next_move(b) == 5
    ai = load_player(f"{f}:AIish", "X", "RIGHT", 4)
    assert (ai.checker, ai.tiebreak, ai.lookahead) == ("X", "RIGHT", 4)
    assert SafePlayer(ai).choose(Board(6, 7)) == ("ok", 4)


CS5 = """
class Board:                      # the student's own CS5 board: width first
    def __init__(self, width, height):
        self.width, self.height = width, height
        self.data = [[' '] * width for _ in range(height)]
    def addMove(self, col, ox):
        for row in range(self.height - 1, -1, -1):
            if self.data[row][col] == ' ':
                self.data[row][col] = ox
                return
    def allowsMove(self, col):
        return 0 <= col < self.width and self.data[0][col] == ' '

class Player:
    def __init__(self, ox, tbt, ply):
        self.ox, self.tbt, self.ply = ox, tbt, ply
    def nextMove(self, b):
        assert isinstance(b, Board)
        # play on top of the first column holding one of our checkers, else first free
        for col in range(b.width):
            if any(b.data[r][col] == self.ox for r in range(b.height)) and b.allowsMove(col):
                return col
        return [c for c in range(b.width) if b.allowsMove(c)][0]
"""


def test_cs5_player_through_the_adapter(tmp_path):
    f = write(tmp_path, "hw6pr3.py", CS5)
    p = load_player(f"{f}:Player", "O", "LEFT", 2)
    assert p.checker == "O"
    b = Board(6, 7)
    b.add_checkers("0044")      # X: 0, 4 ; O: 0, 4  -> O's first column is 0
    assert p.next_move(b) == 0
    b.add_checkers("0000")       # column 0 now full
    assert SafePlayer(p).choose(b) == ("ok", 4)


DUTCH = """
from connect4_game.compat.vieropeenrij import Board   # the Dutch board, width first

class Speler:
    def __init__(self, ox, tbt, ply):
        self.ox, self.tbt, self.ply = ox, tbt, ply
    def next_move(self, b):
        assert b.allows_move(b.width - 1) or True
        return max(c for c in range(b.width) if b.allows_move(c))
"""


def test_dutch_player_through_the_adapter(tmp_path):
    f = write(tmp_path, "vier.py", DUTCH)
    p = load_player(f"{f}:Speler", "X")
    b = Board(4, 5)
    b.add_checkers("4444")
    assert p.next_move(b) == 3


def test_cs5_short_spec():
    p = load_player("cs5:RIGHT:1", "X")
    assert (p.checker, p.player.tbt, p.player.ply) == ("X", "RIGHT", 1)


@pytest.mark.parametrize("spec,words", [
    ("bot.py", "FILE.py:ClassName"),
    ("bot.py:", "FILE.py:ClassName"),
    (":Bot", "FILE.py:ClassName"),
    ("bot.txt:Bot", ".py file"),
    ("bot.py:1Bot", "not a class name"),
    ("bot.py:class", "not a class name"),
    (None, "FILE.py:ClassName"),
])
def test_malformed_specs(spec, words):
    with pytest.raises(ValueError, match=words.replace(".", r"\.")):
        load_player(spec, "X")


def test_windows_style_path_splits_at_last_colon():
    path, cls = parse_spec(r"C:\bots\mine.py:Bot")
    assert cls == "Bot" and str(path).endswith("mine.py")
    assert is_plugin_spec("a.py:B") and not is_plugin_spec("ai")


def test_missing_file(tmp_path):
    with pytest.raises(ValueError, match="not found"):
        load_player(f"{tmp_path}/nope.py:Bot", "X")


def test_syntax_error_names_the_line(tmp_path):
    f = write(tmp_path, "broken.py", "class Bot:\n    def next_move(self, b)\n        return 0\n")
    with pytest.raises(ValueError, match=r"syntax error in plug-in broken\.py line 2"):
        load_player(f"{f}:Bot", "X")


def test_import_time_exception(tmp_path):
    f = write(tmp_path, "boom.py", "x = 1\nraise RuntimeError('no config')\n")
    with pytest.raises(ValueError, match=r"RuntimeError: no config \(boom\.py line 2\)"):
        load_player(f"{f}:Bot", "X")
    f2 = write(tmp_path, "quits.py", "import sys\nsys.exit(3)\n")
    with pytest.raises(ValueError, match="SystemExit"):
        load_player(f"{f2}:Bot", "X")


def test_missing_class_lists_the_classes(tmp_path):
    f = write(tmp_path, "bu.py", BU)
    with pytest.raises(ValueError, match="no class 'Robot'; classes in it: AIish, Bot"):
        load_player(f"{f}:Robot", "X")
    f2 = write(tmp_path, "fn.py", "def Bot():\n    pass\n")
    with pytest.raises(ValueError, match="not a class"):
        load_player(f"{f2}:Bot", "X")


def test_constructor_faults(tmp_path):
    f = write(tmp_path, "init.py", """
        class Raises:
            def __init__(self, checker):
                self.checker = checker
                raise KeyError('weights.bin')
        class Greedy:
            def __init__(self, a, b, c, d):
                pass
        class Mute:
            def __init__(self, checker):
                self.checker = checker
    """)
    with pytest.raises(ValueError, match=r"Raises\('X'\) raised KeyError: 'weights.bin' \(init\.py line 5\)"):
        load_player(f"{f}:Raises", "X")
    with pytest.raises(ValueError, match="needs 4 arguments"):
        load_player(f"{f}:Greedy", "X")
    with pytest.raises(ValueError, match="no next_move"):
        load_player(f"{f}:Mute", "X")


FAULTY = """
import sys
class Bot:
    answer = 0
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, b):
        b.add_checker(self.checker, 0)   # scribbles on its copy
        a = type(self).answer
        if a == 'raise':
            return 1 // 0
        if a == 'exit':
            sys.exit(1)
        return a
"""


@pytest.mark.parametrize("answer,words", [
    ("'raise'", r"ZeroDivisionError: integer division or modulo by zero \(faulty\.py line 11\)"),
    ("'exit'", "raised SystemExit"),
    ("'3'", r"returned '3' \(str\), not a column number"),
    ("None", r"returned None \(NoneType\)"),
    ("2.0", r"returned 2\.0 \(float\)"),
    ("True", r"returned True, not a column"),
    ("7", "returned 7, off the board"),
    ("-1", "returned -1, off the board"),
    ("10**30", "returned a 31-digit number, off the board"),
    ("10**100", r"returned a 101-digit number, off the board \(columns 0 to 6\)"),
    ("10**5000", "returned a 5001-digit number, off the board"),
    ("-10**5000", "returned a 5001-digit number, off the board"),
    ("[10**5000]", r"returned '<list>' \(list\), not a column number"),
    ("1", "column 1, which is full"),
])
def test_safe_player_reports_every_bad_move(tmp_path, answer, words):
    f = write(tmp_path, "faulty.py", FAULTY.replace("answer = 0", f"answer = {answer}"))
    sp = SafePlayer(load_player(f"{f}:Bot", "X"), label="faulty.py:Bot")
    b = Board(6, 7)
    b.add_checkers("111111")
    before = repr(b)
    status, message = sp.choose(b)
    assert status == "error"
    assert message.startswith("faulty.py:Bot")
    import re
    assert re.search(words, message), message
    assert len(message) < 160, "a value is quoted shortened"
    assert repr(b) == before, "the game's board is never touched"


HUGE = """
class Huge:
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, b):
        return 10**5000
"""


def test_a_huge_column_is_named_shortened_on_every_path(tmp_path):
    f = write(tmp_path, "huge.py", HUGE)
    spec = f"{f}:Huge"
    label = loader.spec_label(spec)
    expected = "huge.py:Huge.next_move returned a 5001-digit number, off the board"
    sp = SafePlayer(load_player(spec, "X"), label=label)
    assert sp.choose(Board(6, 7))[1].startswith(expected)
    lines = []

    class Fallback:
        def next_move(self, b):
            return 2

    with ProcessPlayer(spec, "O", label=label, fallback=Fallback(), timeout=30,
                       out=lines.append) as proc:
        assert proc.next_move(Board(6, 7)) == 2
    assert lines[0][:len(expected)] == expected
    assert all(len(line) < 160 for line in lines), lines


def test_the_console_plugin_player_lets_the_user_take_over(tmp_path, monkeypatch, capsys):
    from connect4_game.core.console import process_move
    f = write(tmp_path, "faulty.py", FAULTY.replace("answer = 0", "answer = 'raise'"))
    answers = iter(["x", "4"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    with make_player(PlayerSpec.parse(f"{f}:Bot"), Side.X) as gp:
        b = Board(6, 7)
        assert process_move(gp, b) is False          # the game goes on
    out = capsys.readouterr().out
    assert "faulty.py:Bot.next_move raised ZeroDivisionError" in out
    assert "You take over X." in out and "Try again!" in out
    assert b.slots[5][4] == "X" and gp.num_moves == 1 and gp.taken_over
    assert repr(gp) == "Player X"


def test_the_console_plugin_player_passes_good_moves(tmp_path):
    f = write(tmp_path, "bu.py", BU)
    with make_player(PlayerSpec.parse(f"{f}:Bot", 3, "RIGHT"), Side.O) as gp:
        assert gp.next_move(Board(6, 7)) == 6
        assert gp.num_moves == 1 and not gp.taken_over


@pytest.mark.parametrize("text, kind, shown", [
    ("AI", SeatKind.AI, "ai"), (" Human ", SeatKind.HUMAN, "human"), ("Hard", SeatKind.AI, "hard"),
    ("bots/my.py:Bot", SeatKind.PLUGIN, "bots/my.py:Bot"), ("cs5:RIGHT:2", SeatKind.PLUGIN, "cs5:RIGHT:2"),
])
def test_a_player_spec_is_parsed_in_one_place_and_formatted_back(text, kind, shown):
    spec = PlayerSpec.parse(text)
    assert (spec.kind, spec.format()) == (kind, shown)
    assert PlayerSpec.parse(spec.format()) == spec


@pytest.mark.parametrize("text", ["bot", "", "a.py:1x", "human:2", 5])
def test_a_bad_player_spec_is_one_line_naming_it(text):
    with pytest.raises(ValueError, match="not a player|plug-in spec|must be a string") as info:
        PlayerSpec.parse(text)
    assert "\n" not in str(info.value)


def test_messages_name_a_plugin_by_its_file_name_and_class():
    deep = '/'.join(['folder'] * 40) + '/my_bot.py:Bot'
    assert loader.spec_label(deep) == 'my_bot.py:Bot'
    assert loader.spec_label('C:\\bots\\a.py:Bot').endswith('a.py:Bot')
    assert len(loader.spec_label('x' * 5000)) <= 81      # not a spec: clipped, not raised


def test_one_factory_makes_every_player_the_console_and_the_tournament_seat():
    from connect4_game.ai.expert import ExpertPlayer
    from connect4_game.ai.levels import LevelPlayer
    from connect4_game.compat.adapter import EngineAdapter
    from connect4_game.players import AIPlayer, Player, RandomPlayer
    made = {text: make_player(PlayerSpec.parse(text, 2, "RIGHT"), Side.O)
            for text in ("human", "random", "ai", "easy", "expert", "cs5:LEFT:1")}
    assert {text: type(p) for text, p in made.items()} == {
        "human": Player, "random": RandomPlayer, "ai": AIPlayer, "easy": LevelPlayer,
        "expert": ExpertPlayer, "cs5:LEFT:1": EngineAdapter}
    assert (made["ai"].lookahead, made["ai"].tiebreak) == (2, "RIGHT")
    assert all(p.checker == "O" for p in made.values())
    with pytest.raises(ValueError, match="network"):
        make_player(PlayerSpec(SeatKind.REMOTE), Side.X)


def test_what_a_plugin_prints_in_the_console_game_goes_to_stderr_under_its_name(tmp_path):
    import subprocess
    import sys
    from pathlib import Path
    spec = write(tmp_path, 'talker.py', '''
        import os
        class Talker:
            def __init__(self, checker):
                self.checker = checker
                print("Player X's turn")
            def next_move(self, b):
                print('thinking')
                os.system('echo from a shell')
                return next(c for c in range(b.width) if b.can_add_to(c))
    ''')
    spec = f'{spec}:Talker'
    root = Path(__file__).resolve().parents[1]
    proc = subprocess.run([sys.executable, str(root / 'main.py'), '--text', '--x', spec,
                           '--o', 'ai', '--lookahead', '1'], capture_output=True, text=True,
                          cwd=root, timeout=60, input='')
    assert proc.returncode == 0, proc.stderr
    assert 'thinking' not in proc.stdout and 'from a shell' not in proc.stdout
    assert "talker.py:Talker: Player X's turn" in proc.stderr       # a forged line, named
    assert 'talker.py:Talker: thinking' in proc.stderr and 'from a shell' in proc.stderr
