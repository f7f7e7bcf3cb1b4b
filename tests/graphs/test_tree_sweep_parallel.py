"""The tree sweep on worker processes and on a Dask cluster (a LocalCluster of two worker
processes on loopback, as the row sweep's tests use): the same trees, records and digests as
one process computes, whatever computed them and in whatever order they finished; an
interrupted or killed run resumes on any of them; the estimate and the refusals."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from endnim.sweep import trees as T
from endnim.sweep.plan import SweepError
from endnim.sweep.tree_integrity import read_shape_digest
from tests.cli_in_process import run

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


def contents(root: Path) -> dict[str, Any]:
    """Everything a tree store holds except the seconds each shape took: the meta table, the
    trees, the shape records and every digest file's digest and count."""
    connection = sqlite3.connect(root / T.TREE_STORE)
    try:
        meta = connection.execute("SELECT key, value FROM meta ORDER BY key").fetchall()
        trees = connection.execute("SELECT * FROM trees ORDER BY notation").fetchall()
        shapes = connection.execute(
            "SELECT vertices, shape, trees FROM shapes ORDER BY vertices, shape"
        ).fetchall()
    finally:
        connection.close()
    digests = {
        (n, s): (d["sha256"], d["trees"], d["max_label"])
        for n, s, _ in shapes
        for d in [read_shape_digest(root, n, s)]
    }
    description = json.loads((root / "sweep.json").read_text())
    return {
        "meta": meta,
        "trees": trees,
        "shapes": shapes,
        "digests": digests,
        "description": description,
    }


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """7 vertices, labels <= 2, computed in this process (one worker)."""
    folder = tmp_path_factory.mktemp("one")
    report = T.run_tree_sweep(folder, 7, 2)
    assert report.workers == 1 and report.computed == 1 + 1 + 1 + 2 + 3 + 6 + 11
    assert report.trees == T.count_trees(7, 2)
    return contents(folder)


def test_two_worker_processes_store_what_one_process_stores(
    reference: dict[str, Any], tmp_path: Path
) -> None:
    report = T.run_tree_sweep(tmp_path, 7, 2, workers=2)
    assert report.workers == 2 and report.scheduler is None
    assert contents(tmp_path) == reference
    with T.open_tree_sweep(tmp_path) as store:  # every shape verifies against its digest
        assert store.summary().to_dict()["sizes"] == report.to_dict()["sizes"]


def test_the_cluster_stores_what_one_process_stores(
    reference: dict[str, Any], scheduler: str, tmp_path: Path
) -> None:
    report = T.run_tree_sweep(tmp_path, 7, 2, scheduler=scheduler)
    assert report.workers == 2 and report.scheduler == scheduler
    assert contents(tmp_path) == reference


def test_the_cluster_stores_big_shapes_cut_into_parts_as_one_process_stores_them_whole(
    reference: dict[str, Any], scheduler: str, tmp_path: Path
) -> None:
    report = T.run_tree_sweep(tmp_path, 7, 2, scheduler=scheduler, part_labellings=20)
    assert report.computed_parts > 0
    assert contents(tmp_path) == reference


def test_the_python_search_on_workers_stores_what_the_compiled_solver_stores(
    tmp_path: Path,
) -> None:
    T.run_tree_sweep(tmp_path / "c", 6, 3)
    T.run_tree_sweep(tmp_path / "p", 6, 3, workers=2, compiled=False)
    assert contents(tmp_path / "p") == contents(tmp_path / "c")


def stop_after(shapes: int) -> Any:
    def progress(done: int, total: int) -> None:
        if done >= shapes:
            raise KeyboardInterrupt

    return progress


def test_an_interrupted_run_resumes_anywhere(
    reference: dict[str, Any], scheduler: str, tmp_path: Path
) -> None:
    with pytest.raises(KeyboardInterrupt):
        T.run_tree_sweep(tmp_path, 7, 2, workers=2, progress=stop_after(9))
    with T.open_tree_sweep(tmp_path) as store:
        kept = len(store.done_shapes())
    # local workers store their own shapes: the 9 counted, and any of the (at most 2 x 2)
    # shapes in flight that a worker finished storing before the pool shut down
    assert 9 <= kept <= 9 + 4
    with pytest.raises(KeyboardInterrupt):
        T.run_tree_sweep(tmp_path, 7, 2, scheduler=scheduler, progress=stop_after(kept + 3))
    with T.open_tree_sweep(tmp_path) as store:
        assert len(store.done_shapes()) == kept + 3  # the cluster's results: this process stores
    report = T.run_tree_sweep(tmp_path, 7, 2)
    assert report.kept == kept + 3 and report.computed == 25 - kept - 3
    assert contents(tmp_path) == reference


def test_a_killed_run_resumes(tmp_path: Path) -> None:
    """kill -9 of the whole run (the writer and its worker processes) mid-sweep."""
    out = tmp_path / "killed"
    endnim = str(Path(sys.executable).with_name("endnim"))
    command = [endnim, "sweep", "-v", "tree", "-L", "10", "-H", "2", "--out", str(out),
               "--workers", "2"]  # fmt: skip
    run = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 300  # a hang guard only: the whole sweep takes seconds
        while not any(out.glob("shapes/06/*.json")):
            assert run.poll() is None, run.communicate()[1]
            assert time.monotonic() < deadline
            time.sleep(0.02)
    finally:
        os.killpg(run.pid, signal.SIGKILL)
        run.wait()
    finished = T.run_tree_sweep(out, 10, 2, workers=2)
    assert finished.kept >= 1  # at least the shape whose digest was seen
    assert finished.kept + finished.computed == len(
        [s for n in range(1, 11) for s in T.tree_shapes(n)]
    )
    fresh = T.run_tree_sweep(tmp_path / "fresh", 10, 2)
    assert contents(out) == contents(tmp_path / "fresh")
    assert fresh.to_dict()["sizes"] == finished.to_dict()["sizes"]


def test_the_estimate_counts_what_the_sweep_stores(tmp_path: Path) -> None:
    seen: list[T.TreeSweepEstimate] = []
    report = T.run_tree_sweep(tmp_path, 6, 3, workers=2, on_estimate=seen.append)
    (estimate,) = seen
    assert estimate.trees == report.trees and estimate.shapes == 1 + 1 + 1 + 2 + 3 + 6
    assert estimate.labellings == sum(3**n * len(T.tree_shapes(n)) for n in range(1, 7))
    assert estimate.workers == 2 and estimate.seconds == estimate.cpu_seconds / 2
    seen.clear()
    T.run_tree_sweep(tmp_path, 6, 3, on_estimate=seen.append)  # nothing left to do
    assert seen[0].cpu_seconds == 0


def test_a_sweep_past_the_memory_budget_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SweepError, match="raise --memory or lower --workers"):
        T.run_tree_sweep(tmp_path / "t", 10, 3, workers=2, memory=2**20)
    assert not (tmp_path / "t").exists()


def test_the_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_dir = str(tmp_path / "t")
    code, out, err = run(
        monkeypatch, capsys, "sweep", "-v", "tree", "-L", "5", "-H", "2", "-o", out_dir,
        "--workers", "2", "--json",
    )  # fmt: skip
    assert code == 0, err
    estimate, summary = (json.loads(line) for line in out.splitlines())
    assert estimate["event"] == "estimate" and estimate["trees"] == summary["trees"]
    assert summary["workers"] == 2 and summary["computed_shapes"] == 8
    code, out, err = run(monkeypatch, capsys, "sweep", "-v", "tree", "-L", "5", "-H", "2",
                         "-o", out_dir)  # fmt: skip
    assert code == 0 and "0 shapes computed now, 8 kept" in out
    for args, message in (
        (["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "--workers is for local"),
        (["--scheduler", "no port here"], "bad Dask scheduler address"),
        (["--scheduler", "tcp://127.0.0.1:1"], "cannot reach the Dask scheduler"),
        (["--memory", "1M", "--workers", "2"], "raise --memory"),
        (["--workers", "0"], "--workers"),
    ):
        code, out, err = run(
            monkeypatch, capsys, "sweep", "-v", "tree", "-L", "5", "-H", "2", "-o",
            str(tmp_path / "other"), *args,
        )  # fmt: skip
        assert code == 2 and message in err, err
        assert len(err.strip().splitlines()) == 1, err
