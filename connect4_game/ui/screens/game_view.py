"""What the game screen shows and how it follows the game: the drawing of
:class:`~connect4_game.ui.screens.game.GameScreen` -- the board, the status
bar (which holds what it said while a checker still falls), the result, the
toolbar, the newest notice and the menu or a tooltip -- and what it does with
each of the session's events (:data:`NEWS`). Functions of the game screen
``g``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from connect4_game.play import events
from connect4_game.ui.animation import DropAnimation, Shake
from connect4_game.ui.render import HINT_PULSE_END, WIN_PULSE_END, mix

if TYPE_CHECKING:
    from connect4_game.ui.screens.game import GameScreen

__all__ = ['draw', 'status_held', 'last_move_slot', 'NEWS']


def draw(g: GameScreen, surface) -> None:
    """The board, the status bar, the result banner, then the toolbar,
    the newest toast and the menu (or a tooltip) on top."""
    game = g.session.game
    lay = g.renderer.prepare(surface.get_size(), game.rows, game.cols, g.app.theme)
    g.toolbar.layout(lay.width, lay.toolbar_h)
    win_line = list(game.outcome.line) if game.outcome and game.outcome.winner \
        and not g.animating() else None
    _draw_board(g, surface, win_line)
    _draw_status(g, surface, lay)
    g.banner.rect = None
    if g.banner_shown():
        _draw_banner(g, surface, win_line)
    _draw_controls(g, surface)


def _draw_board(g: GameScreen, surface, win_line) -> None:
    """The board, its checkers (those still falling drawn in flight), the
    ghost checker and cursor of a person to move, the hint, the last move
    and the analysis badges."""
    s = g.session
    game = s.game
    hidden = [(int(f.target_row), f.col) for f in g.falling]
    human = s.human_to_move()
    g.renderer.draw_board(
        surface, game.board.slots, hidden=hidden, falling=g.falling,
        ghost=(game.to_move, g.cursor) if human else None, win_line=win_line,
        t=min(g.banner.shown_for, WIN_PULSE_END),
        hint_t=min(g.time - g.hint_since, HINT_PULSE_END),
        shake=g.shake.offset if g.shake else 0.0, flash_col=g.flash_col,
        flash=g.shake.flash if g.shake else 0.0,
        cursor=g.cursor if human else None, hint_col=s.advisor.hint_col,
        hint_row=game.landing_row(s.advisor.hint_col) if s.advisor.hint_col is not None
        else None,
        last_move=last_move_slot(g),
        ghost_row=game.landing_row(g.cursor) if human else None,
        labels=g.overlay_labels())


def _draw_status(g: GameScreen, surface, lay) -> None:
    """The status bar, with the Move-now button while a slow search runs;
    while a checker falls, the bar as it was before the move."""
    s = g.session
    game = s.game
    held = g._shown_status
    if held is not None and status_held(g):
        texts, checker, spinner = held
    else:
        texts, checker, spinner = g.status_texts(), None if game.over else game.to_move, \
            s.thinking()
        g._shown_status = (texts, checker, spinner)
    line1, line2, right = texts
    reserve = 0
    if g._move_now_visible():
        b = g.move_now_button
        sr = lay.status_rect
        bw = min(sr.width // 3, max(110, int(sr.height * 2.6)))
        b.rect = pygame.Rect(sr.right - bw - 10, sr.top + sr.height // 4, bw, sr.height // 2)
        reserve = bw + 16
    g.renderer.draw_status(surface, line1, right, line2,
                           spinner=g.time if spinner else None, reserve=reserve,
                           checker=checker)
    if reserve:
        g.move_now_button.draw(surface, g.app.theme, max(12, lay.status_h // 4))


def _draw_banner(g: GameScreen, surface, win_line) -> None:
    """The result of a finished game, in the winner's colour, popping in."""
    theme = g.app.theme
    winner = g.session.game.outcome.winner
    title, sub = g.result_texts()
    colour = theme.x_color if winner == 'X' else theme.o_color if winner == 'O' \
        else theme.text
    g.banner.rect = g.renderer.draw_banner(
        surface, title, sub, scale=g.banner.fade.value,
        color=mix(colour, theme.text, 0.25), win_line=win_line)


def _draw_controls(g: GameScreen, surface) -> None:
    """The toolbar, the newest toast fading out, and the menu or a
    tooltip (clear of the notice, the result and the hint; none while a
    dialog lies over the game)."""
    theme = g.app.theme
    g.toolbar.draw(surface, theme)
    g.toast_at = None
    for t in g.toasts[-1:]:
        alpha = min(1.0, (t.duration - t.t) / 0.4)
        g.toast_at = g.renderer.draw_toast(surface, t.text, alpha, t.kind)
    if g.menu is not None:
        g.toolbar.tip_rect = None
        g.menu.draw(surface, theme)
    elif g.app.screen is g:
        g.toolbar.draw_tooltip(surface, theme, avoid=g.keep_clear())
    else:                                  # under a dialog: no tooltip of the bar
        g.toolbar.tip_rect = None


def status_held(g: GameScreen) -> bool:
    """Whether the status bar keeps what it said: a checker still falls
    and the news is the player's turn or the end of the game."""
    s = g.session
    return g._shown_status is not None and g.animating() \
        and (s.game.over or s.human_to_move())


def last_move_slot(g: GameScreen) -> tuple[int, int] | None:
    """The slot (row, column) of the last move, once its checker has
    landed; None before the first move and while a checker falls."""
    game = g.session.game
    if not game.moves or g.animating():
        return None
    col = game.moves[-1]
    row = game.board.top_row(col)
    return None if row is None else (row, col)


# ------------------------------------------------------------------ news
# What the game screen does with each of the session's events.


def _on_move(g: GameScreen, event: events.MoveMade) -> None:
    m = event.move
    g.falling.append(DropAnimation(m.column, m.row, m.checker))


def _on_refused(g: GameScreen, event: events.DropRefused) -> None:
    g.shake = Shake(duration=0.45)
    g.flash_col = event.column
    g.app.sounds.play('refused')


def _on_game_over(g: GameScreen, event: events.GameOver) -> None:
    g.app.sounds.play('win' if event.outcome.winner else 'tie')


def _on_new_position(g: GameScreen, event: events.GameEvent) -> None:
    g.banner.reset()
    if isinstance(event, events.GameStarted):
        g.falling = []
        g.cursor = min(g.cursor, g.session.game.cols - 1)


def _on_hint(g: GameScreen, event: events.HintShown) -> None:
    g.cursor = event.column
    g.hint_since = g.time


def _on_undo_asked(g: GameScreen, event: events.UndoAsked) -> None:
    from connect4_game.ui.screens.confirm import ask_friend_undo
    ask_friend_undo(g.app, g.session, event.ply)


def _on_network_failed(g: GameScreen, event: events.NetworkFailed) -> None:
    g.app.show_network(error=event.text)


NEWS: dict[type, Callable[[GameScreen, Any], None]] = {
    events.MoveMade: _on_move, events.DropRefused: _on_refused,
    events.GameOver: _on_game_over, events.GameStarted: _on_new_position,
    events.HistoryChanged: _on_new_position, events.HintShown: _on_hint,
    events.UndoAsked: _on_undo_asked, events.NetworkFailed: _on_network_failed,
}
