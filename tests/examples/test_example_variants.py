"""The two example rule sets shipped in examples/variants, against brute force written here.

Each brute force below knows the rules only from this file's own text, not from endnim.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

import endnim
from endnim.variants import load_rules, unregister_variant

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"
Row = tuple[int, ...]


@pytest.fixture(scope="module", autouse=True)
def _registered() -> Iterator[None]:
    load_rules(f"{EXAMPLES / 'capped.py'}:CappedEndNim")
    load_rules(f"{EXAMPLES / 'end_wythoff.py'}:EndWythoff")
    yield
    unregister_variant("capped")
    unregister_variant("end-wythoff")


def _set(row: list[int], index: int, size: int) -> Row:
    row = list(row)
    row[index] = size
    return tuple(p for p in row if p)


def capped_options(row: Row) -> set[Row]:
    """Remove 1, 2 or 3 coins from the first or the last pile."""
    result: set[Row] = set()
    for index in {0, len(row) - 1} if row else set():
        for take in (1, 2, 3):
            if take <= row[index]:
                result.add(_set(list(row), index, row[index] - take))
    return result


def wythoff_options(row: Row) -> set[Row]:
    """Reduce an end pile, or (two or more piles) take t from both ends at once."""
    result: set[Row] = set()
    for index in {0, len(row) - 1} if row else set():
        for size in range(row[index]):
            result.add(_set(list(row), index, size))
    if len(row) >= 2:
        for take in range(1, min(row[0], row[-1]) + 1):
            both = list(row)
            both[0] -= take
            both[-1] -= take
            result.add(tuple(p for p in both if p))
    return result


@cache
def grundy(game: str, row: Row) -> int:
    options = capped_options(row) if game == "capped" else wythoff_options(row)
    values = {grundy(game, child) for child in options}
    return next(g for g in itertools.count() if g not in values)


def rows(max_length: int, max_pile: int) -> Iterator[Row]:
    for length in range(1, max_length + 1):
        yield from itertools.product(range(1, max_pile + 1), repeat=length)


@pytest.mark.parametrize("game", ["capped", "end-wythoff"])
def test_values_and_winning_moves_match_brute_force(game: str) -> None:
    for row in rows(4, 5):
        result = endnim.analyze(list(row), game)
        assert result.grundy == grundy(game, row), row
        assert result.method == "search" and "no closed-form theory" in result.notes[0]
        rules = endnim.get_variant(game)
        winners = {
            rules.format_position(child)
            for move, child in rules.options(row)
            if str(move) in result.winning_moves
        }
        expected = {
            " ".join(map(str, child))
            for child in (capped_options(row) if game == "capped" else wythoff_options(row))
            if grundy(game, child) == 0
        }
        assert winners == expected, row


def test_wythoff_p_positions_on_two_piles() -> None:
    golden = (1 + 5**0.5) / 2
    pairs = {(int(k * golden), int(k * golden) + k) for k in range(1, 30)}
    for a in range(1, 25):
        for b in range(a, 40):
            outcome = endnim.analyze([a, b], "end-wythoff").outcome
            assert (outcome == "P") == ((a, b) in pairs), (a, b)


def test_capped_play_respects_the_cap_at_any_size() -> None:
    rules = endnim.get_variant("capped")
    assert rules.play([10**30, 1], "L" + str(10**30 - 3)) == endnim.Position([10**30 - 3, 1])
    with pytest.raises(endnim.MoveError, match="may not become"):
        rules.play([10, 1], "L6")


def test_capped_is_served_by_the_engine_and_end_wythoff_is_not() -> None:
    """Capped End-Nim only restricts its takes (the engine lists them); End-Wythoff's diagonal
    move is a move of its own kind, which the engine's recurrences do not know."""
    for position in ("3 1 4", "5 2 7", "6 6", "1 9 2 8"):
        engine = endnim.analyze(position, "capped", method="engine")
        search = endnim.analyze(position, "capped", method="search")
        assert (engine.grundy, engine.winning_moves) == (search.grundy, search.winning_moves)
    with pytest.raises(endnim.VariantError, match="no recurrence"):
        endnim.analyze("3 1 4", "end-wythoff", method="engine")


def test_wythoff_children_are_the_rows_of_its_options() -> None:
    rules = endnim.get_variant("end-wythoff")
    for row in [(), *rows(4, 5)]:
        children = rules.children(row)
        assert len(children) == len(set(children)), row
        assert set(children) == {child for _, child in rules.options(row)}, row
        assert set(children) == wythoff_options(row), row
