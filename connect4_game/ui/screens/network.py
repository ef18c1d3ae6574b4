"""Play a friend on another computer: host a game (your address and a code to tell your
friend) or join one (a game heard on the local network, or an address, and the code).
The network itself is :mod:`connect4_game.net`; the game it plays is the session's."""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable, Sequence

import pygame

from connect4_game.core.messages import clip
from connect4_game.core.side import Side
from connect4_game.i18n import N_, _
from connect4_game.net.discovery import Browser, HeardGame
from connect4_game.net.options import NetMode, NetworkOptions
from connect4_game.net.protocol import DEFAULT_PORT
from connect4_game.play.network_game import NetworkGame
from connect4_game.ui.screens.base import FormScreen
from connect4_game.ui.screens.confirm import ConfirmScreen
from connect4_game.ui.screens.host import AppServices
from connect4_game.ui.text_fit import MIN_FONT, draw_text, line_height
from connect4_game.ui.widgets import Button, Choice, TextField

__all__ = ['NetworkScreen']

log = logging.getLogger(__name__)

LISTEN_EVERY = 0.25      # seconds between looks at the answers of games on the network


class NetworkScreen(FormScreen):
    """Host or join; Enter (or the button) goes, Esc returns. A join stays here until the
    host welcomes it: a failure is shown with the address and code kept, Cancel stops it."""

    name = N_('Play a friend')
    app: AppServices

    def __init__(self, app: AppServices, error: str = '') -> None:
        super().__init__(app)
        last = app.options.network
        joined = last is not None and last.mode is NetMode.JOIN
        self.mode = Choice(_('Play'), [('host', _('Host a game')), ('join', _('Join a game'))],
                           'join' if joined else 'host')
        self.side = Choice(_('You play'), [(Side.X.value, _('First')), (Side.O.value, _('Second'))],
                           Side.X.value)
        self.port = TextField(_('Port'), str(DEFAULT_PORT), 5, '0123456789')
        self.address = TextField(_('Address'), last.address if joined and last else '', 80)
        self.code = TextField(_('Code'), (last.code or '') if joined and last else '', 4,
                              '0123456789')
        hints = _('Hints and analysis')
        self.offer = Choice(hints, [('', _('Off')), ('on', _('Offer to both'))], '')
        self.accept = Choice(hints, [('', _('Off')), ('on', _('Accept if offered'))], '')
        self.go = Button(_('Start'), 'go', '', primary=True)
        self.back = Button(_('Cancel'), 'back', '')
        self.error = error
        self.pending: NetworkGame | None = None      # the join under way
        self.games: list[HeardGame] = []
        self.game_rects: list[tuple[pygame.Rect, HeardGame]] = []
        self._browser: Browser | None = None
        self._listen_in = 0.0

    def form_rows(self) -> list[Choice[str]]:
        if self.mode.value == 'host':
            return [self.mode, self.side, self.port, self.offer]
        return [self.mode, self.address, self.code, self.accept]

    def picture_key(self) -> object:
        return tuple(self.games), self.pending is not None, self.error

    def start(self) -> None:
        """Host or join as the rows say (an unfinished game only after the player agrees)."""
        if self.pending is not None:
            return
        try:
            if self.mode.value == 'host':
                options = NetworkOptions(NetMode.HOST, port=int(self.port.value or DEFAULT_PORT),
                                         side=Side(self.side.value), help=bool(self.offer.value))
            else:
                options = NetworkOptions(NetMode.JOIN, address=self.address.value,
                                         code=self.code.value, help=bool(self.accept.value))
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
        """Start the network game of ``options``; a failure stays on this screen with its
        reason. A host goes to the game at once, a join once the host welcomes it."""
        self.error = ''
        try:
            game = self.app.start_network(options, first_tries=10.0)
        except (OSError, ValueError) as exc:
            self.error = clip(getattr(exc, 'strerror', None) or exc, 120)
            return
        if options.mode is NetMode.HOST:
            self.app.show_game()
        else:
            self.pending = game

    def cancel(self) -> None:
        """Esc or Cancel: stop a join under way, else leave."""
        if self.pending is not None:
            self.pending = None
            self.app.session.cancel_join()
        else:
            self.close()

    def close(self) -> None:
        if self._browser is not None:
            self._browser.close()
            self._browser = None
        super().close()

    def update(self, dt: float) -> None:
        """Follow a join under way, and listen for games on the network while joining."""
        s = self.app.session
        if self.pending is not None and s.network is self.pending:
            self.pending = None
            self.app.show_game()
            return
        if self.pending is not None and s.joining is not self.pending:
            failure = self.pending.peer.failure
            self.error = failure.text if failure is not None else ''
            self.pending = None
        self._listen_in -= dt
        if self.mode.value == 'join' and self._listen_in <= 0:
            self._listen_in = LISTEN_EVERY
            self._listen()

    def _listen(self) -> None:
        if self._browser is None:
            try:
                self._browser = Browser()
            except OSError as exc:              # the list stays empty; typing still works
                log.warning('cannot look for games on the network: %s', exc)
                self._listen_in = 1e9
                return
            weakref.finalize(self, self._browser.close)
        self.games = self._browser.poll()

    def pick(self, game: HeardGame) -> None:
        """A game of the list: its address goes in the Address row, the Code row is next."""
        self.address.value = game.where
        self.sel = self.form_rows().index(self.code)
        self.error = ''

    def buttons(self) -> Sequence[tuple[Button, Callable[[], object]]]:
        return [(self.back, self.cancel), (self.go, self.start)]

    def form_event(self, e: pygame.event.Event) -> bool:
        """A click on a game of the list; the rows get the other events unless joining."""
        click = e.pos if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 else None
        picked = [g for r, g in self.game_rects if click and r.collidepoint(click)]
        if picked:
            self.pick(picked[0])
            return True
        return self.pending is None and super().form_event(e)

    def _game_line(self, game: HeardGame) -> str:
        first = _('the host plays first') if game.host_side is Side.X else _('you play first')
        hints = _('hints offered') if game.help else ''
        line = f'{game.name} ({game.where})  ·  {game.rows}×{game.cols}  ·  {first}'
        return f'{line}  ·  {hints}' if hints else line

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.theme
        w, h = surface.get_size()
        top = self.draw_title(surface, _('Play a friend on another computer')) + 16
        margin = max(12, w // 16)
        size = max(MIN_FONT, min(22, h // 30))
        y = self.draw_rows(surface, top, max(MIN_FONT + 16, min(56, h // 11)), size, 10) + 2
        small = max(MIN_FONT, size - 2)
        step = line_height(small)
        self.go.enabled = self.pending is None
        bottom = self.place_buttons(surface, 2, 200) - 2 * step - 12
        width = w - 2 * margin
        if self.pending is not None:
            draw_text(surface, _('Connecting to {address}…').format(address=self.address.value),
                      pygame.Rect(margin, y, width, step), theme.text, small, free=True)
            y += step
        elif self.error:
            y += len(draw_text(surface, _('Could not start: {why}').format(why=self.error),
                               pygame.Rect(margin, y, width, 2 * step), theme.bad,
                               small, lines=2, valign='top', free=True).lines) * step
        self.game_rects = []
        if self.mode.value == 'join':
            y = self._draw_games(surface, pygame.Rect(margin, y + 2, width, bottom - y - 2),
                                 small)
        help_text = (_('Your friend chooses "Join a game" and picks this game from the list, '
                       'or types the address and code this computer shows once you start.')
                     if self.mode.value == 'host' else
                     _("Click your friend's game, or type the address (and port); then the "
                       "4-digit code their game shows."))
        if bottom - y >= step:
            lines = min(3, (bottom - y) // step)
            draw_text(surface, help_text, pygame.Rect(margin, y, width, lines * step),
                      theme.text_dim, small, lines=lines, valign='top')
        draw_text(surface, _('Your computer\'s firewall may ask to allow the game to accept '
                             'connections.'), pygame.Rect(margin, bottom + 2, width, 2 * step),
                  theme.text_dim, small, lines=2, valign='bottom')
        self.draw_buttons(surface)

    def _draw_games(self, surface: pygame.Surface, box: pygame.Rect, size: int) -> int:
        """The games heard on the network in ``box``, one clickable line each; the y below."""
        theme, step = self.app.theme, line_height(size)
        fits = max(0, box.height // (step + 4) - 1)
        heading = _('Games on your network:') if self.games else \
            _('Looking for games on your network…')
        draw_text(surface, heading, pygame.Rect(box.left, box.top, box.width, step),
                  theme.text_dim, size)
        y = box.top + step + 2
        for game in self.games[:fits]:
            r = pygame.Rect(box.left, y, box.width, step + 2)
            picked = game.where == self.address.value
            pygame.draw.rect(surface, theme.status_bg, r, border_radius=4)
            pygame.draw.rect(surface, theme.accent if picked else theme.text_dim, r, 1,
                             border_radius=4)
            draw_text(surface, self._game_line(game), r.inflate(-12, 0), theme.text, size,
                      free=True)
            self.game_rects.append((r, game))
            y += step + 4
        return y + 4
