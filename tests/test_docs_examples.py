"""Every ``>>>`` example in README.md and docs/*.md runs, from the repository's root."""

from __future__ import annotations

import doctest
import os
import re
import shlex
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from endnim.variants import all_variants, unregister_variant

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])


@pytest.fixture(autouse=True)
def _registry_restored() -> Iterator[None]:
    """Rule sets a page registers (the tutorial loads its examples) are removed afterwards."""
    before = {v.name for v in all_variants()}
    yield
    for rules in all_variants():
        if rules.name not in before:
            unregister_variant(rules.name)


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_examples_run(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(
        str(path),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        verbose=False,
        report=True,
    )
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {path}"


def test_docs_have_examples() -> None:
    attempted = sum(
        doctest.DocTestParser().get_examples(p.read_text(encoding="utf-8")).__len__() for p in DOCS
    )
    assert attempted >= 25
    assert os.path.exists(ROOT / "docs" / "your-own-variant.md")


def test_readme_variant_table_is_the_registry() -> None:
    from endnim.graphs import GRAPH_RULE_SETS
    from endnim.variants import BUILT_IN, get_variant
    from endnim.variants.registry import markdown_table

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert markdown_table(tuple(get_variant(cls.name) for cls in BUILT_IN)) in readme
    assert markdown_table(tuple(get_variant(cls.name) for cls in GRAPH_RULE_SETS)) in readme


def test_cgt_game_imports_no_operator_module() -> None:
    """The Game type does not import the modules that import it (no cycle), not even for
    type checking (Relation lives in game.py since issue 20)."""
    source = (ROOT / "src" / "endnim" / "cgt" / "game.py").read_text(encoding="utf-8")
    for module in ("arithmetic", "order", "notation", "canonical"):
        assert f"from endnim.cgt.{module} import" not in source


# --------------------------------------------------------------------------- `$` examples
def console_examples(path: Path) -> list[tuple[int, str, str]]:
    """Each ``$ endnim ...`` line of a code block whose output is shown: (line, command,
    shown output). ``...`` in the output stands for lines left out (doctest's ELLIPSIS)."""
    found = []
    for first, lines in _shell_blocks(path.read_text(encoding="utf-8")):
        i = 0
        while i < len(lines):
            if not lines[i].startswith("$ "):
                i += 1
                continue
            j = i + 1
            while j < len(lines) and not lines[j].startswith("$ "):
                j += 1
            command = re.sub(r"\s{2,}#.*$", "", lines[i][2:]).strip()
            shown = "\n".join(lines[i + 1 : j]).strip()
            if shown and command.startswith("endnim ") and INTERRUPTED not in shown.split():
                found.append((first + i, command, shown))
            i = j
    return found


INTERRUPTED = "^C"
"""An example that shows a run interrupted (Ctrl-C) tells a story; it is not run."""


def _shell_blocks(text: str) -> list[tuple[int, list[str]]]:
    """The fenced blocks marked console, shell, bash or sh (or not marked): (the line number of
    their first line, their lines). Fences are paired in order: a closing fence is never taken
    for an opening one (a regular expression over the text did, after a ```python block, and
    skipped the page's later examples)."""
    blocks = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        opening = re.match(r"^\s*```\s*(\S*)\s*$", lines[i])
        if opening is None:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and not re.match(r"^\s*```\s*$", lines[j]):
            j += 1
        if opening.group(1) in ("", "console", "shell", "bash", "sh"):
            blocks.append((i + 2, lines[i + 1 : j]))
        i = j + 1
    return blocks


TABLE_LINE = re.compile(r"^[┏┃┡│├└╭╰]|^\.\.\.$")
"""A line of a rich table (or ``...``): a page may abridge a table's cells, so only the lines
outside the table are compared for an example that shows one."""

CONSOLE_EXAMPLES = [
    pytest.param(path, line, command, shown, id=f"{path.name}:{line}")
    for path in DOCS
    for line, command, shown in console_examples(path)
]


WRITES = ("--prove", "--check")
"""Examples that write certificates (or read what one wrote) run in a scratch folder beside the
repository's examples/, never in the repository."""


def printed(path: Path, line: int, command: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """What the example's command prints: its standard output, or its standard error when it
    writes into a file (``> FILE``, run in a scratch folder). A command that checks a
    certificate runs after the page's commands that prove one (which write it)."""
    from click.testing import CliRunner

    from endnim.cli import cli

    words = shlex.split(command)[1:]
    redirected = ">" in words
    with tempfile.TemporaryDirectory() as folder:
        if redirected:
            words = words[: words.index(">")]
            monkeypatch.chdir(folder)
        elif any(word in WRITES for word in words):
            (Path(folder) / "examples").symlink_to(ROOT / "examples")
            monkeypatch.chdir(folder)
            if "--check" in words:
                for _, _, before, _ in (e.values for e in CONSOLE_EXAMPLES if e.values[0] == path):
                    if "--prove" in before and " --rules " not in before:
                        CliRunner().invoke(cli, shlex.split(before)[1:])
        else:
            monkeypatch.chdir(ROOT)
        result = CliRunner().invoke(cli, words, env={"COLUMNS": "120"})
    assert result.exit_code == 0, f"{path.name}:{line}: {result.output}"
    return str(result.stderr if redirected else result.output)  # '> file' keeps stderr


@pytest.mark.parametrize(("path", "line", "command", "shown"), CONSOLE_EXAMPLES)
def test_console_examples_print_what_the_docs_show(
    path: Path, line: int, command: str, shown: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The output a page shows under ``$ endnim ...`` is what the command prints today
    (column alignment aside; ``...`` for lines left out), and it breaks lines where the page
    does: output to a pipe or a file is never wrapped (issue 42: rich wrapped it at 80 columns,
    or at $COLUMNS, mid-sentence)."""
    got = printed(path, line, command, monkeypatch)
    checker = doctest.OutputChecker()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    if TABLE_LINE.match(shown):  # an abridged table: the lines around it, in order
        shown = "...\n" + "\n...\n".join(
            text for text in shown.splitlines() if not TABLE_LINE.match(text.strip() or "│")
        )
    assert checker.check_output(shown + "\n", got, flags), (
        f"{path.name}:{line}: `$ {command}` prints\n{got}\nbut the page shows\n{shown}"
    )
    assert checker.check_output(_lines(shown), _lines(got), doctest.ELLIPSIS), (
        f"{path.name}:{line}: `$ {command}` breaks its lines elsewhere:\n{got}\nthan\n{shown}"
    )


def _lines(text: str) -> str:
    """The text's lines, each with its spaces collapsed (blank lines dropped): what is left
    when column alignment is set aside but not where the lines break."""
    return "".join(" ".join(line.split()) + "\n" for line in text.splitlines() if line.strip())


def test_the_console_examples_are_found() -> None:
    assert len(CONSOLE_EXAMPLES) >= 10


def test_the_files_the_examples_read_exist(monkeypatch: pytest.MonkeyPatch) -> None:
    """`$ endnim analyze --batch positions.txt` once named a file nobody had."""
    read = [
        (path.name, line, match.group(1))
        for path in DOCS
        for line, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if text.startswith("$ endnim ")
        for match in re.finditer(r"--batch\s+(\S+)", text)
    ]
    assert len(read) >= 2
    missing = [item for item in read if item[2] != "-" and not (ROOT / item[2]).is_file()]
    assert missing == []
    for path_name, line, name in read:
        if name == "-":
            continue
        command = ["analyze", "--json", "--batch", name]
        if path_name == "your-own-variant.md":
            command = [
                "analyze",
                "--rules",
                "examples/variants/capped.py:CappedEndNim",
                *command[1:],
            ]
        from click.testing import CliRunner

        from endnim.cli import cli

        monkeypatch.chdir(ROOT)
        result = CliRunner().invoke(cli, command)
        assert result.exit_code == 0, (path_name, line, result.output)
        assert len(result.output.splitlines()) == 5


def test_the_atlas_page_shows_the_proved_law_endnim_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/atlas.md showed row 1 of `periodicity --middle 4 --prove --json` with preperiod 1
    where endnim prints 6, rightly: G(1·4·b) for b = 0..7 is 5, 0, 1, 2, 3, 4, 6, 7, so the
    law v(b + 1) = v(b) + 1 starts at b = 6. (Its block follows a Python block, whose closing
    fence the `$` example reader takes for an opening one, so the example is checked here.)"""
    import json

    from click.testing import CliRunner

    from endnim.cli import cli

    page = (ROOT / "docs" / "atlas.md").read_text(encoding="utf-8")
    command = "$ endnim periodicity --middle 4 --a 1..32 --prove --json"
    lines = page[page.index(command) :].splitlines()
    shown = json.loads(lines[1])
    monkeypatch.chdir(tmp_path)  # --prove writes its certificate
    words = shlex.split(command)[2:]
    words[words.index("1..32")] = "1..2"
    result = CliRunner().invoke(cli, words)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output.splitlines()[0]) == shown
    assert shown["preperiod"] == 6
    from endnim.analyzer import analyze

    assert [analyze((1, 4, b) if b else (1, 4)).grundy for b in range(8)] == [
        5,
        0,
        1,
        2,
        3,
        4,
        6,
        7,
    ]


def test_the_readme_lists_every_guide() -> None:
    """The README's documentation list left out sums, misère play, your own variant, the
    notebook tour and the architecture."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    listing = readme[readme.index("## Documentation") :]
    listing = listing[: listing.index("\n## ", 1)] if "\n## " in listing[1:] else listing
    missing = [
        page.name
        for page in sorted((ROOT / "docs").glob("*.md"))
        if f"](docs/{page.name})" not in listing
    ]
    assert missing == []
