"""The command line under hostile arguments (in-process, through the real entry point): every
run ends with status 0, 1 (a conjecture's counterexample) or 2 and never an internal error."""

from __future__ import annotations

import pytest
from fuzz.cli_corpus import COMMANDS
from hypothesis import HealthCheck, given, settings

from endnim import cli


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(args=COMMANDS)
def test_hostile_command_lines(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    if any("\x00" in a for a in args):
        return  # no process can receive a NUL in its arguments
    with pytest.raises(SystemExit) as done:
        cli.main(args)
    captured = capsys.readouterr()
    assert done.value.code in (0, 1, 2), captured.err[-300:]
    assert "internal error" not in captured.err, captured.err[-300:]
    if done.value.code == 2:
        assert len(captured.err.strip().splitlines()) == 1, captured.err[-300:]
