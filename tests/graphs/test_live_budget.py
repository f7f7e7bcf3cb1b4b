"""The parts search past its estimate (endnim.parts.PartsSolver.grundy): the estimate counts
labelled positions, isomorphism can collapse them, so the search is tried with live limits.
It must give what the same search with a budget above the estimate gives, and stop with the
estimate's one-line error when the limits are reached."""

from __future__ import annotations

import random

import pytest

from endnim.errors import BudgetError
from endnim.graphs import Graph
from endnim.parts import PartsSolver
from endnim.variants import get_variant

TREE = get_variant("tree")
DEPOT = get_variant("depot")


def star(labels: list[int]) -> Graph:
    """labels[0] at the centre, the others on its leaves."""
    return Graph.build(labels, [(0, i) for i in range(1, len(labels))])


def random_tree(rng: random.Random, order: int, top: int) -> Graph:
    edges = [(rng.randrange(i), i) for i in range(1, order)]
    return Graph.build([rng.randint(1, top) for _ in range(order)], edges)


def test_a_star_of_ones_far_past_its_estimate() -> None:
    """41 vertices of 1: 2^40 labelled positions, 82 classes. Every play lasts 41 moves (a
    move deletes one vertex), so the value is 41 mod 2 = 1."""
    position = star([1] * 41)
    solver = PartsSolver(TREE, budget=100_000)
    assert solver.estimate(position) > 10**12
    assert solver.grundy(position) == 1
    assert len(solver.memo) < 200


def spider(centre: int, legs: list[list[int]]) -> Graph:
    """A centre with legs (paths) hanging from it, each leg's labels from the centre out."""
    labels, edges = [centre], []
    for leg in legs:
        previous = 0
        for label in leg:
            labels.append(label)
            edges.append((previous, len(labels) - 1))
            previous = len(labels) - 1
    return Graph.build(labels, edges)


def as_depot(position: Graph) -> Graph:
    """The same tree with an empty vertex (a depot's door) joined to vertex 0."""
    return DEPOT.coerce_position(
        {
            "labels": [0, *position.labels],
            "edges": [[0, 1]] + [[u + 1, v + 1] for u, v in position.edges],
        }
    )


@pytest.mark.parametrize("seed", range(6))
def test_live_limits_give_the_values_of_a_search_within_its_estimate(seed: int) -> None:
    """Symmetric trees (isomorphism collapses them) and random ones, in tree and depot, on a
    budget of 64 parts per class the full search met (and room for the largest part), when
    that is below the estimate: the live search answers on symmetric trees and, wherever it
    answers, agrees."""
    rng = random.Random(seed)
    rules = TREE if seed % 2 else DEPOT
    exercised = 0
    for round_ in range(12):
        if round_ % 3 == 0:
            position = star([rng.randint(1, 2)] + [rng.randint(1, 2)] * rng.randint(10, 14))
        elif round_ % 3 == 1:
            leg = [rng.randint(1, 2) for _ in range(rng.randint(1, 2))]
            position = spider(rng.randint(1, 2), [leg] * rng.randint(7, 9))
        else:
            position = random_tree(rng, rng.randint(3, 9), 3)
        if rules is DEPOT:
            position = as_depot(position)
        exact = PartsSolver(rules, budget=10**12)
        estimate = exact.estimate(position)
        exact.budget = estimate  # the search the estimate admits (keyed, so quick)
        expected = exact.grundy(position)
        budget = 64 * len(exact.memo) + position.order**2  # room for the classes and any part
        if budget >= estimate:
            continue  # the estimate admits it: not the live path
        live = PartsSolver(rules, budget=budget)
        try:
            found = live.grundy(position)
        except BudgetError as error:
            assert "stopped at" in str(error) and "\n" not in str(error)
            assert round_ % 3 == 2, f"a symmetric tree stopped: {error}"
        else:
            assert found == expected, (rules.name, position)
            exercised += 1
    assert exercised >= 2


def test_the_live_limits_stop_a_huge_part_before_building_its_options() -> None:
    position = star([1] * 5000)
    solver = PartsSolver(TREE, budget=2_000_000)
    with pytest.raises(BudgetError, match=r"stopped at 0 parts and 0 vertices keyed") as error:
        solver.grundy(position)
    assert "\n" not in str(error.value)


def test_the_limits_hold_when_the_search_stops() -> None:
    """Stopped searches did at most ``budget`` parts and ``WORK_PER_BUDGET × budget`` vertices."""
    import re

    from endnim.parts import WORK_PER_BUDGET

    rng = random.Random(3)
    stopped = 0
    for budget in (3, 10, 30, 100):
        for _ in range(10):
            position = random_tree(rng, rng.randint(6, 14), 3)
            solver = PartsSolver(TREE, budget=budget)
            try:
                solver.grundy(position)
            except BudgetError as error:
                found = re.search(r"stopped at ([\d,]+) parts? and ([\d,]+) vertices", str(error))
                assert found is not None
                parts, work = (int(g.replace(",", "")) for g in found.groups())
                assert parts <= budget + 1 and work <= WORK_PER_BUDGET * budget + 14
                stopped += 1
    assert stopped > 10


@pytest.mark.parametrize("label", [10**50, 10**4999])
def test_a_huge_label_is_refused_at_once(label: int) -> None:
    """Two vertices, one of them with a label of 10^50: tiny to key, but 10^50 options (it hung
    before the options were counted in the work limit)."""
    position = Graph.build([label, 2], [(0, 1)])
    solver = PartsSolver(TREE, budget=2_000_000)
    with pytest.raises(BudgetError, match=r"stopped at 0 parts"):
        solver.grundy(position)
