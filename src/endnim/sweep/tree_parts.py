"""Big tree shapes cut into parts by the sum of their labels (issue 31: chunks are shapes, or
shape × label ranges for the big shapes).

A shape of n vertices has H^n labellings (labels 1..H); past :data:`PART_LABELLINGS` of them
the sweep cuts it into *parts*: the labellings whose labels add up to lo..hi (the beans), for
consecutive ranges covering n..n·H. The sum is the same on every labelling of an isomorphism
class, so each class falls whole into one part and keeps the representative the whole shape
would give it (the first labelling in lexicographic order): the union of the parts' trees is
the shape's trees, whoever computed which part.

Each part is a chunk of its own: stored (trees and a ``parts`` record, one transaction) with
its digest ``DIR/parts/NN/SSSS-BBBBB.json`` as soon as it is computed, so a big shape's work
survives an interruption part by part. When a shape's parts cover n..n·H, the shape is
*completed*: every part is checked against its digest, the shape's record and digest are
written as for a shape computed whole, and the parts' records and digests go. A store holds
the same trees, shape records and shape digests however its shapes were cut.

>>> label_parts(3, 2)
[(3, 6)]
>>> label_parts(4, 3, part_labellings=20)
[(4, 7), (8, 9), (10, 12)]
>>> missing_ranges(4, 3, [(4, 7)])
[(8, 12)]
>>> part_file(7, 10, 12)
'parts/07/0010-00012.json'
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from endnim.sweep.tree_integrity import PARTS, TREE_FORMAT, StoredRow

PART_LABELLINGS = 1 << 20
"""A shape with more labellings than this is cut into parts of about this many (about 6 s of
CPU each at 6 µs a labelling): ≤ 14 vertices with labels ≤ 3 are cut from 13 vertices on,
≤ 5 vertices with labels ≤ 25 into about nine parts per shape of 5."""

Beans = tuple[int, int]
"""A part: the labellings whose labels add up to lo..hi (both included)."""


def sum_counts(n: int, max_label: int) -> list[int]:
    """How many labellings of n vertices with labels 1..``max_label`` add up to each sum
    (index: the sum).

    >>> sum_counts(2, 2)
    [0, 0, 1, 2, 1]
    """
    counts = [1]
    for _ in range(n):
        step = [0] * (len(counts) + max_label)
        for total, ways in enumerate(counts):
            if ways:
                for label in range(1, max_label + 1):
                    step[total + label] += ways
        counts = step
    return counts


def label_parts(
    n: int, max_label: int, within: Beans | None = None, part_labellings: int = PART_LABELLINGS
) -> list[Beans]:
    """The parts of a shape of ``n`` vertices (of the bean range ``within``, default all of
    n..n·H): consecutive ranges of about ``part_labellings`` labellings each; one range when
    the shape is small.

    >>> label_parts(5, 25)[:2]
    [(5, 45), (46, 52)]
    >>> len(label_parts(5, 25))
    9
    """
    lo, hi = within if within is not None else (n, n * max_label)
    counts = sum_counts(n, max_label)
    if sum(counts[lo : hi + 1]) <= part_labellings:
        return [(lo, hi)]
    parts: list[Beans] = []
    start, held = lo, 0
    for total in range(lo, hi + 1):
        held += counts[total]
        if held >= part_labellings and total < hi:
            parts.append((start, total))
            start, held = total + 1, 0
    parts.append((start, hi))
    return parts


def missing_ranges(n: int, max_label: int, done: Iterable[Beans]) -> list[Beans]:
    """The bean ranges of a shape of ``n`` vertices that no part in ``done`` covers."""
    missing: list[Beans] = []
    at = n
    for lo, hi in sorted(done):
        if lo > at:
            missing.append((at, lo - 1))
        at = max(at, hi + 1)
    if at <= n * max_label:
        missing.append((at, n * max_label))
    return missing


def covers(n: int, max_label: int, parts: Sequence[Beans]) -> bool:
    """Whether ``parts`` cover n..n·H exactly, with no overlap."""
    at = n
    for lo, hi in sorted(parts):
        if lo != at or hi < lo:
            return False
        at = hi + 1
    return at == n * max_label + 1


def part_file(vertices: int, shape: int, lo: int) -> str:
    """The digest file of the part of a shape starting at ``lo`` beans, relative to the store.

    >>> part_file(13, 1200, 30)
    'parts/13/1200-00030.json'
    """
    return f"{PARTS}/{vertices:02d}/{shape:04d}-{lo:05d}.json"


def part_digest(
    max_label: int, vertices: int, shape: int, beans: Beans, rows: Iterable[StoredRow]
) -> str:
    """The SHA-256 of a part's stored trees (in notation order) and of what they are.

    >>> part_digest(2, 1, 0, (1, 1), [("1", "[1]", "[]", 1, 1)])[:12]
    '093ca7a0cdd9'
    """
    lo, hi = beans
    head = f"{TREE_FORMAT} labels<={max_label} n={vertices} s={shape} beans={lo}..{hi}\n"
    digest = hashlib.sha256(head.encode())
    for row in rows:
        digest.update(("\t".join(map(str, row)) + "\n").encode())
    return digest.hexdigest()


def read_part_digest(root: Path, n: int, shape: int, lo: int) -> dict[str, Any]:
    """The digest file of a part (empty when missing or unreadable)."""
    try:
        data = json.loads((root / part_file(n, shape, lo)).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def part_problem(
    root: Path,
    max_label: int,
    n: int,
    shape: int,
    beans: Beans,
    rows: Sequence[StoredRow],
    recorded: int,
) -> str | None:
    """What is wrong with a part's stored trees (None: they match its digest)."""
    digest = read_part_digest(root, n, shape, beans[0])
    where = f"the part of shape {shape} of {n} vertices with {beans[0]}..{beans[1]} beans"
    if not digest:
        return f"{where} has no readable digest {root / part_file(n, shape, beans[0])}"
    if (
        digest.get("sha256") != part_digest(max_label, n, shape, beans, rows)
        or digest.get("beans") != list(beans)
        or digest.get("trees") != len(rows)
        or recorded != len(rows)
    ):
        return f"{where} does not match its digest {root / part_file(n, shape, beans[0])}"
    return None


def part_files(root: Path) -> set[tuple[int, int, int]]:
    """(vertices, shape, lo) of every part digest file in the store in ``root``."""
    found = set()
    for path in (root / PARTS).glob("*/*.json"):
        shape, _, lo = path.stem.partition("-")
        if path.parent.name.isdigit() and shape.isdigit() and lo.isdigit():
            found.add((int(path.parent.name), int(shape), int(lo)))
    return found


__all__ = [
    "PARTS",
    "PART_LABELLINGS",
    "Beans",
    "covers",
    "label_parts",
    "missing_ranges",
    "part_digest",
    "part_file",
    "part_files",
    "part_problem",
    "read_part_digest",
    "sum_counts",
]
