"""The compiled warehouse search (endnim.graphs.compiled_depot, the C extension
endnim.graphs._depots) against the Python search, the reference: every graph of at most 7
vertices (networkx's atlas, 1,253 graphs) with seeded random labellings, every labelling with
labels 0..2 of every graph of at most 4 vertices, random larger graphs; for depot-partizan
also random edge colours and homes."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest

from endnim.errors import BudgetError
from endnim.graphs import Graph
from endnim.graphs.compiled_depot import DepotEngine, compiled_reach
from endnim.graphs.depot import Depot
from endnim.graphs.depot_partizan import DepotPartizan
from endnim.search import ImpartialValue, PartizanValue, Solver

DEPOT = Depot()
PARTIZAN = DepotPartizan()
REFERENCE = Solver(DEPOT, budget=10**8)  # one memo for every position: isomorphic ones recur
PARTIZAN_REFERENCE = Solver(PARTIZAN, budget=10**8)
ATLAS = nx.graph_atlas_g()


def atlas(max_vertices: int) -> list[tuple[int, list[tuple[int, int]]]]:
    """Every graph of 1..max_vertices vertices (up to isomorphism): vertices and edges."""
    return [
        (g.number_of_nodes(), sorted((min(u, v), max(u, v)) for u, v in g.edges))
        for g in ATLAS[1:]
        if g.number_of_nodes() <= max_vertices
    ]


def check_depot(labels: list[int], edges: list[tuple[int, int]]) -> None:
    position = Graph.build(labels, edges)
    expected = REFERENCE.value(position)
    assert isinstance(expected, ImpartialValue)
    assert compiled_reach(position)
    assert DepotEngine().grundy(position) == expected.grundy, (labels, edges)


def check_partizan(
    labels: list[int], edges: list[tuple[int, int]], colours: list[str], homes: list[int]
) -> None:
    position = PARTIZAN.validate(Graph.build(labels, edges, colours, homes))
    expected = PARTIZAN_REFERENCE.value(position)
    assert isinstance(expected, PartizanValue)
    assert DepotEngine().outcome(position) == expected.outcome, (labels, edges, colours, homes)


def graph_count(max_vertices: int) -> int:
    return len(atlas(max_vertices))


def test_the_atlas_is_every_graph() -> None:
    assert [graph_count(n) for n in range(1, 8)] == [1, 3, 7, 18, 52, 208, 1252]


def test_every_labelling_of_every_graph_up_to_4_vertices() -> None:
    checked = 0
    for order, edges in atlas(4):
        for labels in itertools.product(range(3), repeat=order):
            check_depot(list(labels), edges)
            checked += 1
    assert checked == 3 + 2 * 9 + 4 * 27 + 11 * 81


def test_every_graph_up_to_7_vertices_with_random_labels() -> None:
    chance = random.Random(31)
    checked = 0
    for order, edges in atlas(7):
        for _ in range(2 if order < 7 else 1):
            labels = [chance.choice([0, 0, 1, 2, 3]) for _ in range(order)]
            check_depot(labels, edges)
            checked += 1
    assert checked == 2 * 208 + 1044


def random_colouring(
    chance: random.Random, labels: list[int], edges: list[tuple[int, int]]
) -> tuple[list[str], list[int]]:
    colours = [chance.choice("LRG") for _ in edges]
    empties = [v for v, x in enumerate(labels) if x == 0]
    homes = [v for v in empties if chance.random() < 0.6]
    return colours, homes


def test_partizan_on_every_graph_up_to_6_vertices_with_random_labels_colours_and_homes() -> None:
    chance = random.Random(131)
    for order, edges in atlas(6):
        for _ in range(3):
            labels = [chance.choice([0, 0, 1, 2, 3]) for _ in range(order)]
            colours, homes = random_colouring(chance, labels, edges)
            check_partizan(labels, edges, colours, homes)


def test_partizan_end_nim_rows() -> None:
    for row in itertools.product(range(1, 4), repeat=3):
        position = PARTIZAN.parse_position(" ".join(map(str, row)))
        expected = Solver(PARTIZAN).value(position)
        assert isinstance(expected, PartizanValue)
        assert DepotEngine().outcome(position) == expected.outcome


@pytest.mark.parametrize("seed", range(6))
def test_random_larger_graphs(seed: int) -> None:
    chance = random.Random(seed)
    n = chance.randint(8, 11)
    graph = nx.gnp_random_graph(n, 0.3, seed=seed)
    edges = sorted((min(u, v), max(u, v)) for u, v in graph.edges)
    labels = [chance.choice([0, 0, 1, 1, 2]) for _ in range(n)]
    check_depot(labels, edges)
    colours, homes = random_colouring(chance, labels, edges)
    check_partizan(labels, edges, colours, homes)


def test_grids_and_isomorphic_positions_share_an_answer() -> None:
    engine = DepotEngine()
    grid = DEPOT.parse_position("grid 3x3: 1 2 1 2 3 2 1 2 1")
    expected = Solver(DEPOT).value(grid)
    assert isinstance(expected, ImpartialValue)
    assert engine.grundy(grid) == expected.grundy
    turned = DEPOT.parse_position("grid 3x3: 1 2 1 2 3 2 1 2 1")
    assert engine.grundy(turned) == expected.grundy and len(engine.known) == 1


def test_beyond_the_c_search_the_python_search_answers() -> None:
    big = Graph.build([0, 300, 0], [(0, 1), (1, 2)])
    assert not compiled_reach(big)
    assert DepotEngine().grundy(big) == 300
    position = DEPOT.parse_position("2 3 1")
    with pytest.raises(BudgetError):  # the C search stops, then the Python search refuses
        DepotEngine(budget=3).grundy(position)
    expected = Solver(DEPOT).value(position)
    assert isinstance(expected, ImpartialValue)
    assert DepotEngine(budget=10**6).grundy(position) == expected.grundy
