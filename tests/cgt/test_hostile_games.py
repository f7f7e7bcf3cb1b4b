"""Typed games and sums someone else wrote (issue 41): nesting 5,000 deep is a one-line
refusal (it was an internal RecursionError), a run of 100,000 up arrows is refused as it is
read (its value was built, then drawn, for minutes), sums of many summands are added at once
(number-up-star summands in one step) and printed with a bounded list of summands, and the
progress bar of ``value`` follows the whole sum, not only its largest summand."""

from __future__ import annotations

import re
import subprocess
from typing import Any

import pytest

from endnim.analysis.values import evaluate, work_of
from endnim.cgt import parse
from endnim.cgt.notation import MAX_NESTING, GameSyntaxError


@pytest.fixture
def endnim(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    """``endnim ARGS`` in this process: (exit status, standard output, standard error)."""
    from endnim.cli import main

    monkeypatch.setenv("COLUMNS", "200")

    def call(*args: str) -> Any:
        status = 0
        try:
            main(list(args))
        except SystemExit as done:
            status = int(done.code or 0)
        captured = capsys.readouterr()
        return subprocess.CompletedProcess(list(args), status, captured.out, captured.err)

    return call


def nested(depth: int) -> str:
    text = "0"
    for _ in range(depth):
        text = "{" + text + "|}"
    return text


@pytest.mark.parametrize(
    "text",
    [
        nested(5000),
        "(" * 5000 + "1" + ")" * 5000,
        "-" * 5000 + "1",
        "+-" * 5000 + "1",
        "Tiny(" * 5000 + "1" + ")" * 5000,
        "{0|" + nested(5000) + "}",
    ],
    ids=["braces", "parentheses", "minus", "switch", "tiny", "inside-option"],
)
def test_nesting_5000_deep_is_one_line_on_the_command_line(endnim: Any, text: str) -> None:
    found = endnim("value", "--game", text)
    assert found.returncode == 2, found.stderr[-300:]
    assert found.stderr.startswith("endnim: error: ") and found.stderr.count("\n") == 1
    assert f"nested at most {MAX_NESTING} deep" in found.stderr


def test_nesting_up_to_the_limit_is_read() -> None:
    assert str(parse(nested(MAX_NESTING - 1))) == str(MAX_NESTING - 1)
    with pytest.raises(GameSyntaxError, match="nested at most"):
        parse(nested(MAX_NESTING + 1))


def test_a_run_of_100000_ups_is_refused_as_it_is_read(endnim: Any) -> None:
    found = endnim("value", "--game", "^" * 100_000)
    assert found.returncode == 2, found.stderr[-300:]
    assert found.stderr.count("\n") == 1 and "limited to 1024" in found.stderr
    assert str(parse("^" * 1024)) == "↑1024"


def test_a_sum_of_3000_ups_is_their_multiple_and_lists_few_summands(endnim: Any) -> None:
    found = endnim("value", "--game", " + ".join(["^"] * 3000))
    assert found.returncode == 0, found.stderr[-300:]
    lines = found.stdout.splitlines()
    assert any(line.split()[:2] == ["value", "↑3000"] for line in lines), lines[:40]
    assert len(lines) < 60 and re.search(r"\.\.\. and 2,9\d\d more summands", found.stdout)


def test_a_sum_of_10000_summands_lists_few_of_them(endnim: Any) -> None:
    found = endnim("value", " + ".join(["1"] * 10_000))
    assert found.returncode == 0, found.stderr[-300:]
    assert len(found.stdout.splitlines()) < 60
    assert re.search(r"\.\.\. and 9,9\d\d more summands \(--json lists", found.stdout)
    assert max(len(line) for line in found.stdout.splitlines()) < 1000


def test_the_progress_bar_follows_the_whole_sum() -> None:
    text = "3 1 2 + 2 2 + 4 4 1 + 5 3"
    calls: list[tuple[int, int]] = []
    evaluate(text, budget=None, progress=lambda done, total: calls.append((done, total)))
    total = work_of(text, "partizan")
    assert calls and {t for _, t in calls} == {total}
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    assert calls[-1] == (total, total)
    assert total > max(work_of(part, "partizan") for part in text.split("+"))
