"""What every statement module shares: the statement record, its ranges and lookups."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from endnim.analysis.oracle import Oracle
from endnim.papers import PAPERS as _PAPERS
from endnim.papers import cite

Piles = tuple[int, ...]

PAPERS: dict[str, str] = {
    key: f"{p.short.replace('–', ' & ')}, {p.title} ({p.year})" for key, p in _PAPERS.items()
}
"""Each paper's name as ``verify`` prints it (from :mod:`endnim.papers`)."""
PAPER_ALIASES = {p.alias: key for key, p in _PAPERS.items()}


class Lookup:
    """Values of other positions for a check: ``G(piles)`` in the statement's variant,
    ``G.of(variant, piles)`` in another; ``G.oracle`` gives phase diagrams and thresholds."""

    def __init__(self, oracle: Oracle, variant: str) -> None:
        self.oracle = oracle
        self.variant = variant

    def __call__(self, piles: Piles) -> Any:
        return self.oracle.value(self.variant, piles)

    def of(self, variant: str, piles: Piles) -> Any:
        """The value of ``piles`` in another variant."""
        return self.oracle.value(variant, piles)


Check = Callable[[Piles, Any, Lookup], bool | None]


@dataclass(frozen=True)
class Box:
    """Every position of length ``min_length..max_length`` with piles in 1..``max_pile``."""

    min_length: int
    max_length: int
    max_pile: int

    def count(self) -> int:
        """How many positions the box holds.

        >>> Box(2, 3, 4).count()
        80
        """
        return sum(self.max_pile**k for k in range(self.min_length, self.max_length + 1))

    def __str__(self) -> str:
        lengths = (
            f"length {self.min_length}"
            if self.min_length == self.max_length
            else f"length {self.min_length}..{self.max_length}"
        )
        return f"{lengths}, piles <= {self.max_pile}"


@dataclass(frozen=True)
class Statement:
    """One statement of a paper and how to check it.

    ``boxes`` are exhaustive ranges, ``positions`` an explicit list (tables, worked examples);
    ``expect`` is False for a slip as printed (the check must fail somewhere); ``note`` says
    what docs/errata.md records about it, or how it is read. ``uses`` names other variants the check
    looks up on the same positions, and ``reach`` how far beyond the range's pile bound its
    lookups go (both only make the exhaustive check faster: their layers are computed at once).
    """

    key: str
    paper: str
    number: str
    text: str
    variant: str
    check: Check
    boxes: tuple[Box, ...] = ()
    positions: tuple[Piles, ...] = ()
    expect: bool = True
    note: str = ""
    uses: tuple[str, ...] = ()
    reach: int = 0

    @property
    def citation(self) -> str:
        """The paper and the number, e.g. ``Horrocks (2017) Proposition 13``."""
        return cite(self.paper, self.number)

    @property
    def fixed_length(self) -> bool:
        """Whether the statement is about one length only (two piles, three piles)."""
        return (
            all(box.min_length == box.max_length for box in self.boxes)
            and len({box.min_length for box in self.boxes}) <= 1
        )


# --------------------------------------------------------------------------- ranges
ROWS = (Box(1, 6, 8), Box(7, 8, 4))
"""Every position of length <= 6 with piles <= 8 and length 7..8 with piles <= 4
(docs/errata.md)."""
ROWS_SMALL = (Box(1, 5, 6), Box(6, 7, 4))
TWO = (Box(2, 2, 200),)
THREE = (Box(3, 3, 48),)
PARTIZAN_ROWS = (Box(1, 7, 5),)
PARTIZAN_SMALL = (Box(1, 5, 5),)


def _is_constant(piles: Piles) -> bool:
    return all(p == piles[0] for p in piles)


def _implies(hypothesis: bool, conclusion: bool) -> bool | None:
    """``None`` when the hypothesis fails (the statement says nothing), else the conclusion."""
    return conclusion if hypothesis else None
