"""Loop-End-Nim (Cairns & Ho 2011): End-Nim moves; whoever leaves exactly one pile wins.

A single pile is terminal (value 0: the player to move has lost).

>>> from endnim.variants.loop import LoopEndNim
>>> LoopEndNim().moves((5,))
[]
"""

from __future__ import annotations

from endnim.variants.base import Piles
from endnim.variants.endnim import EndNim


class LoopEndNim(EndNim):
    """Loop-End-Nim ("leave only one pile"): rows of length <= 1 are terminal."""

    name = "loop"
    title = "Loop-End-Nim"
    aliases = ("loop-endnim", "loop-end-nim")
    source = "Cairns & Ho, Some Remarks on End-Nim (2011), §1 and Thm 2.3"

    def is_terminal(self, piles: Piles) -> bool:
        return len(piles) <= 1
