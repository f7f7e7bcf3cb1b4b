"""The conformance matrix (issue 39, item 2): every rule set of examples/ and of the tests'
gallery, grouped by kind (tests/conformance/gallery.py), × every command that takes a rule set
(``--rules``, or its ``FILE.py:Class`` as an argument) × the surfaces: the command line, the
API under ``serve --rules`` (tests/conformance/test_served_rules.py) and the notebook reprs.

Each cell is a right answer, checked against the brute force written in the gallery for small
positions, or a one-line refusal naming why; never an internal error. A command that takes a
rule set and has no column here, or a rule set of a kind not in :data:`KINDS`, fails the test.

The command line runs in this process (click's runner on ``endnim.cli.cli``: the code a
supervised worker runs, without starting one per cell), so the matrix costs seconds; the
subprocess path is checked by the tests of each command and by test_own_partizan.py. The
larger cross product is the ``long`` test at the end (scripts/fuzz.sh runs it).
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from conformance.brute import Row
from conformance.gallery import (
    ENTRIES,
    EXAMPLES,
    GALLERY,
    KINDS,
    LEFT_TO_THEIR_OWN_TESTS,
    Entry,
    rows,
)
from endnim.cli import cli
from endnim.engine.served import compiled_path
from endnim.errors import EndNimError
from endnim.graphs.base import GraphRuleSet
from endnim.indexed import serves
from endnim.ruleset import RuleSet
from endnim.variants import Variant, load_rules
from tests.cli_in_process import commands_taking_rules


# ---------------------------------------------------------------------- running a cell
class Cell:
    """One command line's result: its exit code, output, and the refusal line if it refused."""

    def __init__(self, args: list[str], stdin: str | None = None) -> None:
        self.args = args
        result = CliRunner().invoke(
            cli, args, input=stdin, catch_exceptions=True, standalone_mode=False
        )
        self.code = result.exit_code
        self.out = result.stdout
        self.error = result.exception
        if isinstance(self.error, SystemExit):
            self.error = None
        if self.error is not None and not isinstance(
            self.error, EndNimError | click.ClickException
        ):
            raise AssertionError(
                f"internal error in `endnim {' '.join(args)}`: "
                f"{type(self.error).__name__}: {self.error}"
            ) from self.error

    @property
    def refused(self) -> bool:
        return self.error is not None or self.code != 0

    def refusal(self) -> str:
        """The refusal's one line (what ``endnim`` prints after ``endnim: error:``)."""
        if self.error is None:
            return f"exit status {self.code}"
        text = (
            self.error.format_message()
            if isinstance(self.error, click.ClickException)
            else str(self.error)
        )
        lines = [line for line in text.strip().splitlines() if line.strip()]
        assert len(lines) == 1, f"`endnim {' '.join(self.args)}` refused in {len(lines)} lines"
        return lines[0]

    def json(self) -> Any:
        assert not self.refused, self.refusal()
        return json.loads(self.out)


def refused_or(cell: Cell, check: Callable[[Cell], None], why: str = "") -> None:
    """The cell refused in one line (naming ``why`` when given), or ``check`` holds."""
    if cell.refused:
        line = cell.refusal()
        assert why.lower() in line.lower(), line
        return
    check(cell)


def must_refuse(cell: Cell) -> None:
    assert cell.refused, f"`endnim {' '.join(cell.args)}` answered a game that never ends"
    cell.refusal()


def expand(moves: list[str]) -> set[str]:
    """Winning moves as single moves (``L2..4`` is L2, L3, L4)."""
    found: set[str] = set()
    for move in moves:
        match = re.fullmatch(r"([LR])(\d+)\.\.(\d+)(r?)", move)
        if match:
            end, low, high, reverse = match.groups()
            found.update(f"{end}{n}{reverse}" for n in range(int(low), int(high) + 1))
        else:
            found.add(move)
    return found


def text(row: Row, entry: Entry) -> str:
    return " + ".join(map(str, row)) if "octal" in entry.spec else " ".join(map(str, row))


def graph_move(move: str, row: Row) -> str:
    """A tree move ``v=s`` on the path ``row`` as the row move it is (``L s`` or ``R s``)."""
    vertex, size = move.split("=")
    return f"{'L' if int(vertex) == 0 else 'R'}{size}"


def check_analysis(answer: dict[str, Any], row: Row, entry: Entry) -> None:
    """One ``analyze --json`` answer against the brute force."""
    model = entry.model
    assert model is not None
    key = row if "octal" not in entry.spec else tuple(sorted(row))
    assert answer["outcome"] == model.outcome(key), (entry.name, row, answer)
    if model.impartial:
        assert answer["grundy"] == model.grundy(key), (entry.name, row)
    moves = answer["winning_moves"]
    if entry.kind == "graph" and not entry.vertex_moves:
        moves = [graph_move(m, row) for m in moves]
    if "octal" in entry.spec:  # moves named by heap and take; one per resulting position
        assert len(moves) == len(model.winning_moves(key)), (entry.name, row, moves)
    else:
        assert expand(moves) == model.winning_moves(key), (entry.name, row, moves)
    if not model.impartial:
        for name, (side, classes) in {
            "L_star": ("L", "LN"),
            "R_star": ("R", "RN"),
            "L_threshold": ("L", "L"),
            "R_threshold": ("R", "R"),
        }.items():
            least = next(
                (
                    x
                    for x in range(1, 33)
                    if model.outcome((x, *row) if side == "L" else (*row, x)) in classes
                ),
                None,
            )
            got = answer[name]
            assert got == least or (least is None and (got is None or got > 32)), (row, name)


# ---------------------------------------------------------------------- the columns
def size_of(entry: Entry) -> tuple[str, str]:
    """The longest row and the largest pile of ``entry``'s positions (a sweep of them all)."""
    return str(max(map(len, entry.positions))), str(max(max(r) for r in entry.positions))


def col_analyze(entry: Entry, tmp: Path) -> None:
    cell = Cell(["analyze", "--rules", entry.spec, "--json", entry.one])
    if entry.model is None:
        return must_refuse(cell)
    row = tuple(int(p) for p in entry.one.split())
    check_analysis(cell.json(), row, entry)


def col_analyze_batch(entry: Entry, tmp: Path) -> None:
    lines = tmp / "positions.txt"
    lines.write_text("".join(text(row, entry) + "\n" for row in entry.positions))
    cell = Cell(["analyze", "--rules", entry.spec, "--json", "--batch", str(lines)])
    if entry.model is None:
        # a batch answers line by line: each line of a game that never ends is its own refusal
        if not cell.refused:
            for line in cell.out.splitlines():
                assert "error" in json.loads(line), line
        else:
            cell.refusal()
        return
    answers = [json.loads(line) for line in cell.out.splitlines()]
    assert len(answers) == len(entry.positions), cell.out[-500:]
    for row, answer in zip(entry.positions, answers, strict=True):
        check_analysis(answer, row, entry)


def col_value(entry: Entry, tmp: Path) -> None:
    cell = Cell(["value", "--rules", entry.spec, "--json", entry.one])
    if entry.model is None:
        return must_refuse(cell)
    if entry.model.impartial:  # canonical forms are for partizan games: refused, or *G
        return refused_or(cell, lambda c: None, "impartial")
    row = tuple(int(p) for p in entry.one.split())
    assert cell.json()["outcome"] == entry.model.outcome(row)


def col_play(entry: Entry, tmp: Path) -> None:
    if entry.model is None:  # play reports the fault at the first move and goes on
        cell = Cell(["play", "--rules", entry.spec, entry.one], stdin="L0\nquit\n")
        if not cell.refused:
            assert re.search(r"must end|must not repeat", " ".join(cell.out.split())), cell.out
        return
    row = tuple(int(p) for p in entry.one.split())
    key = row if "octal" not in entry.spec else tuple(sorted(row))
    winning = sorted(
        m for m in entry.model.winning_moves(key) if entry.model.impartial or m[:1] == "L"
    )
    if "octal" in entry.spec or entry.kind == "graph" or not winning:
        cell = Cell(["play", "--rules", entry.spec, entry.one], stdin="quit\n")
        assert not cell.refused, cell.refusal()
        return
    cell = Cell(["play", "--rules", entry.spec, entry.one], stdin=f"{winning[0]}\nquit\n")
    assert not cell.refused, cell.refusal()
    assert "keeps the win" in cell.out, cell.out[-800:]


def col_table(entry: Entry, tmp: Path) -> None:
    cell = Cell(
        ["table", "--rules", entry.spec, "-w", "1", "-a", "1..3", "-b", "1..3", "-f", "json"]
    )
    if entry.model is None or entry.kind in ("impartial, search only", "graph"):
        return refused_or(cell, lambda c: _check_table(c, entry))
    _check_table(cell, entry)


def _check_table(cell: Cell, entry: Entry) -> None:
    model = entry.model
    assert model is not None, "a game that never ends was tabled"
    table = cell.json()
    for i, a in enumerate(table["rows"]):
        for j, b in enumerate(table["cols"]):
            row = tuple(p for p in (a, 1, b) if p)
            want = model.grundy(row) if model.impartial else model.outcome(row)
            assert table["values"][i][j] == want, (entry.name, a, b)


def _periodic(values: list[Any], preperiod: int, period: int, saltus: int) -> bool:
    """v(b + period) = v(b) + saltus for every b >= preperiod + 1 the values reach."""
    start = max(preperiod, 0)
    for b in range(start, len(values) - period):
        later, now = values[b + period], values[b]
        if isinstance(now, int) and later != now + saltus:
            return False
        if not isinstance(now, int) and later != now:
            return False
    return True


def _row_values(entry: Entry, a: int, middle: Row, cols: int) -> list[Any]:
    model = entry.model
    assert model is not None
    values = []
    for b in range(1, cols + 1):
        row = (a, *middle, b)
        values.append(model.grundy(row) if model.impartial else model.outcome(row))
    return values


def col_periodicity(entry: Entry, tmp: Path) -> None:
    cell = Cell(
        ["periodicity", "--rules", entry.spec, "-w", "", "--a", "1..2", "-b", "1..16", "--json"]
    )
    if entry.model is None or entry.kind in ("impartial, search only", "graph"):
        return refused_or(cell, lambda c: pytest.fail("answered"))
    for row in cell.json()["rows"]:
        if row["period"] is None:
            continue
        values = _row_values(entry, row["a"], (), 16)
        assert _periodic(values, row["preperiod"], row["period"], row["saltus"] or 0), row


def col_atlas_periodicity(entry: Entry, tmp: Path) -> None:
    out = tmp / "atlas.csv"
    cell = Cell(
        ["atlas", "periodicity", str(out), "--rules", entry.spec, "--rows", "2", "--cols", "16"]
        + ["--short-piles", "1", "--long-piles", "0"]
    )
    if (
        entry.model is None
        or not entry.model.impartial
        or entry.kind
        in (
            "impartial, search only",
            "graph",
        )
    ):  # the periodicity atlas is of Grundy values, of rows
        return refused_or(cell, lambda c: pytest.fail("answered"))
    assert not cell.refused, cell.refusal()
    with out.open() as handle:
        found = list(csv.DictReader(handle))
    assert found
    for line in found:
        if line["periodic"] != "True":
            continue
        middle = tuple(json.loads(line["middle"]))
        values = _row_values(entry, int(line["a"]), middle, 16)
        saltus = int(line["saltus"] or 0)
        assert _periodic(values, int(line["preperiod"]), int(line["period"]), saltus), line


def col_sweep(entry: Entry, tmp: Path) -> None:
    store = tmp / "sweep"
    length, pile = size_of(entry)
    cell = Cell(
        ["sweep", "--rules", entry.spec, "-L", length, "-H", pile, "-o", str(store), "--json"]
    )
    if entry.model is None or entry.kind in ("impartial, search only", "graph"):
        return refused_or(cell, lambda c: pytest.fail("answered"))
    assert not cell.refused, cell.refusal()
    summary = json.loads(cell.out.splitlines()[-1])
    outcomes = [entry.model.outcome(row) for row in entry.positions]
    assert summary["positions"] == len(entry.positions)
    assert summary["p_positions"] == outcomes.count("P")
    if not entry.model.impartial:
        assert summary["outcomes"] == {k: outcomes.count(k) for k in "PLRN"}


def col_sweep_query(entry: Entry, tmp: Path) -> None:
    store = tmp / "sweep-q"
    length, pile = size_of(entry)
    made = Cell(["sweep", "--rules", entry.spec, "-L", length, "-H", pile, "-o", str(store)])
    if made.refused:
        made.refusal()
        assert entry.model is None or entry.kind in ("impartial, search only", "graph")
        return
    assert entry.model is not None
    cell = Cell(["sweep-query", "--rules", entry.spec, str(store), "p", "--json", "--limit", "0"])
    want = [entry.model.outcome(row) for row in entry.positions].count("P")
    assert cell.json()["count"] == want
    if not entry.model.impartial:
        cell = Cell(["sweep-query", "--rules", entry.spec, str(store), "outcome", "L", "--json"])
        want = [entry.model.outcome(row) for row in entry.positions].count("L")
        assert cell.json()["count"] == want


def col_quotient(entry: Entry, tmp: Path) -> None:
    positions = "1..5" if "octal" in entry.spec else "1 1, 2, 1 2, 2 1 1, 3"
    cell = Cell(["quotient", "--rules", entry.spec, "--positions", positions, "--json"])
    if entry.model is None or not entry.model.impartial:
        return must_refuse(cell)
    if cell.refused:  # a closure too large or a rule set the quotient does not take
        cell.refusal()
        return
    answer = cell.json()
    if entry.kind == "graph":  # positions are graphs: the row brute force does not name them
        assert answer["order"] >= 1
        return
    for position, element in answer["element_of"].items():
        parts = tuple(
            sorted(
                tuple(int(p) for p in part.split()) for part in position.split("+") if part.strip()
            )
        )
        if "octal" in entry.spec:
            parts = tuple(sorted((tuple(sorted(sum(parts, ()))),))) if parts else ()
            parts = tuple(sorted((h,) for h in sum(parts, ()) if h))
        parts = tuple(p for p in parts if p and p != (0,))
        p_position = element in answer["p_portion"]
        assert p_position == (not entry.model.misere_wins(parts)), (position, element)


def col_conjecture(entry: Entry, tmp: Path) -> None:
    model = entry.model
    holds = "g != 0" if model is None or model.impartial else "g != 'L'"
    cell = Cell(
        ["conjecture", "--rules", entry.spec, "--holds", holds, "-L", "2", "-H", size_of(entry)[1]]
        + ["--json"]
    )
    refusable = model is None or entry.kind in ("impartial, search only", "graph")
    if refusable and (cell.error is not None or not cell.out.strip()):
        return refused_or(cell, lambda c: None)
    assert model is not None and cell.error is None and cell.code in (0, 1)  # 1: it fails
    answer = json.loads(cell.out)
    positions = [row for row in entry.positions if len(row) <= 2]
    assert answer["positions"] == len(positions)
    if model.impartial:
        failing = sum(model.grundy(row) == 0 for row in positions)
    else:
        failing = sum(model.outcome(row) == "L" for row in positions)
    assert answer["counterexamples"] == failing
    assert answer["holds"] is (failing == 0) and cell.code == (failing != 0)


def col_check_rules(entry: Entry, tmp: Path) -> None:
    args = ["check-rules", entry.spec, "--json"]
    if "octal" in entry.spec:
        args += ["--start", "5", "--start", "2 3"]
    elif entry.kind == "graph":
        args += ["--start", "3 1 2"]
    cell = Cell(args)
    if entry.model is None:
        assert cell.code == 1 and not json.loads(cell.out)["ok"], cell.out
        return
    report = json.loads(cell.out)
    assert cell.code == 0 and report["ok"], report


def col_rules_info(entry: Entry, tmp: Path) -> None:
    cell = Cell(["rules-info", "--json", entry.spec])
    if entry.model is None:  # it may say what serves the rules, or refuse them in one line
        return refused_or(cell, lambda c: None)
    answer = cell.json()
    compiled = answer["compiled"]
    if entry.kind == "impartial row, compiled engine":
        assert compiled["path"] in ("engine", "restricted takes")
    elif entry.kind.startswith("partizan row") and compiled["path"] != "none":
        assert compiled["family"] == "partizan"  # a TOML twin: compiled onto the engine
    else:
        assert compiled["path"] == "none" and (compiled["hook"] is None) == (
            entry.kind in ("impartial, search only", "graph")
        )
    assert answer["indexed_search"] is (entry.kind == "impartial row, indexed search")
    if entry.kind == "graph":  # each changes its game's moves: the game's split is not its own
        assert answer["splits"]["parts"] is False and answer["splits"]["not_proved_after"]
    if entry.name == "OddLoneLeft":
        assert compiled["hook"] == "ends"


def col_graph_table(entry: Entry, tmp: Path) -> None:
    cell = Cell(
        ["graph-table", "--rules", entry.spec, "--family", "path", "--labels", "a 1 b"]
        + ["-a", "1..2", "-b", "1..2", "-f", "json"]
    )
    if entry.kind != "graph":
        return must_refuse(cell)
    _check_table(cell, entry)


def col_phase(entry: Entry, tmp: Path) -> None:
    cell = Cell(["phase", "--rules", entry.spec, "--json", "--size", "4", "2", "1"])
    if entry.model is None or entry.model.impartial or entry.kind == "graph":
        return must_refuse(cell)
    answer = cell.json()
    assert answer["triple_point"] is None  # Albert–Nowakowski's, of their game only
    for a in range(1, 5):
        for b in range(1, 5):
            assert answer["grid"][a - 1][b - 1] == entry.model.outcome((a, 2, 1, b)), (a, b)


def col_serve(entry: Entry, tmp: Path) -> None:
    """``serve --rules`` (every rule set at once) is the column of test_served_rules.py."""


COLUMNS: dict[str, Callable[[Entry, Path], None]] = {
    "analyze": col_analyze,
    "analyze --batch": col_analyze_batch,
    "value": col_value,
    "play": col_play,
    "table": col_table,
    "periodicity": col_periodicity,
    "atlas periodicity": col_atlas_periodicity,
    "sweep": col_sweep,
    "sweep-query": col_sweep_query,
    "quotient": col_quotient,
    "conjecture": col_conjecture,
    "check-rules": col_check_rules,
    "rules-info": col_rules_info,
    "graph-table": col_graph_table,
    "phase": col_phase,
    "serve": col_serve,
}


# ---------------------------------------------------------------------- the matrix's frame
def kind_of(rules: RuleSet[Any, Any], entry: Entry) -> str:
    """The kind of ``rules``, from what endnim says of it (and the brute force's all-small)."""
    if entry.model is None:
        return "loopy or never terminal"
    if isinstance(rules, GraphRuleSet):
        return "graph"
    if not isinstance(rules, Variant):
        return "impartial, search only" if rules.impartial else "partizan, search only"
    if rules.impartial:
        if compiled_path(rules).path != "none":
            return "impartial row, compiled engine"
        return "impartial row, indexed search" if serves(rules) else "impartial row, search only"
    small = entry.model.all_small(entry.positions)
    return f"partizan row, {'all-small' if small else 'not all-small'}"


def test_every_command_taking_a_rule_set_is_a_column() -> None:
    commands = commands_taking_rules()
    assert commands | {"analyze --batch"} == set(COLUMNS), (
        "a command takes a rule set but has no column in the conformance matrix (or a column "
        f"has no command): {sorted(commands ^ (set(COLUMNS) - {'analyze --batch'}))}"
    )


def test_every_rule_set_of_the_examples_and_the_gallery_is_in_the_matrix() -> None:
    defined: set[str] = set()
    for folder in (EXAMPLES, GALLERY):
        for path in sorted(folder.glob("*.py")):
            for match in re.finditer(
                r"^class (\w+)\((\w*(?:Variant|RuleSet|Tree|Octal|_Base)\w*)",
                path.read_text(),
                re.M,
            ):
                if not match.group(1).startswith("_"):
                    defined.add(f"{path.name}:{match.group(1)}")
    defined |= {path.name for path in EXAMPLES.glob("*.toml")}  # rule sets written as data
    covered = {
        e.name if e.spec.endswith(".toml") else f"{Path(e.spec.rsplit(':', 1)[0]).name}:{e.name}"
        for e in ENTRIES
    }
    left = {key for key in defined - covered if key not in LEFT_TO_THEIR_OWN_TESTS}
    left = {key for key in left if f"{key.split(':')[0]}:*" not in LEFT_TO_THEIR_OWN_TESTS}
    assert len(defined) > len(LEFT_TO_THEIR_OWN_TESTS)
    assert not left, f"rule sets in no cell of the conformance matrix: {sorted(left)}"


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_each_rule_set_is_of_a_kind_the_matrix_knows(entry: Entry) -> None:
    rules = load_rules(entry.spec)
    assert kind_of(rules, entry) == entry.kind
    assert entry.kind in KINDS
    assert {e.kind for e in ENTRIES} == set(KINDS), "a kind of the matrix has no rule set"


@pytest.mark.parametrize("column", sorted(COLUMNS))
@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_cell(entry: Entry, column: str, tmp_path: Path) -> None:
    """One cell: a right answer, or a one-line refusal; never an internal error."""
    COLUMNS[column](entry, tmp_path)


def test_the_notebook_reprs_of_each_rule_set(tmp_path: Path) -> None:
    """``analyze(...)`` shows itself in a notebook (``_repr_html_``) with the brute force's
    outcome; a game that never ends is refused in one line."""
    from endnim import analyze

    for entry in ENTRIES:
        rules = load_rules(entry.spec)
        if entry.model is None:
            with pytest.raises(EndNimError) as refused:
                analyze(entry.one, rules)
            assert len(str(refused.value).splitlines()) == 1
            continue
        html = analyze(entry.one, rules)._repr_html_()
        row = tuple(int(p) for p in entry.one.split())
        key = row if "octal" not in entry.spec else tuple(sorted(row))
        assert entry.model.outcome(key) in html, entry.name


LONG_ENTRIES = [
    Entry(e.spec, e.kind, e.model, positions=rows(4, 4), one="4 1 3 2")
    if e.kind.startswith(("impartial row", "partizan row"))
    else e
    for e in ENTRIES
]


@pytest.mark.long
@pytest.mark.parametrize("column", sorted(COLUMNS))
@pytest.mark.parametrize("entry", LONG_ENTRIES, ids=lambda e: e.name)
def test_cell_at_larger_sizes(entry: Entry, column: str, tmp_path: Path) -> None:
    """The whole matrix on every row of up to 4 piles of up to 4 (scripts/fuzz.sh)."""
    COLUMNS[column](entry, tmp_path)
