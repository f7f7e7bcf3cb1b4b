"""What the compiled searches of graph games share: the strategy that plugs a game's compiled
solver into the plan (:func:`endnim.analyze`).

A game's adapter (:mod:`endnim.strategies.compiled_trees`,
:mod:`endnim.strategies.compiled_depots`) says which rule sets it plays (:meth:`applies`, the
extension built), which fields it fills, and how it decides a position (:meth:`solve`); the
cost (the parts it may solve, against the request's budget) and deciding or adding nothing
are the same for every graph game.

>>> from endnim.strategies.compiled_depots import COMPILED_DEPOTS
>>> from endnim.variants import get_variant
>>> COMPILED_DEPOTS.fields(get_variant("depot-partizan"))
('outcome', 'winning_moves', 'remoteness')
"""

from __future__ import annotations

from typing import Any

from endnim.ruleset import RuleSet
from endnim.search import DEFAULT_BUDGET
from endnim.strategies.base import Capability, Request, Strategy
from endnim.strategies.result import Analysis


class CompiledGraphStrategy(Strategy):
    """The compiled search of a graph game by parts; subclasses are the per-game adapters."""

    title = "exact search"  # compiled: the notes say so as they said of the Python search

    def applies(self, rules: RuleSet[Any, Any]) -> bool:
        """Whether this compiled search plays ``rules`` (its extension built)."""
        raise NotImplementedError

    def fields(self, rules: RuleSet[Any, Any]) -> tuple[str, ...]:
        """The fields of the analysis it fills for ``rules``."""
        raise NotImplementedError

    def solve(self, position: Any, rules: RuleSet[Any, Any], budget: int | None) -> Analysis:
        """The exact analysis of ``position`` by the compiled search."""
        raise NotImplementedError

    def can_answer(
        self, rules: RuleSet[Any, Any], position: Any, request: Request
    ) -> Capability | None:
        """For the rule sets it :meth:`applies` to; its cost is the parts it may solve
        (``part_estimate``), affordable within the request's budget (else the default)."""
        if not self.applies(rules):
            return None
        estimate = rules.part_estimate(position)  # type: ignore[attr-defined]
        budget = DEFAULT_BUDGET if request.budget is None else request.budget
        return Capability(self.fields(rules), estimate, "parts", affordable=estimate <= budget)

    def decide(self, rules: RuleSet[Any, Any], position: Any, request: Request) -> Analysis:
        return self.solve(position, rules, request.budget)


__all__ = ["CompiledGraphStrategy"]
