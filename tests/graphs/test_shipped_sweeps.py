"""The shipped summary of issue 40's warehouse sweep of every connected graph of <= 8 vertices
(sealed, naming its family, range and shapes), its small sizes recomputed here."""

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
