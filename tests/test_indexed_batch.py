"""A rule set's ``children_batch`` hook (issue 22): End-Wythoff's equals its ``children`` (the
reference) row by row; the indexed search calls it instead of ``children`` and gets the memoised
search's values; a batch hook that raises, returns garbage or disagrees with ``children`` is one
error naming the rule set."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.analysis.tables import search_table
from endnim.errors import RuleSetError
from endnim.indexed import closure_table, solve_closure
from endnim.search import Solver
from endnim.variants import Variant, get_variant, load_rules, unregister_variant

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "variants"

row_lists = st.lists(st.lists(st.integers(1, 12), max_size=5).map(tuple), min_size=0, max_size=40)


@pytest.fixture(scope="module")
def wythoff() -> Iterator[Variant]:
    rules = load_rules(f"{EXAMPLES / 'end_wythoff.py'}:EndWythoff")
    assert isinstance(rules, Variant)
    yield rules
    unregister_variant("end-wythoff")


@settings(max_examples=200, deadline=None)
@given(positions=row_lists)
def test_end_wythoff_s_batch_hook_equals_its_children_row_by_row(
    wythoff: Variant, positions: list[tuple[int, ...]]
) -> None:
    batch = wythoff.children_batch(positions)  # type: ignore[attr-defined]
    assert len(batch) == len(positions)
    for position, children in zip(positions, batch, strict=True):
        assert sorted(children) == sorted(wythoff.children(position)), position


def test_the_indexed_search_calls_the_batch_hook_and_gets_the_search_s_values(
    wythoff: Variant,
) -> None:
    calls: list[int] = []
    hook = type(wythoff).children_batch  # type: ignore[attr-defined]

    def counted(self: Any, positions: list[Any]) -> Any:
        calls.append(len(positions))
        return hook(self, positions)

    every = [(a, *middle, b) for a in range(1, 7) for b in range(1, 7) for middle in [(), (2,)]]
    with mock.patch.object(type(wythoff), "children_batch", counted):
        solved = solve_closure(wythoff, every)
        assert sum(calls) == len(solved.positions)  # every position, in batches
        table = closure_table(wythoff, (3,), 6, 9)
    solver = Solver(wythoff)
    for row in every:
        assert solved.value(row) == solver.value(row), row
    assert table.tolist() == search_table(wythoff, (3,), 6, 9).tolist()


class _Base(Variant):
    name = "test-batch-base"
    title = "test rule set"

    def ends(self, piles: tuple[int, ...], player: Any = None) -> tuple[Any, ...]:
        return ("L", "R")


class RaisingBatch(_Base):
    name = "test-raising-batch"
    title = "raising batch"

    def children_batch(self, positions: list[Any]) -> list[Any]:
        raise ZeroDivisionError("division by zero")


class GarbageBatch(_Base):
    name = "test-garbage-batch"
    title = "garbage batch"

    def children_batch(self, positions: list[Any]) -> Any:
        return 42


class ShortBatch(_Base):
    name = "test-short-batch"
    title = "short batch"

    def children_batch(self, positions: list[Any]) -> list[Any]:
        return [self.children(p) for p in positions][1:]


class BadRowBatch(_Base):
    name = "test-bad-row-batch"
    title = "bad-row batch"

    def children_batch(self, positions: list[Any]) -> list[Any]:
        return [[(1, 0)] if p else [] for p in positions]


class DisagreeingBatch(_Base):
    name = "test-disagreeing-batch"
    title = "disagreeing batch"

    def children_batch(self, positions: list[Any]) -> list[Any]:
        return [self.children(p)[:1] for p in positions]  # drops all but one move


@pytest.mark.parametrize(
    ("cls", "message"),
    [
        (RaisingBatch, r"children_batch\(\) raised ZeroDivisionError: division by zero"),
        (GarbageBatch, r"children_batch\(\) returned 42, expected a list of lists of positions"),
        (ShortBatch, r"children_batch\(\) returned 2 lists for 3 positions, expected one"),
        (BadRowBatch, r"children_batch\(\) returned \[\[\(1, 0\)\]\], expected a row: a tuple"),
        (DisagreeingBatch, r"children_batch\(\) and children\(\) disagree on the position"),
    ],
)
def test_a_faulty_batch_hook_is_one_error_naming_the_rule_set(
    cls: type[Variant], message: str
) -> None:
    rules = load_rules(f"{Path(__file__)}:{cls.__name__}")
    try:
        with pytest.raises(RuleSetError, match=rf"\(test_indexed_batch.py:{cls.__name__}\): "):
            solve_closure(rules, [(1,), (2, 3), (4,)])
        with pytest.raises(RuleSetError, match=message):
            solve_closure(rules, [(1,), (2, 3), (4,)])
    finally:
        unregister_variant(rules.name)


def test_a_built_in_rule_set_without_a_batch_hook_is_expanded_position_by_position() -> None:
    rules = get_variant("endnim")
    assert not hasattr(rules, "children_batch")
    assert solve_closure(rules, [(3, 1, 2)]).value((3, 1, 2)) == Solver(rules).value((3, 1, 2))
