"""The plan of ``analyze``: strategies behind one interface, picked and merged by the plan, and
the notes that name the plan coming from it."""

from __future__ import annotations

import pytest

from endnim.analyzer import analyze, plan_for
from endnim.errors import BudgetError
from endnim.graphs import Graph
from endnim.strategies import STRATEGIES
from endnim.strategies.base import FIELDS, Request
from endnim.strategies.engine import ENGINE
from endnim.strategies.search import SEARCH
from endnim.variants import get_variant


def test_every_strategy_is_registered_once_and_says_what_it_can_answer() -> None:
    names = [strategy.name for strategy in STRATEGIES]
    assert len(set(names)) == len(names)
    rules = get_variant("endnim")
    for strategy in STRATEGIES:
        capability = strategy.can_answer(rules, (3, 1, 3), Request())
        if capability is not None:
            assert set(capability.fields) <= set(FIELDS) and capability.cost >= 0


def test_the_plan_names_who_decides_and_who_completes() -> None:
    plan = plan_for(get_variant("muller"))
    assert [s.name for s in plan.decide] == ["theory"]
    assert [s.name for s in plan.complete] == ["search", "engine"]
    # tree: the compiled search by parts (issue 23); the warehouses: the compiled warehouse
    # search, by parts beyond its reach (issue 40)
    assert [s.name for s in plan_for(get_variant("tree")).decide] == ["compiled-trees", "engine"]
    for name in ("depot", "depot-partizan"):
        assert [s.name for s in plan_for(get_variant(name)).decide] == ["compiled-depots", "engine"]
    assert [s.name for s in plan_for(get_variant("muller"), "engine").decide] == ["engine"]


def test_the_plan_fills_what_the_theory_left_open() -> None:
    analysis = analyze("5 2 7", "muller")
    assert analysis.sources["outcome"] == "theory"
    assert analysis.sources["remoteness"] == "search"


class NoTheoryMuller(type(get_variant("muller"))):  # type: ignore[misc]
    """Müller's rule set with its theory hidden: the plan must search, then ask the engine."""

    name = "muller-without-theory"

    def theory(self) -> None:
        return None


def test_over_budget_the_next_strategy_decides_and_the_note_says_so() -> None:
    rules = NoTheoryMuller()
    piles = (100, 100, 100, 100)
    states = SEARCH.can_answer(rules, piles, Request()).cost  # type: ignore[union-attr]
    budget = states - 1
    assert ENGINE.can_answer(rules, piles, Request(budget=budget)).affordable  # type: ignore[union-attr]
    analysis = analyze(piles, rules, budget=budget)
    assert analysis.method == "engine"
    assert analysis.notes[0] == (
        f"{rules.title} has no closed-form theory: decided by the compiled engine "
        "(the search was over its budget)"
    )
    assert analysis.grundy == analyze(piles, "muller", "engine").grundy


def test_over_budget_with_no_next_strategy_the_error_names_the_plan() -> None:
    with pytest.raises(
        BudgetError, match=r"^End-Nim on trees has no closed-form theory, and exact"
    ):
        analyze(Graph.build([9] * 12, [(i, i + 1) for i in range(11)]), "tree", budget=10)
