"""The same sweep on a Dask distributed cluster (a LocalCluster of two worker processes on
loopback) stores exactly what the local pool stores, and resumes what the local pool began."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from endnim.engine import solve_layer
from endnim.sweep import SweepError, open_sweep, run_sweep
from endnim.sweep.runner import DaskExecutor
from endnim.sweep.store import CATALOGUE
from endnim.variants import get_variant

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
    ) as cluster:
        yield cluster.scheduler_address


def checksums(out: Path) -> dict[tuple[int, int], str]:
    connection = sqlite3.connect(out / CATALOGUE)
    try:
        rows = connection.execute("SELECT level, chunk, sha256 FROM chunks").fetchall()
    finally:
        connection.close()
    return {(level, chunk): sha for level, chunk, sha in rows}


@pytest.mark.parametrize("variant", ["muller", "partizan"])
def test_the_cluster_stores_what_the_local_pool_stores(
    variant: str, scheduler: str, tmp_path: Path
) -> None:
    on_cluster = run_sweep(tmp_path / "dask", variant, 6, 6, scheduler=scheduler, chunk_tables=36)
    local = run_sweep(tmp_path / "local", variant, 6, 6, workers=2, chunk_tables=36)
    assert on_cluster.workers == 2 and on_cluster.scheduler == scheduler
    assert on_cluster.computed_chunks == local.computed_chunks == 1 + 1 + 1 + 6 + 36
    assert checksums(tmp_path / "dask") == checksums(tmp_path / "local")
    assert on_cluster.to_dict()["lengths"] == local.to_dict()["lengths"]
    with open_sweep(tmp_path / "dask") as sweep:
        assert np.array_equal(sweep.layer(6), solve_layer(get_variant(variant), 6, 6))


def test_the_cluster_finishes_a_sweep_the_local_pool_began(scheduler: str, tmp_path: Path) -> None:
    calls = 0

    def stop_soon(done: int, total: int) -> None:
        nonlocal calls
        calls += 1
        if calls == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_sweep(tmp_path, "endnim", 5, 5, workers=1, chunk_tables=5, progress=stop_soon)
    # stopped after levels 0 and 1 and two of level 2's five chunks (and the one in flight)
    kept = checksums(tmp_path)
    assert len(kept) in (4, 5)
    report = run_sweep(tmp_path, "endnim", 5, 5, scheduler=scheduler)
    assert report.reused_chunks == len(kept)
    assert report.computed_chunks == 5 - (len(kept) - 2) + 1  # level 3 not begun: one chunk
    with open_sweep(tmp_path) as sweep:
        for length in range(1, 6):
            assert np.array_equal(
                sweep.layer(length), solve_layer(get_variant("endnim"), length, 5)
            )


def test_bad_scheduler_addresses_are_one_line_errors(tmp_path: Path) -> None:
    with pytest.raises(SweepError, match="bad Dask scheduler address"):
        DaskExecutor(tmp_path, "no port here", timeout=0.5)
    with pytest.raises(SweepError, match="bad Dask scheduler address"):
        DaskExecutor(tmp_path, "http://127.0.0.1:8786", timeout=0.5)
    with pytest.raises(SweepError, match="cannot reach the Dask scheduler"):
        DaskExecutor(tmp_path, "tcp://127.0.0.1:1", timeout=0.5)
    with pytest.raises(SweepError, match="--workers is for the local pool"):
        run_sweep(tmp_path / "x", "endnim", 3, 3, workers=2, scheduler="tcp://127.0.0.1:1")


@pytest.mark.parametrize("variant", ["muller", "endnim"])
def test_workers_reading_the_store_store_what_the_local_pool_stores(
    variant: str, scheduler: str, tmp_path: Path
) -> None:
    shared = run_sweep(
        tmp_path / "shared", variant, 6, 5, scheduler=scheduler, chunk_tables=5, shared_store=True
    )
    local = run_sweep(tmp_path / "local", variant, 6, 5, workers=1, chunk_tables=5)
    assert shared.computed_chunks == local.computed_chunks
    assert checksums(tmp_path / "shared") == checksums(tmp_path / "local")
    with open_sweep(tmp_path / "shared") as sweep:
        assert np.array_equal(sweep.layer(6), solve_layer(get_variant(variant), 6, 5))


def test_a_shared_store_needs_a_cluster(tmp_path: Path) -> None:
    with pytest.raises(SweepError, match="give --scheduler"):
        run_sweep(tmp_path / "s", "muller", 3, 3, shared_store=True)


def test_level_files_read_only_the_tables_asked_for(tmp_path: Path) -> None:
    from endnim.sweep.chunk import LevelFiles

    level = np.arange(7 * 2 * 2, dtype=np.uint8).reshape(7, 2, 2)
    parts = []
    for number, (start, stop) in enumerate([(0, 3), (3, 4), (4, 7)]):
        path = tmp_path / f"part-{number}.npy"
        np.save(path, level[start:stop])
        parts.append((str(path), start, stop - start))
    files = LevelFiles(tuple(parts))
    wanted = np.array([1, 2, 5, 6])
    assert np.array_equal(files.take(wanted), level[wanted])
