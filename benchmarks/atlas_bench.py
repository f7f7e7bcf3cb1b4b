"""Benchmark: the atlas's pruned periodicity detection against the reference rule.

``row_periodicity`` (endnim.analysis.atlas.periodicity) must give exactly the answer of
``find_periodicity`` (endnim.analysis.periodicity), which tests every period up to a third of
the row. Both run on the same rows in the same process: every row a <= 32 of a fixed sample of
atlas tables (b <= COLS), best of REPEAT CPU times each. The ratio is the figure to read.

Run from the repository root::

    .venv/bin/python benchmarks/atlas_bench.py            # 8 tables, 4096 columns
    .venv/bin/python benchmarks/atlas_bench.py --quick    # 4 tables, 1024 columns

It prints a Markdown table and writes ``benchmarks/atlas_results.json``; it exits with
status 1 if the two rules disagree on any row.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path

RESULTS = Path(__file__).with_name("atlas_results.json")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    tables, cols = (4, 1024) if args.quick else (8, 4096)

    from endnim.analysis.atlas.periodicity import AtlasSpec, row_periodicity
    from endnim.analysis.periodicity import find_periodicity
    from endnim.engine import engine_table

    spec = AtlasSpec.default(cols=cols)
    sample = random.Random(2001).sample(spec.tables(), tables)
    rows = []
    for variant, middle in sample:
        table = engine_table(variant, list(middle), spec.rows, cols)
        rows.extend(table[a, 1:].copy() for a in range(1, spec.rows + 1))
    lists = [row.tolist() for row in rows]

    def timed(function: object, data: list[object]) -> tuple[float, list[object]]:
        best = float("inf")
        found: list[object] = []
        for _ in range(args.repeat):
            start = time.process_time()
            found = [function(row) for row in data]  # type: ignore[operator]
            best = min(best, time.process_time() - start)
        return best, found

    print(f"timing {len(rows)} rows of {cols} columns ...", file=sys.stderr)
    fast, fast_found = timed(row_periodicity, rows)  # type: ignore[arg-type]
    slow, slow_found = timed(find_periodicity, lists)  # type: ignore[arg-type]
    agree = fast_found == slow_found
    report = {
        "machine": {
            "cpu": platform.processor() or platform.machine(),
            "cores": os.cpu_count(),
            "python": platform.python_version(),
            "date": time.strftime("%Y-%m-%d %H:%M:%S"),
            "load": os.getloadavg(),
        },
        "tables": [[v, list(w)] for v, w in sample],
        "rows": len(rows),
        "columns": cols,
        "reference_find_periodicity_s": round(slow, 4),
        "atlas_row_periodicity_s": round(fast, 4),
        "ratio": round(slow / fast, 1) if fast else None,
        "agree": agree,
    }
    RESULTS.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print("| rows × columns | find_periodicity (reference) | row_periodicity (atlas) | ratio |")
    print("|---|---|---|---|")
    print(f"| {len(rows)} × {cols} | {slow:.3f} s | {fast:.3f} s | {report['ratio']}× |")
    if not agree:
        print("the two rules disagree: the timings mean nothing", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
