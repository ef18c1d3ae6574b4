"""Who plays a side, one :class:`PlayerSpec` (a person, BU CS111 ps9's random player or
``AIPlayer``, a level, a plug-in, another assignment's player, a friend); parsed here only."""

from __future__ import annotations

import keyword
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path

from connect4_game.ai.levels import get_level, is_level, level_names
from connect4_game.compat import SPEC_KINDS, is_compat_spec
from connect4_game.core.board import DEFAULT_COLS, DEFAULT_ROWS
from connect4_game.core.checks import check_choice, check_lookahead
from connect4_game.core.messages import quote
from connect4_game.core.side import Side
from connect4_game.i18n import _
from connect4_game.players import DEFAULT_LOOKAHEAD, DEFAULT_TIEBREAK, check_tiebreak

__all__ = ['SeatKind', 'PlayerSpec', 'NAMED_KINDS', 'parse_spec', 'is_plugin_spec']


class SeatKind(str, Enum):
    """What plays a side; the values are the words of the command line and the files."""

    HUMAN = 'human'
    RANDOM = 'random'
    AI = 'ai'
    PLUGIN = 'plugin'
    REMOTE = 'remote'

    def __str__(self) -> str:
        return self.value


NAMED_KINDS = ('human', 'random', 'ai')         # besides the levels


def is_plugin_spec(text: object) -> bool:
    """True if ``text`` is a string holding ``.py:`` (:func:`parse_spec` checks the rest)."""
    return isinstance(text, str) and '.py:' in text


def parse_spec(spec: object) -> tuple[Path, str]:
    """``'path/to/file.py:ClassName'`` as ``(Path, 'ClassName')``, the file not opened.
    :raises ValueError: naming a spec not of that form."""
    if not isinstance(spec, str):
        raise ValueError(f"plug-in spec must be a string 'FILE.py:ClassName', not {spec!r}")
    path_text, sep, cls_name = spec.strip().rpartition(':')
    if not sep or not path_text or not cls_name:
        raise ValueError(f'plug-in spec must look like FILE.py:ClassName, not {spec!r}')
    if not path_text.endswith('.py'):
        raise ValueError(f'plug-in spec {spec!r}: the file must be a .py file '
                         f'(got {path_text!r})')
    if not cls_name.isidentifier() or keyword.iskeyword(cls_name):
        raise ValueError(f'plug-in spec {spec!r}: {cls_name!r} is not a class name')
    return Path(path_text).expanduser(), cls_name


@dataclass(frozen=True)
class PlayerSpec:
    """``kind``; ``lookahead`` (plies) and ``tiebreak`` of ``AIPlayer`` (Problem 4) and plug-ins;
    ``plugin`` (``FILE.py:ClassName``, ``cs5[:TIEBREAK[:PLY]]``, ...); ``level`` ('' for AIPlayer).

    :raises ValueError: naming an unknown kind, level or tiebreak, a bad lookahead, a level for
        another kind or a plug-in without a spec."""

    kind: SeatKind = SeatKind.HUMAN
    lookahead: int = DEFAULT_LOOKAHEAD
    tiebreak: str = DEFAULT_TIEBREAK
    plugin: str = ''
    level: str = ''

    def __post_init__(self) -> None:
        check_choice(self.kind, tuple(SeatKind), 'player kind')
        object.__setattr__(self, 'kind', SeatKind(self.kind))
        check_tiebreak(self.tiebreak)
        check_lookahead(self.lookahead)
        if self.level:
            get_level(self.level)
            if self.kind != SeatKind.AI:
                raise ValueError(f'only a computer player has a level, not a {self.kind} one')
        if self.kind == SeatKind.PLUGIN and not self.plugin:
            raise ValueError('a plug-in player needs a spec FILE.py:ClassName')

    @classmethod
    def parse(cls, text: object, lookahead: int = DEFAULT_LOOKAHEAD,
              tiebreak: str = DEFAULT_TIEBREAK) -> PlayerSpec:
        """The player a ``--x``/``--o``/``--tournament`` value names.
        :raises ValueError: one line naming the value."""
        if not isinstance(text, str):
            raise ValueError(f'a player must be a string, not {quote(type(text).__name__)}')
        low = text.strip().lower()
        if is_level(low):
            return cls(SeatKind.AI, lookahead, tiebreak, level=low)
        if low in NAMED_KINDS:
            return cls(SeatKind(low), lookahead, tiebreak)
        if is_plugin_spec(text):
            parse_spec(text)
        elif not is_compat_spec(text):
            raise ValueError(f"{quote(text)} is not a player: use "
                             f"{', '.join(NAMED_KINDS + level_names())}, "
                             f"FILE.py:ClassName or {' / '.join(SPEC_KINDS)}[:TIEBREAK[:PLY]]")
        return cls(SeatKind.PLUGIN, lookahead, tiebreak, plugin=text.strip())

    def format(self) -> str:
        return self.plugin or self.level or self.kind.value

    @classmethod
    def for_level(cls, level: str, base: PlayerSpec | None = None) -> PlayerSpec:
        """Level ``level``, with ``base``'s lookahead and tiebreak."""
        base = base or cls()
        return cls(SeatKind.AI, base.lookahead, base.tiebreak, level=get_level(level).name)

    def with_(self, **changes: object) -> PlayerSpec:
        return replace(self, **changes)  # type: ignore[arg-type]

    @property
    def is_human(self) -> bool:
        return self.kind == SeatKind.HUMAN

    @property
    def advanced(self) -> bool:
        """The assignment's AIPlayer with its own lookahead and tiebreak."""
        return self.kind == SeatKind.AI and not self.level

    @property
    def perfect(self) -> bool:
        return bool(self.level) and get_level(self.level).perfect

    def label(self, side: Side, other_is_person: bool = False,
              full_lookahead: int = DEFAULT_ROWS * DEFAULT_COLS) -> str:
        """How the window names this side: 'You', 'Computer (Medium)', ..."""
        if self.kind == SeatKind.HUMAN:
            return _('Player {side}').format(side=side) if other_is_person else _('You')
        if self.kind == SeatKind.RANDOM:
            return _('Computer (random moves)')
        if self.kind == SeatKind.PLUGIN:
            return self.plugin.split(':')[-1]
        if self.kind == SeatKind.REMOTE:
            return _('Your friend')
        if self.level:
            return _('Computer ({level})').format(level=_(get_level(self.level).label))
        la = _('full solve') if self.lookahead >= full_lookahead else str(self.lookahead)
        return _('Computer (lookahead {n}, {tiebreak})').format(n=la, tiebreak=self.tiebreak)

    @property
    def statistics_name(self) -> str:
        """The side as the statistics file names it, in every language: 'AI(LEFT,3)', ..."""
        if self.level:
            return get_level(self.level).label
        if self.kind == SeatKind.AI:
            return f'AI({self.tiebreak},{self.lookahead})'
        if self.kind == SeatKind.PLUGIN:
            return self.plugin[-100:]
        return 'Friend' if self.kind == SeatKind.REMOTE else self.kind.value.capitalize()

    def to_json(self) -> dict[str, str | int]:
        data: dict[str, str | int] = {'kind': self.kind.value, 'lookahead': self.lookahead,
                                      'tiebreak': self.tiebreak}
        data.update((k, v) for k, v in (('level', self.level), ('plugin', self.plugin)) if v)
        return data

    @classmethod
    def from_json(cls, data: object) -> PlayerSpec:
        """The player :meth:`to_json` wrote, missing fields at their defaults.
        :raises ValueError: naming what is not a player."""
        if not isinstance(data, dict):
            raise ValueError(f'a player must be a JSON object, not {quote(data)}')
        kind, level = data.get('kind'), data.get('level', '')
        if kind == 'expert':              # files written before Expert was a level
            kind, level = SeatKind.AI.value, 'expert'
        lookahead = data.get('lookahead', DEFAULT_LOOKAHEAD)
        if isinstance(lookahead, bool) or not isinstance(kind, str) \
                or not isinstance(level, str):
            raise ValueError(f'not a player: {quote(data)}')
        try:
            return cls(SeatKind(check_choice(kind, tuple(SeatKind), 'player kind')), lookahead,
                       data.get('tiebreak', DEFAULT_TIEBREAK), data.get('plugin', ''), level)
        except TypeError as exc:
            raise ValueError(f'not a player: {exc}') from None
