"""The engine on single rows: values, option values, whole tables, threads, budget."""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import pytest
from conftest import solver
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.engine import (
    CODE_TO_OUTCOME,
    EngineError,
    _kernels,
    engine_table,
    engine_thresholds,
    engine_value,
    interval,
    solve_row,
)
from endnim.engine.families import END, family_of, single_pile_values
from endnim.engine.interval import RowResult, plan_row, state_bytes
from endnim.search import ImpartialValue
from endnim.theory import partizan
from endnim.variants import EndNim, all_variants, get_variant

VARIANTS = [v.name for v in all_variants() if v.family == "row"]


def reference(variant: str, piles: tuple[int, ...]) -> int | str:
    value = solver(variant).value(piles)
    return value.grundy if isinstance(value, ImpartialValue) else value.outcome


def as_reference(variant: str, code: int) -> int | str:
    return code if get_variant(variant).impartial else CODE_TO_OUTCOME[code]


@pytest.mark.parametrize("variant", VARIANTS)
def test_value_and_every_option_value(variant: str) -> None:
    rules = get_variant(variant)
    players = (None,) if rules.impartial else ("L", "R")
    for length in range(1, 5):
        for piles in itertools.product(range(1, 6), repeat=length):
            result = solve_row(rules, piles, threads=1)
            assert as_reference(variant, result.value) == reference(variant, piles), piles
            for player in players:
                for move, child in rules.options(piles, player):  # type: ignore[arg-type]
                    got = as_reference(variant, result.option_value(move))
                    assert got == reference(variant, child), (piles, str(move))


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(VARIANTS),
    st.lists(st.integers(1, 9), min_size=1, max_size=9),
)
def test_longer_rows(variant: str, piles: list[int]) -> None:
    result = solve_row(get_variant(variant), tuple(piles))
    assert as_reference(variant, result.value) == reference(variant, tuple(piles))


@pytest.mark.parametrize("variant", ["endnim", "muller", "partizan", "misere"])
def test_whole_table_semantics(variant: str) -> None:
    table = engine_table(variant, [3, 1], 5, 6)
    assert table.shape == (6, 7)
    for x in range(6):
        for y in range(7):
            piles = tuple(p for p in (x, 3, 1, y) if p)
            assert as_reference(variant, int(table[x, y])) == reference(variant, piles)


def test_threads_share_a_large_table_exactly() -> None:
    rules = get_variant("endnim")
    one = solve_row(rules, (1200, 5, 1100), threads=1, full_last=True)
    two = solve_row(rules, (1200, 5, 1100), threads=2, full_last=True)
    assert one.value == two.value
    assert one.fulls is not None and two.fulls is not None
    assert np.array_equal(one.fulls[0], two.fulls[0])


def test_large_values_against_known_closed_forms() -> None:
    assert engine_value((3000, 3000)) == 0
    assert engine_value((1000, 1000, 1000), "muller") == 1000  # Horrocks Prop 11: G(mmm) = m
    assert engine_value((900, 5, 900)) == 0  # symmetric, not constant: a P-position
    assert engine_value((700, 701)) == 700 ^ 701


def test_thresholds_equal_the_theory() -> None:
    for length in range(1, 5):
        for piles in itertools.product(range(1, 5), repeat=length):
            (l_threshold, r_threshold), (l_star, r_star) = (
                partizan.thresholds(piles),
                partizan.star_thresholds(piles),
            )
            assert engine_thresholds(piles) == {
                "L_star": l_star,
                "R_star": r_star,
                "L_threshold": l_threshold,
                "R_threshold": r_threshold,
            }, piles


def test_budget_refusal_before_work() -> None:
    with pytest.raises(EngineError) as caught:
        solve_row(get_variant("endnim"), (10**6, 10**6, 10**6))
    message = str(caught.value)
    assert "cells" in message and "memory" in message and "\n" not in message
    with pytest.raises(EngineError, match="budget"):
        solve_row(get_variant("endnim"), (10**100, 1))


def test_single_pile_values_follow_each_rule_set() -> None:
    assert single_pile_values(get_variant("endnim"), 4) == [0, 1, 2, 3, 4]
    assert single_pile_values(get_variant("misere"), 4) == [0, 0, 1, 2, 3]
    assert single_pile_values(get_variant("misere-conway"), 4) == [1, 0, 2, 3, 4]
    assert single_pile_values(get_variant("loop"), 4) == [0, 0, 0, 0, 0]


def test_unsupported_rules_are_refused() -> None:
    class RightOnly(EndNim):
        name = "right-only"
        title = "right-only End-Nim"

        def ends(self, piles: tuple[int, ...], player: object = None) -> tuple[str, ...]:  # type: ignore[override]
            return ("R",)

    class NoRemoval(EndNim):
        name = "no-removal"
        title = "End-Nim without removals"

        def allows(self, child: tuple[int, ...]) -> bool:
            return len(child) >= 2

    for rules in (RightOnly(), NoRemoval()):
        with pytest.raises(EngineError, match="engine"):
            family_of(rules)
        with pytest.raises(EngineError, match="engine"):  # decided once, refused every time
            family_of(rules)


def test_the_family_is_decided_once_per_rule_set(monkeypatch: pytest.MonkeyPatch) -> None:
    from endnim.engine import families

    rules = EndNim()
    calls = []
    checks = families._check_assumptions
    monkeypatch.setattr(families, "_check_assumptions", lambda v: calls.append(v) or checks(v))
    assert family_of(rules) is family_of(rules)
    assert len(calls) == 1
    assert family_of(EndNim()).name == "end" and len(calls) == 2  # another instance: its own


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(["endnim", "misere", "loop", "muller", "partizan"]),
    st.lists(st.integers(min_value=1, max_value=300), min_size=1, max_size=12),
    st.booleans(),
)
def test_plan_row_equals_the_pairwise_count(name: str, piles: list[int], full_last: bool) -> None:
    """The O(k) plan equals the sum and maximum over every pair of piles (one table each)."""
    family = family_of(get_variant(name))
    row = tuple(piles)
    plan = plan_row(family, row, full_last)
    pairs = [(row[i], row[j]) for i in range(len(row)) for j in range(i + 1, len(row))]
    assert plan.cells == sum(x * y for x, y in pairs)
    assert plan.tables == len(pairs)
    peak = max((state_bytes(family, x, y) for x, y in pairs), default=0)
    if full_last and len(row) >= 2:
        peak += 4 * family.tables * (row[0] + 1) * (row[-1] + 1)
    outputs = 4 * family.tables * 2 * (sum(row) + len(row)) * 2
    assert plan.peak_bytes == peak + outputs + 8 * (max(row) + 1)


@pytest.mark.parametrize("variant", ["endnim", "misere", "loop"])
@pytest.mark.parametrize("threads", [2, 3, 4])
def test_bands_of_columns_give_the_one_thread_tables(
    variant: str, threads: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Threads share an END table by bands of columns, in a pipeline over the rows (the kernel
    splits from 32 columns a thread): whole tables equal to one thread's, for band edges that
    fall anywhere, and across chunk boundaries (a chunk of a few rows per kernel call)."""
    assert interval.REGISTER_VALUES == 512
    rules = get_variant(variant)
    # the outer tables' values reach 512 (smaller ones take the one-thread register rows)
    for piles in [(300, 3, 260), (257, 1, 2, 300), (450, 130)]:
        one = solve_row(rules, piles, threads=1, full_last=True)
        monkeypatch.setattr(interval, "CHUNK_CELLS", 7 * max(piles))
        many = solve_row(rules, piles, threads=threads, full_last=True)
        monkeypatch.undo()
        assert one.value == many.value
        assert one.fulls is not None and many.fulls is not None
        assert np.array_equal(one.fulls[0], many.fulls[0]), piles
        assert one.borders is not None and many.borders is not None
        for a, b in zip(
            one.borders[0] + one.borders[1], many.borders[0] + many.borders[1], strict=True
        ):
            assert np.array_equal(a, b)


def _child_values(queue: Any) -> None:
    from endnim.engine.layer import solve_layer

    rules = get_variant("endnim")
    queue.put(
        (
            solve_row(rules, (300, 300, 300), threads=2).value,
            int(solve_layer(rules, 4, 5, threads=2).sum()),
        )
    )


def test_a_process_forked_after_threads_ran_still_computes() -> None:
    """GNU OpenMP's thread pool does not survive fork: a child that opens a parallel region
    after its parent ran one hangs (the web server forks its workers and answers small
    requests itself). The engine falls back to one thread there."""
    import multiprocessing

    rules = get_variant("endnim")
    assert solve_row(rules, (300, 300, 300), threads=2).value == 4  # the parent's thread pool
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_child_values, args=(queue,))
    child.start()
    child.join(60)
    hung = child.is_alive()
    if hung:
        child.kill()
    assert not hung, "the forked child hung in the kernel"
    assert queue.get(timeout=5) == (4, int(solve_layer_sum()))


def solve_layer_sum() -> int:
    from endnim.engine.layer import solve_layer

    return int(solve_layer(get_variant("endnim"), 4, 5, threads=1).sum())


# ----------------------------------------------------------- small tables, automatic threads
def both_paths(variant: str, piles: tuple[int, ...]) -> tuple[RowResult, RowResult]:
    """The row with small tables on the register rows, and with every table on the general
    rows (``_kernels.set_small_rows``)."""
    rules = get_variant(variant)
    previous = _kernels.set_small_rows(True)
    try:
        small = solve_row(rules, piles, threads=1, full_last=True)
        _kernels.set_small_rows(False)
        general = solve_row(rules, piles, threads=1, full_last=True)
    finally:
        _kernels.set_small_rows(previous)
    return small, general


def assert_same_row(small: RowResult, general: RowResult) -> None:
    assert small.value == general.value
    assert small.borders is not None and general.borders is not None
    for mine, theirs in zip(small.borders, general.borders, strict=True):
        for a, b in zip(mine, theirs, strict=True):
            assert np.array_equal(a, b)
    assert small.fulls is not None and general.fulls is not None
    for a, b in zip(small.fulls, general.fulls, strict=True):
        assert np.array_equal(a, b)


END_FAMILY = [v for v in VARIANTS if family_of(get_variant(v)).code == END]


@pytest.mark.parametrize("variant", END_FAMILY)
@pytest.mark.parametrize(
    "piles",
    [
        (31, 32),  # 63: the largest table in one word ...
        (32, 32),  # ... and the smallest in four
        (7, 3, 56),
        (127, 128),  # 255: the largest in four words ...
        (128, 128),  # ... and the smallest in eight
        (255, 1, 256),  # 511: the largest in eight words ...
        (256, 256),  # ... and the smallest on the general rows
        (100, 100, 100),
    ],
)
def test_small_tables_equal_the_general_rows_at_every_size_boundary(
    variant: str, piles: tuple[int, ...]
) -> None:
    assert_same_row(*both_paths(variant, piles))


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(VARIANTS),
    st.lists(st.integers(1, 300), min_size=2, max_size=5),
)
def test_small_tables_equal_the_general_rows_on_random_rows(variant: str, piles: list[int]) -> None:
    assert_same_row(*both_paths(variant, tuple(piles)))


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_rows_against_the_search(variant: str) -> None:
    """Rows of up to 7 piles (every table small: the register rows) against the search."""
    rng = random.Random(f"engine-{variant}")
    rules = get_variant(variant)
    for _ in range(150):
        piles = tuple(rng.randint(1, 12) for _ in range(rng.randint(1, 7)))
        result = solve_row(rules, piles)
        assert as_reference(variant, result.value) == reference(variant, piles), piles


def test_automatic_threads_share_a_large_table_not_a_small_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """threads=None with two free cores: a large table is shared by bands of columns; a row
    whose tables take the register rows is one kernel call on one thread."""
    calls: list[int] = []
    run = _kernels.run

    def recording(state: object, steps: int, threads: int) -> int:
        calls.append(threads)
        return run(state, steps, threads)

    monkeypatch.setattr(interval._kernels, "run", recording)
    monkeypatch.setattr(interval, "default_threads", lambda: 2)
    rules = get_variant("endnim")
    auto = solve_row(rules, (1100, 3, 1000))
    assert 2 in calls
    assert auto.value == solve_row(rules, (1100, 3, 1000), threads=1).value
    calls.clear()
    assert solve_row(rules, (100, 100, 100)).value == 4
    assert calls == []  # the one-call row (_kernels.row), not the level loop


def test_small_work_does_not_ask_the_system_for_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> int:
        raise AssertionError("default_threads() read /proc/loadavg for a small row")

    monkeypatch.setattr(interval, "default_threads", refuse)
    assert solve_row(get_variant("endnim"), (100, 100, 100)).value == 4
    assert interval.auto_threads(interval.PARALLEL_CELLS - 1) == 1


def level_loop(variant: str, piles: tuple[int, ...]) -> RowResult:
    """The row through solve_row's Python loop over levels (one kernel call per table)."""
    saved = interval.SMALL_ROW_CELLS
    interval.SMALL_ROW_CELLS = 0
    try:
        return solve_row(get_variant(variant), piles, threads=1, full_last=True)
    finally:
        interval.SMALL_ROW_CELLS = saved


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(VARIANTS),
    st.lists(st.integers(1, 40), min_size=2, max_size=9)
    | st.lists(st.sampled_from([1, 2, 7, 7, 7]), min_size=2, max_size=12)  # runs of equal piles
    | st.lists(st.integers(1, 300), min_size=2, max_size=4),
)
def test_the_one_call_row_equals_the_level_loop(variant: str, piles: list[int]) -> None:
    row = tuple(piles)
    small = solve_row(get_variant(variant), row, threads=1, full_last=True)
    assert_same_row(small, level_loop(variant, row))


def test_the_one_call_row_reports_progress_once() -> None:
    seen: list[tuple[int, int]] = []
    solve_row(
        get_variant("endnim"), (3, 1, 4), progress=lambda done, total: seen.append((done, total))
    )
    assert seen == [(19, 19)]
