"""End-Nim (Albert & Nowakowski 2001): reduce or remove the first or the last pile; normal play.

>>> from endnim.variants.endnim import EndNim
>>> [str(m) for m in EndNim().moves((1, 2))]
['L0', 'R0', 'R1']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from endnim.moves import End
from endnim.papers import source as paper_source
from endnim.ruleset import inherits_theory
from endnim.variants.base import Piles, Variant

if TYPE_CHECKING:
    from endnim.theory.base import Theory


class EndNim(Variant):
    """Impartial End-Nim under normal play: G(empty) = 0."""

    name = "endnim"
    title = "End-Nim"
    aliases: ClassVar[tuple[str, ...]] = ("end-nim", "impartial", "normal")
    summary = "reduce or remove the first or the last pile; normal play"
    source = paper_source("albert-nowakowski", "§1")

    def ends(self, piles: Piles, player: End | None = None) -> tuple[End, ...]:
        return ("L", "R")

    def theory(self) -> Theory | None:
        from endnim.theory.end_family import EndNimTheory

        return _cached(self, EndNimTheory)


def _cached(rules: Variant, make: type[Theory], *args: object) -> Theory | None:
    """One theory instance per rule set instance (built on first use: imports stay lazy);
    ``None`` for a relative that inherits the theory but changes the rules it is about
    (:func:`~endnim.ruleset.inherits_theory`: a paper's theorem is not assumed of it)."""
    if not inherits_theory(rules):
        return None
    theory = rules.__dict__.get("_theory")
    if theory is None:
        theory = rules.__dict__["_theory"] = make(*args)
    return theory
