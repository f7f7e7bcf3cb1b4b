"""Benchmark: the compiled warehouse search (``endnim.graphs.compiled_depot``) against the Python
search (``endnim.search.Solver`` with the rule sets' canonical keys), in one run (issue 31: at
least 10x).

Cases (seeded, ``random.Random``): ``depot`` on 3x3 and 4x4 warehouse grids (empty border,
interior labels 0..3 and 0..2, draws whose product of label + 1 (the plain state count) is over
300,000 skipped, so that the Python search finishes) and on random graphs G(12, 0.25) with
labels 0..3 (the same bound); ``depot-partizan`` on random graphs G(8, 0.35) with labels 0..3,
random edge colours and homes. Each position is solved from a fresh memo by each method
(nothing carried over), and the methods alternate position by position so that other work on a
shared machine hits both alike. Times are CPU seconds of this process (``time.process_time``).
The values (outcomes) must agree, else the run fails (exit 1).

Then the warehouse sweep (``endnim.sweep.depot_sweep``, ``depot`` on every connected graph of
<= 6 vertices with labels 0..2; ``--quick``: <= 5) on one process and on two worker processes,
one after the other in this run, each into a fresh store: wall time of each and their ratio,
with the load average (a ratio on a loaded machine says little; the stores must be equal).

    .venv/bin/python benchmarks/depot_bench.py            # about a CPU-minute
    .venv/bin/python benchmarks/depot_bench.py --quick

It prints a Markdown report and writes ``benchmarks/depot_results.json``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

import networkx as nx

from endnim.graphs import Depot, DepotPartizan, Graph
from endnim.graphs.compiled_depot import DepotEngine
from endnim.search import Solver
from endnim.sweep.depot_sweep import run_depot_sweep

RESULTS = Path(__file__).with_name("depot_results.json")
DEPOT = Depot()
PARTIZAN = DepotPartizan()


STATES = 300_000
"""The Python search's state bound (the product of label + 1) a position may have, so that it
finishes in seconds: draws above it are skipped."""


def grids(size: int, top: int, count: int, seed: int) -> list[Graph]:
    chance = random.Random(seed)
    found: list[Graph] = []
    while len(found) < count:
        cells = [chance.randint(0, top) for _ in range(size * size)]
        if math.prod(x + 1 for x in cells) <= STATES:
            found.append(DEPOT.parse_position(f"grid {size}x{size}: " + " ".join(map(str, cells))))
    return found


def random_graphs(n: int, p: float, top: int, count: int, seed: int, partizan: bool) -> list[Graph]:
    chance = random.Random(seed)
    found = []
    number = 0
    while len(found) < count:
        number += 1
        graph = nx.gnp_random_graph(n, p, seed=seed * 1000 + number)
        edges = sorted((min(u, v), max(u, v)) for u, v in graph.edges)
        labels = [chance.choice([0, *range(top + 1)]) for _ in range(n)]
        if math.prod(x + 1 for x in labels) > STATES:
            continue
        if partizan:
            colours = [chance.choice("LRG") for _ in edges]
            homes = [v for v, x in enumerate(labels) if x == 0 and chance.random() < 0.6]
            found.append(PARTIZAN.validate(Graph.build(labels, edges, colours, homes)))
        else:
            found.append(Graph.build(labels, edges))
    return found


def measure(name: str, positions: list[Graph], partizan: bool) -> dict[str, Any]:
    python = compiled = 0.0
    for position in positions:
        begun = time.process_time()
        if partizan:
            expected: object = Solver(PARTIZAN, budget=10**9).value(position).outcome
        else:
            value = Solver(DEPOT, budget=10**9).value(position)
            expected = getattr(value, "grundy")  # noqa: B009 - an impartial value
        python += time.process_time() - begun
        begun = time.process_time()
        engine = DepotEngine(budget=10**9)
        found: object = engine.outcome(position) if partizan else engine.grundy(position)
        compiled += time.process_time() - begun
        if found != expected:
            raise SystemExit(f"{name}: compiled {found} != Python {expected} on {position}")
    return {
        "case": name,
        "positions": len(positions),
        "python_cpu_s": round(python, 3),
        "compiled_cpu_s": round(compiled, 3),
        "speedup": round(python / compiled, 1) if compiled else None,
    }


def sweep_ratio(max_vertices: int, max_label: int) -> dict[str, Any]:
    """The depot sweep of graphs on 1 and 2 workers: wall seconds and their ratio."""
    import sqlite3
    import tempfile

    walls = {}
    stored = {}
    with tempfile.TemporaryDirectory() as folder:
        for workers in (1, 2):
            out = Path(folder) / f"w{workers}"
            begun = time.perf_counter()
            run_depot_sweep(out, "depot", "graphs", max_vertices, max_label, workers=workers)
            walls[workers] = time.perf_counter() - begun
            connection = sqlite3.connect(out / "depots.sqlite")
            stored[workers] = connection.execute(
                "SELECT * FROM positions ORDER BY position"
            ).fetchall()
            connection.close()
    if stored[1] != stored[2]:
        raise SystemExit("the sweeps on 1 and 2 workers stored different positions")
    return {
        "case": f"depot sweep, graphs <= {max_vertices} vertices, labels 0..{max_label}",
        "positions": len(stored[1]),
        "wall_s_1_worker": round(walls[1], 2),
        "wall_s_2_workers": round(walls[2], 2),
        "ratio": round(walls[1] / walls[2], 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer, smaller positions")
    args = parser.parse_args(argv)
    count = 3 if args.quick else 10
    cases = [
        ("depot 3x3 grids, labels 0..3", grids(3, 3, count, 1), False),
        ("depot 4x4 grids, labels 0..2", grids(4, 2, count if not args.quick else 2, 2), False),
        ("depot G(12, 0.25), labels 0..3", random_graphs(12, 0.25, 3, count, 3, False), False),
        ("depot-partizan G(8, 0.35), labels 0..3", random_graphs(8, 0.35, 3, count, 4, True), True),
    ]
    load_before = os.getloadavg()
    rows = []
    for name, positions, partizan in cases:
        print(f"{name} ...", file=sys.stderr)
        rows.append(measure(name, positions, partizan))
        print(f"  {rows[-1]}", file=sys.stderr)
    print("depot sweep on 1 and 2 workers ...", file=sys.stderr)
    sweep_load = os.getloadavg()
    sweep = sweep_ratio(5 if args.quick else 6, 2)
    sweep["load_before"] = [round(x, 2) for x in sweep_load]
    print(f"  {sweep}", file=sys.stderr)
    results = {
        "cases": rows,
        "sweep": sweep,
        "machine": {
            "cpu": platform.processor() or platform.machine(),
            "cores": os.cpu_count(),
            "python": platform.python_version(),
            "date": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
            "load_before": [round(x, 2) for x in load_before],
            "load_after": [round(x, 2) for x in os.getloadavg()],
        },
    }
    RESULTS.write_text(json.dumps(results, indent=1) + "\n")
    print("## The compiled warehouse search against the Python search\n")
    print("| case | positions | Python CPU s | compiled CPU s | speed-up |")
    print("|---|---:|---:|---:|---:|")
    for row in rows:
        print(
            f"| {row['case']} | {row['positions']} | {row['python_cpu_s']:.2f} | "
            f"{row['compiled_cpu_s']:.3f} | {row['speedup']}x |"
        )
    print(
        f"\n{sweep['case']}: {sweep['positions']:,} positions, {sweep['wall_s_1_worker']} s on "
        f"1 worker, {sweep['wall_s_2_workers']} s on 2: {sweep['ratio']}x (load average "
        f"{sweep['load_before'][0]} before)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
