"""``endnim ARGS`` run in this process through ``endnim.cli.main`` (which turns errors into
exit codes), for the command tests."""

from __future__ import annotations

import pytest

from endnim import cli


def run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str
) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of ``endnim ARGS``, 200 columns wide."""
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit) as caught:
        cli.main(list(args))
    out, err = capsys.readouterr()
    code = caught.value.code
    return (code if isinstance(code, int) else 0), out, err
