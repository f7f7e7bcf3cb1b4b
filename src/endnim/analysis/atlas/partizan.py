"""The partizan catalogue: canonical forms of every End-Nim row of 4 and 5 heaps.

Albert–Nowakowski (2001) §3: "once positions arise with four or more heaps, the canonical
forms are not at all transparent". The catalogue lists every partizan End-Nim position of
4 heaps with piles ≤ 8 and of 5 heaps with piles ≤ 5 with its canonical form
(:func:`endnim.cgt.position_value`), outcome class, atomic weight and birthday, and every
distinct value with how often it occurs.

Two CSV files (load with ``pd.read_csv``):

* ``positions.csv`` — :data:`POSITION_COLUMNS`: the heaps (space-separated), their number,
  the value's id in ``values.csv``, outcome (L/R/N/P), atomic weight, birthday;
* ``values.csv`` — :data:`VALUE_COLUMNS`: id, the canonical form in CGSuite ASCII, how many
  positions have it (per number of heaps), the first position (in lexicographic order) with
  it, outcome, atomic weight, birthday, and the number-up-star triple when it is one.

>>> entry = catalogue_entry((3, 1, 2))
>>> entry.form, entry.outcome, entry.atomic_weight, entry.birthday
('{0|^*2,^^*3}', 'L', '2', 6)
"""

from __future__ import annotations

import csv
import itertools
import os
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from endnim.cgt import Game, NotAllSmallError, atomic_weight, outcome, position_value, to_ascii

RANGES: tuple[tuple[int, int], ...] = ((4, 8), (5, 5))
"""(number of heaps, largest pile) of the catalogue (issue 14)."""

POSITION_COLUMNS = ("position", "heaps", "value_id", "outcome", "atomic_weight", "birthday")
VALUE_COLUMNS = (
    "value_id",
    "form",
    "count",
    "count_4",
    "count_5",
    "first_position",
    "outcome",
    "atomic_weight",
    "birthday",
    "nus",
)


@dataclass(frozen=True)
class Entry:
    """One position of the catalogue."""

    position: tuple[int, ...]
    value: Game
    form: str
    outcome: str
    atomic_weight: str
    birthday: int


def weight_text(g: Game) -> str:
    """The atomic weight as text (CGSuite ASCII), or ``""`` if ``g`` is not all-small.

    >>> from endnim.cgt import parse
    >>> weight_text(parse("^")), weight_text(parse("1"))
    ('1', '')
    """
    try:
        return to_ascii(atomic_weight(g))
    except NotAllSmallError:
        return ""


def catalogue_entry(position: tuple[int, ...]) -> Entry:
    """The catalogue line of one partizan End-Nim position."""
    g = position_value(position)
    return Entry(position, g, to_ascii(g), outcome(g), weight_text(g), g.birthday)


def positions(ranges: Iterable[tuple[int, int]] = RANGES) -> list[tuple[int, ...]]:
    """Every row of ``heaps`` piles of size 1..``top``, lexicographically, per range.

    >>> positions([(2, 2)])
    [(1, 1), (1, 2), (2, 1), (2, 2)]
    """
    return [p for k, top in ranges for p in itertools.product(range(1, top + 1), repeat=k)]


@dataclass(frozen=True)
class Catalogue:
    """Every entry and the distinct values in order of first appearance."""

    entries: list[Entry]
    values: list[Game]
    counts: dict[int, Counter[int]]
    """heaps -> value id -> count."""

    def value_id(self) -> dict[int, int]:
        """Game id -> catalogue value id."""
        return {g.id: i for i, g in enumerate(self.values)}


def build_catalogue(
    ranges: Iterable[tuple[int, int]] = RANGES,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> Catalogue:
    """Compute the catalogue (about 2 s for the default ranges).

    >>> cat = build_catalogue([(2, 3)])
    >>> len(cat.entries), len(cat.values), cat.entries[0].form
    (9, 7, '0')
    """
    rows = positions(ranges)
    entries: list[Entry] = []
    values: list[Game] = []
    ids: dict[int, int] = {}
    counts: dict[int, Counter[int]] = {}
    for done, position in enumerate(rows, 1):
        entry = catalogue_entry(position)
        entries.append(entry)
        if entry.value.id not in ids:
            ids[entry.value.id] = len(values)
            values.append(entry.value)
        counts.setdefault(len(position), Counter())[ids[entry.value.id]] += 1
        if progress is not None and (done % 256 == 0 or done == len(rows)):
            progress(done, len(rows))
    return Catalogue(entries, values, counts)


def write_catalogue(catalogue: Catalogue, directory: str | os.PathLike[str]) -> list[Path]:
    """Write ``positions.csv`` and ``values.csv`` into ``directory``; returns their paths."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    ids = catalogue.value_id()
    first: dict[int, tuple[int, ...]] = {}
    with (out / "positions.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(POSITION_COLUMNS)
        for entry in catalogue.entries:
            vid = ids[entry.value.id]
            first.setdefault(vid, entry.position)
            writer.writerow(
                (
                    " ".join(map(str, entry.position)),
                    len(entry.position),
                    vid,
                    entry.outcome,
                    entry.atomic_weight,
                    entry.birthday,
                )
            )
    with (out / "values.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(VALUE_COLUMNS)
        for vid, g in enumerate(catalogue.values):
            by_heaps = [catalogue.counts.get(k, Counter())[vid] for k in (4, 5)]
            nus = "" if g.nus is None else f"{g.nus[0]} {g.nus[1]} {g.nus[2]}"
            writer.writerow(
                (
                    vid,
                    to_ascii(g),
                    sum(c[vid] for c in catalogue.counts.values()),
                    *by_heaps,
                    " ".join(map(str, first[vid])),
                    outcome(g),
                    weight_text(g),
                    g.birthday,
                    nus,
                )
            )
    return [out / "positions.csv", out / "values.csv"]


def summary(catalogue: Catalogue) -> dict[str, object]:
    """Counts per number of heaps: positions, distinct values, outcomes, atomic weights,
    birthdays, the commonest values (JSON-ready).

    >>> summary(build_catalogue([(2, 3)]))["2"]["distinct_values"]
    7
    """
    found: dict[str, object] = {}
    for heaps in sorted(catalogue.counts):
        entries = [e for e in catalogue.entries if len(e.position) == heaps]
        distinct = catalogue.counts[heaps]
        forms = [(to_ascii(catalogue.values[v]), n) for v, n in distinct.most_common(12)]
        weights = Counter(e.atomic_weight for e in entries)
        per_value_weights = Counter(weight_text(catalogue.values[v]) for v in distinct)
        found[str(heaps)] = {
            "positions": len(entries),
            "distinct_values": len(distinct),
            "outcomes": dict(sorted(Counter(e.outcome for e in entries).items())),
            "atomic_weights": dict(sorted(weights.items(), key=lambda kv: _weight_key(kv[0]))),
            "atomic_weights_of_values": dict(
                sorted(per_value_weights.items(), key=lambda kv: _weight_key(kv[0]))
            ),
            "birthdays": dict(sorted(Counter(e.birthday for e in entries).items())),
            "max_birthday": max(e.birthday for e in entries),
            "all_small": all(e.atomic_weight != "" for e in entries),
            "number_up_star_values": sum(
                1 for v in distinct if catalogue.values[v].nus is not None
            ),
            "values_shared_with_fewer_heaps": sum(
                1
                for v in distinct
                if any(v in catalogue.counts[k] for k in catalogue.counts if k < heaps)
            ),
            "commonest": forms,
        }
    return found


def _weight_key(text: str) -> tuple[int, float, str]:
    try:
        return (0, float(text), text)
    except ValueError:
        return (1, 0.0, text)
