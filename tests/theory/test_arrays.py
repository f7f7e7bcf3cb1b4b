"""endnim.theory.outcomes (the closed forms on arrays) against analyze(..., method="theory")."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from endnim import analyze
from endnim.errors import EndNimError, PositionError, VariantError
from endnim.theory import outcomes
from endnim.theory.arrays import outcomes as array_outcomes

VARIANTS = ("endnim", "misere", "misere-conway", "loop", "muller", "partizan")
BIG = 2**63 - 1


def _expected(rows: np.ndarray, variant: str) -> list[str]:
    return [str(analyze([int(p) for p in row], variant, method="theory").outcome) for row in rows]


def _all_rows(length: int, high: int) -> np.ndarray:
    return np.array(list(itertools.product(range(1, high + 1), repeat=length)), dtype=np.int64)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("length", [1, 2, 3, 4, 5])
def test_every_short_row_agrees_with_analyze(variant: str, length: int) -> None:
    rows = _all_rows(length, 6)
    assert outcomes(rows, variant).tolist() == _expected(rows, variant)


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_row_of_length_six_agrees_with_analyze(variant: str) -> None:
    rows = _all_rows(6, 6)
    assert outcomes(rows, variant).tolist() == _expected(rows, variant)


def _random_rows(rng: random.Random, length: int, count: int) -> np.ndarray:
    """Huge piles that still hit the interesting cases: equal runs, a_k = a_1 + 1, ones."""
    rows = []
    for _ in range(count):
        base = rng.choice([rng.randrange(1, BIG - 3), BIG - 3, 2**62, 2])
        row = []
        for _ in range(length):
            kind = rng.random()
            if kind < 0.15:
                row.append(1)
            elif kind < 0.25:
                row.append(rng.randrange(1, BIG + 1))
            elif kind < 0.3:
                row.append(BIG)
            else:
                row.append(base + rng.randrange(0, 4))
        rows.append(row)
    return np.array(rows, dtype=np.int64)


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_rows_with_huge_piles_agree_with_analyze(variant: str) -> None:
    rng = random.Random(14 + VARIANTS.index(variant))
    for length in range(1, 13):
        rows = _random_rows(rng, length, 60)
        assert outcomes(rows, variant).tolist() == _expected(rows, variant), length


def test_huge_partizan_thresholds_need_more_than_64_bits() -> None:
    # L* and R* of these rows exceed 2^64: int64 or uint64 arithmetic would go wrong
    rows = np.array([[BIG, BIG, BIG, BIG - 1, BIG, BIG], [BIG - 1, BIG, BIG, BIG, 1, BIG]])
    assert outcomes(rows, "partizan").tolist() == _expected(rows, "partizan")


def test_the_empty_row_and_other_integer_dtypes() -> None:
    empty = np.zeros((3, 0), dtype=np.int64)
    assert outcomes(empty, "endnim").tolist() == ["P"] * 3
    assert outcomes(empty, "misere-conway").tolist() == ["N"] * 3
    assert outcomes(empty, "partizan").tolist() == ["P"] * 3
    assert outcomes(np.array([[2, 2]], dtype=np.uint8), "endnim").tolist() == ["P"]
    assert outcomes(np.zeros((0, 4), dtype=np.int32), "muller").tolist() == []
    assert outcomes([[1, 2, 1], [1, 2, 2]], "muller").tolist() == ["N", "P"]


@pytest.mark.parametrize(
    ("rows", "words"),
    [
        (np.array([[1.0, 2.0]]), "dtype float64"),
        (np.array([[True, True]]), "dtype bool"),
        (np.array([1, 2, 3]), "not 1-D"),
        (np.array([[[1]]]), "not 3-D"),
        (np.array([[1, 0, 2]]), "row 1, pile 2 is 0"),
        (np.array([[3, 3], [4, -1]]), "row 2, pile 2 is -1"),
        (np.array([[2**64 - 1]], dtype=np.uint64), "at most 2^63 - 1"),
        ([[1, 2], [3]], "2-D integer array"),
        ([["a"]], "dtype <U1"),
    ],
)
def test_bad_input_is_a_one_line_error(rows: object, words: str) -> None:
    with pytest.raises(PositionError) as caught:
        array_outcomes(rows, "endnim")
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_variant_without_theory_is_a_one_line_error() -> None:
    with pytest.raises(EndNimError):
        outcomes(np.array([[1, 2]]), "no-such-variant")
    with pytest.raises(VariantError):
        outcomes(np.array([[1, 2]]), "tree")
