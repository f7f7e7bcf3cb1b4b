"""``endnim value``: canonical forms on the command line, JSON, sums, budget, bad input."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import solver

from endnim import cli
from endnim.analysis.values import parse_sum
from endnim.cgt import outcome, position_value, to_ascii
from endnim.commands.value import value


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(value, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Through cli.main, as the installed ``endnim`` runs it (errors become one line)."""
    with pytest.raises(SystemExit) as caught:
        cli.main(["value", *args])
    out, err = capsys.readouterr()
    return int(caught.value.code or 0), out, err


@pytest.mark.parametrize("form", [["3 1 2"], ["3", "1", "2"], ["3,1,2"], ["[3, 1, 2]"]])
def test_json_fields(form: list[str]) -> None:
    code, output = run("--json", *form)
    assert code == 0
    data = json.loads(output)
    assert data["positions"] == [[3, 1, 2]]
    assert data["value"] == "{0|↑*2,⇑*3}" and data["value_ascii"] == "{0|^*2,^^*3}"
    assert data["outcome"] == "L" and data["atomic_weight"] == "2"
    assert data["outcome"] == solver("partizan").value((3, 1, 2)).outcome


def test_sums() -> None:
    data = json.loads(run("--json", "3 1 2", "+", "2 2")[1])
    assert data["positions"] == [[3, 1, 2], [2, 2]] and data["value"] == "{0|↑*2,⇑*3}"
    data = json.loads(run("--json", "3 1 2 + 2 1 3")[1])
    assert data["value"] == "0" and data["outcome"] == "P"  # G + (-G)
    data = json.loads(run("--json", "2+3")[1])
    assert data["value"] == "*" and data["outcome"] == "N"
    data = json.loads(run("--json", "2 1 + 2 1")[1])
    assert data["value"] == "⇑" and data["value_ascii"] == "^^" and data["atomic_weight"] == "2"


def test_outcomes_agree_with_the_solver() -> None:
    for text in ["2 4 1", "5 2 4 1", "3 5 5 5 1", "3 5 4 5 1", "1 5 3 3 2", "4 4", "1 2"]:
        data = json.loads(run("--json", text)[1])
        piles = tuple(int(p) for p in text.split())
        assert data["outcome"] == solver("partizan").value(piles).outcome
        assert data["value_ascii"] == to_ascii(position_value(piles))


def test_human_output() -> None:
    code, output = run("3 1 2 + 2 2")
    assert code == 0
    assert "{0|↑*2,⇑*3}" in output and "{0|^*2,^^*3}" in output
    assert "Left wins" in output and "atomic weight" in output and "2 2 = 0" in output


def test_long_values_are_summarised() -> None:
    row = "3 1 4 1 5 9 2 6 5 3"
    data = json.loads(run("--json", row)[1])
    assert data["value"] is None and data["value_length"] > 10_000
    assert data["outcome"] == outcome(position_value(row)) and data["notes"]
    assert "raise --max-length" in " ".join(run(row)[1].split())
    data = json.loads(run("--json", "--max-length", "0", row)[1])
    assert len(data["value"]) == data["value_length"]


def test_parse_sum() -> None:
    assert parse_sum("3^2 1 + 2") == [(3, 3, 1), (2,)]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["0", "1"], "pile 1 is 0"),
        (["x"], "cannot read"),
        ([], "no position given"),
        (["3", "+"], "empty"),
        (["+", "3"], "empty"),
        (["1000000", "1", "1000000"], "budget"),
        (["--budget", "10", "13 14 15"], "budget"),
        (["--budget", "0", "1"], "--budget"),
        (["--bogus", "1"], "no such option"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    needle: str,
) -> None:
    code, _, err = run_main(capsys, *args)
    assert code == 2 and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("endnim: error: ") and needle in lines[0]


def test_main_success(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "--json", "2", "1")
    assert code == 0 and json.loads(out)["value"] == "↑*3"
