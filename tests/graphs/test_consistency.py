"""The graph games against the row games they generalise, and their shortcuts (canonical keys,
independent parts) against the plain search.

* ``tree`` on every path with <= 6 vertices and labels <= 5 is End-Nim (value and remoteness);
* ``depot`` on those paths between two empty vertices, and on the cycle with one empty vertex,
  is End-Nim;
* ``depot-partizan`` on partizan End-Nim's cycle is partizan End-Nim: outcome on the same range,
  canonical form on rows of <= 4 piles <= 4;
* splitting into parts equals the plain search on every graph with <= 6 vertices (networkx's
  graph atlas) and labels <= 2: Grundy values for ``depot`` and ``tree`` (forests), outcomes
  and canonical forms for ``depot-partizan`` (edge colours drawn at random, seeded).
"""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest
from conftest import positions, solver
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.cgt import add, outcome, position_value
from endnim.cgt.game import ZERO
from endnim.graphs import Graph
from endnim.parts import PartsSolver
from endnim.search import Solver
from endnim.variants import get_variant
from graphs.plain import PlainTree, plain_solver, plain_value

TREE = get_variant("tree")
DEPOT = get_variant("depot")
PARTIZAN = get_variant("depot-partizan")
ROWS = list(positions(6, 5))


def test_tree_on_paths_is_end_nim() -> None:
    reference = solver("endnim")
    tree = Solver(TREE, budget=10**7)
    for row in ROWS:
        assert tree.value(TREE.coerce_position(list(row))) == reference.value(row), row


def test_depot_on_paths_and_cycles_is_end_nim() -> None:
    reference = solver("endnim")
    depot = Solver(DEPOT, budget=10**7)
    parts = PartsSolver(DEPOT, budget=10**7)
    for row in ROWS:
        expected = reference.value(row)
        path = DEPOT.coerce_position(list(row))
        assert depot.value(path) == expected, row
        if len(row) >= 2:  # a cycle needs three vertices
            cycle = DEPOT.parse_position("cycle: 0 " + " ".join(map(str, row)))
            assert depot.value(cycle) == expected, row
            assert parts.grundy(cycle) == expected.grundy, row


def test_partizan_cycle_is_partizan_end_nim() -> None:
    reference = solver("partizan")
    game = Solver(PARTIZAN, budget=10**7)
    for row in ROWS:
        found = game.value(PARTIZAN.coerce_position(list(row)))
        assert found == reference.value(row), row


def test_partizan_cycle_has_partizan_end_nims_canonical_forms() -> None:
    for row in positions(4, 4):
        cycle = PARTIZAN.coerce_position(list(row))
        assert position_value(cycle, rules=PARTIZAN) is position_value(row), row


def _atlas(max_order: int) -> list[nx.Graph]:
    return [g for g in nx.graph_atlas_g() if 0 < g.number_of_nodes() <= max_order]


def _labellings(n: int, top: int) -> list[tuple[int, ...]]:
    return list(itertools.product(range(top + 1), repeat=n))


@pytest.mark.parametrize(
    ("max_order", "positions", "splits"),
    [
        (5, 3 + 2 * 9 + 4 * 27 + 11 * 81 + 34 * 243, 1_000),  # 9,282
        # every 6-vertex graph too (123,006 positions, 18 CPU-s): bash scripts/fuzz.sh
        pytest.param(6, 3 + 2 * 9 + 4 * 27 + 11 * 81 + 34 * 243 + 156 * 729, 10_000,
                     marks=pytest.mark.long),
    ],
)  # fmt: skip
def test_depot_parts_equal_plain_search_on_the_graph_atlas(
    max_order: int, positions: int, splits: int
) -> None:
    """Every graph with <= ``max_order`` vertices, every labelling with labels <= 2."""
    plain = plain_solver("depot")
    parts = PartsSolver(DEPOT, budget=10**7)
    checked = split = 0
    for graph in _atlas(max_order):
        edges = list(graph.edges())
        for labels in _labellings(graph.number_of_nodes(), 2):
            position = Graph.build(labels, edges)
            pieces = DEPOT.components(position)
            split += len(pieces) > 1
            expected = plain.impartial_value(position).grundy
            assert parts.grundy(position) == expected, (labels, edges)
            checked += 1
    assert checked == positions
    assert split > splits


def test_tree_parts_equal_plain_search_on_forests() -> None:
    """Every forest with <= 6 vertices (networkx's atlas), every labelling with labels <= 2
    (a 0 is a deleted vertex)."""
    plain = plain_solver("tree")
    parts = PartsSolver(TREE, budget=10**7)
    forests = [g for g in _atlas(6) if nx.is_forest(g)]
    assert len(forests) == 1 + 2 + 3 + 6 + 10 + 20  # forests on 1..6 vertices
    split = 0
    for graph in forests:
        edges = list(graph.edges())
        for labels in _labellings(graph.number_of_nodes(), 2):
            position = Graph.build(labels, edges)
            split += len(TREE.components(position)) > 1
            assert parts.grundy(position) == plain.impartial_value(position).grundy
    assert split > 1000


def _coloured(graph: nx.Graph, labels: tuple[int, ...], rng: random.Random) -> Graph:
    edges = list(graph.edges())
    colours = [rng.choice("LRGG") for _ in edges]
    return PARTIZAN.coerce_position({"labels": list(labels), "edges": edges, "colours": colours})


@pytest.mark.parametrize(
    ("max_order", "colourings", "six"),
    [
        (5, 1, 10),
        # two colourings of each and 40 six-vertex graphs (116 s of the suite): fuzz.sh
        pytest.param(5, 2, 40, marks=pytest.mark.long),
    ],
)
def test_partizan_parts_equal_plain_search_on_the_graph_atlas(
    max_order: int, colourings: int, six: int
) -> None:
    """Every graph with <= 5 vertices and every labelling with labels <= 2, in ``colourings``
    random colourings each, and ``six`` graphs with 6 vertices in one: the sum of the parts'
    canonical forms equals the plain canonical form, and its outcome the plain search's."""
    rng = random.Random(11)
    plain = plain_solver("depot-partizan")
    graphs = [(g, colourings) for g in _atlas(max_order)]
    graphs += [(g, 1) for g in rng.sample([g for g in _atlas(6) if len(g) == 6], six)]
    split = 0
    for graph, colourings in graphs:
        for _ in range(colourings):
            seed = rng.random()
            for labels in _labellings(graph.number_of_nodes(), 2):
                position = _coloured(graph, labels, random.Random(seed))
                pieces = PARTIZAN.components(position)
                expected = plain.partizan_value(position).outcome
                if len(pieces) == 1:
                    continue
                split += 1
                total = ZERO
                for piece in pieces:
                    total = add(total, position_value(piece, rules=PARTIZAN))
                assert outcome(total) == expected, position
                assert total is plain_value(position), position
    assert split > 5000


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=1, max_size=8), st.randoms(use_true_random=False))
def test_tree_estimate_counts_the_reachable_positions_exactly(
    labels: list[int], rng: random.Random
) -> None:
    """The tree DP's count equals the states the plain search visits (every reachable one)."""
    edges = [(i, rng.randrange(i)) for i in range(1, len(labels))]
    position = TREE.coerce_position({"labels": labels, "edges": edges})
    plain = Solver(PlainTree(), budget=10**7)
    plain.value(position)
    assert plain.cached_states() == TREE.estimate_states(position)
