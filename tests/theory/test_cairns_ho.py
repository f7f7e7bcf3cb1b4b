"""Cairns & Ho (2011) closed forms against the exhaustive reference search."""

from __future__ import annotations

import itertools

import pytest
from conftest import positions, solver
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.theory import cairns_ho as ch

BIG = 10**100
SMALL_P = {
    "endnim": ch.endnim_is_p,
    "misere": ch.misere_is_p,
    "misere-conway": lambda p: ch.misere_is_p(p, "conway"),
    "loop": ch.loop_is_p,
}


def grundy(variant: str, piles: tuple[int, ...]) -> int:
    return solver(variant).value(piles).grundy  # type: ignore[union-attr]


# ----------------------------------------------------------------- l and r, literally
def l_by_definition(a: tuple[int, ...]) -> int:
    """Largest i (1-based, i <= k) with a1 = ... = a_{i-1} <= a_i, read literally."""
    best = 0
    for i in range(1, len(a) + 1):
        if all(a[t] == a[0] for t in range(i - 1)) and (i == 1 or a[i - 2] <= a[i - 1]):
            best = i
    return best


def r_by_definition(a: tuple[int, ...]) -> int:
    """Largest j with a_{k-j+1} >= a_{k-j+2} = ... = a_k; 0 for constant rows."""
    k = len(a)
    if all(p == a[0] for p in a):
        return 0
    best = 0
    for j in range(1, k + 1):
        tail = a[k - j + 1 :]
        if all(p == a[-1] for p in tail) and (not tail or a[k - j] >= tail[0]):
            best = j
    return best


def test_l_and_r_match_their_definitions() -> None:
    count = 0
    for p in positions(7, 4):
        assert ch.l_value(p) == l_by_definition(p), p
        assert ch.r_value(p) == r_by_definition(p), p
        all_ones = all(x == 1 for x in p)
        constant = all(x == p[0] for x in p)
        assert ch.r_m_value(p) == (1 if all_ones else ch.r_value(p))
        assert ch.r_o_value(p) == (1 if constant else ch.r_value(p))
        count += 1
    assert count == sum(4**k for k in range(1, 8))


def test_l_r_of_empty_row_raise() -> None:
    with pytest.raises(ValueError):
        ch.l_value(())
    with pytest.raises(ValueError):
        ch.r_value(())
    with pytest.raises(ValueError):
        ch.analyse(())


# ----------------------------------------------------------------- Theorems 2.1-2.3
@pytest.mark.parametrize("variant", sorted(SMALL_P))
def test_p_positions_match_solver(variant: str) -> None:
    """Thms 2.1, 2.2 (both conventions), 2.3: every row of length <= 6 with piles <= 6."""
    is_p = SMALL_P[variant]
    count = 0
    for p in positions(6, 6):
        assert is_p(p) == (grundy(variant, p) == 0), (variant, p)
        count += 1
    assert count == 55986
    assert is_p(()) == (grundy(variant, ()) == 0)


@pytest.mark.parametrize("variant", sorted(SMALL_P))
def test_p_positions_long_rows_small_piles(variant: str) -> None:
    for p in positions(8, 4, min_length=7):
        assert SMALL_P[variant](p) == (grundy(variant, p) == 0), (variant, p)


@pytest.mark.parametrize("variant", sorted(SMALL_P))
def test_p_positions_two_and_three_piles(variant: str) -> None:
    for p in itertools.chain(positions(2, 60, min_length=2), positions(3, 25, min_length=3)):
        assert SMALL_P[variant](p) == (grundy(variant, p) == 0), (variant, p)


def test_empty_row_conventions() -> None:
    assert ch.endnim_is_p(()) and ch.loop_is_p(())
    assert ch.misere_is_p(()) and not ch.misere_is_p((), "conway")
    assert grundy("misere", ()) == 0 and grundy("misere-conway", ()) == 1
    with pytest.raises(ValueError):
        ch.misere_is_p((1,), "other")


def test_analysis_records_clause_and_orientation() -> None:
    a = ch.analyse((3, 3, 1, 2))
    assert (a.reversed, a.first, a.last, a.l, a.r, a.clause, a.is_p) == (
        True,
        2,
        3,
        1,
        2,
        "b",
        True,
    )
    a = ch.analyse((3, 3, 3, 2, 3, 4, 3, 3))
    assert (a.reversed, a.l, a.r, a.clause, a.is_p) == (False, 3, 3, "a", True)
    a = ch.analyse((3, 1, 5))
    assert a.clause is None and not a.is_p and "2 > 1" in a.why
    assert ch.analyse((1, 1), "misere").r_name == "r_m"
    assert ch.analyse((2, 2), "loop").r == 1
    with pytest.raises(ValueError):
        ch.analyse((1, 2), "muller")  # type: ignore[arg-type]


# ----------------------------------------------------------------- Corollary 2.4
def test_corollary_2_4_constant_rows() -> None:
    for k in range(1, 9):
        for a in range(1, 6):
            row = (a,) * k
            assert ch.constant_row_is_p(k, a, "endnim") == (k % 2 == 0)
            games: tuple[ch.Game, ...] = ("endnim", "misere", "loop")
            for game in games:
                assert ch.constant_row_is_p(k, a, game) == (grundy(game, row) == 0)
            assert ch.constant_row_is_p(k, a, "misere") == ch.misere_is_p(row)
            assert ch.constant_row_is_p(k, a, "loop") == ch.loop_is_p(row)
    assert ch.constant_row_is_p(10**6, BIG, "endnim")
    with pytest.raises(ValueError):
        ch.constant_row_is_p(0, 3)
    with pytest.raises(ValueError):
        ch.constant_row_is_p(2, 3, "muller")  # type: ignore[arg-type]


def test_corollary_2_4_same_p_positions_off_constant_rows() -> None:
    for p in positions(6, 5):
        if len(set(p)) > 1:
            assert ch.endnim_is_p(p) == ch.misere_is_p(p) == ch.loop_is_p(p), p


# ----------------------------------------------------------------- two piles (§4)
def test_two_piles_endnim_is_nim() -> None:
    for a, b in positions(2, 60, min_length=2):
        assert grundy("endnim", (a, b)) == a ^ b


def test_proposition_4_1_loop_two_piles() -> None:
    for a, b in positions(2, 60, min_length=2):
        assert ch.loop_grundy_two(a, b) == grundy("loop", (a, b)), (a, b)
    assert ch.loop_grundy_two(1, 1) == 1
    with pytest.raises(ValueError):
        ch.loop_grundy_two(0, 3)


def test_proposition_4_2_misere_two_piles() -> None:
    for a, b in positions(2, 60, min_length=2):
        assert ch.misere_two_pile_is_one(a, b) == (grundy("misere", (a, b)) == 1), (a, b)
        # "a position (a, b) has value 0 iff a = b != 1"
        assert (grundy("misere", (a, b)) == 0) == (a == b != 1)


def test_misere_worked_values() -> None:
    assert grundy("misere", (2, 3)) == 4  # ERRATA: only the Cairns–Ho convention gives this
    assert grundy("misere-conway", (2, 3)) == 1
    assert not ch.misere_two_pile_is_one(2, 3)
    for a in range(1, 20):
        assert grundy("misere", (a,)) == a - 1
        assert grundy("misere-conway", (a,)) == (0 if a == 1 else a)


# ----------------------------------------------------------------- three piles (§5)
THREE = list(positions(3, 25, min_length=3))


def test_three_pile_p_positions() -> None:
    """§5: End-Nim P iff symmetric, not constant; misère adds (1,1,1); Loop adds (a,a,a)."""
    for p in THREE:
        a1, a2, a3 = p
        symmetric = a1 == a3 and a2 != a1
        assert (grundy("endnim", p) == 0) == symmetric
        assert (grundy("misere", p) == 0) == (symmetric or p == (1, 1, 1))
        assert (grundy("loop", p) == 0) == (symmetric or a1 == a2 == a3)


def test_theorem_5_1_endnim_value_one() -> None:
    hits = 0
    for p in THREE:
        truth = grundy("endnim", p) == 1
        assert ch.endnim_three_is_one(*p) == truth, p
        hits += truth
    assert hits > 100


def test_theorem_5_2_misere_value_one() -> None:
    for p in THREE:
        assert ch.misere_three_is_one(*p) == (grundy("misere", p) == 1), p


def test_theorem_5_3_loop_value_one() -> None:
    for p in THREE:
        assert ch.loop_three_is_one(*p) == (grundy("loop", p) == 1), p


def test_theorem_5_4_endnim_value_two() -> None:
    for p in THREE:
        assert ch.endnim_three_is_two(*p) == (grundy("endnim", p) == 2), p


# One witness per clause of Thm 5.4 (ERRATA: every clause is needed), and the exceptions.
THM_5_4_WITNESSES = {
    "(a)": [(2, 2, 2), (5, 5, 5), (6, 6, 6)],
    "(b)(i)": [(1, 1, 2)],
    "(b)(ii)": [(2, 3, 3), (6, 7, 7)],
    "(b)(iii)": [(7, 6, 8), (9, 5, 10), (11, 10, 12)],
    "(c)(i)": [(4, 1, 6), (8, 7, 10), (8, 3, 10)],
    "(c)(ii)(I)": [(1, 2, 3)],
    "(c)(ii)(II)": [(5, 8, 7), (1, 4, 3)],
    "(c)(ii)(III)": [(5, 4, 7), (9, 8, 11)],
    "(c)(iii)": [(6, 5, 8), (6, 8, 8), (6, 9, 8)],
    "(d)": [(6, 10, 9), (10, 14, 13), (2, 6, 5)],
}
THM_5_4_NOT_TWO = [(1, 1, 1), (3, 3, 3), (7, 5, 8), (8, 5, 10), (6, 10, 8), (2, 1, 4), (2, 5, 5)]


@pytest.mark.parametrize("clause", sorted(THM_5_4_WITNESSES))
def test_theorem_5_4_clause_witnesses(clause: str) -> None:
    for p in THM_5_4_WITNESSES[clause]:
        assert grundy("endnim", p) == 2, p
        assert ch.endnim_three_is_two(*p) and ch.endnim_three_is_two(*p[::-1])


def test_theorem_5_4_exceptions() -> None:
    for p in THM_5_4_NOT_TWO:
        assert grundy("endnim", p) != 2, p
        assert not ch.endnim_three_is_two(*p)


def test_theorem_5_1_proof_cases() -> None:
    """The 1-positions named in §6 and the worked moves of its case analysis."""
    for p in [(1, 1, 1), (3, 5, 5), (2, 1, 3), (3, 4, 4), (5, 9, 6)]:
        assert grundy("endnim", p) == 1 and ch.endnim_three_is_one(*p)
    assert grundy("endnim", (1, 1, 2)) != 1  # "(1, 1, 2), which is not a 1-position"


# ----------------------------------------------------------------- worked examples
def test_worked_examples() -> None:
    assert ch.endnim_is_p((3, 3, 3, 2, 3, 4, 3, 3))
    assert grundy("endnim", (3, 3, 3, 2, 3, 4, 3, 3)) == 0
    assert not ch.endnim_is_p((3, 1, 4)) and grundy("endnim", (3, 1, 4)) == 7
    assert not ch.endnim_is_p((3, 1, 5)) and ch.endnim_is_p((3, 1, 3))
    assert ch.l_value((2, 2, 2, 4, 4, 4, 4, 4)) == 4 and ch.r_value((2, 2, 2, 4, 4, 4, 4, 4)) == 5


# ----------------------------------------------------------------- symmetry, big piles
def rows(max_len: int = 40) -> st.SearchStrategy[tuple[int, ...]]:
    """Rows of small piles (1..4) shifted by a random offset, sometimes 10**100-sized."""
    offsets = st.sampled_from([0, 0, 7, BIG, 3 * BIG + 12345])
    return st.tuples(offsets, st.lists(st.integers(1, 4), min_size=1, max_size=max_len)).map(
        lambda t: tuple(t[0] + x for x in t[1])
    )


@settings(max_examples=300, deadline=None)
@given(rows())
def test_reversal_symmetry(p: tuple[int, ...]) -> None:
    rev = p[::-1]
    assert ch.endnim_is_p(p) == ch.endnim_is_p(rev)
    assert ch.misere_is_p(p) == ch.misere_is_p(rev)
    assert ch.loop_is_p(p) == ch.loop_is_p(rev)
    if len(set(p)) > 1:
        assert ch.r_value(p) == ch.l_value(rev)
    if len(p) == 3:
        for f in (
            ch.endnim_three_is_one,
            ch.endnim_three_is_two,
            ch.misere_three_is_one,
            ch.loop_three_is_one,
        ):
            assert f(*p) == f(*rev)
    if len(p) == 2:
        assert ch.loop_grundy_two(*p) == ch.loop_grundy_two(*rev)
        assert ch.misere_two_pile_is_one(*p) == ch.misere_two_pile_is_one(*rev)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=1, max_size=7), st.sampled_from([1, 50, BIG]))
def test_shift_invariance_checked_by_solver(small: list[int], shift: int) -> None:
    """Thms 2.1–2.3 read only the order pattern of the ends, so adding a constant to every
    pile keeps a row's outcome (misère: unless the row is all ones). The small row is checked
    by the solver, the shifted one (up to 10**100) by the theory."""
    p = tuple(small)
    big = tuple(x + shift for x in p)
    assert ch.endnim_is_p(big) == (grundy("endnim", p) == 0)
    assert ch.loop_is_p(big) == (grundy("loop", p) == 0)
    if any(x != 1 for x in p):
        assert ch.misere_is_p(big) == (grundy("misere", p) == 0)


def test_long_row_of_huge_piles() -> None:
    p = tuple(BIG + (i * 7919) % 5 for i in range(10_000))
    q = (BIG,) * 3 + p + (BIG,) * 2
    for row in (p, q, q[::-1], (BIG,) * 10_000, (1,) * 10_001):
        ch.analyse(row), ch.analyse(row, "misere"), ch.analyse(row, "loop")
    assert ch.endnim_is_p((BIG,) * 10_000) and not ch.loop_is_p((BIG,) * 10_000)
    assert ch.misere_is_p((1,) * 10_001) and not ch.endnim_is_p((1,) * 10_001)
