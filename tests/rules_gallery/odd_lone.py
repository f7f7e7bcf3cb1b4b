"""A user's partizan relative of End-Nim: a lone pile of odd size is Left's alone.

Partizan End-Nim (Left plays the first pile, Right the last), except that Right may not play a
lone pile of odd size. Not all-small (Right has no move where Left has one), and off the
compiled engine because ``ends()`` changes with the piles (issue 39: it crashed ``analyze`` on
every odd lone pile, and ``rules-info`` blamed ``allows()``).
"""

from __future__ import annotations

from endnim import Variant
from endnim.moves import End
from endnim.variants.base import Piles


class OddLoneLeft(Variant):
    """Partizan End-Nim where a lone odd pile is Left's alone."""

    name = "odd-lone-left"
    title = "partizan End-Nim, a lone odd pile is Left's"
    impartial = False
    summary = "Left plays the first pile, Right the last; a lone odd pile is Left's alone"
    source = "endnim tests (a user's relative)"

    def ends(self, piles: Piles, player: End | None = None) -> tuple[End, ...]:
        if len(piles) == 1 and piles[0] % 2 == 1:
            return ("L",) if player == "L" else ()
        return (player,) if player in ("L", "R") else ("L", "R")
