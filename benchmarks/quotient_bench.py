"""Benchmark: misère quotients (issue 21) — how long they take, and what they buy.

1. The quotient of the octal game 0.07 (Dawson's Kayles) on heaps 1..HEAP (Siegel reports 360
   elements at heap 30), or the refusal with the size reached when a bound is hit.
2. The quotient of misère End-Nim on every row of length <= L with piles <= H.
3. Misère sums of 4 rows of length 3 (piles <= 3): answered by the quotient (the product of the
   rows' elements) against the exact search of the same sums (each sum searched afresh, and all
   with one shared memo). The two must agree on every sum (else exit status 1).

Run from the repository root::

    .venv/bin/python benchmarks/quotient_bench.py            # 0.07 to heap 30, End-Nim L3 H4
    .venv/bin/python benchmarks/quotient_bench.py --quick    # 0.07 to heap 14, End-Nim L2 H4

It prints a Markdown report and writes ``benchmarks/quotient_results.json``.
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
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path(__file__).with_name("quotient_results.json")


def timed_quotient(closure: Any, limits: Any) -> dict[str, Any]:
    """Build one quotient; its order, presentation and time, or the refusal."""
    from endnim.quotient import misere_quotient
    from endnim.quotient.limits import LimitError

    reached = {"components": 0, "order": 1}

    def progress(done: int, total: int, order: int, tests: int) -> None:
        reached.update(components=done, order=order)
        print(f"  {done}/{total} components, order {order}, {tests} tests", file=sys.stderr)

    start = time.perf_counter()
    try:
        result = misere_quotient(closure, limits, progress=progress)
    except LimitError as error:
        return {
            "refused": str(error),
            "components_proved": reached["components"],
            "last_component": closure.name(reached["components"] - 1)
            if reached["components"]
            else None,
            "order_reached": reached["order"],
            "seconds": round(time.perf_counter() - start, 2),
        }
    return {
        "order": result.order,
        "presentation": result.presentation(),
        "p_portion": result.p_names(),
        "tame": result.tame(),
        "components": closure.size,
        "seconds": round(time.perf_counter() - start, 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--heap", type=int, default=None, help="0.07 on heaps 1..HEAP")
    parser.add_argument("--sums", type=int, default=None, help="random sums of 4 rows")
    parser.add_argument("--max-search", type=int, default=5_000_000)
    args = parser.parse_args()
    heap = args.heap or (14 if args.quick else 30)
    length, pile = (2, 4) if args.quick else (3, 4)
    count = args.sums or (200 if args.quick else 1000)

    sys.path.insert(0, str(ROOT / "examples" / "variants"))
    from octal import Octal07  # type: ignore[import-not-found]

    from endnim.quotient import misere_quotient
    from endnim.quotient.closure import build_closure, rows_up_to
    from endnim.quotient.limits import Limits
    from endnim.quotient.outcome import SumSearch
    from endnim.variants import get_variant

    limits = Limits(max_search=args.max_search)
    report: dict[str, Any] = {}
    print(f"0.07 on heaps 1..{heap} ...", file=sys.stderr)
    report["octal_0.07"] = {"heap": heap} | timed_quotient(
        build_closure(Octal07(), [(n,) for n in range(1, heap + 1)]), limits
    )
    print(f"misère End-Nim, rows of length <= {length}, piles <= {pile} ...", file=sys.stderr)
    report["misere_end_nim"] = {"max_length": length, "max_pile": pile} | timed_quotient(
        build_closure(get_variant("misere"), rows_up_to(length, pile)), limits
    )

    print(f"{count} sums of 4 rows of length 3 ...", file=sys.stderr)
    start = time.perf_counter()
    closure = build_closure(get_variant("misere"), rows_up_to(3, 3))
    quotient = misere_quotient(closure)
    build = time.perf_counter() - start
    chance = random.Random(21)
    rows = [row for row in rows_up_to(3, 3) if len(row) == 3]
    sums = [tuple(closure.sum_of(chance.choice(rows)) for _ in range(4)) for _ in range(count)]
    totals = [tuple(sorted(c for part in parts for c in part)) for parts in sums]
    start = time.perf_counter()
    by_quotient = [quotient.is_p(total) for total in totals]
    quotient_seconds = time.perf_counter() - start
    start = time.perf_counter()
    fresh = [SumSearch(closure.options, max_states=10**8).is_p(total) for total in totals]
    fresh_seconds = time.perf_counter() - start
    shared_search = SumSearch(closure.options, max_states=10**8)
    start = time.perf_counter()
    shared = [shared_search.is_p(total) for total in totals]
    shared_seconds = time.perf_counter() - start
    agree = by_quotient == fresh == shared
    report["sums"] = {
        "sums": count,
        "p_positions": sum(fresh),
        "quotient_build_seconds": round(build, 3),
        "quotient_seconds": quotient_seconds,
        "search_fresh_seconds": round(fresh_seconds, 3),
        "search_shared_seconds": round(shared_seconds, 3),
        "ratio_fresh": round(fresh_seconds / quotient_seconds),
        "ratio_shared": round(shared_seconds / quotient_seconds),
        "ratio_fresh_including_build": round(fresh_seconds / (quotient_seconds + build), 1),
        "agree": agree,
    }
    report["machine"] = {
        "cpu": platform.processor() or platform.machine(),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "load": os.getloadavg()[0],
    }
    RESULTS.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")

    octal_row = report["octal_0.07"]
    end_row = report["misere_end_nim"]
    print("## Misère quotients\n")
    print("| quotient | order | time |")
    print("|---|---|---|")
    for label, row in (
        (f"0.07, heaps ≤ {heap}", octal_row),
        (f"misère End-Nim L ≤ {length}, H ≤ {pile}", end_row),
    ):
        if "refused" in row:
            print(
                f"| {label} | refused after {row['components_proved']} components "
                f"(order {row['order_reached']}): {row['refused']} | {row['seconds']} s |"
            )
        else:
            print(f"| {label} | {row['order']} | {row['seconds']} s |")
    s = report["sums"]
    print(
        f"\n{count} misère sums of 4 rows of length 3 (piles ≤ 3), {s['p_positions']} P-positions:"
    )
    print(
        f"quotient {s['quotient_seconds'] * 1e3:.2f} ms "
        f"(built in {s['quotient_build_seconds']} s); "
        f"exact search {s['search_fresh_seconds']} s afresh ({s['ratio_fresh']}×), "
        f"{s['search_shared_seconds']} s with one memo ({s['ratio_shared']}×); "
        f"agree: {'yes' if agree else 'NO'}"
    )
    return 0 if agree else 1


if __name__ == "__main__":
    raise SystemExit(main())
