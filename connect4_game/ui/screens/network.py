"""Play a friend on another computer: host a game (your address and a code
to tell your friend) or join one (their address and code). The network
itself is :mod:`connect4_game.net`; the game it plays is the session's."""

from __future__ import annotations

import pygame

from connect4_game.core.messages import clip
from connect4_game.core.side import Side
from connect4_game.i18n import N_, _
from connect4_game.net.address import DEFAULT_PORT
from connect4_game.net.options import NetMode, NetworkOptions
from connect4_game.ui.screens.base import FormScreen
from connect4_game.ui.screens.confirm import ConfirmScreen
from connect4_game.ui.screens.host import AppServices
from connect4_game.ui.text_fit import MIN_FONT, draw_text, font, line_height
from connect4_game.ui.widgets import Button, Choice, TextField

__all__ = ['NetworkScreen']


class NetworkScreen(FormScreen):
    """Host or join; Enter (or the button) goes, Esc returns."""

    name = N_('Play a friend')
    app: AppServices

    def __init__(self, app: AppServices, error: str = '') -> None:
        super().__init__(app)
        self.mode = Choice(_('Play'), [('host', _('Host a game')), ('join', _('Join a game'))],
                           'host')
        self.side = Choice(_('You play'), [(Side.X.value, _('First')), (Side.O.value, _('Second'))],
                           Side.X.value)
        self.port = TextField(_('Port'), str(DEFAULT_PORT), 5, '0123456789')
        self.address = TextField(_('Address'), '', 80)
        self.code = TextField(_('Code'), '', 4, '0123456789')
        self.go = Button(_('Start'), 'go', '', primary=True)
        self.back = Button(_('Cancel'), 'back', '')
        self.error = error

    def form_rows(self) -> list[Choice[str]]:
        if self.mode.value == 'host':
            return [self.mode, self.side, self.port]
        return [self.mode, self.address, self.code]

    def start(self) -> None:
        """Host or join as the rows say (an unfinished game only after the player agrees)."""
        try:
            if self.mode.value == 'host':
                options = NetworkOptions(NetMode.HOST, port=int(self.port.value or
                                                                DEFAULT_PORT),
                                         side=Side(self.side.value))
            else:
                options = NetworkOptions(NetMode.JOIN, address=self.address.value,
                                         code=self.code.value)
        except (OSError, ValueError) as exc:
            self.error = clip(getattr(exc, 'strerror', None) or exc, 120)
            return
        game = self.app.session.game
        if not game.moves or game.over or self.app.session.demo:
            self._go(options)
            return
        host = options.mode is NetMode.HOST
        question = (_('Host a game for your friend? The game in progress ends (it is not '
                      'saved).') if host else
                    _("Join your friend's game? The game in progress ends (it is not saved)."))
        self.app.push(ConfirmScreen(self.app, question, _('Host') if host else _('Join'),
                                    lambda: self._go(options)))

    def _go(self, options: NetworkOptions) -> None:
        """Start the network game of ``options``; a failure stays on this screen with its reason."""
        try:
            self.app.start_network(options, first_tries=10.0)
        except (OSError, ValueError) as exc:
            self.error = clip(getattr(exc, 'strerror', None) or exc, 120)
            return
        self.app.show_game()

    def process_event(self, e: pygame.event.Event) -> None:
        """Esc, Enter, Start and Cancel; the rows get every other event."""
        key = e.key if e.type == pygame.KEYDOWN else None
        click = e.pos if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 else None
        if key == pygame.K_ESCAPE or (click and self.back.hit(click)):
            self.close()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) or (click and self.go.hit(click)):
            self.start()
        else:
            self.form_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        w, h = surface.get_size()
        surface.fill(theme.background)
        title_size = max(20, h // 22)
        title_h = line_height(title_size, True)
        draw_text(surface, _('Play a friend on another computer'),
                  pygame.Rect(0, h // 30, w, title_h), theme.text, title_size, bold=True,
                  align='center')
        margin = max(12, w // 16)
        size = max(MIN_FONT, min(22, h // 30))
        row_h = max(MIN_FONT + 16, min(56, h // 11))
        title_w = max(font(size).size(c.title)[0] for c in self.form_rows()) + 20
        y = self.draw_rows(surface, h // 30 + title_h + 20, row_h, size, title_w, 10) + 4
        small = max(MIN_FONT, size - 2)
        step = line_height(small)
        if self.error:
            y += len(draw_text(surface, _('Could not start: {why}').format(why=self.error),
                               pygame.Rect(margin, y, w - 2 * margin, 2 * step), theme.bad,
                               small, lines=2, valign='top', free=True).lines) * step
        help_text = (_('Your friend chooses "Join a game" and types the address and code this '
                       'computer shows once you start.') if self.mode.value == 'host' else
                     _('Type the address (and port) and the 4-digit code your friend\'s game '
                       'shows.'))
        draw_text(surface, help_text, pygame.Rect(margin, y, w - 2 * margin, 3 * step),
                  theme.text_dim, small, lines=3, valign='top')
        bh = max(34, min(48, h // 13))
        bw = min(200, (w - 2 * margin - 12) // 2)
        self.back.rect = pygame.Rect(w - margin - 2 * bw - 12, h - bh - 14, bw, bh)
        self.go.rect = pygame.Rect(w - margin - bw, h - bh - 14, bw, bh)
        self.back.draw(surface, theme, max(MIN_FONT + 2, int(bh * 0.42)))
        self.go.draw(surface, theme, max(MIN_FONT + 2, int(bh * 0.42)), focus=True)
        draw_text(surface, _('Your computer\'s firewall may ask to allow the game to accept '
                             'connections.'),
                  pygame.Rect(margin, self.go.rect.top - 2 * step - 10, w - 2 * margin, 2 * step),
                  theme.text_dim, small, lines=2, valign='bottom')
