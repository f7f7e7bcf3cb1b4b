"""Benchmark: the indexed search (issue 22) against the memoised search, on End-Wythoff.

End-Wythoff (examples/variants/end_wythoff.py) has a move of its own kind, so the compiled
engine does not serve it: its tables and sweeps ran by the memoised search and now run by the
indexed search (positions numbered, options as integer arrays, the mex in C; the rule set's
``children`` hook still called once per position, in Python). Every figure is one workload in a
fresh process (start-up and imports excluded), all in the same run:

* ``search · former``: the memoised search on End-Wythoff as the example was before
  (``children`` derived from ``options``: benchmarks/end_wythoff_former.py), the current
  search a user of that file got;
* ``search · example``: the memoised search on the example as shipped (a leaner ``children``);
* ``indexed · example`` and ``indexed · former``: the indexed search on each (the example's
  ``children_batch`` hook used, the former file without it, as before the batch hook);
* ``per-position · example``: the indexed search on the example with its ``children_batch``
  hook ignored (``children`` once per position), to show what the batch hook buys.

Tables are ``endnim table --rules … --middle W --rows 1..R --cols 1..C`` (``value_table``), the
sweep ``endnim sweep -L L -H H`` (``run_sweep``, one worker). Each figure is the best of
``--rounds`` (default 3; 1 for the slowest). The values of every method must agree (else exit
status 1).

Run from the repository root::

    .venv/bin/python benchmarks/generic_bench.py            # full
    .venv/bin/python benchmarks/generic_bench.py --quick    # small sizes

It prints a Markdown report and writes ``benchmarks/generic_results.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path(__file__).with_name("generic_results.json")
RULES = {
    "example": f"{ROOT / 'examples' / 'variants' / 'end_wythoff.py'}:EndWythoff",
    "former": f"{Path(__file__).with_name('end_wythoff_former.py')}:EndWythoffFormer",
}
METHODS = (
    ("search", "former"),
    ("search", "example"),
    ("indexed", "example"),
    ("indexed", "former"),
    ("per-position", "example"),
)
BUDGET = 10**9


def _one(job: dict[str, Any]) -> dict[str, Any]:
    """Run one workload in this process: its seconds and a digest of its values."""
    from unittest import mock

    import endnim.analysis.tables
    import endnim.analyzer
    import endnim.engine
    import endnim.indexed
    import endnim.sweep  # noqa: F401  (imported before the clock starts, for both methods)
    from endnim.variants import load_rules

    rules = load_rules(RULES[job["rules"]])
    patch = mock.patch("endnim.indexed.serves", lambda rules: False)
    if job["method"] == "search":
        patch.start()  # tables and sweeps take the memoised search, as before the indexed one
    if job["method"] == "per-position" or job["rules"] == "former":  # children_batch ignored
        mock.patch("endnim.indexed.closure._batch_expansion", lambda *args: None).start()
    start = time.perf_counter()
    if job["kind"] == "table":
        from endnim.analysis.tables import value_table

        table = value_table(
            rules.name, job["middle"], job["rows"], job["cols"], cells_budget=BUDGET
        )
        seconds = time.perf_counter() - start
        digest = hashlib.sha256(json.dumps(table.values).encode()).hexdigest()[:16]
        return {"seconds": seconds, "digest": digest}
    from endnim.sweep import open_sweep, run_sweep

    with tempfile.TemporaryDirectory() as tmp:
        report = run_sweep(Path(tmp) / "s", rules.name, job["length"], job["pile"], workers=1)
        seconds = time.perf_counter() - start
        with open_sweep(Path(tmp) / "s") as sweep:
            values = [
                [sweep.value(p) for p, _ in sweep.positions(n)] for n in range(1, job["length"] + 1)
            ]
    digest = hashlib.sha256(json.dumps(values).encode()).hexdigest()[:16]
    return {"seconds": seconds, "digest": digest, "positions": report.positions}


def run_one(job: dict[str, Any]) -> dict[str, Any]:
    """One workload in a fresh process (a cold memo, like a command)."""
    done = subprocess.run(
        [sys.executable, __file__, "--one", json.dumps(job)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        raise SystemExit(f"{job}: {done.stderr.strip()[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def workloads(quick: bool) -> list[dict[str, Any]]:
    tables = (
        [("3", 16, 64), ("2 4 1", 16, 64)]
        if quick
        else [
            ("3", 16, 64),
            ("3", 32, 256),
            ("2 4 1", 32, 128),
            ("", 64, 128),
        ]
    )
    sweeps = [(4, 6)] if quick else [(5, 7)]
    jobs = [
        {"kind": "table", "middle": m, "rows": f"1..{r}", "cols": f"1..{c}"} for m, r, c in tables
    ]
    jobs += [{"kind": "sweep", "length": length, "pile": pile} for length, pile in sweeps]
    return jobs


def label(job: dict[str, Any]) -> str:
    if job["kind"] == "table":
        return f"table --middle '{job['middle']}' --rows {job['rows']} --cols {job['cols']}"
    return f"sweep -L {job['length']} -H {job['pile']}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(_one(json.loads(args.one))))
        return 0
    rows: list[dict[str, Any]] = []
    agree = True
    report: dict[str, Any] = {"rows": rows, "rounds": args.rounds, "quick": args.quick}
    for job in workloads(args.quick):
        row: dict[str, Any] = {"workload": label(job)}
        digests = set()
        for method, rules in METHODS:
            times = []
            for _ in range(args.rounds):
                result = run_one({**job, "method": method, "rules": rules})
                times.append(result["seconds"])
                digests.add(result["digest"])
                if "positions" in result:
                    row["positions"] = result["positions"]
                print(
                    f"  {label(job)}: {method} · {rules}: {result['seconds']:.3f} s",
                    file=sys.stderr,
                )
                if result["seconds"] > 20:
                    break  # one round of the slowest is enough
            row[f"{method} · {rules}"] = round(min(times), 4)
        row["agree"] = len(digests) == 1
        agree = agree and row["agree"]
        best = row["indexed · example"]
        row["ratio vs former search"] = round(row["search · former"] / best, 1)
        row["ratio vs search, same file"] = round(row["search · example"] / best, 1)
        row["ratio on the former file"] = round(row["search · former"] / row["indexed · former"], 1)
        row["ratio of the batch hook"] = round(row["per-position · example"] / best, 1)
        rows.append(row)
        report["machine"] = {
            "cpu": platform.processor() or platform.machine(),
            "cores": os.cpu_count(),
            "python": platform.python_version(),
            "date": time.strftime("%Y-%m-%d %H:%M"),
            "load": os.getloadavg()[0],
        }
        RESULTS.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")  # so far
    print("## The indexed search on End-Wythoff (issue 22)\n")
    print(
        "| workload | search · former | search · example | indexed · example | "
        "per-position · example | × vs former search | × same file | × on the former file | "
        "× of the batch hook |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(
            f"| `{row['workload']}` | {row['search · former']:.3f} s | "
            f"{row['search · example']:.3f} s | {row['indexed · example']:.3f} s | "
            f"{row['per-position · example']:.3f} s | "
            f"{row['ratio vs former search']}× | {row['ratio vs search, same file']}× | "
            f"{row['ratio on the former file']}× | {row['ratio of the batch hook']}× |"
        )
    print(f"\nload average {report['machine']['load']:.2f}; values agree: {agree}")
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
