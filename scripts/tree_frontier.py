"""Sweep the trees at the frontier (<= 12 vertices, labels <= 3: 341,818,095 labellings,
over the command line's 50-million cap) into a resumable store outside the repository,
logging each chunk's finish time (scripts/tree_summary.py --store then writes its sealed summary).
Interrupt it at any moment and run the same command again: finished shapes are kept.

    nice -n 5 .venv/bin/python scripts/tree_frontier.py /work/store-trees12/trees-12-3 \
        --vertices 12 --max-label 3 --workers 2 --log /work/store-trees12/progress.log

The memory check counts every tree a worker could meet; the compiled solver's memo is capped
at ``MAX_MEMO`` entries (20 million, about 1.6 GB a worker), so --memory defaults to what that
cap needs rather than the check's bound.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from endnim.graphs.compiled import MAX_MEMO
from endnim.sweep.trees import BASE_MEMORY, MEMO_BYTES_PER_TREE, estimate_tree_sweep, run_tree_sweep


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("store", type=Path)
    parser.add_argument("--vertices", type=int, default=12)
    parser.add_argument("--max-label", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--log", type=Path, default=None)
    parser.add_argument("--no-summary", action="store_true", help="do not print the summary step")
    args = parser.parse_args()
    n, h, workers = args.vertices, args.max_label, args.workers
    plan = estimate_tree_sweep(n, h, workers)
    capped = BASE_MEMORY * (workers + 1) + workers * MAX_MEMO * MEMO_BYTES_PER_TREE
    memory = max(capped, plan.memory_bytes)
    log = args.log.open("a") if args.log else None
    begun = time.monotonic()

    def progress(done: int, total: int) -> None:
        if log is not None:
            stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
            log.write(f"{stamp} {time.monotonic() - begun:.1f} {done}/{total}\n")
            log.flush()

    report = run_tree_sweep(
        args.store,
        n,
        h,
        progress=progress,
        budget=plan.labellings,
        workers=workers,
        memory=memory,
    )
    print(f"{report.trees:,} trees in {report.seconds:.1f} s")
    if not args.no_summary:
        print(f"the sealed summary: .venv/bin/python scripts/tree_summary.py --store {args.store}")


if __name__ == "__main__":
    main()
