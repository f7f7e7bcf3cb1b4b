"""The command line: output, JSON, batch mode and one-line errors with status 2."""

from __future__ import annotations

import importlib
import json
import pkgutil
import subprocess
import sys

import click
import hang_guard
import pytest

import endnim.commands
from endnim import cli


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return hang_guard.run(
        [sys.executable, "-m", "endnim.cli", *args],
        capture_output=True,
        text=True,
        input=stdin,
    )


def test_analyze_human_output() -> None:
    done = run("analyze", "3", "3", "3", "2")
    assert done.returncode == 0, done.stderr
    assert "outcome" in done.stdout and "winning moves" in done.stdout


@pytest.mark.parametrize("form", [["3 1 3"], ["3,1,3"], ["[3, 1, 3]"], ["3", "1", "3"]])
def test_analyze_json_forms(form: list[str]) -> None:
    done = run("analyze", "--json", *form)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["position"] == [3, 1, 3] and data["outcome"] == "P" and data["grundy"] == 0


def test_every_variant_and_method() -> None:
    for variant in ("endnim", "misere", "loop", "muller", "partizan"):
        for method in ("auto", "theory", "search", "engine"):
            done = run("analyze", "--json", "--variant", variant, "--method", method, "2 3 1")
            assert done.returncode == 0, (variant, method, done.stderr)
            data = json.loads(done.stdout)
            assert data["variant"] == variant
    conway = json.loads(
        run("analyze", "--json", "-v", "misere", "--convention", "conway", "2 3").stdout
    )
    assert conway["variant"] == "misere-conway" and conway["grundy"] == 1


def test_batch_mode() -> None:
    done = run("analyze", "--json", "--batch", "-", stdin="3 1 3\n# comment\n\n2 3\n")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [d["position"] for d in lines] == [[3, 1, 3], [2, 3]]


def test_batch_reports_bad_lines_and_goes_on() -> None:
    done = run("analyze", "--json", "--batch", "-", stdin="3 1 3\n0 2\n2 2\n")
    assert done.returncode == 2
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert "error" in lines[1] and lines[2]["outcome"] == "P"
    assert "line 2" in done.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["analyze", "0", "1"],
        ["analyze", "-3", "1"],
        ["analyze", "2.5"],
        ["analyze", "x"],
        ["analyze"],
        ["analyze", "--method", "search", f"{10**100} 1 {10**100}"],
        ["analyze", "--variant", "chess", "1"],
        ["analyze", "--convention", "conway", "1 2"],
        ["analyze", "--method", "engine", "1000000 1000000 1000000"],
        ["analyze", "--threads", "0", "1 2"],
    ],
)
def test_bad_input_is_one_line_and_status_2(args: list[str]) -> None:
    done = run(*args)
    assert done.returncode == 2, (args, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("endnim: error: "), lines


def test_every_command_module_is_registered_and_resolves() -> None:
    """A command written but missing from cli.COMMANDS (or registered under a bad path) fails
    here, not on a user's machine: no test patches COMMANDS."""
    registered = {path.split(":")[0] for path, _ in cli.COMMANDS.values()}
    for module in pkgutil.iter_modules(endnim.commands.__path__):
        name = f"endnim.commands.{module.name}"
        defined = [
            obj
            for obj in vars(importlib.import_module(name)).values()
            if isinstance(obj, click.Command)
            and obj.callback is not None
            and obj.callback.__module__ == name
        ]
        assert not defined or name in registered, f"{name} is not in cli.COMMANDS"
    for command_name, (path, _) in cli.COMMANDS.items():
        module_name, attribute = path.split(":")
        command = getattr(importlib.import_module(module_name), attribute)
        assert isinstance(command, click.Command), command_name
    help_text = run("--help").stdout
    for command_name in cli.COMMANDS:
        assert command_name in help_text, command_name


def test_analyzing_a_row_imports_neither_numpy_nor_the_quotients() -> None:
    """Start-up is most of `endnim analyze 3 1 4`: the sums strategy imported the quotient
    package (and numpy with it) for one small function, doubling it (131 ms -> 231 ms)."""
    code = (
        "import sys\n"
        "from endnim.cli import main\n"
        "try:\n"
        "    main(['analyze', '3', '1', '4'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "names = ('numpy', 'endnim.quotient', 'endnim.indexed')\n"
        "heavy = sorted(m for m in names if m in sys.modules)\n"
        "print('heavy:', heavy, file=sys.stderr)\n"
    )
    done = hang_guard.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert "heavy: []" in done.stderr, done.stderr[-2000:]
