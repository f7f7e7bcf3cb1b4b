"""Big tree shapes cut into parts by their labels' sum (issue 31: shape × label-range chunks):
the parts cover each shape once, a sweep cut into parts stores exactly what a sweep of whole
shapes stores (on one process, two worker processes, the Python search), and an interrupted,
damaged or half-completed sweep of parts resumes to the same store."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from endnim.graphs import compiled as engine
from endnim.sweep import trees as T
from endnim.sweep.tree_integrity import read_shape_digest
from endnim.sweep.tree_parts import (
    covers,
    label_parts,
    missing_ranges,
    part_file,
    part_files,
    sum_counts,
)

SMALL = 40
"""Labellings per part in these tests: shapes of 4 or more vertices with labels <= 3 are cut."""


def contents(root: Path) -> dict[str, Any]:
    """The trees, the shape records (without seconds) and every shape digest."""
    connection = sqlite3.connect(root / T.TREE_STORE)
    try:
        trees = connection.execute("SELECT * FROM trees ORDER BY notation").fetchall()
        shapes = connection.execute(
            "SELECT vertices, shape, trees FROM shapes ORDER BY vertices, shape"
        ).fetchall()
        parts = connection.execute("SELECT COUNT(*) FROM parts").fetchone()[0]
    finally:
        connection.close()
    digests = {(n, s): read_shape_digest(root, n, s)["sha256"] for n, s, _ in shapes}
    return {"trees": trees, "shapes": shapes, "digests": digests, "parts_left": parts}


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """<= 6 vertices, labels <= 3, every shape whole."""
    folder = tmp_path_factory.mktemp("whole")
    report = T.run_tree_sweep(folder, 6, 3)
    assert report.computed_parts == 0
    return contents(folder)


# --------------------------------------------------------------------------- the cut
@given(st.integers(1, 9), st.integers(1, 6), st.integers(1, 5000))
def test_parts_cover_each_sum_once_and_hold_about_the_size(n: int, h: int, size: int) -> None:
    parts = label_parts(n, h, part_labellings=size)
    assert covers(n, h, parts)
    counts = sum_counts(n, h)
    assert sum(counts) == h**n
    for lo, hi in parts[:-1]:  # each but the last reaches the size, and only at its last sum
        held = sum(counts[lo : hi + 1])
        assert held >= size and held - counts[hi] < size
    if h**n <= size:
        assert parts == [(n, n * h)]


@given(st.integers(1, 8), st.integers(1, 4), st.data())
def test_missing_ranges_are_the_complement(n: int, h: int, data: st.DataObject) -> None:
    parts = label_parts(n, h, part_labellings=data.draw(st.integers(1, 200)))
    done = data.draw(st.lists(st.sampled_from(parts), unique=True))
    gaps = missing_ranges(n, h, done)
    assert covers(n, h, done + gaps)
    assert not set(gaps) & set(done)


@pytest.mark.skipif(not engine.available(), reason="the compiled tree solver is not built")
@pytest.mark.parametrize("n, h", [(4, 3), (5, 3), (6, 2)])
def test_the_compiled_parts_are_the_whole_shape_cut_by_sum(n: int, h: int) -> None:
    for edges in T.tree_shapes(n):
        whole = engine.sweep_shape(engine.TreeMemo(), edges, n, h)
        cut = [
            row
            for beans in label_parts(n, h, part_labellings=7)
            for row in engine.sweep_shape(engine.TreeMemo(), edges, n, h, beans)
        ]
        assert sorted(cut) == sorted(whole)
        assert len({row[0] for row in cut}) == len(cut)  # no class in two parts


# --------------------------------------------------------------------------- sweeps
def test_a_sweep_in_parts_stores_what_a_sweep_of_whole_shapes_stores(
    whole: dict[str, Any], tmp_path: Path
) -> None:
    report = T.run_tree_sweep(tmp_path, 6, 3, part_labellings=SMALL)
    expected = sum(len(label_parts(n, 3, part_labellings=SMALL)) for n in range(4, 7) for _ in
                   T.tree_shapes(n))  # fmt: skip
    assert report.computed_parts == expected > 0
    assert contents(tmp_path) == whole
    assert not part_files(tmp_path)  # every shape completed: no part digest is left
    with T.open_tree_sweep(tmp_path) as store:
        assert store.summary().to_dict()["sizes"] == report.to_dict()["sizes"]


def test_parts_on_two_worker_processes_and_the_python_search(
    whole: dict[str, Any], tmp_path: Path
) -> None:
    T.run_tree_sweep(tmp_path / "w", 6, 3, part_labellings=SMALL, workers=2)
    assert contents(tmp_path / "w") == whole
    T.run_tree_sweep(tmp_path / "p", 5, 3, part_labellings=SMALL, compiled=False)
    T.run_tree_sweep(tmp_path / "c", 5, 3)
    assert contents(tmp_path / "p") == contents(tmp_path / "c")


def stop_after(chunks: int) -> Any:
    def progress(done: int, total: int) -> None:
        if done >= chunks:
            raise KeyboardInterrupt

    return progress


def test_an_interrupted_sweep_of_parts_keeps_its_parts(
    whole: dict[str, Any], tmp_path: Path
) -> None:
    with pytest.raises(KeyboardInterrupt):
        T.run_tree_sweep(tmp_path, 6, 3, part_labellings=SMALL, progress=stop_after(12))
    with T.TreeStore.create(tmp_path, 3) as store:
        held = store.part_records()
    assert held  # the interruption fell inside a shape cut into parts
    kept = sum(len(parts) for parts in held.values())
    report = T.run_tree_sweep(tmp_path, 6, 3, part_labellings=SMALL)
    assert report.kept_parts == kept
    assert contents(tmp_path) == whole


def test_a_resume_with_another_part_size_fills_only_the_gaps(
    whole: dict[str, Any], tmp_path: Path
) -> None:
    with pytest.raises(KeyboardInterrupt):
        T.run_tree_sweep(tmp_path, 6, 3, part_labellings=SMALL, progress=stop_after(20))
    report = T.run_tree_sweep(tmp_path, 6, 3, part_labellings=3 * SMALL, workers=2)
    assert report.kept_parts > 0
    assert contents(tmp_path) == whole


def interrupted_in_parts(tmp_path: Path) -> tuple[int, int, list[tuple[int, int, int]]]:
    """An interrupted sweep whose last shape is half stored in parts: that shape and parts."""
    with pytest.raises(KeyboardInterrupt):
        T.run_tree_sweep(tmp_path, 6, 3, part_labellings=SMALL, progress=stop_after(12))
    with T.TreeStore.create(tmp_path, 3) as store:
        (key, parts), *_ = sorted(store.part_records().items())
    return key[0], key[1], parts


def test_a_damaged_part_is_computed_again_and_the_others_kept(
    whole: dict[str, Any], tmp_path: Path
) -> None:
    n, shape, parts = interrupted_in_parts(tmp_path)
    lo, hi, _trees = parts[0]
    connection = sqlite3.connect(tmp_path / T.TREE_STORE)
    with connection:
        changed = connection.execute(
            "UPDATE trees SET grundy = grundy + 1 WHERE rowid = (SELECT rowid FROM trees WHERE "
            "vertices = ? AND shape = ? AND beans BETWEEN ? AND ? LIMIT 1)",
            (n, shape, lo, hi),
        ).rowcount
    connection.close()
    assert changed == 1
    kept = sum(1 for m, s, _lo in part_files(tmp_path) if (m, s) != (n, shape)) + len(parts) - 1
    report = T.run_tree_sweep(tmp_path, 6, 3, part_labellings=SMALL)
    assert report.kept_parts == kept and report.repaired == 1
    assert contents(tmp_path) == whole


def test_a_part_without_its_digest_is_computed_again(whole: dict[str, Any], tmp_path: Path) -> None:
    n, shape, parts = interrupted_in_parts(tmp_path)
    (tmp_path / part_file(n, shape, parts[-1][0])).unlink()
    report = T.run_tree_sweep(tmp_path, 6, 3, part_labellings=SMALL)
    assert report.repaired == 1
    assert contents(tmp_path) == whole


def test_a_shape_whose_parts_all_landed_is_completed_on_the_next_run(
    whole: dict[str, Any], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """An interruption between a shape's last part and its completion."""
    monkeypatch.setattr(T.TreeStore, "complete_shape", lambda self, n, shape: False)
    T.run_tree_sweep(tmp_path, 5, 3, part_labellings=SMALL)
    monkeypatch.undo()
    with T.TreeStore.create(tmp_path, 3) as store:
        assert store.part_records() and not store.done_shapes() >= {(5, 0), (5, 1), (5, 2)}
    report = T.run_tree_sweep(tmp_path, 6, 3, part_labellings=SMALL)
    assert report.kept >= 3 + 1 + 1 + 1 + 2  # sizes 1..5 finished from their parts
    assert contents(tmp_path) == whole


def test_a_stale_part_digest_of_a_finished_shape_is_removed(
    whole: dict[str, Any], tmp_path: Path
) -> None:
    T.run_tree_sweep(tmp_path, 6, 3, part_labellings=SMALL)
    stale = tmp_path / part_file(6, 0, 6)
    stale.parent.mkdir(parents=True, exist_ok=True)
    stale.write_text(json.dumps({"sha256": "0" * 64}))
    report = T.run_tree_sweep(tmp_path, 6, 3, part_labellings=SMALL)
    assert report.computed == 0 and not stale.exists()
    assert contents(tmp_path) == whole


def test_the_estimate_counts_the_chunks(tmp_path: Path) -> None:
    seen: list[T.TreeSweepEstimate] = []
    report = T.run_tree_sweep(tmp_path, 5, 3, part_labellings=SMALL, on_estimate=seen.append)
    (estimate,) = seen
    whole_shapes = 3  # the shapes of 1, 2 and 3 vertices have at most 3^3 <= SMALL labellings
    assert estimate.chunks == whole_shapes + report.computed_parts
    assert estimate.labellings == T.count_labellings(5, 3)
