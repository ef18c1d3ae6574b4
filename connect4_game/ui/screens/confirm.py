"""A yes/no question over the current screen (e.g. before loading over a game in progress)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from connect4_game.i18n import _, ngettext
from connect4_game.play.session import GameSession
from connect4_game.ui.render import draw_panel
from connect4_game.ui.screens.base import Host, Screen
from connect4_game.ui.text_fit import MIN_FONT, draw_text, fit, line_height
from connect4_game.ui.widgets import Button

__all__ = ['ConfirmScreen', 'ask_friend_undo']


class ConfirmScreen(Screen):
    """Ask ``question``; ``on_yes`` runs when the player agrees (button, Enter or Y), ``on_no`` (if
    any) on No (button, Esc or N)."""

    covers = False
    still = True          # the game below says whether it moves

    def __init__(self, app: Host, question: str, yes: str, on_yes: Callable[[], None],
                 no: str | None = None, on_no: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        self.on_no = on_no
        self.yes = Button(yes, 'yes', '', primary=True)
        self.no = Button(no or _('Cancel'), 'no', '')
        self.rect = pygame.Rect(0, 0, 0, 0)

    def answer(self, yes: bool) -> None:
        self.close()
        if yes:
            self.on_yes()
        elif self.on_no is not None:
            self.on_no()

    def process_event(self, e: pygame.event.Event) -> None:
        key = e.key if e.type == pygame.KEYDOWN else None
        click = e.pos if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 else None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y) or (click and self.yes.hit(click)):
            self.answer(True)
        elif key in (pygame.K_ESCAPE, pygame.K_n) or (click and self.no.hit(click)):
            self.answer(False)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        size = max(MIN_FONT + 2, min(24, h // 28))
        pw = min(w - 40, 560)
        bh = max(34, size * 2)
        text_h = self.body_height(pw - 40, size, bh)
        ph = text_h + bh + 60
        self.rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        draw_panel(surface, self.rect, theme.status_bg, 250, border=theme.accent, radius=12)
        self.draw_body(surface, pygame.Rect(self.rect.left + 20, self.rect.top + 20, pw - 40,
                                            text_h), size, bh)
        bw = (pw - 60) // 2
        self.no.rect = pygame.Rect(self.rect.left + 20, self.rect.bottom - bh - 20, bw, bh)
        self.yes.rect = pygame.Rect(self.rect.right - 20 - bw, self.rect.bottom - bh - 20, bw, bh)
        self.no.draw(surface, theme, size)
        self.yes.draw(surface, theme, size, focus=True)

    def body_height(self, width: int, size: int, button_h: int) -> int:
        """Px the question takes ``width`` px wide at font ``size``."""
        how = fit(self.question, width, 4 * line_height(size), size, lines=4)
        return line_height(how.size) * len(how.lines)

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect, size: int,
                  button_h: int) -> None:
        """The question, in ``box`` (window px) above the buttons."""
        draw_text(surface, self.question, box, self.app.theme.text, size, lines=4,
                  align='center', valign='top')


def ask_friend_undo(app: Host, session: GameSession, ply: int) -> None:
    """The friend asks to go back to move ``ply`` (0: a new game): ask, and answer them."""
    n = len(session.game.moves) - ply
    question = ngettext('Your friend asks to take back {n} move. Allow it?',
                        'Your friend asks to take back {n} moves. Allow it?',
                        n).format(n=n) if ply else \
        _('Your friend asks to start a new game. Allow it?')
    app.push(ConfirmScreen(app, question, _('Allow'), lambda: session.answer_friend_undo(True),
                           _('Refuse'), on_no=lambda: session.answer_friend_undo(False)))
