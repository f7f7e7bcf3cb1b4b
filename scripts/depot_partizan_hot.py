"""Issue 40's depot-partizan search: is any position hot, and which are not all-small?

Every position of the warehouse sweep's ``graphs`` family for ``depot-partizan`` (every
connected graph of at most N vertices up to isomorphism, labels 0..H, every edge coloured L, R
or G in every way, every empty vertex a home; one position per isomorphism class, as
``endnim sweep -v depot-partizan`` enumerates them), plus a seeded sample of 8-vertex graphs
(nauty's geng) with random labels and colours: each position's canonical form, its temperature
and whether it is all-small, and whether its game tree is *dicotic* (from every position
reached, both players can move or neither can), which makes it all-small (Siegel, *CGT*,
§II.7). Writes data/depots/partizan-hot.json (sealed):

    .venv/bin/python scripts/depot_partizan_hot.py [--max-vertices 4] [--max-label 2] [--sample 300]
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

from endnim.cgt import is_all_small, position_value, temperature, to_ascii
from endnim.graphs.depot_partizan import DepotPartizan
from endnim.graphs.position import Graph
from endnim.sealed import write_sealed
from endnim.sweep.depot_catalogue import chunk_positions, family_shapes, plan_chunks

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "data" / "depots" / "partizan-hot.json"
RULES = DepotPartizan()
MAX_VALUE_TEXT = 300
"""The hottest value's canonical form is kept to this many characters."""


@functools.lru_cache(maxsize=1_000_000)
def dicotic(position: Graph) -> bool:
    """Whether both players can move, or neither, from every position reached from here."""
    left = RULES.children(position, "L")
    right = RULES.children(position, "R")
    if bool(left) != bool(right):
        return False
    return all(dicotic(child) for child in (*left, *right))


class Tally:
    def __init__(self, name: str) -> None:
        self.name = name
        self.positions = self.hot = self.all_small = self.dicotic = 0
        self.numbers = self.small_not_dicotic = 0
        self.hottest: tuple[Fraction, str, str] | None = None
        self.by_vertices: dict[int, dict[str, int]] = {}
        self.first_not_all_small: str | None = None
        self.first_small_not_dicotic: str | None = None

    def add(self, text: str, position: Graph) -> None:
        value = position_value(position, rules=RULES)
        t = temperature(value)
        small = bool(is_all_small(value))
        tree_dicotic = dicotic(position)
        self.positions += 1
        self.hot += t > 0
        self.numbers += bool(value.is_number)
        self.all_small += small
        self.dicotic += tree_dicotic
        if tree_dicotic and not small:  # pragma: no cover - Siegel II.7 forbids it
            raise AssertionError(f"a dicotic game that is not all-small: {text}")
        if small and not tree_dicotic:
            self.small_not_dicotic += 1
            self.first_small_not_dicotic = self.first_small_not_dicotic or text
        if not small:
            self.first_not_all_small = self.first_not_all_small or text
        if self.hottest is None or t > self.hottest[0]:
            self.hottest = (t, text, to_ascii(value))
        row = self.by_vertices.setdefault(
            position.order, {"positions": 0, "hot": 0, "all_small": 0, "dicotic": 0}
        )
        row["positions"] += 1
        row["hot"] += t > 0
        row["all_small"] += small
        row["dicotic"] += tree_dicotic

    def to_json(self) -> dict[str, Any]:
        assert self.hottest is not None
        return {
            "set": self.name,
            "positions": self.positions,
            "hot": self.hot,
            "numbers": self.numbers,
            "all_small": self.all_small,
            "dicotic": self.dicotic,
            "all_small_not_dicotic": self.small_not_dicotic,
            "first_not_all_small": self.first_not_all_small,
            "first_all_small_not_dicotic": self.first_small_not_dicotic,
            "largest_temperature": str(self.hottest[0]),
            "largest_temperature_at": self.hottest[1],
            "largest_temperature_value": self.hottest[2][:MAX_VALUE_TEXT],
            "by_vertices": {str(n): row for n, row in sorted(self.by_vertices.items())},
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-vertices", type=int, default=4)
    parser.add_argument("--max-label", type=int, default=2)
    parser.add_argument("--sample", type=int, default=300)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    start = time.process_time()
    every = Tally(
        f"every connected graph of <= {args.max_vertices} vertices, labels 0..{args.max_label} "
        "(some 0: the homes), every edge colouring, one per isomorphism class"
    )
    for task in plan_chunks("depot-partizan", "graphs", args.max_vertices, args.max_label):
        for text, labels, position in chunk_positions(task):
            if 0 in labels and any(labels):
                every.add(text, position)
    print(f"exhaustive: {every.positions:,} positions, {every.hot} hot", file=sys.stderr)
    sample = Tally(
        f"{args.sample} seeded random positions on connected graphs of 8 vertices (geng), "
        "labels 0..3 with one to three 0s (the homes), random colours"
    )
    rng = random.Random(40)
    shapes = family_shapes("graphs", 8) or family_shapes("graphs", 7)
    for _ in range(args.sample):
        edges = rng.choice(shapes)
        n = 1 + max(v for e in edges for v in e)
        labels = [rng.randint(1, 3) for _ in range(n)]
        for home in rng.sample(range(n), rng.randint(1, 3)):
            labels[home] = 0
        colours = [rng.choice("LRG") for _ in edges]
        position = Graph.unchecked(labels, edges, colours, [v for v in range(n) if not labels[v]])
        sample.add(RULES.format_position(position), position)
    print(f"sample: {sample.positions:,} positions, {sample.hot} hot", file=sys.stderr)
    data = {
        "variant": "depot-partizan",
        "family": "graphs",
        "max_vertices": args.max_vertices,
        "max_label": args.max_label,
        "sets": [every.to_json(), sample.to_json()],
        "cpu_seconds": round(time.process_time() - start, 1),
        "command": "python scripts/depot_partizan_hot.py " + " ".join(argv or sys.argv[1:]),
    }
    write_sealed(args.out, data)
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
