"""Inputs that once gave internal errors, hangs or runaway memory: each now answers or refuses
in one line, with exit status 2 for bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import hang_guard
import pytest

from endnim.position import MAX_PILE_DIGITS, MAX_PILES


def endnim(
    *args: str, stdin: bytes | None = None, timeout: float = hang_guard.HANG_GUARD
) -> subprocess.CompletedProcess[bytes]:
    """The command's run; ``timeout`` is a hang guard (reported as a hang), not a speed limit."""
    return hang_guard.run(  # type: ignore[no-any-return]
        [sys.executable, "-m", "endnim.cli", *args],
        hang_guard=timeout,
        capture_output=True,
        input=stdin,
    )


def one_line_error(done: subprocess.CompletedProcess[bytes]) -> str:
    err = done.stderr.decode()
    assert done.returncode == 2, (done.returncode, err[-400:])
    assert "internal error" not in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err[-400:]
    return err


BIG = "9" * 5000  # beyond Python's default 4,300-digit int <-> str limit


@pytest.mark.parametrize(
    "args",
    [
        ("analyze", "--json", f"{BIG} 1"),
        ("analyze", "-v", "partizan", "--json", f"3 {BIG}"),
        ("analyze", "-v", "muller", "--json", f"{BIG} 2"),
    ],
)
def test_piles_beyond_4300_digits_are_answered(args: tuple[str, ...]) -> None:
    done = endnim(*args)
    assert done.returncode == 0, done.stderr.decode()[-300:]
    data = json.loads(done.stdout)
    assert str(data["position"][0]).startswith("9") or str(data["position"][1]).startswith("9")


@pytest.mark.parametrize(
    "args",
    [
        ("value", BIG),
        ("phase", BIG),
        ("table", "--middle", BIG),
        ("periodicity", "--middle", BIG),
        ("play", BIG, "--seed", "1"),
    ],
)
def test_big_piles_in_every_command_never_raise_internal_errors(args: tuple[str, ...]) -> None:
    done = endnim(*args, stdin=b"")
    assert done.returncode in (0, 2), done.stderr.decode()[-300:]
    assert b"internal error" not in done.stderr and b"Traceback" not in done.stderr


def test_piles_beyond_the_digit_limit_are_refused() -> None:
    huge = "7" * (MAX_PILE_DIGITS + 1)
    assert "digits" in one_line_error(endnim("analyze", huge))
    assert "digits" in one_line_error(endnim("analyze", "--batch", "-", stdin=huge.encode()))


def test_rows_beyond_the_row_limit_are_refused_at_once() -> None:
    for args in (("analyze", "-v", "misere", "3^9999999"), ("play", "--", "3^9999999")):
        err = one_line_error(endnim(*args, stdin=b""))
        assert f"{MAX_PILES:,}" in err


@pytest.mark.parametrize("position", ["198763", "1000 1 1000"])
def test_the_search_budget_counts_option_visits(position: str) -> None:
    err = one_line_error(endnim("analyze", "-m", "search", position))
    assert "option visits" in err


def test_batch_lines_that_are_not_text_are_reported_and_the_batch_goes_on() -> None:
    garbage = bytes(range(128, 256)) + b"\n3 1 4\n" + "2 2\n".encode("utf-16") + b"\n2 2\n"
    done = endnim("analyze", "--json", "--batch", "-", stdin=garbage)
    assert done.returncode == 2
    lines = [json.loads(line) for line in done.stdout.decode().splitlines()]
    errors = [line for line in lines if "error" in line]
    answers = [line["position"] for line in lines if "position" in line]
    assert errors and all({"line", "input", "error"} <= set(e) for e in errors)
    assert [3, 1, 4] in answers and [2, 2] in answers


def test_an_unreadable_batch_file_is_a_one_line_error() -> None:
    one_line_error(endnim("analyze", "--batch", "/proc/self/mem"))


@pytest.mark.parametrize("value", ["nan", "inf", "-1"])
def test_serve_refuses_a_timeout_that_is_not_a_number_of_seconds(value: str) -> None:
    one_line_error(endnim("serve", "--timeout", value, timeout=300))  # a served one: a hang
