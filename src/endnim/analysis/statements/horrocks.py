"""The statements of Horrocks, Playing End-Nim with a Muller Twist (2017), as data
(mirrors ``endnim.theory.horrocks``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from endnim.analysis.statements.base import (
    ROWS,
    ROWS_SMALL,
    THREE,
    TWO,
    Box,
    Check,
    Lookup,
    Piles,
    Statement,
    _implies,
)
from endnim.theory import horrocks as hz
from endnim.variants import get_variant

TWO_HEAP_TABLE: tuple[tuple[int, ...], ...] = (
    (0, 0, 0, 0, 0, 0, 0, 0, 0),
    (2, 1, 1, 1, 1, 1, 1, 1, 1),
    (3, 3, 2, 2, 2, 2, 2, 2, 2),
    (4, 4, 4, 3, 3, 3, 3, 3, 3),
    (5, 5, 5, 5, 4, 4, 4, 4, 4),
    (6, 6, 6, 6, 6, 5, 5, 5, 5),
    (7, 7, 7, 7, 7, 7, 6, 6, 6),
    (8, 8, 8, 8, 8, 8, 8, 7, 7),
    (9, 9, 9, 9, 9, 9, 9, 9, 8),
)
"""Horrocks (2017) §3.2: the values of ab, row a, column b, 1 <= a, b <= 9."""

FOUR_AB_TABLE: tuple[tuple[int, ...], ...] = (
    (4, 5, 6, 7, 4, 4, 4, 4, 4),
    (5, 5, 6, 7, 4, 4, 4, 4, 4),
    (5, 6, 6, 7, 4, 4, 4, 4, 4),
    (5, 6, 7, 4, 4, 4, 4, 4, 4),
    (4, 6, 7, 8, 3, 3, 3, 3, 3),
    (4, 5, 7, 8, 3, 3, 3, 3, 3),
    (4, 5, 6, 8, 3, 3, 3, 3, 3),
    (4, 5, 6, 7, 3, 3, 3, 3, 3),
    (4, 5, 6, 7, 3, 3, 3, 3, 3),
)
"""Horrocks (2017) §3.3: the values of 4ab, row a, column b, 1 <= a, b <= 9."""


PROP_14_EXAMPLES: dict[Piles, int] = {(2, 2, 1, 4): 1, (2, 2, 3, 4): 2}
THEOREM_6_EXAMPLES: dict[Piles, int] = {(2, 2, 1, 1): 3, (2, 2, 2, 1): 2}


def _option_values(p: Piles, G: Lookup) -> dict[Piles, Any]:
    return {tuple(child): G(tuple(child)) for _, child in get_variant("muller").options(p)}


def _example_13_10_6(p: Piles, v: Any, G: Lookup) -> bool:
    expected: dict[Piles, int] = {(k, 10, 6): k + 6 for k in range(6, 13)}
    expected |= {(k, 10, 6): k - 1 for k in range(1, 6)}
    expected |= {(6, 10, j): 5 for j in range(7, 13)}
    expected |= {(6, 10, 6): 12, (6, 10, 5): 11}
    expected |= {(6, 10, 4): 9, (6, 10, 3): 8, (6, 10, 2): 7, (6, 10, 1): 6}
    expected |= {(10, 6): 10, (6, 10): 5}
    return v == 19 and _option_values(p, G) == expected


def _example_15_3_7(p: Piles, v: Any, G: Lookup) -> bool:
    expected: dict[Piles, int] = {(k, 3, 7): k + 6 for k in range(7, 15)}
    expected |= {(k, 3, 7): k for k in range(3, 7)}
    expected |= {(2, 3, 7): 1, (1, 3, 7): 0}
    expected |= {(7, 3, j): 7 for j in range(8, 15)}
    expected |= {(7, 3, j): j + 6 for j in range(3, 8)}
    expected |= {(7, 3, 2): 9, (7, 3, 1): 8}
    expected |= {(3, 7): 2, (7, 3): 7}
    return v == 21 and _option_values(p, G) == expected


def _lemma_1(p: Piles, v: Any, G: Lookup) -> bool | None:
    rules = get_variant("muller")
    children = {tuple(c) for _, c in rules.options(p)}
    applicable = False
    for child in children:
        grandchildren = {tuple(c) for _, c in rules.options(child)}
        if grandchildren <= children:
            applicable = True
            if not v > G(child):
                return False
    return True if applicable else None


def _theorem_5(p: Piles, v: Any, G: Lookup) -> bool | None:
    m, a, b = p
    if b > m:
        return None
    if a <= b - 1 or a == b < m:  # the first two cases
        expected = m + b - 1
    elif a == b == m:
        expected = m
    elif b + 1 <= a <= m + b - 1:
        expected = m + b
    else:  # a >= m + b
        expected = m + b - 1
    return bool(v == expected)


def _prop_14(p: Piles, v: Any, G: Lookup, least_b: int) -> bool | None:
    if len(p) < 4:
        return None
    m, a, b = p[0], p[1], p[-1]
    if not (a <= m and b >= m + least_b):
        return None
    return bool(v == m) if a < m else v in (m, m - 1)


def _lemma_2(p: Piles, v: Any, G: Lookup) -> bool | None:
    if len(p) < 2 or p[-1] != 1 or p[0] < 2:
        return None
    m, rest = p[0], G(p[1:])
    return bool(v == (m + 1 if 2 <= rest <= m else m))


def _theorem_6(p: Piles, v: Any, G: Lookup) -> bool | None:
    if len(p) < 3 or p[-1] != 1 or p[0] < 2:
        return None
    m, a = p[0], p[1]
    if a == 1:
        return bool(v == m)
    if a <= m - 1:
        return bool(v == m + 1)
    if a == m:
        return v in (m, m + 1)
    return bool(v == m)


def _by_heaps(p: Piles) -> tuple[int, int, Piles]:
    return (len(p), sum(p), p)


def _by_beans(p: Piles) -> tuple[int, int, Piles]:
    return (sum(p), len(p), p)


def _smallest(
    example: Piles, meets: Callable[[Piles, Any], bool], order: Callable[[Piles], Any]
) -> Check:
    """'example is the smallest position meeting the bound' (in ``order``)."""

    def check(p: Piles, v: Any, G: Lookup) -> bool | None:
        if p == example:
            return meets(p, v)
        if not meets(p, v):
            return None
        return bool(order(p) > order(example))

    return check


def _meets_conjecture_1(p: Piles, v: Any) -> bool:
    return len(p) >= 2 and v == p[0] + p[-1] + 1


def _meets_conjecture_2(p: Piles, v: Any) -> bool:
    return len(p) >= 2 and v == p[0] - 1 and p[0] - p[-1] == 1


HORROCKS: tuple[Statement, ...] = (
    Statement(
        "horrocks/options-371",
        "horrocks",
        "§1 example 3 7 1",
        "Given the position 3 7 1, a player presents one of 2 7 1, 1 7 2, 1 7 1, 7 1 or 1 7.",
        "muller",
        lambda p, v, G: (
            set(_option_values(p, G)) == {(2, 7, 1), (1, 7, 2), (1, 7, 1), (7, 1), (1, 7)}
        ),
        positions=((3, 7, 1),),
    ),
    Statement(
        "horrocks/prop-1",
        "horrocks",
        "Proposition 1",
        "If a1 a2 ... an is a P-position then a1 = 1.",
        "muller",
        lambda p, v, G: _implies(v == 0, p[0] == 1),
        ROWS,
    ),
    Statement(
        "horrocks/thm-1",
        "horrocks",
        "Theorem 1",
        "The P-positions are 1^(2n) (n >= 0) and 1^n ω 1^m with n >= 1, m >= 0, n + m odd, "
        "ω non-empty with first and last heaps not 1.",
        "muller",
        lambda p, v, G: hz.muller_is_p(p) == (v == 0),
        ROWS,
    ),
    Statement(
        "horrocks/thm-2",
        "horrocks",
        "Theorem 2",
        "For all a >= 1, G(a) = a.",
        "muller",
        lambda p, v, G: v == p[0],
        (Box(1, 1, 500),),
    ),
    Statement(
        "horrocks/prop-2",
        "horrocks",
        "Proposition 2",
        "G(1^n) = 0 if n is even, 1 if n is odd.",
        "muller",
        lambda p, v, G: v == len(p) % 2,
        positions=tuple((1,) * n for n in range(1, 41)),
    ),
    Statement(
        "horrocks/lemma-1",
        "horrocks",
        "Lemma 1",
        "If G has an option H and every option of H is also an option of G, then G(G) > G(H).",
        "muller",
        _lemma_1,
        (Box(1, 4, 5),),
    ),
    Statement(
        "horrocks/prop-3",
        "horrocks",
        "Proposition 3",
        "If a is the first heap of α then G(α) >= a − 1.",
        "muller",
        lambda p, v, G: v >= p[0] - 1,
        ROWS,
    ),
    Statement(
        "horrocks/prop-3-examples",
        "horrocks",
        "Proposition 3, examples",
        "4 5, 2 7 4, 6 8 3 2 7 and 3 5 1 7 2 3 attain the lower bound a − 1.",
        "muller",
        lambda p, v, G: v == p[0] - 1,
        positions=((4, 5), (2, 7, 4), (6, 8, 3, 2, 7), (3, 5, 1, 7, 2, 3)),
    ),
    Statement(
        "horrocks/prop-4",
        "horrocks",
        "Proposition 4",
        "If a is the first heap of α then G(α) <= 2a.",
        "muller",
        lambda p, v, G: v <= 2 * p[0],
        ROWS,
    ),
    Statement(
        "horrocks/prop-4-examples",
        "horrocks",
        "Proposition 4, examples",
        "3 5 3, 5 4 8 5 and 7 7 7 1 2 6 attain the upper bound 2a.",
        "muller",
        lambda p, v, G: v == 2 * p[0],
        positions=((3, 5, 3), (5, 4, 8, 5), (7, 7, 7, 1, 2, 6)),
    ),
    Statement(
        "horrocks/prop-5",
        "horrocks",
        "Proposition 5",
        "The value of a position whose first heap has size 1 is 0 or 1.",
        "muller",
        lambda p, v, G: _implies(p[0] == 1, v in (0, 1)),
        ROWS,
    ),
    Statement(
        "horrocks/table-ab",
        "horrocks",
        "§3.2 table of ab",
        "The values of the positions ab for 1 <= a, b <= 9 are as printed.",
        "muller",
        lambda p, v, G: v == TWO_HEAP_TABLE[p[0] - 1][p[1] - 1],
        positions=tuple((a, b) for a in range(1, 10) for b in range(1, 10)),
    ),
    Statement(
        "horrocks/thm-3",
        "horrocks",
        "Theorem 3",
        "G(ab) = a − 1 if a <= b, and a if a > b.",
        "muller",
        lambda p, v, G: v == (p[0] - 1 if p[0] <= p[1] else p[0]),
        TWO,
    ),
    Statement(
        "horrocks/table-4ab",
        "horrocks",
        "§3.3 table of 4ab",
        "The values of the positions 4ab for 1 <= a, b <= 9 are as printed.",
        "muller",
        lambda p, v, G: v == FOUR_AB_TABLE[p[1] - 1][p[2] - 1],
        positions=tuple((4, a, b) for a in range(1, 10) for b in range(1, 10)),
    ),
    Statement(
        "horrocks/prop-6",
        "horrocks",
        "Proposition 6",
        "If a > m and b > m then G(mab) = m − 1.",
        "muller",
        lambda p, v, G: _implies(p[1] > p[0] and p[2] > p[0], v == p[0] - 1),
        THREE,
    ),
    Statement(
        "horrocks/prop-7",
        "horrocks",
        "Proposition 7",
        "If G(mab) = m − 1 then a > m and b > m.",
        "muller",
        lambda p, v, G: _implies(v == p[0] - 1, p[1] > p[0] and p[2] > p[0]),
        THREE,
    ),
    Statement(
        "horrocks/cor-1",
        "horrocks",
        "Corollary 1",
        "If a <= m or b <= m then G(mab) >= m.",
        "muller",
        lambda p, v, G: _implies(p[1] <= p[0] or p[2] <= p[0], v >= p[0]),
        THREE,
    ),
    Statement(
        "horrocks/prop-8",
        "horrocks",
        "Proposition 8",
        "If a <= m and b > m then G(mab) = m.",
        "muller",
        lambda p, v, G: _implies(p[1] <= p[0] < p[2], v == p[0]),
        THREE,
    ),
    Statement(
        "horrocks/prop-9",
        "horrocks",
        "Proposition 9",
        "If a >= m + b and b <= m then G(mab) = m + b − 1.",
        "muller",
        lambda p, v, G: _implies(p[1] >= p[0] + p[2] and p[2] <= p[0], v == p[0] + p[2] - 1),
        THREE,
    ),
    Statement(
        "horrocks/prop-10",
        "horrocks",
        "Proposition 10",
        "If b + 1 <= a <= m + b − 1 and b <= m then G(mab) = m + b.",
        "muller",
        lambda p, v, G: _implies(
            p[2] + 1 <= p[1] <= p[0] + p[2] - 1 and p[2] <= p[0], v == p[0] + p[2]
        ),
        THREE,
    ),
    Statement(
        "horrocks/prop-10-example",
        "horrocks",
        "Proposition 10, example 13 10 6",
        "The options of 13 10 6 have the values listed (12 10 6 … 6 10 6: 18 … 12; 5 10 6 … "
        "1 10 6: 4 … 0; 6 10 12 … 6 10 7: 5; 6 10 6, 6 10 5: 12, 11; 6 10 4 … 6 10 1: 9 … 6; "
        "10 6: 10; 6 10: 5), so G(13 10 6) = 19.",
        "muller",
        _example_13_10_6,
        positions=((13, 10, 6),),
    ),
    Statement(
        "horrocks/prop-11",
        "horrocks",
        "Proposition 11",
        "For any positive integer m, G(mmm) = m.",
        "muller",
        lambda p, v, G: _implies(p[0] == p[1] == p[2], v == p[0]),
        THREE,
    ),
    Statement(
        "horrocks/prop-12",
        "horrocks",
        "Proposition 12",
        "If {a <= b − 1 and b <= m} or {a = b and b <= m − 1} then G(mab) = m + b − 1.",
        "muller",
        lambda p, v, G: _implies(
            (p[1] <= p[2] - 1 and p[2] <= p[0]) or (p[1] == p[2] <= p[0] - 1),
            v == p[0] + p[2] - 1,
        ),
        THREE,
    ),
    Statement(
        "horrocks/prop-12-example",
        "horrocks",
        "Proposition 12, example 15 3 7",
        "The options of 15 3 7 have the values listed (14 3 7 … 7 3 7: 20 … 13; 6 3 7 … "
        "3 3 7: 6 … 3; 2 3 7, 1 3 7: 1, 0; 7 3 14 … 7 3 8: 7; 7 3 7 … 7 3 3: 13 … 9; "
        "7 3 2, 7 3 1: 9, 8; 3 7: 2; 7 3: 7), so G(15 3 7) = 21.",
        "muller",
        _example_15_3_7,
        positions=((15, 3, 7),),
    ),
    Statement(
        "horrocks/thm-4",
        "horrocks",
        "Theorem 4",
        "If b > m then G(mab) = m if a <= m, and m − 1 if a > m.",
        "muller",
        lambda p, v, G: _implies(p[2] > p[0], v == (p[0] if p[1] <= p[0] else p[0] - 1)),
        THREE,
    ),
    Statement(
        "horrocks/thm-5",
        "horrocks",
        "Theorem 5",
        "If b <= m then G(mab) = m + b − 1 if a <= b − 1; m + b − 1 if a = b < m; m if "
        "a = b = m; m + b if b + 1 <= a <= m + b − 1; m + b − 1 if a >= m + b.",
        "muller",
        _theorem_5,
        THREE,
        note="The second case's 'a = b < m and b < m' is redundant, not wrong (docs/errata.md).",
    ),
    Statement(
        "horrocks/cor-2",
        "horrocks",
        "Corollary 2",
        "G(mab) = 2m iff m >= 2, m + 1 <= a <= 2m − 1 and b = m.",
        "muller",
        lambda p, v, G: (
            (v == 2 * p[0]) == (p[0] >= 2 and p[0] + 1 <= p[1] <= 2 * p[0] - 1 and p[2] == p[0])
        ),
        THREE,
    ),
    Statement(
        "horrocks/prop-13-printed",
        "horrocks",
        "Proposition 13 (as printed)",
        "Let ω be a string, possibly empty. If a > m and b > m then G(m ω b) = m − 1.",
        "muller",
        lambda p, v, G: _implies(len(p) >= 2 and p[-1] > p[0], v == p[0] - 1),
        ROWS_SMALL,
        expect=False,
        note="The printed statement drops the heap a: read literally (a not in the row) it "
        "fails, e.g. G(2 1 3) = 2 (docs/errata.md).",
    ),
    Statement(
        "horrocks/prop-13",
        "horrocks",
        "Proposition 13 (corrected)",
        "Let ω be a string, possibly empty. If a > m and b > m then G(m a ω b) = m − 1.",
        "muller",
        lambda p, v, G: _implies(len(p) >= 3 and p[1] > p[0] and p[-1] > p[0], v == p[0] - 1),
        ROWS,
        note="The intended statement (docs/errata.md).",
    ),
    Statement(
        "horrocks/prop-14",
        "horrocks",
        "Proposition 14",
        "Let ω be non-empty. If a <= m and b >= m + 2 then G(m a ω b) = m if a < m, and m or "
        "m − 1 if a = m.",
        "muller",
        lambda p, v, G: _prop_14(p, v, G, 2),
        ROWS,
    ),
    Statement(
        "horrocks/prop-14-b-m-plus-1",
        "horrocks",
        "Proposition 14 with b >= m + 1",
        "Proposition 14 with the weaker hypothesis b >= m + 1.",
        "muller",
        lambda p, v, G: _prop_14(p, v, G, 1),
        (Box(4, 6, 6), Box(7, 7, 3)),
        expect=False,
        note="docs/errata.md: b >= m + 2 is needed: G(2 2 2 1 2 2 3) = 3.",
    ),
    Statement(
        "horrocks/prop-14-examples",
        "horrocks",
        "Proposition 14, examples",
        "In the case a = m both values occur: G(2 2 1 4) = 1 and G(2 2 3 4) = 2.",
        "muller",
        lambda p, v, G: v == PROP_14_EXAMPLES[p],
        positions=((2, 2, 1, 4), (2, 2, 3, 4)),
    ),
    Statement(
        "horrocks/lemma-2",
        "horrocks",
        "Lemma 2",
        "For ω possibly empty and m >= 2, G(m ω 1) = m + 1 if 2 <= G(ω 1) <= m, and m otherwise.",
        "muller",
        _lemma_2,
        ROWS,
    ),
    Statement(
        "horrocks/thm-6",
        "horrocks",
        "Theorem 6",
        "For ω possibly empty and m >= 2, G(m a ω 1) = m if a = 1, m + 1 if 2 <= a <= m − 1, "
        "m or m + 1 if a = m, m if a > m.",
        "muller",
        _theorem_6,
        ROWS,
    ),
    Statement(
        "horrocks/thm-6-examples",
        "horrocks",
        "Theorem 6, examples",
        "When the first two heaps are equal both values occur: G(2 2 1 1) = 3, G(2 2 2 1) = 2.",
        "muller",
        lambda p, v, G: v == THEOREM_6_EXAMPLES[p],
        positions=((2, 2, 1, 1), (2, 2, 2, 1)),
    ),
    Statement(
        "horrocks/conclusion-examples",
        "horrocks",
        "§4 examples",
        "G(6 8 4 3 4 5) = G(6 8 6 3 4 5) = 11 yet G(6 8 5 3 4 5) = 12.",
        "muller",
        lambda p, v, G: v == (12 if p[2] == 5 else 11),
        positions=((6, 8, 4, 3, 4, 5), (6, 8, 6, 3, 4, 5), (6, 8, 5, 3, 4, 5)),
    ),
    Statement(
        "horrocks/conj-1",
        "horrocks",
        "Conjecture 1 (open)",
        "G(a ω b) <= a + b + 1.",
        "muller",
        lambda p, v, G: hz.conjecture_1(p, v),
        ROWS,
        note="Open: checked on the range only. See 'endnim conjecture horrocks-1'.",
    ),
    Statement(
        "horrocks/conj-1-example",
        "horrocks",
        "Conjecture 1, example",
        "With heaps of size 9 or less, 3 4 1 2 2 is the smallest position meeting the bound "
        "G = a + b + 1.",
        "muller",
        _smallest((3, 4, 1, 2, 2), _meets_conjecture_1, _by_heaps),
        (Box(2, 5, 9),),
        note="Smallest by fewest heaps (then fewest beans); it is also smallest by beans.",
    ),
    Statement(
        "horrocks/conj-2",
        "horrocks",
        "Conjecture 2 (open)",
        "If G(a ω b) = a − 1 then a − b <= 1.",
        "muller",
        lambda p, v, G: hz.conjecture_2(p, v),
        ROWS,
        note="Open: checked on the range only. See 'endnim conjecture horrocks-2'.",
    ),
    Statement(
        "horrocks/conj-2-example",
        "horrocks",
        "Conjecture 2, example (by heaps)",
        "5 4 2 4 is the smallest position meeting the bound (G = a − 1 with a − b = 1), "
        "smallest meaning fewest heaps.",
        "muller",
        _smallest((5, 4, 2, 4), _meets_conjecture_2, _by_heaps),
        (Box(2, 6, 6),),
        note="docs/errata.md: 'smallest' means fewest heaps.",
    ),
    Statement(
        "horrocks/conj-2-example-beans",
        "horrocks",
        "Conjecture 2, example (by beans)",
        "5 4 2 4 is the smallest position meeting the bound, smallest meaning fewest beans.",
        "muller",
        _smallest((5, 4, 2, 4), _meets_conjecture_2, _by_beans),
        (Box(2, 6, 6),),
        expect=False,
        note="docs/errata.md: by beans 3 2 2 1 2 2 (12 beans) is smaller; so is 4 3 2 2 3 (14).",
    ),
    Statement(
        "horrocks/conj-3",
        "horrocks",
        "Conjecture 3 (open)",
        "G(m^n) = m − 1 if n is even, m if n is odd.",
        "muller",
        lambda p, v, G: hz.conjecture_3(p, v),
        positions=tuple((m,) * n for m in range(1, 26) for n in range(1, 26)),
        note="Open: checked for m, n <= 25. See 'endnim conjecture horrocks-3'.",
    ),
)
