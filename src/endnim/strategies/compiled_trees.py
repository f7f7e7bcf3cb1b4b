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
from endnim.strategies.compiled_graphs import CompiledGraphStrategy
from endnim.strategies.parts import impartial_by_parts, plain_remoteness
from endnim.strategies.result import Analysis


def applies(rules: RuleSet[Any, Any]) -> bool:
    """Whether the compiled tree search plays ``rules``: ``tree`` itself, extension built.

    >>> from endnim.variants import get_variant
    >>> applies(get_variant("tree")), applies(get_variant("depot"))
    (True, False)
    """
    return type(rules) is Tree and compiled.available()


class CompiledTreeStrategy(CompiledGraphStrategy):
    """The compiled search of ``tree`` positions (a single tree's remoteness with its value)."""

    name = "compiled-trees"

    def applies(self, rules: RuleSet[Any, Any]) -> bool:
        return applies(rules)

    def fields(self, rules: RuleSet[Any, Any]) -> tuple[str, ...]:
        return ("outcome", "winning_moves", "grundy", "remoteness")

    def solve(self, position: Any, rules: RuleSet[Any, Any], budget: int | None) -> Analysis:
        return by_compiled_trees(position, rules, budget)


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
