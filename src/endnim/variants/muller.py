"""Muller End-Nim (Horrocks 2017): play on the first pile, then the mover may reverse the row.

>>> from endnim.variants.muller import MullerEndNim
>>> sorted(" ".join(map(str, p)) for _, p in MullerEndNim().options((3, 7, 1)))
['1 7', '1 7 1', '1 7 2', '2 7 1', '7 1']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from endnim.moves import End
from endnim.papers import source as paper_source
from endnim.variants.base import Piles, Variant
from endnim.variants.endnim import _cached

if TYPE_CHECKING:
    from endnim.theory.base import Theory


class MullerEndNim(Variant):
    """End-Nim with a Muller twist, in Horrocks' formulation; normal play."""

    name = "muller"
    title = "Muller End-Nim"
    aliases = ("muller-endnim", "muller-end-nim")
    reversible = True
    summary = "play always on the first pile, then the mover may reverse the row"
    source = paper_source("horrocks", "§1")

    def ends(self, piles: Piles, player: End | None = None) -> tuple[End, ...]:
        return ("L",)

    def theory(self) -> Theory | None:
        from endnim.theory.horrocks import MullerTheory

        return _cached(self, MullerTheory)
