"""End-Nim (Albert & Nowakowski 2001): reduce or remove the first or the last pile; normal play.

>>> from endnim.variants.endnim import EndNim
>>> [str(m) for m in EndNim().moves((1, 2))]
['L0', 'R0', 'R1']
"""

from __future__ import annotations

from typing import ClassVar

from endnim.moves import End
from endnim.variants.base import Piles, Variant


class EndNim(Variant):
    """Impartial End-Nim under normal play: G(empty) = 0."""

    name = "endnim"
    title = "End-Nim"
    aliases: ClassVar[tuple[str, ...]] = ("end-nim", "impartial", "normal")
    source = "Albert & Nowakowski, The game of End-Nim (2001), §1"

    def ends(self, piles: Piles, player: End | None = None) -> tuple[End, ...]:
        return ("L", "R")
