"""Each rule set's options, checked against the examples the papers give."""

from __future__ import annotations

import pytest

from endnim.errors import MoveError, VariantError
from endnim.variants import all_variants, get_variant


def positions_of(variant: str, piles: tuple[int, ...], player: str | None = None) -> set[str]:
    return {str(p) for _, p in get_variant(variant).options(piles, player)}  # type: ignore[arg-type]


def test_endnim_reduces_either_end() -> None:
    assert positions_of("endnim", (2, 3, 1)) == {"1 3 1", "3 1", "2 3"}
    assert positions_of("endnim", (2,)) == {"1", ""}


def test_partizan_left_and_right_options() -> None:
    # Albert–Nowakowski §3: from (2)(3)(1) Left -> (1)(3)(1) or (3)(1); Right -> (2)(3).
    assert positions_of("partizan", (2, 3, 1), "L") == {"1 3 1", "3 1"}
    assert positions_of("partizan", (2, 3, 1), "R") == {"2 3"}
    # on a lone pile both players may play
    assert positions_of("partizan", (2,), "L") == positions_of("partizan", (2,), "R") == {"1", ""}
    with pytest.raises(VariantError):
        get_variant("partizan").moves((2, 3))


def test_muller_options_of_3_7_1() -> None:
    # Horrocks §1: from 3 7 1 the options are 2 7 1, 1 7 2, 1 7 1, 7 1, 1 7.
    assert positions_of("muller", (3, 7, 1)) == {"2 7 1", "1 7 2", "1 7 1", "7 1", "1 7"}


def test_misere_conventions() -> None:
    misere, conway = get_variant("misere"), get_variant("misere-conway")
    assert misere.is_terminal((1,)) and misere.moves((1,)) == []
    assert positions_of("misere", (3,)) == {"1", "2"}  # taking the last coin is no option
    assert positions_of("misere-conway", (1,)) == {""}
    assert conway.terminal_value(()) == 1


def test_loop_single_pile_is_terminal() -> None:
    assert get_variant("loop").moves((9,)) == []
    assert positions_of("loop", (2, 3)) == {"1 3", "3", "2 1", "2", "2 2"}


def test_play_validates_and_applies() -> None:
    endnim = get_variant("endnim")
    assert endnim.play((3, 1, 5), "R4") == (3, 1, 4)
    assert endnim.play((10**100,), "R0") == ()
    with pytest.raises(MoveError, match="below 3"):
        endnim.play((3, 1, 5), "L3")
    with pytest.raises(MoveError, match="no reversal"):
        endnim.play((3, 1, 5), "L1r")
    muller = get_variant("muller")
    assert muller.play((3, 7, 1), "L1r") == (1, 7, 1)
    assert muller.play((3, 7, 1), "L2r") == (1, 7, 2)
    with pytest.raises(MoveError, match="first"):
        muller.play((3, 7, 1), "R0")
    with pytest.raises(MoveError, match="taking the last coin"):
        get_variant("misere").play((3,), "L0")
    with pytest.raises(MoveError, match="terminal"):
        get_variant("loop").play((3,), "L0")
    with pytest.raises(MoveError, match="Left"):
        get_variant("partizan").play((3, 2), "R1", "L")


@pytest.mark.parametrize("variant", [v.name for v in all_variants()])
def test_options_agree_with_play(variant: str) -> None:
    rules = get_variant(variant)
    players = (None,) if rules.impartial else ("L", "R")
    for row in [(1,), (3,), (2, 2), (3, 1, 2), (1, 4, 1, 2)]:
        piles = rules.coerce_position(list(row))  # a row, or the graph a row stands for
        for player in players:
            for move, child in rules.options(piles, player):  # type: ignore[arg-type]
                assert rules.play(piles, move, player) == child  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", [v.name for v in all_variants()])
def test_estimate_bounds_the_states_visited(variant: str) -> None:
    from endnim.search import Solver

    rules = get_variant(variant)
    for row in [(3, 1, 5), (2, 4, 1, 3), (1, 1, 1, 1, 1), (6, 6)]:
        piles = rules.coerce_position(list(row))
        solver = Solver(rules)
        solver.value(piles)
        assert solver.cached_states() <= rules.estimate_states(piles)


def test_unknown_variant() -> None:
    with pytest.raises(VariantError, match="choose one of"):
        get_variant("chess")
