"""The window as a player meets it: columns 1..N in what is copied and pasted,
analysis words that never contradict perfect play, the Advanced dialog with
each level's real settings and Custom, Oska from the dialog with its own
help, the network's questions and words, the saved games' list, the record
from the player's side. Headless: events and dt, no sleeping before an
assertion."""

import threading
import time

import pygame
import pytest

from connect4_game.ai.score import ColumnScore, Score
from connect4_game.core.side import Side
from connect4_game.net.connection import Timing
from connect4_game.net.events import Connected, OpponentMove, UndoRequested
from connect4_game.net.join import Join
from connect4_game.net.options import NetMode, NetworkOptions
from connect4_game.seat_config import PlayerSpec, SeatKind
from connect4_game.storage.stats import Record
from connect4_game.ui.game_files import Clipboard, ClipboardError
from tests.net.net_helpers import FAST_JOIN, Watch
from tests.ui_helpers import DT, InstantWorker, key, make_app

CTRL = pygame.KMOD_LCTRL
ALT = pygame.KMOD_LALT
FAST_PEER = dict(timing=Timing(0.1, 0.6, 0.5))


class FakeClipboard:
    """A clipboard holding ``text`` (or none at all, with ``fail``)."""

    def __init__(self, text: str = '', fail: bool = False) -> None:
        self.text, self.fail = text, fail

    def put_text(self, text: str) -> None:
        if self.fail:
            raise ClipboardError('no display')
        self.text = text

    def get_text(self) -> str:
        if self.fail:
            raise ClipboardError('no display')
        return self.text


@pytest.fixture
def app(worker):
    made = []

    def make(x='human', o='human', **kw):
        a = make_app(worker, x=x, o=o, **kw)
        made.append(a)
        a.step([], DT)
        return a
    yield make
    for a in made:
        a.close()


def toast(a):
    """The newest notice, once a frame has shown it."""
    a.step([], DT)
    return a.game.toasts[-1].text if a.game.toasts else ''


def hard():
    return PlayerSpec.for_level('hard', PlayerSpec(SeatKind.AI, 6, 'RANDOM'))


def person():
    return PlayerSpec(SeatKind.HUMAN)


# ---------------------------------------------------------------- copy and paste

def test_copy_moves_copies_columns_as_the_board_numbers_them(app):
    a = app(moves=[3, 3])
    a.files.clipboard = clip = FakeClipboard()
    a.step([key(pygame.K_c, 'c', CTRL)], DT)
    assert clip.text == '44'                                 # both played column 4
    assert toast(a) == 'Copied the moves 44 to the clipboard.'


def test_paste_position_sets_up_the_game_from_the_clipboard(app):
    a = app()
    a.files.clipboard = FakeClipboard('https://connect4.gamesolver.org/?pos=4453\n')
    a.game.do('paste')
    assert a.session.game.moves == [3, 3, 4, 2] and a.screen is a.game
    assert toast(a) == 'Position 4453 set up (4 moves).'


def test_paste_over_a_game_in_progress_asks_first(app):
    a = app(moves=[0])
    a.files.clipboard = FakeClipboard('4453')
    a.game.do('paste')
    assert type(a.screen).__name__ == 'ConfirmScreen' and a.session.game.moves == [0]
    a.step([key(pygame.K_ESCAPE)], DT)                        # No: the game stays
    assert a.session.game.moves == [0] and a.screen is a.game
    a.game.do('paste')
    a.step([key(pygame.K_RETURN)], DT)                        # Yes
    assert a.session.game.moves == [3, 3, 4, 2]


@pytest.mark.parametrize('text, words', [
    ('4408', "Cannot paste: move 3 ('0', character 3): it is not a column (use 1-7)"),
    ('448', "Cannot paste: move 3 ('8', character 3): that column is off the board "
            '(columns 1-7)'),
    ('', 'The clipboard holds no moves: copy columns 1-7, e.g. 4453.'),
])
def test_a_bad_paste_names_the_character_and_changes_nothing(app, text, words):
    a = app(moves=[1])
    a.files.clipboard = FakeClipboard(text)
    a.game.do('paste')
    assert a.session.game.moves == [1] and a.screen is a.game
    assert toast(a) == words


def test_paste_without_a_clipboard_says_so(app):
    a = app()
    a.files.clipboard = FakeClipboard(fail=True)
    a.game.do('paste')
    assert a.session.game.moves == [] and toast(a).startswith('No clipboard here')


def test_the_real_clipboard_gives_back_what_it_was_given(app):
    app()
    board = Clipboard()
    try:
        board.put_text('4453')
    except ClipboardError:
        pytest.skip('no clipboard on this display')
    assert board.get_text() == '4453'


# ---------------------------------------------------------------- analysis words

def test_lookahead_scores_say_how_far_they_looked(app):
    from connect4_game.play.planner import Analysis
    from connect4_game.search.replies import MoveReply
    from connect4_game.ui.screens.game_status import overlay_badges, score_badge
    a = app()
    t = a.theme
    assert score_badge(100, 8, t) == ('win \u22648', t.good)
    assert score_badge(0, 8, t) == ('loss \u22648', t.bad)
    assert score_badge(50, 8, t) == ('\u2248 even', t.neutral)     # an estimate, never 'draw'
    assert score_badge(-1, 8, t)[0] == 'full'
    badges = overlay_badges(Analysis(MoveReply(3, (50,) * 7, depth=6)), 7, t)
    assert [b[0] for b in badges] == ['\u2248 even'] * 7


def test_where_perfect_play_is_known_the_analysis_shows_it_at_every_level(app):
    from connect4_game.search.replies import MoveReply
    a = app(o='ai', lookahead=6)
    s = a.session
    expert_job = s.planner.analysis_job(s.game, True, s.lookahead, s.tiebreak)
    labels = ['loss in 12', 'loss in 14', 'draw', 'win in 41', 'draw', 'loss in 14', 'loss in 12']
    plies = (12, 14, None, 41, None, 14, 12)
    columns = tuple(ColumnScore(c, Score.of_pons(p, n))
                    for c, (p, n) in enumerate(zip((-1, -2, 0, 1, 0, -2, -1), plies, strict=True)))
    s.planner.cache[expert_job] = MoveReply(None, (-1, -2, 0, 1, 0, -2, -1), columns)
    s.overlay = True
    assert [b[0] for b in a.game.overlay_labels()] == labels     # not 'even' seven times
    assert s.verdict(MoveReply(None, (50,) * 7, depth=6), 0) == 'loss in 12'
    s.planner.cache.clear()
    assert s.verdict(MoveReply(None, (50,) * 7, depth=6), 0) == \
        'nothing forced within 6 plies'


# ---------------------------------------------------------------- the dialog's Advanced

def open_dialog(a):
    a.step([key(pygame.K_g, 'g')], DT)
    a.step([], DT)
    scr = a.screen
    assert type(scr).__name__ == 'NewGameScreen'
    return scr


def test_advanced_shows_the_levels_real_settings_and_a_change_is_custom(app):
    a = app()
    a.start_game({'X': person(), 'O': hard()}, 6, 7)
    scr = open_dialog(a)
    assert scr.level.value == 'hard' and not scr.advanced_open
    a.step([key(pygame.K_a, 'a', ALT)], DT)
    assert scr.advanced_open and scr.form_rows() == scr.advanced_rows()
    from connect4_game.ai.levels import get_level
    assert scr.info_text().startswith('Hard: looks {} plies ahead'.format(
        get_level('hard').setting.lookahead))
    assert scr.dimmed(scr.lookaheads[Side.O])             # Hard plays: the rows are Custom's
    scr.sel = scr.form_rows().index(scr.lookaheads[Side.O])
    a.step([key(pygame.K_RIGHT)], DT)
    assert scr.level.value == 'custom' and not scr.dimmed(scr.lookaheads[Side.O])
    assert scr.players()['O'].advanced
    a.step([key(pygame.K_a, 'a', ALT)], DT)                # the main page again
    scr.sel = scr.form_rows().index(scr.level)           # choose Hard again
    a.step([key(pygame.K_LEFT), key(pygame.K_LEFT)], DT)
    assert scr.level.value == 'hard' and scr.players()['O'].level == 'hard'


def test_a_custom_lookahead_is_shown_as_custom_when_the_dialog_opens_again(app):
    a = app()
    a.start_game({'X': person(), 'O': hard()}, 6, 7)
    scr = open_dialog(a)
    a.step([key(pygame.K_a, 'a', ALT)], DT)
    scr.sel = scr.form_rows().index(scr.lookaheads[Side.O])
    while scr.lookaheads[Side.O].value < 18:
        a.step([key(pygame.K_RIGHT)], DT)
    a.step([key(pygame.K_RETURN)], DT)
    o = a.session.players['O']
    assert (o.kind, o.level, o.lookahead) == ('ai', '', 18)
    scr = open_dialog(a)
    assert scr.level.value == 'custom' and not scr.advanced_open   # the main page first
    a.step([key(pygame.K_a, 'a', ALT)], DT)
    assert scr.advanced_open and scr.lookaheads[Side.O].value == 18
    assert scr.info_text().startswith('Custom')


# ---------------------------------------------------------------- Oska

def test_oska_is_a_game_of_the_dialog_with_its_help_and_a_way_back(app):
    a = app()
    scr = open_dialog(a)
    scr.sel = 0
    a.step([key(pygame.K_RIGHT)], DT)                     # Game: Oska
    assert [c.title for c in scr.form_rows()] == [       # two people: no computer rows
        'Game', 'Players', 'Checkers per side', 'Theme', 'Language']
    scr.sel = 1
    a.step([key(pygame.K_LEFT)], DT)                      # one player
    assert [c.title for c in scr.form_rows()] == [
        'Game', 'Players', 'You play', 'Checkers per side', 'Computer lookahead (plies)',
        'Theme', 'Language']
    scr.sel = 2
    a.step([key(pygame.K_RIGHT)], DT)                     # play second: Black
    scr.sel = 3
    a.step([key(pygame.K_RIGHT)], DT)                     # 5 checkers
    a.step([key(pygame.K_RETURN)], DT)
    oska = a.screen
    assert type(oska).__name__ == 'OskaScreen'
    assert (oska.n, oska.human_side, oska.lookahead) == (5, 'b', 3)
    title = pygame.display.get_caption()[0]               # the window's, as the app set it
    assert title.startswith('Oska \u2014') and 'Connect Four' not in title
    a.step([key(pygame.K_F1)], DT)                        # Oska's own help
    helped = a.screen
    assert type(helped).__name__ == 'HelpScreen' and helped.caption() == 'Oska \u2014 Help'
    keys = dict(helped.pages[0].lines())
    assert keys['Esc'] == 'clear the selection, then back to Connect Four'
    assert 'N' in keys and 'Undo' not in str(keys) and 'diagonally' in helped.pages[0].paragraphs[0]
    a.step([], DT)
    a.step([key(pygame.K_ESCAPE)], DT)
    assert a.screen is oska
    a.step([key(pygame.K_g, 'g')], DT)                    # the dialog over Oska: Oska chosen
    again = a.screen
    assert type(again).__name__ == 'NewGameScreen' and again.game.value == 'oska'
    assert again.oska_n.value == 5 and again.mode.value == 'one' and again.first.value == 'O'
    a.step([key(pygame.K_ESCAPE)], DT)
    a.step([key(pygame.K_ESCAPE)], DT)                    # Esc: back to Connect Four
    assert a.screen is a.game and a.running


def test_oska_from_the_command_line_goes_back_to_connect_four_too(worker):
    a = make_app(worker, x='human', o='human', game='oska')
    try:
        a.step([], DT)
        assert type(a.screen).__name__ == 'OskaScreen'
        a.step([key(pygame.K_ESCAPE)], DT)
        assert a.screen is a.game and a.running
    finally:
        a.close()


# ---------------------------------------------------------------- the network

def test_hosting_asks_before_ending_an_unfinished_game(app):
    a = app(moves=[3, 3])
    a.step([key(pygame.K_f, 'f')], DT)
    scr = a.screen
    assert type(scr).__name__ == 'NetworkScreen'
    scr.port.value = '0'
    scr.start()
    assert type(a.screen).__name__ == 'ConfirmScreen' and a.session.network is None
    a.step([key(pygame.K_ESCAPE)], DT)                     # No: nothing changes
    assert a.screen is scr and a.session.game.moves == [3, 3] and a.session.network is None
    scr.start()
    a.step([key(pygame.K_RETURN)], DT)                     # Yes: hosting
    assert a.session.network is not None and a.screen is a.game
    a.session.close()


def test_hosting_from_a_fresh_board_does_not_ask(app):
    a = app()
    a.step([key(pygame.K_f, 'f')], DT)
    scr = a.screen
    scr.port.value = '0'
    scr.start()
    assert a.session.network is not None and a.screen is a.game
    a.session.close()


def test_the_dialog_shows_the_last_local_choice_after_a_network_game(app):
    a = app()
    a.start_game({'X': person(), 'O': hard()}, 6, 7)
    options = NetworkOptions(NetMode.HOST, bind_address='127.0.0.1', port=0, code='4321',
                             side='X')
    a.session.start_network(options, **FAST_PEER)
    assert a.session.players['O'].kind == 'remote'
    assert a.session.local_players()['O'].level == 'hard'
    scr = open_dialog(a)
    assert (scr.mode.value, scr.level.value) == ('one', 'hard')     # not Medium
    a.step([key(pygame.K_ESCAPE)], DT)
    a.session.close()                                       # left: you play both sides now
    scr = open_dialog(a)
    assert (scr.mode.value, scr.level.value) == ('one', 'hard')
    a.step([key(pygame.K_RETURN)], DT)                      # a local game again
    assert a.session.players['O'].level == 'hard'
    a.start_game({'X': person(), 'O': person()}, 6, 7)
    assert open_dialog(a).mode.value == 'two'


def host_app():
    from connect4_game.ui.app import App, AppOptions
    a = App(AppOptions(use_settings=False, mute=True), size=(640, 600), worker=InstantWorker())
    options = NetworkOptions(NetMode.HOST, bind_address='127.0.0.1', port=0, code='4321',
                             side='X', local={'X': person()})
    game = a.session.start_network(options, **FAST_PEER)
    return a, game.peer


def step_until(a, cond, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, 'condition not reached in time'
        a.step([], DT)
        threading.Event().wait(0.005)       # let the network thread run between frames


def test_both_sides_count_the_moves_an_undo_takes_back(closing):
    a, host = host_app()
    closing(a)
    friend = Join('127.0.0.1', host.port, '4321', **FAST_JOIN).start()
    closing(friend)
    watch = Watch(friend)
    step_until(a, lambda: a.session.network.started() and a.session.seat('X').person)
    watch.wait(Connected)                           # the window agreed on the hello
    assert not any('Waiting for your friend' in t.text for t in a.game.toasts)   # it went
    a.session.human_drop(3)
    watch.wait(OpponentMove)
    friend.send_move(2, 0)
    step_until(a, lambda: a.session.game.moves == [3, 0])
    a.step([key(pygame.K_u, 'u')], DT)
    asked = watch.wait(UndoRequested).ply
    n = 2 - asked
    assert n == 2 and toast(a) == 'Asked your friend to take back your last 2 moves…'
    from connect4_game.i18n import ngettext
    friend_words = ngettext('Your friend asks to take back {n} move. Allow it?',
                            'Your friend asks to take back {n} moves. Allow it?', n).format(n=n)
    assert friend_words == 'Your friend asks to take back 2 moves. Allow it?'


# ---------------------------------------------------------------- saved games

@pytest.fixture
def library(tmp_path, monkeypatch):
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))
    from connect4_game.storage.savegame import SavedGame, save_to_library
    return save_to_library(SavedGame(6, 7, '3344'), when=1_800_000_000)


def test_the_saved_games_list_shows_the_date_once(app, library):
    from connect4_game.ui.screens.saved_games import entry_details
    a = app()
    a.step([key(pygame.K_o, 'o', CTRL)], DT)
    scr = a.screen
    entry = scr.entries[0]
    assert entry.title == entry.game.saved_at                  # named after the date
    assert entry.game.saved_at not in entry_details(entry)
    assert entry_details(entry).startswith('4 moves')
    a.step([], DT)


def test_a_saved_game_can_be_renamed_and_deleted(app, library):
    a = app()
    a.step([key(pygame.K_o, 'o', CTRL)], DT)
    scr = a.screen
    a.step([key(pygame.K_F2)], DT)
    rename = a.screen
    assert type(rename).__name__ == 'RenameScreen'
    a.step([], DT)
    a.step([key(pygame.K_BACKSPACE)] * 40 + [pygame.event.Event(pygame.TEXTINPUT, text='Ann')],
           DT)
    a.step([key(pygame.K_RETURN)], DT)
    assert a.screen is scr and scr.entries[0].title == 'Ann' and scr.entries[0].path == library
    assert scr.entries[0].game.moves == '3344'
    from connect4_game.ui.screens.saved_games import entry_details
    assert scr.entries[0].game.saved_at in entry_details(scr.entries[0])   # now it tells the date
    a.step([key(pygame.K_F2)], DT)                          # the old name selected: typing
    a.step([pygame.event.Event(pygame.TEXTINPUT, text='Bo')], DT)          # replaces it
    assert a.screen.field.value == 'Bo'
    a.step([pygame.event.Event(pygame.TEXTINPUT, text='b')], DT)           # then appends
    a.step([key(pygame.K_a, 'a', CTRL)], DT)                # Ctrl+A selects all again
    assert a.screen.field.all_selected
    a.step([key(pygame.K_BACKSPACE)], DT)                   # and Backspace clears it
    assert a.screen.field.value == ''
    a.step([pygame.event.Event(pygame.TEXTINPUT, text='Ann')], DT)
    a.step([key(pygame.K_a, 'a', CTRL), key(pygame.K_RIGHT)], DT)       # Right: keep, append
    a.step([pygame.event.Event(pygame.TEXTINPUT, text='a')], DT)
    assert a.screen.field.value == 'Anna'
    a.step([key(pygame.K_ESCAPE)], DT)
    assert a.screen is scr and scr.entries[0].title == 'Ann'
    a.step([key(pygame.K_F2)], DT)
    a.step([key(pygame.K_BACKSPACE), pygame.event.Event(pygame.TEXTINPUT, text='  ')], DT)
    a.step([key(pygame.K_RETURN)], DT)                      # an empty name changes nothing
    assert a.screen is scr and scr.entries[0].title == 'Ann'
    a.step([key(pygame.K_DELETE)], DT)
    assert type(a.screen).__name__ == 'ConfirmScreen' and library.exists()
    a.step([key(pygame.K_RETURN)], DT)
    assert not library.exists() and scr.entries == []
    a.step([], DT)


# ---------------------------------------------------------------- the record

def test_the_record_is_from_the_players_side_when_one_person_plays(app):
    from connect4_game.ui.screens.game_status import record_words
    a = app(o='ai')
    rec = Record(wins=1, losses=3, ties=2)                 # X won 1, O won 3
    assert record_words(rec, a.session) == 'You: 1 won, 3 lost, 2 draws'
    a.start_game({'X': hard(), 'O': person()}, 6, 7)
    assert record_words(rec, a.session) == 'You: 3 won, 1 lost, 2 draws'
    a.start_game({'X': person(), 'O': person()}, 6, 7)
    assert record_words(rec, a.session) == 'X 1 : 3 O, 2 draws'
    assert record_words(Record(), a.session) == ''


def test_switching_the_language_in_the_dialog_keeps_every_choice(app):
    a = app()
    scr = open_dialog(a)
    a.step([key(pygame.K_a, 'a', ALT)], DT)                # the Advanced page
    scr.rows.value, scr.lookaheads[Side.O].value, scr.tiebreaks[Side.X].value = 8, 9, 'RANDOM'
    a.step([key(pygame.K_a, 'a', ALT)], DT)                # back to the main page
    scr.sel = scr.form_rows().index(scr.language)
    try:
        a.step([key(pygame.K_RIGHT)], DT)                  # English -> Nederlands
        assert scr.language.value == 'nl' and scr.rows.title == 'Rijen'
        assert (scr.rows.value, scr.lookaheads[Side.O].value, scr.tiebreaks[Side.X].value) \
            == (8, 9, 'RANDOM')
        assert not scr.advanced_open and scr.chosen() is scr.language
    finally:
        a.set_language('en')
