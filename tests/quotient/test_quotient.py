"""Misère quotients held to an exhaustive misère search of sums, and to published results."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from endnim.quotient import QuotientResult, misere_quotient
from endnim.quotient.closure import NimHeaps, build_closure, nim_closure, rows_up_to
from endnim.quotient.limits import LimitError
from endnim.quotient.monoid import Monoid, isomorphic, tame_monoid
from endnim.quotient.verify import check
from endnim.search import Solver
from endnim.variants import get_variant, load_rules, unregister_variant

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"


@pytest.fixture(scope="module", autouse=True)
def _unregistered() -> Iterator[None]:
    """The octal rule sets loaded here leave the registry as they found it."""
    yield
    for name in ("octal-0_07", "octal-0_75"):
        unregister_variant(name)


def octal(name: str) -> Any:
    return load_rules(f"{EXAMPLES / 'octal.py'}:{name}")


def reference(children: Callable[[Any], list[Any]]) -> Callable[[tuple[Any, ...]], bool]:
    """An independent misère search of a sum written as a tuple of positions: the player who
    cannot move wins (no closure, no components, no canonical keys)."""

    @cache
    def is_p(parts: tuple[Any, ...]) -> bool:
        moved = False
        for i, part in enumerate(parts):
            for child in children(part):
                moved = True
                if is_p(tuple(sorted(parts[:i] + (child,) + parts[i + 1 :], key=repr))):
                    return False
        return moved

    return lambda parts: is_p(tuple(sorted(parts, key=repr)))


def random_sums(
    result: QuotientResult, count: int, max_parts: int, seed: int
) -> list[tuple[Any, ...]]:
    chance = random.Random(seed)
    parse = result.closure.rules.parse_position
    names = sorted(name for name in result.closure.positions if name)
    return [
        tuple(parse(chance.choice(names)) for _ in range(chance.randint(1, max_parts)))
        for _ in range(count)
    ]


def assert_matches_search(
    result: QuotientResult,
    truth: Callable[[tuple[Any, ...]], bool],
    sums: list[tuple[Any, ...]],
) -> int:
    """Images multiply to P exactly on the P-positions; returns how many P-positions."""
    rules = result.closure.rules
    found = 0
    for parts in sums:
        element = result.monoid.multiply([result.element_of(part) for part in parts])
        expected = truth(parts)
        found += expected
        shown = " + ".join(rules.format_position(p) for p in parts)
        assert (element in result.monoid.p_portion) == expected, shown
    return found


def assert_told_apart(result: QuotientResult, truth: Callable[[tuple[Any, ...]], bool]) -> None:
    """Any two distinct elements are told apart by some sum, checked by the exact search."""
    monoid = result.monoid
    reps = [result.representative(x) for x in range(monoid.order)]
    rules = result.closure.rules
    as_positions = [tuple(result.closure.representatives[c] for c in rep) for rep in reps]
    for x in range(monoid.order):
        assert result.element(reps[x]) == x
        for y in range(x + 1, monoid.order):
            z = next(
                z
                for z in range(monoid.order)
                if (monoid.product[x][z] in monoid.p_portion)
                != (monoid.product[y][z] in monoid.p_portion)
            )
            left = truth(as_positions[x] + as_positions[z])
            right = truth(as_positions[y] + as_positions[z])
            assert left != right, (rules.name, x, y, z)


# ------------------------------------------------------------------ misère Nim (published)
@pytest.mark.parametrize(("heaps", "order"), [(1, 2), (3, 6), (7, 10), (15, 18)])
def test_misere_nim_orders(heaps: int, order: int) -> None:
    result = misere_quotient(nim_closure(heaps))
    assert result.order == order
    assert result.tame()
    assert result.monoid.reduced()


def test_misere_nim_t2_presentation() -> None:
    result = misere_quotient(nim_closure(3))
    assert result.presentation() == "⟨a, b | a² = 1, b³ = b⟩"
    assert result.p_names() == ["a", "b²"]
    assert result.generator_components() == ["1", "2"]


def test_misere_nim_against_search() -> None:
    result = misere_quotient(nim_closure(7))
    truth = reference(NimHeaps().children)
    sums = random_sums(result, 3000, 6, seed=7)
    p_count = assert_matches_search(result, truth, sums)
    assert 50 < p_count < 2950
    assert_told_apart(result, truth)


def test_rows_of_length_one_are_misere_nim() -> None:
    rows = misere_quotient(build_closure(get_variant("misere"), rows_up_to(1, 3)))
    assert rows.presentation() == "⟨a, b | a² = 1, b³ = b⟩"
    assert rows.p_names() == ["a", "b²"]


# ------------------------------------------------------------------ misère End-Nim
@pytest.mark.parametrize("variant", ["misere", "misere-conway"])
@pytest.mark.parametrize(("length", "pile"), [(2, 3), (3, 2)])
def test_end_nim_against_search(variant: str, length: int, pile: int) -> None:
    result = misere_quotient(build_closure(get_variant(variant), rows_up_to(length, pile)))
    # whoever takes the last coin of the whole sum loses: End-Nim moves, misère sum
    truth = reference(get_variant("endnim").children)
    sums = random_sums(result, 2000, 4, seed=length * 10 + pile)
    p_count = assert_matches_search(result, truth, sums)
    assert 20 < p_count < 1980
    assert_told_apart(result, truth)


def test_both_conventions_give_one_quotient() -> None:
    first = misere_quotient(build_closure(get_variant("misere"), rows_up_to(2, 4)))
    second = misere_quotient(build_closure(get_variant("misere-conway"), rows_up_to(2, 4)))
    assert first.to_dict() == second.to_dict()


def test_single_rows_agree_with_cairns_ho() -> None:
    """A lone row is P in the quotient exactly when misère End-Nim says so."""
    result = misere_quotient(build_closure(get_variant("misere"), rows_up_to(3, 3)))
    solver = Solver(get_variant("misere"))
    for row in rows_up_to(3, 3):
        assert (result.element_of(row) in result.monoid.p_portion) == (
            solver.impartial_value(row).grundy == 0
        ), row


# ------------------------------------------------------------------ octal games
def test_octal_075_is_r8() -> None:
    rules = octal("Octal075")
    result = misere_quotient(build_closure(rules, [(n,) for n in range(1, 21)]))
    assert result.order == 8
    assert result.presentation() == "⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩"
    assert result.p_names() == ["a", "b²"]
    assert not result.tame()
    truth = reference(lambda heaps: rules.children(heaps))
    small = misere_quotient(build_closure(rules, [(n,) for n in range(1, 9)]))
    assert_matches_search(small, truth, random_sums(small, 1500, 4, seed=75))
    assert_told_apart(small, truth)


def test_octal_07_against_search() -> None:
    rules = octal("Octal07")
    result = misere_quotient(build_closure(rules, [(n,) for n in range(1, 11)]))
    assert result.order == 12
    truth = reference(lambda heaps: rules.children(heaps))
    assert_matches_search(result, truth, random_sums(result, 1500, 4, seed=7))
    assert_told_apart(result, truth)


# ------------------------------------------------------------------ the proof itself
def test_check_refutes_a_wrong_candidate() -> None:
    z2 = Monoid([[0, 1], [1, 0]], frozenset({1}))
    assert check(z2, [1], [[0]]) is None  # heaps of one coin: misère parity
    assert check(z2, [1, 1], [[0], [0, 1]]) == (1,)  # a heap of 2 is not a heap of 1


def test_mirror_rows_share_an_element() -> None:
    closure = build_closure(get_variant("misere"), [(2, 1), (1, 2), (3, 1, 2)])
    keys = [closure.rules.canonical_key(r) for r in closure.representatives]
    assert all(isinstance(key, Hashable) for key in keys)
    result = misere_quotient(closure)
    assert result.element_of((1, 2)) == result.element_of((2, 1))
    with pytest.raises(Exception, match="not in the closure"):
        result.element_of((5, 5))


def misere_sum_rule(rows: tuple[tuple[int, ...], ...], grundy: Callable[[Any], int]) -> bool:
    """The theorem of docs/misere.md §2: a sum of End-Nim rows is a misère P-position iff some
    row is not a row of ones and the XOR of the rows' normal Grundy values is 0, or every row is
    a row of ones and the coins are odd in number."""
    if all(set(row) <= {1} for row in rows):
        return sum(map(len, rows)) % 2 == 1
    total = 0
    for row in rows:
        total ^= grundy(row)
    return total == 0


@pytest.mark.parametrize(("length", "pile"), [(3, 3), (4, 2), (2, 5)])
def test_misere_end_nim_sum_theorem(length: int, pile: int) -> None:
    normal = Solver(get_variant("endnim"))
    truth = reference(get_variant("endnim").children)
    chance = random.Random(length * 100 + pile)
    rows = list(rows_up_to(length, pile))
    ones = [row for row in rows if set(row) == {1}]
    for trial in range(1500):
        pool = ones if trial % 5 == 0 else rows  # all-ones sums too
        parts = tuple(chance.choice(pool) for _ in range(chance.randint(1, 4)))
        expected = misere_sum_rule(parts, lambda row: normal.impartial_value(row).grundy)
        assert truth(parts) == expected, parts


# ---------------------------------------------------------------- issue 34 §8: bounded work
def test_the_tame_monoid_is_misere_nim_s_quotient() -> None:
    """The tame check builds misère Nim's quotient from its presentation instead of solving it
    (solving heaps below 2^k cost more than the quotient checked): checked against the solver."""
    for bits in range(1, 5):
        solved = misere_quotient(nim_closure(2**bits - 1))
        built = tame_monoid(bits)
        assert solved.order == built.order
        assert isomorphic(solved.monoid, built, solved.images)
        assert solved.tame()
        if bits >= 2:  # the same table with another P-portion is not it
            other = Monoid(built.product, frozenset({1, 3}))
            assert not isomorphic(solved.monoid, other, solved.images)


def test_isomorphism_survives_any_renumbering() -> None:
    """The backtracking isomorphism test against relabelled copies (always isomorphic) and
    copies with one P-status changed (never)."""
    chance = random.Random(34)
    for heaps in (3, 7, 15):
        solved = misere_quotient(nim_closure(heaps))
        order = solved.order
        for _ in range(5):
            rest = list(range(1, order))
            chance.shuffle(rest)
            perm = [0, *rest]  # the identity stays 0
            inverse = {v: k for k, v in enumerate(perm)}
            table = [
                [perm[solved.monoid.product[inverse[x]][inverse[y]]] for y in range(order)]
                for x in range(order)
            ]
            p_portion = frozenset(perm[x] for x in solved.monoid.p_portion)
            assert isomorphic(solved.monoid, Monoid(table, p_portion), solved.images)
            flipped = p_portion ^ {chance.choice(rest)}
            assert not isomorphic(solved.monoid, Monoid(table, flipped), solved.images)


def test_the_closure_s_work_is_bounded_by_its_budget() -> None:
    """A heap of 5,000 has 5,000 options, each listing its own: the closure stacked every
    option of every option before numbering one (quadratic memory); now each part's options
    are listed once and at most 1,000 per allowed component in all."""
    with pytest.raises(LimitError, match="more than 10,000 options in all"):
        build_closure(NimHeaps(), [5000], max_components=10)
    assert build_closure(NimHeaps(), [140], max_components=200).size == 140
    with pytest.raises(LimitError, match="at least 11 components"):
        build_closure(NimHeaps(), range(1, 13), max_components=10)
