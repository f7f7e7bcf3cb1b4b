"""Re-test Findings 8-13 and 15 (docs/graphs.md) on every tree of a tree sweep's store, shape by
shape: the share of P-positions per size (Finding 8); Finding 9 at the centre of every spider
with centre 1; Finding 10's rule (a tree whose vertices of degree >= 3 are all labelled 1, at
the first vertex labelled 1 with two or more branches not all ones), counted apart on the
spiders, the caterpillars (the vertices of degree >= 2 form a path; paths included) and the
other trees; "P exactly when the labels xor to 0" (Finding 11); Finding 12 at every inner
vertex of every path whose two legs are not low; how often the legs' values decide the spiders
with centre 2 or 3 and three or more legs none of them low (Finding 13's observed counts); and
Finding 15's rule at the first vertex of degree 2 whose branches are not low (as before) and at
every such vertex. Every tree comes from a shape verified against its digest. Writes the
counts and the first counterexample of each rule (fewest vertices, then the store's order) as
JSON.

    .venv/bin/python scripts/retest_findings.py STORE [--from N] [--out data/trees/FILE.json]

With --cache FILE each finished shape's counts are appended to FILE (a rerun skips them), and
with --follow the script waits for a sweep still writing the store, testing each shape as it
is finished, until every shape of the sizes asked for (--to, default the store's largest
complete size) is done: the re-test of a long sweep ends a few minutes after the sweep.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from endnim.errors import EndNimError
from endnim.graphs.findings import (
    branch_value,
    leg_value,
    low_leg,
    nim_sum,
)
from endnim.sweep.trees import open_tree_sweep, tree_shapes

Edges = tuple[tuple[int, int], ...]
RULES = (
    "finding_9",
    "finding_10_spider",
    "finding_10_caterpillar",
    "finding_10_tree",
    "finding_11",
    "finding_12",
    "finding_13",
    "finding_15",
    "finding_15_every_vertex",
)


def kind(labels: Sequence[int], edges: Sequence[tuple[int, int]]) -> str:
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


class Shape:
    """What a shape's labellings share: degrees, its kind, a spider's legs, a path's order."""

    def __init__(self, n: int, edges: Edges) -> None:
        self.n, self.edges = n, edges
        adjacency: list[list[int]] = [[] for _ in range(n)]
        for u, v in edges:
            adjacency[u].append(v)
            adjacency[v].append(u)
        self.degree = [len(a) for a in adjacency]
        self.branching = [v for v in range(n) if self.degree[v] >= 3]
        self.degree_two = [v for v in range(n) if self.degree[v] == 2]
        self.kind = kind([0] * n, edges)
        self.legs: list[list[int]] = []
        self.path: list[int] = []
        if len(self.branching) == 1:
            centre = self.branching[0]
            for first in adjacency[centre]:
                leg, previous, here = [first], centre, first
                while self.degree[here] == 2:
                    here, previous = next(w for w in adjacency[here] if w != previous), here
                    leg.append(here)
                self.legs.append(leg)
        elif not self.branching and n >= 3:
            end = next(v for v in range(n) if self.degree[v] == 1)
            self.path, previous = [end], -1
            while len(self.path) < n:
                here = self.path[-1]
                step = next(w for w in adjacency[here] if w != previous)
                self.path.append(step)
                previous = here


@cache
def leg_value_of(leg: tuple[int, ...]) -> int:
    return leg_value(leg)


@cache
def value_of(branch: Any) -> int:
    return branch_value(branch)


def parse_labels(text: str) -> tuple[int, ...]:
    """The stored labels ("[1, 3, 2]"); one-digit labels are read by position (fast).

    >>> parse_labels("[1, 3, 2]"), parse_labels("[12, 3]")
    ((1, 3, 2), (12, 3))
    """
    digits = text[1::3]
    if len(text) == 3 * len(digits) and digits.isdigit():
        return tuple(map(int, digits))
    return tuple(json.loads(text))


class Hanging:
    """The branches of one labelled tree, each directed edge (v, w) giving the branch rooted
    at w hanging from v, computed once: its canonical tuple (children sorted), whether it has
    a label other than 1 (Finding 10's special branch), and its smallest and largest label."""

    def __init__(self, labels: tuple[int, ...], adjacency: list[list[int]]) -> None:
        self.labels, self.adjacency = labels, adjacency
        self.memo: dict[tuple[int, int], tuple[Any, int, int]] = {}

    def get(self, v: int, w: int) -> tuple[Any, int, int]:
        found = self.memo.get((v, w))
        if found is None:
            label = self.labels[w]
            parts = [self.get(w, x) for x in self.adjacency[w] if x != v]
            low = min([label, *(p[1] for p in parts)])
            high = max([label, *(p[2] for p in parts)])
            found = ((label, tuple(sorted(p[0] for p in parts))), low, high)
            self.memo[(v, w)] = found
        return found


def test_shape(
    n: int, shape: int, rows: Iterator[tuple[str, str, str, int]], every_vertex: bool = True
) -> dict[str, Any]:
    """The counts of one shape's trees: ``rows`` are (notation, labels, edges, value); Finding
    15 at every vertex it applies at unless ``every_vertex`` is false (then the first only)."""
    result: dict[str, Any] = {"vertices": n, "shape": shape, "trees": 0, "p_positions": 0}
    result["max_value"] = 0
    counts = {rule: [0, 0] for rule in RULES}  # applies, holds
    first: dict[str, dict[str, Any]] = {}
    geometry: Shape | None = None
    adjacency: list[list[int]] = []

    def tally(rule: str, predicted: bool, p: bool, notation: str, value: int, **more: Any) -> None:
        counts[rule][0] += 1
        if predicted == p:
            counts[rule][1] += 1
        elif rule not in first:
            first[rule] = {"tree": notation, "value": value, **more}

    for notation, label_text, edge_text, value in rows:
        if geometry is None:
            edges = tuple((int(u), int(v)) for u, v in json.loads(edge_text))
            geometry = Shape(n, edges)
            adjacency = [[] for _ in range(n)]
            for u, v in edges:
                adjacency[u].append(v)
                adjacency[v].append(u)
        labels = parse_labels(label_text)
        p = value == 0
        result["trees"] += 1
        result["p_positions"] += p
        result["max_value"] = max(result["max_value"], value)
        tally("finding_11", nim_sum(labels) == 0, p, notation, value)
        if geometry.path:
            order = [labels[v] for v in geometry.path]
            for i in range(1, n - 1):
                left, right, centre = order[i - 1 :: -1], order[i + 1 :], order[i]
                if not (low_leg(centre, left) or low_leg(centre, right)):
                    rule = leg_value_of(tuple(left)) == leg_value_of(tuple(right))
                    tally("finding_12", rule, p, notation, value, centre=i)
        if geometry.legs:
            centre = labels[geometry.branching[0]]
            legs = [tuple(labels[v] for v in leg) for leg in geometry.legs]
            if centre == 1 and sum(any(x != 1 for x in leg) for leg in legs) >= 2:
                xor = nim_sum([leg_value_of(leg) for leg in legs]) == 0
                tally("finding_9", xor, p, notation, value)
            if centre in (2, 3) and not any(low_leg(centre, leg) for leg in legs):
                xor = nim_sum([leg_value_of(leg) for leg in legs]) == 0
                tally("finding_13", xor, p, notation, value)
        if any(labels[v] != 1 for v in geometry.branching):
            continue
        hanging = Hanging(labels, adjacency)
        for vertex in range(n):  # Finding 10: the first vertex labelled 1 it applies at
            if labels[vertex] != 1:
                continue
            found = [hanging.get(vertex, w) for w in adjacency[vertex]]
            if sum(high > 1 for _b, _low, high in found) >= 2:
                rule = nim_sum([value_of(b) for b, _low, _high in found]) == 0
                tally(f"finding_10_{geometry.kind}", rule, p, notation, value)
                break
        applied = False
        for vertex in geometry.degree_two:  # Finding 15: the first such vertex, and every one
            c = labels[vertex]
            (left, llo, lhi), (right, rlo, rhi) = (
                hanging.get(vertex, w) for w in adjacency[vertex]
            )
            if (llo == lhi and lhi <= c) or (rlo == rhi and rhi <= c):
                continue
            rule = value_of(left) == value_of(right)
            if not applied:
                tally("finding_15", rule, p, notation, value)
                applied = True
            if not every_vertex:
                break
            tally("finding_15_every_vertex", rule, p, notation, value, vertex=vertex)
    result["rules"] = {
        rule: {"applies": a, "holds": h, "first_counterexample": first.get(rule)}
        for rule, (a, h) in counts.items()
    }
    return result


def new_shapes(
    store: Any, after: int, limit: int, sizes: range, part: int = 0, parts: int = 1
) -> Iterator[tuple[int, tuple[int, int], list[Any]]]:
    """The shapes whose trees were stored after the row ``after`` (in the order the sweep
    wrote them: one transaction per shape, so a shape's rows are together), each as (last
    row, shape key, rows in notation order), checked against its digest; at most ``limit``
    rows are read (the shape read last is whole)."""
    with store.reading():
        records = store.shape_records()
        cursor = store.connection.execute(
            "SELECT rowid, vertices, shape, notation, labels, edges, beans, grundy FROM trees "
            "WHERE rowid > ? AND vertices BETWEEN ? AND ? AND shape % ? = ? ORDER BY rowid",
            (after, sizes[0], sizes[-1], parts, part),
        )
        key: tuple[int, int] | None = None
        rows: list[tuple[str, str, str, int, int]] = []
        last = after
        for read, (rowid, n, shape, notation, labels, edges, beans, grundy) in enumerate(cursor):
            if (n, shape) != key:
                if key is not None:
                    yield last, key, sorted(rows)
                    if read >= limit:
                        return
                key, rows = (int(n), int(shape)), []
            rows.append((notation, labels, edges, int(beans), int(grundy)))
            last = int(rowid)
        if key is not None and key in records and len(rows) == records[key]:
            yield last, key, sorted(rows)


def checked(store: Any, key: tuple[int, int], rows: list[Any]) -> list[Any]:
    """The rows, checked against the shape's digest. A sweep still writing commits a shape's
    trees a moment before its digest file: a missing digest is waited for (a minute at most)."""
    n, shape = key
    for _attempt in range(30):
        with store.reading():
            recorded = store.shape_records().get(key)
        problem = store.shape_problem(n, shape, rows, recorded)
        if problem is None:
            return rows
        if "digest" not in problem:
            break
        time.sleep(2)
    raise EndNimError(f"{store.root}: {problem}")


def open_store(path: str, follow: bool, trust_file: bool = False) -> Any:
    """The store; while a sweep writes it, a shape's record may be a moment ahead of its
    digest, so a follower tries again. ``trust_file`` skips the whole file's SQLite
    ``quick_check`` (minutes on tens of GB; every shape read is still checked against its
    digest)."""
    if trust_file:
        from endnim.sweep.trees import TreeStore

        root = Path(path)
        return TreeStore(root, TreeStore.connect_or_refuse(root))
    for attempt in range(30):
        try:
            return open_tree_sweep(path)
        except EndNimError:
            if not follow or attempt == 29:
                raise
            time.sleep(2)
    raise AssertionError("unreachable")


def top_row(store: Any) -> int:
    with store.reading():
        found = store.connection.execute("SELECT MAX(rowid) FROM trees").fetchone()[0]
    return int(found or 0)


def read_cache(path: Path | None) -> dict[tuple[int, int], dict[str, Any]]:
    found: dict[tuple[int, int], dict[str, Any]] = {}
    if path is not None and path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                entry = json.loads(line)
                found[(entry["vertices"], entry["shape"])] = entry
    return found


def combine(n: int, shapes: list[dict[str, Any]]) -> dict[str, Any]:
    """One size's counts from its shapes' (the first counterexample: in the store's order)."""
    size: dict[str, Any] = {"vertices": n, "trees": 0, "p_positions": 0, "max_value": 0}
    rules: dict[str, dict[str, Any]] = {
        r: {"applies": 0, "holds": 0, "first_counterexample": None} for r in RULES
    }
    for entry in sorted(shapes, key=lambda e: int(e["shape"])):
        size["trees"] += entry["trees"]
        size["p_positions"] += entry["p_positions"]
        size["max_value"] = max(size["max_value"], entry["max_value"])
        for rule, found in entry["rules"].items():
            rules[rule]["applies"] += found["applies"]
            rules[rule]["holds"] += found["holds"]
            if rules[rule]["first_counterexample"] is None:
                rules[rule]["first_counterexample"] = found["first_counterexample"]
    size["rules"] = rules
    return size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("store")
    parser.add_argument("--from", dest="first", type=int, default=1, help="smallest size")
    parser.add_argument("--to", dest="last", type=int, default=None, help="largest size")
    parser.add_argument("--out", default=None, help="the JSON file (default: stdout only)")
    parser.add_argument(
        "--cache",
        type=Path,
        action="append",
        help="per-shape counts (JSON lines; written to the "
        "first, read from all: the parts of a re-test split by --part)",
    )
    parser.add_argument(
        "--max-label", type=int, default=None, help="with --to: merge complete caches unopened"
    )
    parser.add_argument(
        "--partial", action="store_true", help="write the counts of the shapes done so far"
    )
    parser.add_argument(
        "--part", default="0/1", help="K/M: only the shapes whose number is K mod M"
    )
    parser.add_argument(
        "--first-vertex-only", action="store_true", help="Finding 15 at the first vertex only"
    )
    parser.add_argument("--follow", action="store_true", help="wait for a sweep still writing")
    parser.add_argument(
        "--trust-file", action="store_true", help="skip the whole file's quick_check"
    )
    args = parser.parse_args(argv)
    started = time.process_time()
    caches: list[Path] = args.cache or []
    cached: dict[tuple[int, int], dict[str, Any]] = {}
    for path in caches:
        cached.update(read_cache(path))
    part, parts = map(int, args.part.split("/"))
    if args.last is not None and args.max_label is not None:
        sizes = range(args.first, args.last + 1)
        wanted = {(n, s) for n in sizes for s in range(len(tree_shapes(n))) if s % parts == part}
        if wanted <= set(cached) or args.partial:  # merge the caches only
            write_result(args, cached, sizes, args.max_label, started)
            return 0
    store = open_store(args.store, args.follow, args.trust_file)
    try:
        max_label = store.max_label
        last = args.last if args.last is not None else store.max_vertices
        sizes = range(args.first, last + 1)
        wanted = {(n, s) for n in sizes for s in range(len(tree_shapes(n))) if s % parts == part}
        mine = [e for k, e in cached.items() if k[1] % parts == part]
        position = max((int(e.get("row", 0)) for e in mine), default=0)
        while True:
            progressed = beyond = False
            for row_end, key, rows in new_shapes(store, position, 2_000_000, sizes, part, parts):
                progressed = True
                position = row_end
                if key[0] > sizes[-1]:
                    beyond = True
                    break
                if key[0] not in sizes or key in cached or key[1] % parts != part:
                    continue
                checked(store, key, rows)
                trees = iter([(t, lb, e, g) for t, lb, e, _b, g in rows])
                entry = test_shape(*key, trees, not args.first_vertex_only)
                entry["row"] = row_end
                if branch_value.cache_info().currsize > 4_000_000:  # bound the memory
                    branch_value.cache_clear()
                    value_of.cache_clear()
                cached[key] = entry
                if caches:
                    with caches[0].open("a") as handle:
                        handle.write(json.dumps(entry) + "\n")
            if wanted <= set(cached) or (not args.follow and (beyond or not progressed)):
                break
            if not progressed:
                if not args.follow:
                    break
                time.sleep(20)
        missing = wanted - set(cached)
        if missing and not args.partial:
            raise EndNimError(f"{len(missing)} shapes of sizes {args.first}..{last} not finished")
    finally:
        store.close()
    write_result(args, cached, sizes, max_label, started)
    return 0


def write_result(
    args: argparse.Namespace,
    cached: dict[tuple[int, int], dict[str, Any]],
    sizes: range,
    max_label: int,
    started: float,
) -> None:
    result = {
        "store": str(args.store),
        "max_vertices": sizes[-1],
        "max_label": max_label,
        "cpu_seconds": round(time.process_time() - started, 1),
        "sizes": [combine(n, [e for k, e in cached.items() if k[0] == n]) for n in sizes],
    }
    for size in result["sizes"]:  # type: ignore[attr-defined]
        size["shapes_tested"] = len([k for k in cached if k[0] == size["vertices"]])
        size["shapes"] = len(tree_shapes(size["vertices"]))
    text = json.dumps(result, indent=1) + "\n"
    if args.out:
        Path(args.out).write_text(text)
    print(text)


if __name__ == "__main__":
    sys.exit(main())
