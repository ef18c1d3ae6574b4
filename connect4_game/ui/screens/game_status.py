"""The words of the game screen: status bar lines, the finished game's banner, the details view and
the analysis badges; pure functions of the session, in the current language."""

from __future__ import annotations

from connect4_game.ai import perfect
from connect4_game.ai.score import ColumnScore, NoMove
from connect4_game.core.side import Side
from connect4_game.i18n import N_, _, ngettext
from connect4_game.net.connection import NetState
from connect4_game.play.planner import Analysis
from connect4_game.play.session import GameSession
from connect4_game.play.verdicts import column_words, score_words
from connect4_game.search.jobs import JobKind
from connect4_game.storage.stats import Record
from connect4_game.ui.commands import COMMAND
from connect4_game.ui.render import Badge
from connect4_game.ui.themes import RGB, Theme
from connect4_game.ui.widgets import MenuItem

__all__ = ['LOWER_LOOKAHEAD_TIP', 'result_texts', 'status_texts', 'details_text',
           'record_words', 'overlay_badges', 'score_badge', 'label_menu']

LOWER_LOOKAHEAD_TIP = N_('A lower lookahead (key {key}) answers at once.')
"""The status bar's tip while the computer's move is slow; ``{key}``: the key that lowers it."""


def _winner_title(session: GameSession, side: str, n: int) -> str:
    """The banner's title when ``side`` won with ``n`` checkers."""
    seat = session.seat(side)
    alone = len(session.humans()) == 1
    if seat.person and alone:
        return ngettext('You win in {n} move!', 'You win in {n} moves!', n).format(n=n)
    if seat.friend:
        return ngettext('Your friend wins in {n} move.',
                        'Your friend wins in {n} moves.', n).format(n=n)
    if alone:
        return ngettext('The computer wins in {n} move.',
                        'The computer wins in {n} moves.', n).format(n=n)
    return ngettext('Player {side} wins in {n} move.',
                    'Player {side} wins in {n} moves.', n).format(side=side, n=n)


def result_texts(session: GameSession) -> tuple[str, str]:
    """The banner's two lines (title, what to do next) for a finished game.
    :raises ValueError: if the game is not over."""
    outcome = session.game.outcome
    if outcome is None:
        raise ValueError('the game is not over')
    if outcome.winner is None:
        title = _("It's a tie!")
    else:
        title = _winner_title(session, outcome.winner, outcome.winner_moves)
    sub = _('Next game soon…') if session.demo else \
        _('New game: {new}    Undo: {undo}    Review: {review}').format(
            new=COMMAND['new'].main_key(), undo=COMMAND['undo'].main_key(),
            review=COMMAND['review'].main_key())
    return title, sub


def status_texts(session: GameSession, invitation: str = '', record: str = '',
                 details: bool = False) -> tuple[str, str, str]:
    """(line 1, line 2, right side) of the status bar, with the network ``invitation``, the
    pairing's ``record`` and, with ``details``, the search figures."""
    line1 = result_texts(session)[0] if session.game.over else \
        _turn_line(session, invitation) + _search_note(session)
    if session.paused:
        line1 += '  ' + _('[paused]')
    return line1, _players_line(session), _right_side(session, record, details)


def _network_line(session: GameSession, invitation: str) -> str:
    """What the network game waits for, or ''."""
    network = session.network
    if network is None:
        return ''
    if not network.started():
        if network.peer.is_host:
            invitation = network.invitation or invitation      # a new code shows at once
            return _('Waiting for your friend…') + (f'  {invitation}' if invitation else '')
        return _('Connecting to your friend…')
    return {NetState.LOST: _('Connection lost: waiting for your friend to come back…'),
            NetState.LEFT: _('Your friend left the game.')}.get(network.peer.state, '')


def _turn_line(session: GameSession, invitation: str) -> str:
    """Who is to move (or thinking, or waited for) in an unfinished game."""
    side = session.game.to_move
    seat = session.seat()
    if session.thinking():
        secs = session.planner.slow_search_seconds()
        line = _('{name} ({side}) is thinking…').format(name=session.label(side), side=side)
        return line + f' {secs} s' if secs else line
    waiting = _network_line(session, invitation)
    if waiting:
        return waiting
    if seat.friend:
        return _("Your friend's turn ({side})").format(side=side)
    if seat.person and len(session.humans()) == 1:
        return _('Your turn ({side})').format(side=side)
    if seat.person:
        return _("Player {side}'s turn").format(side=side)
    return _('{name} ({side}) to move').format(name=session.label(side), side=side)


def _search_note(session: GameSession) -> str:
    """'  (hint: 3 s…)' while a slow hint or analysis search runs, else ''."""
    slow = session.planner.slow_search_seconds()
    if not slow or session.thinking():
        return ''
    note = _('(hint: {n} s…)') if session.hint_wanted else _('(analysis: {n} s…)')
    return '  ' + note.format(n=slow)


def _players_line(session: GameSession) -> str:
    """Who plays each side, after the tip to lower a slow lookahead."""
    line = '   '.join(f'{side}: {session.label(side)}' for side in Side)
    searching = session.planner.requested
    if session.planner.slow_search_seconds() and searching is not None \
            and searching.kind is JobKind.AI and not session.game.over:
        tip = _(LOWER_LOOKAHEAD_TIP).format(key=COMMAND['weaker'].key_label())
        line = tip + '   ' + line
    return line


def _right_side(session: GameSession, record: str, details: bool) -> str:
    """The worker's note, the search figures (details view) and the record, one per line."""
    lines = (session.worker_note, details_text(session) if details else '', record)
    return '\n'.join(line for line in lines if line)


def details_text(session: GameSession) -> str:
    """The search figures of each side's last move and the analysis engine (details view)."""
    parts = []
    for side in Side:
        st = session.last_stats.get(side)
        if st:
            nodes, secs, depth = st
            took = f'{secs * 1000:.1f} ms' if secs < 0.1 else f'{secs:.2f} s'
            parts.append(f'{side}: ' + (ngettext('{nodes} node in {time}', '{nodes} nodes in {time}',
                                                 nodes).format(nodes=f'{nodes:,}', time=took)
                                        if nodes else took))
    engine = _('Expert') if session.perfect_analysis() else _('lookahead {n}, tiebreak {t}').format(
        n=session.lookahead, t=session.tiebreak)
    backend = perfect.backend_label(perfect.backend_name(session.game.rows, session.game.cols))
    return '  '.join(parts) + ('\n' if parts else '') + _('Analysis: {engine}').format(
        engine=engine) + (f' · {backend}' if backend else '')


def record_words(rec: Record, session: GameSession) -> str:
    """A pairing's record ``rec`` (counts from X's side), '' before its first game: from the
    player's side when one person plays ('You: 2 won, 1 lost, 0 draws'), else X's ('X 2 : 1 O')."""
    if not rec.games:
        return ''
    humans = session.humans()
    if len(humans) == 1:
        won, lost = (rec.wins, rec.losses) if humans[0] == Side.X else (rec.losses, rec.wins)
        return ngettext('You: {w} won, {l} lost, {t} draw', 'You: {w} won, {l} lost, {t} draws',
                        rec.ties).format(w=won, l=lost, t=rec.ties)
    return ngettext('X {w} : {l} O, {t} draw', 'X {w} : {l} O, {t} draws',
                    rec.ties).format(w=rec.wins, l=rec.losses, t=rec.ties)


def overlay_badges(analysis: Analysis, cols: int, theme: Theme) -> list[Badge | None]:
    """One (text, colour) badge per column from an ``analysis`` (its reply's columns and scores, and
    the depth of a lookahead search), None for a column without one; colours from ``theme``."""
    out: list[Badge | None] = []
    reply, running = analysis.reply, analysis.running
    columns, scores = reply.columns, reply.scores
    for col in range(cols):
        score = scores[col] if col < len(scores) else None
        known = columns[col] if col < len(columns) else None
        if col < len(columns) and known is None and running:
            out.append(('\u2026', theme.text_dim))      # not proven yet
        elif known is not None:
            out.append((column_words(known), _column_colour(known, theme)))
        elif running and score not in (100, 0, -1):
            out.append(('\u2026', theme.text_dim))      # still computing
        elif score is not None:
            out.append(score_badge(score, reply.depth, theme))
        else:
            out.append(None)
    return out


def score_badge(score: object, depth: int | None, theme: Theme) -> tuple[str, RGB] | None:
    """The badge of an assignment score (BU CS111 ps9, Problem 4) from ``depth`` plies: 100
    ``'win ≤6'``, 0 ``'loss ≤6'``, 50 ``'≈ even'`` (an estimate), -1 ``'full'``; else None."""
    if score == -1:
        return score_words(score), theme.text_dim
    if score not in (100, 0, 50):
        return None
    if score == 50:
        return _('\u2248 even'), theme.neutral
    if depth is None:
        return '\u2248 ' + score_words(score), theme.good if score == 100 else theme.bad
    text = _('win \u2264{n}') if score == 100 else _('loss \u2264{n}')
    return text.format(n=depth), theme.good if score == 100 else theme.bad


def _column_colour(column: ColumnScore, theme: Theme) -> RGB:
    if column.score is None:            # 'full', 'game over'
        return theme.text_dim if column.no_move is NoMove.FULL else theme.neutral
    return theme.wdl_colour(column.score.label_parts()[1])


def label_menu(items: list[MenuItem], session: GameSession, muted: bool) -> None:
    """Fit the menu ``items`` to the game: Pause for computer games only, labels for its state."""
    online = session.network is not None
    labels = {'pause': _('Resume demo') if session.paused else '',
              'sound': _('Sound on') if muted else _('Sound off'),
              'demo': _('Stop demo') if session.demo else '',
              'network': _('Leave the network game') if online else ''}
    enabled = {'pause': session.demo or not session.humans(), 'chat': online}
    for item in items:
        item.label = labels.get(item.action) or item.label
        item.enabled = enabled.get(item.action, item.enabled)
