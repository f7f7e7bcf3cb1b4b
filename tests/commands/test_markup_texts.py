"""A user's rule set's texts are text on every command (issue 43, and what was left of it): its
name, title, summary, source, the end of a game in its words, its positions' and moves' texts,
the file it lives in and the files a command writes are printed as written, never read as rich
markup. rich read a ``[/]`` in them as a closing tag with nothing to close and raised
``MarkupError`` (an internal error: a traceback under ``ENDNIM_DEBUG``), took ``[link=...]``
for a link and ``[bold red]`` for a style, and dropped ``[positions keep growing]``.

Every command that takes a rule set (read from the command line's own tree: a new command is
in it, and must be given its arguments here) runs on the hostile rule sets of
tests/rules_gallery/markup.py in this process (click's runner, as the conformance matrix does:
the code a supervised worker runs), on positions of a few coins.
"""

from __future__ import annotations

import re
import shutil
import traceback
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from endnim.cli import cli
from endnim.errors import EndNimError
from endnim.variants import all_variants, unregister_variant
from tests.cli_in_process import commands_taking_rules
from tests.rules_gallery.markup import MARKUP

GALLERY = Path(__file__).parents[1] / "rules_gallery" / "markup.py"


@pytest.fixture(autouse=True, scope="module")
def _registry_restored() -> Iterator[None]:
    """The hostile rule sets are removed from the registry afterwards (a doctest that lists
    every registered rule set ran after them in the same worker and listed them)."""
    before = {rules.name for rules in all_variants()}
    yield
    for rules in all_variants():
        if rules.name not in before:
            unregister_variant(rules.name)


FILE_NAME = "[link=x]markup.py"
"""The rule set's file, named in markup too (a file name cannot hold ``/``, so no ``[/]``)."""
OUT = "[bold red]out"
"""The directory the commands that write files write into."""
HOLDS = "[g] != [0]"
"""A conjecture typed on the command line, in brackets too (rich took ``[g]`` for a style)."""

ARGS: dict[str, tuple[str, list[str], str]] = {
    "analyze": ("MarkupTitle", ["analyze", "3 1 2"], ""),
    "table": ("MarkupTitle", ["table", "-w", "1", "-a", "1..2", "-b", "1..2"], ""),
    "graph-table": (
        "MarkupTree",
        ["graph-table", "--family", "path", "--labels", "a 1 b", "-a", "1..2", "-b", "1..2"],
        "",
    ),
    "periodicity": ("MarkupTitle", ["periodicity", "-w", "", "--a", "1..2", "-b", "1..8"], ""),
    "atlas periodicity": (
        "MarkupTitle",
        ["atlas", "periodicity", "{out}/[b]atlas.csv", "--rows", "2", "--cols", "8"]
        + ["--short-piles", "1", "--long-piles", "0"],
        "",
    ),
    "sweep": ("MarkupTitle", ["sweep", "-L", "2", "-H", "2", "-o", "{out}/sweep"], ""),
    "sweep-query": ("MarkupTitle", ["sweep-query", "{out}/queried", "p"], ""),
    "quotient": ("MarkupTitle", ["quotient", "--positions", "1 1, 2"], ""),
    "conjecture": ("MarkupTitle", ["conjecture", "--holds", HOLDS, "-L", "2", "-H", "2"], ""),
    "value": ("MarkupPartizan", ["value", "3 1 2"], ""),
    "phase": ("MarkupPartizan", ["phase", "--size", "3", "2", "1"], ""),
    "play": ("MarkupTitle", ["play", "3", "1", "2"], "hint\nmoves\n[/]L1\nL0\nhelp\nquit\n"),
    "check-rules": ("MarkupTitle", ["check-rules", "{rules}", "--max-piles", "2"], ""),
    "rules-info": ("MarkupTitle", ["rules-info", "{rules}"], ""),
}
"""Each command: the class of markup.py it runs, its arguments (``{rules}``: the rule set's
``FILE.py:Class`` where it is an argument, else ``--rules`` is added; ``{out}``: the directory
to write into) and what it reads from standard input."""
BEFORE = {"sweep-query": ["sweep", "-L", "2", "-H", "2", "-o", "{out}/queried"]}
"""What a command needs run first (each test stands alone, whatever runs the others)."""
LEFT_OUT = {
    "serve": "the web page, not rich: it sets every text as text (web/static has no innerHTML); "
    "tests/conformance/test_served_rules.py serves the gallery"
}

TITLED = {"analyze", "table", "graph-table", "quotient", "value", "play", "rules-info"}
"""Commands that print the rule set's title: it must be there as written."""
NAMED = {"sweep", "sweep-query", "conjecture", "check-rules"}
"""Commands that print the rule set's name instead."""
NAMES = {
    "MarkupTitle": "markup-[bold red]x[/]",
    "MarkupPartizan": "markup-partizan-[bold red]x[/]",
    "MarkupTree": "markup-tree-[bold red]x[/]",
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder for the module: the rule set's file (one path, so each class is registered
    once in this process) and the directory the commands write into."""
    root = tmp_path_factory.mktemp("markup")
    shutil.copy(GALLERY, root / FILE_NAME)
    (root / OUT).mkdir()
    return root


def test_every_command_taking_a_rule_set_is_run_here() -> None:
    commands = commands_taking_rules()
    assert commands == set(ARGS) | set(LEFT_OUT), (
        "a command takes a rule set and is not run on the hostile texts of "
        f"tests/rules_gallery/markup.py (give it its arguments in ARGS): "
        f"{sorted(commands ^ (set(ARGS) | set(LEFT_OUT)))}"
    )


def _run(args: list[str], spec: str, out: str, stdin: str) -> tuple[list[str], Result]:
    line = [a.replace("{rules}", spec).replace("{out}", out) for a in args]
    if "{rules}" not in args:
        line += ["--rules", spec]
    return line, CliRunner().invoke(cli, line, input=stdin, catch_exceptions=True)


@pytest.mark.parametrize("command", list(ARGS))
def test_a_rule_sets_texts_are_printed_as_written(command: str, folder: Path) -> None:
    name, args, stdin = ARGS[command]
    spec = f"{folder / FILE_NAME}:{name}"
    out = str(folder / OUT)
    if command in BEFORE:
        _, made = _run(BEFORE[command], spec, out, "")
        assert made.exit_code == 0, made.output
    line, result = _run(args, spec, out, stdin)
    error = result.exception
    if isinstance(error, SystemExit):
        error = None
    shown = f"`endnim {' '.join(line)}`:\n{result.stdout}\n{result.stderr}"
    if error is not None:  # a refusal is one line of endnim's; anything else is a bug
        assert isinstance(error, EndNimError | click.ClickException), "".join(
            traceback.format_exception(error)
        )
        assert len(str(error).strip().splitlines()) == 1, str(error)
    assert result.exit_code in (0, 1, 2), shown  # 1: a conjecture that fails, 2: a refusal
    assert "MarkupError" not in result.output and "Traceback" not in result.output, shown
    if command in TITLED:
        assert MARKUP in result.stdout, shown
    if command in NAMED:
        assert NAMES[name] in result.stdout, shown
    if command == "conjecture":  # the statement as typed
        assert re.search(rf"^conjecture +{re.escape(HOLDS)}$", result.stdout, re.M), shown
    if command == "check-rules":  # its report names the file
        assert f"({FILE_NAME}:{name})" in result.stdout, shown
    if command in ("sweep", "atlas periodicity"):  # the directory written is named as it is
        assert f"{OUT}/" in result.stdout, shown
