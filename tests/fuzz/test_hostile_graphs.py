"""Hostile graph positions (deep nesting, huge labels, broken JSON, impossible shapes) through
``endnim analyze --json --batch`` in every graph rule set: each line is answered or refused in
one line, never an internal error or a hang. Two of them once failed: a path of about 1,000
vertices (RecursionError in the tree keys) and a label of 5,000 digits (a search past its
estimate that built 10^5000 options).

The test command runs every case but the heavy ones (a star of 5,000 vertices takes minutes in
``tree`` on a loaded machine); those run in ``bash scripts/fuzz.sh`` (marker ``long``), beside
its bigger graphs."""

from __future__ import annotations

import json
import sys

import pytest
from hang_guard import run

CASES = [
    "1(" * 3000 + "1" + ")" * 3000,
    "[" * 100000 + "]" * 100000,
    '{"labels": ' + "[" * 50000 + "]" * 50000 + ', "edges": []}',
    '{"labels": [1,2], "edges": [[0,5]]}',
    '{"labels": [1,2], "edges": [[0,0]]}',
    '{"labels": [1,2], "edges": [[0,1],[0,1]]}',
    '{"labels": [1.5,2], "edges": [[0,1]]}',
    '{"labels": [-1,2], "edges": [[0,1]]}',
    '{"labels": [true,2], "edges": [[0,1]]}',
    '{"labels": ["1",2], "edges": [[0,1]]}',
    '{"labels": [1,2], "edges": [[0,1,2]]}',
    '{"labels": [1,2], "edges": "x"}',
    '{"labels": [1,2]}',
    '{"labels": [], "edges": []}',
    '{"labels": [1,2], "edges": [[0,1]], "colours": ["X"]}',
    '{"labels": [1,2], "edges": [[0,1]], "homes": [7]}',
    '{"labels": [' + ",".join(["1"] * 200000) + '], "edges": []}',
    '{"labels": [' + "9" * 5000 + ",2], " + '"edges": [[0,1]]}',
    '{"labels": [1e400,2], "edges": [[0,1]]}',
    '{"labels": [NaN,2], "edges": [[0,1]]}',
    '{"labels": [1,1], "edges": [[0,1]], "extra": {"deep": ' + "[" * 5000 + "]" * 5000 + "}}",
    json.dumps({"labels": [1] * 1500, "edges": [[i, i + 1] for i in range(1499)]}),
    "cycle: 0 0 0",
    "cycle: 1",
    "cycle: 1 2",
    "grid 0x0: 1",
    "grid 100000x100000: 1",
    "grid 2x2: 1 2 3",
    "grid 2x2: -1 2 3 4",
    "grid 3x3: " + " ".join(["1"] * 9),
    "(((",
    ")))",
    "1()",
    "1(2)(3)",
    "3(" + "1 " * 100000 + ")",
    '{"labels": [1,2,3], "edges": [[0,1],[1,2],[2,0]]}',
]
HEAVY_CASES = [
    json.dumps({"labels": [1] * 5000, "edges": [[0, i] for i in range(1, 5000)]}),
]
"""Cases that take minutes: run by ``bash scripts/fuzz.sh`` (``pytest -m long``)."""


@pytest.mark.parametrize("variant", ["tree", "depot", "depot-partizan"])
def test_every_hostile_graph_is_answered_or_refused_in_one_line(variant: str) -> None:
    answered_or_refused(variant, CASES)


@pytest.mark.long
@pytest.mark.parametrize("variant", ["tree", "depot", "depot-partizan"])
def test_every_heavy_hostile_graph_is_answered_or_refused_in_one_line(variant: str) -> None:
    answered_or_refused(variant, HEAVY_CASES)


def answered_or_refused(variant: str, cases: list[str]) -> None:
    lines = "\n".join(cases) + "\n"
    done = run(
        [sys.executable, "-m", "endnim.cli", "analyze", "--json", "-v", variant, "--batch", "-"],
        input=lines.encode(),
        capture_output=True,
    )
    err = done.stderr.decode()
    assert done.returncode in (0, 2), err[-500:]
    assert "internal error" not in err and "Traceback" not in err, err[-500:]
    out = done.stdout.decode().splitlines()
    assert len(out) == len(cases)
    errors = err.splitlines()
    for number, line in enumerate(out, start=1):
        data = json.loads(line)
        if "error" in data:
            assert data["line"] == number
            assert f"endnim: error: line {number}: {data['error']}" in errors
        else:
            assert data["outcome"] in ("P", "N", "L", "R")
