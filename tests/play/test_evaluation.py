"""Every move's result and value, checked against the exhaustive search on every small position."""

from __future__ import annotations

import pytest
from conftest import BUILT_IN_NAMES, positions, solver

import endnim.play.evaluation as evaluation
from endnim.errors import MoveError
from endnim.moves import Move
from endnim.play.evaluation import evaluate_moves, in_ranges, search_affordable
from endnim.search import ImpartialValue, PartizanValue
from endnim.theory import MoveRange, theory_for
from endnim.variants import get_variant
from endnim.variants.base import move_count_bound, players_of

VARIANTS = BUILT_IN_NAMES
SMALL = list(positions(5, 4))


def expected_moves(name: str, piles: tuple[int, ...]) -> list[tuple[str, str | None, bool, object]]:
    """(move, player, wins, value of the position it leads to) from the reference search."""
    rules = get_variant(name)
    reference = solver(name)
    rows: list[tuple[str, str | None, bool, object]] = []
    for player in (None,) if rules.impartial else ("L", "R"):
        for move, after in rules.options(piles, player):
            value = reference.value(after)
            if isinstance(value, ImpartialValue):
                rows.append((str(move), player, value.grundy == 0, value))
            else:
                assert isinstance(value, PartizanValue)
                opponent_wins = value.right_wins_first if player == "L" else value.left_wins_first
                rows.append((str(move), player, not opponent_wins, value))
    return rows


@pytest.mark.parametrize("name", VARIANTS)
def test_every_move_and_value_match_the_search(name: str) -> None:
    for piles in SMALL:
        listing = evaluate_moves(piles, name)
        assert listing.moves is not None and listing.values_from == "search"
        expected = expected_moves(name, piles)
        assert [(str(m.move), m.player) for m in listing.moves] == [(e[0], e[1]) for e in expected]
        for move, (_text, player, wins, value) in zip(listing.moves, expected, strict=True):
            assert move.wins == wins, (name, piles, move)
            assert move.outcome == value.outcome  # type: ignore[attr-defined]
            if isinstance(value, ImpartialValue):
                assert (move.grundy, move.remoteness) == (value.grundy, value.remoteness)
            else:
                assert isinstance(value, PartizanValue)
                rem = value.remoteness_right_first if player == "L" else value.remoteness_left_first
                assert (move.grundy, move.remoteness) == (None, rem)


@pytest.mark.parametrize("name", VARIANTS)
def test_engine_values_match_the_search(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(evaluation, "search_affordable", lambda piles, rules: False)
    for piles in positions(3, 4):
        listing = evaluate_moves(piles, name)
        expected = expected_moves(name, piles)
        assert listing.moves is not None
        if expected:
            assert listing.values_from == "engine"
        for move, (_text, _player, wins, value) in zip(listing.moves, expected, strict=True):
            assert move.wins == wins
            assert move.outcome == value.outcome  # type: ignore[attr-defined]
            if isinstance(value, ImpartialValue):
                assert move.grundy == value.grundy
            assert move.remoteness is None


@pytest.mark.parametrize("name", VARIANTS)
def test_theory_alone_still_tells_winning_from_losing(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(evaluation, "search_affordable", lambda piles, rules: False)
    for piles in positions(3, 3):
        listing = evaluate_moves(piles, name, engine_cells=1)
        expected = expected_moves(name, piles)
        assert listing.moves is not None
        if expected and len(piles) >= 2:  # a lone pile's values cost the engine nothing
            assert listing.values_from == "theory"
        for move, (_text, _player, wins, _value) in zip(listing.moves, expected, strict=True):
            assert move.wins == wins
            assert move.remoteness is None
            if len(piles) >= 2:
                assert move.grundy is None
            if get_variant(name).impartial:
                assert move.outcome == ("P" if wins else "N")


def test_partizan_player_filter() -> None:
    both = evaluate_moves((3, 1, 2), "partizan")
    left = evaluate_moves((3, 1, 2), "partizan", "L")
    right = evaluate_moves((3, 1, 2), "partizan", "R")
    assert both.moves is not None and left.moves is not None and right.moves is not None
    assert [m.move for m in both.moves] == [m.move for m in left.moves + right.moves]
    assert {m.player for m in left.moves} == {"L"} and {m.player for m in right.moves} == {"R"}
    assert all(r.end == "L" for r in left.winning) and all(r.end == "R" for r in right.winning)
    with pytest.raises(MoveError):
        players_of(get_variant("partizan"), "X")  # type: ignore[arg-type]


def test_too_many_moves_are_given_as_exact_ranges() -> None:
    piles = (10**100, 7, 10**100 + 1)
    listing = evaluate_moves(piles, "endnim")
    assert listing.moves is None and listing.values_from == "theory"
    assert listing.total == 2 * 10**100 + 1
    assert listing.winning == theory_for("endnim").winning_moves(piles)
    theory = theory_for("endnim")
    for move_range in listing.winning:
        after = get_variant("endnim").play(piles, Move(move_range.end, move_range.low))
        assert theory.outcome(after)[0] == "P"
    small = evaluate_moves((3, 1, 4), "endnim", max_listed=6)
    assert small.moves is None and small.total == 7
    assert [str(r) for r in small.winning] == ["R3"]


def test_terminal_and_empty_positions_have_no_moves() -> None:
    for name, piles in (("endnim", ()), ("loop", (5,)), ("misere", (1,)), ("partizan", ())):
        listing = evaluate_moves(piles, name)
        assert listing.moves == [] and listing.total == 0 and listing.winning == []


@pytest.mark.parametrize("name", VARIANTS)
def test_move_count_bound(name: str) -> None:
    rules = get_variant(name)
    for piles in positions(3, 5):
        options = sum(len(rules.options(piles, p)) for p in players_of(rules, None))
        bound = move_count_bound(piles, rules)
        assert bound >= options
        # exact unless an L move and an R move lead to the same row (only when a_1 = a_k)
        if name == "partizan" or (name in ("endnim", "loop") and piles[0] != piles[-1]):
            assert bound == options, piles


def test_in_ranges_and_affordability() -> None:
    ranges = [MoveRange("L", 2, 4), MoveRange("R", 0, 0, reverse=True)]
    assert in_ranges(Move("L", 2), ranges) and in_ranges(Move("L", 4), ranges)
    assert not in_ranges(Move("L", 5), ranges) and not in_ranges(Move("L", 1), ranges)
    assert in_ranges(Move("R", 0, True), ranges) and not in_ranges(Move("R", 0), ranges)
    rules = get_variant("endnim")
    assert search_affordable((), rules) and search_affordable((30, 30, 30), rules)
    assert not search_affordable((3000, 3000), rules)


def test_to_dict_is_exact_for_huge_piles() -> None:
    listing = evaluate_moves((10**30, 1), "endnim", max_listed=10)
    data = listing.to_dict()
    assert data["listed"] is False and data["moves"] is None
    assert data["winning"] == [
        {"end": "L", "from": 1, "to": 1, "reverse": False, "text": "L1", "count": 1}
    ]
