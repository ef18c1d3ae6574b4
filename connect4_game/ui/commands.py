"""The game screen's commands, each once (:data:`COMMANDS`): keys, key label, toolbar button,
menu entry and help line; the assignment's lookahead (BU CS111 ps9, Problem 4) is on ``+`` / ``-``
and its tiebreak on ``T``."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from connect4_game.i18n import N_, _

__all__ = ['Key', 'Command', 'COMMANDS', 'COMMAND', 'TOOLBAR', 'TOOLBAR_RIGHT',
           'TOOLBAR_OVERFLOW', 'MENU', 'COLUMN_KEYS', 'lookup', 'help_rows']

# the names of the keys that type no character; the others show it ('U', 'F1', '?')
_KEY_NAMES: dict[int, str] = {
    pygame.K_SPACE: N_('Space'), pygame.K_RETURN: N_('Enter'), pygame.K_LEFT: N_('Left'),
    pygame.K_RIGHT: N_('Right'), pygame.K_DOWN: N_('Down'), pygame.K_TAB: 'Tab',
    pygame.K_ESCAPE: 'Esc',
}


@dataclass(frozen=True)
class Key:
    """One key press that gives a command: its pygame ``code`` (0: only the typed ``char``
    counts), the ``char`` it types (matched first, on any layout), whether it needs ``ctrl``, is
    ``shown`` in the key label, counts only ``bare`` (typing nothing: ``[``, ``]``), and for a
    column key the 0-based ``column``."""

    code: int = 0
    char: str = ''
    ctrl: bool = False
    shown: bool = True
    bare: bool = False
    column: int | None = None

    def label(self) -> str:
        """The key's translated name: ``'Ctrl+Z'``, ``'U'``, ``'F1'``, ``'?'``, ``'Space'``."""
        if self.char:
            name = self.char
        elif self.code in _KEY_NAMES:
            name = _(_KEY_NAMES[self.code])
        elif pygame.K_F1 <= self.code <= pygame.K_F12:
            name = f'F{self.code - pygame.K_F1 + 1}'
        else:
            name = chr(self.code).upper()
        return f'Ctrl+{name}' if self.ctrl else name

    def matches(self, code: int, char: str, ctrl: bool) -> bool:
        """Whether a press of ``code`` typing ``char``, with ``ctrl`` or not, is this key."""
        if ctrl != self.ctrl:
            return False
        if self.char and char == self.char:
            return True
        return bool(self.code) and code == self.code and not (self.bare and char)


@dataclass(frozen=True)
class Command:
    """One command of the game screen: its ``name`` (``'undo'``), the ``keys`` that give it, its
    ``help`` (untranslated: the help line and the button's tooltip), its ``label`` on a button or
    menu entry ('' for none), and its ``place``: 'toolbar', 'menu' or ''."""

    name: str
    keys: tuple[Key, ...]
    help: str
    label: str = ''
    place: str = ''

    def key_label(self) -> str:
        """The keys as players see them: ``'U / Ctrl+Z'``, ``'1 – 9'``; '' without a key."""
        shown = [k for k in self.keys if k.shown]
        if shown and all(k.column is not None for k in shown):
            return f'{shown[0].label()} \u2013 {shown[-1].label()}'
        return ' / '.join(k.label() for k in shown)

    def main_key(self) -> str:
        """The first key as players see it (``'U'``), '' without a key."""
        shown = [k for k in self.keys if k.shown]
        return shown[0].label() if shown else ''

    def tooltip(self) -> str:
        """The tooltip of its button, translated: ``'Take back your last move (U / Ctrl+Z)'``."""
        keys = self.key_label()
        return f'{_(self.help)} ({keys})' if keys else _(self.help)


def _k(*names: str) -> tuple[Key, ...]:
    """Keys by pygame's ``K_`` name (``'u'``, ``'F1'``, ``'ctrl+z'``), else by typed character."""
    keys = []
    for name in names:
        bare = name.removeprefix('ctrl+')
        code = getattr(pygame, f'K_{bare}', 0)
        keys.append(Key(code, '' if code else bare, ctrl=bare != name))
    return tuple(keys)


COLUMN_KEYS = 9     # the digits 1 .. 9 drop in columns 1 to 9

_COLUMNS = tuple(Key(char=str(c + 1), column=c) for c in range(COLUMN_KEYS)) + \
    tuple(Key(pygame.K_KP1 + c, shown=False, column=c) for c in range(COLUMN_KEYS))
_LOOKAHEAD = N_('Advanced: the lookahead in plies, one more or one less (up to a full solve)')
_PACE = N_('computer games slower / faster')
_BAR, _MENU = 'toolbar', 'menu'

COMMANDS: tuple[Command, ...] = (
    # the board
    Command('column', _COLUMNS,
            N_('drop a checker in that column (columns 10 and up: Left / Right, then Down)')),
    Command('left', _k('LEFT'), N_('move the column cursor')),
    Command('right', _k('RIGHT'), N_('move the column cursor')),
    Command('drop', (*_k('DOWN', 'RETURN'), Key(pygame.K_KP_ENTER, shown=False)),
            N_('drop at the cursor (Space too, when it is your turn)')),
    Command('toolbar', _k('TAB'),
            N_('reach the toolbar from the keyboard (arrows move, Enter presses)')),
    Command('stronger', (Key(pygame.K_PLUS, '+'), Key(pygame.K_EQUALS, '=', shown=False),
                         Key(pygame.K_KP_PLUS, shown=False)), _LOOKAHEAD),
    Command('weaker', (Key(pygame.K_MINUS, '-'), Key(pygame.K_KP_MINUS, shown=False)), _LOOKAHEAD),
    Command('tiebreak', _k('t'), N_('Advanced: tiebreak LEFT > RIGHT > RANDOM')),
    Command('expert', _k('e'), N_('Expert (perfect play) on or off')),
    Command('slower', (Key(pygame.K_LEFTBRACKET, '[', bare=True),), _PACE),
    Command('faster', (Key(pygame.K_RIGHTBRACKET, ']', bare=True),), _PACE),
    Command('banner', _k('b'),
            N_('show or hide the result of a finished game (or click the status bar)')),
    Command('escape', _k('ESCAPE'),
            N_('close the menu, a tooltip, a notice or the result (never quits)')),
    # the toolbar
    Command('new', _k('n'), N_('Start a new game with the same players'), N_('New game'), _BAR),
    Command('undo', _k('u', 'ctrl+z'), N_('Take back your last move'), N_('Undo'), _BAR),
    Command('redo', _k('r', 'ctrl+y'), N_('Play again the move you took back'), N_('Redo'), _BAR),
    Command('hint', _k('h'), N_('Show the column the computer would play for you'), N_('Hint'),
            _BAR),
    Command('analysis', _k('a'), N_("Show every column's outcome above the board"),
            N_('Analysis'), _BAR),
    Command('settings', _k('g'), N_('Players, difficulty, who plays first, board size, theme'),
            N_('Settings'), _BAR),
    Command('help', _k('F1', '?'), N_('The rules, how to play and every key'), N_('Help'), _BAR),
    Command('menu', _k('F10'), N_('More: save, load, review, statistics, demo, theme, sound'),
            N_('Menu'), _BAR),
    Command('move_now', _k('SPACE'), N_('Play the best move found so far'), N_('Move now')),
    # the menu
    Command('review', _k('v'), N_('Replay the game with every mistake marked'),
            N_('Review game'), _MENU),
    Command('network', _k('f'), N_('Host or join a game with a friend on another computer'),
            N_('Play a friend'), _MENU),
    Command('chat', (Key(pygame.K_SLASH, '/'),), N_('Chat with your friend in a network game'),
            N_('Chat…'), _MENU),
    Command('save', _k('ctrl+s'), N_('Save this game at once, named by the date'),
            N_('Save game'), _MENU),
    Command('load', _k('ctrl+o'), N_('Open one of your saved games'), N_('Load game'), _MENU),
    Command('copy', _k('ctrl+c'), N_('Copy the moves to the clipboard'), N_('Copy moves'), _MENU),
    Command('paste', _k('ctrl+v'), N_('Set up the game from moves on the clipboard, such as 4453'),
            N_('Paste position'), _MENU),
    Command('stats', _k('s'), N_('Wins, losses and draws of every pairing'), N_('Statistics'),
            _MENU),
    Command('puzzles', _k('z'), N_('Find the winning move: puzzles from win in 1 up'),
            N_('Puzzles'), _MENU),
    Command('demo', _k('d'), N_('The computer plays both sides, game after game'), N_('Demo'),
            _MENU),
    Command('pause', _k('p'), N_('Pause or resume the demo'), N_('Pause demo'), _MENU),
    Command('theme', _k('c'), N_('Classic, dark, high contrast, paper'), N_('Next theme'), _MENU),
    Command('sound', _k('m'), N_('Turn the sounds off or on'), N_('Sound on/off'), _MENU),
    Command('details', _k('i'), N_("Show the search's nodes and times"), N_('Details'), _MENU),
    Command('fullscreen', _k('F11'), N_('Full screen on or off'), N_('Full screen'), _MENU),
    Command('quit', _k('ctrl+q'), N_('Close the game (an unfinished game is kept)'), N_('Quit'),
            _MENU),
)
"""Every command of the game screen, in the order of the help screen."""

COMMAND: dict[str, Command] = {c.name: c for c in COMMANDS}
TOOLBAR: tuple[str, ...] = tuple(c.name for c in COMMANDS if c.place == _BAR)
TOOLBAR_RIGHT = 2       # the last toolbar buttons that sit at its right end (Help, Menu)
# the toolbar's buttons that go into the menu, first the first, in a narrow window
TOOLBAR_OVERFLOW = ('help', 'settings', 'redo', 'analysis', 'undo', 'hint', 'new')
MENU: tuple[str, ...] = tuple(c.name for c in COMMANDS if c.place == _MENU)


def lookup(code: int, char: str, ctrl: bool) -> tuple[Command, Key] | None:
    """The command a key press (pygame ``code``, typed ``char``, ``ctrl`` held) gives and the key
    of it that matched, or None."""
    hits = [(c, k) for c in COMMANDS for k in c.keys if k.matches(code, char, ctrl)]
    by_char = [(c, k) for c, k in hits if k.char and k.char == char]
    found = by_char or hits
    return found[0] if found else None


def help_rows() -> list[tuple[str, str]]:
    """(keys, what they do) for every command with a key, translated, in the order of
    :data:`COMMANDS`; neighbours with the same help share one row (``'+ / -'``)."""
    rows: list[tuple[str, str]] = []
    last_help = ''
    for c in COMMANDS:
        keys = c.key_label()
        if not keys:
            continue
        text = f'{_(c.label)}: {_(c.help)}' if c.label else _(c.help)
        if rows and c.help == last_help:
            rows[-1] = (f'{rows[-1][0]} / {keys}', text)
        else:
            rows.append((keys, text))
        last_help = c.help
    return rows
