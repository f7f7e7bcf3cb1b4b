"""Every command that makes a table takes the same path for a rule set the compiled engine
cannot run (tests/rules_gallery/larger_end.py: its ends() depend on the piles), answers from the
indexed search and says so (issue 33, defect 1)."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

RULES = f"{Path(__file__).parents[1] / 'rules_gallery' / 'larger_end.py'}:LargerEnd"
SAID = "values by the indexed search: the compiled engine has no recurrence"


@cache
def grundy(row: tuple[int, ...]) -> int:
    """The rule set's Grundy values from its rules as stated: reduce the larger end pile."""
    if not row:
        return 0
    ends = {0, len(row) - 1} if row[0] == row[-1] else {0 if row[0] > row[-1] else len(row) - 1}
    children = set()
    for index in ends:
        for size in range(row[index]):
            child = (
                (*row[:index], size, *row[index + 1 :]) if size else row[:index] + row[index + 1 :]
            )
            children.add(grundy(tuple(child)))
    return min(set(range(len(children) + 1)) - children)


def endnim(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "endnim.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_table_answers_by_the_indexed_search_and_says_so() -> None:
    done = endnim("table", "--rules", RULES, "-a", "1..6", "-b", "1..6", "--format", "csv")
    assert done.returncode == 0, done.stderr
    assert SAID in done.stderr
    lines = list(csv.reader(done.stdout.splitlines()))
    values = {
        (int(r[0]), b): int(v) for r in lines[1:] for b, v in zip(range(1, 7), r[1:], strict=True)
    }
    assert values == {(a, b): grundy((a, b)) for a in range(1, 7) for b in range(1, 7)}


def test_periodicity_says_its_path() -> None:
    done = endnim("periodicity", "--rules", RULES, "--a", "1..3", "--cols", "1..64", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["path"] == "indexed search"
    done = endnim("periodicity", "--rules", RULES, "--a", "1..3", "--cols", "1..64")
    assert done.returncode == 0 and SAID in done.stderr


def test_the_atlas_takes_the_same_path(tmp_path: Path) -> None:
    out = tmp_path / "periodicity.csv"
    done = endnim(
        "atlas", "periodicity", "--rules", RULES, "--rows", "3", "--cols", "48",
        "--short-piles", "1", "--long-piles", "0", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr  # today's main: "the engine has no recurrence"
    assert SAID in done.stderr
    lines = [line for line in csv.DictReader(out.open()) if line["variant"] == "larger-end"]
    assert {line["middle"] for line in lines} == {"[]", "[1]", "[1, 1]"}
    assert all(line["periodic"] == "True" for line in lines)


@pytest.mark.parametrize("middle", [(), (2,), (1, 3)])
def test_the_pages_table_takes_the_same_path(middle: tuple[int, ...]) -> None:
    from endnim.variants import load_rules, unregister_variant
    from endnim.web.tables import heatmap_table

    rules = load_rules(RULES)
    try:
        table = heatmap_table(rules.name, middle, 5, 6)
    finally:
        unregister_variant(rules.name)
    assert table.to_dict()["path"] == "indexed search"
    for x in range(6):
        for y in range(7):
            row = ((x,) if x else ()) + middle + ((y,) if y else ())
            assert table.values[x][y] == grundy(row)
