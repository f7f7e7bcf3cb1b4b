"""The compiled tree solver (endnim.graphs.compiled, the C extension endnim.graphs._trees)
against the Python search, which stays the reference: every labelled tree with at most 7
vertices and labels at most 3, random trees and forests, the sweep's rows, budgets and
interruption."""

from __future__ import annotations

import random
import signal
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.analyzer import analyze
from endnim.errors import BudgetError
from endnim.graphs import Graph
from endnim.graphs.compiled import TreeEngine, TreeMemo, sweep_shape, tree_parts
from endnim.parts import PartsSolver
from endnim.search import ImpartialValue, Solver
from endnim.strategies.parts import by_parts
from endnim.sweep.trees import canonical_notation, labelled_trees, run_tree_sweep, tree_shapes
from endnim.variants import get_variant
from tests.graphs.plain import PlainTree

TREE = get_variant("tree")


def every_tree(max_vertices: int, max_label: int) -> Iterator[Graph]:
    for n in range(1, max_vertices + 1):
        for edges in tree_shapes(n):
            yield from labelled_trees(edges, n, max_label)


def test_every_tree_up_to_7_vertices_has_the_python_searchs_value_and_remoteness() -> None:
    engine = TreeEngine()
    reference = Solver(TREE, budget=10**9)
    count = 0
    for graph in every_tree(7, 3):
        expected = reference.value(graph)
        assert isinstance(expected, ImpartialValue)
        assert engine.value(graph) == expected, graph
        count += 1
    assert count == 12_111  # 3 + 6 + 18 + 75 + 342 + 1,773 + 9,894 (endnim.sweep.trees)


def random_forest(seed: int, order: int, top: int, deleted: int) -> Graph:
    rng = random.Random(seed)
    edges = [(rng.randrange(i), i) for i in range(1, order)]
    labels = [rng.randint(1, top) for _ in range(order)]
    for v in rng.sample(range(order), min(deleted, order)):
        labels[v] = 0  # deleted vertices: a forest, with its numbers kept
    perm = list(range(order))
    rng.shuffle(perm)
    return Graph.build(
        [labels[perm[i]] for i in range(order)], [(perm.index(u), perm.index(v)) for u, v in edges]
    )


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 11), st.integers(1, 4), st.integers(0, 3))
def test_random_forests_have_the_python_searchs_grundy_value(
    seed: int, order: int, top: int, deleted: int
) -> None:
    position = random_forest(seed, order, top, deleted)
    expected = PartsSolver(TREE, budget=10**9).grundy(position)
    assert TreeEngine(budget=10**9).grundy(position) == expected
    plain = Solver(PlainTree(), budget=10**9).value(position) if order <= 7 else None
    if plain is not None:
        assert isinstance(plain, ImpartialValue) and plain.grundy == expected


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 12), st.integers(1, 3))
def test_keys_are_equal_exactly_for_isomorphic_trees(seed: int, order: int, top: int) -> None:
    one = random_forest(seed, order, top, 0)
    other = random_forest(seed + 1, order, top, 0)
    relabelled = random_forest(seed, order, top, 0)  # the same tree, numbered afresh
    engine = TreeEngine()
    assert engine.key(one) == engine.key(relabelled)
    same = TREE.canonical_key(one) == TREE.canonical_key(other)
    assert (engine.key(one) == engine.key(other)) == same


def test_sweep_rows_are_the_python_sweeps() -> None:
    memo = TreeMemo()
    solver = PartsSolver(TREE, budget=10**9)
    for n in range(1, 7):
        for edges in tree_shapes(n):
            expected = [
                (canonical_notation(g.labels, g.edges), g.labels, solver.grundy(g))
                for g in labelled_trees(edges, n, 3)
            ]
            assert sweep_shape(memo, edges, n, 3) == expected


def test_a_sweep_by_the_compiled_solver_stores_what_the_python_one_stores(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json

    python = run_tree_sweep(tmp_path / "python", 6, 2, compiled=False)
    fast = run_tree_sweep(tmp_path / "compiled", 6, 2)
    assert python.to_dict()["sizes"] == fast.to_dict()["sizes"]
    digests = sorted((tmp_path / "python" / "shapes").rglob("*.json"))
    assert len(digests) == 1 + 1 + 1 + 2 + 3 + 6
    for found in digests:
        other = tmp_path / "compiled" / found.relative_to(tmp_path / "python")
        assert json.loads(found.read_text())["sha256"] == json.loads(other.read_text())["sha256"]


def test_analyze_by_the_compiled_solver_says_what_the_python_search_says() -> None:
    for text in (
        "3 1 3",
        "2(1 1 1)",
        "2(3 1(2 2) 1)",
        '{"labels": [2, 0, 3, 1], "edges": [[0, 1], [1, 2], [2, 3]]}',
    ):
        position = TREE.parse_position(text)
        fast = analyze(position, "tree").to_dict()
        reference = by_parts(position, TREE, None).to_dict()
        for field in ("outcome", "grundy", "winning_moves", "remoteness", "components"):
            assert fast.get(field) == reference.get(field), (text, field)


def spider(legs: int, length: int, label: int) -> Graph:
    labels, edges = [label], []
    for _ in range(legs):
        previous = 0
        for _ in range(length):
            labels.append(label)
            edges.append((previous, len(labels) - 1))
            previous = len(labels) - 1
    return Graph.build(labels, edges)


def test_a_tree_of_40_vertices_whose_classes_collapse_is_answered() -> None:
    position = spider(39, 1, 2)  # a star of 40 vertices, labels 2
    assert position.order == 40
    assert TREE.part_estimate(position) > 10**12
    analysis = analyze(position, "tree")
    assert analysis.grundy == PartsSolver(TREE, budget=10**6).grundy(position)


def test_over_the_budget_the_search_stops_with_the_estimate() -> None:
    position = random_forest(3, 40, 3, 0)
    engine = TreeEngine(budget=5_000)
    with pytest.raises(BudgetError, match=r"may solve up to .* stopped at 5,00\d parts"):
        engine.grundy(position)
    assert len(engine.memo) <= 5_001
    # the entries left unfinished are solved when met again
    small = random_forest(4, 9, 3, 0)
    assert engine.grundy(small) == PartsSolver(TREE).grundy(small)


def test_a_star_far_past_its_estimate_is_tried() -> None:
    star = Graph.build([1] * 41, [(0, i) for i in range(1, 41)])
    engine = TreeEngine(budget=1000)
    assert engine.estimate(star) > 10**12
    assert engine.grundy(star) == 1  # every play deletes the 41 vertices one by one


class Stop(Exception):
    pass


def test_a_signal_interrupts_the_search_and_the_memo_stays_right() -> None:
    def stop(number: int, frame: object) -> None:
        raise Stop

    old = signal.signal(signal.SIGALRM, stop)
    engine = TreeEngine(budget=10**12)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(Stop):
            engine.grundy(random_forest(7, 60, 3, 0))  # minutes of work
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert len(engine.memo) > 0
    reference = PartsSolver(TREE, budget=10**9)
    for seed in range(30):
        small = random_forest(seed, 8, 3, 0)
        assert engine.grundy(small) == reference.grundy(small)


def test_a_search_deeper_than_the_recursion_goes_to_the_python_search() -> None:
    position = Graph.build([3, 2, 3, 1], [(0, 1), (1, 2), (2, 3)])
    engine = TreeEngine(budget=10**6)
    engine.max_depth = 2  # deeper searches are left to Python
    expected = Solver(TREE, budget=10**6).value(position)
    assert engine.value(position) == expected
    assert len(engine.memo) == 0 or engine.grundy(position) == expected.grundy


def test_a_lone_vertex_with_a_large_label_is_compiled_and_shallow() -> None:
    engine = TreeEngine(budget=10**6)
    assert engine.value(Graph.build([3000], [])) == ImpartialValue(3000, 1)


def test_tree_parts_keeps_each_tree_whole() -> None:
    position = Graph.build([1, 0, 2, 3, 0, 4], [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)])
    assert tree_parts(position) == [([1], []), ([2, 3], [(0, 1)]), ([4], [])]
    assert (
        TreeEngine().grundy(position)
        == 1 ^ PartsSolver(TREE).grundy(Graph.build([2, 3], [(0, 1)])) ^ 4
    )


def test_graph_table_of_trees_has_the_python_searchs_values() -> None:
    from endnim.analysis.graph_tables import build_member, check_parameters, family_table

    parameters = {"centre": "2", "leaves": "a b 2 1"}
    table = family_table("tree", "star", parameters, "1..4", "1..4")
    params = check_parameters("star", parameters)
    reference = PartsSolver(TREE, budget=10**9)
    for i, a in enumerate(table.rows):
        for j, b in enumerate(table.cols):
            member = build_member(TREE, "star", params, a, b)
            assert table.values[i][j] == reference.grundy(member), (a, b)


def test_a_table_over_its_budget_stops_with_the_tables_estimate() -> None:
    from endnim.analysis.graph_tables import family_table

    parameters = {"centre": "9", "leaves": "a b 9 8 7 6 5 4 3"}
    with pytest.raises(BudgetError, match=r"this table may solve up to .* stopped at"):
        family_table("tree", "star", parameters, "1..9", "1..9", budget=1000)


def test_the_stored_sweep_totals_begin_as_a_fresh_sweep_finds(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """data/trees (docs/graphs.md, Finding 8; scripts/tree_sweeps.py) against a fresh sweep of
    the smaller sizes."""
    import json
    from pathlib import Path

    data = Path(__file__).resolve().parents[2] / "data" / "trees"
    for vertices, label, checked in ((10, 3, 7), (12, 2, 8)):
        stored = json.loads((data / f"sweep-{vertices}-{label}.json").read_text())
        assert (stored["max_vertices"], stored["max_label"]) == (vertices, label)
        fresh = run_tree_sweep(tmp_path / f"{label}", checked, label).to_dict()["sizes"]
        assert stored["sizes"][:checked] == fresh
        assert sum(size["trees"] for size in stored["sizes"]) == stored["trees"]
