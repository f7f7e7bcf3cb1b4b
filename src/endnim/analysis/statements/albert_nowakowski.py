"""The statements of Albert–Nowakowski, The game of End-Nim (2001), §2 (impartial), as data
(mirrors ``endnim.theory.albert_nowakowski``)."""

from __future__ import annotations

from endnim.analysis.statements.base import (
    ROWS,
    ROWS_SMALL,
    Lookup,
    Piles,
    Statement,
    _implies,
)
from endnim.theory import albert_nowakowski as an

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
