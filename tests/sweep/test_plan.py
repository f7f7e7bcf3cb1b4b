"""The plan of a sweep: chunk sizes within the budget, refusals with the estimate, sizes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import positions
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.sweep import SweepError, make_plan, parse_memory, run_sweep
from endnim.sweep.plan import (
    BASE_BYTES,
    CHUNK_TARGET_BYTES,
    table_bytes,
    value_dtype,
)


def test_memory_sizes() -> None:
    assert parse_memory("4G") == parse_memory("4 GiB") == parse_memory("4gb") == 4 * 2**30
    assert parse_memory("1.5M") == 3 * 2**19
    assert parse_memory("2048") == 2048
    assert parse_memory("1T") == 2**40
    for bad in ("lots", "0", "-1G", "4X", "", "1.2.3G"):
        with pytest.raises(SweepError, match="memory size"):
            parse_memory(bad)


@pytest.mark.parametrize(("max_length", "max_pile"), [(1, 1), (1, 7), (2, 3), (4, 4), (6, 2)])
def test_position_counts(max_length: int, max_pile: int) -> None:
    plan = make_plan("endnim", max_length, max_pile, workers=1, memory=2**30)
    assert plan.positions == len(list(positions(max_length, max_pile)))
    assert len(plan.levels) == max(1, max_length - 1)
    per_level = sum(level.chunks * level.positions_per_chunk(max_length) for level in plan.levels)
    assert per_level == plan.positions


@settings(max_examples=150, deadline=None)
@given(
    variant=st.sampled_from(["endnim", "muller", "partizan"]),
    max_length=st.integers(1, 10),
    max_pile=st.integers(1, 14),
    workers=st.integers(1, 4),
    memory=st.integers(300 * 2**20, 64 * 2**30),
    chunk_tables=st.none() | st.integers(1, 5000),
)
def test_chunks_are_the_largest_that_fit(
    variant: str,
    max_length: int,
    max_pile: int,
    workers: int,
    memory: int,
    chunk_tables: int | None,
) -> None:
    try:
        plan = make_plan(
            variant, max_length, max_pile, workers=workers, memory=memory, chunk_tables=chunk_tables
        )
    except SweepError as error:
        assert "raise --memory" in str(error)
        return
    per_table = table_bytes(plan.kernel_tables, max_pile, plan.dtype)
    assert plan.peak_bytes <= memory
    for level in plan.levels:
        assert 0 <= level.prefix_length <= level.level
        assert level.chunks * level.tables_per_chunk == level.tables == max_pile**level.level
        room = (memory - BASE_BYTES - plan.level_bytes(level.level - 1)) // (2 * workers)
        limit = max(1, min(CHUNK_TARGET_BYTES, max(room, per_table)) // per_table)
        if chunk_tables is not None:
            limit = min(limit, chunk_tables)
        assert level.tables_per_chunk <= limit or level.prefix_length == level.level
        if level.prefix_length > 0:  # one pile less of prefix would not fit
            assert level.tables_per_chunk * max_pile > limit


def test_a_sweep_beyond_the_budget_is_refused_with_the_estimate(tmp_path: Path) -> None:
    with pytest.raises(SweepError) as error:
        run_sweep(tmp_path / "s", "muller", 10, 12, workers=2, memory=parse_memory("1G"))
    message = str(error.value)
    assert "\n" not in message
    assert "level 8" in message and "raise --memory" in message and "1.0 GiB" in message
    assert not (tmp_path / "s").exists()  # refused before anything was written
    for args, text in [
        ((0, 3), "--max-length"),
        ((3, 0), "--max-pile"),
    ]:
        with pytest.raises(SweepError, match=text):
            make_plan("endnim", *args, workers=1, memory=2**30)
    with pytest.raises(SweepError, match="--workers"):
        make_plan("endnim", 3, 3, workers=0, memory=2**30)
    with pytest.raises(SweepError, match="--chunk-tables"):
        run_sweep(tmp_path / "t", "endnim", 3, 3, workers=1, chunk_tables=0)


def test_a_sweep_beyond_the_free_disk_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    usage = shutil.disk_usage(tmp_path)
    monkeypatch.setattr(
        "endnim.sweep.plan.shutil.disk_usage",
        lambda path: usage._replace(free=10_000),
    )
    with pytest.raises(SweepError, match="more disk"):
        run_sweep(tmp_path / "s", "endnim", 5, 6, workers=1)


def test_value_types() -> None:
    assert value_dtype(127, 128) == "uint8"  # values <= 2H + 1 = 255
    assert value_dtype(128, 129) == "uint16"
    assert value_dtype(40_000, 40_001) == "int32"
    plan = make_plan("muller", 3, 127, workers=1, memory=2**30)
    assert plan.dtype == "uint8"
