"""Benchmark: the graph games' shortcuts (canonical keys, independent parts) against the plain
memoised search on the same positions, measured in the same run (issue 11, "Speed").

Cases:

* **trees**: every labelled tree with <= 8 vertices and labels 1..3, one per isomorphism class
  (networkx's ``nonisomorphic_trees``, labellings deduplicated by the AHU key), all solved in
  one shared memo: plain search (memo keyed by the position) against AHU keys;
* **stars**: every star with 6 leaves and labels 1..4 up to isomorphism (the centre's label and
  the multiset of the leaves'), one shared memo, plain against AHU keys;
* **grids**: 4x5 warehouse grids (``depot``, 20 interior vertices, empty border), labels drawn
  uniformly from 0..3 by ``random.Random(seed)``: the first four seeds whose Π(label+1) (the
  plain search's state count) is at most 3·10^5, so that the plain search finishes, and seed
  11, a typical unfiltered draw (one group of 13 vertices, 1.6·10^6 plain states: only
  "both" by default; ``--big`` adds the plain search, about 2 CPU-minutes and 800 MB);
  plain search against canonical keys, decomposition (PartsSolver with the position as key)
  and both; each position solved from a fresh memo;
* **partizan**: a few ``depot-partizan`` positions, plain against bliss keys (fresh memo each).

Times are CPU seconds of the benchmark's own process (``time.process_time``), so that other
work on a shared machine counts less. Every method must give the same values (Grundy values;
outcomes for depot-partizan), else the run fails (exit 1). Run from the repository root::

    .venv/bin/python benchmarks/graph_bench.py            # about 2 CPU-minutes
    .venv/bin/python benchmarks/graph_bench.py --quick    # smaller cases, about 10 s
    .venv/bin/python benchmarks/graph_bench.py --big      # + plain search of grid seed 11

It prints a Markdown report and writes ``benchmarks/graph_results.json``.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import math
import os
import platform
import random
import sys
import time
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the plain rule sets live with the tests

import networkx as nx  # noqa: E402
from graphs.plain import PlainDepot, PlainDepotPartizan, PlainTree  # noqa: E402

from endnim.graphs import Depot, DepotPartizan, Graph, Tree  # noqa: E402
from endnim.graphs.canonical import forest_key  # noqa: E402
from endnim.graphs.compiled import TreeEngine  # noqa: E402
from endnim.parts import PartsSolver  # noqa: E402
from endnim.search import Solver  # noqa: E402

RESULTS = Path(__file__).with_name("graph_results.json")
BIG = 10**12
BIG_SEED = 11


class DepotPartsOnly(Depot):
    """``depot`` split into groups, each part keyed by the position itself (no isomorphism)."""

    name = "bench-depot-parts-only"

    def canonical_key(self, position: Graph) -> Hashable:
        return position


# --------------------------------------------------------------------------- positions
def labelled_trees(max_order: int, max_label: int) -> list[Graph]:
    """One labelled tree per isomorphism class: vertices <= max_order, labels 1..max_label."""
    found: list[Graph] = []
    for n in range(1, max_order + 1):
        shapes = [nx.empty_graph(1)] if n == 1 else list(nx.nonisomorphic_trees(n))
        for shape in shapes:
            edges = [(min(u, v), max(u, v)) for u, v in shape.edges()]
            seen: set[Hashable] = set()
            for labels in itertools.product(range(1, max_label + 1), repeat=n):
                key = forest_key(labels, edges)
                if key not in seen:
                    seen.add(key)
                    found.append(Graph.build(labels, edges))
    return found


def stars(leaves: int, max_label: int) -> list[Graph]:
    """Every star with ``leaves`` leaves and labels 1..max_label, up to isomorphism."""
    edges = [(0, i) for i in range(1, leaves + 1)]
    return [
        Graph.build([centre, *multiset], edges)
        for centre in range(1, max_label + 1)
        for multiset in itertools.combinations_with_replacement(range(1, max_label + 1), leaves)
    ]


def spider(legs: int, length: int, label: int) -> Graph:
    """A centre with ``legs`` paths of ``length`` vertices, every label ``label``."""
    labels, edges = [label], []
    for _ in range(legs):
        previous = 0
        for _ in range(length):
            labels.append(label)
            edges.append((previous, len(labels) - 1))
            previous = len(labels) - 1
    return Graph.build(labels, edges)


def grid(rows: int, columns: int, interior: Sequence[int]) -> Graph:
    """The warehouse: an (rows+2) x (columns+2) grid, empty border, ``interior`` row by row."""
    return Depot().parse_position(f"grid {rows}x{columns}: " + " ".join(map(str, interior)))


def states_bound(position: Graph) -> int:
    """Π (label + 1): label vectors below the position (an upper bound on plain states)."""
    return math.prod(x + 1 for x in position.labels)


def grid_cases(
    count: int, bound: int, rows: int = 4, columns: int = 5
) -> tuple[list[tuple[int, Graph]], int]:
    """The first ``count`` seeds whose uniform 0..3 labelling has Π(label+1) <= bound, and how
    many seeds were skipped for exceeding it."""
    chosen: list[tuple[int, Graph]] = []
    skipped = 0
    seed = 0
    while len(chosen) < count:
        rng = random.Random(seed)
        interior = [rng.randint(0, 3) for _ in range(rows * columns)]
        position = grid(rows, columns, interior)
        if states_bound(position) <= bound:
            chosen.append((seed, position))
        else:
            skipped += 1
        seed += 1
    return chosen, skipped


# --------------------------------------------------------------------------- timing
def timed(work: Callable[[], Any]) -> tuple[float, Any]:
    """CPU seconds of this process (the machine is shared: wall time would count the others'
    work too), and the result."""
    gc.collect()
    start = time.process_time()
    result = work()
    return time.process_time() - start, result


def solve_all(solver: Solver, positions: Sequence[Graph]) -> list[int]:
    return [solver.impartial_value(p).grundy for p in positions]


def parts_all(solver: PartsSolver | TreeEngine, positions: Sequence[Graph]) -> list[int]:
    if isinstance(solver, TreeEngine):  # value and remoteness, as the Solver's methods find
        return [value.grundy for p in positions if (value := solver.value(p)) is not None]
    return [solver.grundy(p) for p in positions]


def shared(label: str, positions: Sequence[Graph], methods: dict[str, Any]) -> dict[str, Any]:
    """Solve every position with each method, one shared memo per method."""
    rows: dict[str, Any] = {}
    reference: list[int] | None = None
    for name, make in methods.items():
        solver = make()
        print(f"  {label}: {name} ...", file=sys.stderr, flush=True)
        seconds, values = timed(
            lambda s=solver: (
                solve_all(s, positions) if isinstance(s, Solver) else parts_all(s, positions)
            )
        )
        states = solver.cached_states() if isinstance(solver, Solver) else len(solver.memo)
        rows[name] = {"seconds": seconds, "states": states}
        print(f"    {seconds:.2f} s, {states:,} states", file=sys.stderr, flush=True)
        if reference is None:
            reference = values
        elif values != reference:
            raise SystemExit(f"{label}: {name} disagrees with {next(iter(methods))}")
        del solver
    return rows


def per_position(
    label: str,
    positions: Sequence[tuple[str, Graph]],
    methods: dict[str, Any],
    only: dict[str, Sequence[str]] | None = None,
) -> list[dict[str, Any]]:
    """Solve each position from a fresh memo with each method (``only``: the methods run on
    some positions)."""
    out = []
    for name_of_position, position in positions:
        rows: dict[str, Any] = {}
        reference = None
        for name, (make, solve, size) in methods.items():
            if only and name_of_position in only and name not in only[name_of_position]:
                continue
            solver = make()
            seconds, value = timed(lambda s=solver, f=solve, p=position: f(s, p))
            rows[name] = {"seconds": seconds, "states": size(solver)}
            print(
                f"  {label} {name_of_position}: {name} {seconds:.3f} s, {size(solver):,} states",
                file=sys.stderr,
                flush=True,
            )
            if reference is None:
                reference = value
            elif value != reference:
                raise SystemExit(f"{label} {name_of_position}: {name} disagrees")
            del solver
        out.append({"position": name_of_position, "value": str(reference), "methods": rows})
    return out


def impartial(rules: Any) -> tuple[Any, Any, Any]:
    return (
        lambda: Solver(rules, budget=BIG, max_cache=BIG),
        lambda s, p: s.impartial_value(p).grundy,
        lambda s: s.cached_states(),
    )


def by_parts(rules: Any) -> tuple[Any, Any, Any]:
    return (
        lambda: PartsSolver(rules, budget=BIG),
        lambda s, p: s.grundy(p),
        lambda s: len(s.memo),
    )


def partizan(rules: Any) -> tuple[Any, Any, Any]:
    return (
        lambda: Solver(rules, budget=BIG, max_cache=BIG),
        lambda s, p: s.partizan_value(p).outcome,
        lambda s: s.cached_states(),
    )


# --------------------------------------------------------------------------- cases
def partizan_positions(quick: bool) -> list[tuple[str, Graph]]:
    game = DepotPartizan()
    texts = [
        ("partizan End-Nim 3 2 3 2 3", "3 2 3 2 3"),
        ("grid 3x3 of 2s (all G, border homes)", "grid 3x3: 2 2 2 2 2 2 2 2 2"),
        ("cycle: 0 2 2 2 2 2 2 (all G)", "cycle: 0 2 2 2 2 2 2"),
    ]
    if not quick:
        texts.append(("grid 3x4 of 1..2", "grid 3x4: 1 2 1 2 2 1 1 2 1 2 2 1"))
    out = [(name, game.parse_position(text)) for name, text in texts]
    # a star of 6 coloured spokes around a home: Left's, Right's and green ones, labels 2
    spokes = 6
    labels = [0] + [2] * spokes + [1] * spokes
    edges = [(0, i) for i in range(1, spokes + 1)]
    edges += [(i, i + spokes) for i in range(1, spokes + 1)]
    colours = ["L", "L", "R", "R", "G", "G"] + ["G"] * spokes
    out.append(
        (
            "home with 6 spokes 2-1 (L, L, R, R, G, G)",
            game.coerce_position(
                {"labels": labels, "edges": edges, "colours": colours, "homes": [0]}
            ),
        )
    )
    return out


def ratio(rows: dict[str, Any], base: str, other: str, what: str = "seconds") -> str:
    if base not in rows:
        return "-"
    return f"{float(rows[base][what]) / max(float(rows[other][what]), 1e-9):,.1f}x"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller cases (about a minute)")
    parser.add_argument("--output", type=Path, default=RESULTS)
    parser.add_argument(
        "--big",
        action="store_true",
        help="also the plain search of grid seed 11 (~2 CPU-minutes, 800 MB)",
    )
    args = parser.parse_args(argv)
    quick = args.quick
    results: dict[str, Any] = {
        "machine": {
            "cpu": platform.processor() or platform.machine(),
            "cores": os.cpu_count(),
            "python": platform.python_version(),
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "load": os.getloadavg()[0],
        },
        "quick": quick,
    }
    tree, depot = Tree(), Depot()
    import igraph  # noqa: F401  (imported before any timing: bliss keys load it on first use)

    # a. labelled trees
    order, top = (6, 3) if quick else (8, 3)
    trees = labelled_trees(order, top)
    print(
        f"trees: {len(trees):,} labelled trees, <= {order} vertices, labels <= {top}",
        file=sys.stderr,
    )
    rows = shared(
        "trees",
        trees,
        {
            "plain": lambda: Solver(PlainTree(), budget=BIG, max_cache=BIG),
            "AHU keys": lambda: Solver(tree, budget=BIG, max_cache=BIG),
            "parts (Python)": lambda: PartsSolver(tree, budget=BIG),
            "compiled": lambda: TreeEngine(budget=BIG),
        },
    )
    results["trees"] = {
        "max_order": order,
        "max_label": top,
        "positions": len(trees),
        "methods": rows,
    }

    # b. stars
    leaves, top = (6, 3) if quick else (6, 4)
    star_list = stars(leaves, top)
    rows = shared(
        "stars",
        star_list,
        {
            "plain": lambda: Solver(PlainTree(), budget=BIG, max_cache=BIG),
            "AHU keys": lambda: Solver(tree, budget=BIG, max_cache=BIG),
            "parts (Python)": lambda: PartsSolver(tree, budget=BIG),
            "compiled": lambda: TreeEngine(budget=BIG),
        },
    )
    results["stars"] = {
        "leaves": leaves,
        "max_label": top,
        "positions": len(star_list),
        "methods": rows,
    }

    # b2. spiders of 40 vertices (labels 3): Python search by parts against compiled
    legs = [(3, 13)] if quick else [(3, 13), (4, 9)]
    results["spiders"] = per_position(
        "spiders",
        [(f"{k} legs of {n}, labels 3", spider(k, n, 3)) for k, n in legs],
        {
            "parts (Python)": by_parts(tree),
            "compiled": (
                lambda: TreeEngine(budget=BIG),
                lambda s, p: s.grundy(p),
                lambda s: len(s.memo),
            ),
        },
    )

    # c. grids
    count, bound = (2, 2 * 10**4) if quick else (4, 3 * 10**5)
    chosen, skipped = grid_cases(count, bound)
    only: dict[str, Sequence[str]] = {}
    if not quick:
        # A typical unfiltered draw: seed 11 is the first seed whose labels form one group
        # (13 vertices) small enough for a plain search (Π(label+1) = 1.57e6; earlier
        # one-group draws have 4.5e6-3.6e7), so the decomposition does not apply at the root.
        # Its plain search takes about 2 CPU-minutes and 800 MB: only --big runs it.
        rng = random.Random(BIG_SEED)
        chosen.append((BIG_SEED, grid(4, 5, [rng.randint(0, 3) for _ in range(20)])))
        only[f"seed {BIG_SEED}"] = ("plain", "both") if args.big else ("both",)
    full = grid(4, 5, [3] * 20)
    results["grids"] = {
        "rows": 4,
        "columns": 5,
        "bound": bound,
        "skipped_seeds": skipped,
        "full_grid_of_3s_bound": states_bound(full),
        "cases": per_position(
            "grid",
            [(f"seed {seed}", position) for seed, position in chosen],
            {
                "plain": impartial(PlainDepot()),
                "canonical keys": impartial(depot),
                "decomposition": by_parts(DepotPartsOnly()),
                "both": by_parts(depot),
            },
            only,
        ),
    }
    for case, (_, position) in zip(results["grids"]["cases"], chosen, strict=True):
        case["interior"] = _interior(position)
        case["states_bound"] = states_bound(position)

    # d. depot-partizan
    results["partizan"] = per_position(
        "partizan",
        partizan_positions(quick),
        {"plain": partizan(PlainDepotPartizan()), "bliss keys": partizan(DepotPartizan())},
    )

    args.output.write_text(json.dumps(results, indent=2) + "\n")
    print(report(results))
    return 0


def _interior(position: Graph) -> list[int]:
    """The 4x5 interior of a parsed grid (the notation numbers the interior first, row by
    row, then the border)."""
    return list(position.labels[:20])


def _fmt(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def report(results: dict[str, Any]) -> str:
    lines = [f"Machine: {results['machine']}", ""]
    for case in ("trees", "stars"):
        data = results[case]
        rows = data["methods"]
        lines.append(f"### {case}: {data['positions']:,} positions, one shared memo")
        lines.append("")
        lines.append("| method | CPU time | states | time ratio | state ratio |")
        lines.append("|---|---:|---:|---:|---:|")
        for name, row in rows.items():
            lines.append(
                f"| {name} | {_fmt(row['seconds'])} | {row['states']:,} | "
                f"{ratio(rows, 'plain', name)} | "
                f"{ratio(rows, 'plain', name, 'states')} |"
            )
        lines.append("")
    lines.append("### spiders of 40 vertices, labels 3, fresh memo per position")
    lines.append("")
    lines.append("| position | Grundy | method | CPU time | states | vs Python parts (time) |")
    lines.append("|---|---:|---|---:|---:|---:|")
    for case in results["spiders"]:
        rows = case["methods"]
        for name, row in rows.items():
            lines.append(
                f"| {case['position']} | {case['value']} | {name} | {_fmt(row['seconds'])} | "
                f"{row['states']:,} | {ratio(rows, 'parts (Python)', name)} |"
            )
    lines.append("")
    data = results["grids"]
    lines.append(
        f"### grids 4x5, labels uniform on 0..3, seeds with Π(label+1) <= {data['bound']:,} "
        f"({data['skipped_seeds']} seeds skipped); full grid of 3s: "
        f"{data['full_grid_of_3s_bound']:.2e} label vectors"
    )
    lines.append("")
    lines.append(
        "| seed | Π(l+1) | method | CPU time | states | vs plain (time) | vs plain (states) |"
    )
    lines.append("|---|---:|---|---:|---:|---:|---:|")
    for case in data["cases"]:
        rows = case["methods"]
        for name, row in rows.items():
            lines.append(
                f"| {case['position']} | {case['states_bound']:,} | {name} | "
                f"{_fmt(row['seconds'])} | {row['states']:,} | {ratio(rows, 'plain', name)} "
                f"| {ratio(rows, 'plain', name, 'states')} |"
            )
    lines.append("")
    lines.append("### depot-partizan, fresh memo per position")
    lines.append("")
    lines.append("| position | outcome | method | CPU time | states | vs plain (time) | (states) |")
    lines.append("|---|---|---|---:|---:|---:|---:|")
    for case in results["partizan"]:
        rows = case["methods"]
        for name, row in rows.items():
            lines.append(
                f"| {case['position']} | {case['value']} | {name} | {_fmt(row['seconds'])} | "
                f"{row['states']:,} | {ratio(rows, 'plain', name)} | "
                f"{ratio(rows, 'plain', name, 'states')} |"
            )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
