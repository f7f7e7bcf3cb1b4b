"""Loop-End-Nim (Cairns & Ho 2011): End-Nim moves; whoever leaves exactly one pile wins.

A single pile is terminal (value 0: the player to move has lost).

>>> from endnim.variants.loop import LoopEndNim
>>> LoopEndNim().moves((5,))
[]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from endnim.papers import source as paper_source
from endnim.position import as_position
from endnim.ruleset import verb
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

    def ending_text(self, piles: Piles, mover: str = "the player to move") -> str:
        """One pile left: the player who left it has won.

        >>> LoopEndNim().ending_text((4,), "you")
        'one pile is left: whoever left it wins, so you lose'
        """
        if len(piles) == 1:
            return f"one pile is left: whoever left it wins, so {mover} {verb(mover, 'loses')}"
        return super().ending_text(as_position(piles, allow_empty=True), mover)

    def theory(self) -> Theory | None:
        from endnim.theory.end_family import LoopTheory

        return _cached(self, LoopTheory)
