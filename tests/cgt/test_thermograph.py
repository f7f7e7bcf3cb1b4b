"""Stops, thermographs, means, temperatures, cooling and reduced canonical forms: the
textbook cases, and thousands of random short games against cgt-tools (cgt-py, its Rust
implementation of CGSuite's thermography) and pycgt."""

from __future__ import annotations

import random
from fractions import Fraction

import pycgt
import pytest
from cgt_py_bridge import dyadic, normalised, to_cgt, walls
from pycgt_bridge import to_pycgt

from endnim.cgt import (
    Game,
    add,
    cool,
    game,
    left_stop,
    mean,
    nimber,
    number,
    parse,
    reduced,
    right_stop,
    temperature,
    thermograph,
    to_ascii,
)
from endnim.cgt.reduced import inf_leq


def random_games(seed: int, count: int) -> list[Game]:
    """``count`` games built from numbers, * and ↑ by random options, hot ones included."""
    rng = random.Random(seed)
    pool = [number(Fraction(n, 2)) for n in range(-6, 7)] + [nimber(1), parse("^")]
    made: list[Game] = []
    while len(made) < count:
        left = rng.sample(pool, rng.randint(1, 3))
        right = rng.sample(pool, rng.randint(1, 3))
        g = game(left, right)
        made.append(g)
        if g.birthday <= 5:
            pool.append(g)
    return made


GAMES = random_games(30, 2500)


# --------------------------------------------------------------------------- textbook cases
def test_textbook_cases() -> None:
    pm1 = parse("+-1")
    assert temperature(pm1) == 1 and mean(pm1) == 0
    g = parse("{3|-1}")
    assert mean(g) == 1 and temperature(g) == 2
    assert left_stop(g) == 3 and right_stop(g) == -1
    for small in ("^", "*", "v*", "{0|^}", "*5"):
        assert temperature(parse(small)) == 0 and mean(parse(small)) == 0
    for n in range(-4, 5):
        assert temperature(number(n)) == -1
        assert thermograph(number(n)).left == ((Fraction(-1), Fraction(n)),)
    for j in range(1, 6):
        for m in range(-7, 8, 2):
            x = Fraction(m, 2**j)
            assert temperature(number(x)) == Fraction(-1, 2**j) < 0
            assert mean(number(x)) == x


def test_walls_of_a_switch_and_the_mast() -> None:
    t = thermograph(parse("{3|-1}"))
    for h in (Fraction(-1), Fraction(0), Fraction(1), Fraction(3, 2)):
        assert t.left_wall(h) == 3 - h and t.right_wall(h) == -1 + h
    assert t.left_wall(2) == t.right_wall(2) == t.left_wall(7) == 1
    assert t.to_json() == {"left": [["-1", "4"], ["2", "1"]], "right": [["-1", "-2"], ["2", "1"]]}


def test_stops_are_the_walls_at_zero() -> None:
    for g in GAMES[:500]:
        t = thermograph(g)
        if not g.is_number:
            assert t.left_wall(0) == left_stop(g) and t.right_wall(0) == right_stop(g)


# --------------------------------------------------------------------------- cgt-tools
def test_random_games_match_cgt_tools() -> None:
    checked = hot = 0
    for g in GAMES:
        other = to_cgt(g)
        t = thermograph(g)
        assert dyadic(other.temperature) == t.temperature, to_ascii(g)
        assert dyadic(other.left_stop) == left_stop(g)
        assert dyadic(other.right_stop) == right_stop(g)
        left, right = walls(other)
        assert normalised(t.left) == left, to_ascii(g)
        assert normalised(t.right) == right, to_ascii(g)
        hot += t.temperature > 0
        checked += 1
    assert checked == len(GAMES) and hot > 500  # many hot games among them


def test_reduced_forms_match_cgt_tools() -> None:
    for g in GAMES[:1500]:
        r = reduced(g)
        assert to_cgt(r) == to_cgt(g).reduced, to_ascii(g)
        assert inf_leq(r, g) and inf_leq(g, r)  # G - rcf(G) is infinitesimal


@pytest.mark.parametrize("tax", ["-1/2", "0", "1/4", "1", "3/2"])
def test_cooling_matches_cgt_tools(tax: str) -> None:
    for g in GAMES[:600]:
        assert to_cgt(cool(g, tax)) == to_cgt(g).cool(tax), (to_ascii(g), tax)


# --------------------------------------------------------------------------- pycgt, theorems
def test_means_and_temperatures_match_pycgt() -> None:
    for g in GAMES[:1500]:
        other = to_pycgt(g)
        assert pycgt.mean(other) == mean(g)
        if not g.is_number:  # pycgt's walls start at t = 0, so they agree on non-numbers
            assert pycgt.temperature(other) == temperature(g)


def test_mean_value_theorem_and_cooling_by_the_temperature() -> None:
    rng = random.Random(5)
    for _ in range(300):
        g, h = rng.choice(GAMES), rng.choice(GAMES)
        assert mean(add(g, h)) == mean(g) + mean(h)  # Siegel Thm II.5.16
        assert temperature(add(g, h)) <= max(temperature(g), temperature(h), Fraction(0))
    for g in GAMES[:500]:
        frozen = cool(g, temperature(g) + Fraction(1, 64))
        assert frozen.number_value == mean(g)


def test_bad_cooling_temperatures_are_refused() -> None:
    with pytest.raises(ValueError, match="dyadic"):
        cool(parse("{3|-1}"), Fraction(1, 3))
    with pytest.raises(ValueError, match="t >= -1"):
        cool(parse("{3|-1}"), -2)


def test_the_research_positions_match_cgt_tools() -> None:
    """The hottest positions of docs/partizan.md's findings (data/partizan_thermal.json),
    recomputed and checked against cgt-tools."""
    import json
    from pathlib import Path

    from endnim.cgt import position_value
    from endnim.variants import get_variant

    data = json.loads(
        (Path(__file__).resolve().parents[2] / "data" / "partizan_thermal.json").read_text()
    )
    rules = get_variant("depot-partizan")
    checked = 0
    for record in data:
        if not record["set"].startswith("depot-partizan"):
            continue
        for table in ("hottest_by_size", "hottest_by_largest_label"):
            for entry in record[table].values():
                g = position_value(rules.parse_position(entry["position"]), rules=rules)
                assert to_ascii(g) == entry["value"]
                assert str(temperature(g)) == entry["temperature"]
                other = to_cgt(g)
                assert dyadic(other.temperature) == temperature(g)
                left, right = walls(other)
                assert normalised(thermograph(g).left) == left
                assert normalised(thermograph(g).right) == right
                checked += 1
    assert checked >= 20
