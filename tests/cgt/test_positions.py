"""Partizan End-Nim canonical forms: pycgt, the exact solver, and the paper's facts."""

from __future__ import annotations

import pycgt
import pytest
from conftest import positions, solver
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.cgt import (
    ZERO,
    add,
    estimate_work,
    negate,
    nimber,
    outcome,
    parse,
    position_value,
    sum_value,
)
from endnim.cgt.game import Game, intern
from endnim.errors import BudgetError, PositionError
from endnim.variants import get_variant

PARTIZAN = get_variant("partizan")


def pycgt_value(piles: tuple[int, ...], memo: dict[tuple[int, ...], pycgt.Game]) -> pycgt.Game:
    """pycgt's canonical form of a position, options from the same rule set."""
    found = memo.get(piles)
    if found is None:
        found = pycgt.game(
            [pycgt_value(tuple(p), memo) for _, p in PARTIZAN.options(piles, "L")],
            [pycgt_value(tuple(p), memo) for _, p in PARTIZAN.options(piles, "R")],
        )
        memo[piles] = found
    return found


def structure(g: pycgt.Game, memo: dict[int, Game]) -> Game:
    """pycgt's form interned here node by node, with no simplification: it is our canonical
    form exactly when the two structures agree at every node (interning is by structure)."""
    found = memo.get(id(g))
    if found is None:
        found = intern([structure(x, memo) for x in g.left], [structure(x, memo) for x in g.right])
        memo[id(g)] = found
    return found


def test_canonical_forms_equal_pycgt_up_to_length_5_piles_5() -> None:
    values: dict[tuple[int, ...], pycgt.Game] = {}
    interned: dict[int, Game] = {}
    count = 0
    for piles in positions(5, 5):
        assert structure(pycgt_value(piles, values), interned) is position_value(piles), piles
        count += 1
    assert count == 3905


def test_outcome_of_the_value_equals_the_solver() -> None:
    reference = solver("partizan")
    count = 0
    for piles in positions(6, 5):
        assert outcome(position_value(piles)) == reference.value(piles).outcome, piles
        count += 1
    for piles in positions(3, 12, min_length=2):
        assert outcome(position_value(piles)) == reference.value(piles).outcome, piles
        count += 1
    assert count == 19530 + 144 + 1728


@pytest.mark.parametrize("a", range(1, 41))
def test_a_lone_pile_is_a_nimber(a: int) -> None:
    assert position_value((a,)) is nimber(a)  # A–N §3: (a) is *a


def test_reversal_negates() -> None:
    for piles in positions(5, 5):
        assert position_value(piles[::-1]) is negate(position_value(piles)), piles


def test_paper_examples() -> None:
    """A–N §3: 241 ∈ N, 5241 and 2416 ∈ P, 35551 ∈ N, 35451 ∈ L, aa = 0 (P), ab."""
    assert outcome(position_value((2, 4, 1))) == "N"
    assert position_value((5, 2, 4, 1)) is ZERO and position_value((2, 4, 1, 6)) is ZERO
    assert outcome(position_value((3, 5, 5, 5, 1))) == "N"
    assert outcome(position_value((3, 5, 4, 5, 1))) == "L"
    for a in range(1, 8):
        assert position_value((a, a)) is ZERO
        for b in range(1, a):
            assert outcome(position_value((a, b))) == "L"
            assert outcome(position_value((b, a))) == "R"


def test_sums() -> None:
    g = position_value((3, 1, 2))
    assert sum_value([(3, 1, 2), (2, 2)]) is g
    assert sum_value(["3 1 2", "2 1 3"]) is ZERO  # G + (-G)
    assert sum_value(["2", "3"]) is nimber(1) and sum_value([]) is ZERO
    assert sum_value([(2, 1), (1, 2), (4,)]) is nimber(4)
    assert sum_value(["3 1 2", "1 2"]) is add(g, position_value((1, 2)))


def test_strings_and_positions_both_work() -> None:
    assert position_value("3^2 1") is position_value([3, 3, 1]) is position_value((3, 3, 1))
    assert position_value("") is ZERO
    with pytest.raises(PositionError):
        position_value((1, 0))
    with pytest.raises(PositionError):
        position_value("x")


def test_budget_refusal_is_one_line_with_an_estimate() -> None:
    with pytest.raises(BudgetError) as caught:
        position_value((10**6, 1, 10**6))
    message = str(caught.value)
    assert "\n" not in message and "budget" in message and "positions" in message
    assert caught.value.states == estimate_work((10**6, 1, 10**6))[0]
    with pytest.raises(BudgetError):
        position_value((40, 40, 40), budget=100)
    with pytest.raises(BudgetError):
        position_value((5000,))  # few positions, but 5000 options each: the work bound
    with pytest.raises(BudgetError):
        sum_value(["4 3 2 1", "1 3 4 2", "2 4 1 3"], budget=1000)


def test_estimate_bounds_the_work_actually_done() -> None:
    for piles in [(3, 1, 2), (2, 2, 2, 2), (5, 1, 4), (6,)]:
        states, work = estimate_work(piles)
        seen: set[tuple[int, ...]] = set()
        todo = [piles]
        options = 0
        while todo:
            node = todo.pop()
            if node in seen:
                continue
            seen.add(node)
            children = [o[3] for o in PARTIZAN.raw_options(node, "L")]
            children += [o[3] for o in PARTIZAN.raw_options(node, "R")]
            options += len(children)
            todo.extend(children)
        assert len(seen) <= states and options <= work


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=1, max_size=7))
def test_longer_rows_agree_with_the_solver(piles: list[int]) -> None:
    row = tuple(piles)
    g = position_value(row)
    assert outcome(g) == solver("partizan").value(row).outcome
    assert position_value(row[::-1]) is negate(g)
    assert parse(str(g)) is g


def test_fast_path_with_cached_options_equals_a_cold_evaluation() -> None:
    """Rows met in order take the fast path (every option cached, no estimate); the forms
    must be the same objects as a cold post-order evaluation gives."""
    import itertools

    from endnim.cgt import positions as module
    from endnim.cgt.game import ZERO

    rows = [r for n in (1, 2, 3) for r in itertools.product(range(1, 5), repeat=n)]
    saved = dict(module._VALUES)
    try:
        module._VALUES.clear()
        module._VALUES[()] = ZERO
        cold = {row: position_value(row) for row in reversed(rows)}  # longest first: cold
        module._VALUES.clear()
        module._VALUES[()] = ZERO
        warm = {row: position_value(row) for row in rows}  # shortest first: fast path
    finally:
        module._VALUES.clear()
        module._VALUES.update(saved)
    assert all(cold[row] is warm[row] for row in rows)


def test_fast_path_skips_the_estimate_only_when_every_option_is_cached() -> None:
    from endnim.cgt import positions as module
    from endnim.cgt.game import ZERO

    saved = dict(module._VALUES)
    try:
        module._VALUES.clear()
        module._VALUES[()] = ZERO
        with pytest.raises(BudgetError):
            position_value((9, 8, 9), budget=10)  # options not cached: refused up front
        for size in range(1, 9):  # cache every option of (9,), not (9,) itself
            position_value((size,))
        assert str(position_value((9,), budget=1)) == "*9"  # cached options cost nothing
    finally:
        module._VALUES.clear()
        module._VALUES.update(saved)
