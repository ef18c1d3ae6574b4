"""The other two versions of the assignment, on our engine.

* :mod:`~connect4_game.compat.cs5` -- Harvey Mudd's HMC CS5 hw6pr3 (camelCase,
  ``Board(width, height)``);
* :mod:`~connect4_game.compat.vieropeenrij` -- the Dutch "Vier op een rij"
  milestone (snake_case);
* :mod:`~connect4_game.compat.adapter` -- their players in our console and window.

:func:`player_from_spec` builds one of their players from a ``--x``/``--o``
value such as ``cs5:LEFT:3``; :data:`SPEC_KINDS` are the words it knows.
Nothing here imports pygame.
"""

from __future__ import annotations

from connect4_game.compat import adapter, cs5, vieropeenrij
from connect4_game.core.messages import quote

__all__ = ['SPEC_KINDS', 'player_from_spec', 'is_compat_spec']

SPEC_KINDS = ('cs5', 'vieropeenrij')


def is_compat_spec(spec: str) -> bool:
    """True if ``spec`` names one of the other assignments' players
    (``cs5``, ``vieropeenrij``, optionally followed by ``:...``)."""
    return isinstance(spec, str) and spec.split(':')[0].strip().lower() in SPEC_KINDS


def player_from_spec(spec: str, checker: str) -> adapter.EngineAdapter:
    """Build a wrapped player from a short spec, for ``--x`` / ``--o``:
    ``'cs5'``, ``'cs5:RIGHT'``, ``'cs5:LEFT:4'``, and the same with
    ``'vieropeenrij'``. Defaults: ``LEFT``, ply 3.

    :raises ValueError: naming a spec that is not of that form.
    """
    if not isinstance(spec, str):
        raise ValueError(f'player spec must be a string, not {quote(spec)}')
    parts = spec.split(':')
    kind = parts[0].strip().lower()
    if kind == 'cs5':
        cls = cs5.Player
    elif kind == 'vieropeenrij':
        cls = vieropeenrij.Player
    else:
        raise ValueError(f"player spec must start with 'cs5' or 'vieropeenrij', not {quote(spec)}")
    if len(parts) > 3:
        raise ValueError(f'player spec must be KIND[:TIEBREAK[:PLY]], not {quote(spec)}')
    tbt = parts[1].strip().upper() if len(parts) > 1 and parts[1].strip() else 'LEFT'
    ply_text = parts[2].strip() if len(parts) > 2 else '3'
    try:
        ply = int(ply_text)
    except ValueError:
        raise ValueError(f'ply in player spec {quote(spec)} must be an integer, not {quote(ply_text)}') from None
    return adapter.EngineAdapter(cls(checker, tbt, ply))
