"""Partizan End-Nim theory (Albert–Nowakowski 2001, §3) against the exact solver."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.errors import BudgetError, PositionError
from endnim.search import PartizanValue
from endnim.theory.base import MoveRange
from endnim.theory.partizan import (
    MAX_PILES,
    PartizanTheory,
    _compiled_levels,
    _python_levels,
    base_case,
    l_star_append,
    outcome,
    outcome_rule,
    phase_type,
    r_star_prepend,
    star_thresholds,
    thresholds,
    triple_point,
)
from endnim.variants import get_variant

try:
    from conftest import positions, solver
except ImportError:  # pragma: no cover - fallback if the conftest is not importable
    from functools import cache

    from endnim.search import Solver

    def positions(max_length: int, max_pile: int, min_length: int = 1) -> Iterable[tuple[int, ...]]:
        for length in range(min_length, max_length + 1):
            yield from itertools.product(range(1, max_pile + 1), repeat=length)

    @cache
    def solver(variant: str) -> Solver:
        return Solver(get_variant(variant), budget=10**9, max_cache=10**9)


Row = tuple[int, ...]
THEORY = PartizanTheory()
VARIANT = get_variant("partizan")
SWAP = {"L": "R", "R": "L", "N": "N", "P": "P"}


# --------------------------------------------------------------------------- brute force
def value(piles: Row) -> PartizanValue:
    result = solver("partizan").value(piles)
    assert isinstance(result, PartizanValue)
    return result


def brute_class(piles: Row) -> str:
    return value(piles).outcome


def least(test: Callable[[int], bool], bound: int) -> int:
    for s in range(1, bound + 1):
        if test(s):
            return s
    raise AssertionError(f"no value up to {bound}")


def brute_stars(w: Row) -> tuple[int, int]:
    bound = sum(w) + 2
    return (
        least(lambda s: value((s, *w)).left_wins_first, bound),
        least(lambda s: value((*w, s)).right_wins_first, bound),
    )


def brute_thresholds(w: Row) -> tuple[int, int]:
    bound = sum(w) + 2
    return (
        least(lambda x: brute_class((x, *w)) == "L", bound),
        least(lambda y: brute_class((*w, y)) == "R", bound),
    )


def brute_winning(piles: Row) -> set[tuple[str, int]]:
    """Left's options that Right loses moving first, Right's that Left loses moving first."""
    found = set()
    for move, child in VARIANT.options(piles, "L"):
        if not value(tuple(child)).right_wins_first:
            found.add(("L", move.size))
    for move, child in VARIANT.options(piles, "R"):
        if not value(tuple(child)).left_wins_first:
            found.add(("R", move.size))
    return found


def expand(ranges: list[MoveRange]) -> set[tuple[str, int]]:
    moves = [(str(m.end), m.size) for r in ranges for m in r.moves()]
    assert len(moves) == len(set(moves)), ranges
    return set(moves)


def check_against_solver(rows: Iterable[Row]) -> int:
    count = 0
    for piles in rows:
        kind, reason = THEORY.outcome(piles)
        assert kind == brute_class(piles) == outcome(piles), piles
        assert expand(THEORY.winning_moves(piles)) == brute_winning(piles), piles
        if len(piles) >= 2:
            assert reason.data["L_star"] == star_thresholds(piles[1:])[0]
            assert reason.data["R_star"] == star_thresholds(piles[:-1])[1]
        count += 1
    return count


# --------------------------------------------------------------------------- paper values
def test_paper_example_241() -> None:
    w = (2, 4, 1)
    assert outcome(w) == brute_class(w) == "N"
    assert outcome((1, *w, 1)) == brute_class((1, *w, 1)) == "N"
    assert outcome((5, *w)) == brute_class((5, *w)) == "P"
    assert outcome((*w, 6)) == brute_class((*w, 6)) == "P"
    assert thresholds(w) == brute_thresholds(w) == (6, 7)
    assert triple_point(w) == (6, 7)
    assert phase_type(6, w, 7) == brute_class((6, *w, 7)) == "P"
    assert THEORY.thresholds_of(w) == {
        "L_star": 6,
        "R_star": 7,
        "L_threshold": 6,
        "R_threshold": 7,
    }


@pytest.mark.parametrize(
    ("w", "kind", "pair"),
    [
        ((3, 5, 5, 5, 1), "N", (14, 18)),
        ((3, 5, 4, 5, 1), "L", (1, 3)),
    ],
)
def test_paper_thresholds_of_length_5(w: Row, kind: str, pair: tuple[int, int]) -> None:
    assert outcome(w) == brute_class(w) == kind
    assert thresholds(w) == brute_thresholds(w) == pair


@pytest.mark.parametrize(("w", "right"), [((1, 5, 3, 3, 2), 11), ((1, 5, 2, 3, 2), 2)])
def test_paper_right_thresholds(w: Row, right: int) -> None:
    assert outcome(w) == brute_class(w) == "L"
    assert thresholds(w)[1] == brute_thresholds(w)[1] == right


def test_paper_options_example() -> None:
    left = [tuple(c) for _, c in VARIANT.options((2, 3, 1), "L")]
    right = [tuple(c) for _, c in VARIANT.options((2, 3, 1), "R")]
    assert sorted(left) == [(1, 3, 1), (3, 1)]
    assert right == [(2, 3)]


@pytest.mark.parametrize("a", range(1, 9))
def test_base_table(a: int) -> None:
    assert base_case((a,)) == ("N", (a + 1, a + 1))
    assert star_thresholds((a,)) == brute_stars((a,)) == (a + 1, a + 1)  # Prop 8 base
    for b in range(1, 9):
        kind, point = base_case((a, b))
        assert kind == brute_class((a, b)) == outcome((a, b))
        assert point == triple_point((a, b))
        expected = "P" if a == b else "L" if a > b else "R"
        assert kind == expected
        assert point == ((1, 1) if a == b else (1, a + 1) if a > b else (b + 1, 1))
    assert triple_point((a,)) == base_case((a,))[1]


def test_trivial_rows() -> None:
    assert outcome(()) == "P"
    assert THEORY.outcome(())[0] == "P"
    assert THEORY.winning_moves(()) == []
    assert star_thresholds(()) == (1, 1)  # every lone pile is N
    assert THEORY.grundy((1, 2)) is None
    for a in (1, 2, 7, 10**100):
        assert THEORY.outcome((a,))[0] == "N"
        assert [str(m) for m in THEORY.winning_moves((a,))] == ["L0", "R0"]
    with pytest.raises(ValueError):
        thresholds(())
    with pytest.raises(ValueError):
        THEORY.thresholds_of(())
    with pytest.raises(PositionError):
        outcome((1, 0, 2))
    with pytest.raises(ValueError):
        base_case((1, 2, 3))
    assert THEORY.variant_name == "partizan"


# --------------------------------------------------------------------------- exhaustive
def test_outcome_and_moves_length_6_piles_6() -> None:
    assert check_against_solver(positions(6, 6)) == sum(6**n for n in range(1, 7))


def test_outcome_and_moves_length_7_piles_3() -> None:
    check_against_solver(positions(7, 3, min_length=7))


def test_outcome_and_moves_two_piles_60_three_piles_25() -> None:
    check_against_solver(itertools.product(range(1, 61), repeat=2))
    check_against_solver(itertools.product(range(1, 26), repeat=3))


def test_thresholds_length_4_piles_5() -> None:
    for w in positions(4, 5):
        assert star_thresholds(w) == brute_stars(w), w
        assert thresholds(w) == brute_thresholds(w), w
        data = THEORY.thresholds_of(w)
        assert (data["L_star"], data["R_star"]) == star_thresholds(w)
        assert (data["L_threshold"], data["R_threshold"]) == thresholds(w)


def test_thresholds_length_5_sample() -> None:
    rng = random.Random(5)
    rows = {tuple(rng.randint(1, 5) for _ in range(5)) for _ in range(120)}
    rows |= set(positions(5, 2, min_length=5))
    for w in sorted(rows):
        assert star_thresholds(w) == brute_stars(w), w
        assert thresholds(w) == brute_thresholds(w), w


def test_thresholds_two_piles_40() -> None:
    for w in itertools.product(range(1, 41), repeat=2):
        assert star_thresholds(w) == brute_stars(w), w
        assert thresholds(w) == brute_thresholds(w), w
        assert max(thresholds(w)) <= sum(w) + 1  # ERRATA: R(w) <= Σw + 1


def test_proposition_8() -> None:
    """R*(aw) and L*(wb) from the brute-force class, L*, R* of w."""
    for w in positions(3, 4):
        kind = brute_class(w)
        ls, rs = brute_stars(w)
        for a in range(1, 10):
            assert r_star_prepend(a, kind, ls, rs) == brute_stars((a, *w))[1], (a, w)
            assert l_star_append(kind, ls, rs, a) == brute_stars((*w, a))[0], (w, a)


def test_outcome_rule() -> None:
    """awb from a vs L*(wb) and b vs R*(aw), starred thresholds by brute force."""
    for piles in positions(5, 4, min_length=2):
        ls = brute_stars(piles[1:])[0]
        rs = brute_stars(piles[:-1])[1]
        assert outcome_rule(piles[0], piles[-1], ls, rs) == brute_class(piles), piles


def test_corollary_6_no_even_n_positions() -> None:
    for piles in itertools.chain(positions(6, 5), positions(8, 2)):
        if len(piles) % 2 == 0:
            assert brute_class(piles) != "N", piles


def test_lemma_5() -> None:
    for piles in positions(5, 5, min_length=2):
        if brute_class(piles) == "P":
            a, *w, b = piles
            assert brute_class((a + 1, *w, b + 1)) == "P", piles


def phase_shape_ok(kinds: list[str], far: str) -> bool:
    """Proposition 4: N* far* or (near)* P far*, with far = R on the right."""
    near = SWAP[far]
    text = "".join(kinds)
    n_run = len(text) - len(text.lstrip("N"))
    if set(text[n_run:]) <= {far}:
        return True
    rest = text.lstrip(near)
    return rest[:1] == "P" and set(rest[1:]) <= {far}


def test_proposition_4_phase_diagrams() -> None:
    for w in positions(4, 4):
        top = sum(w) + 4
        right = [brute_class((*w, y)) for y in range(1, top)]
        left = [brute_class((x, *w)) for x in range(1, top)]
        assert phase_shape_ok(right, "R"), (w, right)
        assert phase_shape_ok(left, "L"), (w, left)
        assert right[-1] == "R" and left[-1] == "L"


def diagram_from_triple_point(a: int, b: int, point: tuple[int, int]) -> str:
    x, y = point
    if a < x and b < y:
        return "N"
    if a - x == b - y:
        return "P"
    return "L" if a - x > b - y else "R"


def test_triple_point_and_phase_diagram() -> None:
    """Cor 7 (odd), the even-length rules, and 'the triple point fixes the diagram'."""
    rows = list(positions(3, 4)) + [(2, 4, 1), (1, 2, 3, 1), (3, 1, 2, 2), (2, 2, 3, 1, 1)]
    for w in rows:
        point = triple_point(w)
        top = max(point) + 4
        for a in range(1, top):
            for b in range(1, top):
                kind = brute_class((a, *w, b))
                assert phase_type(a, w, b) == kind, (a, w, b)
                assert diagram_from_triple_point(a, b, point) == kind, (a, w, b, point)


# --------------------------------------------------------------------------- Hypothesis
big = st.integers(min_value=1, max_value=10**50)
mixed = st.one_of(st.integers(min_value=1, max_value=6), big)
rows30 = st.lists(mixed, min_size=1, max_size=30).map(tuple)


def class_of(piles: Row) -> str:
    return outcome(piles)


@settings(max_examples=60, deadline=None)
@given(rows30)
def test_big_rows_reversal(w: Row) -> None:
    rev = w[::-1]
    assert outcome(rev) == SWAP[outcome(w)]
    assert star_thresholds(rev) == star_thresholds(w)[::-1]
    assert thresholds(rev) == thresholds(w)[::-1]
    moves = THEORY.winning_moves(w)
    mirrored = {(SWAP[str(m.end)], m.low, m.high) for m in THEORY.winning_moves(rev)}
    assert {(str(m.end), m.low, m.high) for m in moves} == mirrored


@settings(max_examples=60, deadline=None)
@given(rows30)
def test_big_rows_thresholds_consistent(w: Row) -> None:
    ls, rs = star_thresholds(w)
    lt, rt = thresholds(w)
    assert class_of((lt, *w)) == "L"
    assert class_of((*w, rt)) == "R"
    if lt > 1:
        assert class_of((lt - 1, *w)) != "L"
    if rt > 1:
        assert class_of((*w, rt - 1)) != "R"
    assert class_of((ls, *w)) in "LN"
    assert class_of((*w, rs)) in "RN"
    if ls > 1:
        assert class_of((ls - 1, *w)) in "RP"
    if rs > 1:
        assert class_of((*w, rs - 1)) in "LP"
    assert lt <= sum(w) + 1 and rt <= sum(w) + 1
    assert ls <= lt and rs <= rt


def binary_least(test: Callable[[int], bool], high: int) -> int:
    low = 1
    while low < high:
        mid = (low + high) // 2
        if test(mid):
            high = mid
        else:
            low = mid + 1
    return low


@settings(max_examples=30, deadline=None)
@given(st.lists(mixed, min_size=1, max_size=12).map(tuple))
def test_big_rows_thresholds_by_binary_search(w: Row) -> None:
    """The type of x w is monotone in x: binary search with outcome() agrees."""
    top = sum(w) + 1
    assert thresholds(w) == (
        binary_least(lambda x: class_of((x, *w)) == "L", top),
        binary_least(lambda y: class_of((*w, y)) == "R", top),
    )


@settings(max_examples=60, deadline=None)
@given(st.lists(mixed, min_size=2, max_size=30).map(tuple))
def test_big_rows_winning_moves(w: Row) -> None:
    a, b = w[0], w[-1]
    kind = outcome(w)
    moves = THEORY.winning_moves(w)
    left = {s for r in moves if r.end == "L" for s in {r.low, r.high}}
    right = {s for r in moves if r.end == "R" for s in {r.low, r.high}}
    assert bool(left) == (kind in "LN") and bool(right) == (kind in "RN")

    def left_child(s: int) -> Row:
        return (s, *w[1:]) if s else w[1:]

    def right_child(t: int) -> Row:
        return (*w[:-1], t) if t else w[:-1]

    for s in left:
        assert class_of(left_child(s)) in "LP"
    for t in right:
        assert class_of(right_child(t)) in "RP"
    # just outside every range the move loses
    for r in moves:
        child = left_child if r.end == "L" else right_child
        bad = "RN" if r.end == "L" else "LN"
        pile = a if r.end == "L" else b
        assert r.high < pile
        for s in (r.low - 1, r.high + 1):
            if 0 <= s < pile and not any(q.low <= s <= q.high for q in moves if q.end == r.end):
                assert class_of(child(s)) in bad, (r, s)


@settings(max_examples=40, deadline=None)
@given(st.lists(mixed, min_size=1, max_size=15).map(tuple), st.integers(0, 10**40))
def test_big_lemma_5_and_triple_point(w: Row, t: int) -> None:
    x, y = triple_point(w)
    assert phase_type(x + t, w, y + t) == "P"
    assert phase_type(x + t + 1, w, y + t + 1) == "P"
    assert phase_type(x + t + 1, w, y + t) == "L"
    assert phase_type(x + t, w, y + t + 1) == "R"
    if x > 1 and y > 1:
        assert phase_type(x - 1, w, y - 1) == "N"
    if len(w) % 2 == 0:
        assert outcome(w) != "N"  # Corollary 6


def test_long_row_no_recursion() -> None:
    rng = random.Random(7)
    w = tuple(rng.randint(1, 10**100) for _ in range(1500))
    assert outcome(w) in "LRNP"
    assert outcome(w[::-1]) == SWAP[outcome(w)]
    assert len(THEORY.winning_moves(w)) <= 4


_LIMB_EDGES = [
    1,
    2,
    3,
    2**63 - 1,
    2**63,
    2**64 - 2,
    2**64 - 1,
    2**64,
    2**64 + 1,
    2**128 - 1,
    2**128,
]


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.integers(min_value=1, max_value=7),
            st.sampled_from(_LIMB_EDGES),
            st.integers(min_value=1, max_value=10**100),
        ),
        min_size=2,
        max_size=14,
    )
)
def test_compiled_prop8_equals_the_python_recurrence(piles: list[int]) -> None:
    """The C kernel (fixed-width limbs) gives exactly the Python big-int recurrence's data."""
    row = tuple(piles)
    assert _compiled_levels(row) == _python_levels(row)


def test_compiled_prop8_is_exact_on_long_rows_of_huge_piles() -> None:
    rng = random.Random(8)
    for k in (3, 64, 300):
        row = tuple(rng.randrange(1, 10**100) for _ in range(k))
        assert _compiled_levels(row) == _python_levels(row)
        row = tuple(rng.choice(_LIMB_EDGES) for _ in range(k))
        assert _compiled_levels(row) == _python_levels(row)


def test_rows_beyond_the_quadratic_limit_are_refused_before_any_work() -> None:
    with pytest.raises(BudgetError, match=r"50,001 piles, over the limit of 50,000"):
        outcome((1,) * (MAX_PILES + 1))
