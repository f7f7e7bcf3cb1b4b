"""endnim.cgt values as pycgt games, for the cross-checks against pycgt (tests only)."""

from __future__ import annotations

import pycgt

from endnim.cgt.game import Game

_TO: dict[int, pycgt.Game] = {}


def to_pycgt(g: Game) -> pycgt.Game:
    """Our canonical form as a pycgt Game, structure for structure."""
    found = _TO.get(g.id)
    if found is None:
        found = pycgt.Game(frozenset(map(to_pycgt, g.left)), frozenset(map(to_pycgt, g.right)))
        _TO[g.id] = found
    return found
