"""Lines read by the commands are bounded in length (issue 41): a 10 MiB line typed into
``play`` was parsed as a move for minutes (1 MiB: 2.8 s); in ``analyze --batch`` a 10 MiB
row was matched and split for 9 s and 670 MB before its refusal. Each is now refused as it is
read, in one line, and the input after it is read as usual."""

from __future__ import annotations

import json
import sys

from hang_guard import run

TEN_MIB = 10 * 2**20


def test_play_refuses_a_10_mib_line_and_goes_on() -> None:
    typed = "x" * TEN_MIB + "\nq\n"
    found = run(
        [sys.executable, "-m", "endnim.cli", "play", "3", "1", "4"],
        input=typed,
        capture_output=True,
        text=True,
    )
    assert found.returncode == 0, found.stderr[-300:]
    assert f"a line of {TEN_MIB:,} characters is longer than 65,536: ignored" in found.stdout
    assert found.stdout.rstrip().endswith("bye")
    assert len(found.stdout) < 10_000  # the line is not echoed


def test_analyze_batch_refuses_a_10_mib_line_unread_and_answers_the_next() -> None:
    typed = "1 " * (TEN_MIB // 2) + "\n3 1 4\n"
    found = run(
        [sys.executable, "-m", "endnim.cli", "analyze", "--json", "--batch", "-"],
        input=typed,
        capture_output=True,
        text=True,
    )
    refused, answered = (json.loads(line) for line in found.stdout.splitlines())
    assert refused["line"] == 1 and refused["error"] == "line longer than 8,388,608 bytes"
    assert answered["position"] == [3, 1, 4]
    assert found.returncode == 2 and found.stderr.count("\n") == 1
