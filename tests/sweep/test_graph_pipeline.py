"""The one sweep pipeline of the graph games (trees, warehouses, depot-partizan): stores written
before it (``tests/data/graph_stores_before_one_pipeline.tar.gz``, made by the code of commit
9bccf9c) read, query, repair and resume as they did, holding exactly what a sweep writes now;
workers that store their own chunks go through the one runner; the store base refuses a
directory of another sweep in one line."""

from __future__ import annotations

import json
import sqlite3
import tarfile
from pathlib import Path
from typing import Any

import pytest

from endnim.sweep import depot_sweep as D
from endnim.sweep import trees as T
from endnim.sweep.depot_store import DepotStore
from endnim.sweep.graph_pipeline import StoredChunk, Workers, run_chunks, store_in_worker
from endnim.sweep.graph_store import GraphRepair, GraphStore
from endnim.sweep.plan import SweepError
from endnim.sweep.tree_pool import InProcess
from tests.cli_in_process import run

OLD = Path(__file__).parent.parent / "data" / "graph_stores_before_one_pipeline.tar.gz"
SWEEPS: dict[str, tuple[str, str, int, int]] = {
    # folder in the archive: (variant, family, max vertices, max label)
    "tree": ("tree", "trees", 4, 2),
    "depot": ("depot", "graphs", 3, 1),
    "partizan": ("depot-partizan", "graphs", 2, 1),
}


def old_store(tmp_path: Path, name: str) -> Path:
    with tarfile.open(OLD) as archive:
        archive.extractall(tmp_path / "old", filter="data")
    return tmp_path / "old" / name


def fresh_store(tmp_path: Path, name: str) -> Path:
    variant, family, n, label = SWEEPS[name]
    out = tmp_path / "new" / name
    if variant == "tree":
        T.run_tree_sweep(out, n, label)
    else:
        D.run_depot_sweep(out, variant, family, n, label)
    return out


def contents(root: Path) -> dict[str, Any]:
    """Every table of the store, the seconds columns left out, and every digest but its
    seconds: what a sweep writes, whatever wrote it."""
    file = root / ("trees.sqlite" if (root / "trees.sqlite").exists() else "depots.sqlite")
    connection = sqlite3.connect(file)
    try:
        listed = "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
        tables = [t for (t,) in connection.execute(listed)]
        found: dict[str, Any] = {}
        for table in tables:
            columns = [c[1] for c in connection.execute(f"PRAGMA table_info({table})")]
            kept = ", ".join(c for c in columns if c != "seconds")
            found[table] = connection.execute(
                f"SELECT {kept} FROM {table} ORDER BY 1, 2"
            ).fetchall()
    finally:
        connection.close()
    digests = {}
    for path in sorted(root.glob("*/*/*.json")):
        data = json.loads(path.read_text())
        data.pop("seconds")
        digests[str(path.relative_to(root))] = data
    found["digests"] = digests
    found["description"] = json.loads((root / "sweep.json").read_text())
    return found


@pytest.mark.parametrize("name", sorted(SWEEPS))
def test_a_store_written_before_holds_what_a_sweep_writes_now(tmp_path: Path, name: str) -> None:
    assert contents(old_store(tmp_path, name)) == contents(fresh_store(tmp_path, name))


@pytest.mark.parametrize("name", sorted(SWEEPS))
def test_a_store_written_before_is_queried_repaired_and_resumed(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    name: str,
) -> None:
    old, new = old_store(tmp_path, name), fresh_store(tmp_path, name)
    for words in ([], ["p"]):
        answers = []
        for root in (old, new):
            code, out, err = run(monkeypatch, capsys, "sweep-query", str(root), *words, "--json")
            assert code == 0, err
            answers.append({k: v for k, v in json.loads(out).items() if k not in ("sweep", "out")})
        assert answers[0] == answers[1] and answers[0]["count" if words else "p_positions"] > 0
    code, out, err = run(monkeypatch, capsys, "sweep", "--repair", str(old), "--json")
    repaired = json.loads(out)
    unit = "shapes" if name == "tree" else "chunks"
    assert code == 0 and repaired[f"{unit}_recomputed"] == 0 and repaired[f"{unit}_kept"] > 0
    assert repaired["database_rebuilt"] is False
    variant, family, n, label = SWEEPS[name]
    if variant == "tree":
        resumed: Any = T.run_tree_sweep(old, n + 1, label)
        assert resumed.kept == repaired["shapes_kept"] and resumed.computed > 0
    else:
        resumed = D.run_depot_sweep(old, variant, family, n + 1, label)
        assert resumed.kept == repaired["chunks_kept"] and resumed.computed > 0


class SharedDisk(InProcess):
    """One process that says its workers share the disk: each task stores its own chunk."""

    shares_disk = True


def test_workers_that_share_the_disk_store_their_own_chunks(tmp_path: Path) -> None:
    reference = fresh_store(tmp_path, "depot")
    tasks = D.plan_chunks("depot", "graphs", 3, 1)
    handed: list[object] = []
    with DepotStore.create(tmp_path / "shared", "depot", "graphs", 1) as store:
        workers = Workers(SharedDisk(), progress=lambda done, total: handed.append((done, total)))
        run_chunks(store, tasks, D.compute_chunk, D.store_result, workers)
    assert handed == [(k, len(tasks)) for k in range(1, len(tasks) + 1)]
    shared = contents(tmp_path / "shared")
    assert shared.pop("description") != {}  # the description has no max_vertices: no run wrote it
    wanted = contents(reference)
    wanted.pop("description")
    assert shared == wanted


def test_a_worker_hands_back_the_count_not_the_rows(tmp_path: Path) -> None:
    task = D.plan_chunks("depot", "graphs", 2, 1)[-1]
    DepotStore.create(tmp_path, "depot", "graphs", 1).close()
    back = store_in_worker(DepotStore.for_worker, D.store_result, D.compute_chunk,
                           str(tmp_path), task)  # fmt: skip
    assert isinstance(back, StoredChunk) and back.task == task
    assert back.rows == len(D.compute_chunk(task).rows) > 0
    with D.open_depot_sweep(tmp_path) as store:
        assert store.done_chunks() == {task.key}


def test_a_directory_of_another_graph_sweep_is_refused_in_one_line(tmp_path: Path) -> None:
    trees = fresh_store(tmp_path, "tree")
    with pytest.raises(SweepError, match="is not empty and holds no warehouse sweep"):
        DepotStore.create(trees, "depot", "graphs", 1)
    depots = fresh_store(tmp_path, "depot")
    with pytest.raises(SweepError, match="is not empty and holds no tree sweep"):
        T.TreeStore.create(depots, 2)
    assert issubclass(T.TreeStore, GraphStore) and issubclass(DepotStore, GraphStore)


def test_a_repair_says_what_it_kept_in_its_own_unit() -> None:
    assert T.TreeRepair("t", 3, 1, True).to_dict() == {
        "repaired": "t", "kind": "tree", "database_rebuilt": True, "shapes_kept": 3,
        "shapes_recomputed": 1,
    }  # fmt: skip
    assert isinstance(D.DepotRepair("d", 2, 0, False), GraphRepair)
    assert D.DepotRepair("d", 2, 0, False).to_dict()["chunks_kept"] == 2


def test_every_graph_sweep_reports_its_run_the_same_way() -> None:
    """The summary's layout and the run's line come from the one report base: the game adds
    its names, totals and (trees) parts; the counts are named by its unit."""
    tree = T.TreeSweepReport("out", 5, 2, computed=3, kept=2, repaired=1, computed_parts=4)
    depot = D.DepotSweepReport("out", 3, 1, "depot", "graphs", computed=7, workers=2)
    assert list(tree.to_dict())[:3] == ["kind", "variant", "out"]
    assert [k for k in tree.to_dict() if k.endswith(("_shapes", "_parts"))] == [
        "computed_shapes", "kept_shapes", "computed_parts", "kept_parts", "repaired_shapes"
    ]  # fmt: skip
    assert (depot.to_dict()["computed_chunks"], depot.to_dict()["repaired_chunks"]) == (7, 0)
    assert tree.run_text(" (4 parts)") == (
        "out: 3 shapes computed now (4 parts), 2 kept, in 0.0 s on 1 worker(s)"
    )
    assert depot.run_text().startswith("out: 7 chunks computed now, 0 kept, in 0.0 s on 2")
    assert T.TreeSweepReport("out", 1, 1).run_text() == ""  # nothing computed, nothing kept
