"""Chat with the friend of a network game: a small panel over the bottom of the game with
the last lines and a line to type; ``Enter`` sends, ``Esc`` closes."""

from __future__ import annotations

import pygame

from connect4_game.i18n import N_, _
from connect4_game.net.protocol import MAX_CHAT
from connect4_game.play.network_game import NetworkGame
from connect4_game.ui.render import draw_panel
from connect4_game.ui.screens.base import Screen
from connect4_game.ui.screens.host import AppServices
from connect4_game.ui.text_fit import MIN_FONT, draw_text, line_height
from connect4_game.ui.widgets import TextField

__all__ = ['ChatScreen']

SHOWN_LINES = 4          # chat lines shown over the line to type


class ChatScreen(Screen):
    """The chat panel of the network game ``net``; it closes itself when the game
    leaves the network."""

    covers = False
    still = True
    name = N_('Chat')
    app: AppServices

    def __init__(self, app: AppServices, net: NetworkGame) -> None:
        super().__init__(app)
        self.net = net
        self.line = TextField(_('Say'), '', MAX_CHAT)
        self.problem = ''
        self._opening = '/'           # the key that opened the panel types nothing in it

    def picture_key(self) -> object:
        return len(self.net.chat), self.net.chat[-1:], self.problem

    def update(self, dt: float) -> None:
        if self.app.session.network is not self.net:
            self.close()

    def process_event(self, e: pygame.event.Event) -> None:
        opening, self._opening = self._opening, ''
        key = e.key if e.type == pygame.KEYDOWN else None
        if key == pygame.K_ESCAPE:
            self.close()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.problem = self.net.send_chat(self.line.value)
            if not self.problem:
                self.line.value = ''
        elif e.type != pygame.TEXTINPUT or e.text != opening:
            self.line.edit(e)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        w, h = surface.get_size()
        size = max(MIN_FONT, min(20, h // 32))
        step = line_height(size)
        row_h = step + 12
        ph = (SHOWN_LINES + 1) * step + row_h + 36
        panel = pygame.Rect(12, h - ph - 12, w - 24, ph)
        draw_panel(surface, panel, theme.status_bg, 240, border=theme.accent, radius=10)
        inner = panel.inflate(-24, -20)
        friend = self.net.peer.friend_name or _('Your friend')
        draw_text(surface, _('Chat with {name} — Enter sends, Esc closes').format(name=friend),
                  pygame.Rect(inner.left, inner.top, inner.width, step), theme.text_dim, size,
                  free=True)
        y = inner.top + step + 4
        for mine, text in self.net.chat[-SHOWN_LINES:]:
            who = _('You') if mine else friend
            draw_text(surface, f'{who}: {text}', pygame.Rect(inner.left, y, inner.width, step),
                      theme.text if mine else theme.accent, size, free=True)
            y += step
        if self.problem:
            draw_text(surface, self.problem, pygame.Rect(inner.left, y, inner.width, step),
                      theme.bad, size)
        self.line.layout(pygame.Rect(inner.left, inner.bottom - row_h, inner.width, row_h), 0)
        self.line.draw(surface, theme, size, True)
