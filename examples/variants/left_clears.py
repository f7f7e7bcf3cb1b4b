"""Two partizan relatives of End-Nim a user might write, each one file (issue 30's research).

``RightCappedPartizan``: partizan End-Nim (Left plays the first pile, Right the last) where
Right takes at most ``CAP`` coins a move. ``LeftClearsPartizan``: the same, but only Left may
remove a pile; Right must leave at least one coin. The first stays all-small (whoever may
move may take one coin); the second does not (Right is stuck at a last pile of 1)::

    endnim value --rules examples/variants/left_clears.py:LeftClearsPartizan "1 2 1"
    endnim value --rules examples/variants/left_clears.py:RightCappedPartizan "4 1 5"
"""

from __future__ import annotations

from endnim import Variant
from endnim.moves import End
from endnim.variants.base import Piles, RawOption


class RightCappedPartizan(Variant):
    """Partizan End-Nim where Right removes at most CAP coins a move."""

    CAP = 2
    name = "partizan-right-cap"
    title = "partizan End-Nim, Right capped at 2"
    impartial = False
    summary = "Left plays the first pile, Right the last, taking at most 2 coins"
    source = "endnim docs/partizan.md (a user's relative)"

    def ends(self, piles: Piles, player: End | None = None) -> tuple[End, ...]:
        return (player,) if player in ("L", "R") else ("L", "R")

    def raw_options(self, piles: Piles, player: End | None = None) -> list[RawOption]:
        found = super().raw_options(piles, player)
        if player == "R" and piles:
            found = [o for o in found if piles[-1] - o[1] <= self.CAP]
        return found


class LeftClearsPartizan(Variant):
    """Partizan End-Nim where only Left may remove a whole pile."""

    name = "partizan-left-clears"
    title = "partizan End-Nim, only Left clears a pile"
    impartial = False
    summary = "Left plays the first pile, Right the last; Right must leave a coin"
    source = "endnim docs/partizan.md (a user's relative)"

    def ends(self, piles: Piles, player: End | None = None) -> tuple[End, ...]:
        return (player,) if player in ("L", "R") else ("L", "R")

    def raw_options(self, piles: Piles, player: End | None = None) -> list[RawOption]:
        found = super().raw_options(piles, player)
        if player == "R":
            found = [o for o in found if o[1] > 0]
        return found
