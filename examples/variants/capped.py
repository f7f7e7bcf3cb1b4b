"""Capped End-Nim: take 1, 2 or 3 coins from the first or the last pile (a user's rule set).

One file, no edit to endnim::

    endnim analyze --rules examples/variants/capped.py:CappedEndNim "3 1 4"

The moves come from two hooks, :meth:`ends` (which piles) and :meth:`allows_take` (how many
coins); notation, the exact search, play, tables and sweeps come from :class:`endnim.Variant`.
There is no closed-form theory, so ``auto`` answers by exact search and says so. The compiled
engine serves it (``--method engine``, tables, sweeps, the atlas): it lists the sizes
:meth:`allows_take` allows once per pile bound, one call per (pile, size), and takes each mex
over them (``endnim rules-info examples/variants/capped.py:CappedEndNim`` says so).
``subtraction.py`` shows the optional vectorised form of the hook.
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
