"""``endnim analyze`` / ``value`` / ``play`` on the graph rule sets: JSON fields, batch lines,
one-line errors with status 2."""

from __future__ import annotations

import io
import json
import sys

import hang_guard
import pytest
from rich.console import Console

from endnim.cgt import position_value, to_unicode
from endnim.commands.play import run_game
from endnim.play import GameSession

STAR = '{"labels": [2, 1, 1, 1], "edges": [[0, 1], [0, 2], [0, 3]]}'


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    done = hang_guard.run(
        [sys.executable, "-m", "endnim.cli", *args],
        capture_output=True,
        text=True,
        input=stdin,
    )
    return done.returncode, done.stdout, done.stderr


def test_analyze_json_has_the_row_fields() -> None:
    code, out, _ = run("analyze", "--json", "--variant", "tree", STAR)
    assert code == 0
    data = json.loads(out)
    assert data["position"] == json.loads(STAR)
    assert (data["outcome"], data["grundy"]) == ("N", 1)
    assert data["winning_moves"] == ["1=0", "2=0", "3=0"]
    assert data["remoteness"] == 5 and data["method"] == "search"
    assert data["reason"] and data["notes"]


def test_analyze_lists_components_with_their_values() -> None:
    code, out, _ = run("analyze", "--json", "--variant", "depot", "2 0 1 1")
    assert code == 0
    data = json.loads(out)
    assert data["grundy"] == 2
    assert [c["grundy"] for c in data["components"]] == [2, 0]
    assert data["components"][0]["vertices"] == [0, 1, 2]


def test_partizan_components_carry_canonical_forms() -> None:
    position = {
        "labels": [0, 2, 1, 0, 3, 3],
        "edges": [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 0]],
        "colours": ["L", "G", "R", "L", "G", "R"],
    }
    code, out, _ = run("analyze", "--json", "--variant", "depot-partizan", json.dumps(position))
    assert code == 0
    data = json.loads(out)
    values = [c["value"] for c in data["components"]]
    assert values == [to_unicode(position_value((2, 1))), to_unicode(position_value((3, 3)))]
    assert data["outcome"] == "L"


def test_batch_reads_json_lines_and_notations() -> None:
    lines = "\n".join([STAR, "3 1 4", "2(1 1)", "{bad json", "3(1"]) + "\n"
    code, out, err = run("analyze", "--json", "--variant", "tree", "--batch", "-", stdin=lines)
    assert code == 2
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r.get("grundy") for r in rows[:3]] == [1, 7, 0]
    assert "error" in rows[3] and "error" in rows[4]
    assert err.count("\n") == 2


@pytest.mark.parametrize(
    ("variant", "text", "words"),
    [
        ("tree", '{"labels": [1, 1, 1], "edges": [[0, 1], [1, 2], [0, 2]]}', "cycle"),
        ("depot", '{"labels": [0, -2], "edges": [[0, 1]]}', ">= 0"),
        ("depot", '{"labels": [0, 2], "edges": [[0, 5]]}', "does not exist"),
        ("depot-partizan", '{"labels": [0, 2], "edges": [[0, 1]], "colours": ["X"]}', "L, R"),
        ("depot", '{"labels": [0, 2], "edges": [[1, 1]]}', "self-loop"),
        ("depot", '{"labels": [0, 2], "edges": [[0, 1], [0, 1]]}', "repeats"),
        # 12 CPU-s of live search before the refusal: in the long run (bash scripts/fuzz.sh)
        pytest.param("depot", "grid 6x6: 9", "budget", marks=pytest.mark.long),
    ],
)
def test_bad_input_is_one_line_with_status_2(variant: str, text: str, words: str) -> None:
    code, out, err = run("analyze", "--variant", variant, text)
    assert code == 2 and out == ""
    assert words in err and err.count("\n") == 1


def test_value_of_the_partizan_cycle_is_partizan_end_nims() -> None:
    code, out, _ = run("value", "--json", "--variant", "depot-partizan", "3 1 2")
    assert code == 0
    assert json.loads(out)["value"] == to_unicode(position_value((3, 1, 2)))


def test_terminal_game_on_a_tree() -> None:
    console = Console(file=io.StringIO(), width=80)
    lines = iter(["moves", "1=0", "2=1"])
    run_game(GameSession("tree", "2(1 1 1)"), lambda prompt: next(lines, None), console)
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "computer plays" in text and "labels 2 0 1 1" in text
    assert "Traceback" not in text
