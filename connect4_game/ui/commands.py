"""The game screen's commands, each once (:data:`COMMANDS`): keys, key label, toolbar button,
menu entry and help line; the assignment's lookahead (BU CS111 ps9, Problem 4) is on ``+`` / ``-``
and its tiebreak on ``T``."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from connect4_game.i18n import N_, _

__all__ = ['Key', 'Command', 'COMMANDS', 'COMMAND', 'TOOLBAR', 'TOOLBAR_RIGHT',
           'TOOLBAR_OVERFLOW', 'MENU',
           'COLUMN_KEYS', 'lookup', 'help_rows']

# The names players see for the keys that are not a character; the others
# are their letter in capitals ('U'), their F-key name ('F1') or the
# character they type ('?').
_KEY_NAMES: dict[int, str] = {
    pygame.K_SPACE: N_('Space'), pygame.K_RETURN: N_('Enter'), pygame.K_LEFT: N_('Left'),
    pygame.K_RIGHT: N_('Right'), pygame.K_DOWN: N_('Down'), pygame.K_TAB: 'Tab',
    pygame.K_ESCAPE: 'Esc',
}


@dataclass(frozen=True)
class Key:
    """One key press that gives a command.

    :param code: the pygame key code, or 0 when only the typed character counts.
    :param char: the character the key types, or ''; a press matches by character first (any
        keyboard layout), then by code.
    :param ctrl: the key counts only with Ctrl held.
    :param shown: whether the key label names it (not alternates such as ``=`` for ``+``).
    :param bare: the code counts only when the key types nothing (``[`` and ``]``).
    :param column: for the column keys: the column it drops in, 0-based.
    """

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
    menu entry ('' for none), and whether it is on the ``toolbar`` and in the ``menu``."""

    name: str
    keys: tuple[Key, ...]
    help: str
    label: str = ''
    toolbar: bool = False
    menu: bool = False

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


def _ctrl(code: int) -> Key:
    return Key(code, ctrl=True)


COLUMN_KEYS = 9
"""The digits ``1`` .. ``9`` drop in columns 1 to 9 (0-based 0 to 8)."""

_COLUMNS = tuple(Key(char=str(c + 1), column=c) for c in range(COLUMN_KEYS)) + \
    tuple(Key(pygame.K_KP1 + c, shown=False, column=c) for c in range(COLUMN_KEYS))

COMMANDS: tuple[Command, ...] = (
    # the board
    Command('column', _COLUMNS,
            N_('drop a checker in that column (columns 10 and up: Left / Right, then Down)')),
    Command('left', (Key(pygame.K_LEFT),), N_('move the column cursor')),
    Command('right', (Key(pygame.K_RIGHT),), N_('move the column cursor')),
    Command('drop', (Key(pygame.K_DOWN), Key(pygame.K_RETURN),
                     Key(pygame.K_KP_ENTER, shown=False)),
            N_('drop at the cursor (Space too, when it is your turn)')),
    Command('toolbar', (Key(pygame.K_TAB),),
            N_('reach the toolbar from the keyboard (arrows move, Enter presses)')),
    Command('stronger', (Key(pygame.K_PLUS, '+'), Key(pygame.K_EQUALS, '=', shown=False),
                         Key(pygame.K_KP_PLUS, shown=False)),
            N_('Advanced: the lookahead in plies, one more or one less (up to a full solve)')),
    Command('weaker', (Key(pygame.K_MINUS, '-'), Key(pygame.K_KP_MINUS, shown=False)),
            N_('Advanced: the lookahead in plies, one more or one less (up to a full solve)')),
    Command('tiebreak', (Key(pygame.K_t),), N_('Advanced: tiebreak LEFT > RIGHT > RANDOM')),
    Command('expert', (Key(pygame.K_e),), N_('Expert (perfect play) on or off')),
    Command('slower', (Key(pygame.K_LEFTBRACKET, '[', bare=True),),
            N_('computer games slower / faster')),
    Command('faster', (Key(pygame.K_RIGHTBRACKET, ']', bare=True),),
            N_('computer games slower / faster')),
    Command('banner', (Key(pygame.K_b),),
            N_('show or hide the result of a finished game (or click the status bar)')),
    Command('escape', (Key(pygame.K_ESCAPE),),
            N_('close the menu, a tooltip, a notice or the result (never quits)')),
    # the toolbar
    Command('new', (Key(pygame.K_n),), N_('Start a new game with the same players'),
            N_('New game'), toolbar=True),
    Command('undo', (Key(pygame.K_u), _ctrl(pygame.K_z)), N_('Take back your last move'),
            N_('Undo'), toolbar=True),
    Command('redo', (Key(pygame.K_r), _ctrl(pygame.K_y)), N_('Play again the move you took back'),
            N_('Redo'), toolbar=True),
    Command('hint', (Key(pygame.K_h),), N_('Show the column the computer would play for you'),
            N_('Hint'), toolbar=True),
    Command('analysis', (Key(pygame.K_a),), N_("Show every column's outcome above the board"),
            N_('Analysis'), toolbar=True),
    Command('settings', (Key(pygame.K_g),),
            N_('Players, difficulty, who plays first, board size, theme'),
            N_('Settings'), toolbar=True),
    Command('help', (Key(pygame.K_F1), Key(char='?')),
            N_('The rules, how to play and every key'), N_('Help'), toolbar=True),
    Command('menu', (Key(pygame.K_F10),),
            N_('More: save, load, review, statistics, demo, theme, sound'),
            N_('Menu'), toolbar=True),
    Command('move_now', (Key(pygame.K_SPACE),), N_('Play the best move found so far'),
            N_('Move now')),
    # the menu
    Command('review', (Key(pygame.K_v),), N_('Replay the game with every mistake marked'),
            N_('Review game'), menu=True),
    Command('network', (Key(pygame.K_f),),
            N_('Host or join a game with a friend on another computer'),
            N_('Play a friend'), menu=True),
    Command('chat', (Key(pygame.K_SLASH, '/'),), N_('Chat with your friend in a network game'),
            N_('Chat…'), menu=True),
    Command('save', (_ctrl(pygame.K_s),), N_('Save this game at once, named by the date'),
            N_('Save game'), menu=True),
    Command('load', (_ctrl(pygame.K_o),), N_('Open one of your saved games'),
            N_('Load game'), menu=True),
    Command('copy', (_ctrl(pygame.K_c),), N_('Copy the moves to the clipboard'),
            N_('Copy moves'), menu=True),
    Command('paste', (_ctrl(pygame.K_v),),
            N_('Set up the game from moves on the clipboard, such as 4453'),
            N_('Paste position'), menu=True),
    Command('stats', (Key(pygame.K_s),), N_('Wins, losses and draws of every pairing'),
            N_('Statistics'), menu=True),
    Command('puzzles', (Key(pygame.K_z),), N_('Find the winning move: puzzles from win in 1 up'),
            N_('Puzzles'), menu=True),
    Command('demo', (Key(pygame.K_d),), N_('The computer plays both sides, game after game'),
            N_('Demo'), menu=True),
    Command('pause', (Key(pygame.K_p),), N_('Pause or resume the demo'),
            N_('Pause demo'), menu=True),
    Command('theme', (Key(pygame.K_c),), N_('Classic, dark, high contrast, paper'),
            N_('Next theme'), menu=True),
    Command('sound', (Key(pygame.K_m),), N_('Turn the sounds off or on'),
            N_('Sound on/off'), menu=True),
    Command('details', (Key(pygame.K_i),), N_("Show the search's nodes and times"),
            N_('Details'), menu=True),
    Command('fullscreen', (Key(pygame.K_F11),), N_('Full screen on or off'),
            N_('Full screen'), menu=True),
    Command('quit', (_ctrl(pygame.K_q),), N_('Close the game (an unfinished game is kept)'),
            N_('Quit'), menu=True),
)
"""Every command of the game screen, in the order of the help screen."""

COMMAND: dict[str, Command] = {c.name: c for c in COMMANDS}
TOOLBAR: tuple[str, ...] = tuple(c.name for c in COMMANDS if c.toolbar)
"""The toolbar's buttons, left to right."""
TOOLBAR_RIGHT = 2
"""How many of the last toolbar buttons sit at its right end (Help, Menu)."""
TOOLBAR_OVERFLOW = ('help', 'settings', 'redo', 'analysis', 'undo', 'hint', 'new')
"""The toolbar's buttons that go into the menu, first the first, when a narrow window has no
room for their labels at the smallest font."""
MENU: tuple[str, ...] = tuple(c.name for c in COMMANDS if c.menu)
"""The menu's entries, top to bottom."""


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
