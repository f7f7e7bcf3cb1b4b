"""Every theorem, proposition, corollary, lemma, table and worked example of the three papers,
as data: which paper, which number, the statement, the check of one position, the range.

``endnim verify``, the tests and the docs all read :data:`STATEMENTS`. A check receives a
position, its value (Grundy value; partizan: class letter) and a :class:`Lookup` for the values
of other positions, and returns ``True`` (holds), ``False`` (a counterexample) or ``None``
(the statement says nothing about this position). Statements that concern a string w rather
than a position (partizan thresholds and phase diagrams) are checked on every w in the range.

The slips listed in ``docs/errata.md`` appear twice: as printed (``expect=False``: the check must
find a counterexample) and as corrected (``expect=True``).

>>> by_key("horrocks/prop-13-printed").expect, by_key("horrocks/prop-13").expect
(False, True)
>>> sorted({s.paper for s in STATEMENTS})
['albert-nowakowski', 'cairns-ho', 'horrocks']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from endnim.analysis.oracle import Oracle
from endnim.errors import EndNimError
from endnim.theory import albert_nowakowski as an
from endnim.theory import cairns_ho as ch
from endnim.theory import horrocks as hz
from endnim.variants import get_variant

Piles = tuple[int, ...]

PAPERS: dict[str, str] = {
    "albert-nowakowski": "Albert & Nowakowski, The game of End-Nim (2001)",
    "cairns-ho": "Cairns & Ho, Some Remarks on End-Nim (2011)",
    "horrocks": "Horrocks, Playing End-Nim with a Muller Twist (2017)",
}
PAPER_ALIASES = {"an": "albert-nowakowski", "ch": "cairns-ho", "h": "horrocks"}


class Lookup:
    """Values of other positions for a check: ``G(piles)`` in the statement's variant,
    ``G.of(variant, piles)`` in another; ``G.oracle`` gives phase diagrams and thresholds."""

    def __init__(self, oracle: Oracle, variant: str) -> None:
        self.oracle = oracle
        self.variant = variant

    def __call__(self, piles: Piles) -> Any:
        return self.oracle.value(self.variant, piles)

    def of(self, variant: str, piles: Piles) -> Any:
        """The value of ``piles`` in another variant."""
        return self.oracle.value(variant, piles)


Check = Callable[[Piles, Any, Lookup], bool | None]


@dataclass(frozen=True)
class Box:
    """Every position of length ``min_length..max_length`` with piles in 1..``max_pile``."""

    min_length: int
    max_length: int
    max_pile: int

    def count(self) -> int:
        """How many positions the box holds.

        >>> Box(2, 3, 4).count()
        80
        """
        return sum(self.max_pile**k for k in range(self.min_length, self.max_length + 1))

    def __str__(self) -> str:
        lengths = (
            f"length {self.min_length}"
            if self.min_length == self.max_length
            else f"length {self.min_length}..{self.max_length}"
        )
        return f"{lengths}, piles <= {self.max_pile}"


@dataclass(frozen=True)
class Statement:
    """One statement of a paper and how to check it.

    ``boxes`` are exhaustive ranges, ``positions`` an explicit list (tables, worked examples);
    ``expect`` is False for a slip as printed (the check must fail somewhere); ``note`` says
    what docs/errata.md records about it, or how it is read. ``uses`` names other variants the check
    looks up on the same positions, and ``reach`` how far beyond the range's pile bound its
    lookups go (both only make the exhaustive check faster: their layers are computed at once).
    """

    key: str
    paper: str
    number: str
    text: str
    variant: str
    check: Check
    boxes: tuple[Box, ...] = ()
    positions: tuple[Piles, ...] = ()
    expect: bool = True
    note: str = ""
    uses: tuple[str, ...] = ()
    reach: int = 0

    @property
    def citation(self) -> str:
        """The paper and the number, e.g. ``Horrocks (2017) Proposition 13``."""
        author = {"albert-nowakowski": "Albert–Nowakowski", "cairns-ho": "Cairns–Ho"}
        year = {"albert-nowakowski": 2001, "cairns-ho": 2011, "horrocks": 2017}[self.paper]
        return f"{author.get(self.paper, 'Horrocks')} ({year}) {self.number}"

    @property
    def fixed_length(self) -> bool:
        """Whether the statement is about one length only (two piles, three piles)."""
        return (
            all(box.min_length == box.max_length for box in self.boxes)
            and len({box.min_length for box in self.boxes}) <= 1
        )


# --------------------------------------------------------------------------- ranges
ROWS = (Box(1, 6, 8), Box(7, 8, 4))
"""Every position of length <= 6 with piles <= 8 and length 7..8 with piles <= 4
(docs/errata.md)."""
ROWS_SMALL = (Box(1, 5, 6), Box(6, 7, 4))
TWO = (Box(2, 2, 200),)
THREE = (Box(3, 3, 48),)
PARTIZAN_ROWS = (Box(1, 7, 5),)
PARTIZAN_SMALL = (Box(1, 5, 5),)


def _is_constant(piles: Piles) -> bool:
    return all(p == piles[0] for p in piles)


def _implies(hypothesis: bool, conclusion: bool) -> bool | None:
    """``None`` when the hypothesis fails (the statement says nothing), else the conclusion."""
    return conclusion if hypothesis else None


# --------------------------------------------------------------------------- Cairns–Ho
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


# --------------------------------------------------------------------------- Albert–Nowakowski §2
A4B_TABLE: tuple[tuple[int, ...], ...] = (
    (0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16),
    (1, 0, 3, 2, 5, 4, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15),
    (2, 3, 0, 1, 6, 5, 4, 9, 8, 11, 10, 13, 12, 15, 14, 17),
    (3, 2, 1, 4, 7, 8, 5, 6, 11, 12, 9, 10, 15, 16, 13, 14),
    (4, 5, 6, 7, 0, 3, 2, 10, 12, 8, 13, 9, 11, 17, 18, 19),
    (6, 4, 5, 8, 3, 0, 1, 11, 7, 13, 14, 15, 10, 9, 12, 18),
    (7, 8, 4, 5, 2, 1, 0, 13, 6, 15, 16, 14, 17, 11, 9, 10),
    (8, 7, 9, 6, 10, 11, 13, 0, 1, 2, 3, 4, 5, 18, 17, 21),
    (9, 10, 8, 11, 12, 7, 6, 1, 0, 3, 2, 5, 4, 19, 20, 22),
    (10, 9, 11, 12, 8, 13, 15, 2, 3, 0, 1, 6, 7, 4, 5, 23),
    (11, 12, 10, 9, 13, 14, 16, 3, 2, 1, 0, 7, 6, 5, 4, 8),
    (12, 11, 13, 10, 9, 15, 14, 4, 5, 6, 7, 0, 1, 2, 3, 24),
    (13, 14, 12, 15, 11, 10, 17, 5, 4, 7, 6, 1, 0, 3, 2, 25),
    (14, 13, 15, 16, 17, 9, 11, 18, 19, 4, 5, 2, 3, 0, 1, 6),
    (15, 16, 14, 13, 18, 12, 9, 17, 20, 5, 4, 3, 2, 1, 0, 7),
    (16, 15, 17, 14, 19, 18, 10, 21, 22, 23, 8, 24, 25, 6, 7, 0),
)
"""Albert–Nowakowski (2001) §2: the Nim-values of a·4·b, row a, column b, 1 <= a, b <= 16."""


def _recipe(p: Piles, G: Lookup, repaired: bool) -> bool | None:
    """Theorem 2's proof, case |x − y| > 1 with m > 1 or |b − x| > 1: reduce y to x (x-end on
    the top row) or x + 1 (bottom row); ``repaired``: to x − 1 / x when m = 1 and b < x − 1."""
    if len(p) < 2 or abs(p[0] - p[-1]) <= 1:
        return None
    row = p if p[-1] > p[0] + 1 else p[::-1]  # the symmetry of the game: y > x + 1
    h = an.hieroglyph(row)
    assert h.left is not None and h.x is not None and h.m is not None and h.b is not None
    x, m, b = h.x, h.m, h.b
    if m == 1 and abs(b - x) <= 1:
        return None  # the proof's other cases
    top = h.left.level == "top"
    target = x if top else x + 1
    if repaired and m == 1 and b < x - 1:
        target = x - 1 if top else x
    return bool(G((*row[:-1], target)) == 0)


ALBERT_NOWAKOWSKI_IMPARTIAL: tuple[Statement, ...] = (
    Statement(
        "albert-nowakowski/table-a4b",
        "albert-nowakowski",
        "§2 table of a4b",
        "The Nim-values of the positions a4b for 1 <= a, b <= 16 are as printed.",
        "endnim",
        lambda p, v, G: v == A4B_TABLE[p[0] - 1][p[2] - 1],
        positions=tuple((a, 4, b) for a in range(1, 17) for b in range(1, 17)),
        note="Correct; rows are a, columns b (docs/errata.md).",
    ),
    Statement(
        "albert-nowakowski/prop-1",
        "albert-nowakowski",
        "Proposition 1",
        "If xwy ∈ P with both x and y greater than 0, then |x − y| <= 1.",
        "endnim",
        lambda p, v, G: _implies(v == 0 and len(p) >= 2, abs(p[0] - p[-1]) <= 1),
        ROWS,
    ),
    Statement(
        "albert-nowakowski/thm-2",
        "albert-nowakowski",
        "Theorem 2",
        "The P-positions of End-Nim are those whose hieroglyph cells (parity of the end run, "
        "direction to the next pile) sit on levels ordered as x and y are, the rows x^n with n "
        "even, and the empty row.",
        "endnim",
        lambda p, v, G: an.hieroglyph_is_p(p) == (v == 0),
        ROWS,
        note="Diagram read as in docs/errata.md: top row 1↑ 2↓, bottom row 1↓ 2↑.",
    ),
    Statement(
        "albert-nowakowski/example-33323433",
        "albert-nowakowski",
        "§2 example 33323433",
        "In 33323433, x = 3, n = 3, a = 2 gives the cell 1↓, and y = 3, m = 2, b = 4 the cell "
        "2↑: x = y and the cells are on the same level, so the position is in P.",
        "endnim",
        lambda p, v, G: (
            v == 0
            and str(an.hieroglyph(p).left) == "1↓"
            and str(an.hieroglyph(p).right) == "2↑"
            and (an.hieroglyph(p).x, an.hieroglyph(p).n, an.hieroglyph(p).a) == (3, 3, 2)
        ),
        positions=((3, 3, 3, 2, 3, 4, 3, 3),),
    ),
    Statement(
        "albert-nowakowski/example-22244444",
        "albert-nowakowski",
        "§2 example 22244444",
        "In 22244444 (the form x^n y^m), x = 2, y = 4, n = 3, m = 5, a = 4 and b = 2.",
        "endnim",
        lambda p, v, G: (
            (an.hieroglyph(p).x, an.hieroglyph(p).y, an.hieroglyph(p).n)
            + (an.hieroglyph(p).m, an.hieroglyph(p).a, an.hieroglyph(p).b)
            == (2, 4, 3, 5, 4, 2)
        ),
        positions=((2, 2, 2, 4, 4, 4, 4, 4),),
    ),
    Statement(
        "albert-nowakowski/thm-2-proof-printed",
        "albert-nowakowski",
        "Theorem 2, proof (as printed)",
        "If y > x + 1 and m > 1, reducing y to x (x-end on the top row) or x + 1 (bottom row) "
        "reaches P; 'we can choose similarly if m = 1, but |b − x| > 1'.",
        "endnim",
        lambda p, v, G: _recipe(p, G, repaired=False),
        ROWS_SMALL,
        expect=False,
        note="docs/errata.md: fails when b < x − 1 (then the right end becomes 1↓); smallest: "
        "3 1 5, where the recipe's 3 1 4 is N (value 7).",
    ),
    Statement(
        "albert-nowakowski/thm-2-proof",
        "albert-nowakowski",
        "Theorem 2, proof (repaired)",
        "If y > x + 1 and m > 1 or |b − x| > 1, reducing y to x / x + 1 (x-end top / bottom "
        "row) reaches P — except when m = 1 and b < x − 1: then reduce y to x − 1 / x.",
        "endnim",
        lambda p, v, G: _recipe(p, G, repaired=True),
        ROWS_SMALL,
        note="The repair of docs/errata.md.",
    ),
)


# --------------------------------------------------------------------------- Albert–Nowakowski §3
def _winning_for(player: str, option_class: str) -> bool:
    """After ``player`` moves to an option, the opponent moves first: the mover wins iff the
    option is the mover's class or P."""
    return option_class in (player, "P")


def _lemma_3(p: Piles, v: Any, G: Lookup) -> bool:
    last, first = p[-1], p[0]
    right = [G((*p[:-1], s) if s else p[:-1]) for s in range(last)]
    left = [G((s, *p[1:]) if s else p[1:]) for s in range(first)]
    right_ok = not any(_winning_for("R", c) for c in right) or any(
        _winning_for("R", right[s]) for s in (0, last - 1)
    )
    left_ok = not any(_winning_for("L", c) for c in left) or any(
        _winning_for("L", left[s]) for s in (0, first - 1)
    )
    return right_ok and left_ok


def _phase_line(G: Lookup, w: Piles, size: int, side: str) -> str:
    """Classes of w·y (side R) or x·w (side L) for 1..size, as a string of letters."""
    table = G.oracle.phase(w, size)
    if side == "R":
        return "".join(table[0][y] for y in range(1, size + 1))
    return "".join(table[x][0] for x in range(1, size + 1))


def _threshold_bound(p: Piles, v: Any, G: Lookup) -> bool:
    size = sum(p) + 3
    for side in ("R", "L"):
        line = _phase_line(G, p, size, side)
        first = line.find(side) + 1
        if first == 0 or first > sum(p) + 1 or set(line[first - 1 :]) != {side}:
            return False
    return True


_PROP_4 = re.compile(r"^(N*R+|L*PR+)$")


def _prop_4(p: Piles, v: Any, G: Lookup) -> bool:
    size = sum(p) + 3
    right = _phase_line(G, p, size, "R")
    left = _phase_line(G, p, size, "L").translate(str.maketrans("LR", "RL"))
    return bool(_PROP_4.match(right) and _PROP_4.match(left))


def _lemma_5(p: Piles, v: Any, G: Lookup) -> bool | None:
    if len(p) < 2 or v != "P":
        return None
    return bool(G((p[0] + 1, *p[1:-1], p[-1] + 1)) == "P")


def _p_entries(G: Lookup, w: Piles, size: int) -> list[tuple[int, int]]:
    table = G.oracle.phase(w, size)
    return [(x, y) for x in range(1, size + 1) for y in range(1, size + 1) if table[x][y] == "P"]


def _triple_point(G: Lookup, w: Piles) -> tuple[tuple[int, int], list[tuple[int, int]], int]:
    """The leftmost-bottommost P of the phase diagram of w (least a, then least b), every P
    entry, and the size of the diagram examined (Σw + 3 each way)."""
    size = sum(w) + 3
    entries = _p_entries(G, w, size)
    if not entries:
        return (0, 0), entries, size
    return min(entries), entries, size


def _diagonal(entries: list[tuple[int, int]], start: tuple[int, int], size: int) -> bool:
    x, y = start
    return sorted(entries) == [
        (x + t, y + t) for t in range(size) if x + t <= size and y + t <= size
    ]


def _cor_7(p: Piles, v: Any, G: Lookup) -> bool | None:
    if len(p) % 2 == 0:
        return None
    left, right = G.oracle.thresholds(p)
    point, entries, size = _triple_point(G, p)
    table = G.oracle.phase(p, size)
    n_region = all(table[x][y] == "N" for x in range(1, left) for y in range(1, right))
    return point == (left, right) and _diagonal(entries, point, size) and n_region


def _even_triple_point(p: Piles, v: Any, G: Lookup) -> bool | None:
    if len(p) % 2:
        return None
    left, right = G.oracle.thresholds(p)
    expected = {"L": (1, right), "R": (left, 1), "P": (1, 1)}.get(v)
    point, entries, size = _triple_point(G, p)
    return expected is not None and point == expected and _diagonal(entries, point, size)


def _base_cases(p: Piles, v: Any, G: Lookup) -> bool:
    point, _, _ = _triple_point(G, p)
    if len(p) == 1:
        return v == "N" and point == (p[0] + 1, p[0] + 1)
    a, b = p
    if a == b:
        return v == "P" and point == (1, 1)
    if a > b:
        return v == "L" and point == (1, a + 1)
    return v == "R" and point == (b + 1, 1)


def _outcome_rule(p: Piles, v: Any, G: Lookup) -> bool | None:
    if len(p) < 2:
        return None
    a, w, b = p[0], p[1:-1], p[-1]
    left_wins = any(G((s, *w, b)) in ("L", "N") for s in range(1, a + 1))  # a >= L*(wb)
    right_wins = any(G((a, *w, s)) in ("R", "N") for s in range(1, b + 1))  # b >= R*(aw)
    return bool(v == "PLRN"[left_wins + 2 * right_wins])


PROP_8_LEFT_PILES = 6
"""Proposition 8 is checked for a = 1..6 in front of each w."""


def _prop_8(p: Piles, v: Any, G: Lookup) -> bool:
    w = p
    size = PROP_8_LEFT_PILES + sum(w) + 3
    table = G.oracle.phase(w, size)
    kind = table[0][0]
    l_star, r_star = G.oracle.star_thresholds(w, size)
    if l_star is None or r_star is None:
        return False
    if len(w) == 1 and not (l_star == r_star == w[0] + 1):  # L*(a) = R*(a) = a + 1
        return False
    for a in range(1, PROP_8_LEFT_PILES + 1):
        # R*(a w): least y with a w y in {R, N}; dually L*(w a): least x with x w a in {L, N}
        r_star_aw = next((y for y in range(1, size + 1) if table[a][y] in ("R", "N")), None)
        l_star_wa = next((x for x in range(1, size + 1) if table[x][a] in ("L", "N")), None)
        if kind in ("L", "P"):
            expected_r = a + r_star
        elif kind == "N":
            expected_r = 1 if a < l_star else a - l_star + r_star + 1
        else:
            expected_r = 1 + max(a + 1 - l_star, 0)
        if kind in ("R", "P"):
            expected_l = a + l_star
        elif kind == "N":
            expected_l = 1 if a < r_star else a - r_star + l_star + 1
        else:
            expected_l = 1 + max(a + 1 - r_star, 0)
        if r_star_aw != expected_r or l_star_wa != expected_l:
            return False
    return True


def _example_241(p: Piles, v: Any, G: Lookup) -> bool:
    point, _, _ = _triple_point(G, p)
    return (
        v == "N"
        and G((1, *p, 1)) == "N"
        and G((5, *p)) == "P"
        and G((*p, 6)) == "P"
        and G.oracle.thresholds(p) == (6, 7)
        and point == (6, 7)
    )


THRESHOLD_EXAMPLES: dict[Piles, tuple[str, int | None, int]] = {
    (3, 5, 5, 5, 1): ("N", 14, 18),
    (3, 5, 4, 5, 1): ("L", 1, 3),
    (1, 5, 3, 3, 2): ("L", None, 11),
    (1, 5, 2, 3, 2): ("L", None, 2),
}


def _threshold_example(p: Piles, v: Any, G: Lookup) -> bool:
    kind, left, right = THRESHOLD_EXAMPLES[p]
    found_left, found_right = G.oracle.thresholds(p)
    return v == kind and found_right == right and left in (None, found_left)


def _options_231(p: Piles, v: Any, G: Lookup) -> bool:
    rules = get_variant("partizan")
    left = {tuple(child) for _, child in rules.options(p, "L")}
    right = {tuple(child) for _, child in rules.options(p, "R")}
    return left == {(1, 3, 1), (3, 1)} and right == {(2, 3)}


ALBERT_NOWAKOWSKI_PARTIZAN: tuple[Statement, ...] = (
    Statement(
        "albert-nowakowski/options-231",
        "albert-nowakowski",
        "§3 example 231",
        "Left's legal options from (2)(3)(1) are (1)(3)(1) and (3)(1); Right has only (2)(3).",
        "partizan",
        _options_231,
        positions=((2, 3, 1),),
    ),
    Statement(
        "albert-nowakowski/lemma-3",
        "albert-nowakowski",
        "Lemma 3",
        "If Right has a winning move from wx, then removing a single box or removing the entire "
        "stack is a winning move (and dually for Left).",
        "partizan",
        _lemma_3,
        PARTIZAN_SMALL,
    ),
    Statement(
        "albert-nowakowski/threshold-bound",
        "albert-nowakowski",
        "§3 threshold bound",
        "R(w), the least y with wy ∈ R, satisfies R(w) <= (Σw) + 1, and wy ∈ R for every "
        "y >= R(w) (dually for L).",
        "partizan",
        _threshold_bound,
        (Box(1, 4, 4),),
        note="Printed 'R(w) <= (w) + 1' lost a Σ (docs/errata.md); checked for y up to Σw + 3.",
    ),
    Statement(
        "albert-nowakowski/prop-4",
        "albert-nowakowski",
        "Proposition 4",
        "The right phase diagram of w (the classes of wi, i >= 1) is a string of N's followed "
        "by R's, or a string of L's followed by a single P and then R's (dually on the left).",
        "partizan",
        _prop_4,
        (Box(1, 4, 4),),
        note="Checked for i up to Σw + 3.",
    ),
    Statement(
        "albert-nowakowski/lemma-5",
        "albert-nowakowski",
        "Lemma 5",
        "If awb ∈ P then (a + 1)w(b + 1) ∈ P.",
        "partizan",
        _lemma_5,
        PARTIZAN_ROWS,
        reach=1,
    ),
    Statement(
        "albert-nowakowski/example-241",
        "albert-nowakowski",
        "§3 example w = 241",
        "w = 241 is in N, so is 1w1; 5241 ∈ P and 2416 ∈ P, so L(w) = 6 and R(w) = 7, and the "
        "triple point is 6w7.",
        "partizan",
        _example_241,
        positions=((2, 4, 1),),
    ),
    Statement(
        "albert-nowakowski/cor-6",
        "albert-nowakowski",
        "Corollary 6",
        "There are no N positions of even length.",
        "partizan",
        lambda p, v, G: _implies(len(p) % 2 == 0, v != "N"),
        PARTIZAN_ROWS,
    ),
    Statement(
        "albert-nowakowski/cor-7",
        "albert-nowakowski",
        "Corollary 7",
        "If w has odd length then its triple point is L(w)wR(w) (the P entries of its phase "
        "diagram are L(w)+t, R(w)+t, and the entries below and left of it are N).",
        "partizan",
        _cor_7,
        (Box(1, 1, 12), Box(3, 3, 5)),
        note="Phase diagrams examined up to Σw + 3 in each direction.",
    ),
    Statement(
        "albert-nowakowski/even-triple-point",
        "albert-nowakowski",
        "§3 (after Corollary 7)",
        "For w of even length the leftmost-bottommost P of the phase diagram is 1wR(w) if "
        "w ∈ L, L(w)w1 if w ∈ R, 1w1 if w ∈ P.",
        "partizan",
        _even_triple_point,
        (Box(2, 2, 10), Box(4, 4, 4)),
    ),
    Statement(
        "albert-nowakowski/base-cases",
        "albert-nowakowski",
        "§3 table of recursion bases",
        "a: N, triple point (a+1)a(a+1); aa: P, 1aa1; ab with a > b: L, 1ab(a+1); ab with "
        "b > a: R, (b+1)ab1.",
        "partizan",
        _base_cases,
        (Box(1, 2, 10),),
    ),
    Statement(
        "albert-nowakowski/outcome-rule",
        "albert-nowakowski",
        "§3 rule before Proposition 8",
        "awb is L if a >= L*(wb) and b < R*(aw), R if a < L*(wb) and b >= R*(aw), N if both "
        "hold, P if neither.",
        "partizan",
        _outcome_rule,
        (Box(2, 5, 6),),
    ),
    Statement(
        "albert-nowakowski/prop-8",
        "albert-nowakowski",
        "Proposition 8",
        "R*(aw) = a + R*(w) if w ∈ {L, P}; if w ∈ N, 1 if a < L*(w) and a − L*(w) + R*(w) + 1 "
        "otherwise; 1 + max(a + 1 − L*(w), 0) if w ∈ R; dually for L*; L*(a) = R*(a) = a + 1.",
        "partizan",
        _prop_8,
        (Box(1, 3, 4),),
        note=f"Checked for a = 1..{PROP_8_LEFT_PILES} on each side of each w.",
    ),
    Statement(
        "albert-nowakowski/example-thresholds",
        "albert-nowakowski",
        "§3 examples 35551, 35451, 15332, 15232",
        "The left and right thresholds of 35551 are 14 and 18 (it is in N), those of 35451 are "
        "1 and 3 (in L); the L positions 15332 and 15232 have right thresholds 11 and 2.",
        "partizan",
        _threshold_example,
        positions=tuple(THRESHOLD_EXAMPLES),
    ),
)


# --------------------------------------------------------------------------- Horrocks
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

STATEMENTS: tuple[Statement, ...] = (
    *ALBERT_NOWAKOWSKI_IMPARTIAL,
    *ALBERT_NOWAKOWSKI_PARTIZAN,
    *CAIRNS_HO,
    *HORROCKS,
)
"""Every statement, paper by paper."""


def by_key(key: str) -> Statement:
    """The statement with this key.

    >>> by_key("cairns-ho/prop-4.1").number
    'Proposition 4.1'
    """
    for statement in STATEMENTS:
        if statement.key == key:
            return statement
    raise EndNimError(f"no statement {key!r}: see 'endnim verify --list'")


def paper_name(text: str) -> str:
    """A paper's key from its key or alias (``an``, ``ch``, ``h``).

    >>> paper_name("CH"), paper_name("horrocks")
    ('cairns-ho', 'horrocks')
    """
    name = text.strip().lower()
    name = PAPER_ALIASES.get(name, name)
    if name not in PAPERS:
        raise EndNimError(f"unknown paper {text!r}: choose {', '.join(PAPERS)} (or an, ch, h)")
    return name


def of_paper(paper: str) -> Iterator[Statement]:
    """The statements of one paper, in order.

    >>> len(list(of_paper("an"))) > 15
    True
    """
    name = paper_name(paper)
    return (s for s in STATEMENTS if s.paper == name)
