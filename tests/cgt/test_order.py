"""The order: compare and outcome against pycgt, the NUS shortcut against the recursion."""

from __future__ import annotations

import itertools

import pycgt
import pytest
from conftest import positions
from hypothesis import given, settings
from hypothesis import strategies as st
from pycgt_bridge import to_pycgt

from endnim.cgt import (
    Relation,
    compare,
    confused,
    game,
    geq,
    leq,
    nus,
    outcome,
    parse,
    position_value,
)
from endnim.cgt.game import Game
from endnim.cgt.order import _leq

_RELATIONS = {
    pycgt.Relation.EQUAL: Relation.EQUAL,
    pycgt.Relation.GREATER: Relation.GREATER,
    pycgt.Relation.LESS: Relation.LESS,
    pycgt.Relation.CONFUSED: Relation.CONFUSED,
}
_OUTCOMES = {
    pycgt.Outcome.LEFT: "L",
    pycgt.Outcome.RIGHT: "R",
    pycgt.Outcome.FIRST: "N",
    pycgt.Outcome.SECOND: "P",
}


def sample() -> list[Game]:
    """End-Nim values (length <= 4, piles <= 4), number-up-stars and a few hot games."""
    games = {position_value(p).id: position_value(p) for p in positions(4, 4)}
    for ups, star in itertools.product(range(-3, 4), range(4)):
        g = nus(0, ups, star)
        games[g.id] = g
    for text in ("1", "-1/2", "+-1", "{2|-1}", "1*", "1/2^", "{0|{0|-1}}"):
        g = parse(text)
        games[g.id] = g
    return sorted(games.values(), key=lambda g: g.id)


SAMPLE = sample()


def test_every_pair_compares_as_in_pycgt() -> None:
    assert len(SAMPLE) > 230
    for g, h in itertools.product(SAMPLE, repeat=2):
        expected = _RELATIONS[pycgt.compare(to_pycgt(g), to_pycgt(h))]
        assert compare(g, h) is expected, (str(g), str(h))
        assert leq(g, h) == (expected in (Relation.EQUAL, Relation.LESS))
        assert geq(g, h) == leq(h, g)
        assert confused(g, h) == (expected is Relation.CONFUSED)


def test_outcome_as_in_pycgt() -> None:
    for g in SAMPLE:
        assert outcome(g) == _OUTCOMES[pycgt.outcome(to_pycgt(g))]


@pytest.mark.parametrize("a", [(0, 0), (1, 0), (1, 1), (2, 0), (2, 1), (-1, 1), (3, 2), (1, 3)])
@pytest.mark.parametrize("b", [(0, 1), (0, 2), (1, 0), (1, 1), (2, 3), (-2, 0), (-1, 1), (1, 2)])
def test_number_up_star_shortcut_equals_the_recursion(
    a: tuple[int, int], b: tuple[int, int]
) -> None:
    """x↑n*m values compare by Siegel II.4's rule; the plain recursion must agree."""
    g, h = nus(0, *a), nus(0, *b)

    def recursive_leq(x: Game, y: Game) -> bool:
        return not any(recursive_leq(y, xl) for xl in x.left) and not any(
            recursive_leq(yr, x) for yr in y.right
        )

    assert _leq(g, h) == recursive_leq(g, h) or g is h


def test_relation_ascii() -> None:
    assert [r.ascii for r in Relation] == ["=", ">", "<", "<>"]
    assert compare(parse("^"), parse("*")) is Relation.CONFUSED


def _plain_leq(x: Game, y: Game) -> bool:
    """Conway's definition with no memo, no shortcut, no identity test."""
    return not any(_plain_leq(y, xl) for xl in x.left) and not any(
        _plain_leq(yr, x) for yr in y.right
    )


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_memoised_leq_equals_the_plain_definition_on_random_games(data: st.DataObject) -> None:
    """leq reads and writes the per-game memo inline around its recursion (order.py); on
    random canonical games built from small End-Nim values it must equal the definition."""
    pool = [position_value(p) for p in positions(3, 3)]
    for _ in range(3):  # a few generations of new games from random option sets
        lefts = data.draw(st.lists(st.sampled_from(pool), max_size=3))
        rights = data.draw(st.lists(st.sampled_from(pool), max_size=3))
        pool.append(game(lefts, rights))
    g, h = data.draw(st.sampled_from(pool)), data.draw(st.sampled_from(pool))
    assert leq(g, h) == _plain_leq(g, h)
    assert leq(h, g) == _plain_leq(h, g)
