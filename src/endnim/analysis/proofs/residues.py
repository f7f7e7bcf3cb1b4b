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
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from endnim.analysis.proofs.certificate import CHECK_BUDGET, Law

Array = npt.NDArray[np.int64]

RESIDUE_SPAN = 100_000_000
"""The most classes of k one hole's covering is decided over (an array of flags)."""

TOO_WIDE = 1 << 62
"""A hole's lcm of moduli at or past this is kept as this (the int64 lcm would overflow)."""


class ResiduesTooWide(Exception):
    """A hole's covering classes repeat only after more than :data:`RESIDUE_SPAN` steps."""

    def __init__(self, span: int) -> None:
        super().__init__(span)
        self.span = span


class ResiduesTooDear(Exception):
    """The holes no single input covers cost more than :data:`CHECK_BUDGET` steps in all."""

    def __init__(self, cost: int) -> None:
        super().__init__(cost)
        self.cost = cost


def _offsets(row: Array, law: Law) -> Array:
    """d(ρ) = u(b) − b for b ≡ ρ (mod p), b past the preperiod: the row's offsets by residue."""
    p = law.period
    columns = np.arange(law.preperiod, law.preperiod + p, dtype=np.int64)
    found = np.empty(p, np.int64)
    found[columns % p] = row[law.preperiod : law.preperiod + p] - columns
    return found


def _holes(values: Array, where: Array, mex: Array, start: int, delta: int) -> tuple[Array, Array]:
    """Every hole of the phases β = start..start + Δ − 1: its β and its offset h − β (h from
    the mex up to v(β), not taken before β), in arrays, a block of phases at a time.

    >>> values = np.array([0, 3, 1, 2, 5]); where = np.full(6, 9); where[values] = range(5)
    >>> [a.tolist() for a in _holes(values, where, np.array([0, 0, 0, 2, 4]), 1, 2)]
    [[1, 1], [0, 1]]
    """
    found_b: list[Array] = []
    found_t: list[Array] = []
    for first in range(start, start + delta, 1 << 16):
        beta = np.arange(first, min(first + (1 << 16), start + delta), dtype=np.int64)
        low = mex[beta]
        count = np.maximum(values[beta] - low, 0)
        b = np.repeat(beta, count)
        h = np.repeat(low - np.cumsum(count) + count, count) + np.arange(b.size, dtype=np.int64)
        free = where[h] >= b
        found_b.append(b[free])
        found_t.append(h[free] - b[free])
    empty = np.zeros(0, np.int64)
    return (
        np.concatenate(found_b) if found_b else empty,
        np.concatenate(found_t) if found_t else empty,
    )


def covered_by_residues(
    values: Array,
    where: Array,
    mex: Array,
    start: int,
    delta: int,
    group: Sequence[Array],
    laws: Sequence[Law],
    limit: int | None = None,
    budget: int | None = None,
    walk: Callable[[], bool] | None = None,
) -> bool:
    """Whether from ``start`` on the input rows ``group`` (laws ``laws``, saltus = period) give
    the row the values its repeated state predicts (the module's two conditions); raises
    :class:`ResiduesTooWide` if a hole needs more than ``limit`` classes (default
    :data:`RESIDUE_SPAN`), :class:`ResiduesTooDear` if the holes no single input covers need
    more than ``budget`` steps in all (default :data:`CHECK_BUDGET`).

    All holes at once: an input whose offsets are one value t on a whole class ρ ≡ β (mod g)
    covers every k of a hole t at β by itself; a hole whose inputs' classes are fewer than
    the lcm of their moduli (counted from sorted keys) is missed at some k; only the others
    are decided, by reading each input's offset at every k below that lcm (:func:`_every_k`),
    or by ``walk`` if given (the column walk over the lcm of all: the same answer, faster where
    it is short), once the budget is known to suffice."""
    widest = RESIDUE_SPAN if limit is None else limit
    allowed = CHECK_BUDGET if budget is None else budget
    beta = np.arange(start, start + delta, dtype=np.int64)
    wanted = values[start : start + delta] - beta  # v(β) − β
    steps = delta + int(np.maximum(values[beta] - mex[beta], 0).sum())  # as the checker counts
    hole_b, hole_t = _holes(values, where, mex, start, delta)
    inputs = []  # per input: m, g, its offsets by residue, their keys (class, offset) sorted
    left = np.ones(hole_b.size, dtype=bool)
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
        by_class = offsets.reshape(m, g)  # [j, c] = d(c + j·g): column c is the class c
        constant = (by_class == by_class[0]).all(axis=0)
        phase = hole_b % g
        left &= ~(constant[phase] & (by_class[0][phase] == hole_t))  # this input alone
        keys = classes * width + offsets - low
        inputs.append((m, g, offsets, np.sort(keys), low, width))
    hole_b, hole_t = hole_b[left], hole_t[left]
    span = np.ones(hole_b.size, dtype=np.int64)  # the lcm of the moduli of the inputs that hit
    marks = np.zeros(hole_b.size, dtype=np.float64)  # Σ classes / m: below 1, some k is missed
    counts = []  # per input: how many of its residues have each hole's (class, offset)
    for m, g, _, keys, low, width in inputs:
        inside = (hole_t - low >= 0) & (hole_t - low < width)
        key = (hole_b % g) * width + hole_t - low
        first = np.searchsorted(keys, key, "left")
        last = np.searchsorted(keys, key, "right")
        count = np.where(inside, last - first, 0)
        common = np.gcd(span, m)
        huge = (span >= TOO_WIDE) | ((span // common).astype(np.float64) * m >= TOO_WIDE)
        grown = np.where(huge, TOO_WIDE, span // common * np.where(huge, 1, m))
        span = np.where(count > 0, grown, span)
        marks += count / m
        counts.append(count)
    if (marks < 1 - 1e-9).any():
        return False  # condition 2: too few classes to cover every k (a float, on the safe side)
    wide = span > widest
    steps += int(span[~wide].sum())
    if steps > allowed:
        raise ResiduesTooDear(steps)
    if walk is not None:
        return walk()
    narrow = [count[~wide] for count in counts]
    if not _every_k(hole_b[~wide], hole_t[~wide], span[~wide], delta, inputs, narrow):
        return False
    if wide.any():
        raise ResiduesTooWide(int(span[wide].max()))
    return True


BLOCK = 1 << 22
"""(hole, k) pairs decided at once by :func:`_every_k`."""


def _every_k(
    hole_b: Array,
    hole_t: Array,
    span: Array,
    delta: int,
    inputs: list[tuple[int, int, Array, Array, int, int]],
    counts: list[Array],
) -> bool:
    """Condition 2 for the holes no single input covers: at each k < the lcm of the moduli of
    the inputs that hit (``span``; beyond it the classes repeat) some input has the offset t at
    column β + kΔ, i.e. d((β + kΔ) mod p) = t. Holes with the same lcm are decided together, a
    block of at most :data:`BLOCK` (hole, k) pairs at a time, each input that hits one of them
    read at every pair."""
    order = np.argsort(span, kind="stable")
    ordered = span[order]
    for width in np.unique(span).tolist():
        group = order[np.searchsorted(ordered, width) : np.searchsorted(ordered, width, "right")]
        holes = max(1, BLOCK // width)
        for first in range(0, group.size, holes):
            part = group[first : first + holes]
            beta, t = hole_b[part, None], hole_t[part, None]
            hitting = [
                (m * g, d) for (m, g, d, *_), n in zip(inputs, counts, strict=True) if n[part].any()
            ]
            for low in range(0, width, BLOCK):  # k in blocks too: one hole may need 10⁸
                k = np.arange(low, min(width, low + BLOCK), dtype=np.int64)[None, :] * delta
                covered = np.zeros((part.size, k.shape[1]), dtype=bool)
                for p, offsets in hitting:
                    covered |= offsets[(beta + k) % p] == t
                if not covered.all():
                    return False
    return True
