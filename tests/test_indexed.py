"""The indexed search (endnim.indexed) against the memoised search, the reference truth: the same
Grundy values and remoteness on End-Wythoff, capped End-Nim, the built-ins and generic rule sets;
the same refusals for faults, cycles and budgets."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import endnim
from endnim.analysis.tables import search_table, value_table
from endnim.engine.families import CODE_TO_OUTCOME
from endnim.errors import BudgetError, EndNimError, RuleSetError
from endnim.indexed import closure_table, serves, solve_closure
from endnim.ruleset import RuleSet
from endnim.search import ImpartialValue, Solver
from endnim.variants import Variant, get_variant, load_rules, unregister_variant

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "variants"
IMPARTIAL_BUILT_INS = ("endnim", "misere", "loop", "muller")


@pytest.fixture(scope="module", autouse=True)
def _registered() -> Iterator[None]:
    load_rules(f"{EXAMPLES / 'capped.py'}:CappedEndNim")
    load_rules(f"{EXAMPLES / 'end_wythoff.py'}:EndWythoff")
    yield
    unregister_variant("capped")
    unregister_variant("end-wythoff")


def rows(max_length: int, max_pile: int) -> list[tuple[int, ...]]:
    return [
        row
        for length in range(max_length + 1)
        for row in itertools.product(range(1, max_pile + 1), repeat=length)
    ]


@pytest.mark.parametrize("name", ["end-wythoff", "capped", *IMPARTIAL_BUILT_INS])
def test_every_small_row_has_the_search_s_value_and_remoteness(name: str) -> None:
    rules = get_variant(name)
    every = [r for r in rows(4, 4) if name != "misere" or r]  # misère End-Nim never reaches ()
    solved = solve_closure(rules, every)
    solver = Solver(rules)
    for row in every:
        assert solved.value(row) == solver.value(row), row


@pytest.mark.parametrize("name", ["end-wythoff", "capped", "endnim", "misere"])
@pytest.mark.parametrize("middle", [(), (3,), (2, 1)])
def test_tables_equal_the_search_s_tables(name: str, middle: tuple[int, ...]) -> None:
    rules = get_variant(name)
    assert isinstance(rules, Variant)
    expected = search_table(rules, middle, 7, 9)
    assert np.array_equal(closure_table(rules, middle, 7, 9), expected)


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(["end-wythoff", "capped", *IMPARTIAL_BUILT_INS]),
    roots=st.lists(st.lists(st.integers(1, 7), min_size=1, max_size=4), min_size=1, max_size=5),
)
def test_any_roots_get_the_search_s_values(name: str, roots: list[list[int]]) -> None:
    rules = get_variant(name)
    positions = [tuple(r) for r in roots]
    solved = solve_closure(rules, positions)
    solver = Solver(rules)
    assert [solved.value(p) for p in positions] == [solver.value(p) for p in positions]
    assert solved.grundy[solved.roots].tolist() == [
        solver.impartial_value(p).grundy for p in positions
    ]


def test_end_wythoff_tables_are_computed_by_the_indexed_search_and_are_wythoff_s() -> None:
    table = value_table("end-wythoff", "", "1..20", "1..20")
    golden = (1 + 5**0.5) / 2
    pairs = {(int(k * golden), int(k * golden) + k) for k in range(1, 20)}
    for a, b in itertools.product(range(1, 21), repeat=2):
        assert (table.value(a, b) == 0) == ((min(a, b), max(a, b)) in pairs), (a, b)


class Subtraction(RuleSet[int, int]):
    """Take 1, 3 or 4 from a heap; a generic (not row) rule set."""

    name = "test-sub134"
    title = "subtraction game {1, 3, 4}"

    def parse_position(self, text: str) -> int:
        return int(text)

    def format_position(self, position: int) -> str:
        return str(position)

    def parse_move(self, text: str) -> int:
        return int(text)

    def options(self, position: int, player: Any = None) -> list[tuple[int, int]]:
        return [(k, position - k) for k in (1, 3, 4) if k <= position]

    def estimate_states(self, position: int) -> int:
        return position + 1


class TwoHeapsUpToOrder(RuleSet[tuple[int, int], int]):
    """Nim on two heaps, keyed up to their order (a declared symmetry)."""

    name = "test-two-heaps"
    title = "two-heap Nim"

    def parse_position(self, text: str) -> tuple[int, int]:
        a, b = text.split()
        return int(a), int(b)

    def format_position(self, position: tuple[int, int]) -> str:
        return f"{position[0]} {position[1]}"

    def parse_move(self, text: str) -> int:
        return int(text)

    def options(self, position: tuple[int, int], player: Any = None) -> list[tuple[int, Any]]:
        a, b = position
        return [(0, (s, b)) for s in range(a)] + [(1, (a, s)) for s in range(b)]

    def canonical_key(self, position: tuple[int, int]) -> tuple[int, int]:
        return (min(position), max(position))

    def estimate_states(self, position: tuple[int, int]) -> int:
        return (position[0] + 1) * (position[1] + 1)


def test_generic_rule_sets_and_declared_symmetries() -> None:
    sub = Subtraction()
    solved = solve_closure(sub, list(range(30)))
    assert [solved.value(n) for n in range(30)] == [Solver(sub).value(n) for n in range(30)]
    nim = TwoHeapsUpToOrder()
    heaps = [(a, b) for a in range(9) for b in range(9)]
    solved = solve_closure(nim, heaps)
    assert [int(solved.grundy[n]) for n in solved.roots] == [a ^ b for a, b in heaps]
    assert len(solved.positions) == 45  # one per unordered pair
    assert [solved.value(h) for h in heaps] == [Solver(nim).value(h) for h in heaps]


def test_partizan_rule_sets_are_not_served() -> None:
    assert not serves(get_variant("partizan"))
    with pytest.raises(EndNimError, match="impartial"):
        solve_closure(get_variant("partizan"), [(1, 2)])


class _Wythoffish(Variant):
    name = "test-indexed-base"
    title = "test rule set"

    def ends(self, piles: tuple[int, ...], player: Any = None) -> tuple[Any, ...]:
        return ("L", "R")


class Cycling(_Wythoffish):
    name = "test-cycling"
    title = "cycling"

    def children(self, position: Any, player: Any = None) -> list[Any]:
        return [(2,)] if tuple(position) == (1,) else [(1,)]


class GarbageChildren(_Wythoffish):
    name = "test-garbage-children"
    title = "garbage children"

    def children(self, position: Any, player: Any = None) -> list[Any]:
        return [(1, 0)] if position else []


class RaisingChildren(_Wythoffish):
    name = "test-raising-children"
    title = "raising children"

    def children(self, position: Any, player: Any = None) -> list[Any]:
        raise ZeroDivisionError("division by zero")


class Growing(_Wythoffish):
    name = "test-growing"
    title = "growing"

    def children(self, position: Any, player: Any = None) -> list[Any]:
        return [(*position, 1)]

    def estimate_states(self, piles: tuple[int, ...]) -> int:
        return 10


def _guarded(cls: type[Variant]) -> Variant:
    rules = load_rules(f"{Path(__file__)}:{cls.__name__}")
    assert isinstance(rules, Variant)
    return rules


@pytest.mark.parametrize(
    ("cls", "message"),
    [
        (
            GarbageChildren,
            r"rule set 'test-garbage-children' \(test_indexed.py:GarbageChildren\): children\(\) "
            r"returned \[\(1, 0\)\], expected a row: a tuple of positive integers",
        ),
        (RaisingChildren, r"children\(\) raised ZeroDivisionError: division by zero"),
        (Cycling, r"\(test_indexed.py:Cycling\): its moves lead from 1 back to it"),
    ],
)
def test_a_faulty_rule_set_is_one_error_naming_it(cls: type[Variant], message: str) -> None:
    rules = _guarded(cls)
    try:
        with pytest.raises(RuleSetError, match=message):
            solve_closure(rules, [(1,), (2, 3)])
        if cls is not Cycling:  # the search reports the same fault in the same words
            with pytest.raises(RuleSetError, match=message):
                Solver(rules).value((2, 3))
    finally:
        unregister_variant(rules.name)


def test_budgets_refuse_before_the_work_and_stop_growing_positions() -> None:
    wythoff = get_variant("end-wythoff")
    assert isinstance(wythoff, Variant)
    with pytest.raises(BudgetError, match="budget is 1,000 states"):
        closure_table(wythoff, (3,), 40, 40, budget=1000)
    rules = _guarded(Growing)
    try:
        with pytest.raises(BudgetError, match="positions that keep growing"):  # before the budget
            solve_closure(rules, [(1,)], budget=500)
    finally:
        unregister_variant(rules.name)
    plain = Growing()  # not loaded from a file: no watch, the walk's own limit stops it
    with pytest.raises(BudgetError, match="more than 500 positions"):
        solve_closure(plain, [(1,)], budget=500)


def test_progress_is_reported_and_the_table_command_uses_the_indexed_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[int, int]] = []
    wythoff = get_variant("end-wythoff")
    solve_closure(wythoff, [(90, 2, 90)], progress=lambda done, known: seen.append((done, known)))
    assert seen and all(done <= known for done, known in seen)
    import endnim.analysis.tables as tables

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the memoised search was used")

    monkeypatch.setattr(tables, "search_table", no_search)
    assert endnim.analysis.tables.value_table("end-wythoff", "3", "1..4", "1..4").values


@pytest.mark.parametrize("name", ["end-wythoff", "capped"])
def test_a_sweep_of_a_rule_set_the_engine_does_not_serve_equals_the_search(
    name: str, tmp_path: Path
) -> None:
    from endnim.sweep import open_sweep, run_sweep

    run_sweep(tmp_path, name, 4, 4, workers=2, chunk_tables=3)
    solver = Solver(get_variant(name))
    with open_sweep(tmp_path) as sweep:
        for piles in rows(4, 4)[1:]:
            assert sweep.value(piles) == solver.impartial_value(piles).grundy, piles


@pytest.mark.parametrize("name", ["end-wythoff", "capped", "partizan"])
def test_layers_for_conjecture_checks_equal_the_search(name: str) -> None:
    from endnim.analysis.tables import search_layer

    rules = get_variant(name)
    assert isinstance(rules, Variant)
    solver = Solver(rules)
    for length in (1, 2, 3):
        layer = search_layer(rules, length, 4)
        for row in itertools.product(range(1, 5), repeat=length):
            value = solver.value(row)
            code = (
                value.grundy
                if isinstance(value, ImpartialValue)
                else CODE_TO_OUTCOME.index(value.outcome)
            )
            assert layer[tuple(p - 1 for p in row)] == code, row


def test_known_values_are_not_expanded_and_change_nothing() -> None:
    rules = get_variant("end-wythoff")
    solver = Solver(rules)
    table = [(x, 2, y) for x in range(1, 9) for y in range(1, 9)]
    borders = [r for x in range(9) for r in [((x,) if x else ()) + (2,), (2, x) if x else (2,)]]
    known = {row: solver.impartial_value(row).grundy for row in borders}
    full = solve_closure(rules, table)
    cut = solve_closure(rules, table, known=known)
    assert [cut.value(r).grundy for r in table] == [full.value(r).grundy for r in table]
    assert [cut.value(r).grundy for r in table] == [solver.impartial_value(r).grundy for r in table]
    assert len(cut.positions) == len(table) + len(known) < len(full.positions)
    assert (cut.remoteness == -1).all()


def test_an_interruption_stops_the_walk_and_leaves_the_rule_set_usable() -> None:
    wythoff = get_variant("end-wythoff")

    def interrupt(done: int, known: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        solve_closure(wythoff, [(90, 2, 90)], progress=interrupt)
    assert solve_closure(wythoff, [(3, 5)]).value((3, 5)).grundy == 0


def test_a_sweep_chunk_of_positions_that_keep_growing_is_stopped() -> None:
    from endnim.engine.families import SEARCH
    from endnim.sweep.chunk import ChunkTask, compute_chunk

    rules = _guarded(Growing)
    try:
        with pytest.raises(BudgetError, match="test-growing"):
            compute_chunk(ChunkTask(SEARCH, 1, 3, 1, 0, 0, "int32", (0,), rules.name), None)
    finally:
        unregister_variant(rules.name)
