"""A working rule set the compiled engine cannot run: only the larger end pile may be played.

``ends()`` depends on the piles, so the engine's recurrences (which assume the same ends in every
position) refuse it; every command that makes a table falls back on the indexed search (issue 33,
defects 1 and 2).
"""

from __future__ import annotations

from endnim import Variant
from endnim.moves import End
from endnim.variants.base import Piles


class LargerEnd(Variant):
    """End-Nim where only the larger end pile may be reduced (both when they are equal)."""

    name = "larger-end"
    title = "larger-end End-Nim"
    summary = "reduce the larger end pile (either when equal); normal play"

    def ends(self, piles: Piles, player: End | None = None) -> tuple[End, ...]:
        if len(piles) < 2 or piles[0] == piles[-1]:
            return ("L", "R")
        return ("L",) if piles[0] > piles[-1] else ("R",)
