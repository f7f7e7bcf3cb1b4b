"""Negation and sums against the definition and pycgt."""

from __future__ import annotations

import itertools
import random

import pycgt
from conftest import positions
from pycgt_bridge import to_pycgt

from endnim.cgt import (
    ZERO,
    add,
    game,
    multiple,
    negate,
    nus,
    parse,
    position_value,
    subtract,
    sum_of,
)
from endnim.cgt.game import Game


def definition_sum(g: Game, h: Game, memo: dict[tuple[int, int], Game]) -> Game:
    """G + H from the definition, every node canonicalised by game(): no shortcut."""
    key = (g.id, h.id)
    if key not in memo:
        memo[key] = game(
            [definition_sum(x, h, memo) for x in g.left]
            + [definition_sum(g, x, memo) for x in h.left],
            [definition_sum(x, h, memo) for x in g.right]
            + [definition_sum(g, x, memo) for x in h.right],
        )
    return memo[key]


VALUES = [position_value(p) for p in positions(3, 3)]


def test_sums_equal_the_definition_and_pycgt() -> None:
    rng = random.Random(4)
    memo: dict[tuple[int, int], Game] = {}
    extra = [parse(t) for t in ("1", "-1/2", "+-1", "^*", "*3", "1/2v")]
    pool = VALUES + extra
    for _ in range(400):
        g, h = rng.choice(pool), rng.choice(pool)
        total = add(g, h)
        assert total is definition_sum(g, h, memo) is add(h, g)
        assert to_pycgt(total) == pycgt.add(to_pycgt(g), to_pycgt(h))


def test_negation_is_canonical_and_an_inverse() -> None:
    for g in VALUES:
        minus = negate(g)
        assert negate(minus) is g
        assert add(g, minus) is ZERO and subtract(g, g) is ZERO
        assert to_pycgt(minus) == pycgt.negate(to_pycgt(g))


def test_number_up_star_arithmetic() -> None:
    for (a, b), (c, d) in itertools.product(itertools.product(range(-2, 3), range(4)), repeat=2):
        assert add(nus(0, a, b), nus(0, c, d)) is nus(0, a + c, b ^ d)
    assert add(parse("1/2"), parse("1/4")) is parse("3/4")
    assert add(parse("1"), parse("^")) is nus(1, 1, 0)


def test_sum_of_and_multiples() -> None:
    up = parse("^")
    assert sum_of([]) is ZERO and sum_of([up, up, up]) is multiple(up, 3) is nus(0, 3, 0)
    assert multiple(up, -2) is nus(0, -2, 0) and multiple(up, 0) is ZERO
    g = position_value((3, 1, 2))
    assert multiple(g, 2) is add(g, g) and str(g + 1) == str(add(g, parse("1")))
