"""The first warehouse findings (docs/graphs.md, Finding 14) with the compiled depot search
(``DepotEngine``): which small ``depot`` positions are P, family by family with labels 0..3
(0: an empty vertex) on up to :data:`MAX_VERTICES` vertices (8 since issue 40), each count set
beside the proved rule that predicts it, and two warehouses joined at an empty vertex against
the xor of their values. Writes data/depots/findings.json (docs/graphs.md's table from it:
``scripts/depot_summary.py --docs``). About two minutes of CPU.

    .venv/bin/python scripts/depot_findings.py
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import networkx as nx  # type: ignore[import-untyped]

from endnim.graphs.compiled_depot import DepotEngine
from endnim.graphs.findings import depot_star_grundy, nim_sum
from endnim.graphs.notation import grid_shape
from endnim.graphs.position import Graph

ROOT = Path(__file__).resolve().parent.parent
ENGINE = DepotEngine(budget=10**9)
LABELS = range(4)
MAX_VERTICES = 8
Edges = list[tuple[int, int]]


def grundy(labels: list[int], edges: Edges) -> int:
    return ENGINE.grundy(Graph.build(labels, edges))


def all_touch(labels: list[int], edges: Edges) -> bool:
    """Whether every positive vertex has an empty neighbour (then the position is nim)."""
    touched = {u for u, v in edges if labels[v] == 0} | {v for u, v in edges if labels[u] == 0}
    return all(label == 0 or vertex in touched for vertex, label in enumerate(labels))


def count(
    members: Iterator[tuple[list[int], Edges]], rule: Callable[[list[int], Edges], int | None]
) -> dict[str, object]:
    """Positions, P-positions, and how many the rule (a Grundy value, or None) predicts."""
    total = p = covered = agree = 0
    first: list[int] | None = None
    for labels, edges in members:
        value = grundy(labels, edges)
        total += 1
        p += value == 0
        predicted = rule(labels, edges)
        if predicted is not None:
            covered += 1
            if predicted == value:
                agree += 1
            elif first is None:
                first = labels
    return {
        "positions": total,
        "p": p,
        "rule_covers": covered,
        "rule_agrees": agree,
        "first": first,
    }


def labellings(n: int, edges: Edges) -> Iterator[tuple[list[int], Edges]]:
    for labels in itertools.product(LABELS, repeat=n):
        yield list(labels), edges


def nim_rule(labels: list[int], edges: Edges) -> int | None:
    return nim_sum(labels) if all_touch(labels, edges) else None


def families_table() -> dict[str, object]:
    """P-positions by family, labels 0..3 on every vertex (no private depots)."""
    found: dict[str, object] = {}
    top = MAX_VERTICES + 1
    for n in range(1, top):
        path = [(i, i + 1) for i in range(n - 1)]
        found[f"path {n}"] = count(labellings(n, path), nim_rule)
    for n in range(3, top):
        ring = [(i, (i + 1) % n) for i in range(n)]
        found[f"cycle {n}"] = count(labellings(n, ring), nim_rule)
    for n in range(1, top):
        complete = list(itertools.combinations(range(n), 2))

        def clique(labels: list[int], edges: Edges) -> int:
            return nim_sum(labels) if 0 in labels else 0

        found[f"complete {n}"] = count(labellings(n, complete), clique)
    for leaves in range(1, MAX_VERTICES):
        star = [(0, i + 1) for i in range(leaves)]
        found[f"star {leaves} leaves"] = count(
            labellings(leaves + 1, star), lambda labels, _: depot_star_grundy(labels[0], labels[1:])
        )
    for rows, cols in ((1, 3), (2, 2), (2, 3), (3, 3)):
        members = (
            (list(labels), list(edges))
            for cells in itertools.product(LABELS, repeat=rows * cols)
            for labels, edges in [grid_shape(rows, cols, list(cells))]
        )
        thin = rows <= 2 or cols <= 2

        def grid_rule(labels: list[int], edges: Edges, thin: bool = thin) -> int | None:
            return nim_sum(labels) if thin else nim_rule(labels, edges)

        found[f"grid {rows}x{cols} (empty border)"] = count(members, grid_rule)
    return found


def joined(seed: int = 31, pairs: int = 2000) -> dict[str, object]:
    """Two random connected graphs of 2..6 vertices, labels 0..3, each with an empty vertex,
    glued at one empty vertex of each: the value against the xor of the two values; and glued
    at a positive vertex of each (the two labels made equal) for contrast."""
    rng = random.Random(seed)

    def warehouse(empty: bool) -> tuple[list[int], Edges]:
        n = rng.randint(2, 6)
        while True:
            graph = nx.gnp_random_graph(n, 0.5, seed=rng.randrange(2**32))
            if nx.is_connected(graph):
                break
        labels = [rng.choice(LABELS) for _ in range(n)]
        labels[0] = 0 if empty else rng.randint(1, 3)
        return labels, [(int(u), int(v)) for u, v in graph.edges]

    def glue(a: tuple[list[int], Edges], b: tuple[list[int], Edges]) -> tuple[list[int], Edges]:
        shift = len(a[0]) - 1  # b's vertex 0 becomes a's vertex 0
        labels = a[0] + b[0][1:]
        renumber = {0: 0} | {v: v + shift for v in range(1, len(b[0]))}
        return labels, a[1] + [(renumber[u], renumber[v]) for u, v in b[1]]

    result: dict[str, object] = {}
    for empty in (True, False):
        agree = 0
        first: dict[str, object] | None = None
        for _ in range(pairs):
            a, b = warehouse(empty), warehouse(empty)
            if not empty:
                b[0][0] = a[0][0]
            whole = grundy(*glue(a, b))
            parts = grundy(*a) ^ grundy(*b)
            if whole == parts:
                agree += 1
            elif first is None:
                first = {"a": a, "b": b, "value": whole, "xor": parts}
        key = "at an empty vertex" if empty else "at a positive vertex (same label)"
        result[key] = {"pairs": pairs, "value_is_xor": agree, "first_failure": first}
    return result


def main() -> None:
    result = {"families": families_table(), "joined": joined()}
    target = ROOT / "data" / "depots" / "findings.json"
    target.write_text(json.dumps(result, indent=1) + "\n")
    print(target.read_text())


if __name__ == "__main__":
    main()
