"""Sweep values equal the reference search (every variant, length <= 5, piles <= 5) and the
engine's ``solve_layer`` on wider ranges, whatever the chunking."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from conftest import positions, solver

from endnim.engine import CODE_TO_OUTCOME, solve_layer
from endnim.search import ImpartialValue
from endnim.sweep import make_plan, open_sweep, run_sweep
from endnim.sweep.plan import BASE_BYTES, table_bytes
from endnim.variants import all_variants, get_variant

VARIANTS = [v.name for v in all_variants() if v.family == "row"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_position_up_to_length_5_piles_5_equals_the_search(
    variant: str, tmp_path: Path
) -> None:
    # chunks of at most 5 inner strings: every level past 1 is cut into several chunks
    report = run_sweep(tmp_path, variant, 5, 5, workers=2, chunk_tables=5)
    reference = solver(variant)
    impartial = get_variant(variant).impartial
    expected_codes: list[int] = []
    with open_sweep(tmp_path) as sweep:
        assert sweep.max_length == 5
        listed = [p for n in range(1, 6) for p, _ in sweep.positions(n)]
        assert listed == list(positions(5, 5))  # each position once, in lexicographic order
        for piles in positions(5, 5):
            truth = reference.value(piles)
            got = sweep.value(piles)
            if isinstance(truth, ImpartialValue):
                assert got == truth.grundy, piles
                expected_codes.append(truth.grundy)
            else:
                assert got == truth.outcome, piles
                expected_codes.append(CODE_TO_OUTCOME.index(truth.outcome))
    assert report.positions == len(expected_codes) == 3905
    assert report.p_positions == expected_codes.count(0)
    assert report.max_value == (max(expected_codes) if impartial else None)
    if not impartial:
        assert report.outcomes == {o: expected_codes.count(i) for i, o in enumerate("PLRN")}


@pytest.mark.parametrize(
    ("variant", "max_length", "max_pile", "chunk_tables"),
    [
        ("endnim", 7, 6, 216),
        ("endnim", 4, 40, None),
        ("misere", 5, 6, 1),  # one table per chunk
        ("misere-conway", 6, 6, 36),
        ("loop", 6, 7, 49),
        ("muller", 7, 6, 36),
        ("muller", 5, 13, 13),
        ("muller", 3, 127, None),  # values up to 255: still 8-bit storage
        ("muller", 3, 130, None),  # values past 255: 16-bit storage
        ("partizan", 6, 7, 49),
    ],
)
def test_wider_ranges_equal_solve_layer(
    variant: str, max_length: int, max_pile: int, chunk_tables: int | None, tmp_path: Path
) -> None:
    report = run_sweep(
        tmp_path, variant, max_length, max_pile, workers=2, chunk_tables=chunk_tables
    )
    rules = get_variant(variant)
    by_length = {s.length: s for s in report.lengths}
    with open_sweep(tmp_path) as sweep:
        for length in range(1, max_length + 1):
            expected = solve_layer(rules, length, max_pile)
            assert np.array_equal(sweep.layer(length), expected), length
            counts = np.bincount(expected.ravel()).tolist()
            assert by_length[length].histogram == counts, length
            corner = (max_pile,) * length
            assert sweep.code(corner) == int(expected[(max_pile - 1,) * length])


def test_chunking_chosen_by_the_memory_budget_gives_the_same_values(tmp_path: Path) -> None:
    # a budget that leaves room for only ~40 tables per chunk forces prefixes at levels 3..5
    per_table = table_bytes(2, 6, "uint8")
    level4 = 6**4 * 7 * 7
    memory = BASE_BYTES + level4 + 4 * 40 * per_table
    plan = make_plan("muller", 7, 6, workers=2, memory=memory)
    assert [lv.prefix_length for lv in plan.levels] == [0, 0, 0, 1, 2, 3]
    run_sweep(tmp_path, "muller", 7, 6, workers=2, memory=memory)
    with open_sweep(tmp_path) as sweep:
        for length in (6, 7):
            assert np.array_equal(
                sweep.layer(length), solve_layer(get_variant("muller"), length, 6)
            )


def test_length_one_sweep_and_lone_piles(tmp_path: Path) -> None:
    report = run_sweep(tmp_path, "misere", 1, 9, workers=1)
    assert report.positions == 9
    assert [s.length for s in report.lengths] == [1]
    with open_sweep(tmp_path) as sweep:
        assert [sweep.value((p,)) for p in range(1, 10)] == [
            solver("misere").value((p,)).grundy  # type: ignore[union-attr]
            for p in range(1, 10)
        ]
