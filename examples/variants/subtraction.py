"""Subtraction End-Nim: take 1, 2 or 4 coins from the first or the last pile (a user's rule set).

One file, no edit to endnim::

    endnim analyze --rules examples/variants/subtraction.py:SubtractionEndNim "3 1 4"
    endnim table --rules examples/variants/subtraction.py:SubtractionEndNim --middle 3 \\
        --rows 1..64 --cols 1..2048 --format csv

The moves come from :meth:`ends` (which piles) and :meth:`allows_take` (which takes: the
subtraction set {1, 2, 4}; a pile reaching 0 is removed). Like capped End-Nim
(``capped.py``) it only restricts how much a move may take, so the compiled engine serves it:
it lists each pile's allowed new sizes once per pile bound and takes each mex over them.

:meth:`allows_take_table` is optional: the same rule as a numpy array over every (pile, size)
at once, which the engine uses instead of calling :meth:`allows_take` for every pair (it checks
the two agree on the small piles). Without it the engine makes one call per pair, about 10⁸
pairs a minute.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from endnim import Variant
from endnim.moves import End
from endnim.variants.base import Piles


class SubtractionEndNim(Variant):
    """End-Nim where a move removes 1, 2 or 4 coins from the first or the last pile."""

    name = "subtraction-124"
    title = "End-Nim with subtraction set {1, 2, 4}"
    summary = "remove 1, 2 or 4 coins from the first or the last pile; normal play"
    source = "endnim example (docs/your-own-variant.md)"

    takes = (1, 2, 4)

    def ends(self, piles: Piles, player: End | None = None) -> tuple[End, ...]:
        return ("L", "R")

    def allows_take(self, pile: int, size: int) -> bool:
        return pile - size in self.takes

    def allows_take_table(self, largest: int) -> npt.NDArray[np.bool_]:
        """``allows_take(pile, size)`` for every 0 <= size, pile <= largest, at once."""
        pile = np.arange(largest + 1)[:, None]
        size = np.arange(largest + 1)[None, :]
        return np.isin(pile - size, self.takes)
