"""The game screen's keys: every key label players see (a tooltip, a menu
entry, a line of the help screen) names the key that does it, and the
digits drop a checker in their column while the lookahead and tiebreak stay
on + / - and T. Driven by pygame KEYDOWN events made from the label text
itself, never from the command table, so a label that drifts from its
binding fails here."""
from __future__ import annotations

import re

import pygame
import pytest

from connect4_game.ui.commands import COMMAND, COMMANDS, MENU, TOOLBAR
from connect4_game.ui.screens.help import PAGES
from tests.ui_helpers import DT, InstantWorker, key, make_app

_NAMED = {'Esc': 'escape', 'Space': 'space', 'Enter': 'return', 'Left': 'left',
          'Right': 'right', 'Down': 'down', 'Tab': 'tab'}


def _press(name: str) -> pygame.event.Event:
    """The KEYDOWN a player makes for the key called ``name`` ('Ctrl+Z',
    'U', 'F1', '?', 'Space', '4')."""
    ctrl = name.startswith('Ctrl+')
    name = name.removeprefix('Ctrl+')
    if name in _NAMED or re.fullmatch(r'F\d+', name):
        code, typed = pygame.key.key_code(_NAMED.get(name, name.lower())), ''
    elif name.isalpha():
        code, typed = pygame.key.key_code(name.lower()), name.lower()
    else:
        code, typed = pygame.key.key_code(name), name
    if ctrl:
        typed = chr(code - pygame.K_a + 1) if pygame.K_a <= code <= pygame.K_z else ''
    return key(code, typed, pygame.KMOD_LCTRL if ctrl else 0)


def _names(label: str) -> list[str]:
    """The keys a label names: 'U / Ctrl+Z' -> ['U', 'Ctrl+Z'], '1 – 9' -> '1'..'9'."""
    run = re.fullmatch(r'(\d) \u2013 (\d)', label)
    if run:
        return [str(d) for d in range(int(run[1]), int(run[2]) + 1)]
    return label.split(' / ')


@pytest.fixture
def app():
    a = make_app(InstantWorker(), x='human', o='ai', lookahead=2, cols=9)
    a.step([], DT)
    yield a
    a.close()


@pytest.fixture
def pressed(app, monkeypatch):
    """Press a key on the game screen; returns the command it gave
    ('column 4' for a column key), or None; from the first press on the
    screen only records its commands."""
    got: list[str] = []

    def press(name: str) -> str | None:
        monkeypatch.setattr(app.game, 'do', got.append)
        monkeypatch.setattr(app.game, 'drop', lambda col: got.append(f'column {col + 1}'))
        got.clear()
        app.game.process_event(_press(name))
        assert len(got) <= 1, got
        return got[0] if got else None
    return press


def _tooltip_keys(tooltip: str) -> str:
    return re.fullmatch(r'.* \((.+)\)', tooltip)[1]


def test_every_toolbar_tooltip_names_the_keys_that_press_its_button(app, pressed):
    buttons = {b.action: b for b in app.game.toolbar.buttons}
    assert tuple(buttons) == TOOLBAR
    for action, button in buttons.items():
        for name in _names(_tooltip_keys(button.tooltip)):
            assert pressed(name) == action, (action, name)


def test_the_move_now_tooltip_names_its_key(app, pressed):
    assert pressed(_tooltip_keys(app.game.move_now_button.tooltip)) == 'move_now'


def test_every_menu_entry_names_the_keys_that_choose_it(app, pressed):
    app.step([key(pygame.K_F10)], DT)
    menu = app.game.menu
    assert menu is not None and tuple(i.action for i in menu.items) == MENU
    items = menu.items
    app.step([key(pygame.K_ESCAPE, '\x1b')], DT)
    assert app.game.menu is None
    for item in items:
        assert item.key
        for name in _names(item.key):
            assert pressed(name) == item.action, (item.action, name)


def test_every_help_line_names_the_keys_that_do_what_it_says(app, pressed):
    what = {c.name: c for c in COMMANDS}
    rows = PAGES[-1].lines()[1:]                         # after the mouse
    assert len(rows) >= 30
    for keys, text in rows:
        for name in _names(keys):
            got = pressed(name)
            assert got is not None, name
            command = what['column' if got.startswith('column') else got]
            assert text.endswith(command.help), (keys, name, got)


def test_every_command_with_a_key_is_on_the_help_screen():
    shown = ' | '.join(k for k, _d in PAGES[-1].lines())
    for c in COMMANDS:
        if c.key_label():
            assert c.key_label() in shown, c.name


def test_no_two_commands_share_a_key():
    presses = [(k.code, k.char, k.ctrl) for c in COMMANDS for k in c.keys]
    assert len(presses) == len(set(presses))


def test_the_digit_4_drops_x_in_column_4_on_a_fresh_game(worker):
    app = make_app(worker, x='human', o='ai', lookahead=2)
    try:
        app.step([], DT)
        assert app.session.game.moves == []
        app.step([key(pygame.K_4, '4')], DT)
        assert app.session.game.moves[:1] == [3]          # column 4, 0-based 3
        assert app.session.game.board.slots[-1][3] == 'X'
        assert app.session.lookahead == 2 and app.session.players['O'].lookahead == 2
        assert app.game.cursor == 3
    finally:
        app.close()


def test_the_keypad_digit_drops_too(app):
    app.step([key(pygame.K_KP7, '')], DT)
    assert app.session.game.moves[:1] == [6]


@pytest.mark.parametrize('typed', ['0', '9'])
def test_a_digit_the_board_has_no_column_for_does_nothing(worker, typed):
    app = make_app(worker, x='human', o='human', cols=7, lookahead=2)
    try:
        app.step([], DT)
        app.step([key(pygame.K_0 + int(typed), typed)], DT)
        assert app.session.game.moves == [] and app.session.lookahead == 2
    finally:
        app.close()


def test_on_a_wide_board_the_columns_past_9_are_reached_with_the_cursor(worker):
    app = make_app(worker, x='human', o='human', cols=14, lookahead=2)
    try:
        app.step([], DT)
        app.step([key(pygame.K_9, '9')], DT)
        assert app.session.game.moves == [8]
        app.step([key(pygame.K_RIGHT)] * 4 + [key(pygame.K_DOWN)], DT)
        assert app.session.game.moves == [8, 12]          # column 13
    finally:
        app.close()


def test_plus_and_minus_change_the_lookahead(app):
    app.step([key(pygame.K_PLUS, '+')], DT)
    assert app.session.lookahead == 3 and app.session.players['O'].lookahead == 3
    app.step([key(pygame.K_MINUS, '-')], DT)
    app.step([key(pygame.K_MINUS, '-')], DT)
    assert app.session.lookahead == 1 and app.session.players['O'].lookahead == 1
    assert app.session.game.moves == []


def test_t_cycles_the_tiebreak(app):
    seen = [app.session.tiebreak]
    for _ in range(3):
        app.step([key(pygame.K_t, 't')], DT)
        seen.append(app.session.tiebreak)
    assert seen == ['LEFT', 'RIGHT', 'RANDOM', 'LEFT']
    assert app.session.players['O'].tiebreak == 'LEFT'


def test_help_tells_the_digits_lookahead_and_tiebreak_keys():
    rows = dict(PAGES[-1].lines())
    assert 'column' in rows['1 \u2013 9'] and '10' in rows['1 \u2013 9']
    assert 'lookahead' in rows['+ / -']
    assert 'tiebreak' in rows['T']
    assert not [k for k in rows if '0' in k and 'F10' not in k]   # no digit sets the lookahead


def test_the_slow_search_tip_names_the_key_that_lowers_the_lookahead():
    from connect4_game.i18n import _
    from connect4_game.ui.screens.game_status import LOWER_LOOKAHEAD_TIP
    assert _(LOWER_LOOKAHEAD_TIP).format(key=COMMAND['weaker'].key_label()).startswith(
        'A lower lookahead (key -)')
