"""Benchmark: proving atlas rows (prover and checker) against observing them, in one run.

For a fixed sample of End-Nim atlas tables (rows a ≤ 32), times in the same process: the
atlas's observation of the periodicity (``table_rows``: the engine on 4096 columns and the
pruned detection; the baseline), the prover (``prove_and_certify`` into a temporary folder,
columns as the proof needs, up to the engine's reach) and the checker
(``check_certificate``). Wall and CPU seconds; the ratios to the baseline are the figures to
read. Run from the repository root::

    .venv/bin/python benchmarks/proof_bench.py            # 4 tables
    .venv/bin/python benchmarks/proof_bench.py --quick    # 2 tables
    .venv/bin/python benchmarks/proof_bench.py --atlas    # the whole End-Nim atlas, proved

It prints a Markdown table and writes ``benchmarks/proof_results.json``; it exits with status 1
if a certificate fails its check. ``--atlas [VARIANT]`` (``ENDNIM_BENCH=proof-atlas bash
scripts/bench.sh``) times instead the proof of every row a ≤ 32 of the atlas's 137 tables of
one rule set (End-Nim by default), as ``endnim atlas periodicity OUT --prove`` runs it (budget
10⁶ columns), into a temporary folder, with the machine's load before and after (the figure of
issue 32), and writes it under ``"atlas"`` in the same file.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).with_name("proof_results.json")
TABLES = [(), (4,), (2, 2), (1, 2, 3)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--atlas", nargs="?", const="endnim", default=None, metavar="VARIANT")
    args = parser.parse_args()
    if args.atlas is not None:
        return prove_atlas(args.atlas)
    tables = TABLES[:2] if args.quick else TABLES

    from endnim.analysis.atlas.periodicity import table_rows
    from endnim.analysis.proofs.checker import check_certificate
    from endnim.analysis.proofs.rows import prove_and_certify

    def clocks() -> tuple[float, float]:
        return time.perf_counter(), time.process_time()

    lines: list[dict[str, Any]] = []
    failed = False
    for middle in tables:
        wall, cpu = clocks()
        table_rows("endnim", middle, 32, 4096)
        observe = (time.perf_counter() - wall, time.process_time() - cpu)
        with tempfile.TemporaryDirectory() as folder:
            wall, cpu = clocks()
            path, proofs = prove_and_certify("endnim", middle, 32, folder, budget=65536)
            prove = (time.perf_counter() - wall, time.process_time() - cpu)
            wall, cpu = clocks()
            try:
                check_certificate(path)
            except Exception as error:  # a failed check makes the timings meaningless
                print(f"check failed: {error}", file=sys.stderr)
                failed = True
            check = (time.perf_counter() - wall, time.process_time() - cpu)
        lines.append(
            {
                "middle": list(middle),
                "proved": sum(p.law is not None for p in proofs),
                "observe_s": observe,
                "prove_s": prove,
                "check_s": check,
                "prove_over_observe_cpu": prove[1] / max(observe[1], 1e-9),
                "check_over_observe_cpu": check[1] / max(observe[1], 1e-9),
            }
        )
        print(f"a·{list(middle)}·b done", file=sys.stderr)
    print("| table | rows proved | observe (wall / CPU s) | prove | check | prove/observe CPU |")
    print("|---|---|---|---|---|---|")
    for line in lines:
        o, p, c = line["observe_s"], line["prove_s"], line["check_s"]
        print(
            f"| a·{line['middle']}·b | {line['proved']}/32 | {o[0]:.2f} / {o[1]:.2f} | "
            f"{p[0]:.2f} / {p[1]:.2f} | {c[0]:.2f} / {c[1]:.2f} | "
            f"{line['prove_over_observe_cpu']:.1f}× |"
        )
    known = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    known.update({"machine": machine_now(), "tables": lines})
    RESULTS.write_text(json.dumps(known, indent=1) + "\n")
    return 1 if failed else 0


def machine_now() -> dict[str, Any]:
    return {
        "cpu": platform.processor() or platform.machine(),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "load_average": os.getloadavg(),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }


def prove_atlas(variant: str) -> int:
    """Prove every row of the atlas of ``variant`` from nothing; time it."""
    import resource

    from endnim.analysis.atlas.periodicity import AtlasSpec
    from endnim.analysis.atlas.proofs import run_proofs

    spec = AtlasSpec.default(variants=(variant,))
    before = machine_now()
    with tempfile.TemporaryDirectory() as folder:
        wall, cpu = time.perf_counter(), time.process_time()
        lines = run_proofs(
            f"{folder}/proofs.json",
            f"{folder}/certificates",
            spec,
            progress=lambda done, total, name: print(f"{done}/{total} {name}", file=sys.stderr),
        )
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    proved = sum(line["proved"] for line in lines)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6
    figure = {
        "variant": variant,
        "tables": len(spec.tables()),
        "rows": len(lines),
        "proved": proved,
        "wall_s": wall,
        "cpu_s": cpu,
        "peak_rss_gb": peak,
        "before": before,
        "after": machine_now(),
    }
    print("| rule set | tables | rows proved | wall s | CPU s | peak GB | load before / after |")
    print("|---|---|---|---|---|---|---|")
    print(
        f"| {variant} | {figure['tables']} | {proved}/{len(lines)} | {wall:.0f} | {cpu:.0f} | "
        f"{peak:.2f} | {before['load_average'][0]:.1f} / {os.getloadavg()[0]:.1f} |"
    )
    known = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    known["atlas"] = figure
    RESULTS.write_text(json.dumps(known, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
