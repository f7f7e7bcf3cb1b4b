"""Capped End-Nim: take 1, 2 or 3 coins from the first or the last pile (a user's rule set).

One file, no edit to endnim::

    endnim analyze --rules examples/variants/capped.py:CappedEndNim "3 1 4"

The moves come from two hooks, :meth:`ends` (which piles) and :meth:`allows_take` (how many
coins); notation, the exact search, play, tables and sweeps come from :class:`endnim.Variant`.
There is no closed-form theory, so ``auto`` answers by exact search and says so. The compiled
engine serves it (``--method engine``, tables, sweeps, the atlas): it lists the sizes
:meth:`allows_take` allows once per pile bound and takes each mex over them
(``endnim rules-info examples/variants/capped.py:CappedEndNim`` says so). The optional
:meth:`allowed_takes` states the same rule as the coins a move may take from a pile, which the
engine reads with one call per pile instead of one :meth:`allows_take` call per (pile, size)
(about 2 million for a table to 2,048 columns; checked against :meth:`allows_take` on the small
piles). ``subtraction.py`` shows the vectorised form, a numpy array.
"""

from __future__ import annotations

from endnim import Variant
from endnim.moves import End
from endnim.variants.base import Piles


class CappedEndNim(Variant):
    """End-Nim where a move removes 1, 2 or 3 coins from the first or the last pile."""

    name = "capped"
    title = "capped End-Nim"
    summary = "remove 1, 2 or 3 coins from the first or the last pile; normal play"
    source = "endnim tutorial (docs/your-own-variant.md)"

    def ends(self, piles: Piles, player: End | None = None) -> tuple[End, ...]:
        return ("L", "R")

    def allows_take(self, pile: int, size: int) -> bool:
        return pile - size <= 3

    def allowed_takes(self, pile: int) -> range:
        return range(1, 4)
