"""The warehouse sweeps (``endnim sweep -v depot`` / ``-v depot-partizan``): what the catalogue
enumerates, the same store on one process, two worker processes and a Dask cluster (a
LocalCluster of two worker processes on loopback), every value equal to the Python search's,
an interrupted run resumes, a damaged store is a one-line error and is repaired, and the
command's refusals are one line."""

from __future__ import annotations

import itertools
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from endnim.graphs.canonical import graph_key
from endnim.graphs.depot_partizan import DepotPartizan
from endnim.graphs.position import Graph
from endnim.sweep import depot_catalogue as C
from endnim.sweep import depot_sweep as D
from endnim.sweep.depot_store import DEPOT_STORE, DepotStoreDamaged, chunk_file
from endnim.sweep.plan import SweepError
from endnim.sweep.trees import open_tree_sweep, run_tree_sweep
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
    """Everything a warehouse store holds except the seconds each chunk took."""
    connection = sqlite3.connect(root / DEPOT_STORE)
    try:
        meta = connection.execute("SELECT key, value FROM meta ORDER BY key").fetchall()
        rows = connection.execute("SELECT * FROM positions ORDER BY position").fetchall()
        chunks = connection.execute(
            "SELECT vertices, shape, part, positions FROM chunks ORDER BY vertices, shape, part"
        ).fetchall()
    finally:
        connection.close()
    digests = {}
    for n, s, p, _ in chunks:
        data = json.loads((root / chunk_file(n, s, p)).read_text())
        data.pop("seconds")
        digests[(n, s, p)] = data
    return {"meta": meta, "rows": rows, "chunks": chunks, "digests": digests}


def values(root: Path) -> dict[str, int]:
    connection = sqlite3.connect(root / DEPOT_STORE)
    try:
        return dict(connection.execute("SELECT position, value FROM positions").fetchall())
    finally:
        connection.close()


# --------------------------------------------------------------------------- the catalogue
def test_the_graphs_are_every_connected_graph_up_to_isomorphism() -> None:
    assert [len(C.family_shapes("graphs", n)) for n in range(1, 8)] == [1, 1, 2, 6, 21, 112, 853]
    assert C.family_shapes("graphs", 9) == ()  # 8 vertices: tests/graphs/test_geng_catalogue.py
    assert [len(C.family_shapes("trees", n)) for n in range(1, 9)] == [1, 1, 1, 2, 3, 6, 11, 23]


def test_each_labelling_class_is_stored_once_however_the_shape_is_cut(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every labelling 0..2 of the graphs of 4 vertices, deduplicated by bliss over the whole
    shape, against the chunks' positions (cut into parts of at most 5 labellings, too)."""
    for n in (3, 4):
        expected = set()
        for edges in C.family_shapes("graphs", n):
            for labels in itertools.product(range(3), repeat=n):
                expected.add(graph_key(labels, edges))
        for bound in (C.CHUNK_LABELLINGS, 5):
            monkeypatch.setattr(C, "CHUNK_LABELLINGS", bound)
            tasks = [t for t in C.plan_chunks("depot", "graphs", n, 2) if t.vertices == n]
            if bound == 5:
                assert all(t.labellings <= 5 or len(t.counts) == 1 for t in tasks)
                assert len(tasks) > len(C.family_shapes("graphs", n))
            found = [
                graph_key(p.labels, p.edges) for t in tasks for _, _, p in C.chunk_positions(t)
            ]
            assert len(found) == len(set(found)) and set(found) == expected


def test_partizan_graphs_take_every_edge_colouring_and_every_empty_vertex_is_a_home() -> None:
    rules = DepotPartizan()
    (task,) = [t for t in C.plan_chunks("depot-partizan", "graphs", 2, 1) if t.vertices == 2]
    found = {text: p for text, _, p in C.chunk_positions(task)}
    # labels 00, 01, 11 on an edge of colour L, R or G, up to isomorphism: 3 + 3 + 3
    assert len(found) == 9
    for position in found.values():
        assert position.homes == tuple(v for v, x in enumerate(position.labels) if x == 0)
    keys = {
        rules.isomorphism_key(
            Graph.build(list(labels), [(0, 1)], [c], [v for v in (0, 1) if not labels[v]])
        )
        for labels in itertools.product(range(2), repeat=2)
        for c in "LRG"
    }
    assert len(keys) == 9


def test_the_trees_family_is_the_tree_sweeps_catalogue(tmp_path: Path) -> None:
    run_tree_sweep(tmp_path / "t", 5, 2)
    D.run_depot_sweep(tmp_path / "d", "depot", "trees", 5, 2)
    with open_tree_sweep(tmp_path / "t") as trees:
        notations = {row[0] for row in trees.rows()}
    assert set(values(tmp_path / "d")) == notations


# --------------------------------------------------------------------------- equal stores
@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """depot on the graphs of <= 5 vertices, labels 0..1, in this process."""
    folder = tmp_path_factory.mktemp("one")
    report = D.run_depot_sweep(folder, "depot", "graphs", 5, 1)
    assert report.workers == 1 and report.computed == 1 + 1 + 2 + 6 + 21
    return contents(folder)


def test_two_worker_processes_store_what_one_process_stores(
    reference: dict[str, Any], tmp_path: Path
) -> None:
    report = D.run_depot_sweep(tmp_path, "depot", "graphs", 5, 1, workers=2)
    assert report.workers == 2
    assert contents(tmp_path) == reference
    with D.open_depot_sweep(tmp_path) as store:
        assert D.summarise(store).to_dict()["sizes"] == report.to_dict()["sizes"]


def test_the_cluster_stores_what_one_process_stores(
    reference: dict[str, Any], scheduler: str, tmp_path: Path
) -> None:
    report = D.run_depot_sweep(tmp_path, "depot", "graphs", 5, 1, scheduler=scheduler)
    assert report.workers == 2 and report.scheduler == scheduler
    assert contents(tmp_path) == reference


def test_partizan_stores_are_equal_on_any_executor(scheduler: str, tmp_path: Path) -> None:
    for family, n in (("graphs", 3), ("trees", 4)):
        one = tmp_path / f"{family}-1"
        D.run_depot_sweep(one, "depot-partizan", family, n, 1)
        D.run_depot_sweep(tmp_path / f"{family}-2", "depot-partizan", family, n, 1, workers=2)
        D.run_depot_sweep(tmp_path / f"{family}-d", "depot-partizan", family, n, 1,
                          scheduler=scheduler)  # fmt: skip
        assert contents(tmp_path / f"{family}-2") == contents(one)
        assert contents(tmp_path / f"{family}-d") == contents(one)


@pytest.mark.parametrize(
    ("variant", "family", "n", "h"),
    [
        ("depot", "graphs", 4, 2),
        ("depot", "trees", 5, 2),
        ("depot-partizan", "graphs", 3, 2),
        ("depot-partizan", "trees", 4, 1),
    ],
)
def test_every_value_is_the_python_searchs(
    tmp_path: Path, variant: str, family: str, n: int, h: int
) -> None:
    D.run_depot_sweep(tmp_path / "c", variant, family, n, h)
    D.run_depot_sweep(tmp_path / "p", variant, family, n, h, compiled=False)
    assert contents(tmp_path / "p") == contents(tmp_path / "c")


# --------------------------------------------------------------------------- resuming
def stop_after(chunks: int) -> Any:
    def progress(done: int, total: int) -> None:
        if done >= chunks:
            raise KeyboardInterrupt

    return progress


def test_an_interrupted_run_resumes_anywhere(
    reference: dict[str, Any], scheduler: str, tmp_path: Path
) -> None:
    with pytest.raises(KeyboardInterrupt):
        D.run_depot_sweep(tmp_path, "depot", "graphs", 5, 1, workers=2, progress=stop_after(9))
    with D.open_depot_sweep(tmp_path) as store:
        kept = len(store.done_chunks())
    assert 9 <= kept <= 9 + 4  # and the chunks in flight a worker finished storing
    with pytest.raises(KeyboardInterrupt):
        D.run_depot_sweep(tmp_path, "depot", "graphs", 5, 1, scheduler=scheduler,
                          progress=stop_after(kept + 3))  # fmt: skip
    with D.open_depot_sweep(tmp_path) as store:
        assert len(store.done_chunks()) == kept + 3
    report = D.run_depot_sweep(tmp_path, "depot", "graphs", 5, 1)
    assert report.kept == kept + 3 and report.computed == 31 - kept - 3
    assert contents(tmp_path) == reference


def test_the_estimate_comes_first_and_counts_what_is_left(tmp_path: Path) -> None:
    seen: list[D.DepotSweepEstimate] = []
    D.run_depot_sweep(tmp_path, "depot", "graphs", 4, 1, workers=2, on_estimate=seen.append)
    (estimate,) = seen
    assert estimate.chunks == 10 and estimate.labellings == 2 + 4 + 2 * 8 + 6 * 16
    assert estimate.workers == 2 and estimate.seconds == estimate.cpu_seconds / 2
    seen.clear()
    D.run_depot_sweep(tmp_path, "depot", "graphs", 4, 1, on_estimate=seen.append)
    assert seen[0].cpu_seconds == 0


# --------------------------------------------------------------------------- damage
def test_a_damaged_store_is_one_line_and_repaired(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    D.run_depot_sweep(tmp_path, "depot", "graphs", 4, 2)
    good = contents(tmp_path)
    connection = sqlite3.connect(tmp_path / DEPOT_STORE)
    with connection:
        connection.execute(
            "UPDATE positions SET value = value + 1 WHERE rowid = (SELECT MIN(rowid) FROM "
            "positions WHERE vertices = 4)"
        )
    connection.close()
    code, out, err = run(monkeypatch, capsys, "sweep-query", str(tmp_path), "p")
    assert code == 2 and "does not match its digest" in err and "--repair" in err, err
    assert len(err.strip().splitlines()) == 1
    code, out, err = run(monkeypatch, capsys, "sweep", "--repair", str(tmp_path))
    assert code == 0 and "1 damaged or lost chunk(s) recomputed" in out, err
    assert contents(tmp_path) == good
    (tmp_path / chunk_file(3, 1, 0)).unlink()  # a missing digest
    with pytest.raises(DepotStoreDamaged, match="has no digest"):
        D.open_depot_sweep(tmp_path)
    code, out, err = run(monkeypatch, capsys, "sweep-query", str(tmp_path), "--json")
    assert code == 2 and "has no digest" in err and len(err.strip().splitlines()) == 1
    (tmp_path / DEPOT_STORE).write_bytes(b"not a database at all" * 100)  # unreadable
    code, out, err = run(monkeypatch, capsys, "sweep-query", str(tmp_path), "p")
    assert code == 2 and "damaged" in err and len(err.strip().splitlines()) == 1
    report = D.run_depot_sweep(tmp_path, "depot", "graphs", 4, 2)  # a run sets it aside
    assert report.rebuilt and contents(tmp_path) == good


# --------------------------------------------------------------------------- the command
def test_the_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_dir = str(tmp_path / "d")
    code, out, err = run(
        monkeypatch, capsys, "sweep", "-v", "depot-partizan", "--family", "trees", "-L", "3",
        "-H", "1", "-o", out_dir, "--workers", "2", "--json",
    )  # fmt: skip
    assert code == 0, err
    estimate, summary = (json.loads(line) for line in out.splitlines())
    assert estimate["event"] == "estimate" and estimate["chunks"] == summary["computed_chunks"]
    assert summary["workers"] == 2 and summary["family"] == "trees"
    assert summary["sizes"][-1]["outcomes"]["L"] == summary["sizes"][-1]["outcomes"]["R"]
    code, out, err = run(monkeypatch, capsys, "sweep-query", out_dir, "outcome", "L", "--json")
    found = json.loads(out)
    assert code == 0 and found["count"] > 0 and set(found["values"]) == {"L"}
    code, out, err = run(monkeypatch, capsys, "sweep-query", out_dir, "value", "1")
    assert code == 2 and "outcome X" in err
    code, out, err = run(monkeypatch, capsys, "sweep", "-v", "depot-partizan", "--family",
                         "trees", "-L", "3", "-H", "1", "-o", out_dir)  # fmt: skip
    assert code == 0 and "0 chunks computed now" in out
    for args, message in (
        (["-v", "depot-partizan", "-L", "7", "-H", "2"], "labellings; at most"),
        (["-v", "depot", "-L", "9", "-H", "1"], "goes to 8"),  # 8: nauty's geng
        (["-v", "depot", "--family", "trees", "-L", "11", "-H", "1"], "goes to 10"),
        (["-v", "tree", "--family", "trees", "-L", "3", "-H", "1"], "--family is for"),
        (
            [
                "-v",
                "depot",
                "-L",
                "3",
                "-H",
                "1",
                "--workers",
                "2",
                "--scheduler",
                "tcp://127.0.0.1:1",
            ],
            "--workers is for local",
        ),
        (
            ["-v", "depot", "-L", "3", "-H", "1", "--scheduler", "tcp://127.0.0.1:1"],
            "cannot reach the Dask scheduler",
        ),
        (["-v", "depot", "-L", "3", "-H", "1", "--chunk-tables", "3"], "--chunk-tables"),
        (["-v", "depot", "-L", "3", "-H", "1", "--memory", "1M"], "raise --memory"),
    ):
        code, out, err = run(monkeypatch, capsys, "sweep", *args, "-o", str(tmp_path / "other"))
        assert code == 2 and message in err, err
        assert len(err.strip().splitlines()) == 1, err
    code, out, err = run(monkeypatch, capsys, "sweep", "-v", "depot", "-L", "3", "-H", "2",
                         "-o", out_dir)  # fmt: skip
    assert code == 2 and "use another --out" in err


def test_a_sweep_past_the_budget_is_refused_before_it_starts(tmp_path: Path) -> None:
    with pytest.raises(SweepError, match="raise --memory"):
        D.run_depot_sweep(tmp_path / "x", "depot", "graphs", 3, 1, workers=2, memory=2**20)
    assert not (tmp_path / "x").exists()
