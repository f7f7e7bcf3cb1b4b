"""The tree sweep: one stored tree per isomorphism class (counted independently by Burnside's
lemma and by networkx's isomorphism test), values equal to the plain search, resumable after an
interruption, and readable by ``sweep-query`` and ``conjecture``."""

from __future__ import annotations

import itertools
import json
import sqlite3
from pathlib import Path

import networkx as nx
import pytest
from networkx.algorithms.isomorphism import GraphMatcher, categorical_node_match

from endnim.graphs.tree import Tree
from endnim.search import Solver
from endnim.sweep import trees as T
from graphs.plain import PlainTree
from tests.cli_in_process import run


def burnside(max_vertices: int, max_label: int) -> int:
    """Labellings up to isomorphism: per unlabelled tree, the mean over its automorphisms of
    H^(cycles of the automorphism)."""
    total = 0
    for n in range(1, max_vertices + 1):
        for edges in T.tree_shapes(n):
            graph = nx.Graph()
            graph.add_nodes_from(range(n))
            graph.add_edges_from(edges)
            automorphisms = list(GraphMatcher(graph, graph).isomorphisms_iter())
            fixed = 0
            for sigma in automorphisms:
                seen: set[int] = set()
                cycles = 0
                for v in range(n):
                    if v not in seen:
                        cycles += 1
                        while v not in seen:
                            seen.add(v)
                            v = sigma[v]
                fixed += max_label**cycles
            assert fixed % len(automorphisms) == 0
            total += fixed // len(automorphisms)
    return total


def brute_force_classes(max_vertices: int, max_label: int) -> int:
    """Labelled trees up to isomorphism by pairwise networkx isomorphism tests (tiny sizes)."""
    count = 0
    for n in range(1, max_vertices + 1):
        for edges in T.tree_shapes(n):
            classes: list[nx.Graph] = []
            for labels in itertools.product(range(1, max_label + 1), repeat=n):
                graph = nx.Graph()
                graph.add_nodes_from((v, {"x": x}) for v, x in enumerate(labels))
                graph.add_edges_from(edges)
                match = categorical_node_match("x", None)
                if not any(nx.is_isomorphic(graph, c, node_match=match) for c in classes):
                    classes.append(graph)
            count += len(classes)
    return count


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("trees")
    T.run_tree_sweep(folder, 6, 2)
    return folder


def test_count_equals_burnside_and_brute_force(store: Path) -> None:
    with T.open_tree_sweep(store) as opened:
        stored = opened.count()
        assert opened.max_vertices == 6
    assert stored == burnside(6, 2)
    assert brute_force_classes(5, 2) == burnside(5, 2)
    assert burnside(8, 3) == 70_707  # the figure docs/graphs.md quotes


def test_values_equal_the_plain_search(store: Path) -> None:
    plain = Solver(PlainTree(), budget=10**9)
    rules = Tree()
    with T.open_tree_sweep(store) as opened:
        rows = list(opened.rows())
        for notation, n, labels, value in rows:
            graph = rules.parse_position(notation)
            assert len(labels) == n == graph.order
            assert plain.value(graph).grundy == value, notation  # type: ignore[union-attr]
        notations = [row[0] for row in rows]
        assert len(set(notations)) == len(notations)
        keys = {rules.canonical_key(rules.parse_position(t)) for t in notations}
        assert len(keys) == len(notations)  # distinct classes, and the notation is canonical


def test_canonical_notation_is_invariant() -> None:
    labels, edges = [1, 2, 3, 1, 2], [(0, 1), (1, 2), (1, 3), (3, 4)]
    first = T.canonical_notation(labels, edges)
    for order in itertools.permutations(range(5)):
        moved = [0] * 5
        for old, new in enumerate(order):
            moved[new] = labels[old]
        assert T.canonical_notation(moved, [(order[u], order[v]) for u, v in edges]) == first


def test_resume_after_interruption(tmp_path: Path) -> None:
    calls = 0

    def stop(done: int, total: int) -> None:
        nonlocal calls
        calls += 1
        if done == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        T.run_tree_sweep(tmp_path, 5, 2, progress=stop)
    with T.open_tree_sweep(tmp_path) as opened:
        assert len(opened.done_shapes()) == 5
    report = T.run_tree_sweep(tmp_path, 5, 2)
    assert (report.kept, report.computed) == (5, 3)  # 1 + 1 + 1 + 2 + 3 shapes
    assert report.trees == burnside(5, 2)
    with pytest.raises(T.SweepError, match="labels <= 2"):
        T.run_tree_sweep(tmp_path, 5, 3)


def test_commands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_dir = str(tmp_path / "t")
    code, out, err = run(
        monkeypatch, capsys, "sweep", "-v", "tree", "--max-vertices", "4", "--max-label", "2",
        "--out", out_dir, "--json",
    )  # fmt: skip
    assert code == 0, err
    estimate, summary = map(json.loads, out.splitlines())  # the estimate, before any work
    assert summary["trees"] == burnside(4, 2) == estimate["trees"] and summary["kind"] == "tree"
    code, out, err = run(
        monkeypatch, capsys, "sweep-query", out_dir, "p", "--length", "3", "--json"
    )
    found = json.loads(out)
    assert found["count"] == 2 and found["positions"] == ["2(1 1)", "1(2 2)"]  # fewest beans first
    code, out, _ = run(monkeypatch, capsys, "sweep-query", out_dir, "value-at-least", "3")
    assert code == 0 and "trees of 1..4 vertices" in out
    code, out, _ = run(monkeypatch, capsys, "sweep-query", out_dir, "--json")
    assert json.loads(out)["max_vertices"] == 4
    code, out, _ = run(
        monkeypatch, capsys, "conjecture", "-v", "tree", "--holds", "g <= beans",
        "-L", "4", "-H", "2", "--sweep", out_dir, "--json",
    )  # fmt: skip
    report = json.loads(out)
    assert code == 0 and report["holds"] and report["trees"] == summary["trees"]
    assert report["source"].startswith("stored tree sweep")
    code, out, err = run(monkeypatch, capsys, "sweep", "--repair", out_dir)
    assert code == 0 and "shapes verified and kept" in out and "computed again" not in out, err
    code, out, _ = run(
        monkeypatch, capsys, "conjecture", "-v", "tree", "--holds", "g != 0 or n % 2 == 0",
        "-L", "3", "-H", "2", "--json",
    )  # fmt: skip
    report = json.loads(out)
    assert code == 1 and report["smallest_counterexample"] == "2(1 1)"
    for args, message in (
        (
            ["sweep", "-v", "tree", "-L", "3", "-H", "2", "-o", out_dir, "--chunk-tables", "2"],
            "chunks are its shapes",
        ),
        (["sweep-query", out_dir, "conjecture", "1"], "Muller"),
        (["sweep-query", out_dir, "p", "--length", "9"], "1..4 vertices"),
        (["conjecture", "-v", "tree", "--holds", "g>0", "--state", str(tmp_path)], "--state"),
    ):
        code, out, err = run(monkeypatch, capsys, *args)
        assert code == 2 and message in err, err
        assert len(err.strip().splitlines()) == 1


def test_damaged_store_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / T.TREE_STORE).write_bytes(b"not a database" * 100)
    with pytest.raises(T.SweepError, match="cannot read"):
        T.open_tree_sweep(tmp_path)
    assert not isinstance(sqlite3, type(None))


def test_missing_bounds_name_the_tree_options(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(monkeypatch, capsys, "sweep", "-v", "trees", "-L", "3", "-o", str(tmp_path))
    assert code == 2 and "missing --max-label" in err
