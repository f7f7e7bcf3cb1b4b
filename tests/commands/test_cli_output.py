"""The command line's output to a pipe or a file, its help and its messages (issue 42 §6)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from rich.console import Console
from rich.table import Table

from endnim.cli import cli


def invoke(*args: str, stdin: str | None = None) -> str:
    result = CliRunner().invoke(cli, list(args), input=stdin, env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    return result.output


def test_output_to_a_pipe_is_never_wrapped() -> None:
    """rich wrapped piped output at 80 columns (or $COLUMNS) mid-sentence: the reason of
    `analyze 3 3 3 2` is one line however long."""
    out = invoke("analyze", "3", "3", "3", "2")
    reason = next(line for line in out.splitlines() if line.startswith("reason"))
    assert reason.endswith("so N"), out
    assert len(reason) > 80


def test_the_periodicity_table_has_no_trailing_spaces() -> None:
    out = invoke("periodicity", "--middle", "4", "--a", "1..3", "--cols", "1..64")
    assert "preperiod" in out
    assert [line for line in out.splitlines() if line != line.rstrip()] == []


def test_a_narrow_table_keeps_its_title_on_one_line() -> None:
    """A table narrower than its title wrapped the title in two (a terminal of 80 columns)."""
    from endnim.render import print_trimmed

    table = Table(title="Rows of a·4·b, b in 1..512 (a long title)", show_edge=False)
    table.add_column("a")
    table.add_row("1")
    out = io.StringIO()
    print_trimmed(Console(file=out, width=80), table)
    lines = out.getvalue().splitlines()
    assert lines[0].strip() == "Rows of a·4·b, b in 1..512 (a long title)"
    assert table.title is not None  # the table is left as it was


def _commands(command: click.Command, path: list[str]) -> list[list[str]]:
    found = [path]
    if isinstance(command, click.Group):
        context = click.Context(command)
        for name in command.list_commands(context):
            sub = command.get_command(context, name)
            assert sub is not None
            found += _commands(sub, [*path, name])
    return found


def test_no_help_shows_raw_rest() -> None:
    """`atlas periodicity --help` showed ``--rules FILE.py:Class`` as written in the docstring."""
    commands = _commands(cli, [])
    assert ["atlas", "periodicity"] in commands
    for path in commands:
        out = invoke(*path, "--help")
        assert re.search(r"``|:func:|:class:|:meth:|:mod:", out) is None, (path, out)


def test_a_game_starting_with_a_minus_is_the_argument() -> None:
    """`value --game "-2 vs 1"` was read as the options -2 -v 's 1' ("unknown variant 's 1'")."""
    out = invoke("value", "--game", "-2 vs 1")
    assert "-2 < 1" in out
    out = invoke("value", "--game", "-2", "+", "1", "--json")
    assert '"value": "-1"' in out
    assert CliRunner().invoke(cli, ["value", "-x", "3 1 2"]).exit_code != 0  # still an option


@pytest.mark.parametrize("text", ["2.5 3", "3 0 2", "3 -1"])
def test_one_wording_of_a_bad_pile(text: str) -> None:
    """ "cannot read '2.5' ...: piles must be whole numbers" beside "pile 2 is 0: piles must be
    positive integers": one wording, in the command line as in Python."""
    from endnim.errors import PILE_RULE, PositionError
    from endnim.position import Position, parse_position

    with pytest.raises(PositionError) as caught:
        parse_position(text)
    assert re.fullmatch(r"pile \d is \S+: " + PILE_RULE, str(caught.value)), caught.value
    with pytest.raises(PositionError) as caught:
        Position([3, 2.5])
    assert str(caught.value) == f"pile 2 is 2.5: {PILE_RULE}"


def test_a_misere_sum_prints_its_grundy_value() -> None:
    out = invoke("analyze", "-v", "misere", "3 1 4 + 2 2")
    assert re.search(r"^grundy\s+7\b", out, re.M), out
    assert "unknown" not in out


def test_a_grundy_value_not_computed_says_why() -> None:
    out = invoke("analyze", "--method", "theory", "3", "1", "4", "5", "6")
    line = next(line for line in out.splitlines() if line.startswith("grundy"))
    assert "unknown" not in line and "not computed:" in line


def test_value_says_it_wrote_the_thermograph(tmp_path: Path) -> None:
    """`value --thermograph FILE` wrote the file without a word; it says so on standard error,
    so that `--json` stays one JSON object."""
    path = tmp_path / "hot.svg"
    result = CliRunner().invoke(
        cli, ["value", "--json", "--game", "{3|-1}", "--thermograph", str(path)]
    )
    assert result.exit_code == 0, result.output
    assert path.read_text(encoding="utf-8").startswith("<svg")
    assert result.stderr.strip() == f"endnim: wrote the thermograph to {path}"
    assert result.stdout.startswith("{")


@pytest.mark.parametrize(
    ("call", "hint"),
    [
        ({"position": "3", "variant": "nosuch"}, "--rules"),
        ({"position": "2(1)", "variant": "tree", "method": "theory"}, "--method"),
        ({"position": "2(1)", "variant": "tree", "method": "engine"}, "--method"),
    ],
)
def test_a_variant_error_speaks_of_flags_on_the_command_line_only(
    call: dict[str, str], hint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`VariantError` in Python suggested a command-line flag: the library's message names no
    flag, the command line adds it."""
    from endnim.analyzer import analyze
    from endnim.cli import main
    from endnim.errors import VariantError

    with pytest.raises(VariantError) as caught:
        analyze(call["position"], call["variant"], call.get("method", "auto"))
    assert "--" not in str(caught.value)
    words = ["analyze", "-v", call["variant"], "--method", call.get("method", "auto")]
    with pytest.raises(SystemExit) as exit:
        main([*words, call["position"]])
    assert exit.value.code == 2
    line = capsys.readouterr().err
    assert line.startswith("endnim: error: ") and hint in line, line


@pytest.mark.parametrize("spec", ["missing.py:X", "no-colon", "examples/variants/capped.py:Nope"])
def test_load_rules_in_python_names_no_flag(spec: str) -> None:
    """`endnim.load_rules` said "--rules: no file ..." to a Python user."""
    import endnim
    from endnim.errors import VariantError, cli_text

    with pytest.raises(VariantError) as caught:
        endnim.load_rules(spec)
    assert "--" not in str(caught.value)
    assert "--rules PATH.py:ClassName" in cli_text(caught.value)
