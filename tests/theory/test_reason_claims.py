"""Every reason describes the row as the user gave it (issue 13).

For every row of length <= 6 with piles <= 6 and every built-in variant, each number in the
reason's data (outcome reason and Grundy reason, as JSON) is checked on the row *as given*:
named piles against the row, quantities (l, r, runs of ones, thresholds, ...) against
definitions computed here independently, and every stated relation by its own evaluator.
A numeric field this test does not know how to check fails it, so new claims get checked.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from conftest import BUILT_IN_NAMES, solver

from endnim.theory.partizan import star_thresholds
from endnim.variants import get_variant

Row = tuple[int, ...]
MAX_LENGTH, MAX_PILE = 6, 6
NOT_ABOUT_THE_ROW = {"states_cached", "cells", "parts_cached"}


def rows() -> Iterator[Row]:
    for length in range(MAX_LENGTH + 1):
        yield from itertools.product(range(1, MAX_PILE + 1), repeat=length)


# --------------------------------------------------------------------------- definitions
def head_run(row: Row) -> int:
    n = 1
    while n < len(row) and row[n] == row[0]:
        n += 1
    return n


def tail_run(row: Row) -> int:
    return head_run(row[::-1])


def l_by_definition(a: Row) -> int:
    """Cairns–Ho: largest i with a1 = ... = a_{i-1} <= a_i, read literally on the row."""
    return max(
        i
        for i in range(1, len(a) + 1)
        if all(a[t] == a[0] for t in range(i - 1)) and (i == 1 or a[i - 2] <= a[i - 1])
    )


def r_by_definition(a: Row) -> int:
    """Cairns–Ho: largest j with a_{k-j+1} >= a_{k-j+2} = ... = a_k; 0 for constant rows."""
    k = len(a)
    if all(p == a[0] for p in a):
        return 0
    best = 0
    for j in range(1, k + 1):
        tail = a[k - j + 1 :]
        if all(p == a[-1] for p in tail) and (not tail or a[k - j] >= tail[0]):
            best = j
    return best


def ones(row: Row, reverse: bool = False) -> int:
    count = 0
    for pile in row[::-1] if reverse else row:
        if pile != 1:
            break
        count += 1
    return count


def quantity(name: str, row: Row, data: dict[str, Any], variant: str) -> int:
    """The value a reason's quantity must have on ``row`` (as given)."""
    k = len(row)
    constant = bool(row) and all(p == row[0] for p in row)
    definitions: dict[str, Callable[[], int]] = {
        "k": lambda: k,
        "l": lambda: l_by_definition(row),
        "r": lambda: r_by_definition(row),
        "r_m": lambda: 1 if set(row) == {1} else r_by_definition(row),
        "r_o": lambda: 1 if constant else r_by_definition(row),
        # Muller (Horrocks): 1^n ω 1^m, runs of ones at the ends
        "n": lambda: ones(row),
        "m": lambda: 0 if set(row) == {1} else ones(row, reverse=True),
        "length": lambda: k,
        "trailing_ones": lambda: ones(row, reverse=True),
        "omega_length": lambda: k - 3,
        "run": lambda: head_run(row),
        "base": lambda: solver("muller").value(row[head_run(row) - 1 :]).grundy,  # type: ignore[union-attr]
        # partizan: L*(w b) of the row without its first pile, R*(a w) without its last
        "L_star": lambda: star_thresholds(row[1:])[0],
        "R_star": lambda: star_thresholds(row[:-1])[1],
    }
    if name not in definitions:
        raise AssertionError(f"{variant} {row}: unchecked numeric claim {name} = {data[name]}")
    return definitions[name]()


def evaluate(side: list[Any], values: dict[str, int]) -> int:
    return sum(values[t] if isinstance(t, str) else t for t in side)


def relation_holds(relation: dict[str, Any], values: dict[str, int]) -> bool:
    left = evaluate(relation["left"], values)
    if relation["op"] == "mod":
        return left % relation["mod"] in relation["right"]
    right = evaluate(relation["right"], values)
    compare: dict[str, Callable[[int, int], bool]] = {
        "=": int.__eq__,
        "≠": int.__ne__,
        "<": int.__lt__,
        "<=": int.__le__,
        ">": int.__gt__,
        ">=": int.__ge__,
    }
    return compare[relation["op"]](left, right)


# --------------------------------------------------------------------------- the check
def check_reason(variant: str, row: Row, verdict: str, reason: dict[str, Any]) -> None:
    data = reason["data"]
    where = f"{variant} {row}: {reason['theorem']}: {reason['statement']}"
    piles = data.get("piles", {})
    values: dict[str, int] = {}
    for name, index in piles.items():
        assert 1 <= index <= len(row), where
        values[name] = row[index - 1]
        if name in data:
            assert data[name] == row[index - 1], f"{where}: {name} is pile {index}"
    for name, value in data.items():
        if name in piles or name in NOT_ABOUT_THE_ROW:
            continue
        if isinstance(value, int) and not isinstance(value, bool):
            assert value == quantity(name, row, data, variant), f"{where}: {name} = {value}"
            values[name] = value
    for relation in data.get("relations", []):
        assert relation_holds(relation, values), f"{where}: {relation['text']} is false"
    if "hieroglyph" in data:
        check_hieroglyph(row, data["hieroglyph"], where)
    if "orientation" in data and "clause" in data and "l" in data:
        check_cairns_ho(row, verdict, data, where)
    if "left_wins_first" in data:
        assert data["left_wins_first"] == (data["a"] >= data["L_star"]), where
        assert data["right_wins_first"] == (data["b"] >= data["R_star"]), where


def check_hieroglyph(row: Row, glyph: dict[str, Any], where: str) -> None:
    """Albert–Nowakowski read the row as given: x^n a w b y^m."""
    n, m = head_run(row), tail_run(row)
    assert (glyph["x"], glyph["n"], glyph["y"]) == (row[0], n, row[-1]), where
    if glyph["form"] == "constant":
        return
    assert (glyph["m"], glyph["a"], glyph["b"]) == (m, row[n], row[-1 - m]), where


def check_cairns_ho(row: Row, verdict: str, data: dict[str, Any], where: str) -> None:
    """The clause, stated on the row as given, decides; a reversed row swaps l and r."""
    (r_name,) = {"r", "r_m", "r_o"} & set(data)
    a1, ak, left, right = row[0], row[-1], data["l"], data[r_name]
    reversed_row = data["orientation"].startswith("reversed")
    assert reversed_row == (a1 > ak), where
    assert ("read right to left" in data["why"]) == reversed_row, where
    if data["clause"] == "a":
        assert a1 == ak and (left + right) % 2 == 0, where
    elif data["clause"] == "b" and reversed_row:
        assert a1 == ak + 1 and right % 2 == 1 and left % 2 == 0, where
    elif data["clause"] == "b":
        assert ak == a1 + 1 and left % 2 == 1 and right % 2 == 0, where
    assert (verdict == "P") == (data["clause"] is not None), where


@pytest.mark.parametrize("variant", BUILT_IN_NAMES)
def test_every_reason_holds_for_the_row_as_given(variant: str) -> None:
    theory = get_variant(variant).theory()
    assert theory is not None
    count = 0
    for row in rows():
        verdict, reason = theory.outcome(row)
        check_reason(variant, row, verdict, reason.to_dict())
        fixed = theory.grundy(row)
        if fixed is not None:
            check_reason(variant, row, verdict, fixed[1].to_dict())
        count += 1
    assert count == sum(MAX_PILE**k for k in range(MAX_LENGTH + 1))


def test_the_issue_examples_read_right_to_left() -> None:
    """3 3 3 2, 5 4 2 4 and 3 1 4 1 2: a_1 = a_k + 1, said about the row as given."""
    theory = get_variant("endnim").theory()
    assert theory is not None
    for row, (l_value, r_value) in {
        (3, 3, 3, 2): (3, 2),
        (5, 4, 2, 4): (1, 1),
        (3, 1, 4, 1, 2): (1, 1),
    }.items():
        _, reason = theory.outcome(row)
        assert reason.statement.startswith("a_1 = a_k + 1, so (b) applies read right to left")
        assert "a_k = a_1 + 1" not in reason.statement
        assert (reason.data["a_1"], reason.data["a_k"]) == (row[0], row[-1])
        assert (reason.data["l"], reason.data["r"]) == (l_value, r_value)
