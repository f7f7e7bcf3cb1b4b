"""Re-test Findings 8-11 and 15 (docs/graphs.md) on every tree of a tree sweep's store: the share of
P-positions per size (Finding 8), "P exactly when the labels xor to 0" (Finding 11), Finding
15's rule (at the first vertex of degree 2 whose branches are not low), and
Finding 10's rule (a tree whose vertices of degree >= 3 are all labelled 1, at a vertex
labelled 1 with two or more branches not all ones: P exactly when the branches' values have
nim-sum 0), counted apart on the spiders with centre 1 (Finding 9, for the spiders of the
store's range) and on the caterpillars (spine: the vertices of degree >= 2 form a path).
Every tree comes from a shape verified against its digest. Writes the counts and the first
counterexample (fewest vertices, then the store's order) as JSON.

    .venv/bin/python scripts/retest_findings.py STORE [--from N] [--out data/trees/FILE.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from endnim.graphs.findings import nim_sum, tree_p_at_a_one, tree_p_at_degree_two
from endnim.sweep.trees import open_tree_sweep


def kind(labels: tuple[int, ...], edges: tuple[tuple[int, int], ...]) -> str:
    """'spider' (one vertex of degree >= 3), 'caterpillar' (the inner vertices a path), else
    'tree' (a path counts as a caterpillar)."""
    degree = [0] * len(labels)
    for u, v in edges:
        degree[u] += 1
        degree[v] += 1
    if sum(d >= 3 for d in degree) == 1:
        return "spider"
    inner = {v for v, d in enumerate(degree) if d >= 2}
    inner_degree = [0] * len(labels)
    for u, v in edges:
        if u in inner and v in inner:
            inner_degree[u] += 1
            inner_degree[v] += 1
    if all(inner_degree[v] <= 2 for v in inner):
        return "caterpillar"
    return "tree"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("store")
    parser.add_argument("--from", dest="first", type=int, default=1, help="smallest size")
    parser.add_argument("--out", default=None, help="the JSON file (default: stdout only)")
    args = parser.parse_args(argv)
    started = time.process_time()
    sizes = []
    with open_tree_sweep(args.store) as store:
        top, max_label = store.max_vertices, store.max_label
        for n in range(args.first, top + 1):
            trees = p_positions = 0
            counts = {k: {"applies": 0, "holds": 0} for k in ("spider", "caterpillar", "tree")}
            first: dict[str, object] = {}
            xor_agrees = 0
            xor_first: dict[str, object] | None = None
            fifteen = {"applies": 0, "holds": 0}
            fifteen_first: dict[str, object] | None = None
            for notation, labels, edges, value in store.with_edges(n):
                trees += 1
                p_positions += value == 0
                if (value == 0) == (nim_sum(labels) == 0):
                    xor_agrees += 1
                elif xor_first is None:
                    xor_first = {"tree": notation, "value": value}
                degree_two = tree_p_at_degree_two(labels, edges)
                if degree_two is not None:
                    fifteen["applies"] += 1
                    if degree_two == (value == 0):
                        fifteen["holds"] += 1
                    elif fifteen_first is None:
                        fifteen_first = {"tree": notation, "value": value}
                rule = tree_p_at_a_one(labels, edges)
                if rule is None:
                    continue
                family = kind(labels, edges)
                counts[family]["applies"] += 1
                if rule == (value == 0):
                    counts[family]["holds"] += 1
                elif family not in first:
                    first[family] = {"tree": notation, "value": value}
            size = {
                "vertices": n,
                "trees": trees,
                "p_positions": p_positions,
                "finding_10": counts,
                "first_counterexample": first,
                "finding_11_p_iff_xor_of_labels_is_0": {"holds": xor_agrees, "first": xor_first},
                "finding_15": {**fifteen, "first_counterexample": fifteen_first},
            }
            sizes.append(size)
            print(json.dumps(size), file=sys.stderr)
    result = {
        "store": str(args.store),
        "max_vertices": top,
        "max_label": max_label,
        "cpu_seconds": round(time.process_time() - started, 1),
        "sizes": sizes,
    }
    text = json.dumps(result, indent=1) + "\n"
    if args.out:
        Path(args.out).write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
