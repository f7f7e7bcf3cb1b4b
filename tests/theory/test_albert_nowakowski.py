"""Albert & Nowakowski (2001) §2 — the hieroglyph theorem — against the reference search."""

from __future__ import annotations

import itertools

import pytest
from conftest import positions, solver
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.theory import albert_nowakowski as an
from endnim.theory import cairns_ho as ch
from endnim.variants import get_variant
from endnim.variants.base import reduce_end

BIG = 10**100
IMPARTIAL = ("endnim", "misere", "misere-conway", "loop")


def grundy(variant: str, piles: tuple[int, ...]) -> int:
    return solver(variant).value(piles).grundy  # type: ignore[union-attr]


def solver_winning(variant: str, piles: tuple[int, ...]) -> set[tuple[str, int]]:
    rules = get_variant(variant)
    return {
        (end, size)
        for end, size, _, child in rules.raw_options(piles)
        if grundy(variant, child) == 0
    }


# ----------------------------------------------------------------- Theorem 2
def test_theorem_2_matches_solver_exhaustively() -> None:
    count = 0
    for p in itertools.chain(positions(6, 6), positions(8, 4, min_length=7)):
        truth = grundy("endnim", p) == 0
        assert an.hieroglyph_is_p(p) == truth, p
        assert ch.endnim_is_p(p) == truth, p
        count += 1
    assert count == 55986 + 4**7 + 4**8
    assert an.hieroglyph_is_p(())


def test_theorem_2_two_and_three_piles() -> None:
    for p in itertools.chain(positions(2, 60, min_length=2), positions(3, 25, min_length=3)):
        assert an.hieroglyph_is_p(p) == (grundy("endnim", p) == 0), p


def test_diagram() -> None:
    assert an.TOP_ROW == ((1, "↑"), (2, "↓"))
    assert an.BOTTOM_ROW == ((1, "↓"), (2, "↑"))
    arrows: tuple[an.Arrow, ...] = ("↑", "↓")
    levels = {str(an.Cell("L", c, a)): an.Cell("L", c, a).level for c in (1, 2) for a in arrows}
    assert levels == {"1↑": "top", "2↓": "top", "1↓": "bottom", "2↑": "bottom"}


def test_worked_example_33323433() -> None:
    h = an.hieroglyph((3, 3, 3, 2, 3, 4, 3, 3))
    assert (h.form, h.x, h.n, h.a, h.y, h.m, h.b) == ("general", 3, 3, 2, 3, 2, 4)
    assert h.left is not None and h.right is not None
    assert (str(h.left), h.left.level) == ("1↓", "bottom")  # marked * in the paper
    assert (str(h.right), h.right.level) == ("2↑", "bottom")  # marked •
    assert h.w_bounds == (4, 5)  # w = (3,): the row is 3^3 2 (3) 4 3^2
    assert h.is_p and "same level" in h.why


def test_worked_example_22244444() -> None:
    h = an.hieroglyph((2, 2, 2, 4, 4, 4, 4, 4))
    assert (h.x, h.y, h.n, h.m, h.a, h.b) == (2, 4, 3, 5, 4, 2)
    assert h.form == "two-runs" and h.w_bounds is None
    assert h.to_dict()["cells"] == ["1↑", "1↓"]
    assert not h.is_p and "|x − y| = 2" in h.why


def test_special_forms() -> None:
    for n in range(1, 9):
        h = an.hieroglyph((5,) * n)
        assert h.form == "constant" and h.left is None and h.right is None
        assert h.is_p == (n % 2 == 0)
    e = an.hieroglyph(())
    assert e.form == "empty" and e.is_p
    # x^n y^m: a = y and b = x, n and m unchanged
    h = an.hieroglyph((3, 4, 4))
    assert (h.form, h.x, h.n, h.a, h.y, h.m, h.b) == ("two-runs", 3, 1, 4, 4, 2, 3)
    assert h.left is not None and h.right is not None
    assert (str(h.left), str(h.right)) == ("1↑", "2↓")
    assert not h.is_p  # x < y needs the x-cell below the y-cell; both are on the top row
    # a and b the same pile
    h = an.hieroglyph((3, 1, 3))
    assert (h.form, h.a, h.b, h.w_bounds, h.is_p) == ("general", 1, 1, (2, 2), True)


def test_cells_equal_cairns_ho_parities() -> None:
    """Top row <=> l even at the left end, r even at the right end (Cairns–Ho §2)."""
    for p in positions(6, 4):
        h = an.hieroglyph(p)
        if h.left is None or h.right is None:
            continue
        assert (h.left.level == "top") == (ch.l_value(p) % 2 == 0), p
        assert (h.right.level == "top") == (ch.r_value(p) % 2 == 0), p


# ----------------------------------------------------------------- Proposition 1
@pytest.mark.parametrize("variant", ["endnim", "misere", "loop"])
def test_proposition_1_bound(variant: str) -> None:
    """Every P-position of length >= 2 has |first − last| <= 1 (misère/Loop: Cor 2.4)."""
    for p in positions(6, 6, min_length=2):
        if grundy(variant, p) == 0:
            assert abs(p[0] - p[-1]) <= 1, (variant, p)


@pytest.mark.parametrize("variant", IMPARTIAL)
def test_candidates_contain_every_winning_move(variant: str) -> None:
    for p in itertools.chain(positions(6, 6), positions(3, 20, min_length=2)):
        candidates = set(an.winning_move_candidates(p))
        assert solver_winning(variant, p) <= candidates, (variant, p)


def test_candidates_one_per_resulting_position() -> None:
    rules = get_variant("endnim")
    for p in positions(5, 5):
        cands = an.winning_move_candidates(p)
        legal = {(end, size) for end, size, _, _ in rules.raw_options(p)}
        assert set(cands) <= legal, p
        assert len({reduce_end(p, e, s) for e, s in cands}) == len(cands), p
    assert an.winning_move_candidates(()) == []
    assert an.winning_move_candidates((1,)) == [("L", 0)]
    assert an.winning_move_candidates((BIG,)) == [("L", 0), ("L", 1), ("L", BIG - 1)]
    assert ("R", 0) not in an.winning_move_candidates((4, 4, 4))
    assert ("R", 0) in an.winning_move_candidates((4, 3, 4))


def test_candidate_sizes() -> None:
    assert an.candidate_sizes(9, 4) == [0, 1, 3, 4, 5]
    assert an.candidate_sizes(4, 4) == [0, 1, 3]
    assert an.candidate_sizes(BIG, BIG) == [0, 1, BIG - 1]
    assert an.candidate_sizes(1, 7) == [0]


def test_hieroglyph_winning_moves_match_solver() -> None:
    for p in itertools.chain(positions(6, 5), positions(3, 20, min_length=2)):
        assert set(an.hieroglyph_winning_moves(p)) == solver_winning("endnim", p), p


def test_errata_gap_in_the_proof() -> None:
    """ERRATA: in 3 1 5 the proof's recipe reduces 5 to x + 1 = 4, but 3 1 4 is N (value 7).
    The x end (3 above 1, odd run) is 1↓, bottom row, so the repair reduces y to x."""
    assert grundy("endnim", (3, 1, 4)) == 7
    assert not an.hieroglyph_is_p((3, 1, 4))
    left = an.hieroglyph((3, 1, 5)).left
    assert left is not None and left.level == "bottom"
    assert an.hieroglyph_winning_moves((3, 1, 5)) == [("R", 3)]
    assert solver_winning("endnim", (3, 1, 5)) == {("R", 3)}


def test_a4b_table() -> None:
    """The paper's table of Nim-values of a 4 b (rows a, columns b, 1..16)."""
    for a, row in enumerate(A4B, start=1):
        for b, value in enumerate(row, start=1):
            assert grundy("endnim", (a, 4, b)) == value, (a, b)
            assert A4B[b - 1][a - 1] == value  # symmetric
            assert an.hieroglyph_is_p((a, 4, b)) == (value == 0)


A4B = [
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
]


# ----------------------------------------------------------------- long rows, big piles
def rows(max_len: int = 60) -> st.SearchStrategy[tuple[int, ...]]:
    """Rows of piles offset + (1..4), the offset 0, small or 10**100-sized."""
    offsets = st.sampled_from([0, 0, 11, BIG, 7 * BIG + 3])
    return st.tuples(offsets, st.lists(st.integers(1, 4), min_size=1, max_size=max_len)).map(
        lambda t: tuple(t[0] + x for x in t[1])
    )


@settings(max_examples=400, deadline=None)
@given(rows())
def test_hieroglyph_equals_cairns_ho_on_long_rows(p: tuple[int, ...]) -> None:
    assert an.hieroglyph_is_p(p) == ch.endnim_is_p(p)
    assert an.hieroglyph_is_p(p) == an.hieroglyph_is_p(p[::-1])


@settings(max_examples=200, deadline=None)
@given(rows(), st.data())
def test_winning_moves_on_long_rows(p: tuple[int, ...], data: st.DataObject) -> None:
    """N iff some candidate reaches P; from P, any move (even a non-candidate) reaches N."""
    moves = an.hieroglyph_winning_moves(p)
    assert bool(moves) != an.hieroglyph_is_p(p)
    for end, size in moves:
        assert an.hieroglyph_is_p(reduce_end(p, end, size))
    if an.hieroglyph_is_p(p):
        end = data.draw(st.sampled_from(["L", "R"]))
        pile = p[0] if end == "L" else p[-1]
        size = data.draw(st.integers(0, pile - 1))
        assert not an.hieroglyph_is_p(reduce_end(p, end, size))


def test_ten_thousand_huge_piles() -> None:
    p = tuple(BIG + (i * 7919) % 3 for i in range(10_000))
    q = (BIG + 1,) * 3 + p[1:-1] + (BIG,) * 2
    for row in (p, q, q[::-1]):
        h = an.hieroglyph(row)
        assert h.is_p == ch.endnim_is_p(row)
        for end, size in an.hieroglyph_winning_moves(row):
            assert an.hieroglyph_is_p(reduce_end(row, end, size))
