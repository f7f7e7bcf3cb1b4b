"""The statements of Cairns–Ho, Some Remarks on End-Nim (2011), as data
(mirrors ``endnim.theory.cairns_ho``)."""

from __future__ import annotations

from typing import Any

from endnim.analysis.statements.base import (
    ROWS,
    ROWS_SMALL,
    THREE,
    TWO,
    Lookup,
    Piles,
    Statement,
    _is_constant,
)
from endnim.theory import cairns_ho as ch


def _cor_2_4(p: Piles, v: Any, G: Lookup) -> bool:
    zero: tuple[bool, bool, bool] = (v == 0, G.of("misere", p) == 0, G.of("loop", p) == 0)
    if not _is_constant(p):
        return zero[0] == zero[1] == zero[2]
    k, a = len(p), p[0]
    return zero == (k % 2 == 0, (k % 2 == 0 and a > 1) or (k % 2 == 1 and a == 1), k % 2 == 1)


def _three_pile_p(p: Piles, v: Any, G: Lookup) -> bool:
    a1, a2, a3 = p
    symmetric = a1 == a3 and a2 != a1
    return bool(
        (v == 0) == symmetric
        and (G.of("misere", p) == 0) == (symmetric or p == (1, 1, 1))
        and (G.of("loop", p) == 0) == (symmetric or a1 == a2 == a3)
    )


CAIRNS_HO: tuple[Statement, ...] = (
    Statement(
        "cairns-ho/thm-2.1",
        "cairns-ho",
        "Theorem 2.1",
        "In End-Nim, a position A with a1 <= ak is a P-position iff (a) a1 = ak and l(A) + r(A) "
        "is even, or (b) ak = a1 + 1, l(A) is odd and r(A) is even.",
        "endnim",
        lambda p, v, G: ch.endnim_is_p(p) == (v == 0),
        ROWS,
    ),
    Statement(
        "cairns-ho/thm-2.2",
        "cairns-ho",
        "Theorem 2.2",
        "In misère End-Nim, A (a1 <= ak) is a P-position iff (a) a1 = ak and l(A) + r_m(A) is "
        "even, or (b) ak = a1 + 1, l(A) odd and r_m(A) even.",
        "misere",
        lambda p, v, G: ch.misere_is_p(p) == (v == 0),
        ROWS,
    ),
    Statement(
        "cairns-ho/thm-2.3",
        "cairns-ho",
        "Theorem 2.3",
        "In Loop-End-Nim, A (a1 <= ak) is a P-position iff (a) a1 = ak and l(A) + r_o(A) is "
        "even, or (b) ak = a1 + 1, l(A) odd and r_o(A) even.",
        "loop",
        lambda p, v, G: ch.loop_is_p(p) == (v == 0),
        ROWS,
    ),
    Statement(
        "cairns-ho/cor-2.4",
        "cairns-ho",
        "Corollary 2.4",
        "End-Nim, misère End-Nim and Loop-End-Nim have the same P-positions among rows not all "
        "equal; a1 = ... = ak is P in End-Nim iff k is even, in misère iff k even and a1 > 1 or "
        "k odd and a1 = 1, in Loop iff k is odd.",
        "endnim",
        _cor_2_4,
        ROWS_SMALL,
        uses=("misere", "loop"),
    ),
    Statement(
        "cairns-ho/sec-4-nim",
        "cairns-ho",
        "§4 (End-Nim with two piles)",
        "End-Nim with two piles is Nim: G(a, b) = a ⊕ b.",
        "endnim",
        lambda p, v, G: v == p[0] ^ p[1],
        TWO,
    ),
    Statement(
        "cairns-ho/prop-4.1",
        "cairns-ho",
        "Proposition 4.1",
        "In Loop-End-Nim, G_o(a, b) = ((a − 1) ⊕ (b − 1)) + 1 for all a, b > 0.",
        "loop",
        lambda p, v, G: v == ((p[0] - 1) ^ (p[1] - 1)) + 1,
        TWO,
    ),
    Statement(
        "cairns-ho/sec-4-misere-zero",
        "cairns-ho",
        "§4 (misère, two piles, value 0)",
        "In misère End-Nim a position (a, b) has Sprague-Grundy value 0 iff a = b ≠ 1.",
        "misere",
        lambda p, v, G: (v == 0) == (p[0] == p[1] != 1),
        TWO,
    ),
    Statement(
        "cairns-ho/prop-4.2",
        "cairns-ho",
        "Proposition 4.2",
        "In misère End-Nim, (a, b) with a <= b has Sprague-Grundy value 1 iff a = b = 1, or "
        "a >= 3 is odd and b = a + 1.",
        "misere",
        lambda p, v, G: (v == 1) == ch.misere_two_pile_is_one(p[0], p[1]),
        TWO,
        note="Misère values in the Cairns–Ho convention ((1) terminal, value 0), as docs/errata.md "
        "requires; Conway's convention gives other values.",
    ),
    Statement(
        "cairns-ho/sec-5-p-positions",
        "cairns-ho",
        "§5 (three piles, value 0)",
        "With three piles, End-Nim's P-positions are the symmetric non-constant rows (a3 = a1, "
        "a2 ≠ a1); misère adds (1, 1, 1); Loop adds every constant row (a, a, a).",
        "endnim",
        _three_pile_p,
        THREE,
        uses=("misere", "loop"),
    ),
    Statement(
        "cairns-ho/thm-5.1",
        "cairns-ho",
        "Theorem 5.1",
        "In End-Nim, (a1, a2, a3) with a1 <= a3 has value 1 iff (a) A = (1, 1, 1); (b) "
        "a3 = a1 + 1 and either a1 even and a2 < a1, or a1 odd, a2 > a1 and a2 ≠ a1 + 2; "
        "(c) a3 = a1 + 2, a1 odd and a2 = a3.",
        "endnim",
        lambda p, v, G: (v == 1) == ch.endnim_three_is_one(*p),
        THREE,
    ),
    Statement(
        "cairns-ho/thm-5.2",
        "cairns-ho",
        "Theorem 5.2",
        "In misère End-Nim, (a1, a2, a3) with a1 <= a3 has value 1 iff (a) A = (1, 2, 2); "
        "(b) a1 = a2 = a3 >= 3; (c) a3 = a1 + 1 and either a1 even and a2 = 1, or a1 odd and "
        "2 <= a2 < a1 or a2 > a3.",
        "misere",
        lambda p, v, G: (v == 1) == ch.misere_three_is_one(*p),
        THREE,
    ),
    Statement(
        "cairns-ho/thm-5.3",
        "cairns-ho",
        "Theorem 5.3",
        "In Loop-End-Nim, (a1, a2, a3) with a1 <= a3 has value 1 iff (a) a3 = a1 + 1 and either "
        "a1 even and a2 < a1, or a1 odd and a2 > a3; (b) a3 = a1 + 2, a1 odd, a2 = a1 + 1.",
        "loop",
        lambda p, v, G: (v == 1) == ch.loop_three_is_one(*p),
        THREE,
    ),
    Statement(
        "cairns-ho/thm-5.4",
        "cairns-ho",
        "Theorem 5.4",
        "In End-Nim, (a1, a2, a3) with a1 <= a3 has value 2 iff one of the clauses (a)–(d) "
        "holds (congruences mod 4: constant rows a1 ≡ 1, 2; a3 = a1 + 1, + 2, + 3 with the "
        "printed sub-clauses).",
        "endnim",
        lambda p, v, G: (v == 2) == ch.endnim_three_is_two(*p),
        THREE,
        note="Correct exactly as printed (docs/errata.md).",
    ),
)
