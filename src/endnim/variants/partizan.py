"""Partizan End-Nim (Albert & Nowakowski 2001, §3): Left plays the first pile, Right the last.

On a lone pile both may play, so ``(a)`` is the nimber *a.

>>> from endnim.variants.partizan import PartizanEndNim
>>> [str(m) for m in PartizanEndNim().moves((2, 3, 1), "R")]
['R0']
"""

from __future__ import annotations

from endnim.errors import VariantError
from endnim.moves import End
from endnim.variants.base import Piles, Variant


class PartizanEndNim(Variant):
    """Partizan End-Nim under normal play; outcome classes L, R, N, P."""

    name = "partizan"
    title = "partizan End-Nim"
    aliases = ("partisan", "partizan-endnim")
    impartial = False
    source = "Albert & Nowakowski, The game of End-Nim (2001), §3"

    def ends(self, piles: Piles, player: End | None = None) -> tuple[End, ...]:
        if player not in ("L", "R"):
            raise VariantError("partizan End-Nim needs the player: 'L' (Left) or 'R' (Right)")
        return (player,)
