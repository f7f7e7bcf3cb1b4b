"""The computer player: perfect at skill 100 (checked against the search), random below."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from conftest import BUILT_IN_NAMES, positions, solver

from endnim.errors import EndNimError, MoveError
from endnim.moves import End, Move
from endnim.play.computer import (
    ComputerPlayer,
    best_move,
    check_skill,
    players_winning,
    random_move,
)
from endnim.search import ImpartialValue, PartizanValue
from endnim.theory import theory_for
from endnim.variants import Variant, get_variant

VARIANTS = BUILT_IN_NAMES


def movers(rules: Variant) -> tuple[End | None, ...]:
    return (None,) if rules.impartial else ("L", "R")


def mover_wins_after(name: str, after: tuple[int, ...], player: End | None) -> tuple[bool, int]:
    """Whether the mover wins after moving to ``after``, and the remoteness of ``after``."""
    value = solver(name).value(after)
    if isinstance(value, ImpartialValue):
        return value.grundy == 0, value.remoteness
    assert isinstance(value, PartizanValue)
    if player == "L":
        return not value.right_wins_first, value.remoteness_right_first
    return not value.left_wins_first, value.remoteness_left_first


@pytest.mark.parametrize("name", VARIANTS)
def test_best_move_wins_fastest_or_loses_slowest(name: str) -> None:
    """Gamesman's perfect play: least remoteness when winning, greatest when losing."""
    rules = get_variant(name)
    for piles in [*positions(4, 4), *positions(2, 12, min_length=2)]:
        if rules.is_terminal(piles):
            continue
        for player in movers(rules):
            results = [mover_wins_after(name, a, player) for _, a in rules.options(piles, player)]
            choice = best_move(piles, name, player, random.Random(0))
            wins, remoteness = mover_wins_after(name, tuple(choice.after), player)
            assert choice.kind == "best" and choice.wins == wins
            assert wins == any(w for w, _ in results), (name, piles, player)
            if wins:
                assert remoteness == min(r for w, r in results if w)
            else:
                assert remoteness == max(r for _, r in results)
            assert choice.remoteness == remoteness


@pytest.mark.parametrize("name", VARIANTS)
def test_perfect_computer_beats_random_play_from_every_winning_position(name: str) -> None:
    rules = get_variant(name)
    computer = ComputerPlayer(100, random.Random(1))
    opponent = random.Random(2)
    for piles in positions(4, 4):
        for first in movers(rules):
            if rules.is_terminal(piles):
                continue
            row: tuple[int, ...] = piles
            player = first
            value = solver(name).value(piles)
            if isinstance(value, ImpartialValue):
                computer_can_win = value.grundy != 0
            else:
                assert isinstance(value, PartizanValue)
                computer_can_win = value.left_wins_first if first == "L" else value.right_wins_first
            if not computer_can_win:
                continue
            computer_turn = True
            while not rules.is_terminal(row):
                if computer_turn:
                    row = tuple(computer.choose(row, rules, player).after)
                else:
                    row = tuple(random_move(row, rules, player, opponent).after)
                computer_turn = not computer_turn
                if player is not None:
                    player = "R" if player == "L" else "L"
            mover_wins = rules.terminal_value(row) != 0
            computer_won = mover_wins == computer_turn
            assert computer_won, (name, piles, first)


@pytest.mark.parametrize("name", VARIANTS)
def test_random_moves_are_legal_and_cover_every_move(name: str) -> None:
    rules = get_variant(name)
    rng = random.Random(5)
    for piles in [(3,), (2, 3), (3, 1, 2), (1, 4)]:
        if rules.is_terminal(piles):
            continue
        for player in movers(rules):
            legal = {tuple(a) for _, a in rules.options(piles, player)}
            seen = {tuple(random_move(piles, rules, player, rng).after) for _ in range(300)}
            assert seen == legal, (name, piles, player)


def test_random_and_best_moves_at_any_size() -> None:
    huge = (10**100, 5, 10**100 + 3)
    rng = random.Random(3)
    for name in VARIANTS:
        rules = get_variant(name)
        theory = theory_for(name)
        for player in movers(rules):
            choice = random_move(huge, name, player, rng)
            assert tuple(rules.play(huge, choice.move, player)) == tuple(choice.after)
            best = best_move(huge, name, player, rng)
            winning = players_winning(huge, rules, player)
            assert best.wins == bool(winning)
            if rules.impartial and best.wins:
                assert theory.outcome(tuple(best.after))[0] == "P"
            if not best.wins:  # the delaying move takes one coin from the larger end pile
                end = player or ("L" if huge[0] >= huge[-1] else "R")
                assert best.move == Move(end, (huge[0] if end == "L" else huge[-1]) - 1)


def test_best_move_without_rng_is_deterministic() -> None:
    assert best_move((3, 1, 4)) == best_move((3, 1, 4))
    assert str(best_move((3, 1, 4)).move) == "R3"


def test_skill_mixes_best_and_random_moves() -> None:
    for skill, expected in ((100, {"best"}), (0, {"random"})):
        computer = ComputerPlayer(skill, random.Random(4))
        assert {computer.choose((5, 6, 7)).kind for _ in range(50)} == expected
    computer = ComputerPlayer(50, random.Random(4))
    kinds = Counter(computer.choose((5, 6, 7)).kind for _ in range(400))
    assert 140 <= kinds["best"] <= 260 and kinds["best"] + kinds["random"] == 400
    weak = ComputerPlayer(20, random.Random(9))
    assert Counter(weak.choose((5, 6, 7)).kind for _ in range(400))["best"] < 140


def test_same_seed_same_choices() -> None:
    first = ComputerPlayer(50, random.Random(11))
    second = ComputerPlayer(50, random.Random(11))
    assert [first.choose((4, 5, 6)).move for _ in range(30)] == [
        second.choose((4, 5, 6)).move for _ in range(30)
    ]


def test_bad_skill_and_bad_requests() -> None:
    for skill in (-1, 101, True, 2.5):
        with pytest.raises(EndNimError, match="skill"):
            check_skill(skill)  # type: ignore[arg-type]
        with pytest.raises(EndNimError):
            ComputerPlayer(skill)  # type: ignore[arg-type]
    with pytest.raises(MoveError, match="game is over"):
        best_move((), "endnim")
    with pytest.raises(MoveError, match="game is over"):
        random_move((7,), "loop")
    with pytest.raises(MoveError, match="player"):
        best_move((2, 1), "partizan")


def test_winning_moves_of_huge_ranges_are_drawn_uniformly() -> None:
    piles = (10**30, 1, 2)  # Left wins by any L2 .. L(10**30 - 1): too many to value one by one
    rules = get_variant("partizan")
    (winning,) = players_winning(piles, rules, "L")
    assert (winning.low, winning.high) == (2, 10**30 - 1)
    rng = random.Random(0)
    sizes = [best_move(piles, rules, "L", rng).move.size for _ in range(200)]
    assert all(winning.low <= size <= winning.high for size in sizes)
    assert len(set(sizes)) == 200  # uniform over 10**30 moves: no repeats
    assert sum(size > 10**29 for size in sizes) > 150  # most of the range is above 10**29
