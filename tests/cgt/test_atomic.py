"""Atomic weights: known values, additivity, negation, and the two-ahead rule."""

from __future__ import annotations

import random

import pytest
from conftest import positions

from endnim.cgt import (
    NotAllSmallError,
    add,
    atomic_weight,
    far_star,
    geq,
    integer,
    is_all_small,
    leq,
    negate,
    nimber,
    nus,
    outcome,
    parse,
    position_value,
)

VALUES = {piles: position_value(piles) for piles in positions(4, 4)}


@pytest.mark.parametrize(
    ("text", "weight"),
    [("0", 0), ("*", 0), ("*7", 0), ("^", 1), ("v", -1), ("^*", 1), ("^^*", 2), ("{0|^}", 2)],
)
def test_known_weights(text: str, weight: int) -> None:
    assert atomic_weight(parse(text)) is integer(weight)


def test_up_star_weights_are_the_up_multiple() -> None:
    for ups in range(-6, 7):
        for star in range(6):
            assert atomic_weight(nus(0, ups, star)) is integer(ups)


def test_end_nim_values_are_all_small() -> None:
    assert all(is_all_small(g) for g in VALUES.values())
    assert not is_all_small(parse("1")) and not is_all_small(parse("{0|{0|-1}}"))
    with pytest.raises(NotAllSmallError):
        atomic_weight(parse("+-1"))


def test_far_star() -> None:
    assert far_star(nimber(4)) == 5 and far_star(parse("^")) == 2
    assert far_star(position_value((2, 4, 1))) == 5  # {0,*,...,*4|{*4,↓*5|0}}, ↓*5 = {*4|0}


def test_negation_and_additivity() -> None:
    """aw(-G) = -aw(G) and aw(G + H) = aw(G) + aw(H) (Siegel II.7) on End-Nim values."""
    items = list(VALUES.values())
    for g in items:
        assert atomic_weight(negate(g)) is negate(atomic_weight(g))
        assert atomic_weight(add(g, parse("^"))) is add(atomic_weight(g), integer(1))
    rng = random.Random(7)
    for _ in range(1500):
        g, h = rng.choice(items), rng.choice(items)
        assert atomic_weight(add(g, h)) is add(atomic_weight(g), atomic_weight(h))


def test_two_ahead_rule() -> None:
    """aw >= 2 gives G > 0 and aw >= 1 gives G ⧐ 0 (Winning Ways ch. 8), dually for Right."""
    two, one = integer(2), integer(1)
    counts = {"2": 0, "1": 0}
    for g in VALUES.values():
        weight = atomic_weight(g)
        if geq(weight, two):
            counts["2"] += 1
            assert outcome(g) == "L"
        if geq(weight, one):
            counts["1"] += 1
            assert outcome(g) in "LN"
        if leq(weight, negate(two)):
            assert outcome(g) == "R"
        if leq(weight, negate(one)):
            assert outcome(g) in "RN"
    assert counts["2"] > 30 and counts["1"] > counts["2"]
