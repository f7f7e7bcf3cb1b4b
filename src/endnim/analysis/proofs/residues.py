"""The prover's joint check of crossing input rows, decided per residue class (no column walk).

From the column b₁ = ``start`` on a row repeats its state shifted by Δ every Δ columns (by
induction, as long as its inputs let it). An input row of period p and saltus p is
u(b) = b + d(b mod p) from its preperiod on, so at b = β + kΔ (b₁ ≤ β < b₁ + Δ, k ≥ 0) its
value shifted back, u(b) − kΔ, is β + d(ρ) with ρ = (β + kΔ) mod p. As k runs, ρ runs over
exactly the residues ρ ≡ β (mod g), g = gcd(Δ, p), and ρ depends on k mod m = p / g only:
k ≡ (ρ − β)/g · (Δ/g)⁻¹ (mod m) (Chinese remainders; docs/atlas.md, "The joint check by
residue classes"). So the row's predicted value v(β) + kΔ holds at every k iff

1. no input has d(ρ) = v(β) − β for a residue ρ ≡ β (mod g) (else it is taken at some k), and
2. every hole h at β (a value mex(β) ≤ h < v(β) the row has not taken before β) is an input's
   value at every k: the classes of k (mod that input's m) at which some input has
   d(ρ) = h − β cover every k modulo the lcm of those m.

This decides what the column walk (:func:`~endnim.analysis.proofs.rows._covered`) decides over
lcm(Δ, periods) columns, with work of the order of the periods and of the lcm of the few m that
cover one hole; the checker decides it again with its own code
(:func:`~endnim.analysis.proofs.checker._predicted`).

>>> import numpy as np
>>> from endnim.analysis.proofs.certificate import Law
>>> row = np.array([1, 0, 3, 2, 5, 4, 7, 6, 9, 8])       # 1 ⊕ b: period 2, saltus 2
>>> values = np.array([0, 2, 3, 4, 5, 6, 7, 8, 9, 10])   # a row above it
>>> where = np.full(12, 11); where[values] = np.arange(10)
>>> from endnim.analysis.proofs.rows import mex_prefix
>>> covered_by_residues(values, where, mex_prefix(values), 2, 1, [row], [Law(0, 2, 2)], 10**6)
False
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from endnim.analysis.proofs.certificate import Law

Array = npt.NDArray[np.int64]

RESIDUE_SPAN = 100_000_000
"""The most classes of k one hole's covering is decided over (an array of flags)."""


class ResiduesTooWide(Exception):
    """A hole's covering classes repeat only after more than :data:`RESIDUE_SPAN` steps."""

    def __init__(self, span: int) -> None:
        super().__init__(span)
        self.span = span


def _offsets(row: Array, law: Law) -> Array:
    """d(ρ) = u(b) − b for b ≡ ρ (mod p), b past the preperiod: the row's offsets by residue."""
    p = law.period
    columns = np.arange(law.preperiod, law.preperiod + p, dtype=np.int64)
    found = np.empty(p, np.int64)
    found[columns % p] = row[law.preperiod : law.preperiod + p] - columns
    return found


def covered_by_residues(
    values: Array,
    where: Array,
    mex: Array,
    start: int,
    delta: int,
    group: Sequence[Array],
    laws: Sequence[Law],
    limit: int | None = None,
) -> bool:
    """Whether from ``start`` on the input rows ``group`` (laws ``laws``, saltus = period) give
    the row the values its repeated state predicts (the module's two conditions); raises
    :class:`ResiduesTooWide` if a hole needs more than ``limit`` classes (default
    :data:`RESIDUE_SPAN`)."""
    widest = RESIDUE_SPAN if limit is None else limit
    beta = np.arange(start, start + delta, dtype=np.int64)
    wanted = values[start : start + delta] - beta  # v(β) − β
    holes: list[tuple[int, Array]] = []  # per β with holes: β and the holes' offsets h − β
    for phase in range(delta):
        b = start + phase
        low, high = int(mex[b]), int(values[b])
        if high > low:
            free = np.flatnonzero(where[low:high] >= b)
            if free.size:
                holes.append((b, free.astype(np.int64) + low - b))
    tables = []  # per input: m, g, (Δ/g)⁻¹ mod m and {(ρ mod g, d(ρ)): residues ρ}
    for row, law in zip(group, laws, strict=True):
        p = law.period
        g = math.gcd(delta, p)
        m = p // g
        offsets = _offsets(row, law)
        classes = np.arange(p, dtype=np.int64) % g
        low = min(int(offsets.min()), int(wanted.min()))
        width = max(int(offsets.max()), int(wanted.max())) - low + 1
        if np.isin((beta % g) * width + wanted - low, classes * width + offsets - low).any():
            return False  # condition 1: the predicted value is this input's value at some k
        by_key: dict[tuple[int, int], list[int]] = {}
        for rho, (c, d) in enumerate(zip(classes.tolist(), offsets.tolist(), strict=True)):
            by_key.setdefault((c, d), []).append(rho)
        inverse = pow(delta // g, -1, m) if m > 1 else 0
        tables.append((m, g, inverse, by_key))
    for b, offsets_wanted in holes:
        for t in offsets_wanted.tolist():
            if not _always(tables, b, t, widest):
                return False
    return True


def _always(
    tables: list[tuple[int, int, int, dict[tuple[int, int], list[int]]]],
    b: int,
    t: int,
    limit: int,
) -> bool:
    """Condition 2 for one hole: some input has offset ``t`` at b + kΔ for every k ≥ 0."""
    sets: list[tuple[int, set[int]]] = []
    for m, g, inverse, by_key in tables:
        found = by_key.get((b % g, t))
        if not found:
            continue
        ks = {(rho - b) // g * inverse % m for rho in found}
        if len(ks) == m:
            return True
        sets.append((m, ks))
    if not sets:
        return False
    span = math.lcm(*(m for m, _ in sets))
    if sum(len(ks) * (span // m) for m, ks in sets) < span:
        return False  # fewer marks than classes: some k is missed
    if span > limit:
        raise ResiduesTooWide(span)
    flags = np.zeros(span, dtype=bool)
    for m, ks in sets:
        for k in ks:
            flags[k::m] = True
    return bool(flags.all())
