"""``endnim phase``: terminal, JSON and figures on the command line; bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from endnim import cli
from endnim.commands.phase import phase
from endnim.phase import phase_diagram


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(phase, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def test_json_matches_the_diagram() -> None:
    code, output = run("--json", "--size", "10", "2", "4", "1")
    assert code == 0
    data = json.loads(output)
    assert data == phase_diagram((2, 4, 1), size=10).to_dict()
    assert data["triple_point"] == [6, 7] and data["grid"][5][6] == "P"
    assert data["thresholds"] == {"L": 6, "R": 7, "L_star": 6, "R_star": 7}


def test_terminal() -> None:
    code, output = run("2 4 1")
    assert code == 0
    assert "triple point: (6, 7)" in output and "N N N N N N R" in output


def test_figures(tmp_path: Path) -> None:
    svg, png = tmp_path / "p.svg", tmp_path / "p.png"
    code, output = run("--size", "8", "--svg", str(svg), "--png", str(png), "5 2")
    assert code == 0 and f"wrote {svg}" in output and f"wrote {png}" in output
    assert "<svg" in svg.read_text() and png.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        ([], "no row given"),
        (["0"], "pile 1 is 0"),
        (["--size", "0", "1"], "--size"),
        (["--size", "401", "1"], "--size"),
        (["--png", "/nonexistent/dir/p.png", "1"], "cannot write"),
        (["--bogus", "1"], "no such option"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    needle: str,
) -> None:
    with pytest.raises(SystemExit) as caught:
        cli.main(["phase", *args])
    _, err = capsys.readouterr()
    assert caught.value.code == 2 and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("endnim: error: ") and needle in lines[0]
