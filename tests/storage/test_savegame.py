"""Move strings, saved-game files and the autosave."""

import json

import pytest

from connect4_game.storage.savegame import (
    SavedGame,
    autosave,
    clear_autosave,
    load_autosave,
    load_game,
    save_game,
)
from connect4_game.storage.userfiles import UserFileError


def test_a_saved_game_knows_its_columns_board_and_result():
    g = SavedGame(6, 14, "abcD")
    assert g.moves == "abcd" and g.columns == [10, 11, 12, 13]
    assert g.board().slots[5][10:14] == ["X", "O", "X", "O"]
    assert SavedGame(6, 7, "0101010").result() == "X"
    assert SavedGame(6, 7, "").result() is None
    assert SavedGame(4, 4, "3210200033123121").result() == "tie"
    assert SavedGame(6, 7, "1211244445").result() is None


@pytest.mark.parametrize("rows, cols, word", [(3, 7, "rows"), (6, 15, "cols")])
def test_boards_the_game_does_not_offer(rows, cols, word):
    with pytest.raises(ValueError, match=word):
        SavedGame(rows, cols, "")


def test_save_and_load_round_trip(tmp_path):
    g = SavedGame(8, 12, "5AB5", x="human", o="ai")
    assert g.moves == "5ab5"
    path = save_game(tmp_path / "g.json", g)
    assert load_game(path) == g
    data = json.loads(path.read_text())
    assert data["format"] == "connect4-game" and data["moves"] == "5ab5"


def test_plain_move_string_file_is_in_the_players_notation(tmp_path):
    p = tmp_path / "g.txt"
    p.write_text("4453\n")                           # as the window copies it: columns 1..7
    assert load_game(p) == SavedGame(6, 7, "3342")     # add_checkers: 0-based
    p.write_text("https://connect4.gamesolver.org/?pos=4453")
    assert load_game(p) == SavedGame(6, 7, "3342")
    p.write_text("4403")
    with pytest.raises(UserFileError, match="'0' .*not a column: use 1-7"):
        load_game(p)


def test_a_file_of_a_newer_version_is_refused_in_one_line(tmp_path):
    p = tmp_path / "g.json"
    for version, ok in ((1, True), (999, False), ("1", False), (0, False), (True, False)):
        p.write_text(json.dumps({"format": "connect4-game", "version": version, "rows": 6,
                                 "cols": 7, "moves": "33"}))
        if ok:
            assert load_game(p) == SavedGame(6, 7, "33")
        else:
            with pytest.raises(UserFileError, match="this game reads version 1"):
                load_game(p)


def test_renaming_a_game_deleted_meanwhile_does_not_bring_it_back(tmp_path):
    p = tmp_path / "g.json"
    save_game(p, SavedGame(6, 7, "33"))
    save_game(p, SavedGame(6, 7, "33", name="new name"), existing=True)
    assert load_game(p).name == "new name"
    p.unlink()                                          # another window deleted it
    with pytest.raises(UserFileError, match="deleted meanwhile") as info:
        save_game(p, SavedGame(6, 7, "33", name="newer"), existing=True)
    assert info.value.missing and not p.exists()


@pytest.mark.parametrize("content,words", [
    (b"", "empty"),
    (b'{"format": "connect4-game", "rows": 6, "co', "not valid JSON"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "not text"),
    (b'{"rows": 6, "cols": 7}', "missing field"),
    (b'{"rows": "six", "cols": 7, "moves": ""}', "rows"),
    (b'{"rows": 6, "cols": 7, "moves": "0000000"}', "index 6"),
    (b'{"format": "chess", "rows": 6, "cols": 7, "moves": ""}', "not a Connect Four"),
    (b"[1,2]", "JSON object"),
    (b"hello", "not a column"),
    (b'{"rows": 6, "cols": 7, "moves": "1", "x": 5}', "player description"),
])
def test_bad_files_raise_one_clear_error(tmp_path, content, words):
    p = tmp_path / "bad.json"
    p.write_bytes(content)
    with pytest.raises(UserFileError) as info:
        load_game(p)
    assert words in str(info.value)
    assert "\n" not in str(info.value)


def test_missing_file(tmp_path):
    with pytest.raises(UserFileError, match="does not exist"):
        load_game(tmp_path / "nope.json")


def test_save_to_unwritable_place_is_a_save_file_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(UserFileError, match="cannot be written"):
        save_game(blocker / "sub" / "g.json", SavedGame(6, 7, "3"))


def test_autosave_offers_back_unfinished_games_only(tmp_path, monkeypatch):
    monkeypatch.setenv("CONNECT4_CONFIG_DIR", str(tmp_path))
    assert load_autosave() == (None, None)
    path = autosave(SavedGame(6, 7, "334", x="human", o="ai"))
    assert path == tmp_path / "autosave.json"
    game, warning = load_autosave()
    assert warning is None and game.moves == "334" and game.o == "ai"
    # a finished game is not offered back, and clears the autosave
    assert autosave(SavedGame(6, 7, "0101010")) is None
    assert not path.exists()
    autosave(SavedGame(6, 7, "3"))
    assert autosave(SavedGame(6, 7, "")) is None and not path.exists()
    clear_autosave()  # absent file: no error


def test_bad_autosave_is_reported_once(tmp_path, monkeypatch):
    monkeypatch.setenv("CONNECT4_CONFIG_DIR", str(tmp_path))
    (tmp_path / "autosave.json").write_bytes(b'{"rows": 6, "cols": 7, "mov')
    game, warning = load_autosave()
    assert game is None and "autosaved game" in warning
    assert load_autosave() == (None, None)


@pytest.mark.parametrize("content,words", [
    (b'{"format": "connect4-game", "rows": 6, "cols": 7, "mo', "not valid JSON"),
    (b"\x00\x01\x02garbage\xff", "not text"),
    (b'{"rows": 6, "cols": 7, "moves": "0000000"}', "index 6, '0'"),
])
def test_main_load_of_a_bad_file_exits_2_with_one_message(tmp_path, content, words):
    import os
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CONNECT4_CONFIG_DIR=str(tmp_path / "cfg"))
    r = subprocess.run([sys.executable, str(root / "main.py"), "--load", str(bad),
                        "--exit-after", "0"], capture_output=True, text=True, timeout=60,
                       cwd=root, env=env)
    assert r.returncode == 2
    assert words in r.stderr and str(bad) in r.stderr
    assert "Traceback" not in r.stderr
