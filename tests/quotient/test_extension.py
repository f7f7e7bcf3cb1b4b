"""The quotient built from its own outcomes (MisereSolver's way) against the exact search."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from endnim.errors import EndNimError
from endnim.quotient import misere_quotient
from endnim.quotient.closure import build_closure, nim_closure, rows_up_to
from endnim.quotient.extension import adjoin
from endnim.quotient.monoid import Monoid
from endnim.variants import get_variant, unregister_variant
from tests.quotient.test_quotient import (
    assert_matches_search,
    octal,
    reference,
)


@pytest.fixture(scope="module", autouse=True)
def _unregistered() -> Iterator[None]:
    yield
    for name in ("octal-0_07", "octal-0_75"):
        unregister_variant(name)


def closures() -> list[tuple[str, Any]]:
    return [
        ("nim 7", lambda: nim_closure(7)),
        ("end-nim L2 H3", lambda: build_closure(get_variant("misere"), rows_up_to(2, 3))),
        ("end-nim L3 H2", lambda: build_closure(get_variant("misere"), rows_up_to(3, 2))),
        ("0.75 to 12", lambda: build_closure(octal("Octal075"), [(n,) for n in range(1, 13)])),
        ("0.07 to 14", lambda: build_closure(octal("Octal07"), [(n,) for n in range(1, 15)])),
    ]


@pytest.mark.parametrize(("label", "make"), closures(), ids=[label for label, _ in closures()])
def test_both_ways_give_one_quotient(label: str, make: Any) -> None:
    by_extension = misere_quotient(make(), method="extension")
    by_search = misere_quotient(make(), method="search")
    assert by_extension.to_dict() == by_search.to_dict(), label


def test_octal_07_to_heap_14_against_search() -> None:
    """Heaps 10 and 14 split elements of the quotient before them (b³ = b fails at heap 10):
    the extension must recalibrate, and the result still agrees with exhaustive search."""
    rules = octal("Octal07")
    result = misere_quotient(build_closure(rules, [(n,) for n in range(1, 15)]), method="extension")
    assert result.order == 24
    assert result.monoid.reduced()
    truth = reference(lambda heaps: rules.children(heaps))
    chance = random.Random(14)
    sums: list[tuple[Any, ...]] = []
    while len(sums) < 1500:  # at most 28 tokens in all, so that the search stays small
        parts = tuple((chance.randint(1, 14),) for _ in range(chance.randint(1, 4)))
        if sum(part[0] for part in parts) <= 28:
            sums.append(parts)
    p_count = assert_matches_search(result, truth, sums)
    assert 100 < p_count < 1400
    # told apart: the proof makes the candidate right on every sum and it is reduced
    # (x·z ∈ P differs for some z); the same quotient as the search's, which is held to
    # the told-apart test on heaps ≤ 10 (test_quotient.py), is test_both_ways_give_one_quotient


def test_octal_07_orders_by_heap() -> None:
    """The orders of 0.07's quotients as the largest heap grows (docs/misere.md §4)."""
    rules = octal("Octal07")
    orders: list[int] = []

    def progress(done: int, total: int, order: int, tests: int) -> None:
        orders.append(order)

    misere_quotient(build_closure(rules, [(n,) for n in range(1, 25)]), progress=progress)
    # progress reports the order after 0, 1, ... components; component i is heap i + 2
    by_heap = dict(zip(range(1, 25), orders, strict=True))
    assert [by_heap[n] for n in (1, 2, 3, 4, 9, 10, 13, 14, 24)] == [1, 2, 2, 6, 6, 12, 12, 24, 24]


def test_a_heap_equal_to_an_element_adds_nothing() -> None:
    z2 = Monoid([[0, 1], [1, 0]], frozenset({1}))
    closure = nim_closure(3)
    t2, images = adjoin(*adjoin(z2, [1], closure, 1) or (z2, [1]), closure, 2) or (z2, [])
    assert t2.order == 6
    assert images[2] == t2.product[images[0]][images[1]]  # *3 = *1 + *2 in T₂


def test_resume_from_a_saved_quotient() -> None:
    """A run resumed from the quotient saved after some component ends where a whole run ends;
    a saved quotient that fails its check is not used (rebuilt, or refused)."""
    make = lambda: build_closure(octal("Octal07"), [(n,) for n in range(1, 13)])  # noqa: E731
    saved: dict[int, tuple[list[tuple[int, ...]], Monoid, list[int]]] = {}

    def keep(done: int, tests: list[tuple[int, ...]], monoid: Monoid, images: list[int]) -> None:
        saved[done] = (list(tests), monoid, list(images))

    whole = misere_quotient(make(), saved=keep)
    tests, monoid, images = saved[8]  # heaps 2..9 proved (order 6); heap 10 splits an element
    resumed = misere_quotient(make(), tests=tests, start=8, resume=(monoid, images))
    assert resumed.to_dict() == whole.to_dict()
    wrong = (Monoid([[0, 1], [1, 0]], frozenset({1})), [1] * 8)  # fails the check
    assert misere_quotient(make(), tests=tests, start=8, resume=wrong).to_dict() == whole.to_dict()
    with pytest.raises(EndNimError, match="fails its check"):
        misere_quotient(make(), tests=tests, start=8, resume=wrong, method="extension")
