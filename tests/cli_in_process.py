"""``endnim ARGS`` run in this process through ``endnim.cli.main`` (which turns errors into
exit codes), for the command tests."""

from __future__ import annotations

import click
import pytest

from endnim import cli
from endnim.commands.supervised import POSITIONAL_SPEC


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


def commands_taking_rules() -> set[str]:
    """Every command (and subcommand, ``"atlas periodicity"``) with a ``--rules`` option or a
    rule set argument, read from the command line's own tree (a new command is in it)."""
    ctx = click.Context(cli.cli)
    found: set[str] = set()

    def walk(command: click.Command, path: list[str]) -> None:
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                assert sub is not None
                walk(sub, [*path, name])
            return
        options = {o for p in command.params for o in p.opts}
        if "--rules" in options or " ".join(path) in POSITIONAL_SPEC | {"check-rules"}:
            found.add(" ".join(path))

    for name in cli.COMMANDS:
        command = cli.cli.get_command(ctx, name)
        assert command is not None
        walk(command, [name])
    return found
