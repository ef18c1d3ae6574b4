"""What each command of the game screen does: the toolbar's, the menu's and
the board keys' (see :data:`connect4_game.ui.screens.game.ACTIONS` and
``BOARD_KEYS``), as one table from the command's name to a function of the
game screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from connect4_game import rules
from connect4_game.i18n import _
from connect4_game.net.link import NetState

if TYPE_CHECKING:
    from connect4_game.ui.screens.game import GameScreen

__all__ = ['COMMANDS']


# What each command does, given the game screen ``g``.

def _new_game(g: GameScreen) -> None:
    s = g.session
    if s.network is None:
        s.new_game()
    elif s.network.state is NetState.PLAYING:
        s.network.ask_undo(0)
    else:
        _friend_not_here(g)


def _friend_not_here(g: GameScreen) -> None:
    """New game while the friend is not there (not joined yet, the
    connection lost, or they left): wait for them (a host listens, a joiner
    keeps trying) or play the computer instead at once."""
    from connect4_game.seat_config import PlayerConfig, SeatKind
    from connect4_game.ui.screens.confirm import ConfirmScreen
    app, s = g.app, g.session
    network = s.network
    assert network is not None
    question = {NetState.WAITING: _('Your friend has not joined yet.'),
                NetState.LOST: _('The connection to your friend is lost.')}.get(
        network.state, _('Your friend left the game.'))
    mine = network.link.my_side or 'X'
    computer = PlayerConfig.for_level(rules.DEFAULT_LEVEL)
    person = PlayerConfig(SeatKind.HUMAN, s.lookahead, s.tiebreak)
    players = {mine: person, 'O' if mine == 'X' else 'X': computer}

    def play_the_computer() -> None:
        app.start_game(players, s.game.rows, s.game.cols)

    if network.link.is_host or network.state is NetState.LOST:
        app.push(ConfirmScreen(app, question, _('Play the computer instead'), play_the_computer,
                               _('Wait for your friend')))
    else:
        app.push(ConfirmScreen(app, question, _('Play the computer instead'), play_the_computer,
                               _('New game…'), on_no=app.show_new_game))


def _paste(g: GameScreen) -> None:
    """Paste position (Ctrl+V): the game after the moves on the clipboard
    (columns 1..N, e.g. ``4453``), same board and players. An unfinished
    game is only replaced after asking; a network game is not replaced."""
    from connect4_game.ui.screens.confirm import ConfirmScreen
    app, s = g.app, g.session
    if s.network is not None:
        s.say(_('Leave the network game before pasting a position.'), 'error', 4.0)
        return
    moves = app.files.pasted_position(s)
    if moves is None:
        return

    def set_up() -> None:
        g._finish_animations()
        app.files.set_up(s, moves)

    if s.game.moves and not s.game.over and not s.demo and s.game.moves != moves:
        app.push(ConfirmScreen(app, _('Set up the pasted position? The game in progress ends '
                                      '(it is not saved).'), _('Set up'), set_up))
    else:
        set_up()


def _undo(g: GameScreen) -> None:
    g._finish_animations()
    g.session.undo()


def _redo(g: GameScreen) -> None:
    g._finish_animations()
    g.session.redo()


def _network(g: GameScreen) -> None:
    s = g.session
    if s.network is not None:
        s.close()
        s.say(_('You left the network game.'))
    else:
        g.app.show_network()


def _next_theme(g: GameScreen) -> None:
    app = g.app
    app.set_theme(app.themes.following(app.theme_name))
    g.session.say(_('Theme: {name}').format(name=_(app.theme.label)))


def _sound(g: GameScreen) -> None:
    muted = g.app.sounds.toggle_mute()
    g.session.say(_('Sound off') if muted else _('Sound on'))


def _details(g: GameScreen) -> None:
    g.details = not g.details


def _space(g: GameScreen) -> None:
    """Space: 'Move now' while the computer thinks, else drop at the cursor."""
    if g.session.thinking():
        g.do('move_now')
    else:
        g.drop(g.cursor)


def _stronger(g: GameScreen) -> None:
    s = g.session
    value = min(s.lookahead, s.max_lookahead) + 1
    s.controls.set_lookahead(value)
    if value > rules.WARN_LOOKAHEAD and value < s.max_lookahead:
        s.say(_('Lookahead {n}: the computer may think for minutes per move.').format(
            n=value), 'error', 4.0)


def _weaker(g: GameScreen) -> None:
    s = g.session
    s.controls.set_lookahead(min(s.lookahead, s.max_lookahead) - 1)


def _left(g: GameScreen) -> None:
    g.cursor = max(0, g.cursor - 1)


def _right(g: GameScreen) -> None:
    g.cursor = min(g.session.game.cols - 1, g.cursor + 1)


def _escape(g: GameScreen) -> None:
    """Esc: close the topmost of a tooltip, the newest notice and the
    result; with none of them, say how to quit. Never quits."""
    if g.toolbar.hide_tip() or g.app.tips.hide():
        return
    if g.toasts:
        g.toasts.pop()
    elif g.banner_shown():
        g.banner.hidden = True
    else:
        g.toast(_('Esc closes menus and notices. To quit: Ctrl+Q or Menu > Quit.'))


def _toggle_banner(g: GameScreen) -> None:
    """B (or a click on the status bar): show the result of a finished
    game again, or put it away."""
    if g.session.game.over:
        g.banner.toggle()


def _puzzles(g: GameScreen) -> None:
    """Menu > Puzzles (Z): the puzzle screen over the game, which stays as it is."""
    from connect4_game.ui.screens.puzzle import PuzzleScreen
    g.app.push(PuzzleScreen(g.app))


COMMANDS: dict[str, Callable[[GameScreen], object]] = {
    # the ACTIONS (toolbar, menu, keys)
    'new': _new_game,
    'undo': _undo,
    'redo': _redo,
    'hint': lambda g: g.session.advisor.request_hint(),
    'analysis': lambda g: g.session.advisor.toggle_overlay(),
    'settings': lambda g: g.app.show_new_game(),
    'help': lambda g: g.app.show_help(),
    'menu': lambda g: g.open_menu(),
    'move_now': lambda g: g.session.computer.move_now(),
    'review': lambda g: g.app.show_review(),
    'puzzles': _puzzles,
    'network': _network,
    'save': lambda g: g.app.files.save_game(g.session),
    'load': lambda g: g.app.show_load(),
    'copy': lambda g: g.app.files.copy_moves(g.session),
    'paste': _paste,
    'stats': lambda g: g.app.show_stats(),
    'demo': lambda g: g.session.controls.set_demo(not g.session.demo),
    'pause': lambda g: g.session.controls.toggle_pause(),
    'theme': _next_theme,
    'sound': _sound,
    'details': _details,
    'fullscreen': lambda g: g.app.toggle_fullscreen(),
    'quit': lambda g: g.app.quit(),
    # the board's keys (BOARD_KEYS)
    'left': _left,
    'right': _right,
    'drop': lambda g: g.drop(g.cursor),
    'space': _space,
    'toolbar': lambda g: g.toolbar.take_focus(),
    'stronger': _stronger,
    'weaker': _weaker,
    'slower': lambda g: g.session.controls.change_pace(+0.25),
    'faster': lambda g: g.session.controls.change_pace(-0.25),
    'tiebreak': lambda g: g.session.controls.cycle_tiebreak(),
    'expert': lambda g: g.session.controls.toggle_expert(),
    # the game screen's own keys
    'escape': _escape,
    'banner': _toggle_banner,
}
