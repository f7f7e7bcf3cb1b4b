"""Muller End-Nim: the closed forms of Horrocks, *Playing End-Nim with a Muller Twist* (2017).

The mover reduces (or removes) the first pile, then may reverse the row; normal play.

* Theorem 1: the P-positions are ``1^(2n)`` and ``1^n ω 1^m`` (n >= 1, n + m odd, ω non-empty
  with first and last heap not 1) — :func:`muller_decomposition`, :func:`muller_is_p`.
* Grundy values: one heap (Thm 2), all ones (Prop 2), first heap 1 (Prop 5), two heaps (Thm 3),
  three heaps (Thms 4 and 5, i.e. Props 6–12), ``m a ω b`` with a, b > m (Prop 13 as corrected
  in docs/errata.md), ``m a ω b`` with a < m, b >= m + 2 (Prop 14), every position ending in 1
  (Lemma 2, iterated right to left; Thm 6), bounds (Props 3, 4), Cor. 2.
* Conjectures 1–3 are open; :func:`conjecture_1` etc. only *check* them against a given value.

Everything runs in time linear in the number of piles and works at any pile size.

>>> muller_is_p((1, 7, 1, 1))
True
>>> MullerTheory().grundy((13, 10, 6))[0]
19
>>> [str(r) for r in MullerTheory().winning_moves((3, 7, 1))]
['L0r', 'L2r']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from endnim.theory.base import MoveRange, Piles, Reason, Theory
from endnim.theory.claims import claims_data, relations
from endnim.variants.base import reduce_end

PAPER = "Horrocks"

__all__ = [
    "MullerDecomposition",
    "MullerTheory",
    "conjecture_1",
    "conjecture_2",
    "conjecture_3",
    "corollary_2",
    "grundy_all_ones",
    "grundy_bounds",
    "grundy_ending_in_one",
    "grundy_first_heap_one",
    "grundy_prop_13",
    "grundy_prop_14",
    "grundy_single_heap",
    "grundy_theorem_6",
    "grundy_three_heaps",
    "grundy_two_heaps",
    "lemma_2_step",
    "muller_decomposition",
    "muller_grundy",
    "muller_is_p",
]


def _claims(
    piles: dict[str, tuple[int, int]], quantities: dict[str, int], *facts: str
) -> dict[str, Any]:
    """Data for a reason: each pile name with its (1-based index, size), the quantities it
    reads, and the relations it states (checked; see :mod:`endnim.theory.claims`)."""
    values = {name: size for name, (_, size) in piles.items()} | quantities
    return values | claims_data(
        {name: index for name, (index, _) in piles.items()}, relations(*facts), values
    )


# --------------------------------------------------------------------------- Theorem 1
@dataclass(frozen=True, slots=True)
class MullerDecomposition:
    """A row written as ``1^n ω 1^m`` (Horrocks Thm 1).

    ``omega_start``/``omega_end`` are the slice bounds of ω in the row (ω = ``piles[start:end]``);
    ``omega_first``/``omega_last`` its end heaps (both >= 2). For a row of ones only
    (``all_ones``), ω is empty, ``n`` is the length, ``m`` is 0 and the ω fields are ``None``
    for the heaps and ``length`` for the bounds.
    """

    length: int
    all_ones: bool
    n: int
    m: int
    omega_start: int
    omega_end: int
    omega_first: int | None
    omega_last: int | None

    @property
    def is_p(self) -> bool:
        """Horrocks Thm 1: ``1^(2n)``, or ``1^n ω 1^m`` with n >= 1 and n + m odd."""
        if self.all_ones:
            return self.length % 2 == 0
        return self.n >= 1 and (self.n + self.m) % 2 == 1

    def describe(self) -> str:
        """The decomposition in the paper's notation."""
        if self.all_ones:
            return f"1^{self.length}"
        return f"1^{self.n} ω 1^{self.m} (ω = heaps {self.omega_start + 1}..{self.omega_end})"


def muller_decomposition(piles: Piles) -> MullerDecomposition:
    """Split a row into ``1^n ω 1^m`` as in Horrocks (2017), Theorem 1 (linear time).

    >>> d = muller_decomposition((1, 1, 3, 4, 1))
    >>> d.n, d.m, d.omega_first, d.omega_last, d.is_p
    (2, 1, 3, 4, True)
    >>> muller_decomposition((1, 1)).all_ones
    True
    """
    length = len(piles)
    n = 0
    while n < length and piles[n] == 1:
        n += 1
    if n == length:
        return MullerDecomposition(length, True, length, 0, length, length, None, None)
    m = 0
    while piles[length - 1 - m] == 1:
        m += 1
    end = length - m
    return MullerDecomposition(length, False, n, m, n, end, piles[n], piles[end - 1])


def muller_is_p(piles: Piles) -> bool:
    """Whether ``piles`` is a P-position of Muller End-Nim (Horrocks 2017, Theorem 1).

    >>> muller_is_p(()), muller_is_p((1, 1)), muller_is_p((1, 5, 1)), muller_is_p((1, 5))
    (True, True, False, True)
    """
    return muller_decomposition(piles).is_p


def _outcome_reason(piles: Piles) -> tuple[str, Reason]:
    d = muller_decomposition(piles)
    parity = "even" if (d.length if d.all_ones else d.n + d.m) % 2 == 0 else "odd"
    data: dict[str, Any] = {
        "n": d.n,
        "m": d.m,
        "decomposition": d.describe(),
        "omega": None if d.all_ones else [d.omega_start, d.omega_end],
        "parity": parity,
    }
    if d.all_ones:
        data["length"] = d.length
        data |= claims_data({}, relations(f"length is {parity}"), {"length": d.length})
    elif d.n == 0:
        data |= _claims({"a_1": (1, piles[0])}, {}, "a_1 >= 2")
    else:
        data |= claims_data({}, relations("n >= 1", f"n + m is {parity}"), {"n": d.n, "m": d.m})
        if d.is_p:
            return "P", Reason(
                f"{PAPER} Thm 1", f"the row is 1^{d.length}, an even run of ones (set A)", data
            )
        return "N", Reason(
            f"{PAPER} Thm 1", f"the row is 1^{d.length}, an odd run of ones: not in A", data
        )
    if d.is_p:
        return "P", Reason(
            f"{PAPER} Thm 1",
            f"the row is {d.describe()} with n = {d.n} >= 1 and n + m = {d.n + d.m} odd (set B)",
            data,
        )
    if d.n == 0:
        return "N", Reason(
            f"{PAPER} Prop 1 / Thm 1",
            f"the first heap is {piles[0]} >= 2, and a P-position starts with 1",
            data,
        )
    return "N", Reason(
        f"{PAPER} Thm 1",
        f"the row is {d.describe()} with n + m = {d.n + d.m} even: not in B",
        data,
    )


# --------------------------------------------------------------------------- basic values
def grundy_single_heap(a: int) -> tuple[int, Reason]:
    """G(a) = a for one heap (Horrocks 2017, Theorem 2).

    >>> grundy_single_heap(7)[0]
    7
    """
    _check_heaps(a)
    return a, Reason(
        f"{PAPER} Thm 2", f"a single heap a = {a} has value a", _claims({"a": (1, a)}, {})
    )


def grundy_all_ones(n: int) -> tuple[int, Reason]:
    """G(1^n) = 0 for n even, 1 for n odd (Horrocks 2017, Proposition 2).

    >>> grundy_all_ones(4)[0], grundy_all_ones(5)[0]
    (0, 1)
    """
    if n < 1:
        raise ValueError("Prop 2 needs n >= 1")
    value = n % 2
    return value, Reason(
        f"{PAPER} Prop 2",
        f"1^{n} with n {'odd' if value else 'even'} has value {value}",
        _claims({}, {"n": n}, f"n is {'odd' if value else 'even'}"),
    )


def grundy_first_heap_one(piles: Piles) -> tuple[int, Reason]:
    """A row starting with 1 has value 0 or 1, so 0 if P and 1 if not
    (Horrocks 2017, Proposition 5 with Theorem 1).

    >>> grundy_first_heap_one((1, 4, 2))[0], grundy_first_heap_one((1, 4, 1))[0]
    (0, 1)
    """
    if not piles or piles[0] != 1:
        raise ValueError("Prop 5 needs a row whose first heap is 1")
    outcome, why = _outcome_reason(piles)
    value = 0 if outcome == "P" else 1
    return value, Reason(
        f"{PAPER} Prop 5 + Thm 1",
        f"the first heap is 1, so the value is 0 or 1; {why.statement}, so it is {value}",
        why.data,
    )


def grundy_bounds(piles: Piles) -> tuple[int, int, Reason]:
    """Lower and upper bounds ``a − 1 <= G <= 2a`` from the first heap a
    (Horrocks 2017, Propositions 3 and 4; Prop 5 sharpens the upper bound to 1 when a = 1).

    >>> grundy_bounds((4, 5))[:2], grundy_bounds((1, 9))[:2]
    ((3, 8), (0, 1))
    """
    if not piles:
        raise ValueError("the bounds need a non-empty row")
    _check_heaps(*piles[:1])
    a = piles[0]
    if a == 1:
        return (
            0,
            1,
            Reason(
                f"{PAPER} Props 3, 5",
                "the first heap is 1: value 0 or 1",
                _claims({"a": (1, 1)}, {}),
            ),
        )
    return (
        a - 1,
        2 * a,
        Reason(
            f"{PAPER} Props 3, 4",
            f"first heap a = {a}: a − 1 <= G <= 2a",
            _claims({"a": (1, a)}, {}),
        ),
    )


# --------------------------------------------------------------------------- two, three heaps
def grundy_two_heaps(a: int, b: int) -> tuple[int, Reason]:
    """G(a b) = a − 1 if a <= b, else a (Horrocks 2017, Theorem 3).

    >>> grundy_two_heaps(4, 5)[0], grundy_two_heaps(5, 4)[0]
    (3, 5)
    """
    _check_heaps(a, b)
    heaps = {"a": (1, a), "b": (2, b)}
    if a <= b:
        return a - 1, Reason(
            f"{PAPER} Thm 3", f"a = {a} <= b = {b}: G(a b) = a − 1", _claims(heaps, {}, "a <= b")
        )
    return a, Reason(
        f"{PAPER} Thm 3", f"a = {a} > b = {b}: G(a b) = a", _claims(heaps, {}, "a > b")
    )


def grundy_three_heaps(m: int, a: int, b: int) -> tuple[int, Reason]:
    """G(m a b) for every three-heap row (Horrocks 2017, Theorems 4 and 5, which restate
    Propositions 6, 8 (b > m) and 9, 10, 11, 12 (b <= m)).

    >>> grundy_three_heaps(13, 10, 6)[0], grundy_three_heaps(15, 3, 7)[0]
    (19, 21)
    >>> grundy_three_heaps(4, 6, 9)[1].theorem
    'Horrocks Thm 4 (Prop 6)'
    """
    _check_heaps(m, a, b)
    heaps = {"m": (1, m), "a": (2, a), "b": (3, b)}
    if b > m:
        if a <= m:
            return m, Reason(
                f"{PAPER} Thm 4 (Prop 8)",
                f"b = {b} > m = {m} and a = {a} <= m: G = m",
                _claims(heaps, {}, "b > m", "a <= m"),
            )
        return m - 1, Reason(
            f"{PAPER} Thm 4 (Prop 6)",
            f"a = {a} > m = {m} and b = {b} > m: G = m − 1",
            _claims(heaps, {}, "a > m", "b > m"),
        )
    if a <= b - 1:
        return m + b - 1, Reason(
            f"{PAPER} Thm 5 (Prop 12)",
            f"b = {b} <= m = {m} and a = {a} < b: G = m + b − 1",
            _claims(heaps, {}, "b <= m", "a < b"),
        )
    if a == b:
        if b < m:
            return m + b - 1, Reason(
                f"{PAPER} Thm 5 (Prop 12)",
                f"a = b = {b} < m = {m}: G = m + b − 1",
                _claims(heaps, {}, "a = b", "b < m"),
            )
        return m, Reason(
            f"{PAPER} Thm 5 (Prop 11)",
            f"a = b = m = {m}: G(m m m) = m",
            _claims(heaps, {}, "a = b", "b = m"),
        )
    if a <= m + b - 1:
        return m + b, Reason(
            f"{PAPER} Thm 5 (Prop 10)",
            f"b = {b} <= m = {m} and b + 1 <= a = {a} <= m + b − 1: G = m + b",
            _claims(heaps, {}, "b <= m", "a >= b + 1", "a <= m + b - 1"),
        )
    return m + b - 1, Reason(
        f"{PAPER} Thm 5 (Prop 9)",
        f"b = {b} <= m = {m} and a = {a} >= m + b: G = m + b − 1",
        _claims(heaps, {}, "b <= m", "a >= m + b"),
    )


def corollary_2(m: int, a: int, b: int) -> tuple[bool, Reason]:
    """Whether G(m a b) = 2m, the upper bound of Prop 4: iff m >= 2, m + 1 <= a <= 2m − 1 and
    b = m (Horrocks 2017, Corollary 2).

    >>> corollary_2(3, 5, 3)[0], corollary_2(3, 6, 3)[0]
    (True, False)
    """
    _check_heaps(m, a, b)
    holds = m >= 2 and m + 1 <= a <= 2 * m - 1 and b == m
    return holds, Reason(
        f"{PAPER} Cor 2",
        f"G(m a b) {'=' if holds else '≠'} 2m: needs m >= 2, m + 1 <= a <= 2m − 1, b = m",
        _claims({"m": (1, m), "a": (2, a), "b": (3, b)}, {}),
    )


# --------------------------------------------------------------------------- several heaps
def grundy_prop_13(piles: Piles) -> tuple[int, Reason] | None:
    """G(m a ω b) = m − 1 when a > m and b > m, ω possibly empty (Horrocks 2017,
    Proposition 13 as corrected in docs/errata.md: the printed statement drops the heap a).

    ``None`` when the hypotheses fail (fewer than 3 heaps, a <= m or b <= m).

    >>> grundy_prop_13((3, 5, 1, 1, 4))[0]
    2
    >>> grundy_prop_13((3, 2, 5)) is None
    True
    """
    if len(piles) < 3:
        return None
    m, a, b = piles[0], piles[1], piles[-1]
    if a > m and b > m:
        return m - 1, Reason(
            f"{PAPER} Prop 13 (corrected)",
            f"m a ω b with a = {a} > m = {m} and b = {b} > m: G = m − 1",
            _claims(
                {"m": (1, m), "a": (2, a), "b": (len(piles), b)},
                {"omega_length": len(piles) - 3},
                "a > m",
                "b > m",
            ),
        )
    return None


def grundy_prop_14(piles: Piles) -> tuple[int, Reason] | None:
    """G(m a ω b) = m when a < m, b >= m + 2 and ω is non-empty (Horrocks 2017,
    Proposition 14; its case a = m only says "m or m − 1").

    ``None`` when the hypotheses fail. (With b = m + 1 the result fails: docs/errata.md.)

    >>> grundy_prop_14((3, 2, 9, 5))[0]
    3
    >>> grundy_prop_14((3, 3, 9, 5)) is None
    True
    """
    if len(piles) < 4:
        return None
    m, a, b = piles[0], piles[1], piles[-1]
    if a < m and b >= m + 2:
        return m, Reason(
            f"{PAPER} Prop 14",
            f"m a ω b with a = {a} < m = {m}, b = {b} >= m + 2, ω non-empty: G = m",
            _claims(
                {"m": (1, m), "a": (2, a), "b": (len(piles), b)},
                {"omega_length": len(piles) - 3},
                "a < m",
                "b >= m + 2",
                "omega_length >= 1",
            ),
        )
    return None


def _prop_14_equal_run(piles: Piles) -> tuple[int, Reason] | None:
    """The case a = m of Prop 14, decided by iterating its proof.

    The proof shows G(m m ω b) = m if G(m ω b) = m − 1 and m − 1 if G(m ω b) >= m, whenever
    b >= m + 2 (and m ω b has at least two heaps). Strip the leading run m^k: the rest
    ``m ρ b`` has value m − 1 (ρ empty: Thm 3; ρ starting above m: Prop 13 / Thm 4) or m
    (ρ starting below m: Prop 14 / Thm 4), and each further m flips it.
    """
    length = len(piles)
    if length < 3:
        return None
    m, b = piles[0], piles[-1]
    if m < 2 or piles[1] != m or b < m + 2:
        return None
    k = 1
    while k < length - 1 and piles[k] == m:
        k += 1
    # piles = m^k ρ b, with ρ = piles[k:length-1] not starting with m
    if k == length - 1:
        base, via = m - 1, "Thm 3"
    elif piles[k] > m:
        base, via = m - 1, "Thm 4" if k == length - 2 else "Prop 13"
    else:
        base, via = m, "Thm 4" if k == length - 2 else "Prop 14"
    flips = k - 1
    value = base if flips % 2 == 0 else (2 * m - 1) - base
    return value, Reason(
        f"{PAPER} Prop 14 (proof, a = m, iterated)",
        f"m^{k} ρ b with m = {m}, b = {b} >= m + 2: G(m ρ b) = {base} by {via}, and each of the"
        f" {flips} further heaps m swaps m − 1 and m, so G = {value}",
        _claims(
            {"m": (1, m), "b": (length, b)}, {"run": k, "base": base}, "b >= m + 2", "run >= 2"
        ),
    )


def lemma_2_step(m: int, v: int) -> int:
    """G(m ω 1) from v = G(ω 1) for m >= 2: m + 1 if 2 <= v <= m, else m
    (Horrocks 2017, Lemma 2).

    >>> lemma_2_step(3, 2), lemma_2_step(3, 4), lemma_2_step(2, 0)
    (4, 3, 2)
    """
    if m < 2 or v < 0:
        raise ValueError("Lemma 2 needs m >= 2 and a Grundy value v >= 0")
    return m + 1 if 2 <= v <= m else m


def grundy_ending_in_one(piles: Piles) -> tuple[int, Reason]:
    """The value of any row ending in 1, by Lemma 2 applied right to left (Horrocks 2017,
    Lemma 2, with Thm 2 for the last heap and Prop 5 + Thm 1 for suffixes starting with 1).

    Linear time: one pass computes every suffix's value; a suffix starting with 1 is P or not
    by its run of leading ones and the row's run of trailing ones.

    >>> grundy_ending_in_one((2, 2, 1, 1))[0], grundy_ending_in_one((2, 2, 2, 1))[0]
    (3, 2)
    """
    length = len(piles)
    if length == 0 or piles[-1] != 1:
        raise ValueError("Lemma 2 needs a non-empty row ending in 1")
    _check_heaps(*piles)
    trailing = 0
    while trailing < length and piles[length - 1 - trailing] == 1:
        trailing += 1
    value = 1  # G(1) = 1 (Thm 2)
    ones_run = 1  # leading ones of the current suffix
    for i in range(length - 2, -1, -1):
        heap = piles[i]
        if heap == 1:
            ones_run += 1
            suffix_length = length - i
            if ones_run == suffix_length:
                is_p = suffix_length % 2 == 0
            else:
                is_p = (ones_run + trailing) % 2 == 1
            value = 0 if is_p else 1
        else:
            ones_run = 0
            value = heap + 1 if 2 <= value <= heap else heap
    first = piles[0]
    if first == 1:
        theorem, statement = f"{PAPER} Prop 5 + Thm 1", "the first heap is 1"
    elif length == 1:
        theorem, statement = f"{PAPER} Thm 2", "a single heap"
    else:
        theorem = f"{PAPER} Lemma 2"
        statement = (
            f"G(m ω 1) = m + 1 if 2 <= G(ω 1) <= m, else m, applied to each of the {length - 1}"
            f" suffixes from the right: G = {value}"
        )
    return value, Reason(
        theorem, statement, _claims({"m": (1, first)}, {"trailing_ones": trailing})
    )


def grundy_theorem_6(piles: Piles) -> tuple[int, Reason] | None:
    """G(m a ω 1) for m >= 2 and a != m: m if a = 1 or a > m, m + 1 if 2 <= a <= m − 1
    (Horrocks 2017, Theorem 6). ``None`` if the hypotheses fail (a = m gives "m or m + 1").

    >>> grundy_theorem_6((5, 3, 8, 1))[0], grundy_theorem_6((5, 7, 8, 1))[0]
    (6, 5)
    >>> grundy_theorem_6((2, 2, 1, 1)) is None
    True
    """
    if len(piles) < 3 or piles[-1] != 1 or piles[0] < 2 or piles[1] == piles[0]:
        return None
    m, a = piles[0], piles[1]
    heaps = {"m": (1, m), "a": (2, a)}
    if a == 1:
        return m, Reason(
            f"{PAPER} Thm 6",
            f"m a ω 1 with a = 1, m = {m} >= 2: G = m",
            _claims(heaps, {}, "a = 1", "m >= 2"),
        )
    if a < m:
        return m + 1, Reason(
            f"{PAPER} Thm 6",
            f"m a ω 1 with 2 <= a = {a} <= m − 1 = {m - 1}: G = m + 1",
            _claims(heaps, {}, "a >= 2", "a <= m - 1"),
        )
    return m, Reason(
        f"{PAPER} Thm 6", f"m a ω 1 with a = {a} > m = {m}: G = m", _claims(heaps, {}, "a > m")
    )


def muller_grundy(piles: Piles) -> tuple[int, Reason] | None:
    """The Grundy value when one of Horrocks' results fixes it, else ``None``
    (Horrocks 2017: Thms 1–6, Props 2, 5, 13, 14, Lemma 2).

    >>> muller_grundy((6, 8, 4, 3, 4, 5)) is None
    True
    >>> value, reason = muller_grundy((2, 2, 1, 1))
    >>> value, reason.theorem
    (3, 'Horrocks Lemma 2')
    """
    length = len(piles)
    if length == 0:
        return 0, Reason(f"{PAPER} §1", "the empty row is terminal (normal play): value 0")
    _check_heaps(*piles)
    if length == 1:
        return grundy_single_heap(piles[0])
    first = piles[0]
    if first == 1:
        d = muller_decomposition(piles)
        if d.all_ones:
            return grundy_all_ones(length)
        return grundy_first_heap_one(piles)
    if length == 2:
        return grundy_two_heaps(first, piles[1])
    if length == 3:
        return grundy_three_heaps(first, piles[1], piles[2])
    if piles[-1] == 1:
        return grundy_theorem_6(piles) or grundy_ending_in_one(piles)
    return grundy_prop_13(piles) or grundy_prop_14(piles) or _prop_14_equal_run(piles)


# --------------------------------------------------------------------------- conjectures
def conjecture_1(piles: Piles, value: int) -> bool:
    """Whether ``value`` (the Grundy value of ``piles``) respects Horrocks' Conjecture 1,
    G(a ω b) <= a + b + 1. OPEN (Horrocks 2017, §4): a check, never used as a value.
    A single heap (no ω b) is vacuously fine.

    >>> conjecture_1((3, 4, 1, 2, 2), 6), conjecture_1((3, 4, 1, 2, 2), 7)
    (True, False)
    """
    if len(piles) < 2:
        return True
    return value <= piles[0] + piles[-1] + 1


def conjecture_2(piles: Piles, value: int) -> bool:
    """Whether ``value`` respects Horrocks' Conjecture 2, G(a ω b) = a − 1 ⇒ a − b <= 1.
    OPEN (Horrocks 2017, §4): a check, never used as a value.

    >>> conjecture_2((5, 4, 2, 4), 4), conjecture_2((5, 4, 2, 3), 4)
    (True, False)
    """
    if len(piles) < 2 or value != piles[0] - 1:
        return True
    return piles[0] - piles[-1] <= 1


def conjecture_3(piles: Piles, value: int) -> bool:
    """Whether ``value`` respects Horrocks' Conjecture 3, G(m^n) = m − 1 (n even), m (n odd),
    on a row of equal heaps (other rows are vacuously fine). OPEN (Horrocks 2017, §4).

    >>> conjecture_3((4, 4, 4, 4), 3), conjecture_3((4, 4, 4), 3)
    (True, False)
    """
    if not piles or any(p != piles[0] for p in piles):
        return True
    m = piles[0]
    return value == (m - 1 if len(piles) % 2 == 0 else m)


# --------------------------------------------------------------------------- the theory
class MullerTheory(Theory):
    """Muller End-Nim (Horrocks 2017): outcome by Theorem 1, values where a result fixes them,
    and winning moves from the few candidates Prop 1 allows.

    >>> t = MullerTheory()
    >>> t.outcome((1, 5, 1, 1))[0], t.grundy((2, 7, 4))[0]
    ('P', 1)
    >>> [str(r) for r in t.winning_moves((9, 3, 1))]
    ['L0r', 'L2..8r']
    """

    variant_name = "muller"

    def outcome(self, piles: Piles) -> tuple[str, Reason]:
        """P or N by Horrocks (2017) Theorem 1, with the decomposition 1^n ω 1^m."""
        return _outcome_reason(tuple(piles))

    def grundy(self, piles: Piles) -> tuple[int, Reason] | None:
        """The value when a Horrocks result fixes it (see :func:`muller_grundy`)."""
        return muller_grundy(tuple(piles))

    def winning_moves(self, piles: Piles) -> list[MoveRange]:
        """Every move to a P-position (Horrocks 2017, Prop 1 and Thm 1).

        A P-position starts with 1, so the candidates are: new first heap 0 or 1 kept in
        order; or, reversed, new size 0, 1, or any size 2..x−1 (all alike for Thm 1, as the
        reduced heap ends the reversed row). Like the variant's options, a reversal that yields
        the same row as the plain move (a palindrome) is not a separate move.
        """
        piles = tuple(piles)
        if not piles:
            return []
        x = piles[0]
        result: list[MoveRange] = []
        for size in (0, 1):
            if size >= x:
                break
            plain = reduce_end(piles, "L", size)
            if muller_is_p(plain):
                result.append(MoveRange("L", size, size))
            flipped = plain[::-1]
            if len(piles) > 1 and flipped != plain and muller_is_p(flipped):
                result.append(MoveRange("L", size, size, reverse=True))
        # Reversed to rest^T followed by a heap s >= 2: P-ness does not depend on s, and such
        # a row is never a palindrome when it is P (it would start with s >= 2).
        if x >= 3 and len(piles) > 1 and muller_is_p(reduce_end(piles, "L", 2, reverse=True)):
            result.append(MoveRange("L", 2, x - 1, reverse=True))
        return result


def _check_heaps(*heaps: int) -> None:
    for heap in heaps:
        if heap < 1:
            raise ValueError(f"heaps are positive integers, not {heap}")
