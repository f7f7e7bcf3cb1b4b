"""Issue 30's research: which positions of depot-partizan and of two users' partizan relatives
are numbers, which are hot, and how hot they get (docs/partizan.md, "Hot or not").

Exhaustive on the stated ranges (every labelling and edge colouring), plus a seeded random
sample of small connected depot-partizan graphs; writes ``data/partizan_thermal.json``::

    .venv/bin/python scripts/partizan_thermal.py            # about 2 minutes on one core
"""

from __future__ import annotations

import itertools
import json
import random
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "data" / "partizan_thermal.json"


def _kind(g: Any, temperature: Fraction) -> str:
    if g.is_number:
        return "number"
    return "hot" if temperature > 0 else "infinitesimally close to a number"


class Tally:
    """Counts by kind, and the hottest position by size and by largest label."""

    def __init__(self, name: str, range_text: str) -> None:
        self.name = name
        self.range = range_text
        self.kinds: dict[str, int] = {}
        self.all_small = 0
        self.total = 0
        self.hottest_by_size: dict[int, tuple[Fraction, str, str]] = {}
        self.hottest_by_label: dict[int, tuple[Fraction, str, str]] = {}

    def add(self, text: str, size: int, label: int, g: Any) -> None:
        from endnim.cgt import is_all_small, temperature, to_ascii

        t = temperature(g)
        kind = _kind(g, t)
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        self.all_small += is_all_small(g)
        self.total += 1
        for table, key in ((self.hottest_by_size, size), (self.hottest_by_label, label)):
            if key not in table or t > table[key][0]:
                table[key] = (t, text, to_ascii(g))

    def to_json(self) -> dict[str, Any]:
        def rows(table: dict[int, tuple[Fraction, str, str]]) -> dict[str, Any]:
            return {
                str(k): {"temperature": str(t), "position": text, "value": value}
                for k, (t, text, value) in sorted(table.items())
            }

        return {
            "set": self.name,
            "range": self.range,
            "positions": self.total,
            "kinds": self.kinds,
            "all_small": self.all_small,
            "hottest_by_size": rows(self.hottest_by_size),
            "hottest_by_largest_label": rows(self.hottest_by_label),
        }


def _depot(labels: list[int], edges: list[tuple[int, int]], colours: tuple[str, ...]) -> str:
    return json.dumps(
        {"labels": labels, "edges": [list(e) for e in edges], "colours": list(colours)},
        separators=(",", ":"),
    )


def depot_paths(max_vertices: int, max_label: int) -> Iterator[tuple[str, int, int]]:
    """Paths of n <= max_vertices vertices, one of them the home (label 0), anywhere."""
    for n in range(2, max_vertices + 1):
        edges = [(i, i + 1) for i in range(n - 1)]
        for home in range(n):
            for labels in itertools.product(range(1, max_label + 1), repeat=n - 1):
                full = [*labels[:home], 0, *labels[home:]]
                for colours in itertools.product("LRG", repeat=n - 1):
                    yield _depot(full, edges, colours), n, max(labels)


def depot_cycles(max_vertices: int, max_label: int) -> Iterator[tuple[str, int, int]]:
    """Cycles of n <= max_vertices vertices through the home (vertex 0)."""
    for n in range(3, max_vertices + 1):
        edges = [(i, (i + 1) % n) for i in range(n)]
        for labels in itertools.product(range(1, max_label + 1), repeat=n - 1):
            for colours in itertools.product("LRG", repeat=n):
                yield _depot([0, *labels], edges, colours), n, max(labels)


def depot_random(count: int, seed: int = 30) -> Iterator[tuple[str, int, int]]:
    """Random connected graphs of 3..7 vertices, one or two homes, labels 1..5."""
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(3, 7)
        edges = [(rng.randrange(i), i) for i in range(1, n)]
        extra = [(a, b) for a in range(n) for b in range(a + 1, n) if (a, b) not in edges]
        edges += rng.sample(extra, rng.randint(0, min(3, len(extra))))
        homes = {0} if rng.random() < 0.6 else {0, n - 1}
        labels = [0 if v in homes else rng.randint(1, 5) for v in range(n)]
        colours = tuple(rng.choice("LRG") for _ in edges)
        yield _depot(labels, edges, colours), n, max(labels)


def rows(max_length: int, max_pile: int) -> Iterator[tuple[str, int, int]]:
    for length in range(1, max_length + 1):
        for row in itertools.product(range(1, max_pile + 1), repeat=length):
            yield " ".join(map(str, row)), length, max(row)


def run(name: str, range_text: str, rules: Any, items: Iterator[tuple[str, int, int]]) -> Tally:
    from endnim.cgt import position_value

    tally = Tally(name, range_text)
    for text, size, label in items:
        tally.add(text, size, label, position_value(rules.parse_position(text), rules=rules))
    print(f"{name}: {tally.total:,} positions, {tally.kinds}", file=sys.stderr)
    return tally


def main() -> int:
    import importlib.util

    from endnim.variants import get_variant

    spec = importlib.util.spec_from_file_location(
        "left_clears", ROOT / "examples" / "variants" / "left_clears.py"
    )
    assert spec is not None and spec.loader is not None
    users = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(users)
    RightCappedPartizan, LeftClearsPartizan = users.RightCappedPartizan, users.LeftClearsPartizan

    depot = get_variant("depot-partizan")
    tallies = [
        run(
            "depot-partizan paths",
            "2..5 vertices, home anywhere, labels 1..3, every colouring",
            depot,
            depot_paths(5, 3),
        ),
        run(
            "depot-partizan cycles",
            "3..5 vertices through the home, labels 1..3, every colouring",
            depot,
            depot_cycles(5, 3),
        ),
        run(
            "depot-partizan random graphs",
            "6,000 seeded random connected graphs, 3..7 vertices, labels 1..5",
            depot,
            depot_random(6000),
        ),
        run(
            "partizan End-Nim, Right capped at 2",
            "every row, length 1..6, piles 1..6",
            RightCappedPartizan(),
            rows(6, 6),
        ),
        run(
            "partizan End-Nim, only Left clears a pile",
            "every row, length 1..6, piles 1..6",
            LeftClearsPartizan(),
            rows(6, 6),
        ),
    ]
    OUT.write_text(json.dumps([t.to_json() for t in tallies], indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
