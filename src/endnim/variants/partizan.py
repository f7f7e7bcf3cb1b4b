"""Partizan End-Nim (Albert & Nowakowski 2001, §3): Left plays the first pile, Right the last.

On a lone pile both may play, so ``(a)`` is the nimber *a.

>>> from endnim.variants.partizan import PartizanEndNim
>>> [str(m) for m in PartizanEndNim().moves((2, 3, 1), "R")]
['R0']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from endnim.errors import VariantError
from endnim.moves import End
from endnim.papers import source as paper_source
from endnim.variants.base import Piles, Variant
from endnim.variants.endnim import _cached

if TYPE_CHECKING:
    from endnim.theory.base import Theory


class PartizanEndNim(Variant):
    """Partizan End-Nim under normal play; outcome classes L, R, N, P."""

    name = "partizan"
    title = "partizan End-Nim"
    aliases = ("partisan", "partizan-endnim")
    impartial = False
    summary = "Left plays the first pile, Right the last (both on a lone pile)"
    source = paper_source("albert-nowakowski", "§3")

    def ends(self, piles: Piles, player: End | None = None) -> tuple[End, ...]:
        if player not in ("L", "R"):
            raise VariantError("partizan End-Nim needs the player: 'L' (Left) or 'R' (Right)")
        return (player,)

    def theory(self) -> Theory | None:
        from endnim.theory.partizan import PartizanTheory

        return _cached(self, PartizanTheory)
