"""Ultimate arithmetico-periodicity: synthetic sequences of known shape, two-pile End-Nim (a ⊕ b),
and rows of Albert–Nowakowski's a·4·b table against the reference search."""

from __future__ import annotations

import random

import pytest
from conftest import solver
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.analysis.periodicity import (
    Periodicity,
    find_periodicity,
    growth_summary,
    holds,
    table_periodicity,
)
from endnim.errors import EndNimError


def build(noise: list[int], base: list[int], saltus: int, repeats: int) -> list[int]:
    """``noise`` then ``repeats`` periods of ``base``, each shifted by ``saltus`` more."""
    return noise + [b + saltus * k for k in range(repeats) for b in base]


@pytest.mark.parametrize(
    ("noise", "base", "saltus", "expected"),
    [
        ([], [0], 1, (1, 1, 1)),
        ([], [3, 1, 2], 0, (1, 3, 0)),  # purely periodic
        ([50, 7, 9], [0, 4, 1, 3], 4, (4, 4, 4)),
        ([9], [5, 6, 2, 9, 0, 1, 3, 4], 8, (2, 8, 8)),
        ([1, 2, 3, 4, 5, 6, 7, 100], [2, 0, 1], -3, (9, 3, -3)),  # negative saltus
    ],
)
def test_synthetic_sequences(
    noise: list[int], base: list[int], saltus: int, expected: tuple[int, int, int]
) -> None:
    values = build(noise, base, saltus, 6)
    found = find_periodicity(values)
    assert found is not None
    assert (found.preperiod, found.period, found.saltus) == expected
    assert holds(values, 1, found)


def test_confidence_rule() -> None:
    values = build([40, 41], [0, 5, 1, 7], 4, 2)  # only two periods after the preperiod
    assert find_periodicity(values, min_periods=3) is None
    found = find_periodicity(values, min_periods=2)
    assert found is not None and (found.preperiod, found.period) == (3, 4)
    assert find_periodicity([3, 1, 4, 1, 5, 9, 2, 6, 5, 3]) is None
    with pytest.raises(EndNimError):
        find_periodicity([1, 2, 3], min_periods=1)


def test_a_coincidence_at_the_end_does_not_win() -> None:
    """The last three values 2, 3, 4 look like period 1 (three periods of it); the true
    period 12 holds from the start and wins by its earlier onset."""
    base = [0, 9, 5, 11, 7, 1, 10, 6, 8, 2, 3, 4]
    values = build([], base, 12, 10)
    tail = values[-3:]
    assert tail[1] - tail[0] == tail[2] - tail[1] == 1  # the coincidence is there
    found = find_periodicity(values)
    assert found is not None and (found.preperiod, found.period, found.saltus) == (1, 12, 12)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(-20, 20), max_size=12),
    st.lists(st.integers(-20, 20), min_size=1, max_size=10),
    st.integers(-5, 5),
    st.integers(3, 8),
)
def test_property_found_pattern_holds_and_starts_no_later(
    noise: list[int], base: list[int], saltus: int, repeats: int
) -> None:
    values = build(noise, base, saltus, repeats)
    found = find_periodicity(values)
    assert found is not None  # the built pattern itself passes the rule
    assert holds(values, 1, found)
    assert found.preperiod <= len(noise) + 1
    assert (len(values) - (found.preperiod - 1)) // found.period >= 3


def test_two_pile_endnim_rows_are_nim_sums() -> None:
    rows = table_periodicity("endnim", "", "1..20", "1..128")
    for row in rows:
        power = 2 ** row.a.bit_length()
        assert row.periodicity == Periodicity(1, power, power, 128 // power)
    lines = growth_summary(rows)
    assert "every period found is a power of two" in lines
    assert lines[:3] == ["period 2 from a = 1", "period 4 from a = 2", "period 8 from a = 4"]


def test_a4b_rows_against_the_search() -> None:
    """Rows of a·4·b: the periods are not all powers of two (row 5 has period 12)."""
    rows = {r.a: r.periodicity for r in table_periodicity("endnim", "4", "1..8", "1..2048")}
    expected = {1: (6, 1, 1), 2: (7, 2, 2), 4: (5, 4, 4), 5: (8, 12, 12), 7: (18, 12, 12)}
    for a, (pre, period, saltus) in expected.items():
        found = rows[a]
        assert found is not None and (found.preperiod, found.period, found.saltus) == (
            pre,
            period,
            saltus,
        )
    for a in (1, 2, 4, 5):  # the reference search confirms the pattern and that it starts there
        found = rows[a]
        assert found is not None
        values = [solver("endnim").value((a, 4, b)).grundy for b in range(1, 80)]  # type: ignore[union-attr]
        assert holds(values, 1, found)
        start = found.preperiod - 1
        assert values[start - 1 + found.period] - values[start - 1] != found.saltus
    assert any(
        "not powers of two" in line
        for line in growth_summary(list(table_periodicity("endnim", "4", "1..6", "1..512")))
    )


def test_other_layouts_and_variants() -> None:
    rows = table_periodicity("muller", "4", "1..6", "1..200")
    assert all(r.periodicity is not None and r.periodicity.period == 1 for r in rows)
    assert all(r.periodicity.saltus == 0 for r in rows if r.periodicity)  # G(a 4 b) settles
    random.seed(5)
    for row in table_periodicity("loop", "2", "1..4", "1..300", layout="wab"):
        assert row.periodicity is not None
    with pytest.raises(EndNimError, match="contiguous"):
        table_periodicity("endnim", "4", "1..2", "1..5,9..20")
