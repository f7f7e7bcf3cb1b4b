"""Canonical simplification: textbook identities, the definition, and pycgt on random games."""

from __future__ import annotations

import itertools

import pycgt
from hypothesis import given, settings
from hypothesis import strategies as st
from pycgt_bridge import to_pycgt

from endnim.cgt import DOWN, STAR, UP, ZERO, game, leq, nimber, nus, parse
from endnim.cgt.game import Game


def from_pycgt_options(g: pycgt.Game, memo: dict[int, Game]) -> Game:
    """A (possibly non-canonical) pycgt game rebuilt here through game() at every node."""
    found = memo.get(id(g))
    if found is None:
        found = game(
            [from_pycgt_options(x, memo) for x in g.left],
            [from_pycgt_options(x, memo) for x in g.right],
        )
        memo[id(g)] = found
    return found


# --------------------------------------------------------------------------- identities
def test_brief_identities() -> None:
    star = game([ZERO], [ZERO])
    up = game([ZERO], [star])
    assert up is UP and str(up) == "↑"  # ↑ = {0|*}
    assert up + up is nus(0, 2, 0) and str(up + up) == "⇑"  # ↑+↑ = ⇑
    assert up + DOWN is ZERO  # ↑+↓ = 0
    assert star + star is ZERO  # *+* = 0
    assert game([ZERO], [up]) is nus(0, 2, 1) and str(game([ZERO], [up])) == "⇑*"  # {0|↑} = ⇑*


def test_textbook_identities() -> None:
    assert game([ZERO, STAR], [ZERO]) is nus(0, 1, 1)  # ↑* = {0,*|0}
    assert game([ZERO], []) is parse("1") and game([], [ZERO]) is parse("-1")
    assert game([ZERO], [parse("1")]) is parse("1/2")
    assert game([parse("1")], [parse("-1")]) is parse("+-1")
    assert game([ZERO, STAR], [ZERO, STAR]) is nimber(2)
    assert game([STAR], [STAR]) is ZERO  # {*|*} = 0
    assert game([], [STAR]) is ZERO  # {|*} = 0: * reverses out
    assert game([ZERO, parse("-1")], [parse("2")]) is parse("1")  # -1 dominated, 2 reverses
    assert game([ZERO, UP], [ZERO]) is game([UP], [ZERO])  # 0 is dominated by ↑ for Left


def _is_canonical(g: Game) -> bool:
    """No dominated and no reversible options (the definition, Siegel II.2)."""
    for a, b in itertools.permutations(g.left, 2):
        if leq(a, b):
            return False
    for a, b in itertools.permutations(g.right, 2):
        if leq(a, b):
            return False
    for option in g.left:
        if any(leq(reverser, g) for reverser in option.right):
            return False
    return all(not any(leq(g, reverser) for reverser in option.left) for option in g.right)


# --------------------------------------------------------------------------- random games
def _day_two() -> list[pycgt.Game]:
    from pycgt.census import born_by

    return sorted(born_by(2), key=str)


DAY_TWO = _day_two()

raw_games = st.recursive(
    st.sampled_from(DAY_TWO),
    lambda children: st.builds(
        lambda left, right: pycgt.Game(frozenset(left), frozenset(right)),
        st.lists(children, max_size=3),
        st.lists(children, max_size=3),
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(raw_games)
def test_random_games_match_pycgt_and_the_definition(raw: pycgt.Game) -> None:
    ours = from_pycgt_options(raw, {})
    assert to_pycgt(ours) == pycgt.canonical(raw)
    assert _is_canonical(ours)


def test_every_game_born_by_day_two_is_canonical_and_distinct() -> None:
    ours = [from_pycgt_options(g, {}) for g in DAY_TWO]
    assert len(DAY_TWO) == 22 and len({g.id for g in ours}) == 22
    assert all(_is_canonical(g) for g in ours)
    assert all(to_pycgt(a) == b for a, b in zip(ours, DAY_TWO, strict=True))


def test_our_own_census_of_day_two() -> None:
    """Every {L | R} with L, R subsets of the four games born by day 1: 22 distinct values."""
    day_one = [ZERO, STAR, parse("1"), parse("-1")]
    subsets = [list(combo) for size in range(5) for combo in itertools.combinations(day_one, size)]
    values = {game(left, right).id for left in subsets for right in subsets}
    assert len(values) == 22
