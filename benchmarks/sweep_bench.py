"""Sweep throughput: positions per second (and per core) for End-Nim and Muller sweeps, against
the engine's plain ``solve_layer`` measured in the same run, and the headline sweep (every
Muller position of length <= 8 with piles <= 12) with its time and peak memory.

Each measurement runs in a fresh child process, so that its peak resident memory and CPU time
are its own; positions per CPU-second is the per-core rate that survives a machine shared with
other jobs (wall-clock rates do not).
The sweep writes to a temporary store (removed afterwards), fsync included; ``solve_layer``
keeps everything in memory and stores nothing, once per length 1..L (what one would run to
get every value without the sweep).

Usage: python benchmarks/sweep_bench.py [--quick] [--no-goal]
Prints a Markdown table and writes benchmarks/sweep_results.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

CHILD = r"""
import json, resource, sys, time
kind, variant, max_length, max_pile, workers, out = sys.argv[1:7]
max_length, max_pile, workers = int(max_length), int(max_pile), int(workers)
from endnim.engine import solve_layer
from endnim.sweep.runner import run_sweep
from endnim.variants import get_variant
rules = get_variant(variant)
before = resource.getrusage(resource.RUSAGE_SELF)
cpu_before = before.ru_utime + before.ru_stime
started = time.perf_counter()
if kind == "solve_layer":
    for length in range(1, max_length + 1):
        solve_layer(rules, length, max_pile, threads=workers, bytes_budget=20 * 2**30)
else:
    run_sweep(out, variant, max_length, max_pile, workers=workers)
seconds = time.perf_counter() - started
usage = resource.getrusage(resource.RUSAGE_SELF)
cpu = usage.ru_utime + usage.ru_stime - cpu_before
peak = usage.ru_maxrss * 1024
print(json.dumps({"seconds": seconds, "cpu_seconds": cpu, "peak_rss_bytes": peak}))
"""


def measure(
    kind: str, variant: str, max_length: int, max_pile: int, workers: int
) -> dict[str, Any]:
    """One measurement in a child process."""
    with tempfile.TemporaryDirectory(prefix="endnim-sweep-bench-") as folder:
        out = str(Path(folder) / "store")
        done = subprocess.run(
            [
                sys.executable,
                "-c",
                CHILD,
                kind,
                variant,
                str(max_length),
                str(max_pile),
                str(workers),
                out,
            ],
            check=True,
            capture_output=True,
            text=True,
        )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    positions = sum(max_pile**n for n in range(1, max_length + 1))
    rate = positions / result["seconds"]
    return {
        "method": "sweep (stored)" if kind == "sweep" else "solve_layer (in memory)",
        "variant": variant,
        "max_length": max_length,
        "max_pile": max_pile,
        "workers": workers,
        "positions": positions,
        "seconds": round(result["seconds"], 3),
        "positions_per_second": round(rate),
        "positions_per_second_per_core": round(rate / workers),
        "cpu_seconds": round(result["cpu_seconds"], 3),
        "positions_per_cpu_second": round(positions / result["cpu_seconds"]),
        "peak_rss_mib": round(result["peak_rss_bytes"] / 2**20, 1),
    }


def markdown(rows: list[dict[str, Any]]) -> str:
    """The results as a Markdown table."""
    head = (
        "| variant | L | H | method | workers | positions | seconds | positions/s "
        "| per core | CPU s | per CPU s | peak RSS |\n" + "|---" * 12 + "|"
    )
    lines = [head]
    for r in rows:
        lines.append(
            f"| {r['variant']} | {r['max_length']} | {r['max_pile']} | {r['method']} "
            f"| {r['workers']} | {r['positions']:,} | {r['seconds']:.2f} "
            f"| {r['positions_per_second']:,} | {r['positions_per_second_per_core']:,} "
            f"| {r['cpu_seconds']:.2f} | {r['positions_per_cpu_second']:,} "
            f"| {r['peak_rss_mib']:,.0f} MiB |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes only (a smoke run)")
    parser.add_argument("--no-goal", action="store_true", help="skip the Muller L=8, H=12 sweep")
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0))
    load_before = os.getloadavg()[0]
    sizes = (
        [("endnim", 5, 8), ("muller", 5, 8)]
        if args.quick
        else [
            ("endnim", 8, 10),
            ("muller", 8, 10),
        ]
    )
    rows = []
    for variant, max_length, max_pile in sizes:
        for kind in ("solve_layer", "sweep"):
            for workers in sorted({1, cores}):
                rows.append(measure(kind, variant, max_length, max_pile, workers))
                print(f"  measured {rows[-1]}", file=sys.stderr)
    if not args.quick and not args.no_goal:
        rows.append(measure("sweep", "muller", 8, 12, cores))
        print(f"  measured {rows[-1]}", file=sys.stderr)
    table = markdown(rows)
    print(table)
    (HERE / "sweep_results.json").write_text(
        json.dumps(
            {
                "machine": {
                    "cores": cores,
                    "python": platform.python_version(),
                    "platform": platform.platform(),
                    "load_average_before_after": [load_before, os.getloadavg()[0]],
                },
                "results": rows,
            },
            indent=2,
        )
        + "\n"
    )


if __name__ == "__main__":
    main()
