"""The shipped summaries of issue 40's sweeps: the warehouses on every connected graph of <= 8
vertices (sealed, naming its family, range and shapes) and the trees of 12 vertices with
labels <= 3 (sealed; a shape recomputed here against its digest), small sizes recomputed here."""

from __future__ import annotations

from pathlib import Path

from endnim.sealed import read_sealed
from endnim.sweep import depot_catalogue as C
from endnim.sweep.depot_sweep import run_depot_sweep

DATA = Path(__file__).resolve().parents[2] / "data"
DEPOT_SUMMARY = DATA / "depots" / "sweep-graphs-8-1.json"


def test_the_warehouse_summary_names_its_family_range_and_shapes() -> None:
    data = read_sealed(DEPOT_SUMMARY, "warehouse summary")
    assert (data["family"], data["variant"], data["max_vertices"], data["max_label"]) == (
        "graphs",
        "depot",
        8,
        1,
    )
    assert data["shapes"] == sum(C.CONNECTED_GRAPHS) == 12113
    assert [s["shapes"] for s in data["sizes"]] == list(C.CONNECTED_GRAPHS)
    assert data["positions"] == sum(s["positions"] for s in data["sizes"])
    assert data["p_positions"] == sum(s["p_positions"] for s in data["sizes"])
    check = data["finding_14"]
    assert check["covered"] == check["agree"] > 0 and check["first_failure"] is None


def test_the_warehouse_summary_agrees_with_a_sweep_run_here(tmp_path: Path) -> None:
    data = read_sealed(DEPOT_SUMMARY, "warehouse summary")
    report = run_depot_sweep(tmp_path / "depots", "depot", "graphs", 5, 1)
    for mine, shipped in zip(report.sizes, data["sizes"][:5], strict=True):
        assert (mine.vertices, mine.positions, mine.p_positions, mine.max_value) == (
            shipped["vertices"],
            shipped["positions"],
            shipped["p_positions"],
            shipped["max_value"],
        )


# The tree sweep to 12 vertices with labels <= 3 (issue 40): its sealed summary (as the
# smaller sweeps', plus every shape of 12 vertices with its digest) and its re-test.
TREE_SUMMARY = DATA / "trees" / "sweep-12-3.json"
TREE_RETEST = DATA / "trees" / "retest-findings-12-3.json"


def test_the_12_vertex_tree_summary_is_sealed_and_adds_up() -> None:
    import json

    from endnim.sweep.trees import count_labelled, tree_shapes

    data = read_sealed(TREE_SUMMARY, "tree summary")
    assert (data["kind"], data["variant"], data["max_vertices"], data["max_label"]) == (
        "tree",
        "tree",
        12,
        3,
    )
    eleven = json.loads((DATA / "trees" / "sweep-11-3.json").read_text())
    assert data["sizes"][:11] == eleven["sizes"]
    twelve = data["sizes"][11]
    assert twelve["vertices"] == 12 and twelve["trees"] == 101_830_986
    assert data["trees"] == sum(s["trees"] for s in data["sizes"])
    assert data["p_positions"] == sum(s["p_positions"] for s in data["sizes"])
    assert data["max_value"] == max(s["max_value"] for s in data["sizes"])
    shapes = tree_shapes(12)
    listed = data["shapes_of_largest_size"]
    assert [entry["shape"] for entry in listed] == list(range(len(shapes))) == list(range(551))
    for entry in listed:  # each shape's trees against the exact count of its labellings
        assert entry["trees"] == count_labelled(shapes[entry["shape"]], 12, 3)
    assert sum(e["trees"] for e in listed) == twelve["trees"]
    assert sum(e["p_positions"] for e in listed) == twelve["p_positions"]
    assert max(e["max_value"] for e in listed) == twelve["max_value"]


def test_12_vertex_shapes_computed_here_have_the_shipped_digests() -> None:
    from endnim.sweep.trees import ShapeTask, compute_shape, tree_shapes

    listed = read_sealed(TREE_SUMMARY, "tree summary")["shapes_of_largest_size"]
    for entry in sorted(listed, key=lambda d: d["trees"])[:3]:  # the star and two more
        edges = tuple((u, v) for u, v in tree_shapes(12)[entry["shape"]])
        result = compute_shape(ShapeTask(12, entry["shape"], edges, 3))
        assert result.sha256 == entry["sha256"]
        assert len(result.rows) == entry["trees"]
        assert sum(row[-1] == 0 for row in result.rows) == entry["p_positions"]


def test_the_12_vertex_retest_found_no_exception_and_counts_the_summary() -> None:
    import json

    summary = read_sealed(TREE_SUMMARY, "tree summary")["sizes"]
    retest = {s["vertices"]: s for s in json.loads(TREE_RETEST.read_text())["sizes"]}
    assert sorted(retest) == [9, 10, 11, 12]
    for n, size in retest.items():
        assert size["shapes_tested"] == size["shapes"]
        assert (size["trees"], size["p_positions"]) == (
            summary[n - 1]["trees"],
            summary[n - 1]["p_positions"],
        )
        rules = size["rules"]
        for exact in (
            "finding_9",
            "finding_10_spider",
            "finding_10_caterpillar",
            "finding_10_tree",
            "finding_12",
            "finding_15",
            "finding_15_every_vertex",
        ):
            assert rules[exact]["applies"] == rules[exact]["holds"], (n, exact)
        assert rules["finding_15"]["applies"] > 0 and rules["finding_12"]["applies"] > 0


def test_the_docs_tree_tables_are_regenerated_from_the_data() -> None:
    """docs/graphs.md's tree tables are what scripts/tree_summary.py --docs makes of
    data/trees/ (so a new summary shows in the docs only through the data)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "tree_summary", DATA.parent / "scripts" / "tree_summary.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    docs = (DATA.parent / "docs" / "graphs.md").read_text()
    for name, table in module.TABLES.items():
        assert f"<!-- {name}:start -->\n{table()}\n<!-- {name}:end -->" in docs, name
