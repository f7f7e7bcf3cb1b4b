"""The partizan catalogue against canonical forms computed independently (a plain recursion
over the rule set's options with the canonical simplifier, no shared position cache), the
reference search's outcomes, and the shipped files."""

from __future__ import annotations

import csv
import json
import random
from collections import Counter
from pathlib import Path

from conftest import solver

from endnim.analysis.atlas.partizan import (
    RANGES,
    build_catalogue,
    catalogue_entry,
    positions,
    summary,
    write_catalogue,
)
from endnim.cgt import Game, game, parse
from endnim.variants import get_variant

SHIPPED = Path(__file__).resolve().parents[3] / "data" / "atlas" / "partizan"


def independent_value(position: tuple[int, ...], memo: dict[tuple[int, ...], Game]) -> Game:
    """{Left's options | Right's options} from the rule set's generic ``options`` hook."""
    found = memo.get(position)
    if found is None:
        rules = get_variant("partizan")
        lefts = [independent_value(tuple(child), memo) for _, child in rules.options(position, "L")]
        rights = [
            independent_value(tuple(child), memo) for _, child in rules.options(position, "R")
        ]
        found = game(lefts, rights)
        memo[position] = found
    return found


def test_entries_against_an_independent_recursion() -> None:
    memo: dict[tuple[int, ...], Game] = {(): game([], [])}
    rng = random.Random(45)
    sample = positions([(4, 4), (5, 3)]) + rng.sample(positions(RANGES), 250)
    reference = solver("partizan")
    for position in sample:
        entry = catalogue_entry(position)
        assert entry.value is independent_value(position, memo), position  # hash-consed
        assert entry.outcome == str(reference.value(position).outcome), position
        assert entry.birthday == entry.value.birthday
        assert parse(entry.form) is entry.value


def test_catalogue_counts_and_files(tmp_path: Path) -> None:
    cat = build_catalogue([(4, 3), (5, 2)])
    assert len(cat.entries) == 3**4 + 2**5
    assert sum(sum(c.values()) for c in cat.counts.values()) == len(cat.entries)
    paths = write_catalogue(cat, tmp_path)
    with paths[1].open() as handle:
        values = list(csv.DictReader(handle))
    assert len(values) == len(cat.values)
    assert sum(int(v["count"]) for v in values) == len(cat.entries)
    for v in values:
        g = parse(v["form"])
        assert int(v["count_4"]) + int(v["count_5"]) == int(v["count"])
        first = tuple(map(int, v["first_position"].split()))
        assert catalogue_entry(first).value is g
    with paths[0].open() as handle:
        rows = list(csv.DictReader(handle))
    assert Counter(r["heaps"] for r in rows) == {"4": 81, "5": 32}
    for r in rows[::7]:
        position = tuple(map(int, r["position"].split()))
        assert parse(values[int(r["value_id"])]["form"]) is catalogue_entry(position).value


def test_the_shipped_catalogue() -> None:
    """The shipped summary is what the code computes (about 2 s), with the docs' figures."""
    found = summary(build_catalogue())
    shipped = json.loads((SHIPPED / "summary.json").read_text(encoding="utf-8"))
    assert json.loads(json.dumps(found)) == shipped
    assert shipped["4"]["distinct_values"] == 3143 and shipped["5"]["distinct_values"] == 2148
    assert "N" not in shipped["4"]["outcomes"]  # observed: no 4-heap row with piles <= 8 is N
    with (SHIPPED / "positions.csv").open() as handle:
        assert sum(1 for _ in handle) == 1 + 8**4 + 5**5
