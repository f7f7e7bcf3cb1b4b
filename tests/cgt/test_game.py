"""The value type: interning, numbers, nimbers, number-up-star recognition."""

from __future__ import annotations

import pickle
from fractions import Fraction

import pytest

from endnim.cgt import DOWN, STAR, UP, ZERO, game, integer, nimber, number, nus, parse
from endnim.cgt.game import Game, intern


def slow_sum(g: Game, h: Game) -> Game:
    """G + H straight from the definition, canonicalised by game() only (no shortcuts)."""
    memo: dict[tuple[int, int], Game] = {}

    def add(a: Game, b: Game) -> Game:
        key = (a.id, b.id)
        if key not in memo:
            memo[key] = game(
                [add(x, b) for x in a.left] + [add(a, x) for x in b.left],
                [add(x, b) for x in a.right] + [add(a, x) for x in b.right],
            )
        return memo[key]

    return add(g, h)


def slow_nus(x: Fraction, ups: int, star: int) -> Game:
    """x + ups·↑ + *star built by slow sums of 1's, ↑'s and a nimber from their definitions."""
    one = game([ZERO], [])
    unit = one if x >= 0 else game([], [ZERO])
    total = ZERO
    whole, fraction = divmod(abs(x), 1) if x >= 0 else divmod(-x, 1)
    for _ in range(int(whole)):
        total = slow_sum(total, unit)
    if fraction:
        half = game([ZERO], [one])  # 1/2
        quarter = game([ZERO], [half])  # 1/4
        assert fraction in (Fraction(1, 2), Fraction(1, 4), Fraction(3, 4))
        part = {Fraction(1, 2): half, Fraction(1, 4): quarter}.get(fraction)
        part = part or slow_sum(half, quarter)
        total = slow_sum(total, part if x >= 0 else _neg(part))
    up = game([ZERO], [game([ZERO], [ZERO])])
    down = game([game([ZERO], [ZERO])], [ZERO])
    for _ in range(abs(ups)):
        total = slow_sum(total, up if ups > 0 else down)
    star_game = ZERO
    for k in range(star):  # *k = {0, *, ..., *(k-1) | same}, built by game()
        options = [_nimber_slow(j) for j in range(k + 1)]
        star_game = game(options, options)
    return slow_sum(total, star_game)


def _nimber_slow(k: int) -> Game:
    current = ZERO
    for j in range(k):
        options = [_nimber_slow(i) for i in range(j + 1)]
        current = game(options, options)
    return current


def _neg(g: Game) -> Game:
    return intern([_neg(r) for r in g.right], [_neg(x) for x in g.left])


def test_interning_makes_identity_equality() -> None:
    assert game([ZERO], [ZERO]) is STAR
    assert game([ZERO], [STAR]) is UP
    assert game([STAR], [ZERO]) is DOWN
    assert intern([ZERO], [STAR]) is intern([ZERO], [STAR])
    assert parse("^ + ^") is parse("{0|^*}")


@pytest.mark.parametrize("m", range(8))
def test_nimbers(m: int) -> None:
    g = nimber(m)
    assert g.nus == (0, 0, m) and g.nimber_value == m
    assert [x.nimber_value for x in g.left] == sorted(x.nimber_value or 0 for x in g.left)
    assert {x.nimber_value for x in g.left} == set(range(m)) and g.left == g.right


@pytest.mark.parametrize("x", ["0", "1", "-1", "5", "-7", "1/2", "-1/2", "3/4", "-13/8", "11/16"])
def test_numbers_canonical_form_and_value(x: str) -> None:
    value = Fraction(x)
    g = number(value)
    assert g.number_value == value and g.is_number
    if value.denominator == 1 and value > 0:
        assert g.left == (integer(int(value) - 1),) and g.right == ()
    elif value.denominator == 1 and value < 0:
        assert g.right == (integer(int(value) + 1),) and g.left == ()
    elif value.denominator > 1:
        step = Fraction(1, value.denominator)
        assert g.left == (number(value - step),) and g.right == (number(value + step),)


def test_non_dyadic_numbers_are_refused() -> None:
    with pytest.raises(ValueError, match="dyadic"):
        number(Fraction(1, 3))


@pytest.mark.parametrize("ups", range(-4, 5))
@pytest.mark.parametrize("star", range(5))
@pytest.mark.parametrize("x", [Fraction(0), Fraction(1), Fraction(-1, 2)])
def test_number_up_star_forms_equal_slow_sums(x: Fraction, ups: int, star: int) -> None:
    """The constructor's canonical forms equal the definition's sums, and are recognised."""
    built = nus(x, ups, star)
    assert built.nus == (x, ups, star)
    assert slow_nus(x, ups, star) is built


def test_birthdays() -> None:
    assert [g.birthday for g in (ZERO, STAR, UP, nimber(5), integer(3), number("1/2"))] == [
        0,
        1,
        2,
        5,
        3,
        2,
    ]


def test_no_strict_order_operators() -> None:
    with pytest.raises(TypeError, match="partially ordered"):
        _ = UP < STAR  # type: ignore[operator]


def test_pickle_round_trip_keeps_identity() -> None:
    g = parse("{0|^*2,^^*3}")
    assert pickle.loads(pickle.dumps(g)) is g
