"""``endnim graph-table`` and :func:`family_table`: values against direct search, the formats
and heatmaps of ``endnim table``, the budget refusal and one-line errors (exit status 2)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from endnim.analysis.graph_tables import family_table, substitute
from endnim.errors import BudgetError, EndNimError
from endnim.graphs import families as F
from endnim.parts import PartsSolver
from endnim.search import Solver
from endnim.variants import get_variant
from tests.cli_in_process import run


def test_star_table_equals_direct_search() -> None:
    table = family_table("tree", "star", {"centre": "2", "leaves": "a b 1"}, "1..4", "1..4")
    solver = PartsSolver(get_variant("tree"))
    for i, a in enumerate(table.rows):
        for j, b in enumerate(table.cols):
            assert table.values[i][j] == solver.grundy(F.star(2, [a, b, 1]))
    assert table.graph(3, 4) == F.star(2, [3, 4, 1])


def test_grid_over_its_size_and_partizan_outcomes() -> None:
    table = family_table("depot", "grid", {"size": "axb", "cells": "1"}, "1..2", "1..3")
    # all-1 grids: every move empties one cell, so the value is the parity of r·c
    assert table.values == ((1, 0, 1), (0, 0, 0))
    partizan = family_table(
        "depot-partizan", "spider", {"centre": "a", "legs": "b; 1", "colours": "LR"}, "1..2", "1..2"
    )
    solver = Solver(get_variant("depot-partizan"))
    for a in (1, 2):
        for b in (1, 2):
            graph = F.spider(a, [[b], [1]], "depot-partizan", "LR")
            assert partizan.value(a, b) == solver.value(graph).outcome


def test_one_variable_tables_have_one_column() -> None:
    table = family_table(
        "tree", "binary", {"depth": "a", "labels": "1"}, "0..3" if False else "1..3"
    )
    assert table.cols == (0,)
    # an all-1 tree: every move deletes a vertex, value = parity of 2^(d+1) - 1 vertices
    assert [row[0] for row in table.values] == [1, 1, 1]


def test_substitution() -> None:
    assert substitute("a x b", 2, 3) == "2 x 3"
    assert substitute("a+2 b-1 ab", 2, 3) == "4 2 ab"


def test_budget_refusal_is_one_line() -> None:
    with pytest.raises(BudgetError) as caught:
        family_table("depot", "grid", {"size": "4x5", "cells": "a"}, "1..3", "1")
    assert "budget" in str(caught.value) and "\n" not in str(caught.value)


def test_cli_formats_and_heatmaps(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    args = ["graph-table", "--family", "star", "--centre", "1", "--leaves", "a b", "--max", "3"]
    code, out, err = run(monkeypatch, capsys, *args, "-f", "csv")
    assert code == 0, err
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["a\\b", "1", "2", "3"]
    assert rows[2] == ["2", "2", "0", "1"]
    code, out, _ = run(monkeypatch, capsys, *args, "-f", "json")
    data = json.loads(out)
    assert data["family"] == "star" and data["kind"] == "grundy"
    assert data["parameters"] == {"centre": "1", "leaves": "a b"}
    code, out, _ = run(monkeypatch, capsys, *args, "-f", "latex")
    assert "\\begin{tabular}" in out and "star(centre 1; leaves a b)" in out
    code, out, _ = run(monkeypatch, capsys, *args)
    assert code == 0 and "Grundy values" in out  # rich wraps the title to the table's width
    assert out.strip().splitlines()[-1].replace("│", " ").split() == ["3", "3", "1", "0"]
    svg = tmp_path / "star.svg"
    code, _, err = run(monkeypatch, capsys, *args, "-f", "csv", "--svg", str(svg))
    assert code == 0 and svg.read_text().startswith("<?xml")
    code, out, _ = run(
        monkeypatch,
        capsys,
        "graph-table",
        "-v",
        "depot-partizan",
        "--family",
        "cycle",
        "--labels",
        "a b",
        "--max",
        "2",
        "-f",
        "csv",
    )
    assert out.splitlines()[1:] == ["1,P,R", "2,L,P"]  # partizan End-Nim a·b


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--family", "star", "--centre", "1"], "needs --leaves"),
        (["--family", "star", "--centre", "1", "--leaves", "1 2"], "no parameter uses a"),
        (["--family", "star", "--centre", "1", "--leaves", "a", "--depth", "2"], "not a parameter"),
        (["--family", "grid", "--size", "a x 2", "--cells", "1"], "not a tree"),
        (["-v", "endnim", "--family", "star", "--centre", "1", "--leaves", "a"], "endnim table"),
        (["--family", "star", "--centre", "1", "--leaves", "a x"], "not a whole number"),
        (["--family", "star", "--centre", "1", "--leaves", "a b-1"], "positive"),
        (  # the compiled tree search solves this table past its estimate: a budget it is over
            [
                "--family",
                "star",
                "--centre",
                "9",
                "--leaves",
                "a b 9 8 7 6 5 4 3",
                "--max",
                "9",
                "--budget",
                "1000",
            ],
            "budget",
        ),
        (["-v", "depot", "--family", "grid", "--size", "3", "--cells", "a"], "RxC"),
    ],
)
def test_cli_errors(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    code, _, err = run(monkeypatch, capsys, "graph-table", *args)
    assert code == 2
    assert err.startswith("endnim: error:") and message in err, err
    assert len(err.strip().splitlines()) == 1


def test_unknown_family_in_the_api() -> None:
    with pytest.raises(EndNimError, match="unknown family"):
        family_table("tree", "wheel", {"labels": "a"})
