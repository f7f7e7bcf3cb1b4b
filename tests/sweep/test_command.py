"""``endnim sweep`` and ``endnim sweep-query``: JSON and human output, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import positions, solver

from endnim import cli
from endnim.commands.sweep import sweep, sweep_query
from endnim.errors import EndNimError
from endnim.search import ImpartialValue


def test_json_lines_end_with_the_summary(tmp_path: Path) -> None:
    out = str(tmp_path / "s")
    args = ["-v", "misere", "--convention", "conway", "-L", "4", "-H", "4", "-o", out, "--json"]
    result = CliRunner().invoke(sweep, args)
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert [line["level"] for line in lines[:-1]] == [0, 1, 2]
    summary = lines[-1]
    values = [solver("misere-conway").value(p) for p in positions(4, 4)]
    grundy = [v.grundy for v in values if isinstance(v, ImpartialValue)]
    assert summary["event"] == "summary" and summary["variant"] == "misere-conway"
    assert summary["positions"] == len(grundy) == 340
    assert summary["p_positions"] == grundy.count(0)
    assert summary["max_value"] == max(grundy)
    assert summary["computed_chunks"] == 3 and summary["reused_chunks"] == 0
    again = CliRunner().invoke(sweep, args)
    assert json.loads(again.output.splitlines()[-1])["reused_chunks"] == 3


def test_human_output_and_queries(tmp_path: Path) -> None:
    out = str(tmp_path / "s")
    result = CliRunner().invoke(sweep, ["-v", "muller", "-L", "4", "-H", "5", "-o", out])
    assert result.exit_code == 0, result.output
    assert "P-positions" in result.output and "780 positions" in result.output

    listed = CliRunner().invoke(sweep_query, [out, "value", "2", "--limit", "3", "--json"])
    answer = json.loads(listed.output)
    expected = [p for p in positions(4, 5) if solver("muller").value(p).grundy == 2]  # type: ignore[union-attr]
    assert answer["count"] == len(expected)
    assert answer["positions"] == [list(p) for p in expected[:3]]
    assert answer["truncated"] and answer["variant"] == "muller"

    human = CliRunner().invoke(sweep_query, [out, "conjecture", "2", "--length", "4"])
    assert human.exit_code == 0
    assert "0 counterexamples to Horrocks' Conjecture 2" in human.output

    totals = CliRunner().invoke(sweep_query, [out, "--json"])
    assert json.loads(totals.output)["positions"] == 780

    plain = CliRunner().invoke(sweep_query, [out, "p", "--limit", "2"])
    assert "P-positions" in plain.output and "1 1" in plain.output and "more" in plain.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sweep", "-L", "3", "-H", "3", "-o", "{tmp}/a", "--memory", "lots"], "memory size"),
        (["sweep", "-L", "9", "-H", "12", "-o", "{tmp}/b", "--memory", "600M"], "raise --memory"),
        (["sweep", "-L", "0", "-H", "3", "-o", "{tmp}/c"], "max-length"),
        (["sweep", "-L", "3", "-H", "3", "-o", "{tmp}/d", "--convention", "conway"], "misere"),
        (
            ["sweep", "-L", "3", "-H", "3", "-o", "{tmp}/e", "--workers", "2", "--scheduler", "x"],
            "--workers is for the local pool",
        ),
        (["sweep", "-L", "3", "-H", "3", "-o", "{tmp}/f", "--scheduler", "x y"], "address"),
        (["sweep-query", "{tmp}/none"], "holds no sweep"),
        (["sweep-query", "{tmp}/s", "value", "x"], "one whole number"),
        (["sweep-query", "{tmp}/s", "--length", "2"], "needs a PREDICATE"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    CliRunner().invoke(sweep, ["-L", "2", "-H", "2", "-o", str(tmp_path / "s")])
    with pytest.raises(SystemExit) as exit_:
        cli.main([a.replace("{tmp}", str(tmp_path)) for a in args])
    error = capsys.readouterr().err
    assert exit_.value.code == 2
    assert error.startswith("endnim: error: ") and error.count("\n") == 1, error
    assert message in error


def test_errors_are_endnim_errors(tmp_path: Path) -> None:
    result = CliRunner().invoke(sweep_query, [str(tmp_path)])
    assert isinstance(result.exception, EndNimError)
