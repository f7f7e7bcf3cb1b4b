"""The compiled tree search: ``tree`` positions by :class:`endnim.graphs.compiled.TreeEngine`.

It answers what the search by parts answers (:mod:`endnim.strategies.parts`: the Grundy value
as the xor of the trees', the winning moves, the parts' values) with the compiled solver, and
the remoteness of a single tree from the same search (a tree never splits, so its remoteness
is memoised with its value); a forest's remoteness, which does not add up over its trees,
comes from the plain search when that is affordable. It decides ``tree`` when the extension
is built (``scripts/setup.sh``); the Python search stays the reference the tests compare it
with.

>>> from endnim.analyzer import analyze
>>> a = analyze("2(1 1 1)", variant="tree")
>>> a.grundy, a.remoteness, a.winning_moves
(1, 5, ['1=0', '2=0', '3=0'])
"""

from __future__ import annotations

from typing import Any

from endnim.graphs import compiled
from endnim.graphs.tree import Tree
from endnim.ruleset import RuleSet
from endnim.search import DEFAULT_BUDGET
from endnim.strategies.base import Capability, Request
from endnim.strategies.parts import impartial_by_parts, plain_remoteness
from endnim.strategies.result import Analysis


def applies(rules: RuleSet[Any, Any]) -> bool:
    """Whether the compiled tree search plays ``rules``: ``tree`` itself, extension built.

    >>> from endnim.variants import get_variant
    >>> applies(get_variant("tree")), applies(get_variant("depot"))
    (True, False)
    """
    return type(rules) is Tree and compiled.available()


class CompiledTreeStrategy:
    """The compiled search of ``tree`` positions."""

    name = "compiled-trees"
    title = "exact search"  # compiled: the notes say so as they said of the Python search

    def can_answer(
        self, rules: RuleSet[Any, Any], position: Any, request: Request
    ) -> Capability | None:
        """For ``tree``; its cost is the trees it may solve (``part_estimate``)."""
        if not applies(rules):
            return None
        fields = ("outcome", "winning_moves", "grundy", "remoteness")
        estimate = rules.part_estimate(position)  # type: ignore[attr-defined]
        budget = DEFAULT_BUDGET if request.budget is None else request.budget
        return Capability(fields, estimate, "parts", affordable=estimate <= budget)

    def run(
        self,
        rules: RuleSet[Any, Any],
        position: Any,
        request: Request,
        result: Analysis | None = None,
    ) -> Analysis:
        if result is not None:  # it decides, or adds nothing
            return result
        return by_compiled_trees(position, rules, request.budget)


COMPILED_TREES = CompiledTreeStrategy()


def by_compiled_trees(position: Any, rules: RuleSet[Any, Any], budget: int | None) -> Analysis:
    """The exact analysis of a ``tree`` position by the compiled solver."""
    engine = compiled.default_tree_engine(budget)

    def remoteness(notes: list[str]) -> int | None:
        value = engine.value(position)
        if value is not None:
            return value.remoteness
        found = plain_remoteness(position, rules, budget, notes)
        assert not isinstance(found, dict)
        return found

    return impartial_by_parts(position, rules, budget, engine, remoteness)


__all__ = ["COMPILED_TREES", "applies", "by_compiled_trees"]
