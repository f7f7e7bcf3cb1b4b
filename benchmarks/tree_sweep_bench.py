"""Benchmark: the tree sweep on one worker against two worker processes, in one run (issue 31:
two workers sweep <= 10 vertices with labels <= 3 at least 1.7x faster than one).

Each measurement is a fresh ``endnim sweep -v tree -L 10 -H 3 --json`` process (``--workers 1``:
everything in that process; ``--workers 2``: two worker processes compute the shapes and the
first stores them) writing a new store in a temporary directory (SQLite with fsync, as a real
sweep). The two settings are interleaved round by round, so a burst of other work on a shared
machine hits both alike; the best wall time of each is kept. Reported beside it: the CPU time
of the run and of its worker processes (``RUSAGE_CHILDREN``), and the load average of the
machine before and after each run (on a machine shared with other work, wall-time ratios can
only be read together with the load). Both stores must hold the same trees and digests, else
the run fails (exit 1).

    .venv/bin/python benchmarks/tree_sweep_bench.py            # 10 vertices, 2 rounds
    .venv/bin/python benchmarks/tree_sweep_bench.py --quick    # 9 vertices, 1 round

It prints a Markdown report and writes ``benchmarks/tree_sweep_results.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).with_name("tree_sweep_results.json")
ENDNIM = str(Path(sys.executable).with_name("endnim"))


def store_contents(root: Path) -> tuple[Any, ...]:
    """The trees, the shape records and every shape digest: what must not depend on workers."""
    connection = sqlite3.connect(root / "trees.sqlite")
    try:
        trees = connection.execute("SELECT * FROM trees ORDER BY notation").fetchall()
        shapes = connection.execute(
            "SELECT vertices, shape, trees FROM shapes ORDER BY vertices, shape"
        ).fetchall()
    finally:
        connection.close()
    digests = sorted(
        (str(p.relative_to(root)), json.loads(p.read_text())["sha256"])
        for p in root.glob("shapes/*/*.json")
    )
    return trees, shapes, digests


def one_run(vertices: int, labels: int, workers: int, folder: Path) -> dict[str, Any]:
    """One sweep in a fresh process: wall time, CPU time (with its worker processes), load."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    load_before = os.getloadavg()
    started = time.perf_counter()
    done = subprocess.run(
        [
            ENDNIM,
            "sweep",
            "-v",
            "tree",
            "-L",
            str(vertices),
            "-H",
            str(labels),
            "--out",
            str(folder),
            "--workers",
            str(workers),
            "--json",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"the sweep failed: {done.stderr.strip()}")
    summary = json.loads(done.stdout.splitlines()[-1])
    return {
        "workers": workers,
        "wall_seconds": round(wall, 3),
        "cpu_seconds": round(
            (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), 3
        ),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "trees": summary["trees"],
        "shapes": summary["computed_shapes"],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="9 vertices, one round")
    parser.add_argument("--rounds", type=int, default=None, help="rounds (default 2; quick 1)")
    parser.add_argument("--vertices", type=int, default=None, help="default 10 (quick 9)")
    parser.add_argument("--labels", type=int, default=3)
    args = parser.parse_args(argv)
    vertices = args.vertices or (9 if args.quick else 10)
    rounds = args.rounds or (1 if args.quick else 2)
    runs: list[dict[str, Any]] = []
    ok = True
    with tempfile.TemporaryDirectory(prefix="endnim-tree-bench-") as scratch:
        for round_number in range(rounds):
            contents = {}
            for workers in (1, 2):
                folder = Path(scratch) / f"r{round_number}-w{workers}"
                print(f"round {round_number + 1}: {workers} worker(s) ...", file=sys.stderr)
                run = one_run(vertices, args.labels, workers, folder)
                print(f"  {run}", file=sys.stderr)
                runs.append(run)
                contents[workers] = store_contents(folder)
            if contents[1] != contents[2]:
                ok = False
                print("the two stores differ: the timings mean nothing", file=sys.stderr)
    best = {
        w: min((r for r in runs if r["workers"] == w), key=lambda r: r["wall_seconds"])
        for w in (1, 2)
    }
    results = {
        "case": f"every labelled tree with <= {vertices} vertices and labels <= {args.labels}",
        "rounds": rounds,
        "runs": runs,
        "best": best,
        "speedup_wall": round(best[1]["wall_seconds"] / best[2]["wall_seconds"], 2),
        "cpu_ratio_2_to_1": round(best[2]["cpu_seconds"] / best[1]["cpu_seconds"], 2),
        "stores_identical": ok,
        "machine": {
            "cpu": platform.processor() or platform.machine(),
            "cores": os.cpu_count(),
            "python": platform.python_version(),
            "date": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
        },
    }
    RESULTS.write_text(json.dumps(results, indent=1) + "\n")
    print(f"## Tree sweep: {results['case']} ({best[1]['trees']:,} trees)\n")
    print("| workers | best wall s | its CPU s | load before | load after |")
    print("|---|---|---|---|---|")
    for w in (1, 2):
        b = best[w]
        print(
            f"| {w} | {b['wall_seconds']:.1f} | {b['cpu_seconds']:.1f} | "
            f"{b['load_before'][0]:.2f} | {b['load_after'][0]:.2f} |"
        )
    print(
        f"\nspeed-up of 2 workers (wall): {results['speedup_wall']}x; CPU of 2 workers / 1: "
        f"{results['cpu_ratio_2_to_1']}; stores identical: {ok}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
