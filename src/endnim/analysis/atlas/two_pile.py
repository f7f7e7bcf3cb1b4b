"""Two-pile misère and Loop tables, and three-pile x·w·y tables, against x ⊕ y.

Cairns–Ho determine the two-pile Grundy values of Loop-End-Nim (Prop 4.1) and only the cells of
value 1 of misère End-Nim (Prop 4.2), and the three-pile cells of value 1 (Thms 5.1–5.3) and
of End-Nim value 2 (Thm 5.4). This module computes the tables with the compiled engine
(a ≤ 1024 and b ≤ 1024 by default, 0.05 s a table) and checks statements on every cell, each a
:class:`Finding` labelled *proved* (with the argument in its text or docs/atlas.md) or
*observed* (on the stated range only):

* the papers' partial results on every cell of the range;
* ``misere-conway`` equals End-Nim except on the rows of ones 1ᵏ (proved): so its two-pile
  table is a ⊕ b except G(1, 1) = 1;
* End-Nim x·w·y = x ⊕ y whenever min(x, y) > w, for w ≤ 3 (observed);
* misère and Loop x·1·y = x ⊕ y (observed);
* how many cells of every other table differ from x ⊕ y.

>>> [f.holds for f in two_pile_findings(32)]
[True, True, True, True, True, True]
"""

from __future__ import annotations

import csv
import os
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from endnim.theory import cairns_ho

Table = npt.NDArray[np.int64]

THREE_PILE_VARIANTS = ("endnim", "misere", "misere-conway", "loop")
"""The rule sets of the three-pile comparison (Cairns–Ho's three games, both misère
conventions)."""

EXAMPLES = 8
"""Counterexamples (or exceptional cells) kept per finding."""


@dataclass(frozen=True)
class Finding:
    """A statement checked on every cell of a range."""

    name: str
    statement: str
    status: str  # "proved", "observed" or "theorem" (a paper's, re-checked)
    source: str
    range: str
    cells: int
    holds: bool
    counterexamples: list[list[int]] = field(default_factory=list)

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        return asdict(self)


def two_pile_table(variant: str, n: int) -> Table:
    """G(a, b) for 1 <= a, b <= n (the engine's table of a·b without the empty border).

    >>> two_pile_table("loop", 3).tolist()
    [[1, 2, 3], [2, 1, 4], [3, 4, 1]]
    """
    from endnim.engine import engine_table

    return engine_table(variant, [], n, n)[1:, 1:].astype(np.int64)


def three_pile_table(variant: str, middle: int, n: int) -> Table:
    """G(x, w, y) for 1 <= x, y <= n and the middle pile w.

    >>> three_pile_table("endnim", 1, 3).tolist()
    [[1, 2, 3], [2, 0, 1], [3, 1, 0]]
    """
    from endnim.engine import engine_table

    return engine_table(variant, [middle], n, n)[1:, 1:].astype(np.int64)


def nim_sum_table(n: int) -> Table:
    """x ⊕ y for 1 <= x, y <= n.

    >>> nim_sum_table(2).tolist()
    [[0, 3], [3, 0]]
    """
    x = np.arange(1, n + 1, dtype=np.int64)
    return x[:, None] ^ x[None, :]


def _cells(mask: npt.NDArray[np.bool_], *prefix: int, offset: int = 1) -> list[list[int]]:
    rows, cols = np.nonzero(mask)
    return [
        [*prefix, int(r) + offset, int(c) + offset]
        for r, c in zip(rows[:EXAMPLES], cols[:EXAMPLES], strict=True)
    ]


def _finding(
    name: str,
    statement: str,
    status: str,
    source: str,
    range_text: str,
    wrong: npt.NDArray[np.bool_],
    examples: list[list[int]] | None = None,
) -> Finding:
    bad = examples if examples is not None else _cells(wrong)
    return Finding(
        name, statement, status, source, range_text, int(wrong.size), not wrong.any(), bad
    )


def two_pile_findings(n: int = 1024) -> list[Finding]:
    """Every two-pile statement, checked on 1 <= a, b <= ``n``."""
    span = f"1 <= a, b <= {n}"
    nim = nim_sum_table(n)
    a = np.arange(1, n + 1, dtype=np.int64)[:, None]
    b = np.arange(1, n + 1, dtype=np.int64)[None, :]
    endnim = two_pile_table("endnim", n)
    conway = two_pile_table("misere-conway", n)
    misere = two_pile_table("misere", n)
    loop = two_pile_table("loop", n)
    conway_expected = nim.copy()
    conway_expected[0, 0] = 1
    prop42 = np.vectorize(cairns_ho.misere_two_pile_is_one)(a, b)
    return [
        _finding(
            "endnim-two-pile-nim",
            "End-Nim: G(a, b) = a ⊕ b",
            "proved",
            "two piles of End-Nim are two heaps of Nim (Albert–Nowakowski §2)",
            span,
            endnim != nim,
        ),
        _finding(
            "conway-two-pile",
            "misère (Conway convention): G(a, b) = a ⊕ b, except G(1, 1) = 1",
            "proved",
            "docs/atlas.md §3: Conway-misère and normal values differ only on rows of ones",
            span,
            conway != conway_expected,
        ),
        _finding(
            "loop-prop-4.1",
            "Loop: G(a, b) = ((a − 1) ⊕ (b − 1)) + 1",
            "theorem",
            "Cairns–Ho Prop 4.1",
            span,
            loop != ((a - 1) ^ (b - 1)) + 1,
        ),
        _finding(
            "misere-prop-4.2",
            "misère (Cairns–Ho convention): G(a, b) = 1 iff {a, b} = {1, 1} or "
            "a odd >= 3 and b = a + 1 (either order)",
            "theorem",
            "Cairns–Ho Prop 4.2",
            span,
            (misere == 1) != prop42,
        ),
        _finding(
            "misere-zeros",
            "misère (Cairns–Ho convention): G(a, b) = 0 iff a = b >= 2",
            "theorem",
            "Cairns–Ho Thm 2.2",
            span,
            (misere == 0) != ((a == b) & (a >= 2)),
        ),
        _finding(
            "misere-bounds",
            "misère (Cairns–Ho convention): |a − b| <= G(a, b) <= a + b − 1",
            "observed",
            "this atlas",
            span,
            (misere < abs(a - b)) | (misere > a + b - 1),
        ),
    ]


def two_pile_agreement(n: int = 1024) -> dict[str, dict[str, int]]:
    """Per rule set: cells of the two-pile table equal to a ⊕ b, and how many differ.

    >>> two_pile_agreement(4)["misere-conway"]
    {'cells': 16, 'equal_to_nim_sum': 15, 'different': 1, 'largest_value': 7}
    """
    nim = nim_sum_table(n)
    found: dict[str, dict[str, int]] = {}
    for variant in ("endnim", "misere", "misere-conway", "loop"):
        table = two_pile_table(variant, n)
        equal = int((table == nim).sum())
        found[variant] = {
            "cells": int(table.size),
            "equal_to_nim_sum": equal,
            "different": int(table.size) - equal,
            "largest_value": int(table.max()),
        }
    return found


# --------------------------------------------------------------------------- three piles
@dataclass(frozen=True)
class ThreePileRow:
    """How the table of x·w·y compares with x ⊕ y."""

    variant: str
    middle: int
    cells: int
    different: int
    different_with_min_above_w: int
    """Cells with min(x, y) > w where G(x, w, y) != x ⊕ y."""
    largest_value: int

    def to_dict(self) -> dict[str, object]:
        """Plain data for CSV and JSON."""
        return asdict(self)


def _band_predicate(
    predicate: Callable[[int, int, int], bool], middle: int, n: int
) -> npt.NDArray[np.bool_]:
    """The predicate on every cell: Cairns–Ho's value-1 and value-2 sets only contain cells
    with |x − y| <= 3 (their clauses fix a₃ − a₁ ∈ {0, 1, 2, 3}), so the rest is False."""
    mask = np.zeros((n, n), dtype=bool)
    for x in range(1, n + 1):
        for y in range(max(1, x - 3), min(n, x + 3) + 1):
            mask[x - 1, y - 1] = predicate(x, middle, y)
    return mask


THEOREMS: tuple[tuple[str, str, int, Callable[[int, int, int], bool], str], ...] = (
    ("endnim", "Cairns–Ho Thm 5.1", 1, cairns_ho.endnim_three_is_one, "End-Nim G = 1"),
    ("misere", "Cairns–Ho Thm 5.2", 1, cairns_ho.misere_three_is_one, "misère G = 1"),
    ("loop", "Cairns–Ho Thm 5.3", 1, cairns_ho.loop_three_is_one, "Loop G = 1"),
    ("endnim", "Cairns–Ho Thm 5.4", 2, cairns_ho.endnim_three_is_two, "End-Nim G = 2"),
)
"""(rule set, theorem, value, predicate, what it characterises)."""


def three_pile_study(
    n: int = 1024,
    middles: Iterable[int] = range(1, 9),
    variants: Iterable[str] = THREE_PILE_VARIANTS,
) -> tuple[list[ThreePileRow], list[Finding]]:
    """Compare every x·w·y table (1 <= x, y <= n) with x ⊕ y and check the three-pile
    statements on every cell.

    >>> rows, findings = three_pile_study(24, [1, 2])
    >>> all(f.holds for f in findings), rows[0].different
    (True, 47)
    """
    ws = list(middles)
    wanted = list(variants)
    nim = nim_sum_table(n)
    x = np.arange(1, n + 1, dtype=np.int64)
    small = np.minimum(x[:, None], x[None, :])
    rows: list[ThreePileRow] = []
    tables: dict[tuple[str, int], Table] = {}
    for variant in wanted:
        for w in ws:
            table = three_pile_table(variant, w, n)
            tables[variant, w] = table
            differs = table != nim
            rows.append(
                ThreePileRow(
                    variant,
                    w,
                    int(table.size),
                    int(differs.sum()),
                    int((differs & (small > w)).sum()),
                    int(table.max()),
                )
            )
    span = f"1 <= x, y <= {n}, w in {ws[0]}..{ws[-1]}" if ws else "no middle"
    findings: list[Finding] = []
    for variant, theorem, value, predicate, what in THEOREMS:
        if variant not in wanted:
            continue
        examples: list[list[int]] = []
        for w in ws:
            wrong = (tables[variant, w] == value) != _band_predicate(predicate, w, n)
            examples.extend(_cells(wrong, w))
        findings.append(
            Finding(
                f"{variant}-{theorem.split()[-1]}",
                f"{what} exactly on the cells the theorem lists (x·w·y)",
                "theorem",
                theorem,
                span,
                n * n * len(ws),
                not examples,
                [[c[1], c[0], c[2]] for c in examples[:EXAMPLES]],
            )
        )
    if "endnim" in wanted and "misere-conway" in wanted:
        examples = []
        for w in ws:
            expected = tables["endnim", w].copy()
            if w == 1:
                expected[0, 0] = 1 - expected[0, 0]  # the row of ones 1·1·1
            examples.extend(_cells(tables["misere-conway", w] != expected, w))
        findings.append(
            Finding(
                "conway-equals-endnim",
                "misère (Conway convention) x·w·y has End-Nim's value, except 1·1·1 (value 0, "
                "End-Nim 1)",
                "proved",
                "docs/atlas.md §3: Conway-misère and normal values differ only on rows of ones",
                span,
                n * n * len(ws),
                not examples,
                [[c[1], c[0], c[2]] for c in examples[:EXAMPLES]],
            )
        )
    if "endnim" in wanted:
        examples = []
        small_ws = [w for w in ws if w <= 3]
        for w in small_ws:
            examples.extend(_cells((tables["endnim", w] != nim) & (small > w), w))
        if small_ws:
            findings.append(
                Finding(
                    "endnim-small-middle-nim-sum",
                    "End-Nim: G(x, w, y) = x ⊕ y whenever min(x, y) > w, for w <= 3",
                    "observed",
                    "this atlas",
                    f"1 <= x, y <= {n}, w in {small_ws[0]}..{small_ws[-1]}",
                    n * n * len(small_ws),
                    not examples,
                    [[c[1], c[0], c[2]] for c in examples[:EXAMPLES]],
                )
            )
    for variant in ("misere", "loop"):
        if variant in wanted and 1 in ws:
            wrong = tables[variant, 1] != nim
            findings.append(
                Finding(
                    f"{variant}-middle-one-nim-sum",
                    f"{variant}: G(x, 1, y) = x ⊕ y",
                    "observed",
                    "this atlas",
                    f"1 <= x, y <= {n}",
                    n * n,
                    not wrong.any(),
                    [[c[0], 1, c[1]] for c in _cells(wrong)],
                )
            )
    return rows, findings


def exceptional_cells(
    variant: str, middle: int, n: int, limit: int = 20_000
) -> list[tuple[int, int, int, int]] | None:
    """The cells (x, y, G, x ⊕ y) where G(x, w, y) != x ⊕ y, or ``None`` if more than
    ``limit`` (then the set has no short description on this range).

    >>> exceptional_cells("endnim", 1, 3)
    [(1, 1, 1, 0), (1, 2, 2, 3), (1, 3, 3, 2), (2, 1, 2, 3), (3, 1, 3, 2)]
    """
    table = three_pile_table(variant, middle, n) if middle else two_pile_table(variant, n)
    nim = nim_sum_table(n)
    rows, cols = np.nonzero(table != nim)
    if rows.size > limit:
        return None
    return [
        (int(r) + 1, int(c) + 1, int(table[r, c]), int(nim[r, c]))
        for r, c in zip(rows, cols, strict=True)
    ]


def write_three_pile_rows(rows: list[ThreePileRow], path: str | os.PathLike[str]) -> Path:
    """The comparison as CSV (columns of :class:`ThreePileRow`)."""
    target = Path(path)
    with target.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(
            handle, fieldnames=list(ThreePileRow.__dataclass_fields__), lineterminator="\n"
        )
        writer.writeheader()
        for row in rows:
            writer.writerow(row.to_dict())
    return target
