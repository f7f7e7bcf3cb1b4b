"""Misère End-Nim (Cairns & Ho 2011): End-Nim moves; whoever takes the last coin loses.

Two Grundy conventions, both legitimate (docs/errata.md):

* Cairns–Ho (the papers', default): the single pile ``(1)`` is terminal with value 0 (the forced
  losing last move is not counted), so a lone pile of a coins has value a − 1.
* Conway: every move counts and the empty row is terminal with value 1.

They have the same P-positions.

>>> from endnim.variants.misere import MisereEndNim
>>> [str(m) for m in MisereEndNim().moves((3,))]
['L1', 'L2']
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


class MisereEndNim(EndNim):
    """Misère End-Nim, Cairns–Ho Grundy convention: (1) is terminal with value 0."""

    name = "misere"
    title = "misère End-Nim"
    aliases = ("misère", "misere-endnim", "misere-cairns-ho", "cairns-ho")
    summary = "End-Nim moves; whoever takes the last coin loses"
    source = paper_source("cairns-ho", "§1 and Thm 2.2")
    convention = "cairns-ho"
    forbidden_reason = "taking the last coin loses; the single pile (1) is the terminal position"

    def is_terminal(self, piles: Piles) -> bool:
        return piles in ((), (1,))

    def allows(self, child: Piles) -> bool:
        return bool(child)

    def ending_text(self, piles: Piles, mover: str = "the player to move") -> str:
        """At ``(1)`` a move is left, the last coin, and it loses (the forced move is not counted).

        >>> MisereEndNim().ending_text((1,), "the computer")
        'the computer must take the last coin and loses (misère: whoever takes it loses)'
        """
        if piles == (1,):
            loses = verb(mover, "loses")
            return f"{mover} must take the last coin and {loses} (misère: whoever takes it loses)"
        return super().ending_text(as_position(piles, allow_empty=True), mover)

    def theory(self) -> Theory | None:
        from endnim.theory.end_family import MisereTheory

        return _cached(self, MisereTheory, self.convention)


class MisereConwayEndNim(EndNim):
    """Misère End-Nim, Conway's convention: every move counts, G(empty) = 1."""

    name = "misere-conway"
    title = "misère End-Nim (Conway convention)"
    aliases = ("misère-conway", "conway")
    summary = (
        "misère End-Nim with Conway's Grundy values: every move counts, the empty row is worth 1"
    )
    source = paper_source("cairns-ho") + "; Conway's misère Grundy value (Winning Ways, ch. 13)"
    convention = "conway"

    def terminal_value(self, piles: Piles) -> int:
        return 1

    def ending_text(self, piles: Piles, mover: str = "the player to move") -> str:
        """The empty row: the last coin was taken, by the other player, who lost.

        >>> MisereConwayEndNim().ending_text((), "you")
        'the last coin is taken: whoever took it loses, so you win (misère)'
        """
        wins = verb(mover, "wins")
        return f"the last coin is taken: whoever took it loses, so {mover} {wins} (misère)"

    def theory(self) -> Theory | None:
        from endnim.theory.end_family import MisereTheory

        return _cached(self, MisereTheory, self.convention)
