"""``endnim atlas periodicity --rules``: the atlas of a user's rule set (docs/atlas.md's worked
example, End-Nim with the subtraction set {1, 2, 4}), and its proved findings against the search.
"""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

import endnim
from endnim.cli import cli
from endnim.search import Solver
from endnim.variants import unregister_variant

SPEC = str(Path(__file__).resolve().parents[3] / "examples" / "variants" / "subtraction.py")
SPEC += ":SubtractionEndNim"


def test_the_atlas_of_a_users_rule_set(tmp_path: Path) -> None:
    out = tmp_path / "subtraction.csv"
    args = ["atlas", "periodicity", str(out), "--rules", SPEC, "--rows", "6", "--cols", "96"]
    args += ["--short-piles", "3", "--long-piles", "0"]
    try:
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output
        rows = list(csv.DictReader(out.open(encoding="utf-8")))
    finally:
        unregister_variant("subtraction-124")
    assert {r["variant"] for r in rows} == {"subtraction-124"}
    assert len(rows) == 6 * (1 + 3 + 9)  # middles: empty, 3 of one pile, 9 of two
    assert {(r["period"], r["saltus"]) for r in rows} == {("3", "0")}  # observed in the atlas
    fives = {(r["middle"], r["a"]) for r in rows if r["preperiod"] == "5"}
    assert fives == {("[2]", "3"), ("[2]", "6"), ("[3, 2]", "3"), ("[3, 2]", "6")}


def test_the_proved_findings_against_the_search() -> None:
    rules = endnim.load_rules(SPEC)
    try:
        solver = Solver(rules, budget=10**7)
        for n in range(1, 16):  # lone piles: n mod 3
            assert solver.value((n,)).grundy == n % 3  # type: ignore[union-attr]
        for a in range(1, 13):  # two piles: the sum of two lone piles
            for b in range(1, 13):
                value = solver.value((a, b)).grundy  # type: ignore[union-attr]
                assert value == (a % 3) ^ (b % 3), (a, b)
    finally:
        unregister_variant(rules.name)


def test_a_rule_set_without_a_compiled_path_takes_the_indexed_search(tmp_path: Path) -> None:
    # as `table` and `periodicity` do (issue 33, defect 1): no refusal, and the path said
    wythoff = SPEC.replace("subtraction.py:SubtractionEndNim", "end_wythoff.py:EndWythoff")
    out = tmp_path / "w.csv"
    args = ["atlas", "periodicity", str(out), "--rules", wythoff, "--cols", "16"]
    args += ["--rows", "4", "--short-piles", "1", "--long-piles", "0"]
    done = subprocess.run(
        [sys.executable, "-m", "endnim.cli", *args], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "values by the indexed search" in done.stderr
    assert "no recurrence for End-Wythoff" in done.stderr
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert {r["middle"] for r in rows} == {"[]", "[1]", "[1, 1]"} and len(rows) == 3 * 4
