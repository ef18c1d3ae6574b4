"""The other two versions of the assignment on our engine: HMC CS5 hw6pr3 (:mod:`.cs5`) and
the Dutch "Vier op een rij" (:mod:`.vieropeenrij`), their players in our game by :mod:`.adapter`."""

from __future__ import annotations

from connect4_game.compat import adapter, cs5, vieropeenrij
from connect4_game.core.messages import quote

__all__ = ['SPEC_KINDS', 'player_from_spec', 'is_compat_spec']

SPEC_KINDS = ('cs5', 'vieropeenrij')


def is_compat_spec(spec: str) -> bool:
    """``spec`` starts with one of :data:`SPEC_KINDS` (then ``:...`` or nothing)."""
    return isinstance(spec, str) and spec.split(':')[0].strip().lower() in SPEC_KINDS


def player_from_spec(spec: str, checker: str) -> adapter.EngineAdapter:
    """The player of a ``--x``/``--o`` spec ``KIND[:TIEBREAK[:PLY]]``, e.g. ``'cs5'``,
    ``'vieropeenrij:LEFT:4'`` (defaults ``LEFT``, 3).
    :raises ValueError: naming a spec that is not of that form."""
    if not isinstance(spec, str):
        raise ValueError(f'player spec must be a string, not {quote(spec)}')
    parts = spec.split(':')
    cls = {'cs5': cs5.Player, 'vieropeenrij': vieropeenrij.Player}.get(parts[0].strip().lower())
    if cls is None:
        raise ValueError(f"player spec must start with 'cs5' or 'vieropeenrij', not {quote(spec)}")
    if len(parts) > 3:
        raise ValueError(f'player spec must be KIND[:TIEBREAK[:PLY]], not {quote(spec)}')
    tbt = parts[1].strip().upper() if len(parts) > 1 and parts[1].strip() else 'LEFT'
    ply_text = parts[2].strip() if len(parts) > 2 else '3'
    try:
        ply = int(ply_text)
    except ValueError:
        raise ValueError(f'ply in player spec {quote(spec)} must be an integer, '
                         f'not {quote(ply_text)}') from None
    return adapter.EngineAdapter(cls(checker, tbt, ply))
