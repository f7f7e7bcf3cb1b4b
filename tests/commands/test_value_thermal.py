"""``endnim value`` on games that are not all-small: stops, mean, temperature, thermograph,
reduced form, cooling, G vs H, CGSuite in and out, and whole values written to pipes."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from endnim import cli
from endnim.analysis.values import evaluate
from endnim.cgt import (
    compare,
    cool,
    is_all_small,
    left_stop,
    mean,
    parse,
    position_value,
    reduced,
    right_stop,
    sum_of,
    temperature,
    thermograph,
    to_ascii,
)
from endnim.commands.value import value
from endnim.variants import all_variants, unregister_variant

ROOT = Path(__file__).resolve().parents[2]
USER_RULES = f"{ROOT / 'examples' / 'variants' / 'left_clears.py'}:RightCappedPartizan"
DEPOT = '{"labels":[0,3,0],"edges":[[0,1],[1,2]],"colours":["L","L"]}'
THERMAL = ("left_stop", "right_stop", "mean", "temperature", "is_number", "reduced", "thermograph")


@pytest.fixture(autouse=True)
def _leave_the_registry_as_found() -> Any:
    """A test here that loads a user's rule set in this process (``--rules``) unregisters it
    afterwards: later tests of the same worker list the built-in rule sets only."""
    before = {rules.name for rules in all_variants()}
    yield
    for rules in all_variants():
        if rules.name not in before:
            unregister_variant(rules.name)


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(value, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def as_json(*args: str) -> dict[str, Any]:
    code, output = run("--json", *args)
    assert code == 0, output
    loaded: dict[str, Any] = json.loads(output)
    return loaded


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as caught:
        cli.main(["value", *args])
    out, err = capsys.readouterr()
    return int(caught.value.code or 0), out, err


def check_fields(data: dict[str, Any], g: Any) -> None:
    """Every thermal field of the JSON object is the library's, as exact strings."""
    t = thermograph(g)
    assert data["left_stop"] == str(left_stop(g)) and data["right_stop"] == str(right_stop(g))
    assert data["mean"] == str(t.mean) and data["temperature"] == str(t.temperature)
    assert data["is_number"] == g.is_number and data["reduced"] == to_ascii(reduced(g))
    assert data["thermograph"] == t.to_json()
    for wall in ("left", "right"):
        points = data["thermograph"][wall]
        assert points[0][0] == "-1" and points[-1] == [data["temperature"], data["mean"]]
    assert (data["atomic_weight"] is None) == (not is_all_small(g))


def test_the_issues_depot_partizan_position_has_its_value() -> None:
    data = as_json("-v", "depot-partizan", DEPOT)
    assert data["value"] == "3" and data["is_number"] and data["temperature"] == "-1"
    assert data["atomic_weight"] is None and data["atomic_weight_ascii"] is None
    assert any("all-small" in note for note in data["notes"])
    check_fields(data, parse("3"))


@pytest.mark.parametrize("text", ["3 1 2", "2 1 + 1 2", "5 2 4 1", "1"])
def test_all_small_rows_keep_their_fields_and_gain_the_new_ones(text: str) -> None:
    data = as_json(text)
    for key in ("value", "value_ascii", "outcome", "atomic_weight", "birthday", *THERMAL):
        assert key in data
    check_fields(data, evaluate(text).total)
    assert data["temperature"] in ("0", "-1")  # all-small: infinitesimal or 0


def test_a_users_rule_set_and_depot_positions_answer() -> None:
    for text in ("4 1 5", "3 3", "6 1 2"):
        data = as_json("--rules", USER_RULES, text)
        check_fields(data, evaluate(text, "partizan-right-cap").total)
    data = as_json("-v", "depot-partizan", '{"labels":[2,1,3],"edges":[[0,1],[1,2]]}')
    assert data["variant"] == "depot-partizan"


def test_games_in_cgsuite_notation_and_the_textbook_cases() -> None:
    data = as_json("--game", "{3|-1}")
    assert (data["mean"], data["temperature"], data["left_stop"], data["right_stop"]) == (
        "1",
        "2",
        "3",
        "-1",
    )
    assert data["atomic_weight"] is None and data["reduced"] == "{3|-1}"
    assert as_json("--game", "+-1")["temperature"] == "1"
    for small in ("^", "*", "^*"):
        assert as_json("--game", small)["temperature"] == "0"
    for number, temp in (("5", "-1"), ("3/4", "-1/4"), ("-1/8", "-1/8")):
        data = as_json("--game", number)
        assert data["is_number"] and data["temperature"] == temp and Fraction(temp) < 0


def test_sums_give_each_summand_and_the_hottest() -> None:
    data = as_json("--game", "{3|-1} + {2|0}")
    assert data["mean"] == "2"
    text = "{3|-1}"
    data = as_json("-v", "depot-partizan", DEPOT + " + " + DEPOT)
    assert data["value"] == "6" and len(data["summands"]) == 2 and data["hottest"] is None
    games = [parse("{5|-1}"), parse("{1|0}"), parse("+-2")]
    shown = evaluate(" + ".join(to_ascii(g) for g in games), None)
    assert shown.total is sum_of(games)
    assert mean(shown.total) == sum(mean(g) for g in games)  # means add
    code, output = run("--game", text)
    assert code == 0 and "temperature" in output and "mean" in output


def test_hot_sums_of_a_users_rule_set_name_the_hottest_summand() -> None:
    texts = ["4 1 5", "3 3", "2 5"]
    data = as_json("--rules", USER_RULES, " + ".join(texts))
    temps = [Fraction(s["temperature"]) for s in data["summands"]]
    best = max(range(3), key=lambda i: (temps[i], -i))
    assert data["hottest"] == (best if temps[best] > 0 else None)
    means = [Fraction(s["mean"]) for s in data["summands"]]
    assert Fraction(data["mean"]) == sum(means)


def test_cooling_on_the_command_line() -> None:
    data = as_json("--game", "{3|-1}", "--cool", "1")
    assert data["cooled_by"] == "1" and data["cooled"]["value_ascii"] == "{2|0}"
    assert data["cooled"]["value_ascii"] == to_ascii(cool(parse("{3|-1}"), 1))
    data = as_json("--game", "{3|-1}", "--cool", "3")
    assert data["cooled"]["value_ascii"] == "1"  # above its temperature: the mean
    code, output = run("--game", "{3|-1}", "--cool", "1/2")
    assert code == 0 and "cooled by 1/2" in output


def test_comparisons_on_the_command_line() -> None:
    for g_text, h_text in (("3 1 2", "2 2"), ("2 1", "1 2"), ("2 1", "2 1"), ("2", "1 1")):
        data = as_json(g_text, "vs", h_text)
        expected = compare(position_value(g_text), position_value(h_text)).value
        assert data["comparison"]["relation"] == expected
        assert data["left"]["value"] == str(position_value(g_text))
    code, output = run("3 1 2", "vs", "2 2")
    assert code == 0 and "3 1 2 > 2 2" in output


def test_cgsuite_expressions_read_back_to_the_same_value() -> None:
    for text in ("3 1 2", "2 1 + 1 2", "5 2 4 1 + 3", "2 1 + 2 1 + 3 3"):
        code, output = run("--format", "cgsuite", text)
        assert code == 0
        assert parse(output.strip()) is evaluate(text).total
        assert evaluate(output.strip(), None).total is evaluate(text).total
    code, output = run("--format", "cgsuite", "-v", "depot-partizan", DEPOT)
    assert parse(output.strip()) is parse("3")
    for text in ("{3|-1} + {2|0}", "+-1 + ^*"):
        code, output = run("--game", "--format", "cgsuite", text)
        assert parse(output.strip()) is parse(text)


def test_thermograph_files(tmp_path: Path) -> None:
    svg = tmp_path / "t.svg"
    assert run("--game", "{3|-1}", "--thermograph", str(svg))[0] == 0
    text = svg.read_text()
    assert text.startswith("<svg") and "mean 1, temperature 2" in text
    png = tmp_path / "t.png"
    assert run("3 1 2", "--thermograph", str(png))[0] == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--game", "{3|-1}", "--cool", "1/3"], "dyadic"),
        (["--game", "{3|-1}", "--cool", "-2"], "dyadic rational >= -1"),
        (["--game", "{3|-1}", "--cool", "x"], "--cool takes a number"),
        (["--game", "{3|"], "cannot read"),
        (["--game", "{3|-1}", "--thermograph", "out.pdf"], ".svg or .png"),
        (["3 1", "vs"], "vs"),
        (["vs", "3 1"], "vs"),
    ],
)
def test_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    code, _, err = run_main(capsys, *args)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and lines[0].startswith("endnim: error: ")
    assert needle in lines[0]


def test_the_whole_value_is_written_to_a_pipe() -> None:
    """Not cut at 80 columns: the issue's `endnim value "5 6 7" > f` lost 128 characters."""
    whole = to_ascii(position_value("5 6 7"))
    assert len(whole) > 150
    done = subprocess.run(
        [str(Path(sys.executable).parent / "endnim"), "value", "5 6 7"],
        capture_output=True,
        text=True,
        timeout=300,  # a hang guard only: it takes about a second
        check=True,
    )
    assert whole in done.stdout and "…" not in done.stdout


def test_a_hot_sum_of_games_names_its_hottest_summand() -> None:
    games = ["{1|0}", "{3|-1}", "^", "+-1"]
    data = as_json("--game", " + ".join(games))
    assert [s["position"] for s in data["summands"]] == games
    temps = [temperature(parse(g)) for g in games]
    assert [s["temperature"] for s in data["summands"]] == [str(t) for t in temps]
    assert data["hottest"] == temps.index(max(temps)) == 1
    assert Fraction(data["mean"]) == sum(mean(parse(g)) for g in games)  # means add
    assert data["value_ascii"] == to_ascii(sum_of([parse(g) for g in games]))
    code, output = run("--game", " + ".join(games))
    assert code == 0
    hottest_line = next(line for line in output.splitlines() if "hottest" in line)
    assert "{3|-1} = " in hottest_line
