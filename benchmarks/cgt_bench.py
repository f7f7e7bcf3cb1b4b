"""Benchmark: canonical forms of partizan End-Nim positions, endnim.cgt against pycgt.

Every position of length <= L with piles <= H is given its canonical form, shortest rows
first, by each engine from a fresh process (so neither profits from the other's caches),
with the options read from the same rule set (``get_variant("partizan")``). Each measurement
is repeated, the engines interleaved, and the best CPU time kept (the machine may be shared).
Both engines must agree on a structural digest of the forms.

Run from the repository root::

    .venv/bin/python benchmarks/cgt_bench.py            # L, H = 5, 5 and 6, 6; 3 repeats
    .venv/bin/python benchmarks/cgt_bench.py --cases 6x6 --repeat 5

It prints a Markdown table and writes ``benchmarks/cgt_results.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).with_name("cgt_results.json")
ENGINES = ("endnim.cgt", "pycgt")


# --------------------------------------------------------------------------- workers
def _rows(max_length: int, max_pile: int) -> list[tuple[int, ...]]:
    return [
        row
        for length in range(1, max_length + 1)
        for row in itertools.product(range(1, max_pile + 1), repeat=length)
    ]


def _merkle(left: list[str], right: list[str]) -> str:
    """A fixed-size structural hash of {left | right} from its options' hashes."""
    text = ",".join(sorted(left)) + "|" + ",".join(sorted(right))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def _structure_key(g: Any, memo: dict[int, str]) -> str:
    """The structural hash of a pycgt Game (same scheme as :func:`_structure_key_ours`)."""
    found = memo.get(id(g))
    if found is None:
        found = _merkle(
            [_structure_key(x, memo) for x in g.left], [_structure_key(x, memo) for x in g.right]
        )
        memo[id(g)] = found
    return found


def _structure_key_ours(g: Any, memo: dict[int, str]) -> str:
    found = memo.get(g.id)
    if found is None:
        found = _merkle(
            [_structure_key_ours(x, memo) for x in g.left],
            [_structure_key_ours(x, memo) for x in g.right],
        )
        memo[g.id] = found
    return found


def worker(engine: str, max_length: int, max_pile: int) -> dict[str, Any]:
    """Compute every canonical form in this (fresh) process; time it; digest the result."""
    sys.setrecursionlimit(100_000)
    from endnim.variants import get_variant

    rows = _rows(max_length, max_pile)
    variant = get_variant("partizan")
    if engine == "endnim.cgt":
        from endnim.cgt import position_value

        start_cpu, start_wall = time.process_time(), time.perf_counter()
        values = [position_value(row) for row in rows]
        cpu, wall = time.process_time() - start_cpu, time.perf_counter() - start_wall
        memo: dict[int, str] = {}
        keys = [_structure_key_ours(v, memo) for v in values]
        distinct = len({v.id for v in values})
    else:
        import pycgt

        cache: dict[tuple[int, ...], Any] = {(): pycgt.ZERO}

        def value(row: tuple[int, ...]) -> Any:
            found = cache.get(row)
            if found is None:
                lefts = [cache[o[3]] for o in variant.raw_options(row, "L")]
                rights = [cache[o[3]] for o in variant.raw_options(row, "R")]
                found = cache[row] = pycgt.game(lefts, rights)
            return found

        start_cpu, start_wall = time.process_time(), time.perf_counter()
        values = [value(row) for row in rows]  # rows come shortest first: options are known
        cpu, wall = time.process_time() - start_cpu, time.perf_counter() - start_wall
        memo = {}
        keys = [_structure_key(v, memo) for v in values]
        distinct = len(set(keys))
    digest = hashlib.sha256("\n".join(keys).encode()).hexdigest()
    return {
        "cpu": cpu,
        "wall": wall,
        "positions": len(rows),
        "distinct": distinct,
        "digest": digest,
    }


# --------------------------------------------------------------------------- driver
def _measure(engine: str, max_length: int, max_pile: int) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, __file__, "--worker", engine, str(max_length), str(max_pile)],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark, print a Markdown table, write ``cgt_results.json``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", nargs="*", default=["5x5", "6x6"], help="LxH ranges")
    parser.add_argument("--repeat", type=int, default=3, help="measurements per engine")
    parser.add_argument("--worker", nargs=3, metavar=("ENGINE", "L", "H"), help=argparse.SUPPRESS)
    parser.add_argument("--output", type=Path, default=RESULTS, help="where to write the JSON")
    args = parser.parse_args(argv)
    if args.worker:
        engine, length, pile = args.worker
        print(json.dumps(worker(engine, int(length), int(pile))))
        return 0

    records = []
    for case in args.cases:
        max_length, max_pile = (int(part) for part in case.lower().split("x"))
        runs: dict[str, list[dict[str, Any]]] = {engine: [] for engine in ENGINES}
        for _ in range(args.repeat):
            for engine in ENGINES:  # interleaved, so a busy spell hits both
                runs[engine].append(_measure(engine, max_length, max_pile))
        best = {engine: min(runs[engine], key=lambda r: r["cpu"]) for engine in ENGINES}
        ours, theirs = best["endnim.cgt"], best["pycgt"]
        if ours["digest"] != theirs["digest"]:
            print(f"MISMATCH in {case}: the engines' canonical forms differ", file=sys.stderr)
            return 1
        records.append(
            {
                "case": f"length <= {max_length}, piles <= {max_pile}",
                "positions": ours["positions"],
                "distinct_forms": ours["distinct"],
                "endnim_cgt_cpu_s": round(ours["cpu"], 3),
                "pycgt_cpu_s": round(theirs["cpu"], 3),
                "endnim_cgt_wall_s": round(ours["wall"], 3),
                "pycgt_wall_s": round(theirs["wall"], 3),
                "speedup_cpu": round(theirs["cpu"] / ours["cpu"], 2),
                "all_cpu_s": {e: [round(r["cpu"], 3) for r in runs[e]] for e in ENGINES},
                "forms_identical": True,
            }
        )

    print("| positions | range | distinct forms | endnim.cgt (s) | pycgt (s) | speed-up |")
    print("|---:|---|---:|---:|---:|---:|")
    for r in records:
        print(
            f"| {r['positions']:,} | {r['case']} | {r['distinct_forms']:,} | "
            f"{r['endnim_cgt_cpu_s']:.2f} | {r['pycgt_cpu_s']:.2f} | {r['speedup_cpu']:.1f}× |"
        )
    print(f"\nbest CPU time of {args.repeat} interleaved runs each, fresh processes;")
    print("both engines produced structurally identical canonical forms.")
    import pycgt

    payload = {
        "benchmark": "canonical forms of every partizan End-Nim position in range",
        "timing": f"best of {args.repeat} CPU times (time.process_time), fresh processes",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "pycgt": pycgt.__version__,
        "date": time.strftime("%Y-%m-%d"),
        "results": records,
    }
    args.output.write_text(json.dumps(payload, indent=2) + "\n")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
