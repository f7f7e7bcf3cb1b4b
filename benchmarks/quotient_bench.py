"""Benchmark: misère quotients (issue 21) — how long they take, and what they buy.

1. The quotient of the octal game 0.07 (Dawson's Kayles) on heaps 1..HEAP (Siegel reports 360
   elements at heap 30), with the order reached at every heap, or the refusal with the size
   reached when a bound is hit; then the quotient's verdict on seeded random sums of heaps
   (at most TOKENS tokens in all) against the exact search of the same sums.
2. The quotient of misère End-Nim on every row of length <= L with piles <= H.
3. Misère sums of 4 rows of length 3 (piles <= 3): answered by the quotient (the product of the
   rows' elements) against the exact search of the same sums (each sum searched afresh, and all
   with one shared memo). The two must agree on every sum (else exit status 1).

Run from the repository root::

    .venv/bin/python benchmarks/quotient_bench.py            # 0.07 to heap 30, End-Nim L5 H3
    .venv/bin/python benchmarks/quotient_bench.py --quick    # 0.07 to heap 14, End-Nim L2 H4
    .venv/bin/python benchmarks/quotient_bench.py --length 3 --pile 6   # another End-Nim closure

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


def octal_against_search(result: Any, closure: Any, tokens: int, count: int) -> dict[str, Any]:
    """The quotient's verdict on ``count`` seeded random sums of 1-4 heaps (at most ``tokens``
    tokens in all) against the exact search of each sum (one shared memo)."""
    from endnim.quotient.outcome import SumSearch

    chance = random.Random(30)
    heaps = [int(closure.name(c)) for c in range(closure.size)]
    totals = []
    while len(totals) < count:
        parts = [chance.choice(heaps) for _ in range(chance.randint(1, 4))]
        if sum(parts) <= tokens:
            totals.append(tuple(sorted(heaps.index(h) for h in parts)))
    search = SumSearch(closure.options, max_states=10**8)
    start = time.perf_counter()
    truth = [search.is_p(total) for total in totals]
    seconds = time.perf_counter() - start
    verdicts = [result.is_p(total) for total in totals]
    return {
        "sums": count,
        "max_tokens": tokens,
        "p_positions": sum(truth),
        "agree": truth == verdicts,
        "search_seconds": round(seconds, 2),
        "search_positions": len(search.memo),
    }


def timed_quotient(closure: Any, limits: Any, keep: list[Any] | None = None) -> dict[str, Any]:
    """Build one quotient; its order, presentation and time, or the refusal."""
    from endnim.quotient import misere_quotient
    from endnim.quotient.limits import LimitError

    reached = {"components": 0, "order": 1}
    orders: list[int] = []

    def progress(done: int, total: int, order: int, tests: int) -> None:
        reached.update(components=done, order=order)
        if len(orders) == done:
            orders.append(order)
        print(f"  {done}/{total} components, order {order}, {tests} tests", file=sys.stderr)

    start = time.perf_counter()
    try:
        result = misere_quotient(closure, limits, progress=progress)
        if keep is not None:
            keep.append(result)
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
        "orders_by_components": orders,
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
    parser.add_argument("--length", type=int, default=None, help="End-Nim rows up to this length")
    parser.add_argument("--pile", type=int, default=None, help="End-Nim piles up to this size")
    parser.add_argument(
        "--tokens", type=int, default=None, help="random 0.07 sums of at most TOKENS tokens"
    )
    args = parser.parse_args()
    heap = args.heap or (14 if args.quick else 30)
    length = args.length or (2 if args.quick else 5)
    pile = args.pile or (4 if args.quick else 3)
    tokens = args.tokens or (16 if args.quick else 34)
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
    octal_closure = build_closure(Octal07(), [(n,) for n in range(1, heap + 1)])
    octal_result: list[Any] = []
    report["octal_0.07"] = {"heap": heap} | timed_quotient(octal_closure, limits, octal_result)
    if octal_result:
        # heap n is component n - 2 (a heap of 1 has no move in 0.07); heap 1 is order 1
        orders = report["octal_0.07"].pop("orders_by_components")
        report["octal_0.07"]["orders_by_heap"] = {str(n + 1): o for n, o in enumerate(orders)}
        report["octal_0.07"]["against_search"] = octal_against_search(
            octal_result[0], octal_closure, tokens, 300
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
    octal_check = report["octal_0.07"].get("against_search", {"agree": True})
    agree = agree and octal_check["agree"]
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
    if "orders_by_heap" in octal_row:
        steps = octal_row["orders_by_heap"]
        changes = [f"{n}: {o}" for n, o in steps.items() if n == "1" or steps[str(int(n) - 1)] != o]
        print(f"\n0.07, order at each heap where it changes: {', '.join(changes)}")
        check = octal_row["against_search"]
        print(
            f"0.07 quotient vs exact search on {check['sums']} random sums of at most "
            f"{check['max_tokens']} tokens ({check['p_positions']} P): "
            f"{'agree' if check['agree'] else 'DISAGREE'} "
            f"(search {check['search_seconds']} s, {check['search_positions']:,} positions)"
        )
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
