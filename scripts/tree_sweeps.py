"""Regenerate the tree sweeps' totals in data/trees/ (docs/graphs.md, Finding 8): every
labelled tree with <= 10 vertices and labels <= 3, and with <= 12 vertices and labels <= 2,
swept by the compiled solver into resumable stores under DIR (default: a temporary folder),
their per-size totals written as JSON. About a CPU-minute and 300 MB of disk.

    .venv/bin/python scripts/tree_sweeps.py [DIR]
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from endnim.sweep.trees import run_tree_sweep

ROOT = Path(__file__).resolve().parent.parent
KEPT = (
    "kind",
    "variant",
    "max_vertices",
    "max_label",
    "trees",
    "p_positions",
    "max_value",
    "sizes",
)


def main(folder: str) -> None:
    for vertices, label in ((10, 3), (12, 2)):
        report = run_tree_sweep(Path(folder) / f"trees-{vertices}-{label}", vertices, label)
        found = report.to_dict()
        target = ROOT / "data" / "trees" / f"sweep-{vertices}-{label}.json"
        target.write_text(json.dumps({k: found[k] for k in KEPT}, indent=1) + "\n")
        print(f"{target}: {report.trees:,} trees in {report.seconds:.1f} s")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        main(sys.argv[1])
    else:
        with tempfile.TemporaryDirectory() as scratch:
            main(scratch)
