"""The puzzle screen (Menu > Puzzles), headless: it opens from the menu on
the puzzle of the day, a right move gets the perfect defence until
"Solved!" (counted), a wrong one is taken back with its line and counted
once, Show solution plays the line, Previous/Next walk the set, Esc goes
back to a game left exactly as it was, every text fits, and the
screenshot tool writes puzzle.png. The solver runs in the search pool: here
a fake one (:class:`tests.worker_jobs.FakePool`) that answers the puzzle
requests in this process, a frame after they are asked."""

import datetime

import pygame
import pytest

from connect4_game.i18n import set_language
from connect4_game.search.jobs import JobKind
from connect4_game.storage.stats import load_puzzle_counts
from connect4_game.trainer.model import load_puzzles, puzzle_of_the_day
from connect4_game.trainer.play import solution
from connect4_game.ui import text_fit
from connect4_game.ui.commands import MENU
from connect4_game.ui.screens.puzzle import PuzzleScreen, Stage
from connect4_game.ui.text_fit import MIN_FONT
from tests.ui_helpers import DT, key, make_app
from tests.worker_jobs import FakePool

WIN_IN_1 = load_puzzles()[0]                                   # Yellow, column 4
WIN_IN_2 = next(p for p in load_puzzles() if p.win_in == 2)    # Red, column 5 then ...
SIZES = [(520, 480), (800, 760), (1920, 1080)]


@pytest.fixture(autouse=True)
def own_stats(tmp_path, monkeypatch):
    """Each test counts its tries in a directory of its own."""
    monkeypatch.setenv('CONNECT4_CONFIG_DIR', str(tmp_path))


@pytest.fixture
def app():
    a = make_app(FakePool(), x='human', o='human', moves=[3, 3, 4])
    a.step([], DT)
    yield a
    a.close()


def open_puzzle(app, puzzle):
    scr = PuzzleScreen(app, puzzle)
    app.push(scr)
    app.step([], DT)
    return scr


def run(app, scr, limit=600):
    """Step until nothing falls, nothing is being judged and no solution plays."""
    v = scr.visit
    for _ in range(limit):
        busy = scr.falling or v.waiting is not None or v.reply_due is not None \
            or v.stage in (Stage.CHECK, Stage.SHOWING)
        if not busy:
            return
        app.step([], DT)
    raise AssertionError('the puzzle screen never settled')


def click_column(app, scr, col):
    x, y = scr.renderer.layout.slot_center(2, col)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x, y + scr.board_top))],
             DT)


def counts(puzzle):
    return load_puzzle_counts()[0].get(puzzle.id)


def test_the_menu_opens_the_puzzle_of_the_day_first(app):
    assert 'puzzles' in MENU
    app.step([key(pygame.K_F10)], DT)
    menu = app.game.menu
    row = menu.rows[[i.action for i in menu.items].index('puzzles')]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=row.center)], DT)
    scr = app.screen
    assert isinstance(scr, PuzzleScreen)
    assert scr.visit.puzzle == puzzle_of_the_day(datetime.date.today())
    assert scr.caption() == 'Puzzles'
    app.step([key(pygame.K_n, 'n')], DT)
    shown = scr.visit.puzzle
    app.step([key(pygame.K_ESCAPE)], DT)
    assert app.screen is app.game
    app.step([key(pygame.K_z, 'z')], DT)                      # the key, and the last one again
    assert isinstance(app.screen, PuzzleScreen) and app.screen.visit.puzzle == shown


def test_texts_name_the_puzzle_and_the_counts(app):
    scr = open_puzzle(app, WIN_IN_2)
    assert scr.title() == 'Red to play and win in 2'
    assert scr.info() == f'Puzzle {WIN_IN_2.number} of {len(load_puzzles())} \u00b7 Win in 2'
    assert scr.counts_text() == 'Solved 0 of 0 tried'
    assert open_puzzle(app, WIN_IN_1).title() == 'Yellow to play and win in 1'


def test_a_right_move_gets_the_defence_then_solved_is_counted(app):
    scr = open_puzzle(app, WIN_IN_2)
    start = len(WIN_IN_2.moves)
    line = solution(WIN_IN_2)
    app.step([key(pygame.K_2, '\u00b2')], DT)                     # a digit but no number: nothing
    assert scr.visit.stage is Stage.ASK and len(scr.visit.game.moves) == start
    app.step([key(pygame.K_1 + line[0], str(line[0] + 1))], DT)   # the number key
    assert scr.visit.stage is Stage.CHECK and scr.falling          # it falls while judged
    run(app, scr)
    assert scr.visit.message == 'Good move. Now win with your next move.'
    assert tuple(scr.visit.game.moves[start:]) == line[:2]        # the perfect defence
    assert counts(WIN_IN_2) is None
    click_column(app, scr, line[2])                                # the mouse
    run(app, scr)
    assert scr.visit.stage is Stage.SOLVED and scr.visit.message == 'Solved!'
    assert scr.visit.game.outcome.winner == 'X'
    assert (counts(WIN_IN_2).tried, counts(WIN_IN_2).solved) == (1, 1)
    assert scr.counts_text().startswith('Solved 1 of 1 tried')
    assert not scr.play(0)                                         # nothing more to play


def test_a_wrong_move_is_taken_back_and_counted_once(app):
    scr = open_puzzle(app, WIN_IN_2)
    before = list(scr.visit.game.moves)
    wrong = [c for c in range(7) if c != WIN_IN_2.answer]
    for n, col in enumerate(wrong[:2], 1):
        scr.cursor = col
        app.step([key(pygame.K_RETURN)], DT)                       # Left/Right + Enter too
        run(app, scr)
        assert scr.visit.game.moves == before                      # taken back
        assert scr.visit.stage is Stage.ASK
        hint = '' if n == 1 else '   S: show the solution'        # then the way to the solution
        assert scr.visit.message == 'That lets Yellow escape \u2014 try again' + hint
    assert (counts(WIN_IN_2).tried, counts(WIN_IN_2).solved) == (1, 0)


def test_a_too_slow_move_is_taken_back_and_says_so(app):
    p = load_puzzles()[52]                     # win in 3: after 4 and 4 only one column is in time
    assert p.win_in == 3 and p.answer == 3
    scr = open_puzzle(app, p)
    scr.play(p.answer)
    run(app, scr)
    assert scr.visit.message == 'Good move. Now win in 2 more.'
    after = list(scr.visit.game.moves)
    assert after[len(p.moves):] == [3, 3]
    scr.play(0)
    run(app, scr)
    assert scr.visit.message == 'That still wins, but not in 3 \u2014 try again'
    assert scr.visit.game.moves == after and scr.visit.stage is Stage.ASK
    assert (counts(p).tried, counts(p).solved) == (1, 0)


def test_show_solution_plays_the_line(app):
    scr = open_puzzle(app, WIN_IN_2)
    app.step([key(pygame.K_s, 's')], DT)
    assert scr.visit.stage is Stage.SHOWING
    run(app, scr)
    line = solution(WIN_IN_2)
    assert scr.visit.stage is Stage.SHOWN
    assert tuple(scr.visit.game.moves[len(WIN_IN_2.moves):]) == line
    assert scr.visit.message == 'The solution: ' + ', '.join(str(c + 1) for c in line)
    assert counts(WIN_IN_2) is None                                # shown, not tried


def test_previous_and_next_walk_the_set_in_order(app):
    puzzles = load_puzzles()
    scr = open_puzzle(app, puzzles[0])
    app.step([key(pygame.K_n, 'n')], DT)
    assert scr.visit.puzzle == puzzles[1]
    button = scr.toolbar.named['next']
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center)], DT)
    assert scr.visit.puzzle == puzzles[2]
    app.step([key(pygame.K_p, 'p')], DT)
    assert scr.visit.puzzle == puzzles[1]
    app.step([key(pygame.K_p, 'p'), key(pygame.K_p, 'p')], DT)
    assert scr.visit.puzzle == puzzles[-1]                         # round to the hardest
    assert puzzles[0].win_in <= puzzles[1].win_in <= puzzles[-1].win_in
    app.step([key(pygame.K_d, 'd')], DT)
    assert scr.visit.puzzle == puzzle_of_the_day(datetime.date.today())


def test_a_stale_verdict_is_dropped(app):
    scr = open_puzzle(app, WIN_IN_2)
    scr.play((WIN_IN_2.answer + 1) % 7)                            # judged ...
    app.step([key(pygame.K_n, 'n')], DT)                           # ... but the screen moved on
    app.step([], DT)
    assert app.worker.submitted and not app.worker.busy()          # it was answered
    assert scr.visit.game.moves == list(scr.visit.puzzle.moves) and scr.visit.message == ''
    assert counts(WIN_IN_2) is None


def test_esc_goes_back_to_the_game_unchanged_and_its_search_is_asked_again():
    worker = FakePool(kinds={JobKind.PUZZLE})                       # the game's search never ends
    a = make_app(worker, x='human', o='ai', moves=[3])              # the computer is thinking
    try:
        for _ in range(5):
            a.step([], DT)
        s = a.session
        seats, moves = dict(s.seats), list(s.game.moves)
        requested = s.planner.requested
        assert requested is not None and worker.in_flight() == requested
        a.step([key(pygame.K_z, 'z')], DT)
        scr = a.screen
        assert isinstance(scr, PuzzleScreen)
        assert scr.play(scr.visit.puzzle.answer)
        assert worker.in_flight().kind is JobKind.PUZZLE              # in the game's place
        run(a, scr)
        assert scr.visit.message.startswith(('Solved!', 'Good move.'))
        for _ in range(30):
            a.step([], DT)
        a.step([key(pygame.K_ESCAPE)], DT)
        assert a.screen is a.game and a.running
        a.step([], DT)
        assert s is a.session and s.seats == seats and s.game.moves == moves
        assert s.planner.requested == requested and worker.in_flight() == requested
        assert worker.submitted[-1] == requested and worker.cancels == 0
    finally:
        a.close()


@pytest.mark.parametrize('lang', ['en', 'nl'])
@pytest.mark.parametrize('size', SIZES)
def test_every_text_fits(size, lang):
    a = make_app(FakePool(), x='human', o='human', size=size, language=lang)
    try:
        scr = open_puzzle(a, WIN_IN_2)
        problems = []

        def check(name):
            for t in text_fit.frame_texts():
                if not t.box.contains(t.ink) or (t.cut and not t.free) or t.size < MIN_FONT:
                    problems.append(f'{name} {size} {lang}: {t.text!r} in {t.box}')
        check('ask')
        scr.play((WIN_IN_2.answer + 1) % 7)
        run(a, scr)
        a.step([], DT)
        check('escaped')
        scr.play(WIN_IN_2.answer)
        run(a, scr)
        a.step([], DT)
        check('good move')
        a.step([key(pygame.K_s, 's')], DT)
        run(a, scr)
        a.step([], DT)
        check('solution')
        assert problems == []
    finally:
        a.close()
        set_language('en')


def test_the_screenshot_tool_writes_puzzle_png(tmp_path):
    from tools.screenshots import save_puzzle
    a = make_app(FakePool(), x='human', o='human', size=(640, 600))
    try:
        a.step([], DT)
        written = []
        assert save_puzzle(a, tmp_path, written)
        assert written == [tmp_path / 'puzzle.png']
        assert pygame.image.load(str(tmp_path / 'puzzle.png')).get_size() == (640, 600)
        assert a.screen is a.game
    finally:
        a.close()
