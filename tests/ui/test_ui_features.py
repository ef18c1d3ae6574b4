"""The window's features (and the E key of Expert), headless: every feature driven
by events and dt, checked by state or pixels."""

import json

import pygame
import pytest

from connect4_game.ai.score import ColumnScore, Score
from connect4_game.core.game import Game
from connect4_game.core.side import Side
from connect4_game.players import DEFAULT_LOOKAHEAD
from connect4_game.search.jobs import Result, ResultStatus
from connect4_game.search.replies import MoveReply
from connect4_game.seat_config import PlayerSpec
from connect4_game.ui.app import App, AppOptions
from connect4_game.ui.screens.help import PAGES
from tests.ui_helpers import DT, click_col, key, make_app, settle, step_until

CTRL = pygame.KMOD_LCTRL


def new(worker, closing, **kw):
    app = make_app(worker, **kw)
    closing(app)
    app.step([], DT)
    return app


def play_and_wait(app, col):
    """Human drops in ``col``, then the AI replies (if it is an AI game)."""
    g = app.game
    n = len(g.session.game.moves)
    app.step([click_col(app, col)], DT)
    assert len(g.session.game.moves) == n + 1
    step_until(app, lambda: g.session.game.over or (g.session.human_to_move() and not g.animating()),
               max_steps=800)


# ---------------------------------------------------------------- undo / redo

def test_undo_vs_ai_goes_back_to_your_previous_move_and_redo_restores(worker, closing):
    app = new(worker, closing, x='human', o='ai', lookahead=2)
    g = app.game
    play_and_wait(app, 3)
    play_and_wait(app, 0)
    assert len(g.session.game.moves) == 4
    four = list(g.session.game.moves)
    app.step([key(pygame.K_u, 'u')], DT)
    assert g.session.game.moves == four[:2] and g.session.game.to_move == 'X'
    app.step([key(pygame.K_z, 'z', CTRL)], DT)
    assert g.session.game.moves == [] and g.session.game.board.num_checkers() == 0
    app.step([key(pygame.K_y, 'y', CTRL)], DT)
    assert g.session.game.moves == four[:2]
    app.step([key(pygame.K_r, 'r')], DT)
    assert g.session.game.moves == four
    assert g.session.game.board == Game(g.session.game.rows, g.session.game.cols, g.session.game.moves).board


def test_undo_works_after_the_game_ended(worker, closing):
    app = new(worker, closing, x='human', o='human', moves=[0, 1, 0, 1, 0, 1])
    g = app.game
    app.step([click_col(app, 0)], DT)
    settle(app)
    assert g.session.game.over
    app.step([key(pygame.K_u, 'u')], DT)
    assert not g.session.game.over and len(g.session.game.moves) == 6 and g.session.game.to_move == 'X'
    app.step([click_col(app, 2)], DT)                 # and the game goes on
    assert g.session.game.moves[-1] == 2


def test_undo_drops_the_search_in_flight(worker, closing):
    app = new(worker, closing, x='human', o='ai', lookahead=40)   # O thinks a long time
    g = app.game
    app.step([click_col(app, 3)], DT)
    settle(app)
    job = g.session.desired_job()
    assert g.session.planner.requested == job and job.checker == 'O'
    app.step([key(pygame.K_u, 'u')], DT)
    assert g.session.game.moves == [] and g.session.planner.requested is None
    late = MoveReply(5, (50,) * 7, nodes=1)
    worker._results.put(Result(job, ResultStatus.OK, late))   # a late reply
    for _ in range(20):
        app.step([], DT)
    assert g.session.game.moves == []


# ---------------------------------------------------------------- hint, overlay

def test_hint_marks_the_ai_column_without_playing_it(worker, closing):
    # off the 6x7 board the hint is the lookahead AI's (on 6x7 it is perfect play's)
    app = new(worker, closing, x='human', o='human', lookahead=2, moves=[0, 1, 0, 1, 0, 1], rows=5)
    g = app.game
    before = app.step([], DT).copy()
    app.step([key(pygame.K_h, 'h')], DT)
    step_until(app, lambda: g.session.hint_col is not None, max_steps=200)
    assert g.session.hint_col == 0 and len(g.session.game.moves) == 6   # X wins in column 0, not played
    surf = app.step([], DT)
    lay = g.renderer.layout
    edge = (lay.board_rect.left + 3, lay.board_rect.centery)   # the hinted column's outline
    assert surf.get_at(edge) != before.get_at(edge)
    ring = lay.slot_center(1, 0)                                  # the landing slot's ring
    ring = (ring[0] + int(lay.radius * 0.55) - 2, ring[1])
    assert surf.get_at(ring) != before.get_at(ring)


def test_analysis_overlay_shows_labelled_scores_and_follows_moves(worker, closing):
    app = new(worker, closing, x='human', o='human', lookahead=2, moves=[0, 1, 0, 1, 0, 1], rows=5)
    g = app.game
    plain = app.step([], DT).copy()
    app.step([key(pygame.K_a, 'a')], DT)
    step_until(app, lambda: g.session.analysis_payload() is not None, max_steps=200)
    labels = g.overlay_labels()
    t = app.theme
    assert labels[0] == ('win \u22642', t.good)           # text AND colour: a win within 2 plies
    assert labels[1] == ('\u2248 even', t.neutral)       # blocks O's four: an estimate, not a draw
    assert all(lbl == ('loss \u22642', t.bad) for lbl in labels[2:])   # else O wins in column 1
    surf = app.step([], DT)
    badge = g.renderer.label_rects(labels)[0]
    assert surf.get_at(badge.center) != plain.get_at(badge.center)     # a badge is drawn
    ghost = g.renderer.layout.slot_center(g.renderer.layout.ghost_row, 0)
    assert not any(r.collidepoint(ghost) for r in g.renderer.label_rects(labels))
    # after a move, the overlay is recomputed for the new position (O to move)
    app.step([click_col(app, 6)], DT)
    settle(app)
    step_until(app, lambda: g.session.analysis_payload() is not None, max_steps=200)
    assert g.overlay_labels()[1] == ('win \u22642', app.theme.good)


# ---------------------------------------------------------------- keyboard

def test_keyboard_cursor_starts_at_centre_and_mixes_with_mouse(worker, closing):
    app = new(worker, closing, x='human', o='human')
    g = app.game
    assert g.cursor == 3
    app.step([key(pygame.K_RIGHT)], DT)
    app.step([key(pygame.K_DOWN)], DT)
    assert g.session.game.moves == [4]
    app.step([key(pygame.K_LEFT), key(pygame.K_LEFT), key(pygame.K_SPACE)], DT)
    assert g.session.game.moves == [4, 2]
    lay = g.renderer.layout
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=lay.slot_center(3, 6), rel=(0, 0),
                                 buttons=(0, 0, 0))], DT)
    app.step([key(pygame.K_RETURN)], DT)
    assert g.session.game.moves == [4, 2, 6]
    for _ in range(10):
        app.step([key(pygame.K_RIGHT)], DT)
    assert g.cursor == 6                                  # clamped at the edge


# ---------------------------------------------------------------- players

def test_new_game_screen_sets_players_and_size(worker, closing):
    app = new(worker, closing, x='human', o='ai')
    app.step([key(pygame.K_g, 'g')], DT)
    scr = app.screen
    assert type(scr).__name__ == 'NewGameScreen'
    app.step([], DT)                                     # drawn: the current settings are shown
    assert [c.title for c in scr.form_rows()][:4] == ['Game', 'Players', 'Difficulty', 'You play']
    assert scr.sel == 1 and scr.level.value == 'custom'     # O is the assignment's AIPlayer
    # Players: one player; Difficulty from Custom back to Hard; play second; rows +1; cols -1
    app.step([key(pygame.K_DOWN), key(pygame.K_LEFT), key(pygame.K_LEFT)], DT)
    app.step([key(pygame.K_DOWN), key(pygame.K_RIGHT)], DT)
    app.step([key(pygame.K_DOWN), key(pygame.K_RIGHT)], DT)
    app.step([key(pygame.K_DOWN), key(pygame.K_LEFT)], DT)
    app.step([key(pygame.K_RETURN)], DT)
    g = app.game
    assert app.screen is g
    assert g.session.players['X'].kind == 'ai' and g.session.players['X'].level == 'hard'
    assert g.session.players['O'].is_human
    assert (g.session.game.rows, g.session.game.cols) == (7, 6) and g.session.game.moves == []


def test_new_game_screen_two_players_and_computer_vs_computer(worker, closing):
    app = new(worker, closing, x='human', o='ai')
    app.step([key(pygame.K_g, 'g')], DT)
    app.step([key(pygame.K_RIGHT), key(pygame.K_RETURN)], DT)        # two players
    assert all(p.is_human for p in app.session.players.values())
    app.step([key(pygame.K_g, 'g')], DT)
    app.step([], DT)
    assert [c.title for c in app.screen.form_rows()][:3] == ['Game', 'Players', 'Rows']   # no difficulty
    app.step([key(pygame.K_RIGHT), key(pygame.K_DOWN), key(pygame.K_RIGHT),
              key(pygame.K_RIGHT), key(pygame.K_RETURN)], DT)       # computers, Expert
    assert [p.level for p in app.session.players.values()] == ['expert', 'expert']


def test_new_game_screen_advanced_plays_the_assignments_aiplayer(worker, closing):
    app = new(worker, closing, x='human', o='ai')
    app.step([key(pygame.K_g, 'g')], DT)
    scr = app.screen
    app.step([], DT)
    scr.advanced_open = True
    app.step([], DT)
    rows = scr.form_rows()
    scr.sel = rows.index(scr.lookaheads[Side.O])
    for _ in range(20):
        app.step([key(pygame.K_RIGHT)], DT)
    assert scr.warning()                                     # a deep lookahead warns first
    app.step([key(pygame.K_RETURN)], DT)
    o = app.session.players['O']
    assert o.kind == 'ai' and o.level == '' and o.advanced and o.lookahead > 16


def test_new_game_screen_by_mouse(worker, closing):
    app = new(worker, closing, x='human', o='ai')
    app.step([key(pygame.K_g, 'g')], DT)
    app.step([], DT)
    scr = app.screen
    seg = scr.mode.seg_rects[2]                              # Computer vs computer
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=seg.center, button=1)], DT)
    assert scr.mode.value == 'computers'
    app.step([], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scr.start_button.rect.center,
                                 button=1)], DT)
    assert app.screen is app.game and all(not p.is_human for p in app.session.players.values())


def test_hot_seat_alternates_two_humans(worker, closing):
    app = new(worker, closing, x='human', o='human')
    g = app.game
    for col in (3, 3, 2):
        app.step([click_col(app, col)], DT)
    assert g.session.game.board.slots[5][3] == 'X' and g.session.game.board.slots[4][3] == 'O'
    assert g.session.game.board.slots[5][2] == 'X' and g.session.planner.requested is None
    settle(app)                                           # the checker has landed
    assert g.status_texts()[0] == "Player O's turn"      # two people: no 'your'


PLUGIN = '''
class Raiser:
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, board):
        raise RuntimeError("my bot broke")

class Illegal:
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, board):
        return 42

class Sleeper:
    def __init__(self, checker):
        self.checker = checker
    def next_move(self, board):
        import threading
        threading.Event().wait(600)     # a plug-in that thinks for minutes

class Lefty:
    def __init__(self, checker):
        self.checker = checker
        self.num_moves = 0
    def next_move(self, board):
        for col in range(board.width):
            if board.can_add_to(col):
                return col
'''


@pytest.mark.parametrize('cls,needle,folders', [('Raiser', 'my bot broke', 0),
                                                 ('Illegal', '42', 0),
                                                 ('Raiser', 'my bot broke', 8)])
def test_plugin_error_is_shown_and_the_game_stays_alive(worker, closing, tmp_path, capsys,
                                                         cls, needle, folders):
    where = tmp_path.joinpath(*[f'a_rather_long_folder_name_{i}' for i in range(folders)])
    where.mkdir(parents=True, exist_ok=True)    # a long path must not hide the reason
    bot = where / 'bot.py'
    bot.write_text(PLUGIN)
    app = make_app(worker, x='human', o='human')
    closing(app)
    app.session.set_players({'O': PlayerSpec('plugin', plugin=f'{bot}:{cls}')})
    g = app.game
    app.step([], DT)
    app.step([click_col(app, 3)], DT)
    step_until(app, lambda: g.session.players['O'].is_human, max_steps=600)
    assert any(needle in t.text and t.kind == 'error' for t in g.toasts)   # in the window
    assert needle in capsys.readouterr().err                                # and the console
    app.step([click_col(app, 4)], DT)                   # the user takes over O
    assert g.session.game.moves == [3, 4] and not g.session.game.over


def test_plugin_that_takes_too_long_is_stopped_and_reported(worker, closing, tmp_path, capsys):
    bot = tmp_path / 'bot.py'
    bot.write_text(PLUGIN)
    app = make_app(worker, x='human', o='human')
    closing(app)
    g = app.game
    g.session.planner.budgets['plugin'] = 1.0
    g.session.set_players({'O': PlayerSpec('plugin', plugin=f'{bot}:Sleeper')})
    app.step([], DT)
    app.step([click_col(app, 3)], DT)
    frames = step_until(app, lambda: g.session.players['O'].is_human, max_steps=600)
    assert frames > 0
    assert 'no answer within 1 s' in capsys.readouterr().err
    app.step([click_col(app, 3)], DT)                   # the user plays O now
    assert g.session.game.moves == [3, 3]


def test_plugin_player_plays_off_the_ui_thread(worker, closing, tmp_path):
    bot = tmp_path / 'bot.py'
    bot.write_text(PLUGIN)
    app = make_app(worker, x='human', o='human')
    closing(app)
    g = app.game
    g.session.set_players({'O': PlayerSpec('plugin', plugin=f'{bot}:Lefty')})
    app.step([], DT)
    app.step([click_col(app, 3)], DT)
    step_until(app, lambda: len(g.session.game.moves) == 2, max_steps=600)
    assert g.session.game.moves == [3, 0] and g.session.players['O'].kind == 'plugin'


# ---------------------------------------------------------------- sizes, window

@pytest.mark.parametrize('rows,cols', [(4, 4), (12, 14), (4, 14), (12, 4)])
def test_board_sizes_scale_into_the_window(worker, closing, rows, cols):
    app = new(worker, closing, x='human', o='human', rows=rows, cols=cols)
    lay = app.game.renderer.layout
    w, h = app.surface.get_size()
    br = lay.board_rect
    assert br.width == lay.cell * cols and br.height == lay.cell * rows   # square cells
    assert br.left >= 0 and br.right <= w and br.bottom <= lay.status_rect.top
    assert lay.cell >= 30
    app.step([click_col(app, cols - 1)], DT)
    settle(app, steps=300)
    assert app.session.game.board.slots[rows - 1][cols - 1] == 'X'


def test_resize_keeps_the_aspect_ratio(worker, closing):
    app = new(worker, closing, x='human', o='human')
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=1200, h=500, size=(1200, 500))], DT)
    assert app.surface.get_size() == (1200, 500)
    lay = app.game.renderer.layout
    assert lay.board_rect.width / lay.board_rect.height == pytest.approx(7 / 6)
    assert abs(lay.board_rect.centerx - 600) <= 2          # centred
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=500, h=900, size=(500, 900))], DT)
    lay = app.game.renderer.layout
    assert lay.board_rect.width <= 500 and lay.board_rect.width / lay.board_rect.height \
        == pytest.approx(7 / 6)


def test_f11_toggles_fullscreen(worker, closing):
    app = new(worker, closing, x='human', o='human')
    app.step([key(pygame.K_F11)], DT)
    assert app.window.fullscreen
    app.step([key(pygame.K_F11)], DT)
    assert not app.window.fullscreen and app.surface.get_size() == app.window.windowed_size


# ---------------------------------------------------------------- themes, sound

def test_c_cycles_themes_and_the_board_changes_colour(worker, closing):
    app = new(worker, closing, x='human', o='human', theme='classic')
    lay = app.game.renderer.layout
    probe = (lay.board_rect.left + 3, lay.board_rect.top + lay.cell // 2)
    first = app.step([], DT).get_at(probe)
    names = [app.theme.name]
    for _ in range(3):
        app.step([key(pygame.K_c, 'c')], DT)
        names.append(app.theme.name)
    assert len(set(names)) == 4
    assert app.surface.get_at(probe) != first


def test_high_contrast_theme_marks_sides_by_shape(worker, closing):
    app = new(worker, closing, x='human', o='human', theme='high_contrast', moves=[0, 1])
    settle(app)
    surf = app.step([], DT)
    lay = app.game.renderer.layout
    x_c = surf.get_at(lay.slot_center(5, 0))[:3]        # the cross's centre: dark mark
    o_c = surf.get_at(lay.slot_center(5, 1))[:3]        # the ring's hole: O's fill colour
    assert sum(x_c) < 150
    assert sum(o_c) > 300
    assert app.theme.x_shape == 'cross' and app.theme.o_shape == 'ring'


def test_sounds_play_on_drop_win_refusal_and_m_mutes(worker, closing):
    app = new(worker, closing, x='human', o='human', rows=4, cols=4)
    history = app.sounds.history
    app.step([click_col(app, 0)], DT)
    settle(app)
    assert list(history)[-1:] == ['drop']
    for col in (1, 0, 1, 0, 1, 0):
        app.step([click_col(app, col)], DT)
        settle(app)
    app.step([], DT)
    assert 'win' in history
    app.step([key(pygame.K_n, 'n')], DT)
    app.step([key(pygame.K_m, 'm')], DT)
    assert app.sounds.muted and app.settings.muted       # kept for the next start
    n = len(history)
    app.step([click_col(app, 0)], DT)
    settle(app)
    assert len(history) == n                             # muted: nothing played


# ---------------------------------------------------------------- stats, saves

def test_statistics_count_finished_games_and_show_on_screen(worker, closing):
    app = new(worker, closing, x='human', o='human', moves=[0, 1, 0, 1, 0, 1])
    app.step([click_col(app, 0)], DT)
    settle(app)
    app.step([], DT)
    assert 'X 1 : 0 O, 0 draws' in app.game.status_texts()[2]      # in the status bar
    app.step([key(pygame.K_s, 's')], DT)
    assert type(app.screen).__name__ == 'StatsScreen'
    assert app.screen.rows()[0] == ('Human \u2013 Human', 1, 0, 0)
    app.step([key(pygame.K_s, 's')], DT)                  # any key returns
    assert app.screen is app.game


def test_save_load_and_moves_option(worker, closing, tmp_path, monkeypatch):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    app = new(worker, closing, x='human', o='human', moves=[3, 3, 4])
    g = app.game
    assert g.session.game.moves == [3, 3, 4]                    # --moves starts from the position
    app.step([key(pygame.K_s, 's', CTRL)], DT)
    files = list((tmp_path / 'saved_games').glob('*.json'))
    saved = json.loads(files[0].read_text())
    assert len(files) == 1 and saved['moves'] == '334' and saved['rows'] == 6 and saved['name']
    app.step([key(pygame.K_n, 'n')], DT)
    assert g.session.game.moves == []
    app.step([key(pygame.K_o, 'o', CTRL)], DT)
    assert type(app.screen).__name__ == 'SavedGamesScreen' and len(app.screen.entries) == 1
    app.step([key(pygame.K_RETURN)], DT)                  # nothing in progress: loads at once
    assert g.session.game.moves == [3, 3, 4] and app.screen is g
    (tmp_path / 'saved_games' / 'zzz-bad.json').write_text(
        '{"rows": 6, "cols": 7, "moves": "0000000"}')
    app.step([key(pygame.K_o, 'o', CTRL)], DT)
    bad = [i for i, e in enumerate(app.screen.entries) if e.game is None]
    assert bad and 'full' in app.screen.entries[bad[0]].error
    app.screen.sel = bad[0]
    app.step([key(pygame.K_RETURN)], DT)                  # a bad file: message, game unchanged
    assert g.session.game.moves == [3, 3, 4]
    app.step([key(pygame.K_ESCAPE)], DT)
    app.step([], DT)
    assert any(t.kind == 'error' and 'full' in t.text for t in g.toasts)


def test_loading_over_a_game_in_progress_asks_first(worker, closing, tmp_path, monkeypatch):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    app = new(worker, closing, x='human', o='human', moves=[3, 3, 4])
    g = app.game
    app.step([key(pygame.K_s, 's', CTRL)], DT)
    app.step([key(pygame.K_n, 'n')], DT)
    app.step([click_col(app, 0)], DT)                     # a game in progress
    app.step([key(pygame.K_o, 'o', CTRL), key(pygame.K_RETURN)], DT)
    assert type(app.screen).__name__ == 'ConfirmScreen'
    app.step([key(pygame.K_ESCAPE)], DT)                  # No: the game stays
    assert g.session.game.moves == [0] and type(app.screen).__name__ == 'SavedGamesScreen'
    app.step([key(pygame.K_RETURN), key(pygame.K_RETURN)], DT)     # load, Yes
    assert g.session.game.moves == [3, 3, 4] and app.screen is g


def test_copy_move_string_never_crashes(worker, closing, capsys):
    app = new(worker, closing, x='human', o='human', moves=[1, 2, 1, 1, 2, 4, 4, 4, 4, 5])
    app.step([key(pygame.K_c, 'c', CTRL)], DT)
    toast = app.game.toasts[-1].text
    # the players' notation: columns 1..7 as on the board (add_checkers' 1211244445)
    assert '2322355556' in toast or '2322355556' in capsys.readouterr().out


def test_settings_persist_across_runs(worker, tmp_path, monkeypatch):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    app = App(AppOptions(), size=(640, 600), worker=worker)
    assert app.session.tiebreak == 'RANDOM' and app.session.lookahead == DEFAULT_LOOKAHEAD
    app.step([], DT)
    app.step([key(pygame.K_MINUS, '-'), key(pygame.K_t, 't'), key(pygame.K_c, 'c')], DT)
    theme = app.theme.name
    app.close()
    data = json.loads((tmp_path / 'settings.json').read_text())
    assert data['lookahead'] == DEFAULT_LOOKAHEAD - 1 and data['tiebreak'] == 'LEFT' and data['theme'] == theme
    again = App(AppOptions(), size=(640, 600), worker=worker)
    try:
        assert again.session.lookahead == DEFAULT_LOOKAHEAD - 1 and again.session.tiebreak == 'LEFT'
        assert again.theme.name == theme
    finally:
        again.close()


def test_unfinished_game_is_offered_back_on_a_plain_start(worker, tmp_path, monkeypatch):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    app = App(AppOptions(x=PlayerSpec('human'), o=PlayerSpec('human'), owns_autosave=True),
              size=(640, 600), worker=worker)
    app.step([], DT)
    for col in (2, 3, 2):
        app.step([click_col(app, col)], DT)
    app.close()
    assert (tmp_path / 'autosave.json').exists()
    plain = App(AppOptions(owns_autosave=True), size=(640, 600), worker=worker)
    try:
        assert plain.session.game.moves == [2, 3, 2]
        plain.step([], DT)
        back = [t for t in plain.game.toasts if 'unfinished game is back' in t.text]
        assert back and back[0].kind == 'info'          # news, not an error
    finally:
        plain.close()


# ---------------------------------------------------------------- demo, help, E

def test_demo_pause_and_pace(worker, closing):
    app = new(worker, closing, x='ai', o='ai', lookahead=1, demo=True)
    g = app.game
    pace = g.session.pace
    app.step([key(pygame.K_RIGHTBRACKET, ']')], DT)
    assert g.session.pace < pace
    app.step([key(pygame.K_LEFTBRACKET, '['), key(pygame.K_LEFTBRACKET, '[')], DT)
    assert g.session.pace > pace
    app.step([key(pygame.K_p, 'p')], DT)
    assert g.session.paused
    n = len(g.session.game.moves)
    for _ in range(200):
        app.step([], 0.05)
    assert len(g.session.game.moves) == n                       # nothing moves while paused
    assert '[paused]' in g.status_texts()[0]
    app.step([key(pygame.K_p, 'p')], DT)
    g.session.pace = 0.0
    step_until(app, lambda: len(g.session.game.moves) > n, max_steps=600, dt=0.05)


def test_help_screen_lists_every_key(worker, closing):
    app = new(worker, closing)
    app.step([key(pygame.K_F1)], DT)
    assert type(app.screen).__name__ == 'HelpScreen'
    keys = ' '.join(k for k, _ in PAGES[-1].lines())
    for k in ['1 \u2013 9', '+', '-', 'T', 'E', 'H', 'A', 'U', 'Ctrl+Z', 'R', 'Ctrl+Y', 'N', 'G', 'D',
              'P', '[', ']', 'C', 'M', 'S', 'Ctrl+S', 'Ctrl+O', 'Ctrl+C', 'F11', 'F1', '?',
              'Esc', 'Left', 'Right', 'Down', 'Space', 'Enter']:
        assert k in keys, k
    app.step([key(pygame.K_a, 'a')], DT)
    assert type(app.screen).__name__ == 'HelpScreen'             # a game key does nothing here
    app.step([key(pygame.K_ESCAPE)], DT)
    assert app.screen is app.game and not app.session.overlay   # Esc only closed help


def test_e_switches_to_expert_and_the_overlay_shows_its_verdicts(worker, closing):
    app = new(worker, closing, x='human', o='ai', lookahead=2, moves=[0, 1, 0, 1, 0, 1])
    g = app.game
    app.step([key(pygame.K_e, 'e')], DT)
    assert g.session.expert_mode and g.session.players['O'].perfect
    assert 'Expert' in g.status_texts()[1]           # O: Computer (Expert)
    app.step([key(pygame.K_a, 'a')], DT)
    step_until(app, lambda: g.session.analysis_payload() is not None, max_steps=300)
    labels = g.overlay_labels()
    assert labels[0][0] == 'win in 1' and labels[0][1] == app.theme.good
    app.step([key(pygame.K_h, 'h')], DT)
    step_until(app, lambda: g.session.hint_col is not None, max_steps=300)
    assert g.session.hint_col == 0
    app.step([key(pygame.K_e, 'e')], DT)
    assert not g.session.expert_mode and g.session.players['O'].kind == 'ai'


def test_hint_with_random_tiebreak_shows_the_most_central_best_column(worker, closing):
    app = new(worker, closing, x='human', o='ai', lookahead=2, tiebreak='RANDOM', rows=5)
    g = app.game
    app.step([key(pygame.K_h, 'h')], DT)
    step_until(app, lambda: g.session.hint_col is not None, max_steps=200)
    assert g.session.hint_col == 3 and g.session.game.moves == []        # all columns 50: the centre
    assert g.toasts[-1].text == 'Hint: column 4 (nothing forced within 2 plies)'   # from 1


def test_mute_option_starts_silent(worker, closing):
    app = new(worker, closing, x='human', o='human', mute=True)
    assert app.sounds.muted
    app.step([click_col(app, 0)], DT)
    settle(app)
    assert list(app.sounds.history) == []


def test_load_option_starts_from_the_saved_game(worker, closing, tmp_path):
    from connect4_game import cli
    saved = tmp_path / 'g.json'
    saved.write_text('{"format": "connect4-game", "rows": 5, "cols": 8, "moves": "0123"}')
    parser = cli.build_parser()
    args = parser.parse_args(['--x', 'human', '--o', 'human', '--load', str(saved),
                              '--no-settings'])
    opts = cli.window_options(args, *cli._start_position(args, parser))
    app = App(opts, size=(640, 600), worker=worker)
    closing(app)
    g = app.game
    assert (g.session.game.rows, g.session.game.cols) == (5, 8) and g.session.game.moves == [0, 1, 2, 3]
    assert g.session.game.board.slots[4][:4] == ['X', 'O', 'X', 'O']


def test_garbage_settings_file_falls_back_to_defaults_with_a_warning(worker, tmp_path,
                                                                      monkeypatch, capsys):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    (tmp_path / 'settings.json').write_bytes(b'{"lookahead": 5, "theme": "da')   # truncated
    app = App(AppOptions(), size=(640, 600), worker=worker)
    try:
        app.step([], DT)
        assert app.session.lookahead == DEFAULT_LOOKAHEAD and app.theme.name == 'classic'
        assert any(t.kind == 'error' and 'settings' in t.text for t in app.game.toasts)
        assert 'settings' in capsys.readouterr().err
    finally:
        app.close()


def test_the_expert_overlay_fills_column_by_column(closing):
    from tests.ui_helpers import StuckWorker

    class Proving(StuckWorker):
        """Reports two proven columns of the analysis and keeps working."""

        def poll(self):
            out = []
            for job in self.jobs:
                labels: list[ColumnScore | None] = [None] * 7
                labels[3] = ColumnScore(3, Score.of_pons(17, 9))
                labels[0] = ColumnScore(0, Score.of_pons(-15, 12))
                out.append(Result(job, ResultStatus.PROGRESS,
                                  MoveReply(None, (None,) * 7, tuple(labels))))
            self.jobs = []
            return out

    worker = Proving()
    app = make_app(worker, x='human', o='human')
    closing(app)
    app.step([key(pygame.K_e, 'e'), key(pygame.K_a, 'a')], DT)
    app.step([], DT)
    app.step([], DT)
    labels = app.game.overlay_labels()
    assert labels[3] == ('win in 9', app.theme.good) and labels[0][0] == 'loss in 12'
    assert [lbl[0] for i, lbl in enumerate(labels) if i not in (0, 3)] == ['\u2026'] * 5
    assert app.session.planner.requested is not None           # the analysis goes on


def test_each_sides_players_and_ai_settings_survive_a_restart(worker, tmp_path, monkeypatch):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    app = App(AppOptions(), size=(640, 600), worker=worker)
    try:
        app.step([], DT)
        app.start_game({'X': PlayerSpec('ai', 5, 'RIGHT'),
                        'O': PlayerSpec.for_level('hard', PlayerSpec('ai', 2, 'LEFT'))}, 5, 8)
    finally:
        app.close()
    again = App(AppOptions(), size=(640, 600), worker=worker)
    try:
        x, o = again.session.players['X'], again.session.players['O']
        assert (x.kind, x.level, x.lookahead, x.tiebreak) == ('ai', '', 5, 'RIGHT')
        assert (o.kind, o.level) == ('ai', 'hard')
        assert (again.session.game.rows, again.session.game.cols) == (5, 8)
    finally:
        again.close()
