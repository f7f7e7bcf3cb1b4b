"""Value tables: the papers' printed tables reproduced exactly, every layout and variant against
the reference search, and every output format."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from conftest import BUILT_IN_NAMES, solver
from test_search import A4B_TABLE

from endnim.analysis.formats import FORMATS, render, rich_table
from endnim.analysis.ranges import format_range, parse_range
from endnim.analysis.statements import A4B_TABLE as REGISTRY_A4B
from endnim.analysis.statements import FOUR_AB_TABLE, TWO_HEAP_TABLE
from endnim.analysis.tables import ValueTable, arrange, value_table
from endnim.errors import EndNimError
from endnim.search import ImpartialValue, PartizanValue

PAPERS = Path(__file__).resolve().parents[3] / "shared" / "papers"
HORROCKS = PAPERS / "003_8470a8bce0457d66.txt"
ALBERT_NOWAKOWSKI = PAPERS / "004_623ce354ae8bb299.txt"


def truth(variant: str, piles: tuple[int, ...]) -> int | str:
    value = solver(variant).value(piles)
    if isinstance(value, ImpartialValue):
        return value.grundy
    assert isinstance(value, PartizanValue)
    return value.outcome


def _horrocks_table(marker: str) -> list[list[int]]:
    """The 9 × 9 table after ``marker`` in Horrocks' text (rows 'a<TAB>1<TAB>v1 ... v9')."""
    lines = HORROCKS.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if marker in line)
    rows: list[list[int]] = []
    for line in lines[start + 1 :]:
        numbers = [int(t) for t in re.split(r"\s+", line.replace("a", " ")) if t.isdigit()]
        if len(numbers) == 10:
            assert numbers[0] == len(rows) + 1
            rows.append(numbers[1:])
        if len(rows) == 9:
            return rows
    raise AssertionError(f"no table after {marker!r}")


def _albert_nowakowski_table() -> list[list[int]]:
    """The a4b table: one number per line, 16 column labels, then 16 rows of label + 16."""
    lines = ALBERT_NOWAKOWSKI.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if "1 ≤ b ≤ 16:" in line)
    numbers: list[int] = []
    for line in lines[start + 1 :]:
        text = line.strip()
        if text.isdigit():
            numbers.append(int(text))
        elif text:
            break
    assert numbers[:16] == list(range(1, 17)) and len(numbers) == 16 + 16 * 17
    rows = [numbers[16 + 17 * i : 16 + 17 * (i + 1)] for i in range(16)]
    assert [row[0] for row in rows] == list(range(1, 17))
    return [row[1:] for row in rows]


def test_a4b_table_reproduces_albert_nowakowski() -> None:
    table = value_table("endnim", "4", "1..16", "1..16")
    assert [list(row) for row in table.values] == A4B_TABLE
    assert [list(row) for row in REGISTRY_A4B] == A4B_TABLE
    assert table.pattern == "a·4·b" and table.value(16, 11) == 8


@pytest.mark.skipif(not ALBERT_NOWAKOWSKI.exists(), reason="the papers are not beside the repo")
def test_a4b_table_equals_the_papers_text() -> None:
    assert _albert_nowakowski_table() == A4B_TABLE


def test_horrocks_two_heap_table() -> None:
    table = value_table("muller", "", "1..9", "1..9")
    assert table.values == TWO_HEAP_TABLE
    for layout in ("wab", "abw"):  # with w empty every layout is the table of ab
        assert value_table("muller", "", "1..9", "1..9", layout=layout).values == TWO_HEAP_TABLE
    for a in range(1, 10):
        for b in range(1, 10):
            assert truth("muller", (a, b)) == TWO_HEAP_TABLE[a - 1][b - 1]


def test_horrocks_4ab_table() -> None:
    table = value_table("muller", "4", "1..9", "1..9", layout="wab")
    assert table.values == FOUR_AB_TABLE
    assert table.pattern == "4·a·b" and table.position(5, 1) == (4, 5, 1)
    for a in range(1, 10):
        for b in range(1, 10):
            assert truth("muller", (4, a, b)) == FOUR_AB_TABLE[a - 1][b - 1]


@pytest.mark.skipif(not HORROCKS.exists(), reason="the papers are not beside the repo")
def test_horrocks_tables_equal_the_papers_text() -> None:
    assert _horrocks_table("values of the positions ab for") == [list(r) for r in TWO_HEAP_TABLE]
    assert _horrocks_table("values of the positions $4ab$") == [list(r) for r in FOUR_AB_TABLE]


@pytest.mark.parametrize("variant", list(BUILT_IN_NAMES))
@pytest.mark.parametrize("layout", ["awb", "wab", "abw"])
@pytest.mark.parametrize("middle", [(), (2,), (3, 1), (1, 2, 2)])
def test_every_layout_and_variant_against_search(
    variant: str, layout: str, middle: tuple[int, ...]
) -> None:
    rows, cols = (1, 2, 3, 5), (1, 2, 4, 6)
    table = value_table(variant, middle, rows, cols, layout=layout)
    labels = table.labels()
    for i, a in enumerate(rows):
        for j, b in enumerate(cols):
            piles = arrange(middle, a, b, layout)
            assert table.position(a, b) == piles
            assert table.value(a, b) == truth(variant, piles), (piles, layout)
            assert labels[i][j] == str(truth(variant, piles))


def test_ranges() -> None:
    assert parse_range("1..3,7,9..10") == (1, 2, 3, 7, 9, 10)
    assert parse_range(" 2 .. 4 ") == (2, 3, 4)
    assert parse_range("3,3,2") == (3, 2)
    assert format_range((1, 2, 3, 7, 9, 10)) == "1..3,7,9..10"
    for bad in ["", "x", "1..", "0..4", "5..2", "1-4", "-1", "1..2000000"]:
        with pytest.raises(EndNimError) as caught:
            parse_range(bad, "rows")
        assert "\n" not in str(caught.value)


def test_bad_tables_are_clean_errors() -> None:
    with pytest.raises(EndNimError, match="layout"):
        value_table("endnim", "4", "1..3", "1..3", layout="bwa")
    with pytest.raises(EndNimError, match="too large"):
        value_table("endnim", "4", "1..5000", "1..5000")
    with pytest.raises(EndNimError, match="pile"):
        value_table("endnim", "4 0", "1..3", "1..3")
    with pytest.raises(EndNimError, match="unknown variant"):
        value_table("chess", "4", "1..3", "1..3")
    with pytest.raises(EndNimError, match="not a cell"):
        value_table("endnim", "4", "1..3", "1..3").value(9, 1)
    with pytest.raises(EndNimError, match="budget"):
        value_table("endnim", "9 9 9", "1..400", "1..400", cells_budget=1000)


def _sample() -> ValueTable:
    return value_table("endnim", "4", "1..3", "2..5")


def test_csv_and_json_round_trip() -> None:
    table = _sample()
    rows = list(csv.reader(io.StringIO(render(table, "csv"))))
    assert rows[0] == ["a\\b", "2", "3", "4", "5"]
    assert [[int(x) for x in row[1:]] for row in rows[1:]] == [list(r) for r in table.values]
    assert [int(row[0]) for row in rows[1:]] == [1, 2, 3]
    data = json.loads(render(table, "json"))
    assert data["values"] == [list(r) for r in table.values]
    assert data["rows"] == [1, 2, 3] and data["cols"] == [2, 3, 4, 5]
    assert data["pattern"] == "a·4·b" and data["kind"] == "grundy"
    partizan = json.loads(render(value_table("partizan", "", "1..2", "1..2"), "json"))
    assert partizan["values"] == [["P", "R"], ["L", "P"]] and partizan["kind"] == "outcome"


def test_markdown_latex_html_and_terminal() -> None:
    table = _sample()
    markdown = render(table, "markdown").splitlines()
    assert markdown[0] == "| a\\b | 2 | 3 | 4 | 5 |" and len(markdown) == 2 + 3
    assert markdown[2] == "| **1** | 1 | 2 | 3 | 4 |"
    latex = render(table, "latex")
    assert "\\begin{tabular}{r|rrrr}" in latex and "1 & 1 & 2 & 3 & 4 \\\\" in latex
    assert latex.rstrip().endswith("\\end{tabular}")
    html = table._repr_html_()
    assert html.startswith("<table") and html.count("<tr>") == 4 and "a·4·b" in html
    assert rich_table(table).row_count == 3
    assert str(table) == render(table, "markdown")
    assert set(FORMATS) >= {"terminal", "csv", "json", "markdown", "latex", "html"}
    with pytest.raises(EndNimError, match="unknown format"):
        render(table, "xml")
