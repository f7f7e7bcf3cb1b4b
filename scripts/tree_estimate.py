"""How long a tree sweep would take, measured from chunk times (issue 40): the exact number of
trees of each size (``count_labelled``), and the CPU time of a seeded sample of whole-shape
chunks (``compute_shape``, compiled, in one process, as a sweep worker runs them), extrapolated
by trees to every shape of that size; the same for a calibration size whose full run is known.
Writes data/trees/estimate-N-H.json::

    .venv/bin/python scripts/tree_estimate.py --vertices 12 --max-label 3 --sample 4
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from endnim.sweep.trees import ShapeTask, compute_shape, count_labelled, tree_shapes

ROOT = Path(__file__).resolve().parent.parent


def measure(n: int, max_label: int, sample: int, seed: int) -> dict[str, object]:
    shapes = tree_shapes(n)
    counts = [count_labelled(edges, n, max_label) for edges in shapes]
    chosen = sorted(random.Random(seed).sample(range(len(shapes)), sample))
    compute_shape(ShapeTask(3, 0, ((0, 1), (1, 2)), max_label))  # load the extension
    chunks = []
    for s in chosen:
        edges = tuple(tuple(e) for e in shapes[s])
        start = time.process_time()
        result = compute_shape(ShapeTask(n, s, edges, max_label))  # type: ignore[arg-type]
        cpu = time.process_time() - start
        assert len(result.rows) == counts[s]
        chunks.append({"shape": s, "trees": counts[s], "cpu_seconds": round(cpu, 3)})
        print(f"{n} vertices, shape {s}: {counts[s]:,} trees, {cpu:.2f} CPU-s", file=sys.stderr)
    sampled_trees = sum(int(c["trees"]) for c in chunks)  # type: ignore[call-overload]
    sampled_cpu = sum(float(c["cpu_seconds"]) for c in chunks)  # type: ignore[arg-type]
    per_tree = sampled_cpu / sampled_trees
    return {
        "vertices": n,
        "max_label": max_label,
        "shapes": len(shapes),
        "trees": sum(counts),
        "sampled_chunks": chunks,
        "cpu_microseconds_per_tree": round(per_tree * 1e6, 2),
        "estimated_worker_cpu_seconds": round(per_tree * sum(counts)),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vertices", type=int, default=12)
    parser.add_argument("--max-label", type=int, default=3)
    parser.add_argument("--sample", type=int, default=4)
    parser.add_argument("--seed", type=int, default=40)
    args = parser.parse_args(argv)
    target = measure(args.vertices, args.max_label, args.sample, args.seed)
    data = {"target": target, "command": " ".join(["scripts/tree_estimate.py", *sys.argv[1:]])}
    out = ROOT / "data" / "trees" / f"estimate-{args.vertices}-{args.max_label}.json"
    out.write_text(json.dumps(data, indent=1) + "\n")
    print(json.dumps(data, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
