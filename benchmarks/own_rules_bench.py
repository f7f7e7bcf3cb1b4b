"""Benchmark: users' own rule sets against the built-in End-Nim, in one run.

Six rule sets on the same workloads, through the public functions (which pick the engine, its
restricted takes, or the exact search, as the command line does):

- the built-in End-Nim;
- capped End-Nim (``examples/variants/capped.py``: ``allows_take`` only, so the engine lists
  the predicate with one call per (pile, size));
- End-Nim with the subtraction set {1, 2, 4} (``examples/variants/subtraction.py``: also a
  vectorised ``allows_take_table``);
- End-Wythoff (``examples/variants/end_wythoff.py``: a move of its own kind, today the search).
- the TOML twins of capped End-Nim and of the subtraction set {1, 2, 4}
  (``examples/variants/capped.toml``, ``subtraction.toml``: rule sets written as data, read in
  this process, their lists built by ``allows_take_lists`` in time proportional to their length).

Workloads: the table of a·3·b (``value_table``, as ``endnim table --middle 3``) at the large
size (64 × 2048) where the slower rule sets allow it and at a size every rule set allows; the
sweep ``run_sweep(-L, -H)`` (as ``endnim sweep``); a small periodicity atlas (``run_atlas``, as
``endnim atlas periodicity --rules``); ``analyze --method engine`` on one row. A
table of a user's rule set is timed cold (a fresh instance: the predicate is listed first) and
warm (the lists known). Each figure is the ratio to the built-in End-Nim measured in this run.

Run from the repository root::

    .venv/bin/python benchmarks/own_rules_bench.py            # tables 64×2048, sweep L6 H10
    .venv/bin/python benchmarks/own_rules_bench.py --quick    # tables 64×512, sweep L5 H8

It prints a Markdown table and writes ``benchmarks/own_rules_results.json``; it exits with
status 1 if two paths disagree where both answer (the tables of the restricted rule sets are
checked cell by cell against the exact search on a corner).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path(__file__).with_name("own_rules_results.json")
RULE_SETS = {
    "endnim": "",
    "capped": "examples/variants/capped.py:CappedEndNim",
    "subtraction-124": "examples/variants/subtraction.py:SubtractionEndNim",
    "end-wythoff": "examples/variants/end_wythoff.py:EndWythoff",
    "capped-toml": "examples/variants/capped.toml",
    "subtraction-124-toml": "examples/variants/subtraction.toml",
}


def _best(run: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    big_cols, (length, pile) = (512, (5, 8)) if args.quick else (2048, (6, 10))
    small_rows, small_cols = 8, 64
    row = "40 3 60 2 50" if args.quick else "100 3 300 2 200"
    atlas_cols = 512 if args.quick else 2048

    import endnim
    from endnim.analysis.atlas.periodicity import AtlasSpec, run_atlas
    from endnim.analysis.tables import value_table
    from endnim.analyzer import engine_family
    from endnim.errors import EndNimError
    from endnim.search import Solver
    from endnim.sweep.runner import run_sweep

    rules = {
        name: endnim.load_rules(str(ROOT / spec)) if spec else endnim.get_variant(name)
        for name, spec in RULE_SETS.items()
    }
    report: dict[str, Any] = {
        "machine": {
            "cpu": platform.processor() or platform.machine(),
            "cores": os.cpu_count(),
            "python": platform.python_version(),
            "date": time.strftime("%Y-%m-%d %H:%M:%S"),
            "load": os.getloadavg(),
        },
        "workloads": {
            "table_large": f"a·3·b, a 1..64, b 1..{big_cols}",
            "table_small": f"a·3·b, a 1..{small_rows}, b 1..{small_cols}",
            "sweep": f"-L {length} -H {pile}",
            "analyze_engine": row,
            "atlas": f"atlas periodicity: 21 middles (piles <= 4), a <= 32, b <= {atlas_cols}",
        },
        "rule_sets": {},
    }
    agree = True
    value_table("endnim", "3", "1..2", "1..2")  # the first call's imports are no rule set's cost
    for name, game in rules.items():
        print(f"{name} ...", file=sys.stderr)
        entry: dict[str, Any] = {"path": engine_family(game) or "search"}
        if name != "endnim" and entry["path"] != "search":
            entry["path"] += " (restricted takes)"
        for key, (rows, cols) in {
            "table_large": (64, big_cols),
            "table_small": (small_rows, small_cols),
        }.items():
            fresh = type(game)()  # no lists known yet: the cold figure includes them
            start = time.perf_counter()
            try:
                table = value_table(fresh, "3", f"1..{rows}", f"1..{cols}")
            except EndNimError as error:
                entry[key] = {"refused": str(error)[:160]}
                continue
            cold = time.perf_counter() - start
            again = f"1..{rows}", f"1..{cols}"
            warm = _best(lambda f=fresh, a=again: value_table(f, "3", *a), args.repeat)
            entry[key] = {"cold_s": round(cold, 4), "warm_s": round(warm, 4)}
            if name != "endnim" and key == "table_small":  # a corner against the search
                solver = Solver(game, budget=10**8)
                for a in range(1, 5):
                    for b in range(1, 9):
                        value = solver.value((a, 3, b)).grundy  # type: ignore[union-attr]
                        agree = agree and value == table.values[a - 1][b - 1]
        with tempfile.TemporaryDirectory() as out:
            start = time.perf_counter()
            sweep = run_sweep(Path(out) / "s", game.name, length, pile, workers=1)
            entry["sweep"] = {
                "s": round(time.perf_counter() - start, 3),
                "positions_per_s": round(sweep.positions_per_second),
            }
        with tempfile.TemporaryDirectory() as out:
            spec = AtlasSpec.default(
                variants=[game.name], cols=atlas_cols, short_piles=4, long_piles=0
            )
            start = time.perf_counter()
            try:
                run_atlas(Path(out) / "atlas.csv", spec)
                entry["atlas"] = {"s": round(time.perf_counter() - start, 3)}
            except EndNimError as error:
                entry["atlas"] = {"refused": str(error)[:160]}
        try:
            analyze = _best(
                lambda g=game.name: endnim.analyze(row, g, method="engine"), args.repeat
            )
            entry["analyze_engine"] = {"s": round(analyze, 4)}
        except EndNimError as error:
            entry["analyze_engine"] = {"refused": str(error)[:160]}
        report["rule_sets"][name] = entry
    base = report["rule_sets"]["endnim"]

    def ratio(name: str, key: str, field: str) -> str:
        mine, ref = report["rule_sets"][name].get(key, {}), base.get(key, {})
        if field not in mine:
            return "refused" if "refused" in mine else "—"
        value = mine[field] / ref[field] if ref.get(field) else float("nan")
        report["rule_sets"][name].setdefault("ratios", {})[f"{key}.{field}"] = round(value, 2)
        return f"{mine[field]:.3g} s ({value:.1f}×)"

    print(
        f"| rule set (path) | table 64×{big_cols} cold | warm | table {small_rows}×{small_cols} "
        f"cold | sweep -L {length} -H {pile} | atlas (21 tables × {atlas_cols}) | "
        f"analyze -m engine {row} |"
    )
    print("|---|---|---|---|---|---|---|")
    for name in rules:
        entry = report["rule_sets"][name]
        cells = [
            ratio(name, "table_large", "cold_s"),
            ratio(name, "table_large", "warm_s"),
            ratio(name, "table_small", "cold_s"),
            ratio(name, "sweep", "s"),
            ratio(name, "atlas", "s"),
            ratio(name, "analyze_engine", "s"),
        ]
        print(f"| {name} ({entry['path']}) | " + " | ".join(cells) + " |")
    report["agree"] = agree
    RESULTS.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    if not agree:
        print("a restricted rule set's table disagrees with the search", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
