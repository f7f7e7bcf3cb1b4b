"""Loop-End-Nim (Cairns & Ho 2011): End-Nim moves; whoever leaves exactly one pile wins.

A single pile is terminal (value 0: the player to move has lost).

>>> from endnim.variants.loop import LoopEndNim
>>> LoopEndNim().moves((5,))
[]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from endnim.papers import source as paper_source
from endnim.variants.base import Piles
from endnim.variants.endnim import EndNim, _cached

if TYPE_CHECKING:
    from endnim.theory.base import Theory


class LoopEndNim(EndNim):
    """Loop-End-Nim ("leave only one pile"): rows of length <= 1 are terminal."""

    name = "loop"
    title = "Loop-End-Nim"
    aliases = ("loop-endnim", "loop-end-nim")
    summary = "End-Nim moves; whoever leaves exactly one pile wins (a single pile is terminal)"
    source = paper_source("cairns-ho", "§1 and Thm 2.3")

    def is_terminal(self, piles: Piles) -> bool:
        return len(piles) <= 1

    def theory(self) -> Theory | None:
        from endnim.theory.end_family import LoopTheory

        return _cached(self, LoopTheory)
